import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// The legacy Appboy entry point: start-up, the in-app message controller and the event logging that triggers
/// in-app messages. Everything runs on the core: a `DeliveryEngine` (triggers, priority, minimum interval) hands
/// selected messages to the controller's `PresentationEngine`.
///
/// Headless there is no server: the campaigns a session delivers are given to
/// `deliveryEngine.startSession(with:)`. `start(...)` reads `MessagingEnvironment.current` (install a test
/// `Harness` first to drive the clock and device). Starting again simulates a relaunch: the previous instance's
/// in-memory stack is discarded.
///
/// The shared instance is one per `MessagingEnvironment`: tests running in parallel, each with its own harness,
/// each start and see their own.
open class Appboy: NSObject, @unchecked Sendable {
    /// The slot behind `sharedInstance()`, kept in the environment.
    private final class Slot: Sendable {
        let instance = Locked<Appboy?>(nil)
    }
    private static var shared: Locked<Appboy?> { MessagingEnvironment.current.shared(Slot.self) { Slot() }.instance }

    /// The instance made by `start(...)` in the current environment, or nil before it.
    public static func sharedInstance() -> Appboy? { shared.snapshot }

    /// The started instance; before `start(...)` (upstream: an exception) it starts one with an empty API key and
    /// records `unsafeInstanceBeforeStart` in the trace, so the call never crashes.
    public static func unsafeInstance() -> Appboy {
        if let instance = shared.snapshot { return instance }
        MessagingEnvironment.current.trace.record(.diagnostic, "unsafeInstanceBeforeStart", [:])
        start(withApiKey: "", in: UIApplication.shared, withLaunchOptions: nil, withAppboyOptions: nil)
        return shared.snapshot!
    }

    /// Starts the SDK with the default options.
    public static func start(withApiKey apiKey: String, in application: UIApplication,
                             withLaunchOptions launchOptions: [AnyHashable: Any]?) {
        start(withApiKey: apiKey, in: application, withLaunchOptions: launchOptions, withAppboyOptions: nil)
    }

    /// Starts the SDK. `appboyOptions` keys with an effect headless: `ABKMinimumTriggerTimeIntervalKey`
    /// (number of seconds; invalid values keep the default 30 and are recorded in the trace),
    /// `ABKInAppMessageControllerDelegateKey`, `ABKEnableDismissModalOnOutsideTapKey`, `ABKURLDelegateKey`,
    /// `ABKRequestProcessingPolicyOptionKey` (`requestProcessingPolicy`), `ABKEndpointKey` (`endpoint`). Every
    /// other key is recorded in the trace (`optionAccepted`). Starting refreshes the content cards.
    public static func start(withApiKey apiKey: String, in application: UIApplication,
                             withLaunchOptions launchOptions: [AnyHashable: Any]?,
                             withAppboyOptions appboyOptions: [AnyHashable: Any]?) {
        let environment = MessagingEnvironment.current
        let instance = Appboy(apiKey: apiKey, options: appboyOptions ?? [:], environment: environment)
        let previous = environment.shared(Slot.self) { Slot() }.instance.withLock { s -> Appboy? in
            let old = s
            s = instance
            return old
        }
        previous?.deliveryEngine.relaunch()
        instance.contentCardsController.refresh()
    }

    /// The API key given to `start(...)`.
    public let apiKey: String
    /// The in-app message controller.
    public let inAppMessageController: ABKInAppMessageController
    /// The core delivery engine behind this instance (campaigns, triggers, minimum interval) — not upstream API;
    /// tests and hosts use it to deliver campaigns and to read the configuration.
    public let deliveryEngine: DeliveryEngine
    /// Asked before the SDK opens a URL of an in-app message (set by `ABKURLDelegateKey` or directly). Held weakly.
    open weak var appboyUrlDelegate: (any ABKURLDelegate)?
    /// The content cards of the current user.
    public let contentCardsController: ABKContentCardsController
    /// The legacy News Feed (refreshed by `requestFeedRefresh()`).
    public let feedController: ABKFeedController
    /// The current user; `changeUser(_:)` replaces it.
    open var user: ABKUser { users.snapshot }
    private let users: Locked<ABKUser>
    /// When queued data is sent (from `ABKRequestProcessingPolicyOptionKey`; headless nothing is sent).
    open var requestProcessingPolicy: ABKRequestProcessingPolicy = .automaticRequestProcessing
    /// The endpoint host from `ABKEndpointKey`, nil without it (not upstream API; nothing is contacted).
    public let endpoint: String?
    /// The device token given to `registerDeviceToken(_:)` (not upstream API).
    public var deviceToken: Data? { token.snapshot }
    private let token = Locked<Data?>(nil)
    private let environment: MessagingEnvironment
    private let deviceID = UniqueID.next()

