import Foundation
@_exported import AEPServices
import InAppCore

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
    /// Tracks a user action (AEPCore `MobileCore.track(action:data:)`): dispatches an "Analytics Track" event
    /// (`EventType.genericTrack` / `EventSource.requestContent`) with data `{"action": action, "contextdata": data}`.
    /// Headless, the event goes to the in-process listeners — AEPMessaging evaluates its in-app rules against it, so
    /// a message whose rule names the action is triggered and shown.
    public static func track(action: String?, data: [String: Any]?) {
        var eventData: [String: Any] = ["contextdata": data ?? [:]]
        if let action { eventData["action"] = action }
        dispatch(event: Event(name: "Analytics Track", type: EventType.genericTrack, source: EventSource.requestContent,
                              data: eventData))
    }

    /// Tracks a state (AEPCore `MobileCore.track(state:data:)`): data `{"state": state, "contextdata": data}`.
    public static func track(state: String?, data: [String: Any]?) {
        var eventData: [String: Any] = ["contextdata": data ?? [:]]
        if let state { eventData["state"] = state }
        dispatch(event: Event(name: "Analytics Track", type: EventType.genericTrack, source: EventSource.requestContent,
                              data: eventData))
    }

    /// Sends `event` to the event hub (AEPCore `MobileCore.dispatch(event:)`). Headless: it is recorded in the trace
    /// (`delivery.eventDispatched`), AEPMessaging evaluates its in-app rules against it, and the listeners registered
    /// for its type and source (`registerEventListener`) hear it on a background thread.
    public static func dispatch(event: Event) {
        EventHub.shared.dispatch(event)
    }

    /// Sends `event` and waits for its response: `responseCallback` gets the first event dispatched with
    /// `responseID` equal to `event.id` (see `Event.createResponseEvent`), or nil once `timeout` seconds of the
    /// environment's virtual clock pass without one. Headless, no stand-in extension answers requests, so only
    /// responses the app or test dispatches arrive.
    public static func dispatch(event: Event, timeout: TimeInterval = 1, responseCallback: @escaping (Event?) -> Void) {
        EventHub.shared.awaitResponse(to: event, timeout: timeout, responseCallback)
        EventHub.shared.dispatch(event)
    }

    /// Calls `listener` (on a background thread) with every event of `type` and `source` dispatched afterwards in
    /// this environment; `EventType.wildcard` / `EventSource.wildcard` match any.
    public static func registerEventListener(type: String, source: String, listener: @escaping EventListener) {
        EventHub.shared.addAppListener(type: type, source: source, listener)
    }

    /// Asks every identity extension to forget its identities (AEPCore `MobileCore.resetIdentities()`): dispatches a
    /// "Reset Identities Request" (`EventType.genericIdentity` / `EventSource.requestReset`). Headless, AEPEdgeIdentity's
    /// `Identity`, when registered, forgets its map and makes a new ECID on next use.
    public static func resetIdentities() {
        dispatch(event: Event(name: "Reset Identities Request", type: EventType.genericIdentity,
                              source: EventSource.requestReset, data: nil))
    }

    /// Registers a listener for events dispatched through `MobileCore` (how AEPMessaging hears app events).
    /// Process-wide: the listener reads `MessagingEnvironment.current` for the world the event belongs to.
    @_spi(OpenInApp) public static func addEventListener(
        _ listener: @escaping (_ type: String, _ source: String, _ data: [String: Any]) -> Void) {
        EventHub.shared.add(listener)
    }

    /// Whether an extension of that name is registered in the current environment.
    @_spi(OpenInApp) public static func isRegistered(extensionName: String) -> Bool {
        CoreSetup.shared.state.withLock { $0.registered.contains { $0.name == extensionName } }
    }
}

/// What `MobileCore.registerEventListener` calls.
public typealias EventListener = (Event) -> Void

/// The in-process event fan-out behind `MobileCore.dispatch` and `track`: the SDK's own listeners (process-wide,
/// installed once) and, per environment, the app's listeners and the requests waiting for a response.
final class EventHub: @unchecked Sendable {
    typealias Listener = (String, String, [String: Any]) -> Void
    static let shared = EventHub()
    private let lock = NSLock()
    private var listeners: [Listener] = []

    /// The app's listeners and pending responses of one environment.
    final class AppSide: @unchecked Sendable {
        let lock = NSLock()
        var listeners: [(type: String, source: String, listener: EventListener)] = []
        var pending: [UUID: (Event?) -> Void] = [:]
    }
    private var appSide: AppSide { MessagingEnvironment.current.shared(AppSide.self) { AppSide() } }

    func add(_ listener: @escaping Listener) {
        lock.lock(); listeners.append(listener); lock.unlock()
    }

    func addAppListener(type: String, source: String, _ listener: @escaping EventListener) {
        let side = appSide
        side.lock.lock(); side.listeners.append((type, source, listener)); side.lock.unlock()
    }

    func awaitResponse(to event: Event, timeout: TimeInterval, _ callback: @escaping (Event?) -> Void) {
        let environment = MessagingEnvironment.current
        let side = appSide
        let id = event.id
        side.lock.lock(); side.pending[id] = callback; side.lock.unlock()
        _ = environment.clock.schedule(after: timeout) {
            side.lock.lock(); let waiting = side.pending.removeValue(forKey: id); side.lock.unlock()
            guard let waiting else { return }
            let done = UncheckedResponse(waiting)
            environment.trace.record(.diagnostic, "eventResponseTimedOut", ["id": id.uuidString])
            environment.background.execute { done.callback(nil) }
        }
    }

    func dispatch(_ event: Event) {
        let environment = MessagingEnvironment.current
        environment.trace.record(.delivery, "eventDispatched", ["name": event.name, "type": event.type, "source": event.source])
        lock.lock(); let sdk = listeners; lock.unlock()
        for listener in sdk { listener(event.type, event.source, event.data ?? [:]) }

        let side = appSide
        side.lock.lock()
        let matching = side.listeners.filter { entry in
            (entry.type == EventType.wildcard || entry.type.caseInsensitiveCompare(event.type) == .orderedSame)
                && (entry.source == EventSource.wildcard || entry.source.caseInsensitiveCompare(event.source) == .orderedSame)
        }.map(\.listener)
        let response = event.responseID.flatMap { side.pending.removeValue(forKey: $0) }
        side.lock.unlock()
        let shared = UncheckedEvent(event)
        for listener in matching {
            let call = UncheckedListener(listener)
            environment.background.execute { call.listener(shared.event) }
        }
        if let response {
            let done = UncheckedResponse(response)
            environment.background.execute { done.callback(shared.event) }
        }
    }
}

private struct UncheckedEvent: @unchecked Sendable { let event: Event; init(_ e: Event) { event = e } }
private struct UncheckedListener: @unchecked Sendable { let listener: EventListener; init(_ l: @escaping EventListener) { listener = l } }
private struct UncheckedResponse: @unchecked Sendable {
    let callback: (Event?) -> Void
    init(_ c: @escaping (Event?) -> Void) { callback = c }
}
