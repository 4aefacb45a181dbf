import Foundation
import XCTest
@testable import InAppContent

/// Every entry into a page's script (a tap's handlers, typing, a key, a timer, `evaluateJavaScript`, a bridge
/// callback, a navigation, the load) is bounded by the page's time limit, again and again, on a page that already
/// ran away: each entry ends with a `timeout` failure, and the page goes on.
final class ContainmentTests: XCTestCase {
    /// A small limit keeps the suite fast; every test finishes within (entries × limit + 1 s).
    static let limit = 0.2

    private func page(_ html: String) -> ContentPage {
        let page = ContentPage(scriptLimits: ScriptLimits(timeLimit: Self.limit))
        page.bridgeReceiver = { _ in }
        page.loadHTMLString(html, baseURL: nil)
        return page
    }

    /// Timeouts the page logged (script errors and failed evaluations).
    private func timeouts(_ page: ContentPage) -> Int {
        page.events.filter {
            switch $0.kind {
            case .scriptError(let f), .evaluationFailed(let f): return f.kind == .timeout
            default: return false
            }
        }.count
    }

    private func within(entries: Int, file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void) rethrows {
        let start = Date()
        try body()
        let took = Date().timeIntervalSince(start)
        XCTAssertLessThanOrEqual(took, Double(entries) * Self.limit + 1, "took \(took) s", file: file, line: line)
    }

    private func timedOut(_ result: TapResult) -> Bool {
        result.actions.contains { if case .scriptFailed(_, .exception(let f)) = $0 { return f.kind == .timeout } else { return false } }
    }

    func testALoopingClickListenerIsStoppedOnEveryTap() throws {
        try requireJavaScriptCore()
        let page = page("<button id=b>b</button><script>document.getElementById('b').addEventListener('click', () => { for (;;) {} })</script>")
        try within(entries: 3) {
            for i in 1...3 { XCTAssertTrue(timedOut(try page.tap(elementID: "b")), "tap \(i)") }
        }
        XCTAssertEqual(timeouts(page), 3)
        XCTAssertEqual(page.evaluate("1 + 1"), .success(.number(2)), "the page goes on")
    }

    func testALoopingOnclickAttributeIsStoppedOnEveryTap() throws {
        try requireJavaScriptCore()
        let page = page("<button id=b onclick='for(;;){}'>b</button>")
        try within(entries: 3) {
            for i in 1...3 { XCTAssertTrue(timedOut(try page.tap(selector: "#b")), "tap \(i)") }
        }
        XCTAssertEqual(timeouts(page), 3)
    }

    func testTypingIntoALoopingInputHandlerIsStoppedOnEveryKey() throws {
        try requireJavaScriptCore()
        let page = page("<input id=f><script>document.getElementById('f').addEventListener('input', () => { while (true) {} })</script>")
        try within(entries: 3) {
            try page.type("abc", intoSelector: "#f")
        }
        XCTAssertEqual(timeouts(page), 3, "one timeout per character's input event")
        XCTAssertEqual(page.evaluate("document.getElementById('f').value"), .success(.string("abc")))
    }

    func testALoopingKeyHandlerIsStoppedOnEveryPress() throws {
        try requireJavaScriptCore()
        let page = page("<input id=f><script>document.addEventListener('keydown', () => { for (;;) {} })</script>")
        try within(entries: 3) {
            for _ in 1...3 { try page.press("Enter", inSelector: "#f") }
        }
        XCTAssertEqual(timeouts(page), 3)
    }

    func testALoopingTimerIsStoppedEachTimeItFires() throws {
        try requireJavaScriptCore()
        let page = page("<script>var n = 0; setInterval(() => { n++; for (;;) {} }, 100)</script>")
        within(entries: 3) {
            page.advanceTime(by: 0.35)
        }
        XCTAssertEqual(timeouts(page), 3)
        XCTAssertEqual(page.evaluate("n"), .success(.number(3)))
    }

