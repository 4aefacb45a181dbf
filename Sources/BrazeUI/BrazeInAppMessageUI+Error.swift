extension BrazeInAppMessageUI {
    /// Problems the UI reports (through the message context's `logError(flattened:)`, else the trace).
    public enum Error: Swift.Error, Hashable, Sendable {
        case noContextLogImpression
        case noContextLogClick
        case noContextProcessClickAction
        case invalidBrazeActions
        case invalidPushPrimer
        case rawToTypedConversion(String)
        case noMainThread
        case noMessageView
        case noAppRootViewController
        case noFontAwesome
        case noMatchingOrientation
        case noWindowScene
        case assetsFailure(String)
        case invalidConstraints
        case triggeredUserCurrentUserMismatch(messageId: String?, currentUser: String?, previousUser: String?)
        case otherMessagePresented(push: Bool)
        case messageContextInvalid
        case htmlNoBaseURL
        case htmlFileWrite(String)
        case webViewNavigation(String)
        case webViewScript(String)
        case webViewScheme(String)
        case webViewQuery(String)

        /// One-line form, as logged.
        public var flattened: String { String(describing: self) }
    }
}
