import Foundation
import InAppCore
import AEPServices
@_spi(OpenInApp) import AEPCore
import AEPEdge

/// Why propositions could not be loaded.
public enum MessagingPropositionError: Error, Hashable, Sendable {
    /// The text is not JSON.
    case invalidJSON(String)
    /// A value has the wrong JSON type (`path` is where, e.g. `propositions[0].items`).
    case unexpectedType(path: String, expected: String)
    /// A required field is missing.
    case missingField(path: String)
}

/// The AEPMessaging extension (AEPMessaging `Messaging`). Upstream it receives propositions from Adobe Journey
/// Optimizer and evaluates their rules against app events. Headless, propositions come from the simulated Edge
/// network (`EdgeNetwork.current`, see `Messaging+Surfaces.swift`) or are handed over directly:
///
/// - `loadPropositions(_:)` reads propositions: an Edge response (`{"requestId": ..., "handle": [{"type":
///   "personalization:decisions", "payload": [...]}]}`), `{"propositions": [...]}`, a bare array, or one proposition.
///   As upstream, each proposition is read on its own (one that does not decode is skipped, the rest kept) and
///   only its **first** item counts: a `ruleset-item` holds rules (`data.version`, `data.rules[].condition`, the
///   **first** consequence of each rule, whose `detail` is an in-app item, a content card or an event-history
///   operation — see `ContentCardRulesEngine.swift`); `json-content-item`,
///   `html-content-item` and `default-content-item` propositions are cached for `getPropositionsForSurfaces`;
///   an in-app item (`https://ns.adobe.com/personalization/message/in-app`) outside a ruleset is kept without a
///   rule, for `showMessage(forItem:)` (an OpenInApp convenience: upstream ignores such items). An in-app item
///   makes a message only when its `data` has a `contentType` and string content (`application/json` content
///   never does). Conditions use the AEP rules format (`group` with `and`/`or`, `matcher` with
///   `eq ne co nc sw ew ex nx gt ge lt le`, string comparison case-insensitive).
/// - `dispatchEvent(type:source:data:)` / `track(action:data:)` evaluate the rules; `showMessage(forItem:)`
///   qualifies one item directly.
///
/// A qualifying item becomes a new `Message`, which is triggered (`trigger` event) and shown under delegate
/// control (`shouldShowMessage` is asked).
public final class Messaging: NSObject, Extension, @unchecked Sendable {
    /// The AEPMessaging version whose behaviour this port follows.
    public static let extensionVersion = "5.14.0"
    public let name = "com.adobe.messaging"
    public let friendlyName = "Messaging"
    public let metadata: [String: String]? = nil
    public let runtime: any ExtensionRuntime

    public required init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    /// Listens, as AEPMessaging does, for its own requests (type `messaging`, source `requestContent`: refresh,
    /// update, get and track propositions), the Edge network's personalization responses and completions (see
    /// `Messaging+Hub.swift`), and every event to evaluate the in-app rules against.
    public func onRegistered() {
        registerListener(type: EventType.messaging, source: EventSource.requestContent) { [weak self] event in
            self?.handleRequest(event)
        }
        registerListener(type: EventType.edge, source: EventSource.personalizationDecisions) { [weak self] event in
            self?.handlePersonalizationDecisions(event)
        }
        registerListener(type: EventType.messaging, source: EventSource.contentComplete) { [weak self] event in
            self?.handleContentComplete(event)
        }
        registerListener(type: EventType.edge, source: EventSource.contentComplete) { [weak self] event in
            self?.handleContentComplete(event)
        }
        registerListener(type: EventType.edge, source: EventSource.errorResponseContent) { [weak self] event in
            self?.handleErrorResponse(event)
        }
        registerListener(type: EventType.wildcard, source: EventSource.wildcard) { event in
            Messaging.evaluateRules(type: event.type, source: event.source, data: event.data ?? [:], timestamp: event.timestamp)
        }
    }

    public func onUnregistered() {}

    static let rulesetSchema = "https://ns.adobe.com/personalization/ruleset-item"

