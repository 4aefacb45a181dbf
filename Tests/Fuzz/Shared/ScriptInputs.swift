// Shared by the JavaScriptCore fuzz targets (`script`, `page`); .ci/fuzz compiles Tests/Fuzz/Shared/*.swift into
// each of them. Three parts:
// - `FuzzJavaScriptCore.require`: the targets refuse to run without JavaScriptCore (the statement subset would be
//   fuzzed instead, which is not what pages run);
// - `FuzzPages`: page settings with short limits, and a fresh page in its own JavaScript VM;
// - `ScriptProgramGenerator`: a structure-aware generator. libFuzzer mutates bytes; the generator reads them as a
//   program of DOM calls with odd arguments (detached and foreign nodes, members called on the wrong object,
//   typed arrays, Proxies, getters that throw, conversions that re-enter the page, huge strings) and event handlers,
//   timers and observers that re-enter navigation and the bridges. Every byte string is a valid program, so
//   mutations keep reaching the bindings instead of the parser's syntax errors.
import Foundation
import InAppContent
#if canImport(Glibc)
import Glibc
#endif

enum FuzzJavaScriptCore {
    nonisolated(unsafe) private static var checked = false

    /// Stops the process (exit 3, with the reason on stderr) unless `page` runs JavaScriptCore. Checked once per
    /// process, on the first page: fuzzing the subset instead would report millions of executions of the wrong engine.
    static func require(_ page: ContentPage, target: String) {
        guard !checked else { return }
        checked = true
        guard ScriptEngines.isJavaScriptCoreAvailable, page.scriptEngine == .javaScriptCore else {
            let events = page.events.map(\.description).prefix(8).joined(separator: "; ")
            let message = "fuzz \(target): JavaScriptCore is not running this target's pages (\(ScriptEngines.availability)); refusing to fuzz the statement subset (the page's events: \(events))\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(3)
        }
    }
}

/// Process-wide state made once (lazy `static let`s of the library and of JavaScriptCore, the VM pool) is made in
/// `LLVMFuzzerInitialize`, with LeakSanitizer paused, by a warm-up that reaches every generator template once. Some of
/// that state is reachable only through words LeakSanitizer cannot read as pointers (an enum's payload pointer carries
/// its case in the spare bits: `PageScripting.bridgeMethods`), and with the 3 allocation frames the JavaScriptCore
/// targets record (.ci/fuzz) it cannot be told apart by a suppression. Only allocations made during the warm-up are
/// ignored: a leak of any later input, also on these paths, allocates again and is reported.
enum FuzzWarmUp {
    @_silgen_name("__lsan_disable") private static func lsanDisable()
    @_silgen_name("__lsan_enable") private static func lsanEnable()

    static func run(_ body: () -> Void) {
        lsanDisable()
        body()
        lsanEnable()
    }

    /// One program per generator template (each template once, with the first values), run in `page`.
    static func tour(_ page: ContentPage) {
        for i in 0..<ScriptProgramGenerator.templates.count {
            let bytes: [UInt8] = [1, UInt8(i), 1, 2, 3, 4, 5, 6, 0xFF] + Array("brazeBridge.getUser(); appboyBridge.getUser()".utf8)
            _ = page.evaluate(ScriptProgramGenerator.program(bytes[...]))
        }
        page.advanceTime(by: 0.05)
        _ = try? page.tap(selector: "#ok")
        try? page.type("a", intoSelector: "#email")
        try? page.press("Enter", inSelector: "#email")
    }
}

enum FuzzPages {
    /// Short bounds for every run (script, handler, timer callback; 5 s and 512 MB by default): the fuzzers reach the
    /// limits often and cheaply. The bound is wall time and the fuzzers run at `nice -n 19` beside builds, so it is
    /// not shorter: at 0.1 s a starved process had the prelude itself stopped (a page without scripts). The page's
    /// budget bounds what one input can cost however many times it enters the page (a 1 ms interval advanced by 10 s,
    /// a looping handler tapped 16 times): 1 s of script time per call into the page, 3 s per page, 1 GB of growth.
    static let limits = ScriptLimits(timeLimit: 0.25, memoryLimit: 256 << 20, maxValueDepth: 32,
                                     pageTimeLimit: 3, callTimeLimit: 1, pageMemoryLimit: 1 << 30)
    static let contentLimits = ContentLimits(maxDocumentBytes: 1 << 20, maxDepth: 200)
    static let baseURL = URL(string: "https://example.com/iam/")!

