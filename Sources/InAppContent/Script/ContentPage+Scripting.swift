// ContentPage running JavaScript: scripts at load, evaluateJavaScript, taps and typing dispatched as DOM
// events, timers on the page's virtual clock. Without JavaScriptCore (or with `scriptEngine: .subset`) none
// of this is active and the page keeps the statement subset (Page.swift).
import Foundation

extension ContentPage {
    /// Takes the page's script lock. The outermost hold is one call into the page from native code (a load, an
    /// `advanceTime`, a tap, ...): its runs share one ``ScriptLimits/callTimeLimit``.
    func lockScripting() {
        scriptLock.lock()
        scriptCallDepth += 1
        if scriptCallDepth == 1 { scripting?.beginCall() }
    }

    func unlockScripting() {
        scriptCallDepth -= 1
        scriptLock.unlock()
    }

    /// Why the loaded document's scripts were stopped for good (it used up its script budget, see ``ScriptLimits``),
    /// or nil while they run. Loading a document starts a new budget.
    public var scriptTermination: ScriptTermination? {
        lockScripting(); defer { unlockScripting() }
        return scripting?.termination
    }

    /// Which engine runs the loaded document's scripts: `.javaScriptCore` when the library is loaded and the
    /// page asked for it, else `.subset`.
    public var scriptEngine: ScriptEngineKind {
        lockScripting(); defer { unlockScripting() }
        return scripting?.isJavaScript == true ? .javaScriptCore : .subset
    }

    /// Runs `body` with the live page, then publishes the DOM it changed as ``document``.
    @discardableResult
    func withScripting<T>(_ body: (PageScripting) -> T) -> T? {
        lockScripting(); defer { unlockScripting() }
        guard let s = scripting else { return nil }
        let result = body(s)
        if scripting === s { adoptScriptDocument(s.snapshot()) }
        return result
    }

    /// Runs the JavaScript engine's garbage collector for this page's virtual machine now, so that a memory reading
    /// counts what pages hold rather than garbage the collector has not reached yet (benchmarks; nothing else needs it).
    public func collectScriptGarbage() {
        lockScripting(); defer { unlockScripting() }
        (scripting?.engine as? JSCEngine)?.collectGarbage()
    }

    func startScripting(_ doc: HTMLDocument) {
        lockScripting(); defer { unlockScripting() }
        scripting = nil
        guard preferredEngine == .javaScriptCore, ScriptEngines.isJavaScriptCoreAvailable else { return }
        let s = PageScripting(page: self, document: doc, limits: scriptLimits, maxNodes: limits.maxNodes,
                              bridgeEnabled: bridgeReceiver != nil, virtualMachine: virtualMachine, clock: clock)
        guard s.isJavaScript, s.installPrelude() else { return }
        scripting = s
        adoptScriptDocument(s.snapshot())
        s.runScripts(userScripts: userScriptSource?() ?? [])
        if scripting === s { adoptScriptDocument(s.snapshot()) }
    }

    // MARK: Time

    /// Moves the page's time on by `seconds`: `setTimeout`/`setInterval`/`requestAnimationFrame` callbacks that fall
    /// due run in order, each with its own time limit. Nothing sleeps.
    ///
    /// On a page of its own (no ``clock``) this moves the page's own time line. On a page that shares a clock (a
    /// message's page shares its environment's), it moves that shared clock, so everything on it (an auto-close, a
    /// delivery) fires in the same order as `harness.advance(by:)` would fire it; a real-time clock cannot be moved
    /// and nothing happens (its timers fire on their own).
    public func advanceTime(by seconds: Double) {
        let shared: (any ContentClock)? = {
            lockScripting(); defer { unlockScripting() }
            return scripting?.clock
        }()
        if let shared {
            _ = shared.advance(by: seconds)
            withScripting { $0.runDueTimers() }
            return
        }
        withScripting { $0.advance(by: seconds * 1000) }
    }

