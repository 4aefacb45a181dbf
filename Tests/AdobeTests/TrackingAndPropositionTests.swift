import XCTest
import Foundation
import InAppCore
import InAppTestSupport
import AEPCore
@testable import AEPServices
@testable import AEPMessaging

/// adobe.md §3.4, §5 L (proposition → message), M (autoTrack and Edge events), N (history), O (XDM).
final class TrackingAndPropositionTests: AdobeTestCase {

    // MARK: L. From rule match to display

    func test_F47_messageFromPropositionItem() throws {
        try Messaging.loadPropositions(propositionJSON(itemId: "itemId", mobileParameters: #"{"width": 80}"#,
                                                       meta: #"{"k": "v", "n": 3, "nested": {"a": [1, 2]}}"#))
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "itemId"))
        XCTAssertEqual(message.id, "itemId")
        XCTAssertTrue(message.fullscreenMessage?.parent === message)
        XCTAssertEqual(message.metadata["k"] as? String, "v")
        XCTAssertEqual(message.metadata["n"] as? Int, 3)
        XCTAssertEqual((message.metadata["nested"] as? [String: Any])?["a"] as? [Int], [1, 2])
        XCTAssertTrue(message.getParent() as AnyObject === Messaging.instance)
        XCTAssertTrue(harness.settle())
        // trigger() first, then show under delegate control
        XCTAssertEqual(harness.analytics(for: "itemId"), ["edge.trigger", "history.trigger", "edge.display", "history.display"])
        XCTAssertEqual(message.fullscreenMessage?.isLocalImageUsed, false)
    }

