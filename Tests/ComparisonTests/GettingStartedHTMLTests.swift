import XCTest
import Foundation
import BrazeKit
import BrazeUI
import WebKit
import InAppTestSupport

/// Docs/GettingStarted-HTML.md's message and scenario, driven through the Braze UI as the guide's scenario drives
/// them through `iam` (which CI runs separately, Docs/check-guides): the page's form, bridge calls and timer work.
final class GettingStartedHTMLTests: XCTestCase {
    static let guide = "Docs/GettingStarted-HTML.md"

    func testTheGuidesScenarioIsWhatItsStepsSay() throws {
        let files = try GuideBlocks.files(in: Self.guide)
        let scenario = try XCTUnwrap(files["html/scenario.json"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(scenario.utf8)) as? [String: Any])
        XCTAssertEqual(json["vendor"] as? String, "braze")
        let steps = try XCTUnwrap(json["steps"] as? [[String: Any]])
        let deliver = try XCTUnwrap(steps.first?["deliver"] as? [String: Any])
        XCTAssertEqual(deliver["html_file"] as? String, "message.html")
        XCTAssertNotNil(files["html/message.html"], "the file the scenario names is a block of the page")
        XCTAssertEqual(steps.dropFirst().compactMap { $0.keys.first }, ["type", "tap", "advance"])
    }

    func testTheGuidesMessageJoinsThanksAndClosesTwoSecondsLater() throws {
        let (harness, ui, braze) = try presentTheGuidesMessage(id: "newsletter")
        defer { withExtendedLifetime(braze) {} }

        let page = try XCTUnwrap(ui.messageView?.html?.webView).page
        try page.type("ada@example.com", intoSelector: "#email")
        try page.tap(selector: "#join")
        XCTAssertEqual(try page.evaluate("getComputedStyle(document.getElementById('thanks')).display").get(), .string("block"))
        XCTAssertNotNil(ui.messageView, "the thanks stay two seconds")

        harness.advance(by: 2)                         // the page's timers run on the harness's one virtual clock
        XCTAssertNil(ui.messageView)
        let calls = harness.trace.events(for: "newsletter").filter { $0.kind == .script }.map(\.name)
        XCTAssertEqual(calls.filter { !$0.hasPrefix("console") },
                       ["getUser().setEmail", "logCustomEvent", "logClick", "closeMessage"], "\(calls)")
        XCTAssertEqual(harness.trace.events(for: "newsletter").first { $0.name == "getUser().setEmail" }?.details["arguments"],
                       #"["ada@example.com"]"#)
        XCTAssertEqual(harness.analytics(for: "newsletter"), ["impression", "click"])
        XCTAssertEqual(harness.states(of: "newsletter").last, "dismissed")
    }

    func testNoThanksClosesAtOnce() throws {
        let (harness, ui, braze) = try presentTheGuidesMessage(id: "n")
        defer { withExtendedLifetime(braze) {} }
        try XCTUnwrap(ui.messageView?.html?.webView).tap(text: "No thanks")
        XCTAssertNil(ui.messageView)
        XCTAssertEqual(harness.states(of: "n").last, "dismissed")
    }

    /// The guide's message, shown by the Braze UI at session start in a fresh harness (skipped without JavaScriptCore).
    private func presentTheGuidesMessage(id: String) throws -> (Harness, BrazeInAppMessageUI, Braze) {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable,
                          "JavaScriptCore is not installed, so this test of the JavaScript path was skipped: \(ScriptEngines.availability)")
        let html = try XCTUnwrap(try GuideBlocks.files(in: Self.guide)["html/message.html"])
        let harness = Harness()
        let braze = Braze(configuration: .init(apiKey: "API-KEY", endpoint: "sdk.example.com"))
        let ui = BrazeInAppMessageUI()
        braze.inAppMessagePresenter = ui
        braze.startSession(campaigns: [.init(message: .html(.init(data: .init(id: id), message: html)), triggers: [.sessionStart])])
        return (harness, ui, braze)
    }
}
