import Foundation
@_exported import AEPServices

/// The AEP Mobile Core entry point (AEPCore `MobileCore`); for in-app messages it only carries the
/// messaging delegate slot, which lives in `ServiceProvider.shared` (see there for retention).
public final class MobileCore: NSObject, @unchecked Sendable {
    private override init() { super.init() }

    /// The app's messaging delegate: writes `ServiceProvider.shared.messagingDelegate`, which holds it **weakly**
    /// (keep your own strong reference). As upstream, the getter is unavailable from Swift; read the slot with
    /// `getMessagingDelegate()` or `ServiceProvider.shared.messagingDelegate`.
    public static var messagingDelegate: (any MessagingDelegate)? {
        @available(*, unavailable, message: "write-only, as in AEPCore; read ServiceProvider.shared.messagingDelegate")
        get { ServiceProvider.shared.messagingDelegate }
        set { ServiceProvider.shared.messagingDelegate = newValue }
    }

    /// Android spelling (core 2.x `MobileCore.setMessagingDelegate`): the same slot, held **strongly** as on Android.
    public static func setMessagingDelegate(_ messagingDelegate: (any MessagingDelegate)?) {
        ServiceProvider.shared.setMessageDelegate(messagingDelegate)
    }

    /// Android spelling (core 2.x `MobileCore.getMessagingDelegate`): the delegate in the slot, if any.
    public static func getMessagingDelegate() -> (any MessagingDelegate)? {
        ServiceProvider.shared.messagingDelegate
    }
}

extension MobileCore {
    /// Tracks a user action (AEPCore `MobileCore.track(action:data:)`): dispatches a
    /// `com.adobe.eventType.generic.track` / `com.adobe.eventSource.requestContent` event with data
    /// `{"action": action, "contextdata": data}`. Headless, the event goes to the in-process listeners — AEPMessaging
    /// evaluates its in-app rules against it, so a message whose rule names the action is triggered and shown.
    public static func track(action: String?, data: [String: Any]?) {
        var eventData: [String: Any] = ["contextdata": data ?? [:]]
        if let action { eventData["action"] = action }
        EventHub.shared.dispatch(type: "com.adobe.eventType.generic.track", source: "com.adobe.eventSource.requestContent",
                                 data: eventData)
    }

    /// Tracks a state (AEPCore `MobileCore.track(state:data:)`): data `{"state": state, "contextdata": data}`.
    public static func track(state: String?, data: [String: Any]?) {
        var eventData: [String: Any] = ["contextdata": data ?? [:]]
        if let state { eventData["state"] = state }
        EventHub.shared.dispatch(type: "com.adobe.eventType.generic.track", source: "com.adobe.eventSource.requestContent",
                                 data: eventData)
    }

    /// Registers a listener for events dispatched through `MobileCore` (how AEPMessaging hears app events).
    @_spi(OpenInApp) public static func addEventListener(
        _ listener: @escaping (_ type: String, _ source: String, _ data: [String: Any]) -> Void) {
        EventHub.shared.add(listener)
    }
}

/// The in-process event fan-out behind `MobileCore.track`.
final class EventHub: @unchecked Sendable {
    typealias Listener = (String, String, [String: Any]) -> Void
    static let shared = EventHub()
    private let lock = NSLock()
    private var listeners: [Listener] = []

    func add(_ listener: @escaping Listener) {
        lock.lock(); listeners.append(listener); lock.unlock()
    }

    func dispatch(type: String, source: String, data: [String: Any]) {
        lock.lock(); let current = listeners; lock.unlock()
        for listener in current { listener(type, source, data) }
    }
}
