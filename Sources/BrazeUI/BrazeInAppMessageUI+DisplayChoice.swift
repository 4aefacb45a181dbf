extension BrazeInAppMessageUI {
    /// What to do with a message about to be displayed.
    public enum DisplayChoice: Sendable, Hashable {
        /// Display it now.
        case now
        /// Don't display it; put it back on top of the stack (`presentNext()` offers it again).
        case reenqueue
        /// Drop it for good (its context is discarded).
        case discard

        /// The old name of `reenqueue`.
        @available(*, deprecated, renamed: "reenqueue")
        public static var later: Self { .reenqueue }
    }
}
