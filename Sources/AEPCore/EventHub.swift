import Foundation
import InAppCore
@_spi(OpenInApp) import AEPServices

/// The headless event hub of one `MessagingEnvironment` (each test its own): the extensions it made (each in an
/// `ExtensionContainer` with its listeners and its queue of events), the requests waiting for a response, the
/// extensions' shared states and event history.
///
/// - Every dispatched event gets the next number, is traced (`event` kind, named after the event, with its type,
///   source and id), recorded in event history when it has a `mask`, handed to the request waiting for it (when it
///   is a response), then queued for every extension. Extensions hear their queue in order, one event at a time,
///   on the environment's background executor; an extension whose `readyForEvent` answers false holds its queue
///   until another event is dispatched or a shared state changes.
/// - Shared states are versioned by event number: a state created at an event is what readers asking "as of"
///   that event or a later one see.
/// - A request's wait (`dispatch(event:timeout:responseCallback:)`) runs on the environment's (virtual) clock.
final class EventHub: @unchecked Sendable {
    static let name = "com.adobe.module.eventhub"
    static let stateChange = "Shared state change"
    static let xdmStateChange = "Shared state change (XDM)"
    static let stateOwner = "stateowner"

    /// The hub of the current environment.
    static var current: EventHub { hub(for: MessagingEnvironment.current) }

    static func hub(for environment: MessagingEnvironment) -> EventHub {
        environment.shared(EventHub.self) { EventHub(environment: environment) }
    }

    // The environment's parts, not the environment (the hub lives in the environment's own store).
    let trace: Trace
    let background: any CallbackExecutor
    let clock: any MessagingClock
    let history = EventHistoryStore()

    struct StateEntry {
        var version: Int
        var value: [String: Any]?
        var pending: Bool
    }
    struct StateKey: Hashable {
        var owner: String
        var xdm: Bool
    }

    private let lock = NSLock()
    private var containers: [ExtensionContainer] = []
    /// The hub's own container: the app's listeners (`MobileCore.registerEventListener`) live here.
    private(set) var placeholder: ExtensionContainer!
    private var waiting: [UUID: (callback: (Event?) -> Void, timer: ScheduledTimer)] = [:]
    private var lastNumber = 0
    private var states: [StateKey: [StateEntry]] = [:]
    private var drainScheduled = false
    private var draining = false
    private var drainAgain = false

    private init(environment: MessagingEnvironment) {
        trace = environment.trace
        background = environment.background
        clock = environment.clock
        let own = ExtensionContainer(hub: self, type: nil)
        own.name = EventHub.name
        own.friendlyName = "EventHub"
        own.started = true
        placeholder = own
        containers = [own]
    }

    // MARK: Extensions

    /// The container of the extension of `type`, made (and the extension registered) if there is none yet; nil
    /// when the extension refuses (`init?(runtime:)` returns nil) or its name is taken.
    @discardableResult
    func attach(_ type: any Extension.Type) -> ExtensionContainer? {
        if let existing = container(of: type) { return existing }
        let container = ExtensionContainer(hub: self, type: type)
        guard let made = type.init(runtime: container) else {
            AdobeLog.log(.error, label: "EventHub", "\(type) refused to be made (init?(runtime:) returned nil); not registered")
            trace.record(.diagnostic, "extensionRefused", ["type": "\(type)"])
            return nil
        }
        container.extensionObject = made
        container.name = made.name
        container.friendlyName = made.friendlyName
        // Another thread may have made the same type meanwhile: that one wins, this one is dropped unannounced.
        let (added, winner) = lock.withLock { () -> (Bool, ExtensionContainer?) in
            if let same = containers.first(where: { $0.typeID == container.typeID }) { return (false, same) }
            if containers.contains(where: { $0.name == made.name }) { return (false, nil) }
            containers.append(container)
            return (true, nil)
        }
        if let winner { return winner }
        guard added else {
            AdobeLog.log(.error, label: "EventHub", "an extension named \(made.name) is already registered")
            trace.record(.diagnostic, "extensionNameTaken", ["extension": made.name])
            return nil
        }
        made.onRegistered()
        lock.withLock { if !container.stoppedByExtension { container.started = true } }
        scheduleDrain()
        return container
    }