    /// A wake-up of the shared clock for a timer due at `dueMs` (milliseconds since the document loaded).
    func sharedClockFired(dueMs: Double) {
        withScripting { $0.fireDue(upTo: max($0.now, dueMs)) }
    }

    /// Timers and animation frames waiting in the loaded page.
    public var pendingTimerCount: Int { withScripting { $0.pendingTimerCount } ?? 0 }

    /// Seconds until the next page timer is due, if any.
    public var nextTimerDue: Double? { (withScripting { $0.nextTimerDue } ?? nil).map { $0 / 1000 } }

    // MARK: Evaluation

    func evaluateInEngine(_ source: String, forNative: Bool) -> Result<ScriptValue, ScriptError>? {
        withScripting { s -> Result<ScriptValue, ScriptError> in
            _ = s.engine.call("__oiaInternal.syncNamed", [])
            var r = forNative ? s.engine.call("__oiaInternal.forNative", [.string(source)]) : s.engine.evaluate(source, sourceURL: nil, startLine: 1)
            if forNative, case .success(.object(let o)) = r, o["__oiaUnsupported"] == .bool(true) {
                r = .failure(ScriptFailure(kind: .unsupportedResult, message: "JavaScript execution returned a result of an unsupported type"))
            }
            s.runDueTimers()
            switch r {
            case .success(let v): return .success(v)
            case .failure(let f):
                emit(.evaluationFailed(f))
                return .failure(.exception(f))
            }
        }
    }

    func evaluateJavaScriptURL(_ url: String) -> TapAction? {
        var code = url
        if let colon = code.firstIndex(of: ":") { code = String(code[code.index(after: colon)...]) }
        code = code.removingPercentEncoding ?? code
        return withScripting { s -> TapAction in
            let failure = s.engine.execute(code, sourceURL: "javascript-url", startLine: 1)
            s.runDueTimers()
            guard let f = failure else { return .script(source: url) }
            if f.kind != .terminated { emit(.scriptError(f)) }
            return .scriptFailed(source: url, error: .exception(f))
        }
    }

    // MARK: Input

    /// Why a person could not tap `node` in the loaded page, or nil when they could.
    func unreachableReason(_ node: HTMLNode) -> String? {
        let chain = [node] + node.ancestors.filter(\.isElement)
        if let control = chain.first(where: { ["button", "input", "select", "textarea"].contains($0.tagName) }),
           control.hasAttribute("disabled") || control.closestAncestor(where: { $0.tagName == "fieldset" && $0.hasAttribute("disabled") }) != nil {
            return "disabled"
        }
        return nil
    }

    func tapInEngine(_ node: HTMLNode) throws(InputError) -> TapResult? {
        lockScripting(); defer { unlockScripting() }
        guard let s = scripting else { return nil }
        guard let id = s.nodeID(of: node) else { throw .staleElement }
        emit(.tapped(element: node.description))
        if let reason = unreachableReason(node) {
            emit(.noAction(element: node.description, reason: reason))
            return TapResult(element: node, actions: [.blocked(reason: reason)])
        }
        let before = events.last?.sequence ?? 0
        s.call("__oiaInternal.tap", [.number(Double(id.raw))])
        s.runDueTimers()
        adoptScriptDocument(s.snapshot())
        let actions = ContentPage.actions(in: events.filter { $0.sequence > before })
        if actions.isEmpty { emit(.noAction(element: node.description, reason: "no listener, link or form action ran")) }
        return TapResult(element: node, actions: actions)
    }

    static func actions(in events: [ContentEvent]) -> [TapAction] {
        var out: [TapAction] = []
        for e in events {
            switch e.kind {
            case .navigationRequested(let id, let url, let type):
                out.append(type == .formSubmitted ? .formSubmission(id: id, url: url) : .navigation(id: id, url: url))
            case .bridgeCalled(let call): out.append(.script(source: call.description))
            case .messagePosted(let handler, let body): out.append(.script(source: "webkit.messageHandlers.\(handler).postMessage(\(body))"))
            case .scriptError(let f): out.append(.scriptFailed(source: f.sourceURL ?? "handler", error: .exception(f)))
            case .blocked(_, let reason): out.append(.blocked(reason: reason))
            case .valueChanged(_, let value) where value == "checked" || value == "unchecked": out.append(.toggled(checked: value == "checked"))
            default: continue
            }
        }
        return out
    }

