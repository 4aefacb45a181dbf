import Foundation
import InAppCore
@_spi(OpenInApp) import AEPServices

/// An event the SDK sent toward Adobe's Edge network (an `Edge` request event, a Messaging interaction, a
/// personalization request), or an identity update, as the harness reads it from `EdgeNetwork.events`.
public struct EdgeEventRecord: Hashable, Sendable {
    /// A unique id; a personalization response echoes it as its `requestId`.
    public var id: String
    /// The event name, e.g. `Messaging interaction event`, `Retrieve message definitions`, `AEP Request Event`.
    public var name: String
    /// The event type, e.g. `com.adobe.eventType.edge`.
    public var type: String
    /// The event source, e.g. `com.adobe.eventSource.requestContent`.
    public var source: String
    /// The event data (for Edge events `{"xdm": {...}, ...}`).
    public var data: JSONValue
    /// Virtual time at which it was sent.
    public var time: TimeInterval

    public init(id: String, name: String, type: String, source: String, data: JSONValue, time: TimeInterval) {
        self.id = id; self.name = name; self.type = type; self.source = source; self.data = data; self.time = time
    }

    /// `data.xdm`, or `.null`.
    public var xdm: JSONValue {
        if case .object(let o) = data, let xdm = o["xdm"] { return xdm }
        return .null
    }
}

/// What the simulated network answers to a request, as the Edge network would: a list of handles
/// (`[{"type": "personalization:decisions", "payload": [...]}, ...]`) plus errors, or nothing when it timed out.
public struct EdgeNetworkResponse: Sendable {
    /// The request this answers.
    public var requestId: String
    /// The response handles (`{"type": ..., "payload": [...]}`).
    public var handles: [JSONValue]
    /// Error entries (`{"status": ..., "title": ..., "detail": ...}`).
    public var errors: [JSONValue]

    public init(requestId: String, handles: [JSONValue], errors: [JSONValue] = []) {
        self.requestId = requestId; self.handles = handles; self.errors = errors
    }

    /// The propositions of every `personalization:decisions` handle, in order.
    public var propositions: [JSONValue] {
        handles.flatMap { handle -> [JSONValue] in
            guard case .object(let h) = handle, h["type"]?.stringValue == "personalization:decisions",
                  case .array(let payload)? = h["payload"] else { return [] }
            return payload
        }
    }
}

/// OpenInApp's simulated Adobe Edge network: there is no network, the test (or `iam simulate`) decides what it
/// answers. One per `MessagingEnvironment` (a test `Harness` gets its own); `EdgeNetwork.current` is that of
/// `MessagingEnvironment.current`.
///
/// - What it answers to a personalization request: for each requested surface, the propositions handed to
///   `respond(toSurface:with:)` (none if nothing was set), inside one `personalization:decisions` handle;
///   `fail(surface:status:title:)` adds an error entry instead. The answer comes after `latency` virtual seconds
///   (0: on the next background turn). `isReachable = false` makes every request go unanswered, so callers see
///   their time-outs on the virtual clock.
/// - What it records: every event sent to it (`events`, also in the trace as `analytics` `edge.request`),
///   in order, with `data` as AEP builds it.
public final class EdgeNetwork: @unchecked Sendable {
    private struct State {
        var surfaceReplies: [String: [JSONValue]] = [:]
        var surfaceErrors: [String: JSONValue] = [:]
        var experienceEventHandles: [JSONValue] = []
        var latency: TimeInterval = 0
        var reachable = true
        var bundleIdentifier: String? = Bundle.main.bundleIdentifier
        var events: [EdgeEventRecord] = []
        var sequence = 0
    }
    private let state = Locked(State())
    // The environment's parts, not the environment: the per-environment registry must not keep it alive.
    private let clock: any MessagingClock
    private let background: any CallbackExecutor
    private let trace: Trace

    /// A network on `environment`'s clock, background executor and trace (it does not retain the environment).
    public init(environment: MessagingEnvironment) {
        clock = environment.clock
        background = environment.background
        trace = environment.trace
    }

    // MARK: What the harness controls

