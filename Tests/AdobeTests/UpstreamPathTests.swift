import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
@testable import AEPServices
@testable import AEPMessaging
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// Issue 23, behaviours 1–6: paths where AEP's own sources decide what happens (file and lines in Docs/Adobe.md).
final class UpstreamPathTests: AdobeTestCase {
    private let inApp = "https://ns.adobe.com/personalization/message/in-app"
    private let ruleset = "https://ns.adobe.com/personalization/ruleset-item"

    private func proposition(_ id: String, scope: String = "mobileapp://com.example.app", items: String) -> String {
        #"{"id": "\#(id)", "scope": "\#(scope)", "scopeDetails": {"activity": {"id": "activity-\#(id)"}}, "items": [\#(items)]}"#
    }

    private func inAppItem(_ id: String, html: String = "<p>hi</p>", contentType: String = "text/html") -> String {
        #"{"id": "\#(id)", "schema": "\#(inApp)", "data": {"content": \#(jsonString(html)), "contentType": "\#(contentType)"}}"#
    }

    private func rule(action: String, consequences: String) -> String {
        #"{"condition": {"type": "matcher", "definition": {"key": "action", "matcher": "eq", "values": ["\#(action)"]}}, "consequences": [\#(consequences)]}"#
    }

    private func consequence(_ item: String) -> String { #"{"id": "c", "type": "schema", "detail": \#(item)}"# }

    // MARK: 1. uiTakeover without a display animation

    func test_1_uiTakeoverWithoutDisplayAnimationDimsNothingAndBackgroundTapDoesNotDismiss() throws {
        let message = try makeMessage(mobileParameters: #"{"uiTakeover": true, "backdropColor": "000000", "backdropOpacity": 0.5}"#)
        showAndSettle(message)
        let view = try XCTUnwrap(webView(of: message))
        XCTAssertTrue(view.superview is UIWindow, "the web view goes straight onto the window: nothing is dimmed")
        view.tapBackground()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(harness.states(of: "abc").last, "displayed", "no backdrop, so no background tap dismissal")
        XCTAssertTrue(harness.labels(kinds: [.diagnostic]).contains("diagnostic.backdropTapIgnored"))

        message.dismiss(); XCTAssertTrue(harness.settle())
        let animated = try makeMessage(itemId: "animated", mobileParameters:
            #"{"uiTakeover": true, "displayAnimation": "fade", "backdropColor": "000000", "backdropOpacity": 0.5}"#)
        showAndSettle(animated)
        let animatedView = try XCTUnwrap(webView(of: animated))
        XCTAssertFalse(animatedView.superview is UIWindow, "with an animation the backdrop holds the web view")
        XCTAssertEqual(animatedView.superview?.backgroundColor, UIColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        animatedView.tapBackground()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(harness.states(of: "animated").last, "dismissed")
    }

    // MARK: 2. Per-item loading

    func test_2_badRulesetRuleOrItemIsSkippedAndTheRestKept() throws {
        let badRuleset = proposition("bad-ruleset", items: #"{"id": "rs0", "schema": "\#(ruleset)", "data": {"rules": "nope"}}"#)
        let emptyGroup = #"{"condition": {"type": "group", "definition": {"logic": "and", "conditions": []}}, "consequences": [\#(consequence(inAppItem("no-condition")))]}"#
        let noData = rule(action: "go", consequences: #"{"id": "c", "type": "schema", "detail": {"id": "no-data", "schema": "\#(inApp)"}}"#)
        let goodRule = rule(action: "go", consequences: consequence(inAppItem("good-rule")))
        let rules = [emptyGroup, noData, goodRule].joined(separator: ",")
        let mixedRules = proposition("mixed", items: #"{"id": "rs1", "schema": "\#(ruleset)", "data": {"version": 1, "rules": [\#(rules)]}}"#)
        let badProposition = #"{"id": "no-scope-details", "scope": "mobileapp://com.example.app", "items": [\#(inAppItem("lost"))]}"#
        let badItem = proposition("bad-item", items: #"{"id": "x", "schema": "\#(inApp)", "data": 42}"#)
        let good = proposition("good", items: inAppItem("good-item"))
        let json = "[" + [badRuleset, mixedRules, badProposition, badItem, good].joined(separator: ",") + "]"

        XCTAssertEqual(try Messaging.loadPropositions(json), ["good-rule", "good-item"])
        let diagnostics = harness.labels(kinds: [.diagnostic])
        XCTAssertTrue(diagnostics.contains("diagnostic.rulesetSkipped"))
        XCTAssertTrue(diagnostics.contains("diagnostic.ruleSkipped"))
        XCTAssertTrue(diagnostics.contains("diagnostic.propositionSkipped"))
        XCTAssertEqual(Messaging.track(action: "go").map(\.id), ["good-rule"], "the good rule still fires")
    }

    // MARK: 3. application/json string content

    func test_3_applicationJsonStringContentMakesNoMessage() throws {
        let json = "[" + [proposition("j", items: inAppItem("json-string", html: "<p>looks like html</p>", contentType: "application/json")),
                          proposition("h", items: inAppItem("html"))].joined(separator: ",") + "]"
        XCTAssertEqual(try Messaging.loadPropositions(json), ["html"])
        XCTAssertNil(Messaging.showMessage(forItem: "json-string"))
        // The public view agrees: the item's in-app data does not decode.
        let decoded = try JSONDecoder().decode(Proposition.self, from: Data(
            proposition("j", items: inAppItem("json-string", html: "<p/>", contentType: "application/json")).utf8))
        XCTAssertEqual(decoded.items.count, 1)
        XCTAssertNil(decoded.items[0].inappSchemaData)
    }

    // MARK: 4. First item, first consequence

    func test_4_onlyTheFirstItemOfAPropositionAndTheFirstConsequenceOfARuleCount() throws {
        let twoItems = proposition("two", items: [inAppItem("first-item"), inAppItem("second-item")].joined(separator: ","))
        let both = [consequence(inAppItem("first-consequence")), consequence(inAppItem("second-consequence"))].joined(separator: ",")
        let buyRule = rule(action: "buy", consequences: both)
        let twoConsequences = proposition("rules", items: #"{"id": "rs", "schema": "\#(ruleset)", "data": {"version": 1, "rules": [\#(buyRule)]}}"#)
        XCTAssertEqual(try Messaging.loadPropositions("[\(twoItems),\(twoConsequences)]"), ["first-item", "first-consequence"])
        XCTAssertNil(Messaging.showMessage(forItem: "second-item"))
        XCTAssertEqual(Messaging.track(action: "buy").map(\.id), ["first-consequence"])
    }

    // MARK: 5. animate= and late script handlers

    func test_5_animateAppliesToTheParentMessagesOwnFullscreenMessage() throws {
        let message = try makeMessage()
        showAndSettle(message)
        // Another full-screen message whose settings name the same Message as parent asks about a dismiss link.
        let otherSettings = MessageSettings(parent: message).setDismissAnimation(MessageAnimation.none)
        let other = try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: "<p/>", listener: message, isLocalImageUsed: false, settings: otherSettings) as? FullscreenMessage)
        XCTAssertFalse(message.overrideUrlLoad(message: other, url: "adbinapp://dismiss?animate=left"))
        XCTAssertEqual(message.fullscreenMessage?.settings?.dismissAnimation, .left, "the owner's own message")
        XCTAssertEqual(other.settings?.dismissAnimation, MessageAnimation.none, "not the asking one")
        XCTAssertTrue(harness.settle())
    }

    func test_5_handleJavascriptMessageOnMainRegistersOnALaterMainQueueTurn() throws {
        let message = try makeMessage()
        showAndSettle(message)
        let web = try XCTUnwrap(webView(of: message))
        var bodies: [String] = []
        message.handleJavascriptMessage("early") { bodies.append(($0 as? String) ?? "?") }
        // Same turn: not registered yet, so a post now reaches nobody.
        XCTAssertEqual(message.fullscreenMessage?.scriptHandlerNames, [])
        web.evaluateJavaScript("window.webkit.messageHandlers.early && window.webkit.messageHandlers.early.postMessage('too soon')",
                               completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(message.fullscreenMessage?.scriptHandlerNames, ["early"])
        web.evaluateJavaScript("window.webkit.messageHandlers.early.postMessage('later')", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(bodies, ["later"])
    }

    // MARK: 6. Edge response envelopes

    func test_6_edgeResponseEnvelopeIsAccepted() throws {
        let envelope = """
        {"requestId": "D158979E-0506-4968-8031-17A6A8A87DA8",
         "handle": [{"type": "state:store", "payload": [{"key": "kndctr", "value": "x"}]},
                    {"type": "personalization:decisions", "eventIndex": 0, "payload": [\(proposition("env", items: inAppItem("from-envelope")))]}]}
        """
        XCTAssertEqual(try Messaging.loadPropositions(envelope), ["from-envelope"])
        let handle = #"{"type": "personalization:decisions", "payload": [\#(proposition("h", items: inAppItem("from-handle")))]}"#
        XCTAssertEqual(try Messaging.loadPropositions(handle), ["from-handle"])
    }

    func test_6_unrecognisedPayloadNamesTheShapeNotAMissingId() {
        XCTAssertThrowsError(try Messaging.loadPropositions(#"{"requestId": "r", "handles": []}"#)) { error in
            guard case MessagingPropositionError.unexpectedType(path: "$", let expected) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(expected.contains("Edge response"), expected)
        }
        XCTAssertThrowsError(try Messaging.loadPropositions(#"{"handle": {}}"#)) {
            XCTAssertEqual($0 as? MessagingPropositionError, .unexpectedType(path: "handle", expected: "array"))
        }
    }
}
