import Foundation
import InAppCore
import UserNotifications
#if canImport(UIKit)
import UIKit
#endif

extension Braze {
    /// Push notifications: the device token, the handling of notifications the app receives, Braze's
    /// notification categories and updates for subscribers. Headless: notifications come from tests
    /// (`UNUserNotificationCenter.deliver(_:)` / `respond(to:)`, or direct calls); everything is recorded in the
    /// trace (kind `push`). A notification is Braze's when its payload has an `ab` dictionary.
    public final class Notifications: @unchecked Sendable {
        private struct State {
            var deviceToken: Data?
            var handled: [Payload] = []
        }
        private let state = Locked(State())
        private let environment: MessagingEnvironment
        private let subscribers = Subscribers<Payload>()
        package let link = BrazeLink()
        /// Push automation's stand-in in front of the app's notification center delegate (kept alive here).
        private let automationDelegate = Locked<PushAutomationDelegate?>(nil)

        init(environment: MessagingEnvironment) { self.environment = environment }

        /// Braze's notification categories (action buttons campaigns can use), to pass to
        /// `UNUserNotificationCenter.setNotificationCategories(_:)`.
        public static var categories: Set<UNNotificationCategory> {
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

        /// Whether `userInfo` is a Braze push payload.
        public static func isBrazeNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
            userInfo["ab"] is [AnyHashable: Any]
        }

        /// The registered device token.
        public var deviceToken: Data? { state.withLock { $0.deviceToken } }

        /// Registers the device token (recorded as hex). When the user has authorized notifications and
        /// `optInWhenPushAuthorized` is on, the user's push subscription becomes `optedIn`.
        public func register(deviceToken: Data) {
            guard let braze = link.braze, braze.enabled else { return }
            state.withLock { $0.deviceToken = deviceToken }
            let hex = deviceToken.map { String(format: "%02x", $0) }.joined()
            environment.trace.record(.push, "registerDeviceToken", ["token": hex])
            let userId = braze.user.id
            braze.server.handle("push_register", for: braze) { result in
                if case .success = result { braze.server.setPushToken(hex, for: userId) }
            }
            #if !canImport(Darwin)
            // The stand-in center answers synchronously (Apple's asks through getNotificationSettings).
            let status = environment.withCurrent { UNUserNotificationCenter.current() }.authorizationStatus
            if braze.configuration.optInWhenPushAuthorized, status == .authorized || status == .provisional {
                braze.user.set(pushNotificationSubscriptionState: .optedIn)
            }
            #endif
        }

        /// Removes the device's push token from the current user's profile on the (simulated) server. The token
        /// stays registered locally; `completion` gets a typed error when the SDK is disabled, the server is
        /// unreachable or refuses the request (`BrazeServer.httpStatusCodes["push_unregister"]`), after the
        /// server's latency on the virtual clock. Nothing is retried.
        public func unregisterPush(completion: ((Result<Void, Braze.PushUnregistrationError>) -> Void)? = nil) {
            guard let braze = link.braze else {
                completion?(.failure(Braze.PushUnregistrationError(.sdkDisabled)))
                return
            }
            let userId = braze.user.id
            environment.trace.record(.push, "unregisterPush", ["userId": userId ?? ""])
            braze.server.handle("push_unregister", for: braze) { [environment] result in
                let failure: Braze.PushUnregistrationError?
                switch result {
                case .failure(let error): failure = Braze.PushUnregistrationError(error)
                case .success: failure = Braze.PushUnregistrationError(httpStatusCode: braze.server.httpStatus(for: "push_unregister"))
                }
                if let failure {
                    environment.trace.record(.push, "unregisterPushFailed", ["error": failure.description])
                    completion?(.failure(failure))
                } else {
                    braze.server.setPushToken(nil, for: userId)
                    environment.trace.record(.push, "pushUnregistered", ["userId": userId ?? ""])
                    completion?(.success(()))
                }
            }
        }