    /// Types `text` into a field key by key, as a person does: a tap on the field first unless it has focus
    /// (pointer and mouse events, focus, `click`), then per character `keydown`, `keypress`, `beforeinput`, the
    /// value change, `input`, `keyup`; `change` fires when focus leaves. With the statement subset the value is set
    /// at once.
    public func type(_ text: String, into field: HTMLNode) throws(InputError) {
        guard field.document === document else { throw .staleElement }
        // The field's node id outlives the tap, which may give the page a new document snapshot.
        let target: (id: DOMNodeID, focused: Bool)? = try {
            () throws(InputError) -> (id: DOMNodeID, focused: Bool)? in
            lockScripting(); defer { unlockScripting() }
            guard let s = scripting else { return nil }
            guard let id = s.nodeID(of: field) else { throw .staleElement }
            if let reason = unreachableReason(field) { emit(.noAction(element: field.description, reason: reason)); return nil }
            return (id, s.call("__oiaInternal.isFocused", [.number(Double(id.raw))]) == .bool(true))
        }()
        if let target, !target.focused { _ = try tap(field) }
        let done: Bool? = {
            lockScripting(); defer { unlockScripting() }
            guard let s = scripting else { return nil }
            guard let id = target?.id else { return true }   // unreachable: reported above
            // One entry per character, as a browser runs each key as its own task: a handler that runs away is
            // stopped at the page's time limit for that key, and the next key still arrives.
            for scalar in text.unicodeScalars {
                s.call("__oiaInternal.type", [.number(Double(id.raw)), .string(String(scalar))])
            }
            s.runDueTimers()
            adoptScriptDocument(s.snapshot())
            if case .string(let v)? = s.call("__oiaInternal.value", [.number(Double(id.raw))]) {
                emit(.valueChanged(element: field.description, value: v))
            }
            return true
        }()
        if done == nil { try setValue(value(of: field) + text, for: field) }
    }

    /// Types into the first element matching `selector`.
    public func type(_ text: String, intoSelector selector: String) throws(InputError) {
        let found: HTMLNode?
        do { found = try document.querySelector(selector) } catch { throw .invalidSelector(error) }
        guard let field = found else { emit(.tapTargetMissing(target: selector)); throw .noSuchElement("selector '\(selector)'") }
        try type(text, into: field)
    }

    /// Presses one key on a hardware keyboard (US layout): the focused element receives it, the body when nothing has
    /// focus. `key` is a key name as `KeyboardEvent.key` gives it: `Enter`, `Backspace`, `Escape`, `Tab`, or one
    /// character. `Enter` in a text field submits its form as a browser does (implicit submission, after `change`);
    /// `Backspace` deletes the last character; `Escape` and `Tab` are plain key presses. With the statement subset,
    /// `Enter` in a field submits its form and other keys do nothing.
    public func press(_ key: String) throws(InputError) {
        _ = pressInEngine(key)
    }

    @discardableResult
    func pressInEngine(_ key: String) -> Bool {
        let ran: Bool = {
            lockScripting(); defer { unlockScripting() }
            guard let s = scripting else { return false }
            s.call("__oiaInternal.press", [.string(key)])
            s.runDueTimers()
            adoptScriptDocument(s.snapshot())
            return true
        }()
        return ran
    }

