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

/// A page as a whole is bounded, as a browser bounds a runaway tab: the script time of one call into the page (one
/// `advanceTime`, a tap, ...), the script time of its whole life, and the process's growth since it loaded. When one
/// runs out the page's scripts are stopped for good with one typed event, and a new load starts afresh. Small limits
/// keep each test well under a second of script time; time moves on the page's virtual clock.
final class PageBudgetTests: XCTestCase {
    private func page(_ html: String, _ limits: ScriptLimits) -> ContentPage {
        let page = ContentPage(scriptLimits: limits)
        page.loadHTMLString(html, baseURL: nil)
        return page
    }

    private func terminations(_ page: ContentPage) -> [ScriptTermination] {
        page.events.compactMap { if case .scriptsTerminated(let t) = $0.kind { return t } else { return nil } }
    }

    private func timeouts(_ page: ContentPage) -> Int {
        page.events.filter { if case .scriptError(let f) = $0.kind { return f.kind == .timeout } else { return false } }.count
    }

    func testOneAdvanceOfALoopingIntervalStopsAtTheCallBudgetNotAtEveryCallback() throws {
        try requireJavaScriptCore()
        // Without a page budget this advance fires 25 000 callbacks of 0.05 s each: over 20 minutes.
        let page = page("<script>var n = 0; setInterval(() => { n++; for (;;) {} }, 1)</script>",
                        ScriptLimits(timeLimit: 0.05, pageTimeLimit: 60, callTimeLimit: 0.3))
        let start = Date()
        page.advanceTime(by: 100)
        let took = Date().timeIntervalSince(start)
        XCTAssertLessThan(took, 3, "one advance is bounded by the call budget (0.3 s), not callbacks × 0.05 s")
        guard case .callTime(let spent, let limit)? = page.scriptTermination else {
            return XCTFail("terminated for the call budget, got \(String(describing: page.scriptTermination))")
        }
        XCTAssertEqual(limit, 0.3)
        XCTAssertGreaterThanOrEqual(spent, 0.3)
        XCTAssertEqual(terminations(page).count, 1, "one event")
        XCTAssertLessThanOrEqual(timeouts(page), 7, "at most 0.3 / 0.05 callbacks ran to their own limit before the budget stopped the page")
        XCTAssertEqual(page.pendingTimerCount, 0, "its timers are cancelled")
        // Its scripts are stopped for good: the app's evaluation gets a typed failure at once, and time moves on quietly.
        guard case .failure(.exception(let f)) = page.evaluate("n") else { return XCTFail("the stopped page evaluated") }
        XCTAssertEqual(f.kind, .terminated)
        let again = Date()
        page.advanceTime(by: 100)
        XCTAssertLessThan(Date().timeIntervalSince(again), 1)
        XCTAssertEqual(terminations(page).count, 1, "still one event")
    }

    func testTheRunThatMeetsTheCallBudgetIsStoppedAtIt() throws {
        try requireJavaScriptCore()
        // Each run may take 5 s, but one call only 0.2 s in all: the looping load script is stopped at 0.2 s.
        let start = Date()
        let page = page("<script>for (;;) {}</script>", ScriptLimits(timeLimit: 5, pageTimeLimit: 60, callTimeLimit: 0.2))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.5)
        guard case .callTime? = page.scriptTermination else { return XCTFail("\(String(describing: page.scriptTermination))") }
        XCTAssertEqual(timeouts(page), 0, "the run was ended by the page's budget, reported as the termination")
        XCTAssertEqual(terminations(page).count, 1)
    }

    func testTapsOnALoopingButtonUseUpThePageBudget() throws {
        try requireJavaScriptCore()
        let page = page("<button id=b onclick='for(;;){}'>b</button>",
                        ScriptLimits(timeLimit: 0.05, pageTimeLimit: 0.3, callTimeLimit: 10))
        let start = Date()
        for _ in 1...20 { _ = try page.tap(elementID: "b") }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3, "20 taps of a looping handler cost the page budget (0.3 s), not 20 × 0.05 s")
        guard case .pageTime(let spent, let limit)? = page.scriptTermination else {
            return XCTFail("\(String(describing: page.scriptTermination))")
        }
        XCTAssertEqual(limit, 0.3)
        XCTAssertGreaterThanOrEqual(spent, 0.3)
        XCTAssertLessThanOrEqual(timeouts(page), 6)
        XCTAssertEqual(terminations(page).count, 1)
        // A tap on the stopped page runs nothing and reports why nothing happened.
        let result = try page.tap(elementID: "b")
        XCTAssertFalse(result.actions.contains { if case .scriptFailed = $0 { return true } else { return false } })
    }

    func testMemoryKeptAcrossTimerCallbacksIsBoundedOverThePageLife() throws {
        try requireJavaScriptCore()
        // 32 MB kept per callback, each callback far under its own 512 MB bound; the page may grow the process 160 MB.
        let limit = 160 << 20
        let before = ProcessMemory.residentBytes()
        let page = page("<script>var keep = []; setInterval(() => { keep.push(new Float64Array(4 << 20).fill(1)) }, 100)</script>",
                        ScriptLimits(pageMemoryLimit: limit))
        page.advanceTime(by: 100)   // 1 000 callbacks: 32 GB without the page's bound
        guard case .memory(let grown, let max)? = page.scriptTermination else {
            return XCTFail("terminated for memory, got \(String(describing: page.scriptTermination))")
        }
        XCTAssertEqual(max, limit)
        XCTAssertGreaterThan(grown, limit)
        XCTAssertEqual(page.pendingTimerCount, 0)
        if before > 0 {
            XCTAssertLessThan(ProcessMemory.residentBytes() - before, 1 << 30, "the process stayed far from the 32 GB the timers asked for")
        }
    }

    func testANewLoadStartsANewBudget() throws {
        try requireJavaScriptCore()
        let limits = ScriptLimits(timeLimit: 5, pageTimeLimit: 60, callTimeLimit: 0.1)
        let page = page("<script>for (;;) {}</script>", limits)
        XCTAssertNotNil(page.scriptTermination)
        page.loadHTMLString("<p id=p>again</p>", baseURL: nil)
        XCTAssertNil(page.scriptTermination)
        XCTAssertEqual(page.evaluate("document.getElementById('p').textContent"), .success(.string("again")))
    }

    func testAnIntervalOfOneMillisecondIsClampedToFourAfterFiveRepetitions() throws {
        try requireJavaScriptCore()
        let page = page("<script>var n = 0; setInterval(() => n++, 1)</script>", .default)
        page.advanceTime(by: 1)
        // 1, 2, 3, 4, 5, 6 ms, then every 4 ms up to 1 000 ms: 6 + 248.
        XCTAssertEqual(page.evaluate("n"), .success(.number(254)))
        XCTAssertNil(page.scriptTermination)
    }

    func testAPageWithinItsBudgetRunsForHoursOfVirtualTime() throws {
        try requireJavaScriptCore()
        // A countdown ticking every second for two hours: 7 200 small callbacks, far inside every budget.
        let page = page("<p id=t></p><script>var s = 0; setInterval(() => { s++; document.getElementById('t').textContent = s }, 1000)</script>",
                        ScriptLimits(timeLimit: 1, pageTimeLimit: 20, callTimeLimit: 10))
        page.advanceTime(by: 7200)
        XCTAssertNil(page.scriptTermination)
        XCTAssertEqual(page.evaluate("s"), .success(.number(7200)))
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

