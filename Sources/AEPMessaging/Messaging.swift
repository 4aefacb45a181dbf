import Foundation
import InAppCore
import AEPServices
@_spi(OpenInApp) import AEPCore

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
/// Optimizer and evaluates their rules against app events. Headless, the app (or a test) hands it the
/// propositions JSON and the events:
///
/// - `loadPropositions(_:)` reads Edge `personalization:decisions` propositions
///   (`{"propositions": [...]}`, a bare array, or one proposition). Items with schema
///   `https://ns.adobe.com/personalization/message/in-app` are in-app messages (their `data` holds `content` HTML,
///   `contentType`, `meta`, `mobileParameters`, `remoteAssets`); items with schema
///   `https://ns.adobe.com/personalization/ruleset-item` carry rules (`data.rules[].condition` and
///   `consequences[].detail` holding an in-app item) — conditions use the AEP rules format (`group` with
///   `and`/`or`, `matcher` with `eq ne co nc sw ew ex nx gt ge lt le`, string comparison case-insensitive).
/// - `dispatchEvent(type:source:data:)` / `track(action:data:)` evaluate the rules; `showMessage(forItem:)`
///   qualifies one item directly (the way in-app items without rules are shown).
///
/// A qualifying item becomes a new `Message`, which is triggered (`trigger` event) and shown under delegate
/// control (`shouldShowMessage` is asked).
public final class Messaging: NSObject, @unchecked Sendable {
    /// The AEPMessaging version whose behaviour this port follows.
    public static let extensionVersion = "5.14.0"

    static let rulesetSchema = "https://ns.adobe.com/personalization/ruleset-item"
    static let instance = Messaging()

    struct Item {
        var itemId: String
        var data: InAppSchemaData
        var propositionInfo: PropositionInfo
        var condition: JSONValue?
    }

    /// What the extension has loaded: one per `MessagingEnvironment` (each test its own propositions and cache).
    final class Store: Sendable {
        let items = Locked([Item]())
        let cache = Locked([String: String]())
    }
    private static var store: Store { MessagingEnvironment.current.shared(Store.self) { Store() } }

    private override init() {
        super.init()
        // Hear app events (`MobileCore.track(action:data:)`) and evaluate the in-app rules against them.
        MobileCore.addEventListener { type, source, data in
            Messaging.dispatchEvent(type: type, source: source, data: data)
        }
    }

    /// Makes sure the extension listens to `MobileCore` events (upstream: `MobileCore.registerExtensions`).
    static func register() { _ = instance }

    // MARK: Loading

    /// Replaces the loaded propositions with those in `json`; returns the in-app item ids loaded, in order.
    /// Items whose content is not a String (HTML) are skipped (traced as diagnostics); malformed JSON throws.
    @discardableResult
    public static func loadPropositions(_ json: Data) throws -> [String] {
        let root: JSONValue
        do { root = try JSONValue(parsing: json) } catch {
            throw MessagingPropositionError.invalidJSON(error.description)
        }
        let propositions: [JSONValue]
        var base = "propositions"
        switch root {
        case .array(let list): propositions = list
        case .object(let o):
            if let list = o["propositions"] {
                guard case .array(let l) = list else { throw MessagingPropositionError.unexpectedType(path: base, expected: "array") }
                propositions = l
            } else {
                propositions = [root]
                base = "proposition"
            }
        default: throw MessagingPropositionError.unexpectedType(path: "$", expected: "object or array")
        }
        var loaded: [Item] = []
        for (i, proposition) in propositions.enumerated() {
            loaded += try parseProposition(proposition, path: base == "proposition" ? base : "\(base)[\(i)]")
        }
        register()
        store.items.withLock { $0 = loaded }
        let trace = MessagingEnvironment.current.trace
        trace.record(.delivery, "propositionsLoaded", ["items": loaded.map(\.itemId).joined(separator: ",")])
        return loaded.map(\.itemId)
    }

    /// `loadPropositions(_:)` from JSON text.
    @discardableResult
    public static func loadPropositions(_ json: String) throws -> [String] { try loadPropositions(Data(json.utf8)) }

    /// Forgets every loaded proposition.
    public static func clearPropositions() { store.items.withLock { $0 = [] } }

    static var loadedItems: [Item] { store.items.withLock { $0 } }

    /// The ids of the loaded in-app items.
    public static var loadedItemIds: [String] { store.items.withLock { $0.map(\.itemId) } }

    /// Simulates the messaging asset cache: `remoteURL` is available locally at `localPath`. Messages whose
    /// `remoteAssets` name it load their HTML with the local path substituted.
    public static func cacheAsset(_ remoteURL: String, localPath: String) {
        store.cache.withLock { $0[remoteURL] = localPath }
    }

    /// Empties the simulated asset cache.
    public static func clearAssetCache() { store.cache.withLock { $0 = [:] } }

    static func cachedAssetMap(for remoteAssets: [String], in environment: MessagingEnvironment) -> [String: String] {
        environment.shared(Store.self) { Store() }.cache.withLock { cache in
            var map: [String: String] = [:]
            for asset in remoteAssets { if let local = cache[asset] { map[asset] = local } }
            return map
        }
    }

