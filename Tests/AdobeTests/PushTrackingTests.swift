import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
import AEPMessaging
import UserNotifications

/// `Messaging.handleNotificationResponse(_:urlHandler:closure:)`: push interactions tracked on the simulated Edge network.
final class PushTrackingTests: AdobeTestCase {
    func response(_ userInfo: [AnyHashable: Any], action: String = UNNotificationDefaultActionIdentifier) -> UNNotificationResponse {
        let content = UNMutableNotificationContent()
        content.userInfo = userInfo
        let request = UNNotificationRequest(identifier: "ajo-push", content: content, trigger: UNPushNotificationTrigger())
        return UNNotificationResponse(notification: UNNotification(request: request, date: Date()), actionIdentifier: action)
    }

    func field(_ value: JSONValue?, _ path: String...) -> JSONValue? {
        var current = value
        for key in path {
            guard case .object(let o)? = current else { return nil }
            current = o[key]
        }
        return current
    }

    func test_openIsTrackedAndTheDeepLinkOfferedToTheApp() {
        var statuses: [PushTrackingStatus] = []
        var offered: [URL] = []
        let payload: [AnyHashable: Any] = ["_xdm": ["cjm": ["_experience": ["customerJourneyManagement": [:]]]],
                                           "adb_m_id": "msg-1", "adb_uri": "myapp://offer"]
        Messaging.handleNotificationResponse(response(payload), urlHandler: { offered.append($0); return true },
                                            closure: { statuses.append($0) })
        XCTAssertEqual(statuses, [.trackingInitiated])
        XCTAssertEqual(offered, [URL(string: "myapp://offer")!])
        let event = EdgeNetwork.current.events.last
        XCTAssertEqual(event?.name, "Push notification interaction event")
        XCTAssertEqual(field(event?.data, "xdm", "eventType"), "pushTracking.applicationOpened")
        XCTAssertEqual(field(event?.data, "xdm", "pushNotificationTracking", "pushProviderMessageID"), "msg-1")
        XCTAssertTrue(harness.trace.events.contains { $0.name == "urlHandledByApp" })

        Messaging.handleNotificationResponse(response(payload, action: "accept"), closure: { statuses.append($0) })
        XCTAssertEqual(field(EdgeNetwork.current.events.last?.data, "xdm", "eventType"), "pushTracking.customAction")
        XCTAssertEqual(offered.count, 1, "an action button does not follow the deep link")
    }

    func test_payloadsWithoutTrackingDataOrMessageIdAreRefused() {
        var statuses: [PushTrackingStatus] = []
        let before = EdgeNetwork.current.events.count
        Messaging.handleNotificationResponse(response(["aps": [:]]), closure: { statuses.append($0) })
        Messaging.handleNotificationResponse(response(["_xdm": [:]]), closure: { statuses.append($0) })
        Messaging.handleNotificationResponse(response(["_xdm": [:], "adb_m_id": "m"], action: UNNotificationDismissActionIdentifier),
                                            closure: { statuses.append($0) })
        XCTAssertEqual(statuses, [.noTrackingData, .invalidMessageId])
        XCTAssertEqual(EdgeNetwork.current.events.count, before, "nothing is sent for them")
    }
}
