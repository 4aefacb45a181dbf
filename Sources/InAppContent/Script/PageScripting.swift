// The live side of a page running JavaScript: the DOMTree scripts mutate, the engine's host function (DOM
// primitives over node ids, bridges, handlers, location, console, timers, device), the page's virtual clock.
// One PageScripting per loaded document; ContentPage serializes access to it.
import Foundation

/// The simulated screen a page's scripts see (`innerWidth`, `devicePixelRatio`, `matchMedia`).
/// A script the app adds to every page (`WKUserScript`), run in the page's JavaScript context.
public struct ContentUserScript: Sendable, Equatable {
    public var source: String
    /// True: before the page's own scripts (`atDocumentStart`); false: after them, before `DOMContentLoaded`.
    public var atDocumentStart: Bool
    public init(source: String, atDocumentStart: Bool) { self.source = source; self.atDocumentStart = atDocumentStart }
}

public struct ContentViewport: Sendable, Hashable {
    /// Width in CSS pixels (points).
    public var width: Double
    /// Height in CSS pixels.
    public var height: Double
    /// `devicePixelRatio`.
    public var scale: Double
    /// `prefers-color-scheme: dark`.
    public var darkMode: Bool

    public init(width: Double = 390, height: Double = 844, scale: Double = 3, darkMode: Bool = false) {
        self.width = width; self.height = height; self.scale = scale; self.darkMode = darkMode
    }
    /// An iPhone-sized portrait screen in light mode.
    public static let phone = ContentViewport()
}

final class PageScripting {
    weak var page: ContentPage?
    let tree: DOMTree
    private(set) var engine: (any ScriptEngine)!
    /// The shared time line the page runs on (a message's page: its environment's clock), or nil: the page's own,
    /// moved only by ``advance(by:)``.
    let clock: (any ContentClock)?
    /// The shared clock's reading when the document loaded.
    private let loadedAt: TimeInterval
    /// Milliseconds of virtual time on the page's own time line (no shared clock).
    private var ownNow: Double = 0
    /// Milliseconds of virtual time since the document loaded: on the shared clock when there is one.
    var now: Double {
        if let firing = firingAt { return firing }
        guard let clock else { return ownNow }
        return max(0, (clock.now - loadedAt) * 1000)
    }
    /// The due time of the timer whose callback runs (the clock reads it, to the millisecond, while it runs).
    private var firingAt: Double?
    /// A pending timer; `nesting` counts an interval's repetitions (HTML's timer nesting level).
    private struct Timer { var due: Double; var seq: Int; var interval: Double?; var wake: (any ContentClockTimer)?; var nesting = 0 }
    private var timers: [Int: Timer] = [:]
    private var timerSeq = 0
    private var firingTimer = false
    /// Node ids with listeners or `onX` properties set by scripts, and the event types.
    private(set) var listeners: [Int32: Set<String>] = [:]
    private var selectors: [String: CSSSelector] = [:]
    private var orderVersion: UInt64 = .max
    /// Checkedness set by script or input (tree id → checked), and the focused element, for `:checked`/`:focus`.
    private var checkedness: [Int32: Bool] = [:]
    /// Script elements that have run or never will (the parser's, and those `innerHTML` inserted: browsers do not run
    /// those). A script element a page script creates runs when it is first connected with a `src` or text.
    private var startedScripts: Set<Int32> = []
    /// Image URLs already reported as unavailable (one trace entry per URL and page).
    private var unavailableImages: Set<String> = []
    private var focused: DOMNodeID?

    /// The live state selectors read, by index in the current snapshot.
    private var selectorState: SelectorState {
        refreshOrder()
        let order = self.order, checked = checkedness
        return SelectorState(checked: { i in Int(i) < order.count ? checked[order[Int(i)]] : nil },
                             focused: focused.flatMap { position[$0.raw] })
    }
    private var order: [Int32] = []           // snapshot index → DOMNodeID.raw
    private var position: [Int32: Int32] = [:] // DOMNodeID.raw → snapshot index
    let bridgeEnabled: Bool

    init(page: ContentPage, document: HTMLDocument, limits: ScriptLimits, maxNodes: Int, bridgeEnabled: Bool,
         virtualMachine: ScriptVirtualMachine? = nil, clock: (any ContentClock)? = nil) {
        self.page = page
        self.clock = clock
        self.loadedAt = clock?.now ?? 0
        self.tree = DOMTree(document)
        self.tree.maxNodes = maxNodes
        self.bridgeEnabled = bridgeEnabled
        self.engine = ScriptEngines.make(preferred: .javaScriptCore, limits: limits, virtualMachine: virtualMachine,
                                         answering: .operations { [unowned self] op, args throws(ScriptHostError) in try self.host(op, args) })
        if let jsc = engine as? JSCEngine {
            jsc.dom = self
            let budget = PageBudget(limits: limits)
            budget.onTermination = { [unowned self] reason in self.terminate(reason) }
            jsc.budget = budget
            self.budget = budget
        }
    }

    /// The page's budget over its life (JavaScriptCore pages).
    private(set) var budget: PageBudget?
    /// Why the page's scripts were stopped for good, if they were.
    var termination: ScriptTermination? { budget?.termination }

    /// A call into the page from native code begins (a load, an `advanceTime`, a tap, ...): its runs share one
    /// ``ScriptLimits/callTimeLimit``.
    func beginCall() { budget?.beginCall() }

