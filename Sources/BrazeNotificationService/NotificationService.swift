import Foundation
import InAppCore
import UserNotifications

/// Handles a Braze notification in a notification service extension: attaches its rich media (the payload's
/// `ab.att` with `url` and `type`) and records the delivery. Returns false for notifications that are not
/// Braze's (nothing is called). Headless: only local file URLs are attached — nothing is downloaded, so a remote
/// URL is recorded as skipped and the content is shown without it.
@discardableResult
public func brazeHandle(request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) -> Bool {
    let userInfo = request.content.userInfo
    guard let ab = userInfo["ab"] as? [AnyHashable: Any] else { return false }
    let trace = MessagingEnvironment.current.trace
    let content = request.content.mutableCopy() as? UNMutableNotificationContent ?? UNMutableNotificationContent()
    var details = ["identifier": request.identifier]
    if let campaign = ab["c"] as? String { details["campaign"] = campaign }
    if let attachment = ab["att"] as? [AnyHashable: Any], let link = attachment["url"] as? String {
        if let url = URL(string: link), url.isFileURL, FileManager.default.fileExists(atPath: url.path),
           let made = try? UNNotificationAttachment(identifier: "braze-attachment", url: url) {
            content.attachments = [made]
            details["attachment"] = url.lastPathComponent
        } else {
            details["attachmentSkipped"] = link
        }
    }
    trace.record(.push, "serviceExtensionHandled", details)
    contentHandler(content)
    return true
}

/// A notification service extension that hands Braze notifications to `brazeHandle(request:contentHandler:)`
/// and others to the base class. Subclass it as your extension's principal class.
open class NotificationService: UNNotificationServiceExtension, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: ((UNNotificationContent) -> Void, UNNotificationContent)?

    open override func didReceive(_ request: UNNotificationRequest,
                                  withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        lock.lock(); pending = (contentHandler, request.content); lock.unlock()
        let finish: (UNNotificationContent) -> Void = { [weak self] content in
            guard let self else { return }
            self.lock.lock(); let handler = self.pending?.0; self.pending = nil; self.lock.unlock()
            handler?(content)
        }
        if !brazeHandle(request: request, contentHandler: finish) {
            super.didReceive(request, withContentHandler: finish)
        }
    }

    /// Delivers the original content if the handling did not finish in time.
    open override func serviceExtensionTimeWillExpire() {
        lock.lock(); let current = pending; pending = nil; lock.unlock()
        if let (handler, content) = current { handler(content) }
    }
}