    init(apiKey: String, options: [AnyHashable: Any], environment: MessagingEnvironment) {
        self.apiKey = apiKey
        self.environment = environment
        contentCardsController = ABKContentCardsController(environment: environment)
        feedController = ABKFeedController(environment: environment)
        users = Locked(ABKUser(userID: nil, environment: environment))
        endpoint = options[ABKEndpointKey] as? String
        let controller = ABKInAppMessageController(environment: environment)
        inAppMessageController = controller
        var configuration = DeliveryConfiguration()
        if let raw = options[ABKMinimumTriggerTimeIntervalKey] {
            if let seconds = Appboy.seconds(raw) {
                configuration.minimumTriggerInterval = seconds
            } else {
                environment.trace.record(.diagnostic, "invalidOption", ["key": ABKMinimumTriggerTimeIntervalKey,
                                                                        "value": String(describing: raw), "kept": "30"])
            }
        }
        deliveryEngine = DeliveryEngine(environment: environment, configuration: configuration,
                                        handoff: .presenter(controller.presenter,
                                                            convert: { AppboyMessage(core: $0, environment: environment) }))
        super.init()
        if let delegate = options[ABKInAppMessageControllerDelegateKey] as? any ABKInAppMessageControllerDelegate {
            controller.delegate = delegate
        }
        if let flag = options[ABKEnableDismissModalOnOutsideTapKey] as? Bool { controller.enableDismissModalOnOutsideTap = flag }
        if let raw = options[ABKURLDelegateKey] {
            if let delegate = raw as? any ABKURLDelegate {
                appboyUrlDelegate = delegate
            } else {
                environment.trace.record(.diagnostic, "invalidOption", ["key": ABKURLDelegateKey,
                                                                        "value": String(describing: type(of: raw)),
                                                                        "reason": "notAnABKURLDelegate"])
            }
        }
        if let raw = options[ABKRequestProcessingPolicyOptionKey] {
            let number = (raw as? ABKRequestProcessingPolicy)?.rawValue ?? (raw as? Int) ?? (raw as? NSNumber)?.intValue
            if let number, let policy = ABKRequestProcessingPolicy(rawValue: number) {
                requestProcessingPolicy = policy
            } else {
                environment.trace.record(.diagnostic, "invalidOption", ["key": ABKRequestProcessingPolicyOptionKey,
                                                                        "value": String(describing: raw), "kept": "automatic"])
            }
        }
        let read: Set<String> = [ABKMinimumTriggerTimeIntervalKey, ABKInAppMessageControllerDelegateKey,
                                 ABKEnableDismissModalOnOutsideTapKey, ABKURLDelegateKey, ABKRequestProcessingPolicyOptionKey,
                                 ABKEndpointKey]
        for key in options.keys.map({ "\($0)" }).sorted() where !read.contains(key) {
            environment.trace.record(.delivery, "optionAccepted", ["key": key, "effect": "recordedOnly"])
        }
        if let endpoint { environment.trace.record(.delivery, "optionAccepted", ["key": ABKEndpointKey, "value": endpoint]) }
        controller.appboy = self
        deliveryEngine.noMatchingTrigger = { [weak controller] event in
            guard let controller else { return }
            environment.main.execute {
                guard let delegate = controller.delegate else { return }
                environment.trace.record(.callback, "noMatchingTrigger(for:name:)", ["name": event.name ?? ""])
                delegate.noMatchingTrigger(for: Appboy.eventType(event), name: event.name)
            }
        }
        environment.trace.record(.delivery, "started", ["minimumTriggerInterval": String(configuration.minimumTriggerInterval)])
    }

    static func seconds(_ raw: Any) -> Double? {
        let value: Double?
        switch raw {
        case let b as Bool where type(of: raw) == Bool.self: value = b ? 1 : 0
        case let i as Int: value = Double(i)
        case let d as Double: value = d
        case let n as NSNumber: value = n.doubleValue
        case let s as String: value = Double(s.trimmingCharacters(in: .whitespaces))
        default: value = nil
        }
        guard let v = value, v.isFinite, v >= 0 else { return nil }
        return v
    }

    static func eventType(_ event: TriggerEvent) -> ABKTriggerEventType {
        switch event.kind {
        case .sessionStart: return .sessionStart
        case .customEvent: return .customEvent
        case .purchase: return .purchase
        case .pushClick: return .other
        }
    }

    static func properties(_ raw: [AnyHashable: Any]?) -> [String: EventPropertyValue] {
        var out: [String: EventPropertyValue] = [:]
        for (key, value) in raw ?? [:] { out["\(key)"] = EventPropertyValue(any: value) }
        return out
    }

    // MARK: Events that trigger in-app messages

    open func logCustomEvent(_ eventName: String) {
        deliveryEngine.logCustomEvent(eventName)
    }

