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
    /// The Messaging extension evaluates its in-app rules against it, so a message whose rule names the action is
    /// triggered and shown.
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

    /// Sends `event` to the current environment's event hub (AEPCore `MobileCore.dispatch(event:)`): it is traced
    /// (kind `event`, named after the event), recorded in event history when it has a `mask`, and heard — in
    /// dispatch order, on the background executor — by every registered extension listening for its type and source
    /// (AEPMessaging evaluates its in-app rules against every event) and by `registerEventListener` listeners.
    public static func dispatch(event: Event) {
        EventHub.current.dispatch(event)
    }

    /// Sends `event` and waits for its response: `responseCallback` gets the first event dispatched with
    /// `responseID` equal to `event.id` (see `Event.createResponseEvent`), or nil once `timeout` seconds of the
    /// environment's virtual clock pass without one. The extensions answer their requests as AEP's do (Messaging's
    /// "Get propositions", Configuration's "Configuration Request"…); an app's own extension can answer its own.
    public static func dispatch(event: Event, timeout: TimeInterval = 1, responseCallback: @escaping (Event?) -> Void) {
        let hub = EventHub.current
        hub.awaitResponse(to: event, timeout: timeout, responseCallback)
        hub.dispatch(event)
    }

    /// Calls `listener` (on a background thread) with every event of `type` and `source` dispatched afterwards in
    /// this environment; `EventType.wildcard` / `EventSource.wildcard` match any.
    public static func registerEventListener(type: String, source: String, listener: @escaping EventListener) {
        EventHub.current.placeholder.registerListener(type: type, source: source, listener: listener)
    }

    /// Asks every identity extension to forget its identities (AEPCore `MobileCore.resetIdentities()`): dispatches a
    /// "Reset Identities Request" (`EventType.genericIdentity` / `EventSource.requestReset`). Headless, AEPEdgeIdentity's
    /// `Identity`, when registered, forgets its map and makes a new ECID on next use.
    public static func resetIdentities() {
        dispatch(event: Event(name: "Reset Identities Request", type: EventType.genericIdentity,
                              source: EventSource.requestReset, data: nil))
    }

    /// Makes sure the extension of `type` runs on the current environment's hub, without listing it as registered
    /// (how AEPMessaging and AEPEdge are present when their APIs are used before `registerExtensions`).
    /// The hub's own runtime (the one `registerEventListener` listeners live in), for an extension object that
    /// cannot be made on the hub.
    @_spi(OpenInApp) public static var eventHubRuntime: any ExtensionRuntime { EventHub.current.placeholder }

    /// Returns the extension object (nil when it refused to be made).
    @_spi(OpenInApp) @discardableResult
    public static func attachImplicitly(_ type: any Extension.Type) -> (any Extension)? {
        EventHub.current.attach(type)?.extensionObject
    }

    /// Event history of the current environment's hub, answered at once (AEP's rules engine waits for
    /// `getHistoricalEvents` the same way): per request, the matching records.
    @_spi(OpenInApp) public static func queryEventHistory(_ requests: [EventHistoryRequest], enforceOrder: Bool) -> [EventHistoryResult] {
        EventHub.current.history.query(requests, enforceOrder: enforceOrder)
    }

    /// Records `event` in the current environment's event history (its masked keys, or all of its data without
    /// a mask), as an extension's `recordHistoricalEvent` does.
    @_spi(OpenInApp) public static func recordEventHistory(_ event: Event) {
        EventHub.current.history.record(event)
    }

    /// Whether an extension of that name is registered in the current environment.
    @_spi(OpenInApp) public static func isRegistered(extensionName: String) -> Bool {
        CoreSetup.shared.state.withLock { $0.registered.contains { $0.name == extensionName } }
    }
}