    func container(of type: any Extension.Type) -> ExtensionContainer? {
        let id = ObjectIdentifier(type)
        return lock.withLock { containers.first { $0.typeID == id } }
    }

    func container(named name: String) -> ExtensionContainer? {
        lock.withLock { containers.first { $0.name == name } }
    }

    /// Removes the extension's container (its listeners stop hearing events) and calls its `onUnregistered`.
    @discardableResult
    func detach(_ container: ExtensionContainer) -> Bool {
        let removed = lock.withLock { () -> Bool in
            guard let i = containers.firstIndex(where: { $0 === container }), container !== placeholder else { return false }
            containers.remove(at: i)
            return true
        }
        guard removed else { return false }
        container.extensionObject?.onUnregistered()
        container.extensionObject = nil
        return true
    }

    /// Runs `body` under the hub's lock (containers' fields are guarded by it).
    func withContainers<R>(_ body: () -> R) -> R { lock.withLock(body) }

    /// Tries delivery again (an extension started its events).
    func kick() { scheduleDrain() }

    // MARK: Events

    func dispatch(_ event: Event) {
        let (number, response) = lock.withLock { () -> (Int, ((Event?) -> Void)?) in
            lastNumber += 1
            event.hubNumber = lastNumber
            for container in containers { container.queue.append(event) }
            let response = event.responseID.flatMap { waiting.removeValue(forKey: $0) }
            response?.timer.cancel()
            return (lastNumber, response?.callback)
        }
        var details = ["type": event.type, "source": event.source, "id": event.id.uuidString, "number": String(number)]
        if let responseID = event.responseID { details["responseID"] = responseID.uuidString }
        trace.record(.event, event.name, details)
        if event.mask != nil { history.record(event) }
        if let response {
            let call = Sendable1(response)
            let answer = Sendable1(event)
            background.execute { call.value(answer.value) }
        }
        scheduleDrain()
    }

    /// Waits for the response to `event` (an event whose `responseID` is its id) for `timeout` seconds of the
    /// environment's clock; `callback` gets the response, or nil once the time is up.
    func awaitResponse(to event: Event, timeout: TimeInterval, _ callback: @escaping (Event?) -> Void) {
        let id = event.id
        let trace = self.trace
        let background = self.background
        let timer = clock.schedule(after: timeout) { [weak self] in
            guard let self, let entry = self.lock.withLock({ self.waiting.removeValue(forKey: id) }) else { return }
            trace.record(.diagnostic, "eventResponseTimedOut", ["id": id.uuidString, "name": event.name])
            let call = Sendable1(entry.callback)
            background.execute { call.value(nil) }
        }
        lock.withLock { waiting[id] = (callback, timer) }
    }

    /// The number the hub gave `event` when it was dispatched.
    func number(of event: Event?) -> Int? {
        guard let event else { return nil }
        return lock.withLock { event.hubNumber }
    }

    private func scheduleDrain() {
        let schedule = lock.withLock { () -> Bool in
            if drainScheduled { return false }
            drainScheduled = true
            return true
        }
        if schedule { background.execute { [weak self] in self?.drain() } }
    }

    /// Delivers queued events to every started extension, in order, until no queue can move.
    private func drain() {
        let enter = lock.withLock { () -> Bool in
            drainScheduled = false
            if draining { drainAgain = true; return false }
            draining = true
            return true
        }
        guard enter else { return }
        while true {
            var moved = false
            for container in lock.withLock({ containers }) {
                while deliverNext(to: container) { moved = true }
            }
            let again = lock.withLock { () -> Bool in
                let again = drainAgain
                drainAgain = false
                if !again && !moved { draining = false }
                return again || moved
            }
            if !again { return }
        }
    }

