import Foundation
import XCTest
import InAppContent

/// Findings of the JavaScriptCore fuzz targets (`script`, `page`), each as what a page can do and what the user of
/// the page must see: no crash, a typed failure or the browser's answer, and a page that keeps working. Also replays the
/// committed `page` seeds the way the target drives them.
final class ScriptFuzzRegressionTests: XCTestCase {
    private func page(_ html: String = "<title>T</title><p id=p>x</p><p id=q>y</p><button id=ok>OK</button>") throws -> ContentPage {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable, "JavaScriptCore is not installed: \(ScriptEngines.availability)")
        let page = ContentPage(scriptLimits: ScriptLimits(timeLimit: 1))
        page.addMessageHandler(name: "buttonClicked") { _ in }
        page.bridgeReceiver = { _ in }
        page.loadHTMLString(html, baseURL: URL(string: "https://example.com/iam/"))
        XCTAssertEqual(page.scriptEngine, .javaScriptCore)
        return page
    }

    /// The page still runs scripts and answers with its DOM.
    private func assertAlive(_ page: ContentPage, file: StaticString = #filePath, line: UInt = #line) {
        guard case .success(.string(let text)) = page.evaluate("document.getElementById('p').textContent") else {
            return XCTFail("the page stopped answering", file: file, line: line)
        }
        XCTAssertEqual(text, "x", file: file, line: line)
    }

    /// Native DOM members convert their arguments to strings. A value whose conversion throws (a Symbol, an object whose
    /// toString throws) made the engine hand back no string, which was released anyway: the process crashed (SEGV in
    /// JSStringRelease) on `el.getAttribute(Symbol())`. Found by the `script` target's first run with JavaScriptCore.
    func testNativeMembersSurviveArgumentsWhoseStringConversionThrows() throws {
        let page = try page()
        let calls = [
            "document.getElementById('q').getAttribute(Symbol('s'))",
            "document.getElementById('q').setAttribute({ toString() { throw new Error('no') } }, 'v')",
            "document.getElementById('q').hasAttribute(Symbol())",
            "document.getElementById('q').removeAttribute(Symbol())",
            "document.getElementById(Symbol())",
            "document.createElement({ toString() { throw 1 } })",
            "document.querySelector(Symbol())",
            "document.getElementById('q').classList.add(Symbol())",
            "document.getElementById('q').style.setProperty(Symbol(), Symbol())",
            "document.getElementById('q').textContent = Symbol()",
            "document.getElementById('q').id = { toString() { throw 2 } }",
        ]
        for call in calls {
            // A browser throws a TypeError here (or the object's own error); the page converts such a value to "" instead
            // (the conversion's exception is not passed on). What matters here: the process survives, the script gets
            // an answer, and the rest of the page still works.
            switch page.evaluate("try { \(call); 'returned' } catch (e) { 'threw' }") {
            case .success(.string(let outcome)): XCTAssertTrue(["returned", "threw"].contains(outcome), call)
            case let other: XCTFail("\(call): \(other)")
            }
            assertAlive(page)
        }
    }

    /// An event's dispatch keeps, between listener calls, the objects it walks: the path's wrappers and each visit's
    /// listener snapshot. They were kept only as properties of the event object (`__s`, `__t`, `__ct`), which a
    /// listener can overwrite, or make impossible to set by freezing the event: the collector then freed the snapshot
    /// while native code still held it, and the next listener was read from freed memory (the `script` target's SEGV
    /// inside JavaScriptCore, a number's bits used as a cell pointer). The dispatch now protects what it keeps.
    func testADispatchSurvivesListenersThatFreezeOrRewriteTheEvent() throws {
        let page = try page("<title>T</title><p id=p>x</p><div id=outer><span id=mid><button id=ok>OK</button></span></div>")
        let script = """
        window.calls = 0;
        const churn = () => { let keep = []; for (let i = 0; i < 60000; i++) keep.push({ i, s: 'v' + i, a: [i, i + 1] }); return keep.length; };
        const ok = document.getElementById('ok'), mid = document.getElementById('mid'), outer = document.getElementById('outer');
        ok.addEventListener('click', e => { calls++; Object.freeze(e); churn(); });
        ok.addEventListener('click', e => { calls++; churn(); });
        for (const el of [mid, outer, document.body]) {
          el.addEventListener('click', e => { calls++; try { e.__s = 1; e.__t = 2; e.__ct = 3; } catch (x) {} churn(); });
          el.addEventListener('click', e => { calls++; churn(); });
          el.addEventListener('click', e => { calls++; });
        }
        """
        XCTAssertEqual(try page.evaluate(script).get(), .undefined)
        for round in 0..<3 {
            let before = try page.evaluate("calls").get()
            _ = try page.evaluate("document.getElementById('ok').dispatchEvent(new MouseEvent('click', { bubbles: true })); calls").get()
            _ = try page.tap(selector: "#ok")
            let after = try page.evaluate("calls").get()
            guard case .number(let b) = before, case .number(let a) = after else { return XCTFail("round \(round): \(before), \(after)") }
            // Every listener on the path ran, for both clicks: 2 on the button, 3 on each of its 3 ancestors.
            XCTAssertEqual(a - b, 22, "round \(round)")
            assertAlive(page)
        }
    }

    /// A script that throws a value whose string conversion throws itself: the failure still comes back typed.
    func testThrownValuesWhoseStringConversionThrowsGiveATypedFailure() throws {
        let page = try page()
        for thrown in ["Symbol('s')", "{ toString() { throw new Error('inner') } }", "Object.create(null)"] {
            guard case .failure(.exception(let failure)) = page.evaluate("throw \(thrown)") else {
                XCTFail("throw \(thrown) did not fail"); continue
            }
            XCTAssertEqual(failure.kind, .exception, thrown)
            assertAlive(page)
        }
    }

    /// Values a page hands to native code are converted property by property. `window` reaches every global, each
    /// with its own properties and cycles back to `window`, so a conversion bounded only by depth grew exponentially: a
    /// bridge call with `window` was still converting after 135 s (found by the `script` target). A conversion now
    /// visits at most 10 000 values (`JSCEngine.maxConvertedValues`); the rest arrives as null.
    func testValuesHandedToNativeCodeAreConvertedWithinABudget() throws {
        let page = try page()
        final class Bodies { var values: [ScriptValue] = [] }
        let bodies = Bodies()
        page.addMessageHandler(name: "probe") { bodies.values.append($0.value) }
        var bridgeCalls = 0
        page.bridgeReceiver = { _ in bridgeCalls += 1 }
        let script = """
        webkit.messageHandlers.probe.postMessage(window);
        var big = []; big.length = 4294967295; webkit.messageHandlers.probe.postMessage(big);
        var cyclic = { name: 'c' }; cyclic.self = cyclic; cyclic.list = [cyclic, cyclic]; webkit.messageHandlers.probe.postMessage(cyclic);
        brazeBridge.logCustomEvent(window, [1, [2, [3, [4]]]], -0, new Proxy(function () {}, { apply() { return document.body; } })); 'done'
        """
        XCTAssertEqual(page.evaluate(script), .success(.string("done")))
        XCTAssertEqual(bodies.values.count, 3)
        XCTAssertEqual(bridgeCalls, 1)
        func count(_ v: ScriptValue) -> Int {
            switch v {
            case .array(let items): return 1 + items.reduce(0) { $0 + count($1) }
            case .object(let members): return 1 + members.values.reduce(0) { $0 + count($1) }
            default: return 1
            }
        }
        // The budget, plus at most one null for each array cut short on the way down (the depth limit is 64).
        for body in bodies.values { XCTAssertLessThanOrEqual(count(body), 10_000 + 64) }
        guard case .object(let window)? = bodies.values.first, !window.isEmpty else {
            return XCTFail("window arrived as \(String(describing: bodies.values.first))")
        }
        guard case .array(let big)? = bodies.values.dropFirst().first else { return XCTFail("the long array did not arrive") }
        XCTAssertEqual(big.count, 10_000, "slots up to the budget, then one null")
        guard case .object(let cyclic)? = bodies.values.last else { return XCTFail("the cyclic object did not arrive") }
        XCTAssertEqual(cyclic["name"], .string("c"))
        assertAlive(page)
    }

    /// The committed `page` seeds (Tests/Fuzz/Corpus/page: one byte of drive steps, then the HTML) load with
    /// JavaScriptCore, and their controls, timers and typing run without a crash and within the limits.
    func testPageCorpusLoadsAndIsDrivenWithinTheLimits() throws {
        _ = try page()
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/page")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        for name in names {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            let page = ContentPage(scriptLimits: ScriptLimits(timeLimit: 0.5))
            page.addMessageHandler(name: "buttonClicked") { _ in }
            page.addMessageHandler(name: "inAppContentHeightHandler") { _ in }
            page.bridgeReceiver = { _ in }
            page.loadHTMLString(String(decoding: data.dropFirst(), as: UTF8.self), baseURL: URL(string: "https://example.com/iam/"))
            XCTAssertEqual(page.scriptEngine, .javaScriptCore, name)
            page.advanceTime(by: 1)
            for element in page.document.interactiveElements.prefix(8) where page.url?.host == "example.com" {
                if let now = page.document.interactiveElements.first(where: { $0.node.index == element.node.index })?.node {
                    _ = try? page.tap(now)
                }
            }
            if page.url?.host == "example.com" { try? page.type("ada@example.com", intoSelector: "input:not([type=checkbox]):not([type=radio])") }
            if page.url?.host == "example.com" { page.advanceTime(by: 5) }
            let limited = page.events.contains { event in
                if case .scriptError(let f) = event.kind { return f.kind == .timeout || f.kind == .memory }
                return false
            }
            XCTAssertFalse(limited, "\(name) hit a limit")
            XCTAssertFalse(page.events.isEmpty, name)
        }
    }

    /// The `page` fuzzer aborted (SIGABRT in JavaScriptCore's "Signal Sender" thread) after a page that hit a limit had
    /// its VM replaced at once: the VM's watchdog timer, armed by the stopped run and still pending, fired while the VM
    /// was being destroyed. Dropped VMs are now destroyed once their timers have fired. This drops a VM right after
    /// each of many runs its time limit stopped (each leaves a timer pending), as the fuzzer did, and checks that
    /// every page was stopped and answered, and that a page made afterwards still runs.
    func testVirtualMachinesDroppedRightAfterAStoppedRunAreNotDestroyedUnderTheirWatchdog() throws {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable, "JavaScriptCore is not installed: \(ScriptEngines.availability)")
        let limits = ScriptLimits(timeLimit: 0.01, pageTimeLimit: 1, callTimeLimit: 0.5)
        for round in 0..<60 {
            do {
                let vm = ScriptVirtualMachine()
                let page = ContentPage(scriptLimits: limits, virtualMachine: vm)
                page.loadHTMLString("<p id=p>x</p><script>var n = \(round); for (;;) { n++ }</script>", baseURL: nil)
                let stopped = page.events.contains { event in
                    if case .scriptError(let f) = event.kind { return f.kind == .timeout } else { return false }
                }
                XCTAssertTrue(stopped, "round \(round): the endless loop was stopped by its time limit")
                XCTAssertEqual(page.evaluate("document.getElementById('p').textContent"), .success(.string("x")))
            }
        }
        let page = try self.page()
        assertAlive(page)
    }
}
