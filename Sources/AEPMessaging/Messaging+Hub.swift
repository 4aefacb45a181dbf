import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore
@_spi(OpenInApp) import AEPServices

/// The Messaging extension's side of the event hub: the event names and data keys AEPMessaging uses, and how the
/// extension answers its requests (dispatched by the public API, see `Messaging+Surfaces.swift`) and hears the
/// Edge network's personalization responses.
///
/// A personalization request is a "Retrieve message definitions" event (`edge` / `requestContent`, XDM
/// `personalization.request`, the surfaces and supported schemas under `query.personalization`), carried to the
/// (simulated) network by the Edge extension. Its answer comes back as "AEP Response Event Handle" events
/// (`edge` / `personalization:decisions`, with the request's id as `requestEventId`), "AEP Error Response" events
/// (`edge` / `errorResponseContent`) and one "AEP Response Complete" (`edge` / `contentComplete`), on which the
/// extension applies what came back. Without a completion within 10 virtual seconds the request fails.
extension Messaging {
    /// AEPMessaging's event names.
    enum Names {
        static let refreshMessages = "Refresh in-app messages"
        static let retrieveMessageDefinitions = "Retrieve message definitions"
        static let updatePropositions = "Update propositions"
        static let getPropositions = "Get propositions"
        static let trackPropositions = "Track propositions"
        static let propositionsResponse = "Message propositions response"
        static let eventHistoryWrite = "Write IAM event to history"
        static let messageInteraction = "Messaging interaction event"
    }

    /// AEPMessaging's event data keys and its event-history source.
    enum Keys {
        static let refreshMessages = "refreshmessages"
        static let updatePropositions = "updatepropositions"
        static let getPropositions = "getpropositions"
        static let trackPropositions = "trackpropositions"
        static let propositionInteraction = "propositioninteraction"
        static let surfaces = "surfaces"
        static let propositions = "propositions"
        static let responseError = "responseerror"
        static let requestEventId = "requestEventId"
        static let iam = "iam"
        static let historySource = "com.adobe.eventSource.eventHistoryWrite"
    }

    /// A personalization request waiting for its completion.
    struct PendingRequest {
        var surfaces: [String]
        var handles: [JSONValue] = []
        var errors: [JSONValue] = []
        var completion: @Sendable (Bool) -> Void
    }

    // MARK: Requests

    func handleRequest(_ event: Event) {
        guard let data = event.data else { return }
        if data[Keys.refreshMessages] as? Bool == true {
            refresh()
        } else if data[Keys.updatePropositions] as? Bool == true {
            update(event)
        } else if data[Keys.getPropositions] as? Bool == true {
            answerGet(event)
        } else if data[Keys.trackPropositions] as? Bool == true {
            guard let xdm = data[Keys.propositionInteraction] as? [String: Any], !xdm.isEmpty else {
                AdobeLog.log(.debug, label: "Messaging", "Track propositions event without an interaction XDM; ignored.")
                return
            }
            Messaging.dispatchInteraction(xdm: JSONValue(any: xdm))
        }
    }

    private func refresh() {
        let surface = Surface()
        guard surface.uri != "unknown" else {
            AdobeLog.log(.warning, label: "Messaging", "Unable to update messages, cannot read the bundle identifier.")
            Messaging.store.withLock { $0.refreshInProgress = false }
            return
        }
        Messaging.fetch([surface.uri]) { _ in Messaging.store.withLock { $0.refreshInProgress = false } }
    }

    private func update(_ event: Event) {
        let completion = Messaging.store.withLock { $0.updateCompletions.removeValue(forKey: event.id) }
        let uris = Messaging.surfaceURIs(in: event)
        guard !uris.isEmpty else {
            AdobeLog.log(.warning, label: "Messaging", "Update propositions event without valid surfaces; ignored.")
            completion?(false)
            return
        }
        Messaging.fetch(uris) { success in completion?(success) }
    }