    /// The page used up its budget: no timer of it fires again and no run starts (the engine refuses them); the
    /// page logs why, once, and tells its navigation delegate if it listens (``ContentScriptTerminationDelegate``).
    private func terminate(_ reason: ScriptTermination) {
        for t in timers.values { t.wake?.cancel() }
        timers.removeAll()
        guard let page else { return }
        page.emit(.scriptsTerminated(reason))
        (page.navigationDelegate as? any ContentScriptTerminationDelegate)?.page(page, scriptsDidTerminate: reason)
    }

    deinit { for t in timers.values { t.wake?.cancel() } }

    var isJavaScript: Bool { engine.kind == .javaScriptCore }

    /// Evaluates the prelude; false (with an event) when it failed.
    func installPrelude() -> Bool {
        let result = (engine as? JSCEngine)?.evaluatePrelude()
            ?? engine.evaluate(ScriptPrelude.source, sourceURL: ScriptPrelude.sourceURL, startLine: 1)
        if case .failure(let f) = result {
            page?.emit(.scriptError(f))
            return false
        }
        return true
    }

    // MARK: Snapshot mapping

    private func refreshOrder() {
        guard orderVersion != tree.version else { return }
        order.removeAll(keepingCapacity: true)
        position.removeAll(keepingCapacity: true)
        // Pre-order from the document, as DOMTree.snapshot() lays nodes out.
        var cur: DOMNodeID? = tree.document
        while let n = cur {
            position[n.raw] = Int32(order.count)
            order.append(n.raw)
            cur = tree.next(after: n, within: tree.document)
        }
        orderVersion = tree.version
    }

    func snapshot() -> HTMLDocument { tree.snapshot() }

    func nodeID(of node: HTMLNode) -> DOMNodeID? {
        refreshOrder()
        guard node.document === tree.snapshot(), Int(node.index) < order.count else { return nil }
        return DOMNodeID(raw: order[Int(node.index)])
    }

    func node(for id: DOMNodeID) -> HTMLNode? {
        refreshOrder()
        guard let i = position[id.raw] else { return nil }
        return HTMLNode(document: tree.snapshot(), index: i)
    }

    // MARK: Running

    func runUserScripts(_ scripts: [ContentUserScript], atStart: Bool) {
        for (i, script) in scripts.enumerated() where script.atDocumentStart == atStart {
            if let f = engine.execute(script.source, sourceURL: "user-script-\(i + 1)", startLine: 1), f.kind != .terminated {
                page?.emit(.scriptError(f))
            }
        }
    }

    func runScripts(userScripts: [ContentUserScript] = []) {
        guard let page else { return }
        runUserScripts(userScripts, atStart: true)
        // The parser's scripts by node id, taken before any runs: a script that changes the tree gives the page a new
        // snapshot, in which the old snapshot's nodes no longer resolve (every later script was skipped).
        let scripts = tree.snapshot().elements(tag: "script").compactMap { nodeID(of: $0) }
        for id in scripts { startedScripts.insert(id.raw) }
        var n = 0
        for id in scripts {
            let type = (tree.attribute(id, "type") ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard ["", "text/javascript", "application/javascript", "module", "text/ecmascript"].contains(type) else { continue }
            n += 1
            // One an earlier script took out of the document does not run (a browser's parser would not reach it).
            guard isConnected(id) else { continue }
            var source = tree.textContent(id)
            if let src = tree.attribute(id, "src") {
                guard let url = page.resolve(href: src), let text = page.subresource(url) else {
                    // An empty src fails without a request (HTML: "if src is the empty string, fire error").
                    if !src.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                        page.emit(.networkBlocked(api: "script", url: page.resolve(href: src)?.absoluteString ?? src))
                    }
                    _ = engine.call("__oiaInternal.scriptError", [.number(Double(id.raw))])
                    continue
                }
                source = text
            }
            _ = engine.call("__oiaInternal.syncNamed", [])
            if let f = engine.execute(source, sourceURL: "inline-script-\(n)", startLine: 1) {
                if f.kind != .terminated { page.emit(.scriptError(f)) }
            } else {
                page.emit(.scriptRan(source: "inline-script-\(n)"))
            }
        }
        runUserScripts(userScripts, atStart: false)
        // The load events, and the bridge's ready event. Each call still enters the page when nothing listens (the
        // events themselves are then not made): skipping the calls made a page's tap the first run after its scripts,
        // and with that, under one layout of the prelude, the collector found a bad cell (Docs/Benchmarks.md, eighth
        // pass; not reproduced with this prelude, kept out until understood).
        readyState = "interactive"
        call("__oiaInternal.ready", [.string("interactive")])
        readyState = "complete"
        call("__oiaInternal.ready", [.string("complete")])
        if bridgeEnabled { call("__oiaInternal.fire", [.string("ab.BridgeReady")]) }
        runDueTimers()
    }

    @discardableResult
    func call(_ path: String, _ args: [ScriptValue]) -> ScriptValue? {
        switch engine.call(path, args) {
        case .success(let v): return v
        case .failure(let f):
            // A run the budget stopped, or one refused after it, is reported once, as the page's termination.
            if f.kind != .terminated { page?.emit(.scriptError(f)) }
            return nil
        }
    }

