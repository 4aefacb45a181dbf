extension Braze.InAppMessage {
    /// Why a presenter is asked to drop its messages. Not frozen: switches need a default branch.
    public enum DismissalReason: String, Sendable, Hashable, Codable {
        /// `Braze.wipeData()` was called.
        case wipeData
        /// `Braze.changeUser(userId:)` switched to another user.
        case changeUser
    }
}