    /// Sets what the network returns for `surface` (a surface URI such as `mobileapp://com.example.app/home`):
    /// `propositions` is a JSON array of propositions (or a single proposition, or `{"propositions": [...]}`).
    /// Replaces any earlier answer or error for that surface.
    public func respond(toSurface surface: String, with propositions: JSONValue) {
        let list: [JSONValue]
        switch propositions {
        case .array(let a): list = a
        case .object(let o):
            if case .array(let a)? = o["propositions"] { list = a } else { list = [propositions] }
        default: list = []
        }
        state.withLock { s in
            s.surfaceReplies[surface] = list
            s.surfaceErrors[surface] = nil
        }
    }

    /// `respond(toSurface:with:)` from JSON text; throws `JSONParseError` when it is not JSON.
    public func respond(toSurface surface: String, withJSON json: String) throws {
        respond(toSurface: surface, with: try JSONValue(parsing: json))
    }

    /// Registers the propositions of an Edge response envelope (`{"requestId": ..., "handle": [{"type":
    /// "personalization:decisions", "payload": [...]}]}`, or its `handle` array) under their `scope`; returns the
    /// surfaces it named, in order of first appearance.
    @discardableResult
    public func respond(withEnvelope envelope: JSONValue) -> [String] {
        let handles: [JSONValue]
        switch envelope {
        case .array(let a): handles = a
        case .object(let o):
            if case .array(let a)? = o["handle"] { handles = a } else { handles = [envelope] }
        default: handles = []
        }
        var order: [String] = []
        var byScope: [String: [JSONValue]] = [:]
        for proposition in EdgeNetworkResponse(requestId: "", handles: handles).propositions {
            guard case .object(let p) = proposition, let scope = p["scope"]?.stringValue else { continue }
            if byScope[scope] == nil { order.append(scope) }
            byScope[scope, default: []].append(proposition)
        }
        for scope in order { respond(toSurface: scope, with: .array(byScope[scope] ?? [])) }
        return order
    }

    /// Makes requests for `surface` come back with an Edge error entry instead of propositions (the request still
    /// completes, as on the Edge network).
    public func fail(surface: String, status: Int = 500, title: String = "Unexpected Error") {
        state.withLock { s in
            s.surfaceReplies[surface] = nil
            s.surfaceErrors[surface] = ["status": .number(Double(status)), "title": .string(title),
                                        "report": ["surface": .string(surface)]]
        }
    }

    /// The handles `Edge.sendEvent(experienceEvent:_:)` completes with (default none).
    public func respondToExperienceEvents(with handles: [JSONValue]) {
        state.withLock { $0.experienceEventHandles = handles }
    }