    /// Advances the page's own time line by `ms`, firing due timers in order (each callback is one run with its own
    /// limits). On a shared clock, fires what is due on it now (moving the shared clock is ``ContentPage``'s business).
    func advance(by ms: Double) {
        if clock != nil { fireDue(upTo: now); return }
        let target = ownNow + max(0, ms)
        fireDue(upTo: target)
        ownNow = max(ownNow, target)
    }

    /// Fires the timers due at or before `target` (milliseconds since load), in due order (ties in the order they
    /// were set), each as one run, with the clock reading its due time while it runs.
    func fireDue(upTo target: Double) {
        var fired = 0
        while fired < 100_000 {
            guard let (id, t) = timers.filter({ $0.value.due <= target }).min(by: { ($0.value.due, $0.value.seq) < ($1.value.due, $1.value.seq) })
            else { break }
            t.wake?.cancel()
            if clock == nil { ownNow = max(ownNow, t.due) }
            if var interval = t.interval {
                timerSeq += 1
                // As browsers clamp nested timers: once an interval has repeated 5 times it waits at least 4 ms, so a
                // 1 ms interval fires at most 250 times per second of the page's time.
                if t.nesting >= 5 { interval = max(interval, 4) }
                let due = max(t.due, now) + interval
                timers[id] = Timer(due: due, seq: timerSeq, interval: interval, wake: wake(at: due), nesting: t.nesting + 1)
            } else {
                timers[id] = nil
            }
            let outer = firingAt
            firingAt = max(t.due, clock == nil ? ownNow : (clock.map { max(0, ($0.now - loadedAt) * 1000) } ?? 0))
            firingTimer = true
            call("__oiaInternal.fireTimer", [.number(Double(id))])
            firingTimer = false
            firingAt = outer
            fired += 1
        }
    }

    /// Fires timers already due (zero delays) without moving the clock.
    func runDueTimers() { fireDue(upTo: now) }

    /// On a shared clock, a wake-up at `due` (milliseconds since load) that fires what is due then; nil on the page's own.
    private func wake(at due: Double) -> (any ContentClockTimer)? {
        guard let clock, let page else { return nil }
        let delay = max(0, loadedAt + due / 1000 - clock.now)
        return clock.schedule(after: delay) { [weak page] in page?.sharedClockFired(dueMs: due) }
    }

    var pendingTimerCount: Int { timers.count }
    var nextTimerDue: Double? { timers.values.map(\.due).min().map { $0 - now } }

    // MARK: Host

    private func int(_ v: ScriptValue?) -> Int32? { if case .number(let d)? = v, d.isFinite { return Int32(clamping: Int(d)) }; return nil }
    private func str(_ v: ScriptValue?) -> String { if case .string(let s)? = v { return s }; return v.map { $0 == .null || $0 == .undefined ? "" : $0.description } ?? "" }
    private func id(_ v: ScriptValue?) throws(ScriptHostError) -> DOMNodeID {
        guard let raw = int(v), raw >= 0, Int(raw) < tree.arenaCount else { throw ScriptHostError("Argument 1 is not a Node") }
        return DOMNodeID(raw: raw)
    }
    private func num(_ n: DOMNodeID?) -> ScriptValue { n.map { .number(Double($0.raw)) } ?? .null }
    private func ids(_ ns: [DOMNodeID]) -> ScriptValue { .array(ns.map { .number(Double($0.raw)) }) }

    func selector(_ text: String) throws(ScriptHostError) -> CSSSelector {
        if let s = selectors[text] { return s }
        do {
            let s = try CSSSelector(text)
            if selectors.count > 512 { selectors.removeAll() }
            selectors[text] = s
            return s
        } catch {
            throw ScriptHostError("'\(text)' is not a valid selector (\(error.reason))", name: "SyntaxError")
        }
    }

    func isConnected(_ n: DOMNodeID) -> Bool {
        var cur: DOMNodeID? = n
        while let c = cur { if c == tree.document { return true }; cur = tree.parent(c) }
        return false
    }

    /// Elements under `root` (itself excluded unless `includeRoot`) that match, in tree order.
    func query(_ root: DOMNodeID, _ sel: CSSSelector, all: Bool, includeRoot: Bool = false) -> [DOMNodeID] {
        if isConnected(root), let scope = node(for: root) {
            var out: [DOMNodeID] = []
            let state = selectorState
            if includeRoot, scope.isElement, sel.matches(scope, state: state) { out.append(root) }
            for m in sel.select(in: scope, state: state, limit: all ? .max : 1) {
                if let n = nodeID(of: m) { out.append(n) }
                if !all && !out.isEmpty { break }
            }
            return out
        }
        // A detached subtree: serialize, parse on its own, match there, map back by element order. An `html`, `head`
        // or `body` root would not survive that parse (the parser merges such tags into its own), so only its
        // content is parsed and the root itself is not matched.
        let rootName = tree.kind(root) == .element ? tree.localName(root) : ""
        let structural = ["html", "head", "body"].contains(rootName)
        let html = serialize(root, outer: tree.kind(root) == .element && !structural)
        guard let doc = try? HTMLDocument.parse("<body>" + html) else { return [] }
        var elements: [DOMNodeID] = []
        walk(root) { if tree.kind($0) == .element && !(structural && $0 == root) { elements.append($0) } }
        let parsed = doc.body.descendants.filter(\.isElement)
        var out: [DOMNodeID] = []
        for (i, e) in parsed.enumerated() where i < elements.count && sel.matches(e) {
            if elements[i] == root && !includeRoot { continue }
            out.append(elements[i])
            if !all { break }
        }
        return out
    }