    /// The Messaging extension running on the current environment's hub (made there, unlisted, if the app has not
    /// registered it yet: Messaging's API works before `registerExtensions`).
    static var instance: Messaging {
        if let made = MobileCore.attachImplicitly(Messaging.self) as? Messaging { return made }
        // Another extension took Messaging's name: a stand-in on the hub's own runtime (it hears nothing).
        AdobeLog.log(.error, label: "Messaging", "the Messaging extension cannot run on the event hub (its name is taken)")
        return shared.detached.withLock { slot in
            if let existing = slot { return existing }
            let made = Messaging(runtime: MobileCore.eventHubRuntime)!
            slot = made
            return made
        }
    }

    struct Item {
        var itemId: String
        var data: InAppSchemaData
        var propositionInfo: PropositionInfo
        var condition: JSONValue?
        var surface: String
    }

    struct Store {
        /// In-app items (with their rules) per surface, surfaces in the order they first arrived.
        var inApp: [String: [Item]] = [:]
        var surfaceOrder: [String] = []
        /// Code-based propositions per surface (`getPropositionsForSurfaces`).
        var codeBased: [String: [Proposition]] = [:]
        /// Content-card and event-history-operation rules per surface (see `ContentCardRulesEngine.swift`).
        var cardRules: [String: [ConsequenceRule]] = [:]
        var historyRules: [String: [ConsequenceRule]] = [:]
        /// Content cards the user qualified for, per card surface.
        var qualifiedCards: [String: [Proposition]] = [:]
        /// Personalization requests in flight, and work waiting for them to end.
        var requestsInFlight = 0
        var waiting: [@Sendable () -> Void] = []
        var refreshInProgress = false
        /// Personalization requests sent and not yet ended, by request event id.
        var requests: [String: PendingRequest] = [:]
        /// `updatePropositionsForSurfaces` completions, by the id of their "Update propositions" event.
        var updateCompletions: [UUID: @Sendable (Bool) -> Void] = [:]

        var items: [Item] { surfaceOrder.flatMap { inApp[$0] ?? [] } }

        mutating func setInApp(_ items: [Item], for surface: String) {
            if items.isEmpty {
                inApp[surface] = nil
                surfaceOrder.removeAll { $0 == surface }
            } else {
                if inApp[surface] == nil { surfaceOrder.append(surface) }
                inApp[surface] = items
            }
        }
    }
    /// What the extension has loaded: one per `MessagingEnvironment` (each test its own propositions, requests
    /// in flight and asset cache).
    final class Shared: Sendable {
        let store = Locked(Store())
        let cache = Locked([String: String]())
        /// The Messaging object used when none can run on the hub.
        let detached = Locked<Messaging?>(nil)
    }
    private static var shared: Shared { MessagingEnvironment.current.shared(Shared.self) { Shared() } }
    static var store: Locked<Store> { shared.store }

    /// Makes sure the extension runs on the current environment's hub (and Edge with it, which carries its
    /// requests to the simulated network), as registering them would.
    static func register() {
        _ = instance
        MobileCore.attachImplicitly(Edge.self)
    }

    // MARK: Loading

    /// Replaces every loaded proposition (in-app items and code-based propositions, on every surface) with those
    /// in `json`; returns the ids of the in-app items loaded, in order. Only text that is not JSON, or JSON of an
    /// unrecognised shape, throws; propositions, items, rules and consequences that cannot be read are skipped
    /// (each traced as a `diagnostic`).
    @discardableResult
    public static func loadPropositions(_ json: Data) throws -> [String] {
        let root: JSONValue
        do { root = try JSONValue(parsing: json) } catch {
            throw MessagingPropositionError.invalidJSON(error.description)
        }
        let (propositions, base) = try propositionList(root)
        let decoded = decode(propositions, base: base)
        let parsed = ParsedPropositions(decoded, requestedSurfaces: nil)
        register()
        store.withLock { s in
            s.inApp = [:]
            s.surfaceOrder = []
            for surface in parsed.surfaceOrder { s.setInApp(parsed.inApp[surface] ?? [], for: surface) }
            s.codeBased = parsed.codeBased
            s.cardRules = parsed.cardRules
            s.historyRules = parsed.historyRules
            s.qualifiedCards = [:]
        }
        let ids = parsed.surfaceOrder.flatMap { parsed.inApp[$0] ?? [] }.map(\.itemId)
        let trace = MessagingEnvironment.current.trace
        trace.record(.delivery, "propositionsLoaded", ["items": ids.joined(separator: ","),
                                                       "contentCardRules": String(parsed.cardRules.values.map(\.count).reduce(0, +))])
        if !parsed.cardRules.isEmpty {
            seedContentCards(requested: Array(Set(decoded.map(\.scope))).sorted(), trace: trace)
        }
        return ids
    }

