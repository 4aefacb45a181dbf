import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore

/// One rule of a ruleset whose consequence is not an in-app message: a content card or an event-history
/// operation, with the proposition it came from (for tracking).
struct ConsequenceRule {
    /// The condition, as `RuleCondition.convert` keeps it.
    var condition: JSONValue
    /// The consequence's `detail` (`{"id", "schema", "data"}`).
    var consequence: JSONValue
    var info: PropositionInfo

    /// A fresh item for the consequence (each qualification makes its own, as upstream).
    func makeItem() -> PropositionItem? { try? PropositionItem(json: consequence, path: "consequence") }
}

/// Content cards delivered as rules (AEPMessaging's content-card rules engine), evaluated on the hub's events:
///
/// - A ruleset rule whose consequence is a content card (`https://ns.adobe.com/personalization/message/content-card`)
///   is kept per surface of its proposition. Every event the Messaging extension hears (and a "Seed content cards"
///   event, `messaging` / `requestContent` without data, right after a fetch) is checked against those rules; the
///   cards of the rules that hold **qualify** for the surface named in their `meta.surface`. A card without
///   `meta.surface` qualifies for no surface (so is never returned), as upstream.
/// - Once qualified a card stays qualified for the app's session: a later event that matches again replaces it in
///   place (moved to the end of its surface's list), a card qualifying for the first time is tracked as `trigger`
///   (an event-history record each; cards qualifying on the same event share one Edge event, as upstream batches them). `getPropositionsForSurfaces` and `getContentCardsUI` return the
///   qualified cards of a surface before its code-based propositions.
/// - After a fetch the qualified cards of the requested surfaces are replaced by what the seed event qualifies
///   (a requested surface with none loses its cards).
/// - A ruleset rule whose consequence is an event-history operation (`https://ns.adobe.com/personalization/eventHistoryOperation`,
///   `insert` or `insertIfNotExists`) records its `content` in event history when its condition holds (once, for
///   `insertIfNotExists`) and dispatches a "Rules Consequence Event" (`rulesEngine` / `responseContent`); when the
///   content's event type is `disqualify` or `unqualify`, the card of that activity (`iam.id` / `messageId`) stops
///   being qualified. With `historical` conditions in the card's rule (e.g. "no disqualify record for this
///   activity"), a dismissed card does not qualify again.
///
/// Everything is traced: `contentCardQualified` (delivery), `contentCardsReplaced` (delivery),
/// `contentCardDisqualified` (delivery), `historyOperation` (delivery) and the diagnostics of what was skipped.
extension Messaging {
    static let seedEventName = "Seed content cards"
    static let consequenceEventName = "Rules Consequence Event"

    /// The cards whose rules hold for `event`, per card surface (`meta.surface`), one proposition per activity
    /// holding its matching items in rule order.
    static func qualifyingCards(_ event: [String: JSONValue], rules: [String: [ConsequenceRule]], trace: Trace) -> [String: [Proposition]] {
        var bySurface: [String: [(info: PropositionInfo, items: [PropositionItem])]] = [:]
        for surface in rules.keys.sorted() {
            for rule in rules[surface] ?? [] where RuleCondition.evaluate(rule.condition, event) {
                guard let item = rule.makeItem(), let card = item.contentCardSchemaData else { continue }
                guard let cardSurface = card.meta?["surface"] as? String, !cardSurface.isEmpty else {
                    trace.record(.diagnostic, "contentCardSkipped", ["id": item.itemId, "reason": "no meta.surface"])
                    continue
                }
                var list = bySurface[cardSurface] ?? []
                if let k = list.firstIndex(where: { $0.info.id == rule.info.id }) {
                    list[k].items.append(item)
                } else {
                    list.append((rule.info, [item]))
                }
                bySurface[cardSurface] = list
            }
        }
        return bySurface.mapValues { list in
            list.map { Proposition(uniqueId: $0.info.id, scope: $0.info.scope, scopeDetails: $0.info.scopeDetails, items: $0.items) }
        }
    }

