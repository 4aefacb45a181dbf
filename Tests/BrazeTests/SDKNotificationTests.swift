import XCTest
import BrazeKit
import BrazeNotificationService
import BrazePushStory
import InAppTestSupport
import UserNotifications
#if canImport(UIKit)
import UIKit
#endif

final class SDKNotificationTests: XCTestCase {
    let brazePush: [AnyHashable: Any] = [
        "aps": ["alert": ["title": "Sale", "body": "50% off"]],
        "ab": ["c": "campaign-7"],
        "ab_uri": "myapp://sale",
        "coupon": "SPRING",
    ]

    func test_appDelegateFlowRegistersHandlesAndOpensTheDeepLink() {
        let bench = SDKBench()
        let app = AppDelegateDouble()
        app.braze = bench.braze
        bench.braze.delegate = app
        let center = bench.center
        center.delegate = app
        center.setNotificationCategories(Braze.Notifications.categories)
        var granted: Bool?
        center.requestAuthorization(options: [.alert, .badge, .sound]) { ok, _ in granted = ok }
        XCTAssertEqual(granted, true)
        XCTAssertEqual(center.registeredCategories.count, 4)
        XCTAssertTrue(center.registeredCategories.contains { $0.identifier == "ab_cat_yes_no" })

        var payloads: [Braze.Notifications.Payload] = []
        let subscription = bench.braze.notifications.subscribeToUpdates { payloads.append($0) }
        bench.braze.notifications.register(deviceToken: Data([0xAB, 0x01]))
        XCTAssertEqual(bench.events(.push, "registerDeviceToken").first?.details["token"], "ab01")
        XCTAssertEqual(bench.braze.user.attributes["push_subscribe"], "opted_in", "authorized push opts the user in")

        let delivered = center.deliver(pushRequest(brazePush))
        XCTAssertEqual(delivered.options, [.banner, .list])
        XCTAssertTrue(center.respond(to: delivered.notification), "Braze calls the completion handler")
        XCTAssertEqual(payloads.map(\.type), [.received, .open])
        XCTAssertEqual(payloads.last?.title, "Sale")
        XCTAssertEqual(payloads.last?.body, "50% off")
        XCTAssertEqual(payloads.last?.isSilent, false)
        XCTAssertEqual(payloads.last?.extras["coupon"] as? String, "SPRING")
        XCTAssertEqual(app.urls, [URL(string: "myapp://sale")!])
        XCTAssertEqual(bench.events(.navigation, "openURL").first?.details["channel"], "notification")
        XCTAssertEqual(bench.events(.push, "opened").first?.details["campaign"], "campaign-7")

        subscription.cancel()
        center.respond(to: delivered.notification)
        XCTAssertEqual(payloads.count, 2, "a cancelled subscription gets nothing")
    }

    func test_otherNotificationsAreLeftToTheApp() {
        let bench = SDKBench()
        var completions: [UIBackgroundFetchResult] = []
        let handled = bench.braze.notifications.handleBackgroundNotification(userInfo: ["aps": ["content-available": 1]]) {
            completions.append($0)
        }
        XCTAssertFalse(handled)
        XCTAssertTrue(completions.isEmpty, "the app calls its own completion handler")
        let response = UNNotificationResponse(notification: UNNotification(request: pushRequest(["other": 1]), date: Date()))
        var called = false
        XCTAssertFalse(bench.braze.notifications.handleUserNotification(response: response) { called = true })
        XCTAssertFalse(called)

        var payload: Braze.Notifications.Payload?
        let sub = bench.braze.notifications.subscribeToUpdates(payloadTypes: .received) { payload = $0 }
        XCTAssertTrue(bench.braze.notifications.handleBackgroundNotification(
            userInfo: ["aps": ["content-available": 1], "ab": ["c": "silent"]]) { completions.append($0) })
        XCTAssertEqual(completions, [.noData])
        XCTAssertEqual(payload?.isSilent, true)
        withExtendedLifetime(sub) {}
    }

    func test_pushAutomationAsksForAuthorizationAtLaunch() {
        let harness = Harness()
        harness.run { UNUserNotificationCenter.current().simulatedAuthorizationAnswer = false }
        let configuration = Braze.Configuration(apiKey: "k", endpoint: "e")
        configuration.push.automation = true
        let braze = harness.run { Braze(configuration: configuration) }
        let center = harness.run { UNUserNotificationCenter.current() }
        XCTAssertEqual(center.authorizationStatus, .denied)
        XCTAssertEqual(center.registeredCategories, Braze.Notifications.categories)
        XCTAssertNil(braze.user.attributes["push_subscribe"], "a denied prompt does not opt the user in")
    }

    func test_delayedInitializationTurnsPushAutomationOnForTheLaterInstance() {
        let harness = Harness()
        harness.run { Braze.prepareForDelayedInitialization(pushAutomation: true) }
        let configuration = Braze.Configuration(apiKey: "k", endpoint: "e")
        XCTAssertFalse(configuration.push.automation.isEnabled)
        _ = harness.run { Braze(configuration: configuration) }
        XCTAssertTrue(configuration.push.automation.isEnabled)
        XCTAssertEqual(harness.run { UNUserNotificationCenter.current() }.authorizationStatus, .authorized)
    }

    func test_notificationServiceAttachesLocalMediaAndSkipsRemote() throws {
        let harness = Harness()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("braze-\(UUID().uuidString).png")
        try Data([1, 2, 3]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let service = NotificationService()
        var shown: UNNotificationContent?
        harness.run {
            service.didReceive(pushRequest(["ab": ["att": ["url": file.absoluteString, "type": "png"]]])) { shown = $0 }
        }
        XCTAssertEqual(shown?.attachments.first?.url, file)
        harness.run {
            service.didReceive(pushRequest(["ab": ["att": ["url": "https://cdn.example.com/a.png"]]])) { shown = $0 }
        }
        XCTAssertEqual(shown?.attachments.count, 0)
        XCTAssertEqual(harness.trace.events.filter { $0.name == "serviceExtensionHandled" }.last?.details["attachmentSkipped"],
                       "https://cdn.example.com/a.png")
        var plain: UNNotificationContent?
        harness.run { service.didReceive(pushRequest(["aps": [:]], title: "Not Braze")) { plain = $0 } }
        XCTAssertEqual(plain?.title, "Not Braze")
    }

    func test_pushStoryStepsThroughItsPages() {
        let harness = Harness()
        let controller = NotificationViewController(nibName: nil, bundle: nil)
        let pages: [[String: Any]] = [["title": "One"], ["title": "Two"], ["title": "Three"]]
        let notification = UNNotification(request: pushRequest(["ab": ["p": pages]]), date: Date())
        harness.run { controller.didReceive(notification) }
        XCTAssertEqual(controller.pages.map(\.title), ["One", "Two", "Three"])
        var options: [UNNotificationContentExtensionResponseOption] = []
        let next = UNNotificationResponse(notification: notification, actionIdentifier: NotificationViewController.nextActionIdentifier)
        let previous = UNNotificationResponse(notification: notification, actionIdentifier: NotificationViewController.previousActionIdentifier)
        harness.run {
            controller.didReceive(next) { options.append($0) }
            controller.didReceive(previous) { options.append($0) }
            controller.didReceive(previous) { options.append($0) }
        }
        XCTAssertEqual(controller.currentPage, 2, "stepping back from the first page wraps to the last")
        XCTAssertEqual(options, [.doNotDismiss, .doNotDismiss, .doNotDismiss])
    }
}
