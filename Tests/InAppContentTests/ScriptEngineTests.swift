import XCTest
@testable import InAppContent

/// Skips a JavaScriptCore test, saying why, where the library is not installed.
func requireJavaScriptCore() throws {
    if !ScriptEngines.isJavaScriptCoreAvailable {
        throw XCTSkip("JavaScriptCore is not installed, so this test of the JavaScript path was skipped: \(ScriptEngines.availability)")
    }
}

final class ScriptEngineTests: XCTestCase {
    func jsc(limits: ScriptLimits = .default, host: @escaping ScriptHostFunction = { _, _ in .undefined }) throws -> any ScriptEngine {
        try requireJavaScriptCore()
        let engine = ScriptEngines.make(preferred: .javaScriptCore, limits: limits, host: host)
        XCTAssertEqual(engine.kind, .javaScriptCore)
        return engine
    }

    func testModernLanguageAndValueConversion() throws {
        let e = try jsc()
        let r = e.evaluate("""
        class Score { constructor(n) { this.n = n } get label() { return `score ${this.n}` } }
        const xs = [1, 2, 3].map(n => new Score(n * 3));
        const { n, ...rest } = { n: 1, a: 'x', b: [true, null, undefined] };
        ({ labels: xs.map(s => s.label), rest, re: /^[\\w.+-]+@\\w+\\.\\w{2,}$/.test('a@b.co'), pi: 3.5, spread: [...'ab'] })
        """, sourceURL: "t", startLine: 1)
        XCTAssertEqual(r, .success(.object([
            "labels": .array([.string("score 3"), .string("score 6"), .string("score 9")]),
            "rest": .object(["a": .string("x"), "b": .array([.bool(true), .null, .undefined])]),
            "re": .bool(true), "pi": .number(3.5), "spread": .array([.string("a"), .string("b")]),
        ])))
        XCTAssertEqual(e.evaluate("undefined", sourceURL: nil, startLine: 1), .success(.undefined))
        XCTAssertEqual(e.evaluate("(function(){})", sourceURL: nil, startLine: 1), .success(.undefined))
        if case .failure(let f) = e.evaluateForNative("(function(){})") { XCTAssertEqual(f.kind, .unsupportedResult) } else { XCTFail() }
        XCTAssertEqual(e.evaluateForNative("[1, 'a', {b: false}]"), .success(.array([.number(1), .string("a"), .object(["b": .bool(false)])])))
    }

    func testOneContextPerEngine() throws {
        let a = try jsc(), b = try jsc()
        _ = a.evaluate("var shared = 41", sourceURL: nil, startLine: 1)
        XCTAssertEqual(a.evaluate("shared + 1", sourceURL: nil, startLine: 1), .success(.number(42)))
        XCTAssertEqual(b.evaluate("typeof shared", sourceURL: nil, startLine: 1), .success(.string("undefined")))
    }

    func testHostFunctionReceivesArgumentsAndErrorsBecomeExceptions() throws {
        var seen: [(String, [ScriptValue])] = []
        let e = try jsc { op, args throws(ScriptHostError) in
            seen.append((op, args))
            if op == "fail" { throw ScriptHostError("no such thing") }
            return .string("ok:" + op)
        }
        XCTAssertEqual(e.evaluate("__oiaHost('ping', 1, {a: [2]}, 'x')", sourceURL: nil, startLine: 1), .success(.string("ok:ping")))
        XCTAssertEqual(seen.first?.0, "ping")
        XCTAssertEqual(seen.first?.1, [.number(1), .object(["a": .array([.number(2)])]), .string("x")])
        let caught = e.evaluate("try { __oiaHost('fail') } catch (e) { e.name + '|' + e.message + '|' + (e instanceof Error) }",
                                sourceURL: nil, startLine: 1)
        XCTAssertEqual(caught, .success(.string("TypeError|no such thing|true")))
    }