    /// Delivers the next queued event to `container` if it is started and ready; whether one was delivered.
    private func deliverNext(to container: ExtensionContainer) -> Bool {
        guard let event = lock.withLock({ container.started ? container.queue.first : nil }) else { return false }
        if let made = container.extensionObject, !made.readyForEvent(event) { return false }
        let listeners = lock.withLock { () -> [EventListener] in
            guard container.queue.first === event else { return [] }
            container.queue.removeFirst()
            container.lastDelivered = event.hubNumber ?? container.lastDelivered
            return container.listeners.filter { $0.matches(event) }.map(\.listener)
        }
        for listener in listeners { listener(event) }
        return true
    }

    // MARK: Shared states

    func setSharedState(owner: String, xdm: Bool, data: [String: Any]?, event: Event?, pending: Bool) -> Int {
        let version = lock.withLock { () -> Int in
            let version = event?.hubNumber ?? lastNumber
            let key = StateKey(owner: owner, xdm: xdm)
            var list = states[key] ?? []
            if let i = list.lastIndex(where: { $0.version == version }) {
                list[i] = StateEntry(version: version, value: data, pending: pending)
            } else {
                list.append(StateEntry(version: version, value: data, pending: pending))
                list.sort { $0.version < $1.version }
            }
            states[key] = list
            return version
        }
        trace.record(.delivery, "sharedState", ["owner": owner, "xdm": String(xdm), "version": String(version),
                                                "status": pending ? "pending" : "set"])
        if !pending { announceStateChange(owner: owner, xdm: xdm) }
        return version
    }

    func resolvePendingState(owner: String, xdm: Bool, version: Int, data: [String: Any]?) {
        let resolved = lock.withLock { () -> Bool in
            let key = StateKey(owner: owner, xdm: xdm)
            guard var list = states[key], let i = list.firstIndex(where: { $0.version == version && $0.pending }) else { return false }
            list[i] = StateEntry(version: version, value: data, pending: false)
            states[key] = list
            return true
        }
        guard resolved else {
            AdobeLog.log(.warning, label: "EventHub", "pending shared state of \(owner) at \(version) was already resolved")
            return
        }
        trace.record(.delivery, "sharedState", ["owner": owner, "xdm": String(xdm), "version": String(version), "status": "set"])
        announceStateChange(owner: owner, xdm: xdm)
    }

    func sharedState(owner: String, xdm: Bool, event: Event?, barrier: Bool, resolution: SharedStateResolution) -> SharedStateResult? {
        lock.withLock { () -> SharedStateResult? in
            let ownerContainer = containers.first { $0.name == owner }
            let list = states[StateKey(owner: owner, xdm: xdm)] ?? []
            if ownerContainer == nil && list.isEmpty { return nil }
            let limit = event?.hubNumber ?? Int.max
            let candidates = list.filter { $0.version <= limit && (resolution == .any || !$0.pending) }
            guard let entry = candidates.last else { return SharedStateResult(status: .none, value: nil) }
            if entry.pending { return SharedStateResult(status: .pending, value: nil) }
            // A barrier read waits until the owner has handled the events before this one.
            if barrier, limit != .max, let ownerContainer, ownerContainer.lastDelivered < limit - 1 {
                return SharedStateResult(status: .pending, value: entry.value)
            }
            return SharedStateResult(status: .set, value: entry.value)
        }
    }

    private func announceStateChange(owner: String, xdm: Bool) {
        dispatch(Event(name: xdm ? EventHub.xdmStateChange : EventHub.stateChange, type: EventType.hub,
                       source: EventSource.sharedState, data: [EventHub.stateOwner: owner]))
    }
}

/// A value the compiler cannot prove `Sendable`, handed to one executor hop.
struct Sendable1<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
