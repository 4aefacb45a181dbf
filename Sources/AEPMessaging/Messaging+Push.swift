@_spi(OpenInApp) import AEPCore
import Foundation
import InAppCore
import UserNotifications
#if canImport(UIKit)
import UIKit
#endif

/// What became of a push interaction handed to `Messaging.handleNotificationResponse`.
public enum PushTrackingStatus: Int, Sendable {
    case trackingInitiated = 0
    case noDatasetConfigured = 1
    case noTrackingData = 2
    case invalidMessageId = 3
    case unknownError = 4
}

extension Messaging {
    /// Tracks the user's response to an Adobe Journey Optimizer push notification and follows its deep link.
    /// The payload must carry Adobe's tracking data (`_xdm`, with the message id `adb_m_id`); the interaction is
    /// recorded as an Edge event on the simulated network (`pushTracking.applicationOpened`, or
    /// `pushTracking.customAction` with the action's id) and in the trace (kind `push`). A tap on a notification
    /// with a link (`adb_uri`) offers it to `urlHandler`; unless that returns true, the link is opened (recorded).
    /// Dismissals are not tracked. `closure` gets the status.
    public static func handleNotificationResponse(_ response: UNNotificationResponse, urlHandler: ((URL) -> Bool)? = nil,
                                                  closure: ((PushTrackingStatus) -> Void)? = nil) {
        let environment = MessagingEnvironment.current
        let userInfo = response.notification.request.content.userInfo
        let action = response.actionIdentifier
        guard action != UNNotificationDismissActionIdentifier else {
            environment.trace.record(.push, "adobeNotificationDismissed")
            return
        }
        guard let xdm = userInfo["_xdm"] as? [AnyHashable: Any] else {
            environment.trace.record(.push, "adobePushTracking", ["status": "noTrackingData"])
            closure?(.noTrackingData)
            return
        }
        guard let messageId = userInfo["adb_m_id"] as? String, !messageId.isEmpty else {
            environment.trace.record(.push, "adobePushTracking", ["status": "invalidMessageId"])
            closure?(.invalidMessageId)
            return
        }
        let custom = action != UNNotificationDefaultActionIdentifier
        var pushNotificationTracking: [String: JSONValue] = ["pushProviderMessageID": .string(messageId), "pushProvider": "apns"]
        if custom { pushNotificationTracking["customAction"] = .object(["actionID": .string(action)]) }
        let data: JSONValue = .object([
            "xdm": .object([
                "eventType": .string(custom ? "pushTracking.customAction" : "pushTracking.applicationOpened"),
                "pushNotificationTracking": .object(pushNotificationTracking),
                "application": .object(["launches": .object(["value": .number(custom ? 0 : 1)])]),
            ]),
            "meta": .object(["collect": .object(["datasetId": .string("")])]),
            "_xdm": JSONValue(any: xdm),
        ])
        EdgeNetwork.network(for: environment).record(name: "Push notification interaction event", data: data)
        environment.trace.record(.push, "adobePushTracking", ["status": "trackingInitiated", "messageId": messageId,
                                                             "action": custom ? action : "open"])
        if !custom, let link = userInfo["adb_uri"] as? String, let url = URL(string: link) {
            if urlHandler?(url) == true {
                environment.trace.record(.navigation, "urlHandledByApp", ["url": url.absoluteString])
            } else {
                environment.trace.record(.navigation, "openURL", ["url": url.absoluteString])
                #if canImport(UIKit) && !canImport(Darwin)
                UIApplication.shared.open(url)
                #endif
            }
        }
        closure?(.trackingInitiated)
    }
}
