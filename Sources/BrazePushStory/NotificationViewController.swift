import Foundation
import InAppCore
import UIKit
import UserNotifications

/// One page of a push story.
public struct PushStoryPage: Hashable, Sendable {
    public var title: String?
    public var subtitle: String?
    public var image: URL?
    public var url: URL?
}

/// The content extension that shows Braze push stories (a notification with pages the user steps through).
/// Headless: `didReceive(_:)` reads the pages from the payload (`ab.p`, each with `title`, `subtitle`,
/// `image`, `url`); action responses step through them. Subclass it as your extension's principal class.
open class NotificationViewController: UIViewController {
    /// Identifiers of the story's actions.
    public static let nextActionIdentifier = "ab_push_story_next"
    public static let previousActionIdentifier = "ab_push_story_previous"

    /// The story's pages (empty for a notification that is not a push story).
    public private(set) var pages: [PushStoryPage] = []
    /// The page shown.
    public private(set) var currentPage = 0

    /// Reads the story from `notification`.
    open func didReceive(_ notification: UNNotification) {
        let ab = notification.request.content.userInfo["ab"] as? [AnyHashable: Any]
        let raw = ab?["p"] as? [[AnyHashable: Any]] ?? []
        pages = raw.map { page in
            PushStoryPage(title: page["title"] as? String, subtitle: page["subtitle"] as? String,
                          image: (page["image"] as? String).flatMap(URL.init(string:)),
                          url: (page["url"] as? String).flatMap(URL.init(string:)))
        }
        currentPage = 0
        MessagingEnvironment.current.trace.record(.push, "pushStoryReceived", ["pages": String(pages.count)])
    }

    /// Steps through the story on its actions; other actions (and a tap) finish the interaction.
    open func didReceive(_ response: UNNotificationResponse,
                         completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void) {
        switch response.actionIdentifier {
        case Self.nextActionIdentifier where !pages.isEmpty:
            currentPage = (currentPage + 1) % pages.count
            completion(.doNotDismiss)
        case Self.previousActionIdentifier where !pages.isEmpty:
            currentPage = (currentPage - 1 + pages.count) % pages.count
            completion(.doNotDismiss)
        default:
            completion(.dismissAndForwardAction)
        }
        MessagingEnvironment.current.trace.record(.push, "pushStoryAction", ["action": response.actionIdentifier,
                                                                            "page": String(currentPage)])
    }
}

#if canImport(UserNotificationsUI)
import UserNotificationsUI
#else
/// What a content extension does after handling an action (Apple's UserNotificationsUI, absent here).
public enum UNNotificationContentExtensionResponseOption: UInt, Sendable {
    case doNotDismiss = 0, dismiss = 1, dismissAndForwardAction = 2
}
#endif