    /// `loadPropositions(_:)` from JSON text.
    @discardableResult
    public static func loadPropositions(_ json: String) throws -> [String] { try loadPropositions(Data(json.utf8)) }

    /// Forgets every loaded proposition (in-app items and cached code-based propositions) and any request
    /// still waited for (a test's fresh start).
    public static func clearPropositions() {
        store.withLock { $0 = Store() }
    }

    static var loadedItems: [Item] { store.withLock { $0.items } }

    /// The ids of the loaded in-app items.
    public static var loadedItemIds: [String] { loadedItems.map(\.itemId) }

    /// Simulates the messaging asset cache: `remoteURL` is available locally at `localPath`. Messages whose
    /// `remoteAssets` name it load their HTML with the local path substituted.
    public static func cacheAsset(_ remoteURL: String, localPath: String) {
        shared.cache.withLock { $0[remoteURL] = localPath }
    }

    /// Empties the simulated asset cache.
    public static func clearAssetCache() { shared.cache.withLock { $0 = [:] } }

    static func cachedAssetMap(for remoteAssets: [String], in environment: MessagingEnvironment) -> [String: String] {
        environment.shared(Shared.self) { Shared() }.cache.withLock { cache in
            var map: [String: String] = [:]
            for asset in remoteAssets { if let local = cache[asset] { map[asset] = local } }
            return map
        }
    }

    /// The propositions in a payload of any accepted shape, and the path prefix for diagnostics.
    static func propositionList(_ root: JSONValue) throws -> ([JSONValue], String) {
        switch root {
        case .array(let list): return (list, "propositions")
        case .object(let o):
            if let handles = o["handle"] {
                guard case .array(let list) = handles else {
                    throw MessagingPropositionError.unexpectedType(path: "handle", expected: "array")
                }
                return (EdgeNetworkResponse(requestId: "", handles: list).propositions, "handle.payload")
            }
            if o["type"]?.stringValue == "personalization:decisions" {
                return (EdgeNetworkResponse(requestId: "", handles: [root]).propositions, "payload")
            }
            if let list = o["propositions"] {
                guard case .array(let l) = list else { throw MessagingPropositionError.unexpectedType(path: "propositions", expected: "array") }
                return (l, "propositions")
            }
            if o["id"] != nil || o["scope"] != nil || o["items"] != nil { return ([root], "proposition") }
            throw MessagingPropositionError.unexpectedType(
                path: "$", expected: "Edge response (handle), {\"propositions\": [...]}, proposition array or proposition")
        default:
            throw MessagingPropositionError.unexpectedType(path: "$", expected: "object or array")
        }
    }

    /// Decodes each proposition on its own; those that do not decode are skipped with a diagnostic.
    static func decode(_ propositions: [JSONValue], base: String, trace: Trace = MessagingEnvironment.current.trace) -> [Proposition] {
        var result: [Proposition] = []
        for (i, value) in propositions.enumerated() {
            let path = base == "proposition" ? base : "\(base)[\(i)]"
            do { result.append(try Proposition(json: value, path: path, trace: trace)) } catch {
                trace.record(.diagnostic, "propositionSkipped", ["path": path, "reason": "\(error)"])
            }
        }
        return result
    }

    // MARK: Triggering

    /// Evaluates the loaded rules against an event (stamped now); every in-app item whose condition holds becomes
    /// a `Message` that is triggered and shown under delegate control, and content cards qualify as the hub's
    /// events make them (see `ContentCardRulesEngine.swift`). Returns the messages.
    @discardableResult
    public static func dispatchEvent(type: String, source: String, data: [String: Any] = [:]) -> [Message] {
        evaluateRules(type: type, source: source, data: data, timestamp: Date())
    }

