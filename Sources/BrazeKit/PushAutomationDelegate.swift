import Foundation
import InAppCore
import UserNotifications

/// What push automation puts in front of the app's notification center delegate (upstream takes the delegate
/// over on a device): Braze's notifications are handled by the SDK (`willPresentNotification`,
/// `handleNotificationResponse`), then every callback goes on to the app's own delegate, which keeps its say
/// (its presentation options, its completion). Without an app delegate the SDK answers: a Braze notification in
/// the foreground is shown as a banner and in the list, others are not shown.
final class PushAutomationDelegate: UNUserNotificationCenterDelegate, @unchecked Sendable {
    private weak var notifications: Braze.Notifications?
    private let automation: Braze.Configuration.Push.Automation

    init(notifications: Braze.Notifications, automation: Braze.Configuration.Push.Automation) {
        self.notifications = notifications
        self.automation = automation
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        var handled = false
        if automation.willPresentNotification, let notifications {
            handled = notifications.handleForegroundNotification(notification: notification)
        }
        if let app = center.delegate {
            app.userNotificationCenter(center, willPresent: notification, withCompletionHandler: completionHandler)
        } else {
            completionHandler(handled ? [.list, .banner] : [])
        }
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        if automation.handleNotificationResponse, let notifications {
            // The app's delegate (or this) completes the response once; the SDK's handling does not.
            notifications.handleUserNotification(response: response, withCompletionHandler: {})
        }
        if let app = center.delegate {
            app.userNotificationCenter(center, didReceive: response, withCompletionHandler: completionHandler)
        } else {
            completionHandler()
        }
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
        center.delegate?.userNotificationCenter(center, openSettingsFor: notification)
    }
}
