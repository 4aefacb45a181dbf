import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
@testable import AEPServices
@_spi(OpenInApp) @testable import AEPMessaging

/// Content cards that Journey Optimizer delivers as rules (a `ruleset-item` whose rules' consequences are content
/// cards and event-history operations): they qualify when the hub's events match, stay qualified, are returned by
/// `getPropositionsForSurfaces` / `getContentCardsUI`, and leave when a dismissal disqualifies them.
final class ContentCardRulesTests: AdobeTestCase {
    var network: EdgeNetwork { EdgeNetwork.current }
    let inbox = Surface(path: "inbox")

    override func setUp() {
        super.setUp()
        network.bundleIdentifier = "com.example.app"
    }

    // MARK: Fixture (written for these tests)

    /// A matcher condition.
    func matcher(_ key: String, _ op: String, _ values: String...) -> String {
        #"{"type": "matcher", "definition": {"key": "\#(key)", "matcher": "\#(op)", "values": [\#(values.joined(separator: ","))]}}"#
    }

    func group(_ logic: String, _ conditions: String...) -> String {
        #"{"type": "group", "definition": {"logic": "\#(logic)", "conditions": [\#(conditions.joined(separator: ","))]}}"#
    }

    /// "This activity has no `disqualify` record in event history."
    func notDisqualified(_ activity: String) -> String {
        #"""
        {"type": "historical", "definition": {"events": [{"iam.eventType": "disqualify", "iam.id": "\#(activity)"}],
          "from": 0, "to": 4102444800000, "matcher": "eq", "value": 0, "searchType": "any"}}
        """#
    }

    /// A content-card consequence for `surface` (the card's `meta.surface`; nil leaves it out).
    func cardConsequence(_ id: String, surface: String?, title: String) -> String {
        let surfaceMeta = surface.map { #", "surface": "\#($0)""# } ?? ""
        return #"""
        {"id": "\#(id)", "type": "schema", "detail": {"id": "\#(id)", "schema": "https://ns.adobe.com/personalization/message/content-card",
          "data": {"contentType": "application/json", "publishedDate": 1700000000, "expiryDate": 2000000000,
            "meta": {"adobe": {"template": "SmallImage"}\#(surfaceMeta)},
            "content": {"title": {"content": "\#(title)"}, "body": {"content": "body of \#(title)"},
                        "dismissBtn": {"style": "simple"}, "actionUrl": "https://example.com/\#(id)"}}}}
        """#
    }

    /// An event-history operation consequence recording `eventType` for `activity`.
    func historyConsequence(_ id: String, operation: String = "insertIfNotExists", eventType: String, activity: String) -> String {
        #"""
        {"id": "\#(id)", "type": "schema", "detail": {"id": "\#(id)", "schema": "https://ns.adobe.com/personalization/eventHistoryOperation",
          "data": {"operation": "\#(operation)", "content": {"iam.eventType": "\#(eventType)", "iam.id": "\#(activity)"}}}}
        """#
    }

    func rule(_ condition: String, _ consequence: String) -> String {
        #"{"condition": \#(condition), "consequences": [\#(consequence)]}"#
    }

    /// A proposition for `inbox` whose one item is a ruleset holding `rules`.
    func rulesetProposition(_ id: String, activity: String, rules: [String]) -> String {
        #"""
        {"id": "\#(id)", "scope": "\#(inbox.uri)",
         "scopeDetails": {"decisionProvider": "AJO", "correlationID": "corr-\#(id)", "activity": {"id": "\#(activity)"}},
         "items": [{"id": "ruleset-\#(id)", "schema": "https://ns.adobe.com/personalization/ruleset-item",
                    "data": {"version": 1, "rules": [\#(rules.joined(separator: ","))]}}]}
        """#
    }

    /// Qualifies on a tracked "view_offers" action.
    var offerCampaign: String {
        rulesetProposition("offer", activity: "act-offer", rules: [
            rule(group("and", matcher("~type", "eq", #""com.adobe.eventType.generic.track""#),
                       matcher("action", "eq", #""view_offers""#)),
                 cardConsequence("card-offer", surface: inbox.uri, title: "Offers")),
        ])
    }

    /// Qualifies while its dates hold and it was not dismissed; a dismissal records a disqualify operation.
    var welcomeCampaign: String {
        rulesetProposition("welcome", activity: "act-welcome", rules: [
            rule(group("and", matcher("~timestampu", "gt", "1600000000"), matcher("~timestampu", "lt", "4102444800"),
                       notDisqualified("act-welcome")),
                 cardConsequence("card-welcome", surface: inbox.uri, title: "Welcome")),
            rule(group("and", matcher("~type", "eq", #""com.adobe.eventType.messaging""#),
                       matcher("iam.eventType", "eq", #""dismiss""#), matcher("iam.id", "eq", #""act-welcome""#)),
                 historyConsequence("disq-welcome", eventType: "disqualify", activity: "act-welcome")),
        ])
    }

    // MARK: Helpers

    func update(_ propositions: [String]) throws {
        try network.respond(toSurface: inbox.uri, withJSON: "[" + propositions.joined(separator: ",") + "]")
        let done = Locked<Bool?>(nil)
        Messaging.updatePropositionsForSurfaces([inbox]) { ok in done.withLock { $0 = ok } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(done.snapshot, true)
    }

    func propositions() throws -> [Proposition] {
        let box = Locked<([Surface: [Proposition]]?, String?)?>(nil)
        Messaging.getPropositionsForSurfaces([inbox]) { result, error in box.withLock { $0 = (result, error.map { "\($0)" }) } }
        XCTAssertTrue(harness.settle())
        let answer = try XCTUnwrap(box.snapshot)
        XCTAssertNil(answer.1)
        return answer.0?[inbox] ?? []
    }

    func cards() throws -> [ContentCardUI] {
        let box = Locked<Result<[ContentCardUI], any Error>?>(nil)
        Messaging.getContentCardsUI(for: inbox) { r in box.withLock { $0 = r } }
        XCTAssertTrue(harness.settle())
        return try XCTUnwrap(box.snapshot).get()
    }

    var triggers: Int { network.xdmEventTypes.filter { $0 == "decisioning.propositionTrigger" }.count }

    // MARK: Tests

    func test_aCardRuleQualifiesOnTheEventItNamesAndStaysQualified() throws {
        try update([offerCampaign])
        XCTAssertEqual(try propositions().count, 0, "the rule has not matched an event yet")

        MobileCore.track(action: "browse", data: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(try propositions().count, 0, "another action does not qualify the card")

        MobileCore.track(action: "view_offers", data: ["from": "home"])
        XCTAssertTrue(harness.settle())
        let qualified = try propositions()
        XCTAssertEqual(qualified.map(\.uniqueId), ["offer"])
        XCTAssertEqual(qualified.first?.items.map(\.itemId), ["card-offer"])
        XCTAssertEqual(qualified.first?.items.first?.schema, .contentCard)
        XCTAssertEqual(triggers, 1, "a card qualifying for the first time is tracked as trigger")

        MobileCore.track(action: "view_offers", data: nil)
        MobileCore.track(action: "browse", data: nil)
        XCTAssertTrue(harness.settle())
        let ui = try cards()
        XCTAssertEqual(ui.map(\.id), ["offer"], "matching again replaces the card; other events do not remove it")
        XCTAssertEqual((ui.first?.template as? SmallImageTemplate)?.title.content, "Offers")
        XCTAssertEqual(triggers, 1, "a card already qualified is not triggered again")
        XCTAssertTrue(harness.trace.events.contains { $0.name == "contentCardQualified" && $0.details["id"] == "offer" })
    }

    func test_cardsQualifyingTogetherAreTriggeredInOneEdgeEvent() throws {
        let second = rulesetProposition("offer-2", activity: "act-offer-2", rules: [
            rule(matcher("action", "eq", #""view_offers""#), cardConsequence("card-offer-2", surface: inbox.uri, title: "More offers")),
        ])
        try update([offerCampaign, second])
        let before = network.events.count
        MobileCore.track(action: "view_offers", data: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(try propositions().map(\.uniqueId).sorted(), ["offer", "offer-2"])
        let triggers = network.events.dropFirst(before).filter { $0.name == "Messaging interaction event" }
        XCTAssertEqual(triggers.count, 1, "one batched trigger event")
        guard case .object(let xdm)? = triggers.first?.xdm, case .object(let experience)? = xdm["_experience"],
              case .object(let decisioning)? = experience["decisioning"], case .array(let listed)? = decisioning["propositions"] else {
            return XCTFail("no decisioning XDM")
        }
        XCTAssertEqual(listed.compactMap { item -> String? in guard case .object(let o) = item else { return nil }; return o["id"]?.stringValue }.sorted(), ["offer", "offer-2"])
        XCTAssertEqual(decisioning["propositionEventType"], ["trigger": 1])
        XCTAssertEqual(Set(log.historyRecords.filter { $0.eventType == .trigger }.map(\.activityId)), ["act-offer", "act-offer-2"],
                       "each card's trigger is written to event history")
    }

    func test_aQualifiedCardIsTrackedThroughItsProposition() throws {
        try update([offerCampaign])
        MobileCore.track(action: "view_offers", data: nil)
        XCTAssertTrue(harness.settle())
        let card = try XCTUnwrap(try cards().first)
        card.simulateDisplay()
        card.simulateTap()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(network.xdmEventTypes.suffix(2), ["decisioning.propositionDisplay", "decisioning.propositionInteract"])
        XCTAssertTrue(log.historyRecords.contains { $0.activityId == "act-offer" && $0.eventType == .display },
                      "the display is written to event history under the campaign's activity")
    }

    func test_aCardWithoutConditionsOnEventsQualifiesWhenFetchedAndLeavesWhenDismissed() throws {
        try update([welcomeCampaign])
        XCTAssertEqual(try propositions().map(\.uniqueId), ["welcome"], "the fetch's seed event qualifies a card whose rule holds")
        XCTAssertEqual(triggers, 1)

        let card = try XCTUnwrap(try cards().first)
        let template = try XCTUnwrap(card.template as? SmallImageTemplate)
        template.dismissButton?.simulateTap()
        XCTAssertTrue(harness.settle())
        XCTAssertTrue(harness.trace.events.contains { $0.name == "historyOperation" && $0.details["eventType"] == "disqualify" })
        XCTAssertTrue(harness.trace.events.contains { $0.name == "contentCardDisqualified" && $0.details["activityId"] == "act-welcome" })
        XCTAssertEqual(try propositions().count, 0, "the dismissal disqualified the card")
        XCTAssertEqual(MobileCore.queryEventHistory([EventHistoryRequest(mask: ["iam.eventType": "disqualify", "iam.id": "act-welcome"])],
                                                    enforceOrder: false).first?.count, 1)

        try update([welcomeCampaign])
        XCTAssertEqual(try propositions().count, 0, "its rule's history condition keeps a disqualified card out after a new fetch")
        MobileCore.track(action: "anything", data: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(try propositions().count, 0)
        XCTAssertEqual(MobileCore.queryEventHistory([EventHistoryRequest(mask: ["iam.eventType": "disqualify", "iam.id": "act-welcome"])],
                                                    enforceOrder: false).first?.count, 1, "insertIfNotExists records once")
    }

    func test_aFetchReplacesTheQualifiedCardsOfTheSurface() throws {
        try update([offerCampaign, welcomeCampaign])
        MobileCore.track(action: "view_offers", data: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(try propositions().map(\.uniqueId).sorted(), ["offer", "welcome"])

        try update([offerCampaign, welcomeCampaign])
        XCTAssertEqual(try propositions().map(\.uniqueId), ["welcome"],
                       "after a fetch the surface holds what the fetch's seed event qualifies, as upstream")

        try update([])
        XCTAssertEqual(try propositions().count, 0, "a surface that came back empty loses its rules and cards")
        MobileCore.track(action: "view_offers", data: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(try propositions().count, 0)
    }

    func test_cardsComeBeforeCodeBasedPropositionsAndCardsWithoutSurfaceAreSkipped() throws {
        let json = #"""
        {"id": "code", "scope": "\#(inbox.uri)", "scopeDetails": {"activity": {"id": "act-code"}},
         "items": [{"id": "json-1", "schema": "https://ns.adobe.com/personalization/json-content-item",
                    "data": {"format": "application/json", "content": {"k": "v"}}}]}
        """#
        let noSurface = rulesetProposition("lost", activity: "act-lost", rules: [
            rule(matcher("action", "eq", #""view_offers""#), cardConsequence("card-lost", surface: nil, title: "Lost")),
        ])
        try update([json, offerCampaign, noSurface])
        MobileCore.track(action: "view_offers", data: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(try propositions().map(\.uniqueId), ["offer", "code"])
        XCTAssertTrue(harness.trace.events.contains { $0.name == "contentCardSkipped" && $0.details["reason"] == "no meta.surface" })
    }

    func test_historicalConditionsCountOrderAndRecency() throws {
        let history: [[String: Any]] = [["iam.eventType": "display", "iam.id": "a"], ["iam.eventType": "interact", "iam.id": "a"]]
        for data in history {
            MobileCore.dispatch(event: Event(name: "h", type: "t", source: "s", data: data, mask: ["iam.eventType", "iam.id"]))
        }
        XCTAssertTrue(harness.settle())
        func value(_ definition: String) throws -> Int {
            guard case .object(let d) = try JSONValue(parsing: Data(definition.utf8)) else { throw CocoaError(.coderInvalidValue) }
            return RuleCondition.historyValue(d)
        }
        let display = #"{"iam.eventType": "display", "iam.id": "a"}"#
        let interact = #"{"iam.eventType": "interact", "iam.id": "a"}"#
        let none = #"{"iam.eventType": "dismiss", "iam.id": "a"}"#
        XCTAssertEqual(try value(#"{"events": [\#(display), \#(interact)]}"#), 2)
        XCTAssertEqual(try value(#"{"events": [\#(display), \#(interact)], "searchType": "ordered"}"#), 1)
        XCTAssertEqual(try value(#"{"events": [\#(display), \#(none)], "searchType": "ordered"}"#), 0)
        XCTAssertEqual(try value(#"{"events": [\#(none), \#(display)], "searchType": "mostRecent"}"#), 1)
        XCTAssertEqual(try value(#"{"events": [\#(none)], "searchType": "mostRecent"}"#), -1)
        XCTAssertEqual(try value(#"{"events": [\#(display)], "from": 0, "to": 1000}"#), 0, "outside the window")
    }
}