    func testExceptionsCarryMessageLineAndColumn() throws {
        let e = try jsc()
        guard case .failure(let f) = e.evaluate("let a = 1;\nlet b = 2;\n  missing.call();", sourceURL: "inline-script-1", startLine: 1)
        else { return XCTFail("expected an exception") }
        XCTAssertEqual(f.kind, .exception)
        XCTAssertTrue(f.message.contains("ReferenceError"), f.message)
        XCTAssertTrue(f.message.contains("missing"), f.message)
        XCTAssertEqual(f.line, 3)
        XCTAssertNotNil(f.column)
        XCTAssertEqual(f.sourceURL, "inline-script-1")

        guard case .failure(let syntax) = e.evaluate("if (", sourceURL: "s", startLine: 10) else { return XCTFail() }
        XCTAssertTrue(syntax.message.contains("SyntaxError"), syntax.message)
        XCTAssertEqual(syntax.line, 10)
        // The context survives its exceptions.
        XCTAssertEqual(e.evaluate("a + b", sourceURL: nil, startLine: 1), .success(.number(3)))
    }

    func testEndlessLoopEndsAtTheTimeLimitAndTheContextGoesOn() throws {
        let e = try jsc(limits: ScriptLimits(timeLimit: 0.1))
        _ = e.evaluate("var before = 'kept'", sourceURL: nil, startLine: 1)
        guard case .failure(let f) = e.evaluate("for (;;) {}", sourceURL: "loop", startLine: 1) else { return XCTFail("loop returned") }
        XCTAssertEqual(f.kind, .timeout)
        // try/catch cannot swallow the termination.
        guard case .failure(let g) = e.evaluate("try { while (true) {} } catch (e) { 'caught' }", sourceURL: nil, startLine: 1)
        else { return XCTFail() }
        XCTAssertEqual(g.kind, .timeout)
        // Each run gets its own budget: a short run after the timeouts completes.
        XCTAssertEqual(e.evaluate("before", sourceURL: nil, startLine: 1), .success(.string("kept")))
        _ = e.evaluate("function spin() { for (;;) {} }", sourceURL: nil, startLine: 1)
        if case .failure(let h) = e.call("spin", []) { XCTAssertEqual(h.kind, .timeout) } else { XCTFail() }
    }

    func testRunawayAllocationEndsAtTheMemoryLimit() throws {
        let e = try jsc(limits: ScriptLimits(timeLimit: 20, memoryLimit: 64 << 20))
        guard case .failure(let f) = e.evaluate("const keep = []; for (;;) keep.push(new Array(100000).fill(1.5))",
                                                 sourceURL: nil, startLine: 1)
        else { return XCTFail() }
        XCTAssertEqual(f.kind, .memory, f.description)
    }

    func testCallFunctionsByPath() throws {
        let e = try jsc()
        _ = e.evaluate("var app = { scale: { twice(x) { return { v: x * 2, self: this === app.scale } } } }", sourceURL: nil, startLine: 1)
        XCTAssertEqual(e.call("app.scale.twice", [.number(21)]), .success(.object(["v": .number(42), "self": .bool(true)])))
        if case .failure(let f) = e.call("app.nothing", []) { XCTAssertTrue(f.message.contains("not a function")) } else { XCTFail() }
    }

    func testSubsetEngineMapsStatementsToHostOperations() {
        var ops: [String] = []
        let e = SubsetEngine { op, args throws(ScriptHostError) in
            ops.append(op + args.map(\.description).joined(separator: ","))
            return op == "document.title" ? .string("T") : .undefined
        }
        XCTAssertEqual(e.kind, .subset)
        XCTAssertEqual(e.evaluate("brazeBridge.logClick('1'); webkit.messageHandlers.x.postMessage(2); location = 'https://a.b/'; document.title",
                                  sourceURL: nil, startLine: 1), .success(.string("T")))
        XCTAssertEqual(ops, ["bridge\"brazeBridge\",\"logClick\",\"1\"", "postMessage\"x\",2", "location.assign\"https://a.b/\"", "document.title"])
        if case .failure(let f) = e.evaluate("var x = 1", sourceURL: nil, startLine: 1) { XCTAssertEqual(f.kind, .unsupported) } else { XCTFail() }
    }

    func testAvailabilityLineNamesTheEngineOrTheInstallCommand() {
        let line = ScriptEngines.availability
        if ScriptEngines.isJavaScriptCoreAvailable {
            XCTAssertTrue(line.hasPrefix("scripts: JavaScriptCore ("), line)
        } else {
            XCTAssertTrue(line.contains("apt-get install libjavascriptcoregtk-4.1-0"), line)
        }
        XCTAssertFalse(line.contains("\n"))
    }
}

