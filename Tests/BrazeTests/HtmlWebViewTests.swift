import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
import InAppContent
#if canImport(WebKit)
import WebKit
#endif

/// HTML messages running in the headless web view: taps on the document's links and script bridge calls.
final class HtmlWebViewTests: XCTestCase {
    static let document = """
    <!DOCTYPE html>
    <html><head><title>Offer</title></head><body>
      <h1>Spring sale</h1>
      <a id="buy" href="https://example.com/buy?abButtonId=0">Buy</a>
      <a id="later" href="https://example.com/later?abButtonId=1&abDeepLink=true">Later</a>
      <a id="terms" target="_blank" href="https://example.com/terms">Terms</a>
      <a id="close" href="appboy://close">Close</a>
      <a id="event" href="appboy://customEvent?name=viewed_offer&source=html">Track</a>
      <button id="logclick" onclick="brazeBridge.logClick('1')">Log</button>
      <button id="dismiss" onclick="brazeBridge.closeMessage()">Dismiss</button>
      <button id="legacy" onclick="appboyBridge.logCustomEvent('legacy_bridge')">Legacy</button>
    </body></html>
    """

    private func present(_ b: Bench, id: String) throws -> WKWebView {
        b.deliver(.html(.init(message: Self.document)), id: id)
        return try XCTUnwrap(b.ui.messageView?.html?.webView)
    }

    // The SDK caches a campaign's assets when campaigns arrive; the message's page gets them from that cache, as the
    // localized copies on a device (here the asset file is deleted after caching: nothing reads it again).
    func test_theMessagesCachedAssetsLoadInThePageWithoutNetwork() throws {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable,
                          "JavaScriptCore is not installed, so this test of the JavaScript path was skipped: \(ScriptEngines.availability)")
        let b = Bench()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("openinapp-asset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = dir.appendingPathComponent("app.js")
        try Data("document.getElementById('go').addEventListener('click', () => brazeBridge.logCustomEvent('from_asset'))".utf8).write(to: script)
        let html = "<button id=go>Go</button><script src=\"\(script.absoluteString)\"></script>"
        b.braze.deliveryEngine.deliver([Campaign(message: InAppMessage(id: "a", content: .html(HTMLContent(html: html, assetURLs: [script]))),
                                                 triggers: [.customEvent("later")])])
        XCTAssertNotNil(b.braze.deliveryEngine.cachedAsset(script))
        try FileManager.default.removeItem(at: dir)
        b.deliver(.html(.init(message: html, assetURLs: [script])), id: "a")
        let web = try XCTUnwrap(b.ui.messageView?.html?.webView)
        XCTAssertFalse(web.events.contains { if case .networkBlocked = $0.kind { return true } else { return false } })
        try web.tap(elementID: "go")
        XCTAssertTrue(b.trace.events(for: "a").contains { $0.kind == .script && $0.name == "logCustomEvent" },
                      "the script from the cached asset ran and wired the button")
    }

