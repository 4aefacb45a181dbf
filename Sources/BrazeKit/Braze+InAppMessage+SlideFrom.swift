extension Braze.InAppMessage {
    /// The edge a slideup enters from.
    public enum SlideFrom: String, Sendable, Hashable, Codable, CaseIterable {
        case top, bottom
    }
}