    private func walk(_ root: DOMNodeID, _ body: (DOMNodeID) -> Void) {
        var stack = [root]
        while let n = stack.popLast() {
            body(n)
            var c = tree.lastChild(n)
            while let x = c { stack.append(x); c = tree.previousSibling(x) }
        }
    }

    private func insert(_ child: DOMNodeID, before ref: DOMNodeID?, in parent: DOMNodeID) throws(ScriptHostError) {
        if tree.isInclusiveAncestor(child, of: parent) {
            throw ScriptHostError("The new child element contains the parent.", name: "HierarchyRequestError")
        }
        if tree.kind(child) == .documentFragment {
            for c in tree.children(child) { tree.insert(c, before: ref, in: parent) }
        } else {
            tree.insert(child, before: ref, in: parent)
        }
    }

    private func clone(_ n: DOMNodeID, deep: Bool) throws(ScriptHostError) -> DOMNodeID {
        func one(_ x: DOMNodeID) throws(ScriptHostError) -> DOMNodeID {
            do { try tree.ensureCapacity() } catch { throw ScriptHostError(error.description, name: "QuotaExceededError") }
            switch tree.kind(x) {
            case .element: return tree.createElement(tree.localName(x), namespace: tree.namespace(x) ?? .html, attributes: tree.attributes(x))
            case .text: return tree.createText(tree.data(x))
            case .comment: return tree.createComment(tree.data(x))
            default: return tree.createDocumentFragment()
            }
        }
        let top = try one(n)
        guard deep else { return top }
        var stack: [(DOMNodeID, DOMNodeID)] = [(n, top)]
        while let (src, dst) = stack.popLast() {
            for c in tree.children(src) {
                let copy = try one(c)
                tree.append(copy, to: dst)
                stack.append((c, copy))
            }
        }
        return top
    }

    private func roots() -> [DOMNodeID?] {
        let html = tree.children(tree.document).first { tree.kind($0) == .element && tree.localName($0) == "html" }
        let kids = html.map { tree.children($0) } ?? []
        let head = kids.first { tree.kind($0) == .element && tree.localName($0) == "head" }
        let body = kids.first { tree.kind($0) == .element && (tree.localName($0) == "body" || tree.localName($0) == "frameset") }
        return [tree.document, html, head, body]
    }

    /// The body element (`document.body`), if any.
    var body: DOMNodeID? { roots()[3] }

    /// The document's load state as `document.readyState` reads it: loading while its scripts run, then interactive
    /// (DOMContentLoaded), then complete (load).
    var readyState = "loading"

    /// Whether script ever made `node` listen for `type` (a listener or an `on…` property; removing one does not
    /// clear this): dispatch looks at a node's own listeners only when this says it may have some.
    func mayListen(_ node: DOMNodeID, _ type: String) -> Bool { listeners[node.raw]?.contains(type) ?? false }

    /// Records that script made `node` listen for `type` (listeners and `on…` properties: the coverage report).
    func noteListener(_ node: DOMNodeID, _ type: String) { listeners[node.raw, default: []].insert(type) }

