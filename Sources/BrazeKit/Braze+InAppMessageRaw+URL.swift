import Foundation

extension Braze.InAppMessageRaw {
    /// The URL of the click action (nil when the action opens nothing). Setting a URL keeps the action's
    /// `useWebView`; setting nil clears the action.
    public var url: URL? {
        get { clickAction.url }
        set {
            if let newValue {
                var useWebView = false
                if case .url(_, let w) = clickAction { useWebView = w }
                clickAction = .url(newValue, useWebView: useWebView)
            } else {
                clickAction = .none
            }
        }
    }
}
