extension BrazeInAppMessageUI {
    /// Whether the status bar shows while a message is displayed.
    public enum StatusBarHideBehavior: Sendable, Hashable {
        /// As the message view prefers (full, full image in full-screen mode and HTML hide it), else shown.
        case auto
        /// Always hidden.
        case hidden
        /// Always shown.
        case visible
    }
}