    /// Adds the cards an event qualified to those already qualified (see the type); tracks the new ones.
    static func addOrReplaceCards(_ qualified: [String: [Proposition]], trace: Trace) {
        guard !qualified.isEmpty else { return }
        let fresh = store.withLock { s -> [Proposition] in
            var fresh: [Proposition] = []
            for surface in qualified.keys.sorted() {
                var list = s.qualifiedCards[surface] ?? []
                for proposition in qualified[surface] ?? [] {
                    if let k = list.firstIndex(of: proposition) { list.remove(at: k) } else { fresh.append(proposition) }
                    list.append(proposition)
                }
                s.qualifiedCards[surface] = list
            }
            return fresh
        }
        trackTrigger(fresh, trace: trace)
    }

    /// After a fetch: the requested surfaces without qualified cards lose theirs; each surface with qualified
    /// cards gets exactly those. New cards are tracked.
    static func removeOrReplaceCards(_ qualified: [String: [Proposition]], requested: [String], trace: Trace) {
        let (fresh, removed) = store.withLock { s -> ([Proposition], Int) in
            var removed = 0
            for surface in requested where qualified[surface] == nil {
                removed += s.qualifiedCards.removeValue(forKey: surface)?.count ?? 0
            }
            var fresh: [Proposition] = []
            for surface in qualified.keys.sorted() {
                let before = s.qualifiedCards[surface] ?? []
                let list = qualified[surface] ?? []
                fresh += list.filter { !before.contains($0) }
                s.qualifiedCards[surface] = list
            }
            return (fresh, removed)
        }
        guard !qualified.isEmpty || removed > 0 else { return }
        trace.record(.delivery, "contentCardsReplaced", [
            "surfaces": requested.joined(separator: ","),
            "cards": qualified.keys.sorted().flatMap { qualified[$0] ?? [] }.map(\.uniqueId).joined(separator: ",")])
        trackTrigger(fresh, trace: trace)
    }

    /// Tracks cards qualifying for the first time as `trigger`, in one batch as upstream: a history record and an
    /// event-log entry per card, one "Track propositions" event whose XDM lists every card's proposition.
    private static func trackTrigger(_ propositions: [Proposition], trace: Trace) {
        let environment = MessagingEnvironment.current
        var template: [String: JSONValue]?
        var listed: [JSONValue] = []
        for proposition in propositions {
            trace.record(.delivery, "contentCardQualified", ["id": proposition.uniqueId, "surface": proposition.scope,
                                                             "items": proposition.items.map(\.itemId).joined(separator: ",")])
            guard let item = proposition.items.first,
                  let xdm = item.interactionXdm(nil, eventType: .trigger, tokens: nil) else { continue }
            let traceID = MessageID(item.itemId)
            PropositionInteraction.recordHistory(about: item.itemId, eventType: .trigger, activityId: proposition.info.activityId,
                                                 interaction: nil, environment: environment, traceID: traceID)
            PropositionInteraction.log(xdm: xdm, about: item.itemId, eventType: .trigger, interaction: nil,
                                       environment: environment, traceID: traceID)
            guard case .object(let root) = xdm, case .object(let experience)? = root["_experience"],
                  case .object(let decisioning)? = experience["decisioning"],
                  case .array(let list)? = decisioning["propositions"] else { continue }
            listed += list
            if template == nil { template = root }
        }
        guard var root = template, case .object(var experience)? = root["_experience"],
              case .object(var decisioning)? = experience["decisioning"] else { return }
        decisioning["propositions"] = .array(listed)
        experience["decisioning"] = .object(decisioning)
        root["_experience"] = .object(experience)
        MobileCore.dispatch(event: Event(name: Names.trackPropositions, type: EventType.messaging, source: EventSource.requestContent,
                                         data: [Keys.trackPropositions: true,
                                                Keys.propositionInteraction: JSONValue.object(root).foundationPreservingIntegers]))
    }