    /// True when one of `events` says a run was stopped by the time or memory bound, or the page's scripts were
    /// stopped for good (its budget).
    static func hitLimit(_ events: [ContentEvent]) -> Bool {
        events.contains { event in
            switch event.kind {
            case .scriptError(let f), .evaluationFailed(let f): return f.kind == .timeout || f.kind == .memory || f.kind == .terminated
            case .scriptsTerminated: return true
            default: return false
            }
        }
    }
}

/// Reads a fuzz input as choices.
struct FuzzBytes {
    private var bytes: ArraySlice<UInt8>
    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    var isEmpty: Bool { bytes.isEmpty }
    /// The next byte; 0 once the input is used up (so every choice has an answer).
    mutating func next() -> Int { Int(bytes.popFirst() ?? 0) }
    mutating func pick<T>(_ items: [T]) -> T { items[next() % items.count] }
    /// The rest of the input, raw.
    mutating func rest() -> ArraySlice<UInt8> { defer { bytes = [] }; return bytes }
    /// Peeks without consuming.
    var first: UInt8? { bytes.first }
}

/// Builds a JavaScript program from bytes (see the file comment). Input layout: each statement is one opcode byte
/// followed by the bytes its template reads; a 0xFF opcode ends the generated part and the rest of the input is
/// appended verbatim as JavaScript (libFuzzer's text mutations and the dictionary act there).
enum ScriptProgramGenerator {
    /// Node slots the program works on (`n[0]`…`n[7]`).
    static let slots = 8
    static let maxStatements = 48

    /// Slot set-up: attached, detached and foreign nodes of every kind.
    /// Each slot falls back to null when an earlier script broke what makes it (a page the script itself broke earlier in the same input).
    static let prologue = """
    var s = function (f) { try { return f(); } catch (e) { return null; } };
    var n = [s(() => document.body), s(() => document.getElementById('ok')) || s(() => document.body), s(() => document.createElement('div')),
      s(() => document.implementation.createHTMLDocument('f').body), s(() => document.createDocumentFragment()),
      s(() => document.createTextNode('t')), s(() => document.documentElement), document];
    var h = [];
    var log = function (x) { try { h.push(String(x).length); } catch (e) {} };

    """

    /// Values scripts hand to the bindings. `$N` stands for a node slot (filled in by the generator).
    static let values: [String] = [
        "undefined", "null", "0", "-0", "-1", "1.5", "NaN", "Infinity", "-Infinity", "2 ** 53", "1e308", "-2147483649",
        "4294967296", "''", "'x'", "'#ok'", "'div'", "'*'", "'click'", "'a b'", "'data-x'", "'on'", "'onclick'",
        "'<b>x</b><script>log(1)</script>'", "'<img src=x onerror=\"location.href=1\">'", "'<form><input name=a></form>'",
        "'<template><p>t</p></template>'", "'<table><td>c'", "'<svg><foreignObject><p>x'", "'\\u0000'", "'\\uD800'",
        "'\\u{1F600}'", "'https://example.com/next'", "'javascript:log(1)'", "'adbinapp://dismiss?interaction=x'",
        "'appboy://close'", "'brazeActions://v1/x'", "'/relative?q=%zz'", "'#frag'", "':scope > *'", "'a:has(> b)'",
        "'[x=\"'", "'x'.repeat(65536)", "'<i>'.repeat(3000)", "'a'.repeat(1 << 20)", "'\\n'.repeat(10000)",
        "{}", "[]", "[1, [2, [3, [4]]]]", "{ a: { b: { c: {} } } }", "Symbol('s')", "10n", "true", "false",
        "new Proxy({}, { get() { throw new Error('proxy get'); } })",
        "new Proxy([], { has() { throw 1; }, ownKeys() { throw 2; } })",
        "new Proxy(function () {}, { apply() { return document.body; } })",
        "({ toString() { throw new TypeError('toString'); } })",
        "({ get length() { throw 1; }, 0: 'a' })",
        "({ valueOf() { document.body.innerHTML = ''; return 1; }, toString() { document.body.textContent = 'gone'; return 'x'; } })",
        "({ toString() { location.href = 'https://example.com/away'; return 'a'; } })",
        "({ [Symbol.toPrimitive]() { n[1].remove(); return 'b'; } })",
        "({ handleEvent() { n[1].remove(); } })",
        "Object.create(null)", "Object.create($N)", "Object.create(Object.getPrototypeOf($N))",
        "new Uint8Array(16)", "new Float64Array([1.5, NaN, -0])", "new ArrayBuffer(8)", "new DataView(new ArrayBuffer(4))",
        "new Uint8Array(1 << 20)", "new Uint16Array([0xD800, 0x41])", "new Date(NaN)", "/x/g", "new Error('e')",
        "new Map([[1, 2]])", "new Set([$N])", "function () { return this; }", "() => $N", "class {}",
        "$N", "$N", "$N", "$N", "$N.firstChild", "$N.parentNode", "$N.childNodes", "$N.attributes", "$N.style", "$N.classList",
        "$N.dataset", "document.querySelectorAll('*')", "document.getElementsByTagName('p')", "window", "document",
        "location", "globalThis", "new Event('click')", "new MouseEvent('click', { bubbles: true, cancelable: true })",
        "new KeyboardEvent('keydown', { key: 'Enter' })", "new CustomEvent('x', { detail: $N })",
    ]