extension ScriptEngineTests {
    func testPagesSharingAVirtualMachineKeepSeparateGlobalsAndLimits() throws {
        try requireJavaScriptCore()
        let vm = try XCTUnwrap(ScriptVirtualMachine())
        var pages: [ContentPage] = []
        for i in 0..<3 {
            let page = ContentPage(scriptLimits: ScriptLimits(timeLimit: 0.2), virtualMachine: vm)
            page.loadHTMLString("<button id=b>b</button><script>var mine = \(i); document.getElementById('b').onclick = () => { for (;;) {} }</script>", baseURL: nil)
            pages.append(page)
        }
        XCTAssertEqual(pages.map { $0.evaluate("mine") }, [.success(.number(0)), .success(.number(1)), .success(.number(2))])
        let r = try pages[1].tap(elementID: "b")
        guard case .scriptFailed(_, .exception(let f))? = r.actions.first else { return XCTFail("\(r.actions)") }
        XCTAssertEqual(f.kind, .timeout)
        XCTAssertEqual(pages[2].evaluate("mine + 1"), .success(.number(3)))
        pages.removeAll()
        let later = ContentPage(virtualMachine: vm)
        later.loadHTMLString("<script>var x = typeof mine</script>", baseURL: nil)
        XCTAssertEqual(later.evaluate("x"), .success(.string("undefined")))
    }
}

extension ScriptEngineTests {
    /// A page without a VM of its own takes an idle one from the pool when the previous page is gone: nothing of the
    /// earlier page (globals, listeners, timers, storage) is visible in the next.
    func testAPageReusingAnIdleVMSeesNothingOfThePageBefore() throws {
        try requireJavaScriptCore()
        for round in 0..<4 {
            let page = ContentPage()
            page.loadHTMLString("""
                <script>
                if (typeof left !== 'undefined' || window.leftOnWindow || localStorage.getItem('k') || document.title) throw new Error('saw the page before');
                var left = \(round); window.leftOnWindow = true; localStorage.setItem('k', 'v'); document.title = 'p';
                setTimeout(function () { window.late = 1 }, 5000); URL.leaked = true;
                </script>
                """, baseURL: nil)
            XCTAssertEqual(page.scriptEngine, .javaScriptCore)
            XCTAssertEqual(page.evaluate("left"), .success(.number(Double(round))), "round \(round)")
            XCTAssertEqual(page.evaluate("URL.leaked"), .success(.bool(true)))
        }
        let fresh = ContentPage()
        fresh.loadHTMLString("<p>x</p>", baseURL: nil)
        XCTAssertEqual(fresh.evaluate("[typeof left, typeof leftOnWindow, localStorage.length, URL.leaked === undefined].join()"),
                       .success(.string("undefined,undefined,0,true")))
    }

    /// The rarely used Web APIs are made on first use but look as a browser's do: present on `window`, callable,
    /// replaceable by the page.
    func testWebAPIsMadeOnFirstUseBehaveAsGlobals() throws {
        try requireJavaScriptCore()
        let page = ContentPage()
        page.loadHTMLString("<p>x</p>", baseURL: nil)
        XCTAssertEqual(page.evaluate("['URL' in window, typeof btoa, new URL('/a?b=1', 'https://x.test/').searchParams.get('b'), btoa('hi')].join()"),
                       .success(.string("true,function,1,aGk=")))
        XCTAssertEqual(page.evaluate("const d = Object.getOwnPropertyDescriptor(window, 'URL'); [typeof d.value, d.writable, d.enumerable].join()"),
                       .success(.string("function,true,false")))
        XCTAssertEqual(page.evaluate("TextEncoder = 5; TextEncoder"), .success(.number(5)))
        XCTAssertEqual(page.evaluate("document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT).nextNode().localName"),
                       .success(.string("p")))
        // As in a browser, a page's additions to Object.prototype do not change what a global made on first read gives.
        XCTAssertEqual(page.evaluate("Object.prototype.get = () => 1; Object.prototype.set = () => {}; [btoa('a'), typeof navigator.userAgent].join()"),
                       .success(.string("YQ==,string")))
    }