    // The page's screen is the simulated device's, and follows it while shown: dark mode fires the media query's
    // `change`, rotation a `resize`.
    func test_thePageFollowsTheDevicesAppearanceAndRotation() throws {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable,
                          "JavaScriptCore is not installed, so this test of the JavaScript path was skipped: \(ScriptEngines.availability)")
        let b = Bench()
        b.deliver(.html(.init(message: Fixtures.screenProbeHTML)), id: "p")
        let web = try XCTUnwrap(b.ui.messageView?.html?.webView)
        b.harness.setAppearance(.dark)
        b.harness.rotate(to: .landscapeLeft)
        XCTAssertEqual(web.page.consoleLines, ["initial false 390x844", "changed true", "resize 844x390"])
    }

    func test_documentLoadsInTheWebViewWithTheBrazeBaseURL() throws {
        let b = Bench()
        let web = try present(b, id: "h")
        XCTAssertEqual(web.title, "Offer")
        XCTAssertEqual(web.url?.host, "iamcache.braze")
        XCTAssertEqual(b.state("h"), "displayed")
        XCTAssertTrue(b.ui.isStatusBarHidden)
    }

    func test_tappingAButtonIdLinkLogsTheButtonClickAndDismisses() throws {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        let web = try present(b, id: "h")
        try web.tap(elementID: "buy")
        XCTAssertEqual(b.trace.events(for: "h").filter { $0.kind == .analytics && $0.name == "click" }.map { $0.details["buttonId"] }, ["0"])
        XCTAssertEqual(delegate.processed.first?.0, .url(URL(string: "https://example.com/buy?abButtonId=0")!, useWebView: true))
        XCTAssertEqual(b.state("h"), "dismissed")
    }

    func test_deepLinkFlagOpensOutsideTheWebView() throws {
        let b = Bench()
        let web = try present(b, id: "h")
        try web.tap(elementID: "later")
        XCTAssertEqual(b.navigations("h").last?.name, "openURL")
        XCTAssertEqual(b.trace.events(for: "h").filter { $0.kind == .analytics && $0.name == "click" }.map { $0.details["buttonId"] }, ["1"])
    }

    func test_targetBlankLinkIsATransientOpenAndTheMessageStays() throws {
        let b = Bench()
        let web = try present(b, id: "h")
        try web.tap(elementID: "terms")
        XCTAssertEqual(b.state("h"), "displayed")
        XCTAssertEqual(b.navigations("h").last?.name, "openURLInWebView")
    }

    func test_closeAndCustomEventLinks() throws {
        let b = Bench()
        let web = try present(b, id: "h")
        try web.tap(elementID: "event")
        XCTAssertEqual(b.state("h"), "displayed")
        XCTAssertEqual(b.trace.events.last { $0.kind == .delivery && $0.name == "logCustomEvent" }?.details["name"], "viewed_offer")
        try web.tap(elementID: "close")
        XCTAssertEqual(b.state("h"), "dismissed")
        XCTAssertEqual(b.harness.analytics(for: "h"), ["impression"])
    }

    func test_scriptBridgeCallsReachTheSDK() throws {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        let web = try present(b, id: "h")
        try web.tap(elementID: "logclick")
        try web.tap(elementID: "legacy")
        XCTAssertEqual(b.trace.events(for: "h").filter { $0.kind == .analytics && $0.name == "click" }.map { $0.details["buttonId"] }, ["1"])
        XCTAssertEqual(delegate.processed.count, 0)
        XCTAssertEqual(b.trace.events.last { $0.kind == .delivery && $0.name == "logCustomEvent" }?.details["name"], "legacy_bridge")
        XCTAssertEqual(b.state("h"), "displayed")
        try web.tap(elementID: "dismiss")
        XCTAssertEqual(b.state("h"), "dismissed")
    }

    /// A message whose buttons are wired by its script (the usual marketer template) runs as on a device when
    /// JavaScriptCore is installed: typed input, listener, bridge calls through the SDK, a delayed close on the
    /// page's clock.
    func test_scriptWiredFormRunsItsListenersAndTimers() throws {
        guard ScriptEngines.isJavaScriptCoreAvailable else {
            throw XCTSkip("JavaScriptCore is not installed, so this test of the JavaScript path was skipped: \(ScriptEngines.availability)")
        }
        let b = Bench()
        let html = """
        <input id="email" type="email"><button id="go" disabled>Sign up</button>
        <script>
          const email = document.querySelector('#email'), go = document.querySelector('#go');
          email.addEventListener('input', () => { go.disabled = !/@.+\\./.test(email.value); });
          go.addEventListener('click', () => {
            brazeBridge.getUser().setEmail(email.value);
            brazeBridge.logClick('0');
            setTimeout(() => brazeBridge.closeMessage(), 1500);
          });
        </script>
        """
        b.deliver(.html(.init(message: html)), id: "f")
        let web = try XCTUnwrap(b.ui.messageView?.html?.webView)
        XCTAssertEqual(web.page.scriptEngine, .javaScriptCore)
        XCTAssertEqual(try web.page.tap(selector: "#go").actions, [.blocked(reason: "disabled")])
        try web.page.type("ada@example.com", intoSelector: "#email")
        try web.tap(selector: "#go")
        XCTAssertEqual(b.trace.events(for: "f").filter { $0.kind == .analytics && $0.name == "click" }.map { $0.details["buttonId"] }, ["0"])
        XCTAssertEqual(b.state("f"), "displayed")
        web.page.advanceTime(by: 1.5)
        XCTAssertEqual(b.state("f"), "dismissed")
    }

    func test_configureAttributeSeesTheConfiguration() throws {
        let b = Bench()
        let delegate = RecordingDelegate()
        let seen = Locked(false)
        delegate.prepare = { $0.attributes?.html?.configure = { _ in seen.withLock { $0 = true } } }
        b.ui.delegate = delegate
        _ = try present(b, id: "h")
        XCTAssertTrue(seen.snapshot)
    }
}