    /// Event types handlers listen to and events carry.
    static let eventTypes = ["click", "input", "change", "submit", "keydown", "focus", "blur", "load", "DOMContentLoaded",
                             "ab.BridgeReady", "error", "x", "pointerdown", "touchstart", "transitionend", "message"]

    /// What a handler (event listener, timer, observer callback, getter) does: re-entry into navigation, the bridges,
    /// the handlers, timers and the DOM while the native side is in the middle of something.
    static let reentries: [String] = [
        "location.href = 'https://example.com/next'", "location.assign('adbinapp://dismiss')", "location.reload()",
        "location.hash = 'h'", "history.pushState(null, '', '/pushed')", "window.open('https://example.com/w')",
        "window.close()", "brazeBridge.closeMessage()", "brazeBridge.logClick('1')",
        "appboyBridge.getUser().setEmail('a@b.co')", "brazeBridge.logPurchase('p', 1, 'USD', 1e300)",
        "brazeBridge.logCustomEvent('e', { k: [1, { n: null }] })", "brazeBridge.requestImmediateDataFlush()",
        "webkit.messageHandlers.buttonClicked.postMessage({ id: 1 })", "webkit.messageHandlers.missing.postMessage(1)",
        "webkit.messageHandlers.buttonClicked.postMessage($N)", "webkit.messageHandlers.inAppContentHeightHandler.postMessage(document.body.scrollHeight)",
        "setTimeout(function () { $N.click(); }, 0)", "setInterval(function () { log($N.textContent); }, 1)",
        "clearTimeout(1); clearInterval(2)", "requestAnimationFrame(function (t) { $N.remove(); })",
        "queueMicrotask(function () { document.body.innerHTML = '<p>m</p>'; })", "Promise.resolve().then(function () { $N.remove(); })",
        "$N.click()", "$N.remove()", "$N.focus()", "document.body.innerHTML = ''", "document.documentElement.remove()",
        "document.title = 'retitled'", "$N.dispatchEvent(new Event('click', { bubbles: true }))",
        "document.forms[0] && document.forms[0].submit()", "document.forms[0] && document.forms[0].requestSubmit()",
        "$N.appendChild(document.createElement('script')).textContent = 'log(2)'", "$N.outerHTML = '<b>o</b>'",
        "throw new Error('from handler')", "new Array(1e7).fill($N)", "'x'.repeat(1 << 28)",
    ]

    static let members = ["appendChild", "insertBefore", "removeChild", "replaceChild", "getAttribute", "setAttribute",
                          "removeAttribute", "hasAttribute", "toggleAttribute", "querySelector", "querySelectorAll",
                          "matches", "closest", "contains", "cloneNode", "remove", "append", "prepend", "before",
                          "after", "replaceWith", "insertAdjacentHTML", "insertAdjacentElement", "insertAdjacentText",
                          "getBoundingClientRect", "focus", "blur", "click", "dispatchEvent", "addEventListener",
                          "removeEventListener", "getElementsByTagName", "getElementsByClassName", "getElementById",
                          "createElement", "createTextNode", "importNode", "adoptNode", "normalize", "compareDocumentPosition",
                          "isEqualNode", "hasChildNodes", "getRootNode", "scrollIntoView", "submit", "reset",
                          "checkValidity", "setSelectionRange", "select", "showModal", "attachShadow", "getContext"]

