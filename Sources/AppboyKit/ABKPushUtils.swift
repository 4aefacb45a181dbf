import Foundation
import UserNotifications

/// Legacy helpers that classify push payloads (BrazeKitCompat's `ABKPushUtils`). Each answer is read from the
/// payload alone, so they need no started SDK: a payload is Braze's when its `ab` entry is a non-empty
/// dictionary; uninstall tracking is the top-level `appboy_uninstall_tracking` flag; a silent push is Braze's with
/// `aps.content-available` 1; a Push Story sets `ab.ab_carousel`; a content card rides in `ab.ab_cd`.
/// Flags accept what Objective-C's `boolValue` accepts (booleans, numbers, and strings such as "true" or "1").
open class ABKPushUtils: NSObject, @unchecked Sendable {
    /// Whether the notification the user answered came from Braze.
    open class func isAppboyUserNotification(_ response: UNNotificationResponse) -> Bool {
        isAppboyRemoteNotification(response.notification.request.content.userInfo)
    }

    /// Whether the remote-notification payload came from Braze.
    open class func isAppboyRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        guard let ab = userInfo[PayloadKey.braze] as? [AnyHashable: Any] else { return false }
        return !ab.isEmpty
    }

    /// Whether the payload is one Braze sends for its own bookkeeping (uninstall tracking), not for the user.
    @available(*, deprecated, message: "renamed to 'Braze.Notifications.isInternalNotification(_:)'")
    open class func isAppboyInternalRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        isUninstallTrackingRemoteNotification(userInfo)
    }

    /// Whether the notification the user answered is an uninstall-tracking push.
    open class func isUninstallTrackingUserNotification(_ response: UNNotificationResponse) -> Bool {
        isUninstallTrackingRemoteNotification(response.notification.request.content.userInfo)
    }

    /// Whether the payload is an uninstall-tracking push.
    open class func isUninstallTrackingRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        PayloadFlag.isSet(userInfo[PayloadKey.uninstallTracking])
    }

    /// Whether the payload is a silent (content-available) push from Braze.
    open class func isAppboySilentRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        guard isAppboyRemoteNotification(userInfo),
              let aps = userInfo[PayloadKey.aps] as? [AnyHashable: Any], !aps.isEmpty else { return false }
        return PayloadFlag.integer(aps[PayloadKey.contentAvailable]) == 1
    }

    /// Whether the payload is a Push Story.
    open class func isPushStoryRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        let ab = userInfo[PayloadKey.braze] as? [AnyHashable: Any]
        return PayloadFlag.isSet(ab?[PayloadKey.pushStory])
    }

    /// Whether the payload carries a content card.
    open class func notificationContainsContentCard(_ userInfo: [AnyHashable: Any]) -> Bool {
        let ab = userInfo[PayloadKey.braze] as? [AnyHashable: Any]
        return ab?[PayloadKey.contentCard] != nil
    }

    /// Whether the payload asks the SDK to fetch test triggers.
    @available(*, deprecated)
    open class func shouldFetchTestTriggersFlagContained(inPayload userInfo: [AnyHashable: Any]) -> Bool {
        PayloadFlag.isSet(userInfo[PayloadKey.fetchTestTriggers])
    }

    /// Braze's notification categories (the same four as `Braze.Notifications.categories`).
    @available(*, deprecated, message: "renamed to 'Braze.Notifications.categories'.")
    open class func getAppboyUNNotificationCategorySet() -> Set<UNNotificationCategory> {
        func category(_ id: String, _ actions: [(String, String, UNNotificationActionOptions)]) -> UNNotificationCategory {
            UNNotificationCategory(identifier: id,
                                   actions: actions.map { UNNotificationAction(identifier: $0.0, title: $0.1, options: $0.2) },
                                   intentIdentifiers: [], options: [])
        }
        return [
            category("ab_cat_accept_decline", [("ab_pb_accept", "Accept", [.foreground]), ("ab_pb_decline", "Decline", [])]),
            category("ab_cat_yes_no", [("ab_pb_yes", "Yes", [.foreground]), ("ab_pb_no", "No", [])]),
            category("ab_cat_confirm_cancel", [("ab_pb_confirm", "Confirm", [.foreground]), ("ab_pb_cancel", "Cancel", [])]),
            category("ab_cat_more", [("ab_pb_more", "More", [.foreground])]),
        ]
    }
}

/// The payload keys the classifiers read.
private enum PayloadKey {
    static let aps = "aps"
    static let contentAvailable = "content-available"
    static let braze = "ab"
    static let fetchTestTriggers = "ab_push_fetch_test_triggers_key"
    static let uninstallTracking = "appboy_uninstall_tracking"
    static let pushStory = "ab_carousel"
    static let contentCard = "ab_cd"
}

/// Reads payload flags the way Objective-C's `boolValue`/`intValue` read `NSNumber` and `NSString`.
enum PayloadFlag {
    static func isSet(_ value: Any?) -> Bool {
        switch value {
        case let b as Bool: return b
        case let n as NSNumber: return n.intValue != 0 || n.doubleValue != 0
        case let i as Int: return i != 0
        case let d as Double: return d != 0
        case let s as String:
            // NSString.boolValue: skip leading whitespace, then Y/y/T/t or a non-zero digit (after an optional sign/zeros).
            let trimmed = s.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard let first = trimmed.first else { return false }
            if "YyTt".contains(first) { return true }
            let digits = trimmed.drop { $0 == "+" || $0 == "-" }.drop { $0 == "0" }
            return digits.first.map { ("1"..."9").contains($0) } ?? false
        default: return false
        }
    }

    static func integer(_ value: Any?) -> Int {
        switch value {
        case let b as Bool: return b ? 1 : 0
        case let n as NSNumber: return n.intValue
        case let i as Int: return i
        case let s as String: return Int(s.trimmingCharacters(in: .whitespaces)) ?? 0
        default: return 0
        }
    }
}