        /// `unregisterPush(completion:)` as an async call; throws `Braze.PushUnregistrationError`.
        public func unregisterPush() async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Swift.Error>) in
                unregisterPush { result in continuation.resume(with: result.mapError { $0 as any Swift.Error }) }
            }
        }

        /// Handles a background (silent or content-available) notification. Returns false, without calling
        /// `completionHandler`, when the notification is not Braze's (the app handles it); otherwise the
        /// subscribers get a `.received` payload and `completionHandler(.noData)` runs.
        @discardableResult
        public func handleBackgroundNotification(userInfo: [AnyHashable: Any],
                                                 fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) -> Bool {
            guard Self.isBrazeNotification(userInfo), let braze = link.braze, braze.enabled else { return false }
            let payload = Payload(type: .received, userInfo: userInfo, date: now, actionIdentifier: nil)
            environment.trace.record(.push, "received", payload.traceDetails)
            publish(payload)
            completionHandler(.noData)
            return true
        }

        /// Handles the user's response to a notification. Returns false, without calling `completionHandler`,
        /// when the notification is not Braze's. Otherwise the open is recorded, subscribers get an `.opened`
        /// payload, the deep link (`ab_uri`) is offered to `Braze.delegate` and opened unless it declines, and
        /// `completionHandler()` runs.
        @discardableResult
        public func handleUserNotification(response: UNNotificationResponse,
                                           withCompletionHandler completionHandler: @escaping () -> Void) -> Bool {
            let userInfo = response.notification.request.content.userInfo
            guard Self.isBrazeNotification(userInfo), let braze = link.braze, braze.enabled else { return false }
            let payload = Payload(type: .open, userInfo: userInfo, date: now, actionIdentifier: response.actionIdentifier,
                                  content: response.notification.request.content)
            environment.trace.record(.push, "opened", payload.traceDetails)
            publish(payload)
            if response.actionIdentifier != UNNotificationDismissActionIdentifier, let context = payload.urlContext {
                braze.open(context, id: payload.campaignId)
            }
            completionHandler()
            return true
        }

        /// Records a Braze notification shown while the app is in the foreground (subscribers get `.received`).
        /// Returns false for other notifications.
        @discardableResult
        public func handleForegroundNotification(notification: UNNotification) -> Bool {
            let userInfo = notification.request.content.userInfo
            guard Self.isBrazeNotification(userInfo), let braze = link.braze, braze.enabled else { return false }
            let payload = Payload(type: .received, userInfo: userInfo, date: now, actionIdentifier: nil,
                                  content: notification.request.content)
            environment.trace.record(.push, "receivedInForeground", payload.traceDetails)
            publish(payload)
            return true
        }

        /// Calls `update` for every Braze notification handled from now on, of the given types.
        public func subscribeToUpdates(payloadTypes: Payload.PayloadTypes = [.open, .received],
                                       _ update: @escaping (Payload) -> Void) -> Cancellable {
            subscribers.add { payload in if payloadTypes.contains(payload.type) { update(payload) } }
        }

        /// Test API: every Braze payload handled, oldest first.
        public var handledPayloads: [Payload] { state.withLock { $0.handled } }

        private var now: Date { Date(timeIntervalSince1970: environment.clock.now) }

        private func publish(_ payload: Payload) {
            state.withLock { $0.handled.append(payload) }
            subscribers.send(payload)
        }

        func reset() { state.withLock { $0 = State() } }

        /// Push automation at start-up, as on a device: with `automaticSetup` the SDK registers the app for remote
        /// notifications and takes over the notification center's delegate (the app's own delegate keeps getting
        /// every callback, after the SDK; see `UNUserNotificationCenter.interceptingDelegate`), so that Braze
        /// notifications shown in the foreground (`willPresentNotification`) and the user's responses
        /// (`handleNotificationResponse`) are handled without app code; it asks for authorization and registers
        /// Braze's categories when configured. The device token still reaches the SDK through
        /// `register(deviceToken:)` (headless, no APNs answer arrives).
        func runAutomation(_ automation: Configuration.Push.Automation) {
            guard automation.isEnabled else { return }
            environment.trace.record(.push, "automation", ["automaticSetup": String(automation.automaticSetup),
                                                          "requestAuthorizationAtLaunch": String(automation.requestAuthorizationAtLaunch),
                                                          "setNotificationCategories": String(automation.setNotificationCategories)])
            let center = environment.withCurrent { UNUserNotificationCenter.current() }
            if automation.automaticSetup {
                let proxy = PushAutomationDelegate(notifications: self, automation: automation)
                automationDelegate.withLock { $0 = proxy }
                center.intercept(with: proxy, owner: "Braze")
                #if canImport(UIKit)
                UIApplication.shared.registerForRemoteNotifications()
                environment.trace.record(.push, "registerForRemoteNotifications")
                #endif
            }
            if automation.setNotificationCategories { center.setNotificationCategories(Self.categories) }
            if automation.requestAuthorizationAtLaunch {
                center.requestAuthorization(options: automation.authorizationOptions) { [weak self] granted, _ in
                    guard granted, let braze = self?.link.braze, braze.configuration.optInWhenPushAuthorized else { return }
                    braze.user.set(pushNotificationSubscriptionState: .optedIn)
                }
            }
        }
    }
}

