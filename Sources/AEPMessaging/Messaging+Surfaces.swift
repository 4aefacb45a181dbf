import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore
@_spi(OpenInApp) import AEPServices

/// Fetching propositions from the (simulated) Edge network, as AEPMessaging does:
///
/// - `updatePropositionsForSurfaces` sends one personalization request (`Retrieve message definitions`, XDM
///   `personalization.request`, the surfaces and supported schemas in `query.personalization`) for the valid
///   surfaces; when the response has ended it applies what came back — per requested surface, code-based
///   propositions replace the cached ones and in-app rules replace the surface's rules; a requested surface that
///   came back empty loses both — then calls `completion(true)`. No valid surface: `completion(false)` at once.
///   No answer within 10 virtual seconds: `completion(false)`, nothing changes.
/// - `getPropositionsForSurfaces` answers from the cache of code-based propositions, after any request in flight
///   has ended; no valid surface: `AEPError.invalidRequest` at once; still waiting after 5 virtual seconds:
///   `AEPError.callbackTimeout`.
/// - `refreshInAppMessages` fetches the app surface (`mobileapp://<bundle identifier>`); while a refresh is in
///   flight another one does nothing.
///
/// Completions run on the environment's background executor.
extension Messaging {
    static let supportedSchemas: [JSONValue] = [
        "https://ns.adobe.com/personalization/html-content-item",
        "https://ns.adobe.com/personalization/json-content-item",
        "https://ns.adobe.com/personalization/ruleset-item",
        "https://ns.adobe.com/personalization/message/inbox",
    ]
    static let requestTimeout: TimeInterval = 10
    static let getTimeout: TimeInterval = 5

    /// Fetches in-app message definitions for the app surface.
    public static func refreshInAppMessages() {
        let started = store.withLock { s -> Bool in
            if s.refreshInProgress { return false }
            s.refreshInProgress = true
            return true
        }
        guard started else {
            AdobeLog.log(.trace, label: "Messaging", "Refresh already in progress")
            return
        }
        let surface = Surface()
        guard surface.uri != "unknown" else {
            AdobeLog.log(.warning, label: "Messaging", "Unable to update messages, cannot read the bundle identifier.")
            store.withLock { $0.refreshInProgress = false }
            return
        }
        fetch([surface]) { _ in store.withLock { $0.refreshInProgress = false } }
    }

    /// Fetches propositions for `surfaces` (no completion).
    public static func updatePropositionsForSurfaces(_ surfaces: [Surface]) {
        updatePropositionsForSurfaces(surfaces, nil)
    }

    /// Fetches propositions for `surfaces`; `completion` tells whether the request completed (see the extension).
    public static func updatePropositionsForSurfaces(_ surfaces: [Surface], _ completion: ((Bool) -> Void)? = nil) {
        let valid = surfaces.filter(\.isValid)
        guard !valid.isEmpty else {
            AdobeLog.log(.warning, label: "Messaging", "Cannot update propositions as the provided surfaces array has no valid items.")
            completion?(false)
            return
        }
        let done = completion.map(UncheckedCallback.init)
        fetch(valid) { success in done?.value(success) }
    }