    /// What the Messaging extension does with every event it hears: the in-app rules, then the event-history
    /// operations, then the content-card rules.
    @discardableResult
    static func evaluateRules(type: String, source: String, data: [String: Any], timestamp: Date) -> [Message] {
        let flat = flatEvent(type: type, source: source, data: data, timestamp: timestamp)
        let matched = loadedItems.filter { item in
            guard let condition = item.condition else { return false }
            return RuleCondition.evaluate(condition, flat)
        }
        let trace = MessagingEnvironment.current.trace
        trace.record(.delivery, "event", ["type": type, "source": source,
                                          "matched": matched.map(\.itemId).joined(separator: ",")])
        let messages = matched.map(qualify)
        let (hasHistoryRules, cardRules) = store.withLock { (!$0.historyRules.isEmpty, $0.cardRules) }
        if hasHistoryRules { runHistoryOperations(flat, trace: trace) }
        if !cardRules.isEmpty { addOrReplaceCards(qualifyingCards(flat, rules: cardRules, trace: trace), trace: trace) }
        return messages
    }

    /// A `MobileCore.track(action:data:)`-style event (`com.adobe.eventType.generic.track`,
    /// `com.adobe.eventSource.requestContent`, data `{"action": action, "contextdata": data}`).
    @discardableResult
    public static func track(action: String, data: [String: String] = [:]) -> [Message] {
        dispatchEvent(type: "com.adobe.eventType.generic.track", source: "com.adobe.eventSource.requestContent",
                      data: ["action": action, "contextdata": data])
    }

    /// Qualifies one loaded item directly (as if its rule matched): a new `Message` is triggered and shown under
    /// delegate control. Nil when no item has that id.
    @discardableResult
    public static func showMessage(forItem itemId: String) -> Message? {
        guard let item = loadedItems.first(where: { $0.itemId == itemId }) else {
            MessagingEnvironment.current.trace.record(.diagnostic, "unknownItem", ["itemId": itemId])
            return nil
        }
        return qualify(item)
    }

    /// The messages' Edge events and history records for the current environment.
    public static var eventLog: MessagingEventLog { MessagingEventLog.current }

    private static func qualify(_ item: Item) -> Message {
        let message = makeMessage(item)
        message.trigger()
        message.show(withMessagingDelegateControl: true)
        return message
    }

    /// Upstream `Message.fromPropositionItem`.
    static func makeMessage(_ item: Item) -> Message {
        let message = Message(parent: instance, id: item.itemId, propositionInfo: item.propositionInfo)
        if let meta = item.data.metaJSON, !meta.isEmpty {
            message.metadata = meta.mapValues(\.foundationPreservingIntegers)
        }
        let settings = InAppSchemaData.messageSettings(from: item.data.mobileParametersJSON, parent: message)
        message.attachFullscreenMessage(html: item.data.html ?? "", settings: settings,
                                        remoteAssets: item.data.remoteAssets)
        return message
    }
}

/// AEP rules-engine conditions over a flattened event.
enum RuleCondition {
    /// The condition as AEP's rules engine would use it: groups keep the sub-conditions that can be evaluated
    /// (none left: nil); matchers need a `key` and a `matcher`; `historical` conditions need `events` (an array
    /// of masks), a comparison `matcher` and an integer `value`.
    static func convert(_ condition: JSONValue) -> JSONValue? {
        guard case .object(var c) = condition, case .object(var definition)? = c["definition"] else { return nil }
        switch c["type"]?.stringValue {
        case "group":
            guard definition["logic"]?.stringValue != nil, case .array(let list)? = definition["conditions"] else { return nil }
            let kept = list.compactMap(convert)
            guard !kept.isEmpty else { return nil }
            definition["conditions"] = .array(kept)
            c["definition"] = .object(definition)
            return .object(c)
        case "matcher":
            guard definition["key"]?.stringValue != nil, definition["matcher"]?.stringValue != nil else { return nil }
            return condition
        case "historical":
            guard case .array? = definition["events"], let matcher = definition["matcher"]?.stringValue,
                  ["eq", "ne", "gt", "ge", "lt", "le"].contains(matcher), definition["value"]?.intValue != nil else { return nil }
            return condition
        default:
            return nil
        }
    }

