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

    /// Starts the SDK. `appboyOptions` keys with an in-app message effect: `ABKMinimumTriggerTimeIntervalKey`
    /// (number of seconds; invalid values keep the default 30 and are recorded in the trace),
    /// `ABKInAppMessageControllerDelegateKey`, `ABKEnableDismissModalOnOutsideTapKey`, `ABKURLDelegateKey`.
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

    init(apiKey: String, options: [AnyHashable: Any], environment: MessagingEnvironment) {
        self.apiKey = apiKey
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
}