    /// Virtual seconds between a request and its answer (default 0).
    public var latency: TimeInterval {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = max(0, newValue.isFinite ? newValue : 0) } }
    }

    /// When false, requests are recorded but never answered (default true).
    public var isReachable: Bool {
        get { state.withLock { $0.reachable } }
        set { state.withLock { $0.reachable = newValue } }
    }

    /// The simulated app's bundle identifier, from which the app surface `mobileapp://<bundleIdentifier>` is made
    /// (default `Bundle.main.bundleIdentifier`; nil or empty gives AEP's `unknown` surface).
    public var bundleIdentifier: String? {
        get { state.withLock { $0.bundleIdentifier } }
        set { state.withLock { $0.bundleIdentifier = newValue } }
    }

    /// Forgets every answer and error set, and the recorded events; latency 0, reachable.
    public func reset() {
        state.withLock { s in
            let bundle = s.bundleIdentifier
            s = State()
            s.bundleIdentifier = bundle
        }
    }

    // MARK: What the harness reads

    /// Every event sent, in order.
    public var events: [EdgeEventRecord] { state.withLock { $0.events } }

    /// The events of one type (e.g. `com.adobe.eventType.edge`).
    public func events(ofType type: String) -> [EdgeEventRecord] { events.filter { $0.type == type } }

    /// The XDM `eventType` of every Edge event sent, in order (`decisioning.propositionDisplay`,
    /// `personalization.request`, ...).
    public var xdmEventTypes: [String] {
        events(ofType: EdgeNetwork.edgeType).compactMap { event in
            if case .object(let x) = event.xdm { return x["eventType"]?.stringValue }
            return nil
        }
    }

    // MARK: Used by the facades

    /// `com.adobe.eventType.edge`.
    public static let edgeType = "com.adobe.eventType.edge"
    /// `com.adobe.eventSource.requestContent`.
    public static let requestContent = "com.adobe.eventSource.requestContent"

    /// Records an event (and traces it); returns its record.
    @_spi(OpenInApp) @discardableResult
    public func record(name: String, type: String = EdgeNetwork.edgeType, source: String = EdgeNetwork.requestContent,
                       data: JSONValue) -> EdgeEventRecord {
        let now = clock.now
        let record = state.withLock { s -> EdgeEventRecord in
            s.sequence += 1
            let r = EdgeEventRecord(id: "edge-request-\(s.sequence)", name: name, type: type, source: source,
                                    data: data, time: now)
            s.events.append(r)
            return r
        }
        trace.record(.analytics, "edge.request", ["name": name, "type": type, "id": record.id])
        return record
    }

    /// Sends a personalization request for `surfaces`: records it, then answers on the background executor after
    /// `latency` — or, unreachable or slower than `timeout`, calls `completion(nil)` when `timeout` virtual seconds
    /// have passed. `completion` runs once.
    @_spi(OpenInApp)
    public func requestPropositions(event name: String, data: JSONValue, surfaces: [String], timeout: TimeInterval,
                                    completion: @escaping @Sendable (EdgeNetworkResponse?) -> Void) {
        let request = record(name: name, data: data)
        let once = Locked(false)
        let finish: @Sendable (EdgeNetworkResponse?) -> Void = { response in
            guard once.withLock({ done in defer { done = true }; return !done }) else { return }
            completion(response)
        }
        let (latency, reachable) = state.withLock { ($0.latency, $0.reachable) }
        let background = self.background
        let timer = clock.schedule(after: timeout) { background.execute { finish(nil) } }
        guard reachable, latency < timeout else { return }
        let answer: @Sendable () -> Void = { [weak self] in
            guard let self else { return finish(nil) }
            let response = state.withLock { s -> EdgeNetworkResponse in
                var payload: [JSONValue] = []
                var errors: [JSONValue] = []
                for surface in surfaces {
                    if let error = s.surfaceErrors[surface] { errors.append(error) }
                    payload += s.surfaceReplies[surface] ?? []
                }
                let handle: JSONValue = ["type": "personalization:decisions", "payload": .array(payload),
                                         "requestId": .string(request.id)]
                return EdgeNetworkResponse(requestId: request.id, handles: payload.isEmpty ? [] : [handle], errors: errors)
            }
            timer.cancel()
            trace.record(.analytics, "edge.response",
                                     ["requestId": request.id, "propositions": String(response.propositions.count),
                                      "errors": String(response.errors.count)])
            finish(response)
        }
        if latency == 0 {
            background.execute(answer)
        } else {
            _ = clock.schedule(after: latency) { background.execute(answer) }
        }
    }

    /// Sends an experience event: records it and completes with the handles set by
    /// `respondToExperienceEvents(with:)` on the background executor (after `latency`; never when unreachable).
    @_spi(OpenInApp)
    public func sendExperienceEvent(data: JSONValue, completion: (@Sendable ([JSONValue]) -> Void)?) {
        record(name: "AEP Request Event", data: data)
        guard let completion else { return }
        let (latency, reachable, handles) = state.withLock { ($0.latency, $0.reachable, $0.experienceEventHandles) }
        guard reachable else { return }
        let work: @Sendable () -> Void = { completion(handles) }
        let background = self.background
        if latency == 0 { background.execute(work) }
        else { _ = clock.schedule(after: latency) { background.execute(work) } }
    }

    // MARK: One network per environment

    private struct Entry {
        weak var environment: MessagingEnvironment?
        let network: EdgeNetwork
    }
    private static let registry = Locked([ObjectIdentifier: Entry]())

    /// The network of `environment`.
    public static func network(for environment: MessagingEnvironment) -> EdgeNetwork {
        registry.withLock { r in
            r = r.filter { $0.value.environment != nil }
            let key = ObjectIdentifier(environment)
            if let entry = r[key], entry.environment === environment { return entry.network }
            let network = EdgeNetwork(environment: environment)
            r[key] = Entry(environment: environment, network: network)
            return network
        }
    }

    /// The network of `MessagingEnvironment.current`.
    public static var current: EdgeNetwork { network(for: MessagingEnvironment.current) }
}