    private static func parseProposition(_ value: JSONValue, path: String) throws -> [Item] {
        guard case .object(let p) = value else { throw MessagingPropositionError.unexpectedType(path: path, expected: "object") }
        guard let id = p["id"]?.stringValue else { throw MessagingPropositionError.missingField(path: path + ".id") }
        guard let scope = p["scope"]?.stringValue else { throw MessagingPropositionError.missingField(path: path + ".scope") }
        let info = PropositionInfo(id: id, scope: scope, scopeDetails: p["scopeDetails"] ?? .object([:]))
        guard case .array(let itemList)? = p["items"] else {
            throw MessagingPropositionError.unexpectedType(path: path + ".items", expected: "array")
        }
        var result: [Item] = []
        for (j, item) in itemList.enumerated() {
            let itemPath = "\(path).items[\(j)]"
            guard case .object(let o) = item else { throw MessagingPropositionError.unexpectedType(path: itemPath, expected: "object") }
            let schema = o["schema"]?.stringValue ?? ""
            switch schema {
            case InAppSchemaData.schema:
                if let parsed = try inAppItem(o, path: itemPath, info: info, condition: nil) { result.append(parsed) }
            case rulesetSchema:
                guard case .object(let data)? = o["data"], case .array(let rules)? = data["rules"] else {
                    throw MessagingPropositionError.unexpectedType(path: itemPath + ".data.rules", expected: "array")
                }
                for (k, rule) in rules.enumerated() {
                    let rulePath = "\(itemPath).data.rules[\(k)]"
                    guard case .object(let r) = rule, case .array(let consequences)? = r["consequences"] else {
                        throw MessagingPropositionError.unexpectedType(path: rulePath + ".consequences", expected: "array")
                    }
                    for (c, consequence) in consequences.enumerated() {
                        guard case .object(let cons) = consequence, case .object(let detail)? = cons["detail"],
                              detail["schema"]?.stringValue == InAppSchemaData.schema else { continue }
                        if let parsed = try inAppItem(detail, path: "\(rulePath).consequences[\(c)].detail", info: info,
                                                      condition: r["condition"] ?? .null) {
                            result.append(parsed)
                        }
                    }
                }
            default:
                MessagingEnvironment.current.trace.record(.diagnostic, "itemSkipped",
                                                          ["path": itemPath, "reason": "schema \(schema)"])
            }
        }
        return result
    }

    private static func inAppItem(_ o: [String: JSONValue], path: String, info: PropositionInfo,
                                  condition: JSONValue?) throws -> Item? {
        guard let itemId = o["id"]?.stringValue else { throw MessagingPropositionError.missingField(path: path + ".id") }
        guard let data = o["data"] else { throw MessagingPropositionError.missingField(path: path + ".data") }
        let schemaData = try InAppSchemaData(data, path: path + ".data")
        guard schemaData.content.stringValue != nil else {
            MessagingEnvironment.current.trace.record(.diagnostic, "itemSkipped",
                                                      ["path": path, "reason": "content is not an HTML string"])
            return nil
        }
        return Item(itemId: itemId, data: schemaData, propositionInfo: info, condition: condition)
    }

    // MARK: Triggering

    /// Evaluates the loaded rules against an event; every in-app item whose condition holds becomes a `Message`
    /// that is triggered and shown under delegate control. Returns those messages.
    @discardableResult
    public static func dispatchEvent(type: String, source: String, data: [String: Any] = [:]) -> [Message] {
        var flat: [String: JSONValue] = ["~type": .string(type), "~source": .string(source)]
        flatten(JSONValue(any: data), prefix: "", into: &flat)
        let matched = store.items.withLock { $0 }.filter { item in
            guard let condition = item.condition else { return false }
            return RuleCondition.evaluate(condition, flat)
        }
        let trace = MessagingEnvironment.current.trace
        trace.record(.delivery, "event", ["type": type, "source": source,
                                          "matched": matched.map(\.itemId).joined(separator: ",")])
        return matched.map(qualify)
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
        guard let item = store.items.withLock({ $0.first { $0.itemId == itemId } }) else {
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
        if let meta = item.data.meta, !meta.isEmpty {
            message.metadata = meta.mapValues(\.foundationPreservingIntegers)
        }
        let settings = InAppSchemaData.messageSettings(from: item.data.mobileParameters, parent: message)
        message.attachFullscreenMessage(html: item.data.content.stringValue ?? "", settings: settings,
                                        remoteAssets: item.data.remoteAssets)
        return message
    }

    private static func flatten(_ value: JSONValue, prefix: String, into flat: inout [String: JSONValue]) {
        if case .object(let o) = value {
            for (key, child) in o {
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                flat[path] = child
                flatten(child, prefix: path, into: &flat)
            }
        }
    }
}

/// AEP rules-engine conditions over a flattened event.
enum RuleCondition {
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
            if case .array(let list)? = definition["values"] { values = list } else { values = [] }
            return match(matcher, event[key], values)
        default:
            return false
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