    static let properties = ["innerHTML", "outerHTML", "textContent", "innerText", "id", "className", "value", "checked",
                             "style", "classList", "dataset", "parentNode", "firstChild", "lastChild", "nextSibling",
                             "children", "childNodes", "attributes", "nodeType", "nodeName", "tagName", "offsetWidth",
                             "clientHeight", "scrollHeight", "href", "src", "hidden", "disabled", "selectedIndex",
                             "options", "form", "elements", "onclick", "type", "name", "title", "lang", "dir", "data",
                             "nodeValue", "ownerDocument", "isConnected", "content", "selected", "defaultValue", "length"]

    /// Statement templates; each reads what it needs from the input.
    static let templates: [(inout Context) -> String] = [
        // Node slots: new, detached, foreign, parsed, cloned and non-node values.
        { c in "\(c.slot()) = document.createElement(\(c.value()))" },
        { c in "\(c.slot()) = \(c.node()).cloneNode(\(c.value()))" },
        { c in "\(c.slot()) = new DOMParser().parseFromString(\(c.value()), 'text/html').body" },
        { c in "\(c.slot()) = document.implementation.createHTMLDocument(\(c.value())).documentElement" },
        { c in "\(c.slot()) = document.createElement('template').content" },
        { c in "\(c.slot()) = document.createTextNode(\(c.value()))" },
        { c in "\(c.slot()) = document.createComment(\(c.value()))" },
        { c in "\(c.slot()) = document.querySelector(\(c.value())) || \(c.node())" },
        { c in "\(c.slot()) = \(c.value())" },
        { c in "\(c.slot()) = \(c.node()).\(c.pick(properties))" },
        // Tree mutations with odd arguments.
        { c in "\(c.node()).appendChild(\(c.value()))" },
        { c in "\(c.node()).insertBefore(\(c.value()), \(c.value()))" },
        { c in "\(c.node()).replaceChild(\(c.value()), \(c.value()))" },
        { c in "\(c.node()).removeChild(\(c.value()))" },
        { c in "\(c.node()).append(\(c.value()), \(c.value()))" },
        { c in "\(c.node()).\(c.pick(["before", "after", "prepend", "replaceWith"]))(\(c.value()), \(c.node()))" },
        { c in "\(c.node()).insertAdjacentHTML(\(c.pick(["'beforebegin'", "'afterbegin'", "'beforeend'", "'afterend'", "'x'"])), \(c.value()))" },
        { c in "\(c.node()).\(c.pick(["innerHTML", "outerHTML", "textContent", "innerText", "nodeValue", "data"])) = \(c.value())" },
        { c in "\(c.node()).remove()" },
        { c in "document.adoptNode(\(c.node()))" },
        { c in "document.importNode(\(c.node()), \(c.value()))" },
        { c in "\(c.node()).normalize()" },
        // Attributes, style, class list, dataset.
        { c in "\(c.node()).setAttribute(\(c.value()), \(c.value()))" },
        { c in "log(\(c.node()).getAttribute(\(c.value())))" },
        { c in "\(c.node()).\(c.pick(["removeAttribute", "toggleAttribute", "hasAttribute"]))(\(c.value()))" },
        { c in "\(c.node()).setAttribute(\(c.pick(["'onclick'", "'onload'", "'oninput'", "'onsubmit'"])), \(c.quoted(c.reentry())))" },
        { c in "\(c.node()).style.\(c.pick(["cssText", "display", "color", "width", "transform"])) = \(c.value())" },
        { c in "\(c.node()).style.setProperty(\(c.value()), \(c.value()), \(c.value()))" },
        { c in "log(getComputedStyle(\(c.node())).\(c.pick(["display", "color", "width", "visibility"])))" },
        { c in "\(c.node()).classList.\(c.pick(["add", "remove", "toggle", "replace", "contains"]))(\(c.value()), \(c.value()))" },
        { c in "\(c.node()).dataset[\(c.value())] = \(c.value())" },
        { c in "\(c.node()).\(c.pick(properties)) = \(c.value())" },
        { c in "log(\(c.node()).\(c.pick(properties)))" },
        // Queries.
        { c in "log(\(c.node()).\(c.pick(["querySelector", "querySelectorAll", "matches", "closest", "getElementsByTagName", "getElementsByClassName"]))(\(c.value())))" },
        { c in "log(\(c.node()).contains(\(c.value())))" },
        { c in "log(\(c.node()).compareDocumentPosition(\(c.value())))" },
        { c in "log(JSON.stringify(\(c.node()).getBoundingClientRect()))" },
        { c in "log(document.elementFromPoint(\(c.value()), \(c.value())))" },
        { c in "Object.keys(\(c.node())).slice(0, 64).forEach(log)" },
        { c in "log(Object.keys(\(c.node()).childNodes).length + [...\(c.node()).childNodes].length)" },
        // Members called on the wrong object, descriptors read off the prototypes.
        { c in "Object.getPrototypeOf(\(c.node()))[\(c.quoted(c.pick(members)))].call(\(c.value()), \(c.value()), \(c.value()))" },
        { c in "Object.getPrototypeOf(\(c.node()))[\(c.quoted(c.pick(members)))].apply(\(c.node()), [\(c.value())])" },
        { c in "var d = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(\(c.node())), \(c.quoted(c.pick(properties)))); d && d.get && log(d.get.call(\(c.value())))" },
        { c in "var d = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(\(c.node())), \(c.quoted(c.pick(properties)))); d && d.set && d.set.call(\(c.value()), \(c.value()))" },
        { c in "Object.setPrototypeOf(\(c.node()), \(c.value()))" },
        { c in "Object.defineProperty(\(c.node()), \(c.quoted(c.pick(properties))), { get() { \(c.reentry()); return 1; }, configurable: true })" },
        { c in "Object.freeze(\(c.node()))" },
        { c in "delete \(c.node()).\(c.pick(properties))" },
        { c in "\(c.node()).__proto__ = \(c.node())" },
        // Events, listeners and re-entrancy.
        { c in "\(c.node()).addEventListener(\(c.quoted(c.pick(eventTypes))), function (e) { \(c.reentry()); }, \(c.value()))" },
        { c in "\(c.node()).addEventListener(\(c.quoted(c.pick(eventTypes))), \(c.value()))" },
        { c in "\(c.node()).on\(c.pick(eventTypes).lowercased().filter(\.isLetter)) = function (e) { \(c.reentry()); return \(c.value()); }" },
        { c in "\(c.node()).dispatchEvent(\(c.value()))" },
        { c in "\(c.node()).dispatchEvent(new Event(\(c.quoted(c.pick(eventTypes))), { bubbles: \(c.value()), cancelable: true }))" },
        { c in "\(c.node()).click()" },
        { c in "\(c.node()).focus(); \(c.node()).blur()" },
        { c in "new MutationObserver(function (records) { log(records.length); \(c.reentry()); }).observe(\(c.node()), { subtree: true, childList: true, attributes: true, characterData: true })" },
        { c in "new MutationObserver(function () {}).observe(\(c.node()), \(c.value()))" },
        { c in "var e = new Event('click'); \(c.node()).addEventListener('click', function () { \(c.node()).dispatchEvent(e); }); \(c.node()).dispatchEvent(e)" },
        // Timers and the page's own bridges, with odd arguments.
        { c in "setTimeout(function () { \(c.reentry()); }, \(c.value()))" },
        { c in "setInterval(function () { \(c.reentry()); }, \(c.value()))" },
        { c in "setTimeout(\(c.value()), \(c.value()))" },
        { c in "clearTimeout(\(c.value())); clearInterval(\(c.value()))" },
        { c in "requestAnimationFrame(function () { \(c.reentry()); })" },
        { c in "brazeBridge.\(c.pick(["logClick", "logCustomEvent", "closeMessage", "logPurchase", "requestPushPermission", "display.showFeed"]))(\(c.value()), \(c.value()), \(c.value()), \(c.value()))" },
        { c in "appboyBridge.getUser().\(c.pick(["setEmail", "setFirstName", "setCustomUserAttribute", "addToCustomAttributeArray", "setDateOfBirth", "setEmailNotificationSubscriptionType"]))(\(c.value()), \(c.value()), \(c.value()))" },
        { c in "webkit.messageHandlers[\(c.value())].postMessage(\(c.value()))" },
        { c in "webkit.messageHandlers.buttonClicked.postMessage(\(c.value()))" },
        { c in "location.href = \(c.value())" },
        { c in "location.\(c.pick(["assign", "replace"]))(\(c.value()))" },
        { c in "history.pushState(\(c.value()), '', \(c.value()))" },
        { c in "window.open(\(c.value()), \(c.value()))" },
        { c in "document.title = \(c.value())" },
        { c in "console.log(\(c.value()), \(c.value()))" },
        { c in "log(JSON.stringify(\(c.value())))" },
        { c in "log(structuredClone(\(c.value())))" },
        { c in "log(new URL(\(c.value()), 'https://example.com/'))" },
        { c in "log(btoa(\(c.value())) + atob(\(c.value())))" },
        { c in "log(new TextDecoder().decode(\(c.value())))" },
        { c in "log(new TextEncoder().encode(\(c.value())))" },
        { c in "log(matchMedia(\(c.value())).matches)" },
        { c in "var x = document.createElement('canvas').getContext('2d'); x.fillText(\(c.value()), \(c.value()), 1); log(x.measureText(\(c.value())).width)" },
        { c in "var f = document.createElement('form'); f.action = \(c.value()); f.appendChild(\(c.node())); \(c.node()).appendChild(f); f.\(c.pick(["submit", "requestSubmit", "reset"]))()" },
        { c in "log(new FormData(document.forms[0] || undefined).get(\(c.value())))" },
        { c in "var img = new Image(); img.onerror = img.onload = function () { \(c.reentry()); }; img.src = \(c.value()); \(c.node()).appendChild(img)" },
        { c in "var s = document.createElement('script'); s.textContent = \(c.quoted(c.reentry())); \(c.node()).appendChild(s)" },
        { c in "document.write(\(c.value()))" },
        { c in "log(document.cookie = \(c.value()))" },
        { c in "localStorage.setItem(\(c.value()), \(c.value())); log(localStorage.getItem(\(c.value())))" },
        { c in "\(c.reentry())" },
    ]