    func test_F47_contentMustBeAnHTMLStringAndMissingMetaIsEmpty() throws {
        // Upstream reads only the first item of a proposition: one proposition per candidate here.
        func proposition(_ id: String, _ item: String) -> String {
            #"{"id": "p-\#(id)", "scope": "mobileapp://x", "scopeDetails": {"activity": {"id": "a-\#(id)"}}, "items": [\#(item)]}"#
        }
        let json = "[" + [
            proposition("json", #"{"id": "json", "schema": "https://ns.adobe.com/personalization/message/in-app", "data": {"content": {"a": 1}, "contentType": "application/json"}}"#),
            proposition("html", #"{"id": "html", "schema": "https://ns.adobe.com/personalization/message/in-app", "data": {"content": "<p/>", "contentType": "text/html", "meta": {}}}"#),
            proposition("other", #"{"id": "other", "schema": "https://ns.adobe.com/personalization/json-content-item", "data": {"content": {}}}"#),
        ].joined(separator: ",") + "]"
        XCTAssertEqual(try Messaging.loadPropositions(json), ["html"])
        XCTAssertEqual(harness.labels(kinds: [.diagnostic]).filter { $0 == "diagnostic.itemSkipped" }.count, 1,
                       "the JSON in-app item is skipped; the json-content item is code-based content, not skipped")
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "html"))
        XCTAssertTrue(message.metadata.isEmpty)
        XCTAssertNil(Messaging.showMessage(forItem: "json"))
    }

    func test_F47_remoteAssetsUseLocalImagesEvenWhenNothingIsCached() throws {
        try Messaging.loadPropositions(propositionJSON(remoteAssets: #"["https://cdn/x.png"]"#))
        let message = Messaging.makeMessage(try XCTUnwrap(Messaging.loadedItems.first))
        XCTAssertEqual(message.fullscreenMessage?.isLocalImageUsed, true)
        XCTAssertEqual(message.assets, [:], "count 0 but non-nil")
        XCTAssertNil(message.fullscreenMessage?.payloadUsingLocalAssets)
    }

    func test_F48_setAssetMap() throws {
        let fullscreen = try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: "message with a token", listener: nil, isLocalImageUsed: true) as? FullscreenMessage)
        fullscreen.setAssetMap(["token": "value replaced"])
        XCTAssertEqual(fullscreen.payloadUsingLocalAssets, "message with a value replaced")
        fullscreen.setAssetMap(["absent": "x"])
        XCTAssertEqual(fullscreen.payloadUsingLocalAssets, "message with a token")
        fullscreen.setAssetMap([:])
        XCTAssertNil(fullscreen.payloadUsingLocalAssets)
        fullscreen.setAssetMap(["token": "v"])
        fullscreen.setLocalAssetsMap(nil)
        XCTAssertNil(fullscreen.payloadUsingLocalAssets)
    }

    func test_F49_messagesWithoutPropositionInfoTrackNothing() throws {
        let message = Message(id: "preview", html: "<p>preview</p>")
        showAndSettle(message)
        message.track("x", withEdgeEventType: .interact)
        message.recordDisplay()
        message.dismiss()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(log.edgeEvents, [])
        XCTAssertEqual(log.historyRecords, [])
        XCTAssertEqual(state(message), .dismissed)
        XCTAssertTrue(harness.labels(kinds: [.diagnostic]).contains("diagnostic.trackIgnored"))
    }

    // MARK: M. autoTrack and Edge events

    func test_F51_trackSendsOneEventAndIgnoresAutoTrack() throws {
        let message = try makeMessage()
        message.autoTrack = false
        message.track("clicked", withEdgeEventType: .interact)
        XCTAssertEqual(log.edgeEvents.count, 1)
        XCTAssertEqual(log.edgeEvents.first?.interaction, "clicked")
        XCTAssertEqual(log.historyRecords, [], "track writes no history")
    }

    func test_F51_lifecycleTableWithAutoTrack() throws {
        try Messaging.loadPropositions(propositionJSON())
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
        XCTAssertTrue(harness.settle())
        navigate(message, to: "adbinapp://dismiss?interaction=ok")
        XCTAssertEqual(log.edgeEventTypes(for: "abc"), [.trigger, .display, .interact, .dismiss])
        XCTAssertEqual(log.historyEventTypes(for: "abc"), [.trigger, .display, .interact, .dismiss])
    }

    func test_F52_autoTrackOffOnlyAdbinappInteractionsAreSent() throws {
        // the app turns tracking off when asked about the message (the trigger event is already sent by then)
        let delegate = RecordingDelegate()
        delegate.onShouldShow = { $0?.parent?.autoTrack = false }
        MobileCore.messagingDelegate = delegate
        try Messaging.loadPropositions(propositionJSON())
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
        XCTAssertTrue(harness.settle())
        XCTAssertFalse(message.autoTrack)
        navigate(message, to: "adbinapp://dismiss?interaction=ok")
        XCTAssertEqual(log.edgeEventTypes(for: "abc"), [.trigger, .interact])
        XCTAssertEqual(log.historyEventTypes(for: "abc"), [.trigger, .display, .interact, .dismiss], "history is always written")
        // the app tracks the rest itself
        message.track(withEdgeEventType: .dismiss)
        XCTAssertEqual(log.edgeEventTypes(for: "abc"), [.trigger, .interact, .dismiss])
    }

    func test_F53_recordDisplayWritesHistoryOnly() throws {
        let message = try makeMessage()
        message.recordDisplay()
        XCTAssertEqual(log.edgeEvents, [])
        XCTAssertEqual(log.historyRecords, [MessagingHistoryRecord(messageID: "abc", eventType: .display,
                                                                   activityId: "activity-1", action: "")])
    }

    // MARK: N. History

    func test_F55_historyNeedsAnActivityIdAndCarriesTheAction() throws {
        try Messaging.loadPropositions(propositionJSON(activityId: ""))
        let noActivity = Messaging.makeMessage(try XCTUnwrap(Messaging.loadedItems.first))
        noActivity.recordDisplay()
        XCTAssertEqual(log.historyRecords, [])
        let message = try makeMessage()
        message.recordEventHistory(eventType: .interact, interaction: "tap")
        XCTAssertEqual(log.historyRecords.first?.data,
                       ["iam": ["eventType": "interact", "id": "activity-1", "action": "tap"]])
    }

    // MARK: O. XDM

    func test_F56_F57_xdmPayload() throws {
        let message = try makeMessage()
        message.track("tap", withEdgeEventType: .interact)
        message.track("Conflict", withEdgeEventType: .suppressDisplay)
        message.track(nil, withEdgeEventType: .interact)
        message.track(withEdgeEventType: .display)
        let events = log.edgeEvents
        XCTAssertEqual(events.map(\.name), Array(repeating: "Messaging interaction event", count: 4))
        XCTAssertEqual(events.first?.type, "com.adobe.eventType.edge")
        let scopeDetails: JSONValue = ["decisionProvider": "AJO", "activity": ["id": "activity-1"]]
        let propositions: JSONValue = [["id": "prop-abc", "scope": "mobileapp://com.example.app", "scopeDetails": scopeDetails]]
        XCTAssertEqual(events[0].data, ["xdm": ["eventType": "decisioning.propositionInteract", "_experience": ["decisioning": [
            "propositionEventType": ["interact": 1], "propositions": propositions,
            "propositionAction": ["id": "tap", "label": "tap"]]]]])
        XCTAssertEqual(events[1].data, ["xdm": ["eventType": "decisioning.propositionSuppressDisplay", "_experience": ["decisioning": [
            "propositionEventType": ["suppressDisplay": 1], "propositions": propositions,
            "propositionAction": ["reason": "Conflict"]]]]])
        XCTAssertEqual(events[2].data, ["xdm": ["eventType": "decisioning.propositionInteract", "_experience": ["decisioning": [
            "propositionEventType": ["interact": 1], "propositions": propositions,
            "propositionAction": ["id": "", "label": ""]]]]])
        XCTAssertEqual(events[3].data, ["xdm": ["eventType": "decisioning.propositionDisplay", "_experience": ["decisioning": [
            "propositionEventType": ["display": 1], "propositions": propositions]]]])
    }

    func test_edgeEventTypeValuesAndStrings() {
        let all: [MessagingEdgeEventType] = [.pushApplicationOpened, .pushCustomAction, .dismiss, .interact, .trigger, .display,
                                             .disqualify, .suppressDisplay]
        XCTAssertEqual(all.map(\.rawValue), [4, 5, 6, 7, 8, 9, 10, 11])
        XCTAssertEqual(all.map { $0.toString() }, [
            "pushTracking.applicationOpened", "pushTracking.customAction", "decisioning.propositionDismiss",
            "decisioning.propositionInteract", "decisioning.propositionTrigger", "decisioning.propositionDisplay",
            "decisioning.propositionDisqualify", "decisioning.propositionSuppressDisplay"])
        XCTAssertEqual(all.map(\.propositionEventType), ["", "", "dismiss", "interact", "trigger", "display", "disqualify", "suppressDisplay"])
        XCTAssertEqual(MessagingEdgeEventType(fromType: "decisioning.propositionDisplay"), .display)
        XCTAssertNil(MessagingEdgeEventType(fromType: "nope"))
        XCTAssertEqual(MessagingEdgeEventType(fromPropositionEventType: "dismiss"), .dismiss)
        XCTAssertNil(MessagingEdgeEventType(fromPropositionEventType: ""))
    }

    func test_analyticsAreInTheTraceToo() throws {
        let message = try makeMessage()
        message.track("tap", withEdgeEventType: .interact)
        XCTAssertTrue(harness.settle())
        // The message's own analytics line (the Edge extension's `edge.request` for the event has no message id).
        let event = try XCTUnwrap(harness.trace.events.last { $0.kind == .analytics && $0.messageID == "abc" })
        XCTAssertEqual(event.label, "analytics.edge.interact")
        XCTAssertEqual(event.messageID, "abc")
        XCTAssertEqual(event.details["interaction"], "tap")
    }

    // MARK: Propositions: bad input and rules

    func test_badPropositionJSONThrowsTypedErrors() throws {
        XCTAssertThrowsError(try Messaging.loadPropositions("{not json")) { error in
            guard case MessagingPropositionError.invalidJSON = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try Messaging.loadPropositions("42")) {
            XCTAssertEqual($0 as? MessagingPropositionError, .unexpectedType(path: "$", expected: "object or array"))
        }
        XCTAssertThrowsError(try Messaging.loadPropositions(#"{"propositions": {}}"#)) {
            XCTAssertEqual($0 as? MessagingPropositionError, .unexpectedType(path: "propositions", expected: "array"))
        }
        // As upstream, a proposition or item that does not decode is skipped, not an error for the whole payload
        // (behaviour 2 of issue 23; the tests of that behaviour are in EdgeBehaviourTests).
        XCTAssertEqual(try Messaging.loadPropositions(#"[{"scope": "s", "items": []}]"#), [])
        XCTAssertEqual(try Messaging.loadPropositions(
            #"[{"id": "p", "scope": "s", "scopeDetails": {"a": 1}, "items": [{"id": "i", "schema": "https://ns.adobe.com/personalization/message/in-app", "data": {"content": "x"}}]}]"#), [])
        XCTAssertEqual(Messaging.loadedItemIds, [])
    }

    func test_ruleConditionsMatchEventsCaseInsensitively() throws {
        let json = """
        {"id": "p", "scope": "mobileapp://x", "scopeDetails": {"activity": {"id": "a"}}, "items": [
          {"id": "rs", "schema": "https://ns.adobe.com/personalization/ruleset-item", "data": {"version": 1, "rules": [
            {"condition": {"type": "group", "definition": {"logic": "or", "conditions": [
               {"type": "matcher", "definition": {"key": "contextdata.screen", "matcher": "eq", "values": ["Home"]}},
               {"type": "matcher", "definition": {"key": "action", "matcher": "sw", "values": ["buy"]}}]}},
             "consequences": [{"id": "c", "type": "schema", "detail": {"id": "promo",
               "schema": "https://ns.adobe.com/personalization/message/in-app",
               "data": {"content": "<p>promo</p>", "contentType": "text/html"}}}]}]}}]}
        """
        XCTAssertEqual(try Messaging.loadPropositions(json), ["promo"])
        XCTAssertEqual(Messaging.track(action: "browse").count, 0)
        XCTAssertEqual(Messaging.track(action: "browse", data: ["screen": "home"]).map(\.id), ["promo"])
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(Messaging.dispatchEvent(type: "t", source: "s", data: ["action": "buyNow"]).map(\.id), ["promo"])
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(harness.trace.events.filter { $0.kind == .state && $0.name == "failed" }.count, 1,
                       "the second qualifying message conflicts with the displayed first")
    }

    func test_mobileCoreTrackActionTriggersRuleBasedMessages() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let json = """
        {"id": "p", "scope": "mobileapp://x", "scopeDetails": {"activity": {"id": "a"}}, "items": [
          {"id": "rs", "schema": "https://ns.adobe.com/personalization/ruleset-item", "data": {"version": 1, "rules": [
            {"condition": {"type": "group", "definition": {"logic": "and", "conditions": [
               {"type": "matcher", "definition": {"key": "~type", "matcher": "eq", "values": ["com.adobe.eventType.generic.track"]}},
               {"type": "matcher", "definition": {"key": "action", "matcher": "eq", "values": ["checkout"]}},
               {"type": "matcher", "definition": {"key": "contextdata.total", "matcher": "gt", "values": [100]}}]}},
             "consequences": [{"id": "c", "type": "schema", "detail": {"id": "bigSpender",
               "schema": "https://ns.adobe.com/personalization/message/in-app",
               "data": {"content": "<p>thanks</p>", "contentType": "text/html"}}}]}]}}]}
        """
        try Messaging.loadPropositions(json)
        MobileCore.track(action: "checkout", data: ["total": 50])
        MobileCore.track(state: "checkout", data: ["total": 500])
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, [])
        MobileCore.track(action: "checkout", data: ["total": 500])
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"])
        XCTAssertEqual(delegate.all.first?.messageID, "bigSpender")
        XCTAssertEqual(log.edgeEventTypes(for: "bigSpender"), [.trigger, .display])
    }
}
