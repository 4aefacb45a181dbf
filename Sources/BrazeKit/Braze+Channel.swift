extension Braze {
    /// The messaging channel a URL or event belongs to.
    public enum Channel: Int, Sendable, Hashable {
        case notification = 0
        case inAppMessage = 1
        case contentCard = 2
        case banner = 3
    }
}
