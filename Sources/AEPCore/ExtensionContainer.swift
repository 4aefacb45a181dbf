import Foundation
import InAppCore

/// One extension inside the event hub: the extension object, its listeners, its queue of events not yet heard,
/// and whether it hears them now. It is the extension's `ExtensionRuntime`.
final class ExtensionContainer: ExtensionRuntime, @unchecked Sendable {
    struct Registration {
        let type: String
        let source: String
        let listener: EventListener

        func matches(_ event: Event) -> Bool {
            (type == EventType.wildcard || type.caseInsensitiveCompare(event.type) == .orderedSame)
                && (source == EventSource.wildcard || source.caseInsensitiveCompare(event.source) == .orderedSame)
        }
    }

    weak var hub: EventHub?
    let typeID: ObjectIdentifier?
    var name = ""
    var friendlyName = ""
    var extensionObject: (any Extension)?
    // The fields below are guarded by the hub's lock.
    var listeners: [Registration] = []
    var queue: [Event] = []
    var started = false
    var stoppedByExtension = false
    var lastDelivered = 0

    init(hub: EventHub, type: (any Extension.Type)?) {
        self.hub = hub
        typeID = type.map { ObjectIdentifier($0) }
    }

    func unregisterExtension() {
        guard let hub else { return }
        let name = self.name
        if hub.detach(self) {
            CoreSetup.shared.forget(name: name)
            hub.trace.record(.delivery, "extensionUnregistered", ["extension": name])
        }
    }

    func registerListener(type: String, source: String, listener: @escaping EventListener) {
        hub?.withContainers { listeners.append(Registration(type: type, source: source, listener: listener)) }
    }

    func startEvents() {
        hub?.withContainers { started = true; stoppedByExtension = false }
        hub?.kick()
    }

    func stopEvents() {
        hub?.withContainers { started = false; stoppedByExtension = true }
    }

    func dispatch(event: Event) { hub?.dispatch(event) }

    func createSharedState(data: [String: Any], event: Event?) {
        _ = hub?.setSharedState(owner: name, xdm: false, data: data, event: event, pending: false)
    }

    func createPendingSharedState(event: Event?) -> SharedStateResolver { pending(xdm: false, event: event) }

    func getSharedState(extensionName: String, event: Event?, barrier: Bool) -> SharedStateResult? {
        getSharedState(extensionName: extensionName, event: event, barrier: barrier, resolution: .any)
    }

    func getSharedState(extensionName: String, event: Event?, barrier: Bool, resolution: SharedStateResolution) -> SharedStateResult? {
        hub?.sharedState(owner: extensionName, xdm: false, event: event, barrier: barrier, resolution: resolution)
    }

    func createXDMSharedState(data: [String: Any], event: Event?) {
        _ = hub?.setSharedState(owner: name, xdm: true, data: data, event: event, pending: false)
    }

    func createPendingXDMSharedState(event: Event?) -> SharedStateResolver { pending(xdm: true, event: event) }

    func getXDMSharedState(extensionName: String, event: Event?, barrier: Bool) -> SharedStateResult? {
        getXDMSharedState(extensionName: extensionName, event: event, barrier: barrier, resolution: .any)
    }

    func getXDMSharedState(extensionName: String, event: Event?, barrier: Bool, resolution: SharedStateResolution) -> SharedStateResult? {
        hub?.sharedState(owner: extensionName, xdm: true, event: event, barrier: barrier, resolution: resolution)
    }

    func getHistoricalEvents(_ requests: [EventHistoryRequest], enforceOrder: Bool,
                             handler: @escaping ([EventHistoryResult]) -> Void) {
        guard let hub else { handler(requests.map { _ in EventHistoryResult(count: -1) }); return }
        let results = Sendable1(hub.history.query(requests, enforceOrder: enforceOrder))
        let call = Sendable1(handler)
        hub.background.execute { call.value(results.value) }
    }

    func recordHistoricalEvent(_ event: Event, handler: ((Bool) -> Void)?) {
        guard let hub else { handler?(false); return }
        hub.history.record(event)
        guard let handler else { return }
        let call = Sendable1(handler)
        hub.background.execute { call.value(true) }
    }

    private func pending(xdm: Bool, event: Event?) -> SharedStateResolver {
        guard let hub else { return { _ in } }
        let owner = name
        let version = hub.setSharedState(owner: owner, xdm: xdm, data: nil, event: event, pending: true)
        return { [weak hub] data in hub?.resolvePendingState(owner: owner, xdm: xdm, version: version, data: data) }
    }
}