    /// Answers a "Get propositions" request with the cached code-based propositions of its surfaces, once no
    /// personalization request is in flight.
    private func answerGet(_ event: Event) {
        let uris = Messaging.surfaceURIs(in: event)
        guard !uris.isEmpty else {
            dispatch(event: event.createResponseEvent(name: Names.propositionsResponse, type: EventType.messaging,
                                                      source: EventSource.responseContent,
                                                      data: [Keys.responseError: AEPError.invalidRequest.rawValue]))
            return
        }
        let runtime = Sendable2(self.runtime)
        let request = Sendable2(event)
        let retrieve: @Sendable () -> Void = {
            // As upstream: the surfaces' qualified content cards, then their code-based propositions.
            let (cards, cached) = Messaging.store.withLock { ($0.qualifiedCards, $0.codeBased) }
            let list = uris.flatMap { (cards[$0] ?? []) + (cached[$0] ?? []) }.compactMap(\.json).map(\.foundationPreservingIntegers)
            runtime.value.dispatch(event: request.value.createResponseEvent(
                name: Names.propositionsResponse, type: EventType.messaging, source: EventSource.responseContent,
                data: [Keys.propositions: list]))
        }
        let background = MessagingEnvironment.current.background
        let queued = Messaging.store.withLock { s -> Bool in
            guard s.requestsInFlight > 0 else { return false }
            s.waiting.append { background.execute(retrieve) }
            return true
        }
        if !queued { retrieve() }
    }

    static func surfaceURIs(in event: Event) -> [String] {
        let list = event.data?[Keys.surfaces] as? [Any] ?? []
        return list.compactMap { ($0 as? [String: Any])?["uri"] as? String }.filter { URL(string: $0) != nil }
    }

    // MARK: Personalization requests

    /// Sends one personalization request for `uris` (all valid) through the hub; `completion` tells whether it
    /// completed (after the response was applied) or timed out.
    static func fetch(_ uris: [String], completion: @escaping @Sendable (Bool) -> Void) {
        register()
        let environment = MessagingEnvironment.current
        let data: JSONValue = [
            "query": ["personalization": ["schemas": .array(supportedSchemas), "surfaces": .array(uris.map(JSONValue.string))]],
            "xdm": ["eventType": "personalization.request"],
            "data": ["__adobe": ["ajo": ["in-app-response-format": 2]]],
            "request": ["sendCompletion": true],
        ]
        let event = Event(name: Names.retrieveMessageDefinitions, type: EventType.edge, source: EventSource.requestContent,
                          data: data.foundationPreservingIntegers as? [String: Any])
        let id = event.id.uuidString
        store.withLock { s in
            s.requestsInFlight += 1
            s.requests[id] = PendingRequest(surfaces: uris, completion: completion)
        }
        let trace = environment.trace
        let background = environment.background
        trace.record(.delivery, "propositionsRequested", ["surfaces": uris.joined(separator: ",")])
        environment.clock.schedule(after: requestTimeout) { background.execute { finish(id, completed: false, trace: trace) } }
        MobileCore.dispatch(event: event)
    }

    func handlePersonalizationDecisions(_ event: Event) {
        guard let id = event.data?[Keys.requestEventId] as? String else { return }
        let handle = JSONValue(any: event.data)
        Messaging.store.withLock { s in s.requests[id]?.handles.append(handle) }
    }

    func handleErrorResponse(_ event: Event) {
        guard let id = event.data?[Keys.requestEventId] as? String else { return }
        let error = JSONValue(any: event.data)
        Messaging.store.withLock { s in s.requests[id]?.errors.append(error) }
    }

    func handleContentComplete(_ event: Event) {
        guard let id = event.data?[Keys.requestEventId] as? String else { return }
        Messaging.finish(id, completed: true, trace: MessagingEnvironment.current.trace)
    }

