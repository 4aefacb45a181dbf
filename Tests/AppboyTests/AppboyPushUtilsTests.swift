import Foundation
import XCTest
import AppboyKit
import BrazeKit
import UserNotifications

/// `ABKPushUtils` classifies payloads the way an app's push handler asks: Braze's or not, internal, silent,
/// Push Story, carrying a content card.
final class AppboyPushUtilsTests: XCTestCase {
    private func response(_ userInfo: [AnyHashable: Any]) -> UNNotificationResponse {
        let content = UNMutableNotificationContent()
        content.userInfo = userInfo
        let request = UNNotificationRequest(identifier: "n", content: content, trigger: nil)
        return UNNotificationResponse(notification: UNNotification(request: request, date: Date()))
    }

    func testBrazePayloadNeedsANonEmptyAbDictionary() {
        XCTAssertTrue(ABKPushUtils.isAppboyRemoteNotification(["ab": ["c": "campaign"], "aps": ["alert": "Hi"]]))
        XCTAssertFalse(ABKPushUtils.isAppboyRemoteNotification(["ab": [String: Any]()]), "an empty ab entry is not Braze's")
        XCTAssertFalse(ABKPushUtils.isAppboyRemoteNotification(["ab": "text"]))
        XCTAssertFalse(ABKPushUtils.isAppboyRemoteNotification(["aps": ["alert": "Hi"]]))
        XCTAssertTrue(ABKPushUtils.isAppboyUserNotification(response(["ab": ["c": "x"]])))
        XCTAssertFalse(ABKPushUtils.isAppboyUserNotification(response(["other": 1])))
        XCTAssertEqual(ABKPushUtils.isAppboyRemoteNotification(["ab": ["c": "x"]]),
                       Braze.Notifications.isBrazeNotification(["ab": ["c": "x"]]), "the same rule as BrazeKit's")
    }

    @available(*, deprecated)
    func testUninstallTrackingIsTheInternalPush() {
        for flag in [true as Any, 1 as Any, "true" as Any, "1" as Any, "YES" as Any] {
            XCTAssertTrue(ABKPushUtils.isUninstallTrackingRemoteNotification(["appboy_uninstall_tracking": flag]), "\(flag)")
            XCTAssertTrue(ABKPushUtils.isAppboyInternalRemoteNotification(["appboy_uninstall_tracking": flag]))
        }
        for flag in [false as Any, 0 as Any, "no" as Any, "0" as Any, [1] as Any] {
            XCTAssertFalse(ABKPushUtils.isUninstallTrackingRemoteNotification(["appboy_uninstall_tracking": flag]), "\(flag)")
        }
        XCTAssertFalse(ABKPushUtils.isAppboyInternalRemoteNotification(["ab": ["c": "x"]]), "a campaign push is not internal")
        XCTAssertTrue(ABKPushUtils.isUninstallTrackingUserNotification(response(["appboy_uninstall_tracking": true])))
        XCTAssertTrue(ABKPushUtils.shouldFetchTestTriggersFlagContained(inPayload: ["ab_push_fetch_test_triggers_key": "true"]))
        XCTAssertFalse(ABKPushUtils.shouldFetchTestTriggersFlagContained(inPayload: [:]))
    }

    func testSilentPushIsBrazesWithContentAvailableOne() {
        XCTAssertTrue(ABKPushUtils.isAppboySilentRemoteNotification(["ab": ["c": "x"], "aps": ["content-available": 1]]))
        XCTAssertFalse(ABKPushUtils.isAppboySilentRemoteNotification(["ab": ["c": "x"], "aps": ["content-available": 0]]))
        XCTAssertFalse(ABKPushUtils.isAppboySilentRemoteNotification(["aps": ["content-available": 1]]), "not Braze's")
        XCTAssertFalse(ABKPushUtils.isAppboySilentRemoteNotification(["ab": ["c": "x"], "aps": [String: Any]()]))
        XCTAssertFalse(ABKPushUtils.isAppboySilentRemoteNotification(["ab": ["c": "x"]]))
    }

    func testPushStoryAndContentCardPayloads() {
        XCTAssertTrue(ABKPushUtils.isPushStoryRemoteNotification(["ab": ["ab_carousel": true]]))
        XCTAssertFalse(ABKPushUtils.isPushStoryRemoteNotification(["ab": ["c": "x"]]))
        XCTAssertFalse(ABKPushUtils.isPushStoryRemoteNotification(["ab_carousel": true]), "the flag lives inside ab")
        XCTAssertTrue(ABKPushUtils.notificationContainsContentCard(["ab": ["ab_cd": ["id": "card"]]]))
        XCTAssertFalse(ABKPushUtils.notificationContainsContentCard(["ab": ["c": "x"]]))
    }

    @available(*, deprecated)
    func testCategoriesMatchBrazeKits() {
        let legacy = ABKPushUtils.getAppboyUNNotificationCategorySet()
        let modern = Braze.Notifications.categories
        XCTAssertEqual(Set(legacy.map(\.identifier)), Set(modern.map(\.identifier)))
        XCTAssertEqual(legacy.first { $0.identifier == "ab_cat_yes_no" }?.actions.map(\.identifier), ["ab_pb_yes", "ab_pb_no"])
    }
}