    /// Calls `completion` with the cached code-based propositions of `surfaces`, keyed by surface (see the extension).
    public static func getPropositionsForSurfaces(_ surfaces: [Surface],
                                                  _ completion: @escaping ([Surface: [Proposition]]?, (any Error)?) -> Void) {
        let valid = surfaces.filter(\.isValid)
        guard !valid.isEmpty else {
            AdobeLog.log(.warning, label: "Messaging", "Cannot get propositions as the provided surfaces array has no valid items.")
            completion(nil, AEPError.invalidRequest)
            return
        }
        let environment = MessagingEnvironment.current
        // Closures keep the environment's parts, not the environment (they may wait in its clock).
        let trace = environment.trace
        let background = environment.background
        let uris = valid.map(\.uri)
        let once = Locked(false)
        let done = UncheckedCallback(completion)
        let answer: @Sendable ([Surface: [Proposition]]?, AEPError?) -> Void = { result, error in
            guard once.withLock({ d in defer { d = true }; return !d }) else { return }
            trace.record(.callback, "getPropositionsForSurfaces.completion",
                                     ["surfaces": String(result?.count ?? 0), "error": error.map { "\($0)" } ?? "none"])
            done.value(result, error)
        }
        let retrieve: @Sendable () -> Void = {
            let cached = store.withLock { $0.codeBased }
            var result: [Surface: [Proposition]] = [:]
            for uri in uris { if let list = cached[uri], !list.isEmpty { result[Surface(uri: uri)] = list } }
            answer(result, nil)
        }
        let queued = store.withLock { s -> Bool in
            guard s.requestsInFlight > 0 else { return false }
            s.waiting.append { background.execute(retrieve) }
            return true
        }
        if queued {
            _ = environment.clock.schedule(after: getTimeout) { background.execute { answer(nil, .callbackTimeout) } }
        } else {
            background.execute(retrieve)
        }
    }

    /// One personalization request for `surfaces` (all valid), then the response applied.
    static func fetch(_ surfaces: [Surface], completion: @escaping @Sendable (Bool) -> Void) {
        register()
        let environment = MessagingEnvironment.current
        let uris = surfaces.map(\.uri)
        let data: JSONValue = [
            "query": ["personalization": ["schemas": .array(supportedSchemas), "surfaces": .array(uris.map(JSONValue.string))]],
            "xdm": ["eventType": "personalization.request"],
            "data": ["__adobe": ["ajo": ["in-app-response-format": 2]]],
            "request": ["sendCompletion": true],
        ]
        store.withLock { $0.requestsInFlight += 1 }
        let trace = environment.trace
        trace.record(.delivery, "propositionsRequested", ["surfaces": uris.joined(separator: ",")])
        EdgeNetwork.network(for: environment).requestPropositions(
            event: "Retrieve message definitions", data: data, surfaces: uris, timeout: requestTimeout) { response in
            if let response {
                apply(response, requested: uris, trace: trace)
            } else {
                trace.record(.diagnostic, "propositionsRequestTimedOut", ["surfaces": uris.joined(separator: ",")])
            }
            let waiting = store.withLock { s -> [@Sendable () -> Void] in
                s.requestsInFlight = max(0, s.requestsInFlight - 1)
                guard s.requestsInFlight == 0 else { return [] }
                defer { s.waiting = [] }
                return s.waiting
            }
            trace.record(.callback, "updatePropositions.completion", ["success": String(response != nil)])
            completion(response != nil)
            for work in waiting { work() }
        }
    }

    /// Applies a personalization response for the requested surfaces (see the extension).
    static func apply(_ response: EdgeNetworkResponse, requested: [String], trace: Trace) {
        let decoded = decode(response.propositions, base: "payload", trace: trace)
        let parsed = ParsedPropositions(decoded, requestedSurfaces: requested, trace: trace)
        let returned = Set(decoded.map(\.scope))
        let removed = requested.filter { !returned.contains($0) }
        store.withLock { s in
            for (surface, list) in parsed.codeBased { s.codeBased[surface] = list }
            for surface in removed { s.codeBased[surface] = nil }
            for surface in requested { s.setInApp(parsed.inApp[surface] ?? [], for: surface) }
        }
        let ids = requested.flatMap { parsed.inApp[$0] ?? [] }.map(\.itemId)
        trace.record(.delivery, "propositionsUpdated", [
            "surfaces": requested.joined(separator: ","), "items": ids.joined(separator: ","),
            "codeBased": String(parsed.codeBased.values.map(\.count).reduce(0, +)),
            "errors": String(response.errors.count)])
    }
}

/// A completion the compiler cannot prove `Sendable`; it is called once.
private struct UncheckedCallback<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
