import Foundation
import InAppContent
import InAppCore
import InAppTestSupport
import XCTest
@testable import AppboyKit
#if canImport(UIKit)
import UIKit
#endif

/// Legacy HTML in-app messages run their page: the page's JavaScript, `appboyBridge`, `appboy://` links and the
/// `abButtonId`/`abExternalOpen` query grammar reach the SDK as on a device. The page is the recorded Chromium
/// fixture `Tests/Fixtures/Scripted/appboy-legacy-poll.html` (inline `onclick` handlers, `innerHTML`, a 20 s
/// countdown that navigates to `appboy://close`).
final class AppboyHTMLMessageTests: XCTestCase {
    static let poll = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/Scripted/appboy-legacy-poll.html").standardized

    func presentPoll(also campaigns: [Campaign] = []) throws -> (Harness, Appboy, ContentPage) {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable,
                          "JavaScriptCore is not installed, so this test of the JavaScript path was skipped: \(ScriptEngines.availability)")
        let (h, appboy) = startAppboy([ABKMinimumTriggerTimeIntervalKey: 0])
        let html = try String(contentsOf: Self.poll, encoding: .utf8)
        appboy.deliveryEngine.startSession(with: [Campaign(message: InAppMessage(id: "poll", content: .html(HTMLContent(html: html))),
                                                           triggers: [.customEvent("open_poll")])] + campaigns)
        appboy.logCustomEvent("open_poll")
        h.settle()
        XCTAssertEqual(h.displayCount("poll"), 1)
        let page = try XCTUnwrap(appboy.inAppMessageController.htmlPage, "the displayed HTML message has a page")
        XCTAssertEqual(page.scriptEngine, .javaScriptCore)
        return (h, appboy, page)
    }

    func bridgeCalls(_ h: Harness) -> [String] {
        h.trace.events.filter { $0.kind == .script && $0.details["arguments"] != nil }.map { "\($0.name) \($0.details["arguments"] ?? "")" }
    }

    func testVoteLogsTheButtonClickAndTheEventsThenTheExternalLinkClosesTheMessage() throws {
        let (h, appboy, page) = try presentPoll()
        try page.tap(text: "Calendar sync")
        h.settle()
        XCTAssertEqual(bridgeCalls(h), [#"logClick ["1"]"#, #"logCustomEvent ["poll_vote",{"choice":"calendar","total":876}]"#,
                                        #"getUser().setCustomUserAttribute ["poll_feature_vote","calendar"]"#])
        func clicks() -> [String] { h.trace.events.filter { $0.kind == .analytics && $0.name == "click" }.map { $0.details["button"] ?? "body" } }
        XCTAssertEqual(h.analytics(for: "poll"), ["impression", "click"])
        XCTAssertEqual(clicks(), ["1"], "logClick('1') logs a click on button 1")
        XCTAssertNotNil(appboy.inAppMessageController.htmlPage, "logClick keeps the message")
        page.advanceTime(by: 2.5)
        try page.tap(text: "See the roadmap")
        h.settle()
        let open = h.trace.events.last { $0.name == "openURL" }
        XCTAssertEqual(open?.details["url"], "https://example.com/roadmap?utm_source=iam&abButtonId=0&abExternalOpen=true")
        XCTAssertEqual(open?.details["inWebView"], "false", "abExternalOpen=true opens outside the app")
        XCTAssertEqual(clicks(), ["1", "0"], "abButtonId=0 logs a click on button 0")
        XCTAssertEqual(h.states(of: "poll").last, "dismissed")
        XCTAssertNil(appboy.inAppMessageController.htmlPage)
    }

    func testAppboySchemeLinksLogACustomEventKeepTheMessageAndClose() throws {
        let (h, appboy, page) = try presentPoll(also: [slideupCampaign("thanks", [.customEvent("poll_shared", filters: [.equals("source", "in app")])])])
        try page.tap(text: "Share")
        h.settle()
        XCTAssertNotNil(appboy.inAppMessageController.htmlPage, "appboy://customEvent keeps the message")
        XCTAssertEqual(appboy.inAppMessageController.inAppMessagesRemainingOnStack(), 1,
                       "the custom event with its property reached the SDK and triggered a message, stacked behind the poll")
        XCTAssertTrue(h.trace.events.contains { $0.name == "navigation" && $0.details["url"] == "appboy://customEvent?name=poll_shared&source=in%20app" })
        try page.tap(selector: "#settings")
        h.settle()
        let open = h.trace.events.last { $0.name == "openURL" }
        XCTAssertEqual(open?.details["url"], "myapp://settings/notifications?abButtonId=1")
        XCTAssertEqual(open?.details["inWebView"], "false", "a deep link opens outside")
        XCTAssertEqual(h.states(of: "poll").last, "dismissed", "a link click closes the message")
    }

    func testThePageFollowsTheDevicesAppearanceAndRotation() throws {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable, "JavaScriptCore is not installed: \(ScriptEngines.availability)")
        let (h, appboy) = startAppboy([ABKMinimumTriggerTimeIntervalKey: 0])
        appboy.deliveryEngine.startSession(with: [Campaign(message: InAppMessage(id: "probe", content: .html(HTMLContent(html: Fixtures.screenProbeHTML))),
                                                           triggers: [.sessionStart])])
        h.settle()
        let page = try XCTUnwrap(appboy.inAppMessageController.htmlPage)
        h.setAppearance(.dark)
        h.rotate(to: .landscapeLeft)
        XCTAssertEqual(page.consoleLines, ["initial false 390x844", "changed true", "resize 844x390"])
    }

    func testTheCountdownClosesTheMessageThroughAppboyClose() throws {
        let (h, appboy, page) = try presentPoll()
        page.advanceTime(by: 19.5)
        h.settle()
        XCTAssertNotNil(appboy.inAppMessageController.htmlPage)
        page.advanceTime(by: 1)
        h.settle()
        XCTAssertEqual(h.states(of: "poll").last, "dismissed")
        XCTAssertTrue(h.trace.events.contains { $0.name == "navigation" && $0.details["url"] == "appboy://close" })
        XCTAssertNil(appboy.inAppMessageController.htmlPage, "the page goes with the display")
    }

    // The SDK caches a campaign's assets when campaigns arrive; the page of the legacy HTML message gets them from that
    // cache, as the localized copies on a device (the asset file is deleted after caching: nothing reads it again).
    func testTheMessagesCachedAssetsLoadInThePageWithoutNetwork() throws {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable,
                          "JavaScriptCore is not installed, so this test of the JavaScript path was skipped: \(ScriptEngines.availability)")
        let (h, appboy) = startAppboy([ABKMinimumTriggerTimeIntervalKey: 0])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("openinapp-asset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = dir.appendingPathComponent("poll.js")
        try Data("document.getElementById('go').addEventListener('click', () => appboyBridge.logCustomEvent('from_asset'))".utf8)
            .write(to: script)
        let html = "<button id=go>Go</button><script src=\"\(script.absoluteString)\"></script>"
        appboy.deliveryEngine.startSession(with: [Campaign(message: InAppMessage(id: "a", content: .html(HTMLContent(html: html, assetURLs: [script]))),
                                                           triggers: [.customEvent("open")])])
        XCTAssertNotNil(appboy.deliveryEngine.cachedAsset(script))
        try FileManager.default.removeItem(at: dir)
        appboy.logCustomEvent("open")
        h.settle()
        let page = try XCTUnwrap(appboy.inAppMessageController.htmlPage)
        try page.tap(selector: "#go")
        h.settle()
        XCTAssertTrue(h.trace.events(for: "a").contains { $0.kind == .script && $0.name == "logCustomEvent" },
                      "the script from the cached asset ran and wired the button")
    }
}
