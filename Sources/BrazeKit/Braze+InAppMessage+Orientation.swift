import InAppCore

extension Braze.InAppMessage {
    /// The device orientations a message may be displayed in.
    public enum Orientation: String, Sendable, Hashable, Codable, CaseIterable {
        case any, portrait, landscape

        /// The core's equivalent.
        package var support: OrientationSupport {
            switch self {
            case .any: return .any
            case .portrait: return .portrait
            case .landscape: return .landscape
            }
        }
    }
}