    /// The prelude calls the host by operation number: every operation it names is one the page answers, each
    /// is rewritten to its number, and a word that is not an operation ('error' as an event type) is left alone.
    func testPreludeOperationsAreNumberedAndAllKnown() {
        let text = ScriptPrelude.text
        var named = Set<String>()
        var rest = Substring(text)
        while let r = rest.range(of: "H('") {
            let after = rest[r.upperBound...]
            if let close = after.firstIndex(of: "'") { named.insert(String(after[..<close])) }
            rest = after
        }
        XCTAssertFalse(named.isEmpty)
        XCTAssertEqual(named.filter { HostOperation(name: $0) == nil }, [], "operations the host does not answer")
        XCTAssertEqual(Set(HostOperation.allCases.map(\.name)).subtracting(named).subtracting(["dom.next", "dom.prev"])
                        .subtracting(NativeDOM.hostOperations.map(\.name)), [], "operations nothing calls")
        let source = ScriptPrelude.source
        XCTAssertFalse(source.contains("H('dom.attr'"))
        XCTAssertTrue(source.contains("H(\(HostOperation.domAttr.rawValue), "))
        XCTAssertTrue(source.contains("sibling(this, \(HostOperation.domNext.rawValue))"))
        XCTAssertTrue(source.contains("new Event('error')"), "an event type named like an operation stays a string")
        XCTAssertEqual(text.split(separator: "\n").count, source.split(separator: "\n").count, "line numbers are kept")
        XCTAssertEqual(ScriptPrelude.numberingOperations(in: "H('no.such', 1); H('clock.now'); x('dom.attr')"),
                       "H('no.such', 1); H(\(HostOperation.clockNow.rawValue)); x('dom.attr')")
    }

    /// Strings cross the host boundary in both directions unchanged: non-ASCII, astral, long (beyond the stack
    /// buffer), empty, and a lone surrogate (which a Swift string cannot hold: it becomes U+FFFD, as WebKit does
    /// when such a string leaves JavaScript).
    func testStringsCrossTheHostUnchanged() throws {
        try requireJavaScriptCore()
        let page = ContentPage()
        page.loadHTMLString("<p id=p>x</p>", baseURL: nil)
        let long = String(repeating: "ab€", count: 400)
        for value in ["", "é", "Grüße 👋 中文", long, "line\nbreak\u{0}nul"] {
            let literal = try XCTUnwrap(String(data: JSONEncoder().encode(value), encoding: .utf8))
            XCTAssertEqual(page.evaluate("(() => { const p = document.getElementById('p'); p.setAttribute('title', \(literal)); return p.getAttribute('title') === \(literal) })()"),
                           .success(.bool(true)), value)
            XCTAssertEqual(page.evaluate("document.getElementById('p').getAttribute('title')"), .success(.string(value)))
        }
        XCTAssertEqual(page.evaluate("document.getElementById('p').setAttribute('title', 'a\\uD800b'); document.getElementById('p').getAttribute('title')"),
                       .success(.string("a\u{FFFD}b")))
    }

    /// The bridges are made when a page first reads them, and behave as globals from then on.
    func testBridgesAreGlobalsMadeOnFirstUse() throws {
        try requireJavaScriptCore()
        let page = ContentPage()
        var calls: [String] = []
        page.bridgeReceiver = { calls.append($0.description) }
        page.loadHTMLString("<p>x</p>", baseURL: nil)
        XCTAssertEqual(page.evaluate("['brazeBridge' in window, 'appboyBridge' in window, typeof brazeBridge.logClick, typeof appboyBridge.getUser().setEmail].join()"),
                       .success(.string("true,true,function,function")))
        XCTAssertEqual(page.evaluate("brazeBridge === window.brazeBridge && Object.isFrozen(brazeBridge)"), .success(.bool(true)))
        // The user object is made on the first getUser() and is the same object, frozen, afterwards.
        XCTAssertEqual(page.evaluate("[brazeBridge.getUser() === brazeBridge.getUser(), Object.isFrozen(brazeBridge.getUser()), typeof brazeBridge.getUser().setEmail, brazeBridge.getUser() !== appboyBridge.getUser()].join()"),
                       .success(.string("true,true,function,true")))
        _ = page.evaluate("brazeBridge.getUser().setEmail('a@b.co')")
        XCTAssertEqual(calls.count, 1)
        XCTAssertEqual(page.evaluate("window.appboyBridge = 7; appboyBridge"), .success(.number(7)))
        XCTAssertEqual(page.evaluate("const d = Object.getOwnPropertyDescriptor(window, 'brazeBridge'); [typeof d.value, d.enumerable].join()"),
                       .success(.string("object,false")))
    }
}