    func testALoopingEvaluationIsStoppedEveryTime() throws {
        try requireJavaScriptCore()
        let page = page("<p>hi</p>")
        within(entries: 2) {
            for i in 1...2 {
                guard case .failure(.exception(let f)) = page.evaluate("for (;;) {}") else { return XCTFail("evaluation \(i) returned") }
                XCTAssertEqual(f.kind, .timeout)
            }
        }
        var answer: Any?
        page.evaluateJavaScript("while (1) {}") { _, error in answer = error }
        XCTAssertEqual(answer as? ScriptError, .exception(ScriptFailure(kind: .timeout, message: "script ran longer than \(Self.limit) s and was terminated")))
        XCTAssertEqual(page.evaluate("'still here'"), .success(.string("still here")))
    }

    func testALoopingLoadThenLoopingTapsAndEvaluations() throws {
        try requireJavaScriptCore()
        let page = page("<button id=b>b</button><script>document.getElementById('b').onclick = () => { for (;;) {} }; for (;;) {}</script>")
        try within(entries: 5) {
            XCTAssertEqual(timeouts(page), 1, "the load's script")
            XCTAssertTrue(timedOut(try page.tap(elementID: "b")))
            guard case .failure(.exception(let f)) = page.evaluate("for (;;) {}") else { return XCTFail() }
            XCTAssertEqual(f.kind, .timeout)
            XCTAssertTrue(timedOut(try page.tap(elementID: "b")))
            XCTAssertTrue(timedOut(try page.tap(elementID: "b")))
        }
    }

    func testALoopingBridgeCallbackIsStoppedEveryTime() throws {
        try requireJavaScriptCore()
        let page = ContentPage(scriptLimits: ScriptLimits(timeLimit: Self.limit))
        page.bridgeReceiver = { _ in }
        page.loadHTMLString("<script>window.addEventListener('ab.BridgeReady', () => { for (;;) {} })</script>", baseURL: nil)
        XCTAssertEqual(timeouts(page), 1, "the ready event's listener")
        within(entries: 2) {
            page.viewport = ContentViewport(width: 844, height: 390)
        }
        XCTAssertEqual(page.evaluate("innerWidth"), .success(.number(844)))
    }

    func testALoopingNavigationHandlerIsStoppedEveryTime() throws {
        try requireJavaScriptCore()
        let page = page("""
        <a id=a href='#x'>a</a><script>addEventListener('hashchange', () => { for (;;) {} }); addEventListener('resize', () => { for (;;) {} })</script>
        """)
        try within(entries: 4) {
            for i in 1...2 {
                _ = try page.tap(elementID: "a")
                page.viewport = ContentViewport(width: 300 + Double(i), height: 600)
            }
        }
        XCTAssertGreaterThanOrEqual(timeouts(page), 2)
        XCTAssertEqual(page.evaluate("innerWidth"), .success(.number(302)))
    }
}

/// The prelude is the module's resource `prelude.js`: an error thrown inside it names that file and its line there.
final class PreludeResourceTests: XCTestCase {
    func testAnErrorInsideThePreludeNamesItsLineInPreludeJS() throws {
        try requireJavaScriptCore()
        let url = try XCTUnwrap(ScriptPrelude.resourceURL, "the resource bundle holds prelude.js")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let expected = try XCTUnwrap(lines.firstIndex { $0.contains("Argument 1 ('callback') to the MutationObserver constructor") }) + 1
        let page = ContentPage()
        page.loadHTMLString("<p>x</p>", baseURL: nil)
        guard case .failure(.exception(let f)) = page.evaluate("new MutationObserver(1)") else { return XCTFail("no exception") }
        XCTAssertEqual(f.sourceURL, "prelude.js")
        XCTAssertEqual(f.line, expected, f.description)
        XCTAssertTrue(f.message.hasPrefix("TypeError: Argument 1 ('callback')"), f.message)
    }
}

