import Foundation

extension Braze.InAppMessage {
    /// How a message closes.
    public enum MessageClose: Sendable, Hashable, Codable {
        /// It stays until the user closes it (or the app dismisses it).
        case userInteraction
        /// It closes by itself after the given number of seconds on screen.
        case auto(TimeInterval)
    }
}
