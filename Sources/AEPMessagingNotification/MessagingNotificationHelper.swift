import Foundation
import InAppCore
import UserNotifications

/// AEPMessagingNotification's helper for a notification service extension: attaches the rich media named by the
/// payload's `adb_media` key, then hands the content on. Headless: only local file URLs are attached — nothing is
/// downloaded, so a remote (or missing, or malformed) URL is recorded as skipped and the content is handed on
/// without it. Every call is recorded in the trace (`push.messagingNotificationProcessed`).
public final class MessagingNotificationHelper: NSObject {
    /// The payload key holding the media URL.
    public static let mediaKey = "adb_media"

    /// Attaches the media of `content` (when it names a local file) and calls `contentHandler` with it, once.
    public static func processNotificationRequest(with content: UNMutableNotificationContent,
                                                  contentHandler: @escaping (UNNotificationContent) -> Void) {
        var details: [String: String] = [:]
        if let link = content.userInfo[mediaKey] as? String {
            if let url = URL(string: link), url.isFileURL, FileManager.default.fileExists(atPath: url.path),
               let made = try? UNNotificationAttachment(identifier: url.lastPathComponent, url: url) {
                content.attachments = [made]
                details["attachment"] = url.lastPathComponent
            } else {
                details["attachmentSkipped"] = link
            }
        }
        MessagingEnvironment.current.trace.record(.push, "messagingNotificationProcessed", details)
        contentHandler(content)
    }
}
