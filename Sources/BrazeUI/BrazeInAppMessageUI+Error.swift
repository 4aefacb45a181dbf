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

        /// For the `noContext…` errors: why nothing was logged and how to get analytics (recorded as the
        /// diagnostic's `fix` detail). As upstream, a message without a context (one the app made: an
        /// initializer, a mock, a JSON payload) is presented, but its impressions, clicks and click actions are
        /// not logged; only messages Braze delivers carry a context.
        var fixWithoutContext: String? {
            let what: String
            switch self {
            case .noContextLogImpression: what = "its impression was not logged"
            case .noContextLogClick: what = "its click was not logged"
            case .noContextProcessClickAction: what = "its click action was not carried out"
            default: return nil
            }
            return "the message has no Braze context (it was made in the app, not delivered by Braze), so \(what), "
                + "as on a device; deliver it through Braze instead: braze.startSession(campaigns: [.init(message: m, "
                + "triggers: [.customEvent(\"e\")])]) then braze.logCustomEvent(name: \"e\") "
                + "(or set m.data.context = .init(message: m, using: braze) before ui.present(message: m))"
        }
    }
}