    struct Context {
        var input: FuzzBytes
        mutating func pick<T>(_ items: [T]) -> T { input.pick(items) }
        mutating func slot() -> String { "n[\(input.next() % ScriptProgramGenerator.slots)]" }
        mutating func node() -> String { "n[\(input.next() % ScriptProgramGenerator.slots)]" }
        mutating func value() -> String {
            let v = input.pick(ScriptProgramGenerator.values)
            return fill(v)
        }
        mutating func reentry() -> String {
            let r = input.pick(ScriptProgramGenerator.reentries)
            return fill(r)
        }
        /// `$N` in a value or re-entry stands for a node slot, each one picked by the input.
        mutating func fill(_ template: String) -> String {
            var parts = template.components(separatedBy: "$N")
            guard parts.count > 1 else { return template }
            var out = parts.removeFirst()
            for part in parts { out += node() + part }
            return out
        }
        func quoted(_ s: String) -> String {
            "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
    }

    /// True when `bytes` asks for a generated program (its first byte is 0x01…0x07: no script text starts so).
    static func isGenerated(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        return first >= 1 && first <= 7
    }

    /// The program `bytes` describe (see the type's comment). The first byte is the mode byte; its value picks whether
    /// statements are wrapped in `try` (1, 3, 5, 7: one exception does not end the rest) or not.
    static func program(_ bytes: ArraySlice<UInt8>) -> String {
        var c = Context(input: FuzzBytes(bytes))
        let mode = c.input.next()
        let wrap = mode & 1 == 1
        var out = prologue
        var count = 0
        while !c.input.isEmpty, count < maxStatements {
            if c.input.first == 0xFF {
                _ = c.input.next()
                out += String(decoding: c.input.rest(), as: UTF8.self)
                break
            }
            let template = c.pick(templates)
            let statement = template(&c)
            out += wrap ? "try { \(statement); } catch (e) { log(e); }\n" : "\(statement);\n"
            count += 1
        }
        return out
    }
}
