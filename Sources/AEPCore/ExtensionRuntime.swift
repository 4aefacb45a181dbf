import Foundation

/// What an `Extension` uses to talk to the event hub (AEPCore `ExtensionRuntime`). The hub hands one to each
/// extension it makes; tests may pass their own to `init?(runtime:)`.
public protocol ExtensionRuntime: AnyObject {
    /// Unregisters the extension this runtime belongs to.
    func unregisterExtension()
    /// Adds a listener for events of `type` and `source` (`EventType.wildcard` / `EventSource.wildcard` match any).
    func registerListener(type: String, source: String, listener: @escaping EventListener)
    /// Resumes delivering events to the extension.
    func startEvents()
    /// Holds events for the extension until `startEvents()`.
    func stopEvents()
    /// Dispatches an event to the hub.
    func dispatch(event: Event)
    /// Publishes the extension's shared state at `event` (nil: the latest dispatched event).
    func createSharedState(data: [String: Any], event: Event?)
    /// Reserves a pending shared state at `event`; the resolver sets it.
    func createPendingSharedState(event: Event?) -> SharedStateResolver
    /// The shared state of `extensionName` as of `event` (nil: the latest).
    func getSharedState(extensionName: String, event: Event?, barrier: Bool) -> SharedStateResult?
    /// As above; `.lastSet` skips pending states and answers the last one set.
    func getSharedState(extensionName: String, event: Event?, barrier: Bool, resolution: SharedStateResolution) -> SharedStateResult?
    /// Publishes the extension's XDM shared state.
    func createXDMSharedState(data: [String: Any], event: Event?)
    /// Reserves a pending XDM shared state.
    func createPendingXDMSharedState(event: Event?) -> SharedStateResolver
    /// The XDM shared state of `extensionName` as of `event`.
    func getXDMSharedState(extensionName: String, event: Event?, barrier: Bool) -> SharedStateResult?
    /// As above, with a `resolution`.
    func getXDMSharedState(extensionName: String, event: Event?, barrier: Bool, resolution: SharedStateResolution) -> SharedStateResult?
    /// Counts the recorded events that match each request (see `EventHistoryRequest`); with `enforceOrder`, each
    /// request only counts events after the oldest match of the one before. `handler` runs on a background thread.
    func getHistoricalEvents(_ requests: [EventHistoryRequest], enforceOrder: Bool, handler: @escaping ([EventHistoryResult]) -> Void)
    /// Records `event` in event history (keyed by its `mask`, or by all its data); `handler` tells whether it was.
    func recordHistoricalEvent(_ event: Event, handler: ((Bool) -> Void)?)
}