    func host(_ op: HostOperation, _ a: [ScriptValue]) throws(ScriptHostError) -> ScriptValue {
        guard let page else { throw ScriptHostError("the page is gone") }
        let first = a.first
        switch op {
        // Tree reading
        case .domKind: return .number(Double(tree.kind(try id(first)).rawValue))
        case .layoutHit:
            // document.elementFromPoint: the approximate layout of the current document.
            let v = page.viewport
            guard a.count >= 2, case .number(let x) = a[0], case .number(let y) = a[1], x >= 0, y >= 0, x < v.width, y < v.height,
                  let hit = layout().hitTest(x: x, y: y),
                  let found = nodeID(of: hit) else { return .null }
            return .number(Double(found.raw))
        case .domName: return .string(tree.localName(try id(first)))
        case .domNs: return .number(Double(tree.namespace(try id(first))?.rawValue ?? 0))
        case .domParent: return num(tree.parent(try id(first)))
        case .domFirst: return num(tree.firstChild(try id(first)))
        case .domNext: return num(tree.nextSibling(try id(first)))
        case .domPrev: return num(tree.previousSibling(try id(first)))
        case .domChildren:
            let n = try id(first)
            let kids = tree.children(n)
            return ids(a.count > 1 && a[1] == .bool(true) ? kids.filter { tree.kind($0) == .element } : kids)
        case .domVersion: return .number(Double(tree.version))
        case .domIds:
            var seen = Set<String>()
            var out: [ScriptValue] = []
            for e in tree.snapshot().allElements { if let v = e.id, !v.isEmpty, seen.insert(v).inserted { out.append(.string(v)) } }
            return .array(out)
        case .domData: return .string(tree.data(try id(first)))
        case .domText:
            let n = try id(first)
            switch tree.kind(n) {
            case .text, .comment: return .string(tree.data(n))
            case .document, .doctype: return .null
            default: return .string(tree.textContent(n))
            }
        case .domInnerText:
            let n = try id(first)
            if let node = node(for: n) { return .string(node.visibleText) }
            return .string(tree.textContent(n))
        case .domAttr:
            return tree.attribute(try id(first), str(a.count > 1 ? a[1] : nil)).map { .string($0) } ?? .null
        case .domAttrs: return .array(tree.attributes(try id(first)).map { .array([.string($0.qualifiedName), .string($0.value)]) })
        case .domContains:
            guard a.count > 1, let other = int(a[1]) else { return .bool(false) }
            return .bool(tree.isInclusiveAncestor(try id(first), of: DOMNodeID(raw: other)))
        case .domPosition:
            let x = try id(first), y = try id(a.count > 1 ? a[1] : nil)
            if x == y { return .number(0) }
            if tree.isInclusiveAncestor(x, of: y) { return .number(20) }  // contained_by | following
            if tree.isInclusiveAncestor(y, of: x) { return .number(10) }  // contains | preceding
            refreshOrder()
            guard let px = position[x.raw], let py = position[y.raw] else { return .number(1 + 32 + 2) }
            return .number(py > px ? 4 : 2)
        case .domTemplate: return num(tree.templateContent(try id(first)))
        case .domDoctype: return .string(tree.doctype(try id(first))?.name ?? "")
        case .domQuirks: return .bool(tree.quirksMode != .noQuirks)
        case .domRoots: return .array(roots().map { num($0) })
        case .domQuery:
            let root = try id(first)
            let sel = try selector(str(a.count > 1 ? a[1] : nil))
            let all = a.count > 2 && a[2] == .bool(true)
            let found = query(root, sel, all: all)
            return all ? ids(found) : num(found.first)
        case .domMatches:
            let n = try id(first)
            let sel = try selector(str(a.count > 1 ? a[1] : nil))
            guard tree.kind(n) == .element else { return .bool(false) }
            if isConnected(n), let node = node(for: n) { return .bool(sel.matches(node, state: selectorState)) }
            return .bool(query(n, sel, all: false, includeRoot: true).first == n)
        case .styleComputed:
            let n = try id(first)
            guard tree.kind(n) == .element, isConnected(n), let node = node(for: n) else {
                return .object(["display": .string(""), "visibility": .string(""), "pointerEvents": .string(""),
                                "opacity": .string(""), "rendered": .bool(false)])
            }
            let c = ComputedHitStyle.of(node, sheet: page.hitStyleSheet(for: node.document))
            return .object(["display": .string(c.display), "visibility": .string(c.visibility), "pointerEvents": .string(c.pointerEvents),
                            "opacity": .string(c.opacity), "rendered": .bool(c.rendered)])
        case .domSetChecked:
            let n = try id(first)
            checkedness[n.raw] = a.count > 1 && a[1] == .bool(true)
            return .undefined
        case .domSetFocus:
            if case .number(let v)? = first, v >= 0 { focused = try id(first) } else { focused = nil }
            return .undefined
        case .domClosest:
            let sel = try selector(str(a.count > 1 ? a[1] : nil))
            var cur: DOMNodeID? = try id(first)
            while let c = cur {
                if tree.kind(c) == .element {
                    if isConnected(c), let node = node(for: c) { if sel.matches(node, state: selectorState) { return num(c) } }
                    else if query(c, sel, all: false, includeRoot: true).first == c { return num(c) }
                }
                cur = tree.parent(c)
            }
            return .null
        case .domSerialize:
            return .string(serialize(try id(first), outer: a.count > 1 && a[1] == .bool(true)))
        // Tree mutation
        case .domSetData: tree.setData(try id(first), str(a.count > 1 ? a[1] : nil)); return .undefined
        case .domSetText:
            let n = try id(first)
            if tree.kind(n) == .text || tree.kind(n) == .comment { tree.setData(n, str(a.count > 1 ? a[1] : nil)); return .undefined }
            for c in tree.children(n) { tree.remove(c) }
            let text = str(a.count > 1 ? a[1] : nil)
            if !text.isEmpty { try capacity(); tree.append(tree.createText(text), to: n) }
            return .undefined
        case .domSetHTML:
            let n = try id(first)
            let fragment = try parseFragment(str(a.count > 1 ? a[1] : nil), context: n)
            let target = tree.kind(n) == .element && tree.localName(n) == "template" ? (tree.templateContent(n) ?? n) : n
            for c in tree.children(target) { tree.remove(c) }
            for c in tree.children(fragment) { tree.append(c, to: target) }
            return .undefined
        case .domParseFragment:
            return num(try parseFragment(str(a.count > 1 ? a[1] : nil), context: try id(first)))
        case .domCreate:
            try capacity()
            let name = str(first)
            guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "<" || $0 == ">" }) else {
                throw ScriptHostError("The tag name provided ('\(name)') is not a valid name.", name: "InvalidCharacterError")
            }
            let ns: DOMNamespace = int(a.count > 1 ? a[1] : nil) == 1 ? .svg : int(a.count > 1 ? a[1] : nil) == 2 ? .mathml : .html
            let el = tree.createElement(name, namespace: ns)
            if name == "template" && ns == .html && tree.templateContent(el) == nil {
                // DOMTree gives parsed templates their content; a created one gets it on first use of innerHTML.
            }
            return num(el)
        case .domCreateComment: try capacity(); return num(tree.createComment(str(first)))
        case .domCreateFragment: try capacity(); return num(tree.createDocumentFragment())
        case .domInsert:
            let child = try id(first)
            let ref = int(a.count > 1 ? a[1] : nil).map { DOMNodeID(raw: $0) }
            let inserted = tree.kind(child) == .documentFragment ? tree.children(child) : [child]
            try insert(child, before: ref, in: try id(a.count > 2 ? a[2] : nil))
            let start = scriptsToStart(after: inserted)
            return start.isEmpty ? .undefined : .array(start.map { .number(Double($0.raw)) })
        case .scriptRun:
            return .bool(runInsertedScript(try id(first)))
        case .layoutBox:
            // An element's geometry in the approximate layout: [x, y, width, height] of its border box from the viewport's
            // top left, its client width and height, its offset parent's id (-1: none), its left and top border
            // widths; null when it has no box (not rendered, or beyond what the layout models).
            let n = try id(first)
            guard tree.kind(n) == .element, isConnected(n), let node = node(for: n), let g = layout().geometry(of: node) else { return .null }
            let parent = g.offsetParent.flatMap { nodeID(of: $0) }.map { Double($0.raw) } ?? -1
            return .array([.number(g.box.x), .number(g.box.y), .number(g.box.width), .number(g.box.height),
                           .number(g.clientWidth), .number(g.clientHeight), .number(parent), .number(g.borderLeft), .number(g.borderTop)])
        case .styleValue:
            // getComputedStyle for a property the visibility cascade does not resolve (ComputedStyle.swift).
            let n = try id(first)
            guard tree.kind(n) == .element, isConnected(n), let node = node(for: n) else { return .string("") }
            return .string(ComputedStyle.value(str(a.count > 1 ? a[1] : nil), of: node, layout: layout()))
        case .imageSize:
            // An image's natural size, [width, height], when its source loads here and says its size; null otherwise.
            let n = try id(first)
            guard let src = tree.attribute(n, "src"), let size = page.imageSize(src: src) else { return .null }
            return .array([.number(size.width), .number(size.height)])
        case .imageLoads:
            // With an image: whether its source loads (null without a src); without: the document's images with a src.
            if let raw = int(first) { return imageLoads(DOMNodeID(raw: raw)) }
            var out: [ScriptValue] = []
            walk(tree.document) { n in
                if tree.kind(n) == .element, tree.localName(n) == "img", tree.namespace(n) == .html, tree.attribute(n, "src") != nil {
                    out.append(.number(Double(n.raw)))
                }
            }
            return .array(out)
        case .domRemove: tree.remove(try id(first)); return .undefined
        case .domClone: return num(try clone(try id(first), deep: a.count > 1 && a[1] == .bool(true)))
        case .domListen:
            if let raw = int(first) { noteListener(DOMNodeID(raw: raw), str(a.count > 1 ? a[1] : nil)) }
            return .undefined
        // Document and window
        case .documentTitle: return .string(tree.snapshot().title ?? "")
        case .documentSetTitle:
            let doc = tree.snapshot()
            if let t = doc.elements(tag: "title").first, let tid = nodeID(of: t) {
                for c in tree.children(tid) { tree.remove(c) }
                tree.append(tree.createText(str(first)), to: tid)
            } else if let head = roots()[2] {
                let t = tree.createElement("title"); tree.append(t, to: head); tree.append(tree.createText(str(first)), to: t)
            }
            return .undefined
        case .device:
            let v = page.viewport
            return .object(["width": .number(v.width), "height": .number(v.height), "scale": .number(v.scale), "dark": .bool(v.darkMode)])
        case .userAgent:
            return .string("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148")
        case .clockNow: return .number(now)
        case .clockOrigin: return page.clockOrigin.map { .number(($0.timeIntervalSince1970 * 1000).rounded()) } ?? .undefined
        case .timerSet:
            guard let tid = int(first) else { return .undefined }
            var delay = max(0, a.count > 1 ? (a[1] == .undefined ? 0 : Double(str(a[1])) ?? 0) : 0)
            if !delay.isFinite { delay = 0 }
            let repeating = a.count > 2 && a[2] == .bool(true)
            // Timers set from timer callbacks wait at least 4 ms (browsers clamp nested timers), so a timer that
            // re-arms itself with 0 cannot keep the page from becoming idle.
            if firingTimer { delay = max(delay, 4) }
            timerSeq += 1
            timers[Int(tid)]?.wake?.cancel()
            let due = now + delay
            timers[Int(tid)] = Timer(due: due, seq: timerSeq, interval: repeating ? max(1, delay) : nil, wake: wake(at: due))
            return .undefined
        case .timerClear:
            if let tid = int(first) { timers[Int(tid)]?.wake?.cancel(); timers[Int(tid)] = nil }
            return .undefined
        case .console:
            page.emit(.console(level: str(first), message: str(a.count > 1 ? a[1] : nil)))
            return .undefined
        case .error:
            let line = int(a.count > 1 ? a[1] : nil).map(Int.init), column = int(a.count > 2 ? a[2] : nil).map(Int.init)
            let url = str(a.count > 3 ? a[3] : nil)
            page.emit(.scriptError(ScriptFailure(kind: .exception, message: str(first), line: line == 0 ? nil : line,
                                                 column: column == 0 ? nil : column, sourceURL: url.isEmpty ? nil : url)))
            return .undefined
        case .network:
            page.emit(.networkBlocked(api: str(first), url: str(a.count > 1 ? a[1] : nil)))
            return .undefined
        case .dialog:
            page.emit(.dialog(kind: str(first), message: str(a.count > 1 ? a[1] : nil)))
            return .undefined
        case .windowClose:
            page.emit(.console(level: "info", message: "window.close() ignored (a web view closes only through its app)"))
            return .undefined
        // Navigation
        case .locationHref: return .string(page.url?.absoluteString ?? "about:blank")
        case .locationParts:
            let u = page.url
            let comps = u.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
            let scheme = u?.scheme ?? "about"
            let host = comps?.host ?? ""
            let port = comps?.port.map(String.init) ?? ""
            return .object(["protocol": .string(scheme + ":"), "hostname": .string(host), "port": .string(port),
                            "host": .string(port.isEmpty ? host : host + ":" + port),
                            "pathname": .string(comps?.path ?? (u?.absoluteString.hasPrefix("about:") == true ? "blank" : "/")),
                            "search": .string(comps?.percentEncodedQuery.map { "?" + $0 } ?? ""),
                            "hash": .string(comps?.percentEncodedFragment.flatMap { $0.isEmpty ? nil : "#" + $0 } ?? ""),
                            "origin": .string(host.isEmpty ? "null" : scheme + "://" + (port.isEmpty ? host : host + ":" + port))])
        case .locationAssign:
            try page.scriptNavigate(str(first), source: nil)
            return .undefined
        case .locationReload: page.reload(); return .undefined
        case .historyPush:
            if let u = page.resolve(href: str(first)) { page.emit(.console(level: "info", message: "history entry \(u.absoluteString) (no navigation)")) }
            return .undefined
        case .urlResolve:
            let s = str(first)
            return .string(page.resolve(href: s)?.absoluteString ?? s)
        case .navLink:
            let n = try id(first)
            page.scriptFollowLink(href: str(a.count > 1 ? a[1] : nil), target: str(a.count > 2 ? a[2] : nil), source: node(for: n), scripting: self)
            return .undefined
        case .navOpen:
            page.scriptOpenWindow(str(first))
            return .undefined
        case .formSubmit:
            let form = try id(first)
            let submitter = int(a.count > 1 ? a[1] : nil).flatMap { node(for: DOMNodeID(raw: $0)) }
            var pairs: [(String, String)] = []
            if a.count > 2, case .array(let items) = a[2] {
                for case .array(let kv) in items where kv.count == 2 { pairs.append((str(kv[0]), str(kv[1]))) }
            }
            page.scriptSubmit(form: node(for: form), attributes: { tree.attribute(form, $0) }, submitter: submitter, pairs: pairs)
            return .undefined
        case .formInvalid:
            let fields = a.count > 2 ? a[2].description : "[]"
            page.emit(.noAction(element: node(for: try id(first))?.description ?? "form", reason: "form not submitted: invalid fields \(fields)"))
            return .undefined
        // Handlers and bridges
        case .handlerExists: return .bool(page.messageHandlers.handler(named: str(first)) != nil)
        case .postMessage:
            let name = str(first)
            let body = a.count > 1 ? a[1] : .undefined
            guard let handler = page.messageHandlers.handler(named: name) else {
                page.emit(.messageHandlerMissing(handler: name))
                throw ScriptHostError("undefined is not an object (evaluating 'webkit.messageHandlers.\(name).postMessage')")
            }
            page.emit(.messagePosted(handler: name, body: body.description))
            handler(ScriptMessage(name: name, value: body, page: page, sourceElement: nil))
            return .undefined
        case .bridge:
            guard a.count >= 2, let root = BridgeCall.Root(rawValue: str(a[0])) else { throw ScriptHostError("bad bridge call") }
            let call = BridgeCall(root: root, path: str(a[1]), arguments: Array(a.dropFirst(2)))
            guard let receiver = page.bridgeReceiver else {
                page.emit(.bridgeReceiverMissing(call))
                throw ScriptHostError("\(root.rawValue) is not connected to an app in this page")
            }
            page.emit(.bridgeCalled(call))
            receiver(call)
            return .undefined
        case .bridgeMethods: return PageScripting.bridgeMethods
        case .bridgeUserMethods: return PageScripting.bridgeUserMethods
        }
    }

    /// The bridge's top-level and `getUser()` method names, sorted (computed once per process).
    private static let bridgeMethods = ScriptValue.array(BridgeCall.knownPaths.filter { !$0.contains(".") }.sorted().map { .string($0) })
    private static let bridgeUserMethods = ScriptValue.array(BridgeCall.knownPaths.filter { $0.hasPrefix("getUser().") }
        .map { String($0.dropFirst(10)) }.sorted().map { .string($0) })

    /// The first element in tree order whose `id` is `wanted`, read from the live tree (no snapshot is frozen).
    func firstElement(id wanted: String) -> DOMNodeID? {
        tree.firstElement(withAttribute: "id", equalTo: wanted, under: tree.document)
    }

    private func capacity() throws(ScriptHostError) {
        do { try tree.ensureCapacity() } catch { throw ScriptHostError(error.description, name: "QuotaExceededError") }
    }

    private func parseFragment(_ html: String, context: DOMNodeID) throws(ScriptHostError) -> DOMNodeID {
        let fragment: DOMNodeID
        do { fragment = try tree.parseFragment(html, context: context) } catch { throw ScriptHostError(error.description, name: "QuotaExceededError") }
        for s in scripts(in: fragment) { startedScripts.insert(s.raw) }
        return fragment
    }

    /// The HTML script elements in `root`'s subtree, `root` included, in tree order.
    private func scripts(in root: DOMNodeID) -> [DOMNodeID] {
        var out: [DOMNodeID] = []
        var cur: DOMNodeID? = root
        while let n = cur {
            if tree.kind(n) == .element, tree.localName(n) == "script", tree.namespace(n) == .html { out.append(n) }
            cur = tree.next(after: n, within: root)
        }
        return out
    }

    /// Scripts that `insert` connected and that should start now: not started before, with a `src` or text.
    private func scriptsToStart(after inserted: [DOMNodeID]) -> [DOMNodeID] {
        var out: [DOMNodeID] = []
        for root in inserted where isConnected(root) {
            for s in scripts(in: root) where !startedScripts.contains(s.raw) {
                let type = (tree.attribute(s, "type") ?? "").trimmingCharacters(in: .whitespaces).lowercased()
                guard ["", "text/javascript", "application/javascript", "module", "text/ecmascript"].contains(type) else { continue }
                guard tree.attribute(s, "src") != nil || !tree.textContent(s).isEmpty else { continue }
                startedScripts.insert(s.raw)
                out.append(s)
            }
        }
        return out
    }

    /// The document laid out at the page's viewport, from the page's layout cache: made again only after the tree,
    /// the viewport or the assets changed (a script that reads sizes in a loop lays the page out once, as a browser
    /// does, and taps after it reuse that layout).
    private func layout() -> ApproximateLayout {
        guard let page else { return ApproximateLayout(document: tree.snapshot(), viewport: ContentViewport()) }
        return page.approximateLayout(of: tree.snapshot())
    }

    /// Whether an image's `src` loads with no network (a `data:` URL, a registered asset, a readable file); an image
    /// that does not is reported once per URL, as a request that failed offline. Null when it has no usable `src`.
    private func imageLoads(_ img: DOMNodeID) -> ScriptValue {
        guard let page, let src = tree.attribute(img, "src"),
              !src.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return .null }
        guard let url = page.resolve(href: src) else { return .bool(false) }
        if page.hasSubresource(url) { return .bool(true) }
        if unavailableImages.insert(url.absoluteString).inserted { page.emit(.networkBlocked(api: "img", url: url.absoluteString)) }
        return .bool(false)
    }

    /// Runs a script element a page script connected: its `src` (a registered asset or readable file; otherwise it
    /// fails as offline) or its text. Returns whether it ran (the prelude fires `load` or `error` for a `src`).
    private func runInsertedScript(_ s: DOMNodeID) -> Bool {
        guard let page else { return false }
        var source = tree.textContent(s)
        var name = "inserted-script"
        if let src = tree.attribute(s, "src") {
            guard let url = page.resolve(href: src), let text = page.subresource(url) else {
                page.emit(.networkBlocked(api: "script", url: page.resolve(href: src)?.absoluteString ?? src))
                return false
            }
            source = text
            name = url.absoluteString
        }
        _ = engine.call("__oiaInternal.syncNamed", [])
        if let f = engine.execute(source, sourceURL: name, startLine: 1) { page.emit(.scriptError(f)) }
        else { page.emit(.scriptRan(source: name)) }
        return true
    }

    // MARK: Serialization (innerHTML / outerHTML)

    private static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                                     "source", "track", "wbr", "param", "keygen", "basefont", "bgsound", "frame"]
    private static let rawText: Set<String> = ["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"]

    func serialize(_ n: DOMNodeID, outer: Bool) -> String {
        var out = ""
        func escape(_ s: String, attribute: Bool) -> String {
            var r = ""
            r.reserveCapacity(s.utf8.count)
            for ch in s.unicodeScalars {
                switch ch {
                case "&": r += "&amp;"
                case "\u{A0}": r += "&nbsp;"
                case "<" where !attribute: r += "&lt;"
                case ">" where !attribute: r += "&gt;"
                case "\"" where attribute: r += "&quot;"
                default: r.unicodeScalars.append(ch)
                }
            }
            return r
        }
        enum Step { case open(DOMNodeID), close(String) }
        var stack: [Step] = outer ? [.open(n)] : tree.children(tree.kind(n) == .element && tree.localName(n) == "template" ? (tree.templateContent(n) ?? n) : n).reversed().map { .open($0) }
        while let step = stack.popLast() {
            switch step {
            case .close(let name): out += "</\(name)>"
            case .open(let x):
                switch tree.kind(x) {
                case .text:
                    let parent = tree.parent(x)
                    if let p = parent, tree.kind(p) == .element, PageScripting.rawText.contains(tree.localName(p)) { out += tree.data(x) }
                    else { out += escape(tree.data(x), attribute: false) }
                case .comment: out += "<!--\(tree.data(x))-->"
                case .doctype: out += "<!DOCTYPE \(tree.doctype(x)?.name ?? "html")>"
                case .element:
                    let name = tree.localName(x)
                    out += "<" + name
                    for attr in tree.attributes(x) { out += " \(attr.qualifiedName)=\"\(escape(attr.value, attribute: true))\"" }
                    out += ">"
                    if PageScripting.voidElements.contains(name) && tree.namespace(x) == .html { continue }
                    stack.append(.close(name))
                    let kids = name == "template" ? tree.templateContent(x).map { tree.children($0) } ?? tree.children(x) : tree.children(x)
                    for c in kids.reversed() { stack.append(.open(c)) }
                default:
                    for c in tree.children(x).reversed() { stack.append(.open(c)) }
                }
            }
        }
        return out
    }
}