    /// Ends a personalization request (once): applies its response when it completed, runs the work waiting for
    /// requests to end, then its completion.
    static func finish(_ id: String, completed: Bool, trace: Trace) {
        guard let pending = store.withLock({ $0.requests.removeValue(forKey: id) }) else { return }
        if completed {
            apply(EdgeNetworkResponse(requestId: id, handles: pending.handles, errors: pending.errors),
                  requested: pending.surfaces, trace: trace)
        } else {
            trace.record(.diagnostic, "propositionsRequestTimedOut", ["surfaces": pending.surfaces.joined(separator: ",")])
        }
        let waiting = store.withLock { s -> [@Sendable () -> Void] in
            s.requestsInFlight = max(0, s.requestsInFlight - 1)
            guard s.requestsInFlight == 0 else { return [] }
            defer { s.waiting = [] }
            return s.waiting
        }
        trace.record(.callback, "updatePropositions.completion", ["success": String(completed)])
        pending.completion(completed)
        for work in waiting { work() }
    }

    /// Applies a personalization response for the requested surfaces (see `Messaging+Surfaces.swift`).
    static func apply(_ response: EdgeNetworkResponse, requested: [String], trace: Trace) {
        let decoded = decode(response.propositions, base: "payload", trace: trace)
        let parsed = ParsedPropositions(decoded, requestedSurfaces: requested, trace: trace)
        let returned = Set(decoded.map(\.scope))
        let removed = requested.filter { !returned.contains($0) }
        store.withLock { s in
            for (surface, list) in parsed.codeBased { s.codeBased[surface] = list }
            for surface in removed { s.codeBased[surface] = nil }
            for surface in requested {
                s.setInApp(parsed.inApp[surface] ?? [], for: surface)
                s.cardRules[surface] = parsed.cardRules[surface]
                s.historyRules[surface] = parsed.historyRules[surface]
            }
        }
        let ids = requested.flatMap { parsed.inApp[$0] ?? [] }.map(\.itemId)
        trace.record(.delivery, "propositionsUpdated", [
            "surfaces": requested.joined(separator: ","), "items": ids.joined(separator: ","),
            "codeBased": String(parsed.codeBased.values.map(\.count).reduce(0, +)),
            "errors": String(response.errors.count)])
        seedContentCards(requested: requested, trace: trace)
    }

    // MARK: Outgoing events

    /// Sends an interaction XDM to the Edge network (a "Messaging interaction event", `edge` / `requestContent`,
    /// data `{"xdm": ...}`), through the hub.
    static func dispatchInteraction(xdm: JSONValue) {
        register()
        let data: JSONValue = ["xdm": xdm]
        MobileCore.dispatch(event: Event(name: Names.messageInteraction, type: EventType.edge, source: EventSource.requestContent,
                                         data: data.foundationPreservingIntegers as? [String: Any]))
    }

    /// Writes an event-history record as AEPMessaging does: a "Write IAM event to history" event (`messaging` /
    /// `com.adobe.eventSource.eventHistoryWrite`) with data `{"iam": {"eventType", "id": <activity id>, "action"}}`
    /// and mask `iam.eventType`, `iam.id`, `iam.action`, which the hub records in event history.
    static func dispatchHistoryWrite(activityId: String, eventType: MessagingEdgeEventType, action: String) {
        MobileCore.dispatch(event: Event(
            name: Names.eventHistoryWrite, type: EventType.messaging, source: Keys.historySource,
            data: [Keys.iam: ["eventType": eventType.propositionEventType, "id": activityId, "action": action]],
            mask: ["iam.eventType", "iam.id", "iam.action"]))
    }
}

extension Proposition {
    /// The proposition as JSON (`{"id", "scope", "scopeDetails", "items"}`).
    var json: JSONValue? {
        guard let data = try? JSONEncoder().encode(self) else { return nil }
        return try? JSONValue(parsing: data)
    }
}

/// A value the compiler cannot prove `Sendable`, handed to one executor hop.
struct Sendable2<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