extension ScriptEngineTests {
    /// A campaign's script is parsed once per VM and run from that copy on every later page: each page still runs it
    /// in its own global object, and what it throws keeps its message, line and script name.
    func testPagesOfOneVMRunALongScriptFromOneParse() throws {
        try requireJavaScriptCore()
        let vm = try XCTUnwrap(ScriptVirtualMachine())
        let padding = String(repeating: "// a campaign's script, long enough to be kept parsed by the VM\n", count: 6)
        let html = "<button id=b>b</button><script>\(padding)var n = (window.n || 0) + 1; document.getElementById('b').textContent = 'n' + n;\nnull.boom;</script>"
        func errors(_ page: ContentPage) -> [ScriptFailure] {
            page.events.compactMap { if case .scriptError(let f) = $0.kind { return f } else { return nil } }
        }
        for round in 0..<3 {
            let page = ContentPage(virtualMachine: vm)
            page.loadHTMLString(html, baseURL: nil)
            XCTAssertEqual(page.evaluate("n + document.getElementById('b').textContent"), .success(.string("1n1")), "round \(round)")
            let thrown = errors(page)
            XCTAssertEqual(thrown.map(\.line), [8], "round \(round)")
            XCTAssertEqual(thrown.map(\.sourceURL), ["inline-script-1"])
            XCTAssertEqual(thrown.first?.message.hasPrefix("TypeError: null is not an object"), true, "\(thrown)")
        }
        XCTAssertEqual(vm.vm.parsedScriptCount, 1)

        // A script that does not parse is not kept, and reports its syntax error as before.
        let broken = ContentPage(virtualMachine: vm)
        broken.loadHTMLString("<script>\(padding)var ok = 1;\nlet = = 2;</script>", baseURL: nil)
        XCTAssertEqual(errors(broken).map(\.line), [8])
        XCTAssertEqual(errors(broken).first?.message.hasPrefix("SyntaxError"), true, "\(errors(broken))")
        XCTAssertEqual(vm.vm.parsedScriptCount, 1)

        // Short scripts are handed over as text; the VM keeps at most its capacity of long ones.
        let short = ContentPage(virtualMachine: vm)
        short.loadHTMLString("<script>var s = 1</script>", baseURL: nil)
        XCTAssertEqual(short.evaluate("s"), .success(.number(1)))
        XCTAssertEqual(vm.vm.parsedScriptCount, 1)
        for i in 0..<(JSCVM.scriptCapacity + 3) {
            let page = ContentPage(virtualMachine: vm)
            page.loadHTMLString("<script>\(padding)var k = \(i)</script>", baseURL: nil)
            XCTAssertEqual(page.evaluate("k"), .success(.number(Double(i))))
        }
        XCTAssertEqual(vm.vm.parsedScriptCount, JSCVM.scriptCapacity)
    }
}

extension ScriptEngineTests {
    /// A page's context reports exceptions without the native call stack that the engine's inspector otherwise
    /// symbolizes for every exception leaving the engine (≈ 0.4 M instructions each); the page's error is reported
    /// as before.
    func testPageContextsReportExceptionsWithoutTheNativeCallStack() throws {
        try requireJavaScriptCore()
        let lib = try JSCLibrary.shared.get()
        guard lib.setIncludesNativeCallStack != nil, let handle = dlopen(lib.path, RTLD_NOW | RTLD_NOLOAD),
              let symbol = dlsym(handle, "JSGlobalContextGetIncludesNativeCallStackWhenReportingExceptions") else {
            throw XCTSkip("this JavaScriptCore does not export the native call stack setting")
        }
        let includesNativeCallStack = unsafeBitCast(symbol, to: (@convention(c) (JSContextRef?) -> Bool).self)
        let page = ContentPage()
        page.loadHTMLString("<p>x</p><script>null.boom</script>", baseURL: nil)
        let engine = try XCTUnwrap(page.scripting?.engine as? JSCEngine)
        XCTAssertFalse(includesNativeCallStack(engine.ctx))
        let errors = page.events.compactMap { if case .scriptError(let f) = $0.kind { return f } else { return nil } }
        XCTAssertEqual(errors.map(\.line), [1])
        XCTAssertEqual(errors.first?.message.hasPrefix("TypeError: null is not an object"), true, "\(errors)")
    }
}
