import Foundation
import InAppCore

/// What a set of propositions contributes, read the way AEPMessaging reads a personalization response: per
/// proposition (in rank order per surface), only the first item; per rule, only the first consequence.
struct ParsedPropositions {
    /// In-app items (from rulesets, and bare in-app items) per surface.
    var inApp: [String: [Messaging.Item]] = [:]
    /// Surfaces with in-app items, in order of first appearance.
    var surfaceOrder: [String] = []
    /// Code-based propositions (JSON, HTML, default content, content cards delivered as items) per surface.
    var codeBased: [String: [Proposition]] = [:]
    /// Rules from rulesets whose consequence is a content card, per surface of the proposition.
    var cardRules: [String: [ConsequenceRule]] = [:]
    /// Rules from rulesets whose consequence is an event-history operation, per surface of the proposition.
    var historyRules: [String: [ConsequenceRule]] = [:]

    /// `requestedSurfaces`: nil accepts every scope; otherwise propositions for other scopes are ignored.
    init(_ propositions: [Proposition], requestedSurfaces: [String]?, trace: Trace = MessagingEnvironment.current.trace) {
        // Group by surface (first appearance order), then a stable sort by rank within each surface.
        var order: [String] = []
        var bySurface: [String: [Proposition]] = [:]
        for p in propositions {
            if bySurface[p.scope] == nil { order.append(p.scope) }
            bySurface[p.scope, default: []].append(p)
        }
        for surface in order {
            let sorted = (bySurface[surface] ?? []).enumerated()
                .sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
            for proposition in sorted {
                if let requestedSurfaces, !requestedSurfaces.contains(surface) {
                    trace.record(.diagnostic, "propositionIgnored", ["id": proposition.uniqueId, "reason": "scope \(surface) was not requested"])
                    continue
                }
                guard let first = proposition.items.first else {
                    trace.record(.diagnostic, "propositionIgnored", ["id": proposition.uniqueId, "reason": "no items"])
                    continue
                }
                switch first.schema {
                case .ruleset:
                    readRules(first, proposition: proposition, trace: trace)
                case .inapp:
                    if let item = Self.inAppItem(first, info: proposition.info, condition: nil, trace: trace) { add(item) }
                case .jsonContent, .htmlContent, .defaultContent, .contentCard:
                    codeBased[surface, default: []].append(proposition)
                default:
                    trace.record(.diagnostic, "itemSkipped", ["path": first.itemId, "reason": "schema \(first.schema.toString())"])
                }
            }
        }
    }

    private mutating func add(_ item: Messaging.Item) {
        if inApp[item.surface] == nil { surfaceOrder.append(item.surface) }
        inApp[item.surface, default: []].append(item)
    }

    /// An in-app item that can become a message (its data decodes and its content is HTML), or nil (traced).
    static func inAppItem(_ item: PropositionItem, info: PropositionInfo, condition: JSONValue?, trace: Trace) -> Messaging.Item? {
        let data: InAppSchemaData
        do { data = try InAppSchemaData(.object(item.data), path: item.itemId + ".data") } catch {
            trace.record(.diagnostic, "itemSkipped", ["path": item.itemId, "reason": "\(error)"])
            return nil
        }
        guard data.html != nil else {
            trace.record(.diagnostic, "itemSkipped", ["path": item.itemId, "reason": "content is not an HTML string"])
            return nil
        }
        return Messaging.Item(itemId: item.itemId, data: data, propositionInfo: info, condition: condition, surface: info.scope)
    }

    /// Reads the rules of a ruleset item. A ruleset that does not decode as AEP's rules JSON (`version` number,
    /// `rules` array of `{condition, consequences}`) contributes nothing; a rule whose condition cannot be used is
    /// skipped; of each rule only the first usable consequence (`id`, `type`, `detail` object) is read. By the
    /// consequence's schema: in-app items become in-app rules, content cards content-card rules, event-history
    /// operations history rules; other schemas (default content, holdouts) are skipped, as upstream.
    private mutating func readRules(_ ruleset: PropositionItem, proposition: Proposition, trace: Trace) {
        guard let rules = RuleSet.decode(ruleset.data) else {
            trace.record(.diagnostic, "rulesetSkipped", ["id": ruleset.itemId, "reason": "not AEP rules JSON"])
            return
        }
        for (k, rule) in rules.enumerated() {
            let skip = { (reason: String) in
                trace.record(.diagnostic, "ruleSkipped", ["id": ruleset.itemId, "rule": String(k), "reason": reason])
            }
            guard let condition = RuleCondition.convert(rule.condition) else { skip("condition cannot be evaluated"); continue }
            guard let consequence = rule.consequences.first,
                  let item = try? PropositionItem(json: consequence, path: "\(ruleset.itemId).rules[\(k)].consequences[0].detail") else {
                skip("no usable consequence")
                continue
            }
            switch item.schema {
            case .inapp:
                if let parsed = Self.inAppItem(item, info: proposition.info, condition: condition, trace: trace) { add(parsed) }
            case .contentCard:
                guard item.contentCardSchemaData != nil else { skip("content-card data does not decode"); continue }
                cardRules[proposition.scope, default: []].append(
                    ConsequenceRule(condition: condition, consequence: consequence, info: proposition.info))
            case .eventHistoryOperation:
                guard item.eventHistoryOperationSchemaData != nil else { skip("event-history operation does not decode"); continue }
                historyRules[proposition.scope, default: []].append(
                    ConsequenceRule(condition: condition, consequence: consequence, info: proposition.info))
            default:
                skip("schema \(item.schema.toString())")
            }
        }
    }
}

/// AEP's rules JSON, checked structurally as its decoder does.
enum RuleSet {
    struct Rule {
        var condition: JSONValue
        /// The `detail` of each consequence that has an `id`, a `type` and an object `detail`.
        var consequences: [JSONValue]
    }

    static func decode(_ data: [String: JSONValue]) -> [Rule]? {
        guard data["version"]?.intValue != nil, case .array(let rules)? = data["rules"] else { return nil }
        var result: [Rule] = []
        for rule in rules {
            guard case .object(let r) = rule, let condition = r["condition"], validCondition(condition),
                  case .array(let consequences)? = r["consequences"] else { return nil }
            if let meta = r["meta"], meta != .null { guard case .object = meta else { return nil } }
            var details: [JSONValue] = []
            for consequence in consequences {
                guard case .object(let c) = consequence else { return nil }
                for key in ["id", "type"] {
                    if let v = c[key], v != .null, v.stringValue == nil { return nil }
                }
                if c["id"]?.stringValue != nil, c["type"]?.stringValue != nil, case .object(let detail)? = c["detail"] {
                    details.append(.object(detail))
                }
            }
            result.append(Rule(condition: condition, consequences: details))
        }
        return result
    }

    /// Whether a condition has the shape AEP's decoder accepts (a known `type`, an object `definition`, typed fields).
    static func validCondition(_ value: JSONValue) -> Bool {
        guard case .object(let c) = value, let type = c["type"]?.stringValue, ["group", "matcher", "historical"].contains(type),
              case .object(let d)? = c["definition"] else { return false }
        for key in ["logic", "key", "matcher"] {
            if let v = d[key], v != .null, v.stringValue == nil { return false }
        }
        if let v = d["values"], v != .null { guard case .array = v else { return false } }
        if let v = d["conditions"], v != .null {
            guard case .array(let list) = v else { return false }
            return list.allSatisfy(validCondition)
        }
        return true
    }
}
