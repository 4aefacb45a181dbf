import Foundation

/// The base class of notification service extensions: they may change a notification's content (add rich
/// media) before it is shown. Headless: a test creates the extension and calls `didReceive` itself.
open class UNNotificationServiceExtension: NSObject, @unchecked Sendable {
    public override init() { super.init() }
    /// Calls `contentHandler` with the content to show; the base class shows the request's content unchanged.
    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(request.content)
    }
    /// The system's deadline passed; deliver the best content so far.
    open func serviceExtensionTimeWillExpire() {}
}