extension Braze.Notifications {
    /// A Braze notification as subscribers see it.
    public struct Payload: @unchecked Sendable {
        /// Received or opened.
        public struct PayloadTypes: OptionSet, Hashable, Sendable, CustomStringConvertible {
            public let rawValue: UInt
            public init(rawValue: UInt) { self.rawValue = rawValue }
            public static let open = Self(rawValue: 1 << 0)
            public static let received = Self(rawValue: 1 << 1)
            public var description: String {
                [contains(.open) ? "open" : nil, contains(.received) ? "received" : nil].compactMap { $0 }.joined(separator: "|")
            }
        }

        public let type: PayloadTypes
        public let date: Date
        public let title: String?
        public let subtitle: String?
        public let body: String?
        public let badge: Int?
        public let sound: String?
        /// True when the payload shows nothing (`content-available` only).
        public let isSilent: Bool
        /// The action the user chose (nil for received notifications).
        public let actionIdentifier: String?
        /// The deep link (`ab_uri`), as `Braze.delegate` would see it.
        public let urlContext: Braze.URLContext?
        /// The campaign's key–value pairs (every top-level key that is neither `aps` nor Braze's own).
        public let extras: [AnyHashable: Any]
        /// The whole payload.
        public let userInfo: [AnyHashable: Any]

        init(type: PayloadTypes, userInfo: [AnyHashable: Any], date: Date, actionIdentifier: String?,
             content: UNNotificationContent? = nil) {
            self.type = type
            self.date = date
            self.userInfo = userInfo
            self.actionIdentifier = actionIdentifier
            let aps = userInfo["aps"] as? [AnyHashable: Any] ?? [:]
            var alertTitle: String?, alertSubtitle: String?, alertBody: String?
            if let alert = aps["alert"] as? [AnyHashable: Any] {
                alertTitle = alert["title"] as? String; alertSubtitle = alert["subtitle"] as? String; alertBody = alert["body"] as? String
            } else if let alert = aps["alert"] as? String {
                alertBody = alert
            }
            func nonEmpty(_ s: String?) -> String? { (s?.isEmpty ?? true) ? nil : s }
            title = alertTitle ?? nonEmpty(content?.title)
            subtitle = alertSubtitle ?? nonEmpty(content?.subtitle)
            body = alertBody ?? nonEmpty(content?.body)
            badge = aps["badge"] as? Int
            sound = aps["sound"] as? String
            isSilent = title == nil && body == nil && subtitle == nil && (aps["content-available"] as? Int) == 1
            if let link = userInfo["ab_uri"] as? String, let url = URL(string: link), url.scheme != nil {
                let useWebView = (userInfo["ab_use_webview"] as? Bool) ?? ((userInfo["ab_use_webview"] as? String) == "true")
                urlContext = Braze.URLContext(url: url, useWebView: useWebView, channel: .notification)
            } else {
                urlContext = nil
            }
            extras = userInfo.filter { key, _ in
                guard let key = key as? String else { return true }
                return key != "aps" && key != "ab" && !key.hasPrefix("ab_")
            }
        }

        /// The campaign id Braze put in the payload (`ab.c`), if any.
        var campaignId: String? { (userInfo["ab"] as? [AnyHashable: Any])?["c"] as? String }

        var traceDetails: [String: String] {
            var details = ["silent": String(isSilent)]
            if let title { details["title"] = title }
            if let campaignId { details["campaign"] = campaignId }
            if let actionIdentifier { details["action"] = actionIdentifier }
            if let url = urlContext?.url { details["url"] = url.absoluteString }
            return details
        }
    }
}
