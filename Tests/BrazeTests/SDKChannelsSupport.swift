import XCTest
import BrazeKit
import InAppTestSupport
import UserNotifications

/// A Braze instance in its own harness (manual clock, device, trace, notification center).
final class SDKBench {
    let harness: Harness
    let braze: Braze

    init(configure: (Braze.Configuration) -> Void = { _ in }) {
        harness = Harness()
        let configuration = Braze.Configuration(apiKey: "api-key", endpoint: "sdk.example.com")
        configure(configuration)
        braze = harness.run { Braze(configuration: configuration) }
    }

    var trace: Trace { harness.trace }
    var center: UNUserNotificationCenter { harness.run { UNUserNotificationCenter.current() } }

    /// "kind.name" of every event of `kinds`, in order.
    func labels(_ kinds: Set<TraceEvent.Kind>) -> [String] { harness.labels(kinds: kinds) }
    func events(_ kind: TraceEvent.Kind, _ name: String) -> [TraceEvent] {
        trace.events.filter { $0.kind == kind && $0.name == name }
    }
}

/// Records what the SDK asks of the app.
final class AppDelegateDouble: BrazeDelegate, BrazeSDKAuthDelegate, UNUserNotificationCenterDelegate {
    var openURL = true
    var urls: [URL] = []
    var authErrors: [Braze.SDKAuthenticationError] = []
    weak var braze: Braze?
    var newSignature: String?
    var presentedOptions: UNNotificationPresentationOptions = [.banner, .list]

    func braze(_ braze: Braze, shouldOpenURL context: Braze.URLContext) -> Bool {
        urls.append(context.url)
        return openURL
    }

    func braze(_ braze: Braze, sdkAuthenticationFailedWithError error: Braze.SDKAuthenticationError) {
        authErrors.append(error)
        if let newSignature { braze.set(sdkAuthenticationSignature: newSignature) }
    }

    // As apps write it: Braze first, the app's own handling otherwise.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        if let braze, braze.notifications.handleUserNotification(response: response, withCompletionHandler: completionHandler) {
            return
        }
        completionHandler()
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        braze?.notifications.handleForegroundNotification(notification: notification)
        completionHandler(presentedOptions)
    }
}

/// A push request as APNs would hand it to the app.
func pushRequest(_ userInfo: [AnyHashable: Any], id: String = "push-1", title: String = "") -> UNNotificationRequest {
    let content = UNMutableNotificationContent()
    content.title = title
    content.userInfo = userInfo
    return UNNotificationRequest(identifier: id, content: content, trigger: UNPushNotificationTrigger())
}

func classicCard(_ id: String, title: String = "Title", pinned: Bool = false, created: TimeInterval = 0,
                 expires: TimeInterval = 0, url: String? = nil, dismissible: Bool = true) -> Braze.ContentCard {
    .classic(.init(data: .init(id: id, clickAction: url.map { .url(URL(string: $0)!, useWebView: false) },
                               dismissible: dismissible, pinned: pinned, createdAt: created, expiresAt: expires),
                   title: title, description: "About \(id)"))
}
