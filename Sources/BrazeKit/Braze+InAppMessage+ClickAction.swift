import Foundation

extension Braze.InAppMessage {
    /// What a click on a message or button does.
    public enum ClickAction: Sendable, Hashable, Codable {
        /// Open `url`, in an in-app web view when `useWebView` is true.
        case url(URL, useWebView: Bool)
        /// Nothing beyond logging the click and closing the message.
        case none

        /// The URL of a `.url` action.
        public var url: URL? {
            if case .url(let url, _) = self { return url }
            return nil
        }
    }
}