    /// Evaluates the content-card rules on a fetch's "seed" event and replaces the requested surfaces' cards.
    static func seedContentCards(requested: [String], trace: Trace) {
        let rules = store.withLock { $0.cardRules }
        let seed = flatEvent(type: EventType.messaging, source: EventSource.requestContent, data: [:], timestamp: Date())
        removeOrReplaceCards(qualifyingCards(seed, rules: rules, trace: trace), requested: requested, trace: trace)
    }

    /// Runs the event-history operations whose rules hold for `event` (see the type).
    static func runHistoryOperations(_ event: [String: JSONValue], trace: Trace) {
        let rules = store.withLock { $0.historyRules }
        for surface in rules.keys.sorted() {
            for rule in rules[surface] ?? [] where RuleCondition.evaluate(rule.condition, event) {
                guard let item = rule.makeItem(), let operation = item.eventHistoryOperationSchemaData else { continue }
                guard ["insert", "insertIfNotExists"].contains(operation.operation), !operation.content.isEmpty else {
                    trace.record(.diagnostic, "historyOperationSkipped", ["id": item.itemId, "operation": operation.operation])
                    continue
                }
                let content = operation.content.mapValues { $0.value ?? NSNull() }
                let record = Event(name: consequenceEventName, type: EventType.rulesEngine, source: EventSource.responseContent,
                                   data: content)
                if operation.operation == "insertIfNotExists",
                   (MobileCore.queryEventHistory([record.toEventHistoryRequest()], enforceOrder: false).first?.count ?? 0) > 0 {
                    trace.record(.diagnostic, "historyOperationSkipped", ["id": item.itemId, "reason": "already in event history"])
                    continue
                }
                MobileCore.recordEventHistory(record)
                trace.record(.delivery, "historyOperation", ["id": item.itemId, "operation": operation.operation,
                                                             "eventType": operation.eventType ?? "", "activityId": operation.messageId ?? ""])
                let triggered: [String: Any] = ["id": item.itemId, "type": "schema",
                                                "detail": rule.consequence.foundationPreservingIntegers]
                MobileCore.dispatch(event: Event(name: consequenceEventName, type: EventType.rulesEngine,
                                                 source: EventSource.responseContent, data: ["triggeredconsequence": triggered]))
                if let activityId = operation.messageId, !activityId.isEmpty,
                   ["disqualify", "unqualify"].contains(operation.eventType ?? "") {
                    disqualifyCard(activityId: activityId, trace: trace)
                }
            }
        }
    }

    /// Removes the qualified card of an activity (the first found), as a disqualify operation does.
    static func disqualifyCard(activityId: String, trace: Trace) {
        let removed = store.withLock { s -> String? in
            for surface in s.qualifiedCards.keys.sorted() {
                if let k = s.qualifiedCards[surface]?.firstIndex(where: { $0.info.activityId == activityId }) {
                    return s.qualifiedCards[surface]?.remove(at: k).uniqueId
                }
            }
            return nil
        }
        if let removed { trace.record(.delivery, "contentCardDisqualified", ["id": removed, "activityId": activityId]) }
    }

    /// An event as the rules see it: its data flattened (`a.b` for nested keys), `~type`, `~source`,
    /// `~timestampu` (seconds) and `~timestampms`.
    static func flatEvent(type: String, source: String, data: [String: Any], timestamp: Date) -> [String: JSONValue] {
        var flat: [String: JSONValue] = ["~type": .string(type), "~source": .string(source),
                                         "~timestampu": .number(timestamp.timeIntervalSince1970.rounded(.down)),
                                         "~timestampms": .number((timestamp.timeIntervalSince1970 * 1000).rounded(.down))]
        flatten(JSONValue(any: data), prefix: "", into: &flat)
        return flat
    }

    static func flatten(_ value: JSONValue, prefix: String, into flat: inout [String: JSONValue]) {
        if case .object(let o) = value {
            for (key, child) in o {
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                flat[path] = child
                flatten(child, prefix: path, into: &flat)
            }
        }
    }
}
