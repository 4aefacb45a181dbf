#if !canImport(Darwin)
import Foundation
import XCTest
import InAppContent
import WebKit

/// A navigation delegate that counts what an app counts when WebKit kills a runaway page's web content process.
private final class TerminationCounter: NSObject, WKNavigationDelegate {
    var terminated: [WKWebView] = []
    var finished = 0
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) { finished += 1 }
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) { terminated.append(webView) }
}

/// When a page's scripts use up their budget the page is stopped for good, the headless analogue of WebKit terminating
/// a page's web content process: the web view's navigation delegate is told once, through
/// `webViewWebContentProcessDidTerminate(_:)`, as an app that reloads or dismisses its message on that callback expects.
/// Small limits keep each test well under a second of script time; time moves on the page's own clock.
final class WebContentTerminationTests: XCTestCase {
    private func webView(_ delegate: (any WKNavigationDelegate)?) throws -> WKWebView {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable, "JavaScriptCore is not installed: \(ScriptEngines.availability)")
        let configuration = WKWebViewConfiguration()
        configuration.scriptLimits = ScriptLimits(timeLimit: 0.05, pageTimeLimit: 60, callTimeLimit: 0.3)
        let webView = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), configuration: configuration)
        webView.navigationDelegate = delegate
        return webView
    }

    private let runaway = "<p id=p>offer</p><script>var n = 0; setInterval(() => { n++; for (;;) {} }, 1)</script>"

    func testARunawayPageTellsTheNavigationDelegateOnce() throws {
        let delegate = TerminationCounter()
        let webView = try webView(delegate)
        webView.loadHTMLString(runaway, baseURL: nil)
        XCTAssertEqual(delegate.finished, 1)
        XCTAssertTrue(delegate.terminated.isEmpty, "the page's load ran no loop yet")

        webView.page.advanceTime(by: 10)
        XCTAssertEqual(delegate.terminated.count, 1)
        XCTAssertTrue(delegate.terminated.first === webView, "the callback names the web view whose page was stopped")
        guard case .callTime(_, let limit)? = webView.page.scriptTermination else {
            return XCTFail("stopped for its call budget, got \(String(describing: webView.page.scriptTermination))")
        }
        XCTAssertEqual(limit, 0.3)

        // The stopped page stays stopped and quiet: no second callback for later calls into it.
        webView.page.advanceTime(by: 10)
        webView.evaluateJavaScript("n") { _, _ in }
        XCTAssertEqual(delegate.terminated.count, 1)
        XCTAssertTrue(webView.document.body.visibleText.hasPrefix("offer"), "the document stays on screen")

        // What an app does on this callback: load the message again. The new document has a budget of its own.
        webView.loadHTMLString("<p id=p>again</p><script>document.title = 'ran'</script>", baseURL: nil)
        XCTAssertNil(webView.page.scriptTermination)
        XCTAssertEqual(webView.title, "ran")
        XCTAssertEqual(delegate.terminated.count, 1)
    }

    func testAPageWithinItsBudgetNeverTellsTheDelegate() throws {
        let delegate = TerminationCounter()
        let webView = try webView(delegate)
        webView.loadHTMLString("<script>var n = 0; setInterval(() => { n++ }, 10)</script>", baseURL: nil)
        webView.page.advanceTime(by: 5)
        var ticks: Any?
        webView.evaluateJavaScript("n") { value, _ in ticks = value }
        XCTAssertEqual((ticks as? NSNumber)?.intValue, 500)
        XCTAssertTrue(delegate.terminated.isEmpty)
        XCTAssertNil(webView.page.scriptTermination)
    }

    func testADelegateWithoutTheCallbackAndNoDelegateAtAllAreFine() throws {
        for delegate in [SilentNavigationDelegate() as (any WKNavigationDelegate)?, nil] {
            let webView = try webView(delegate)
            webView.loadHTMLString(runaway, baseURL: nil)
            webView.page.advanceTime(by: 10)
            XCTAssertNotNil(webView.page.scriptTermination)
        }
    }
}

private final class SilentNavigationDelegate: WKNavigationDelegate {}
#endif
