extension Braze.InAppMessage {
    /// How a header or body is aligned.
    public enum TextAlignment: String, Sendable, Hashable, Codable, CaseIterable {
        case leading, center, trailing
    }
}