    static func evaluate(_ condition: JSONValue, _ event: [String: JSONValue]) -> Bool {
        guard case .object(let c) = condition, case .object(let definition)? = c["definition"] else {
            return condition == .null
        }
        switch c["type"]?.stringValue {
        case "group":
            guard case .array(let conditions)? = definition["conditions"] else { return false }
            let results = conditions.map { evaluate($0, event) }
            return definition["logic"]?.stringValue == "or" ? results.contains(true) : !results.contains(false)
        case "matcher":
            guard let key = definition["key"]?.stringValue, let matcher = definition["matcher"]?.stringValue else { return false }
            let values: [JSONValue]
            if case .array(let list)? = definition["values"], !list.isEmpty { values = list } else { values = [""] }
            return match(matcher, event[key], values)
        case "historical":
            guard let matcher = definition["matcher"]?.stringValue, let value = definition["value"]?.intValue else { return false }
            return compare(historyValue(definition), matcher, value)
        default:
            return false
        }
    }

    /// A historical condition's left side, from the environment's event history: `any` (default) the number of
    /// records matching any of `events`; `ordered` 1 when each mask has a record after the previous one's, else 0;
    /// `mostRecent` the index of the mask with the newest record (-1 for none). `from` / `to` are milliseconds.
    static func historyValue(_ definition: [String: JSONValue]) -> Int {
        guard case .array(let events)? = definition["events"] else { return 0 }
        let from = definition["from"]?.numberValue.map { Date(timeIntervalSince1970: $0 / 1000) }
        let to = definition["to"]?.numberValue.map { Date(timeIntervalSince1970: $0 / 1000) }
        let requests = events.compactMap { mask -> EventHistoryRequest? in
            guard case .object(let m) = mask else { return nil }
            return EventHistoryRequest(mask: m.mapValues(\.foundationPreservingIntegers), from: from, to: to)
        }
        let searchType = definition["searchType"]?.stringValue ?? "any"
        let results = MobileCore.queryEventHistory(requests, enforceOrder: searchType == "ordered")
        if results.contains(where: { $0.count < 0 }) { return -1 }
        switch searchType {
        case "ordered":
            return !results.isEmpty && results.allSatisfy { $0.count > 0 } ? 1 : 0
        case "mostRecent":
            var best = -1
            var newest = Date.distantPast
            for (k, result) in results.enumerated() {
                if let date = result.newestOccurrence, date > newest { newest = date; best = k }
            }
            return best
        default:
            return results.map(\.count).reduce(0, +)
        }
    }

    private static func compare(_ a: Int, _ matcher: String, _ b: Int) -> Bool {
        switch matcher {
        case "eq": return a == b
        case "ne": return a != b
        case "gt": return a > b
        case "ge": return a >= b
        case "lt": return a < b
        case "le": return a <= b
        default: return false
        }
    }

    private static func match(_ matcher: String, _ value: JSONValue?, _ values: [JSONValue]) -> Bool {
        switch matcher {
        case "ex": return value != nil && value != .null
        case "nx": return value == nil || value == .null
        case "ne", "nc": return !match(matcher == "ne" ? "eq" : "co", value, values)
        default: break
        }
        guard let value else { return false }
        return values.contains { expected in
            switch matcher {
            case "eq": return text(value) == text(expected) || (value.numberValue != nil && value.numberValue == expected.numberValue)
            case "co": return text(value).contains(text(expected))
            case "sw": return text(value).hasPrefix(text(expected))
            case "ew": return text(value).hasSuffix(text(expected))
            case "gt", "ge", "lt", "le":
                guard let a = value.numberValue ?? Double(text(value)), let b = expected.numberValue ?? Double(text(expected)) else { return false }
                switch matcher {
                case "gt": return a > b
                case "ge": return a >= b
                case "lt": return a < b
                default: return a <= b
                }
            default: return false
            }
        }
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s.lowercased()
        case .bool(let b): return String(b)
        case .number(let n): return n.rounded() == n && abs(n) < 9.0e15 ? String(Int(n)) : String(n)
        default: return value.description.lowercased()
        }
    }
}