    /// Taps the first element matching `selector` unless it already has focus, then presses `key` on it (see ``press(_:)``).
    public func press(_ key: String, inSelector selector: String) throws(InputError) {
        let found: HTMLNode?
        do { found = try document.querySelector(selector) } catch { throw .invalidSelector(error) }
        guard let node = found else { emit(.tapTargetMissing(target: selector)); throw .noSuchElement("selector '\(selector)'") }
        let focused: Bool = {
            lockScripting(); defer { unlockScripting() }
            guard let s = scripting, let id = s.nodeID(of: node) else { return false }
            return s.call("__oiaInternal.isFocused", [.number(Double(id.raw))]) == .bool(true)
        }()
        if !focused { try tap(node) }
        if !pressInEngine(key), key == "Enter", node.tagName == "input",
           let form = node.closestAncestor(where: { $0.tagName == "form" }) {
            _ = try submit(form: form)
        }
    }

    func setValueInEngine(_ value: String, for field: HTMLNode) throws(InputError) -> Bool {
        lockScripting(); defer { unlockScripting() }
        guard let s = scripting else { return false }
        guard let id = s.nodeID(of: field) else { throw .staleElement }
        s.call(field.tagName == "select" ? "__oiaInternal.select" : "__oiaInternal.setValue", [.number(Double(id.raw)), .string(value)])
        s.runDueTimers()
        adoptScriptDocument(s.snapshot())
        emit(.valueChanged(element: field.description, value: value))
        return true
    }

    func engineFieldState(_ field: HTMLNode, checked: Bool) -> ScriptValue? {
        lockScripting(); defer { unlockScripting() }
        guard let s = scripting, let id = s.nodeID(of: field) else { return nil }
        return s.call(checked ? "__oiaInternal.checked" : "__oiaInternal.value", [.number(Double(id.raw))])
    }

    func submitInEngine(_ form: HTMLNode) -> TapResult? {
        lockScripting(); defer { unlockScripting() }
        guard let s = scripting, let id = s.nodeID(of: form) else { return nil }
        let before = events.last?.sequence ?? 0
        s.call("__oiaInternal.submit", [.number(Double(id.raw))])
        s.runDueTimers()
        adoptScriptDocument(s.snapshot())
        return TapResult(element: form, actions: ContentPage.actions(in: events.filter { $0.sequence > before }))
    }

    // MARK: Called by the page's scripts

    func scriptNavigate(_ target: String, source: HTMLNode?) throws(ScriptHostError) {
        let trimmed = target.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix("javascript:") {
            _ = evaluateJavaScriptURL(trimmed)
            return
        }
        guard let url = resolve(href: trimmed) else {
            emit(.scriptFailed(source: "location", reason: "cannot navigate to '\(target)'"))
            throw ScriptHostError("The string did not match the expected pattern.", name: "SyntaxError")
        }
        _ = startNavigation(to: url, type: .other, source: source, method: "GET", body: nil, newWindow: false,
                            redirectFrom: nil, html: nil)
    }

    func scriptFollowLink(href: String, target: String, source: HTMLNode?, scripting: PageScripting) {
        _ = follow(href: href, from: source, target: target)
    }

    func scriptOpenWindow(_ href: String) {
        guard let url = resolve(href: href) else { return }
        _ = startNavigation(to: url, type: .other, source: nil, method: "GET", body: nil, newWindow: true, redirectFrom: nil, html: nil)
    }

    func scriptSubmit(form: HTMLNode?, attributes: (String) -> String?, submitter: HTMLNode?, pairs: [(String, String)]) {
        var attrs: [String: String] = [:]
        for name in ["method", "action", "target"] { attrs[name] = submitter?["form" + name] ?? attributes(name) }
        _ = submitNavigation(attribute: { attrs[$0] }, source: submitter ?? form, pairs: pairs, element: form)
    }

    /// Node ids with listeners, for the coverage report: the snapshot nodes with the event types.
    func listenerTypes(of node: HTMLNode) -> Set<String>? {
        lockScripting(); defer { unlockScripting() }
        guard let s = scripting, let id = s.nodeID(of: node) else { return nil }
        return s.listeners[id.raw]
    }
}
