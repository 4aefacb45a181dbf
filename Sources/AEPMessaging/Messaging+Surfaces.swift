import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore
@_spi(OpenInApp) import AEPServices

/// Fetching and reading propositions, as AEPMessaging's public API does: each call dispatches Messaging's request
/// event on the event hub (type `com.adobe.eventType.messaging`, source `com.adobe.eventSource.requestContent`),
/// and the Messaging extension answers it (see `Messaging+Hub.swift`):
///
/// - `refreshInAppMessages` dispatches "Refresh in-app messages" (`{"refreshmessages": true}`); the extension
///   fetches the app surface (`mobileapp://<bundle identifier>`). While a refresh is in flight another one
///   dispatches nothing.
/// - `updatePropositionsForSurfaces` dispatches "Update propositions" (`{"updatepropositions": true, "surfaces":
///   [{"uri": ...}]}`, valid surfaces only); the extension sends one personalization request for them and, when
///   the response has ended, applies what came back — per requested surface, code-based propositions replace the
///   cached ones and in-app rules replace the surface's rules; a requested surface that came back empty loses
///   both — then `completion(true)`. No valid surface: `completion(false)` at once, no event. No answer within 10
///   virtual seconds: `completion(false)`, nothing changes.
/// - `getPropositionsForSurfaces` dispatches "Get propositions" (`{"getpropositions": true, "surfaces": [...]}`)
///   and waits 5 virtual seconds for the extension's "Message propositions response" (`messaging` /
///   `responseContent`), which it sends once any request in flight has ended: `{"propositions": [...]}` gives the
///   propositions keyed by surface, `{"responseerror": <AEPError raw value>}` that error, a response without
///   either `AEPError.unexpected`, no response `AEPError.callbackTimeout`. No valid surface:
///   `AEPError.invalidRequest` at once, no event.
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
        register()
        let started = store.withLock { s -> Bool in
            if s.refreshInProgress { return false }
            s.refreshInProgress = true
            return true
        }
        guard started else {
            AdobeLog.log(.trace, label: "Messaging", "Refresh already in progress")
            return
        }
        MobileCore.dispatch(event: Event(name: Names.refreshMessages, type: EventType.messaging,
                                         source: EventSource.requestContent, data: [Keys.refreshMessages: true]))
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
        register()
        let event = Event(name: Names.updatePropositions, type: EventType.messaging, source: EventSource.requestContent,
                          data: [Keys.updatePropositions: true, Keys.surfaces: valid.map { ["uri": $0.uri] }])
        if let completion {
            let done = UncheckedCallback(completion)
            store.withLock { $0.updateCompletions[event.id] = { done.value($0) } }
        }
        MobileCore.dispatch(event: event)
    }

    /// Calls `completion` with the propositions of `surfaces` the extension holds, keyed by surface (see above).
    public static func getPropositionsForSurfaces(_ surfaces: [Surface],
                                                  _ completion: @escaping ([Surface: [Proposition]]?, (any Error)?) -> Void) {
        let valid = surfaces.filter(\.isValid)
        guard !valid.isEmpty else {
            AdobeLog.log(.warning, label: "Messaging", "Cannot get propositions as the provided surfaces array has no valid items.")
            completion(nil, AEPError.invalidRequest)
            return
        }
        register()
        let trace = MessagingEnvironment.current.trace
        let event = Event(name: Names.getPropositions, type: EventType.messaging, source: EventSource.requestContent,
                          data: [Keys.getPropositions: true, Keys.surfaces: valid.map { ["uri": $0.uri] }])
        let done = UncheckedCallback(completion)
        MobileCore.dispatch(event: event, timeout: getTimeout) { response in
            let (result, error) = answer(from: response, trace: trace)
            trace.record(.callback, "getPropositionsForSurfaces.completion",
                         ["surfaces": String(result?.count ?? 0), "error": error.map { "\($0)" } ?? "none"])
            done.value(result, error)
        }
    }

    /// What `getPropositionsForSurfaces` hands its completion for a response event (nil: timed out).
    static func answer(from response: Event?, trace: Trace) -> ([Surface: [Proposition]]?, AEPError?) {
        guard let response else { return (nil, .callbackTimeout) }
        if let code = response.data?[Keys.responseError] as? Int {
            return (nil, AEPError(rawValue: code) ?? .unexpected)
        }
        guard let list = response.data?[Keys.propositions] as? [Any] else { return (nil, .unexpected) }
        var result: [Surface: [Proposition]] = [:]
        for proposition in decode(list.map { JSONValue(any: $0) }, base: "propositions", trace: trace) {
            result[Surface(uri: proposition.scope), default: []].append(proposition)
        }
        return (result, nil)
    }
}

/// A completion the compiler cannot prove `Sendable`; it is called once.
struct UncheckedCallback<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