    open func logCustomEvent(_ eventName: String, withProperties properties: [AnyHashable: Any]?) {
        deliveryEngine.logCustomEvent(eventName, properties: Appboy.properties(properties))
    }

    open func logPurchase(_ productIdentifier: String, inCurrency currencyCode: String, atPrice price: NSDecimalNumber) {
        logPurchase(productIdentifier, inCurrency: currencyCode, atPrice: price, withQuantity: 1, andProperties: nil)
    }

    open func logPurchase(_ productIdentifier: String, inCurrency currencyCode: String, atPrice price: NSDecimalNumber,
                            withProperties properties: [AnyHashable: Any]?) {
        logPurchase(productIdentifier, inCurrency: currencyCode, atPrice: price, withQuantity: 1, andProperties: properties)
    }

    open func logPurchase(_ productIdentifier: String, inCurrency currencyCode: String, atPrice price: NSDecimalNumber,
                            withQuantity quantity: UInt) {
        logPurchase(productIdentifier, inCurrency: currencyCode, atPrice: price, withQuantity: quantity, andProperties: nil)
    }

    open func logPurchase(_ productIdentifier: String, inCurrency currencyCode: String, atPrice price: NSDecimalNumber,
                            withQuantity quantity: UInt, andProperties properties: [AnyHashable: Any]?) {
        deliveryEngine.logPurchase(productIdentifier, properties: Appboy.properties(properties))
    }

    // MARK: Users, content cards, data

    /// Identifies the user: a different id starts a new user (attributes and content cards start empty, then the
    /// cards are refreshed, as upstream); the same id again changes nothing. An empty id is ignored and recorded.
    open func changeUser(_ userId: String) {
        guard !userId.isEmpty else {
            environment.trace.record(.diagnostic, "changeUserIgnored", ["reason": "emptyUserId"])
            return
        }
        let changed = users.withLock { u -> Bool in
            guard u.userID != userId else { return false }
            u = ABKUser(userID: userId, environment: environment)
            return true
        }
        guard changed else { return }
        environment.trace.record(.delivery, "changeUser", ["user": userId])
        contentCardsController.reset()
        contentCardsController.refresh()
        feedController.reset()
    }

    /// `changeUser(_:)` with an SDK authentication signature (recorded only).
    open func changeUser(_ userId: String, sdkAuthSignature signature: String?) {
        changeUser(userId)
        if let signature { setSdkAuthenticationSignature(signature) }
    }

    /// Records the SDK authentication signature (nothing is verified headless).
    open func setSdkAuthenticationSignature(_ signature: String) {
        environment.trace.record(.delivery, "sdkAuthenticationSignature", ["length": String(signature.count)])
    }

    /// Refreshes the content cards from the simulated server (`contentCardsController.simulatedFeed`).
    open func requestContentCardsRefresh() { contentCardsController.refresh() }

    /// Records that the content-card feed was shown.
    open func logContentCardsDisplayed() { environment.trace.record(.analytics, "contentCards.displayed", [:]) }

    /// Refreshes the News Feed (from `feedController.simulatedFeed` headlessly).
    open func requestFeedRefresh() { feedController.refresh() }

    /// Records that the News Feed was shown.
    open func logFeedDisplayed() { environment.trace.record(.analytics, "feed.displayed", [:]) }

    /// Records a flush request (nothing is sent headless).
    open func requestImmediateDataFlush() { environment.trace.record(.delivery, "dataFlushRequested", [:]) }

    /// Old name of `requestImmediateDataFlush()`.
    @available(*, deprecated, renamed: "requestImmediateDataFlush()")
    open func flushDataAndProcessRequestQueue() { requestImmediateDataFlush() }

    /// A device identifier, stable for this instance.
    open func getDeviceId() -> String { deviceID }

    /// Keeps the push token (read back from `deviceToken`).
    open func registerDeviceToken(_ deviceToken: Data) {
        token.withLock { $0 = deviceToken }
        environment.trace.record(.delivery, "deviceTokenRegistered", ["bytes": String(deviceToken.count)])
    }

    /// Handles a remote notification: records it and completes with `.noData` (no content is fetched headless).
    open func register(_ application: UIApplication, didReceiveRemoteNotification notification: [AnyHashable: Any],
                       fetchCompletionHandler completionHandler: ((UIBackgroundFetchResult) -> Void)?) {
        environment.trace.record(.delivery, "remoteNotificationReceived", ["keys": String(notification.count)])
        completionHandler?(.noData)
    }

    /// Records the push authorization the app obtained.
    open func pushAuthorization(fromUserNotificationCenter pushAuthGranted: Bool) {
        environment.trace.record(.delivery, "pushAuthorization", ["granted": String(pushAuthGranted)])
    }
}
