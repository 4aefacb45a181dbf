// A CSS selector engine: type, universal, #id, .class, [attr], [attr=value] (and ~= ^= $= *= |=, with an `i` flag),
// the four combinators (descendant, child `>`, next sibling `+`, subsequent sibling `~`), comma-separated lists, and
// the pseudo-classes pages use in scripts: structural (`:first-child`, `:nth-child(An+B [of S])`, `:nth-of-type`,
// `:only-child`, `:empty`, `:root`, `:scope`…), logical (`:not()`, `:is()`, `:where()`, `:has()`), form and link
// state (`:checked`, `:disabled`, `:enabled`, `:required`, `:optional`, `:read-only`, `:read-write`,
// `:placeholder-shown`, `:link`, `:any-link`), focus (`:focus`, `:focus-within`), and the user-action ones that a
// page at rest never matches (`:hover`, `:active`, `:visited`, `:target`, `:focus-visible`). Pseudo-elements
// (`::before`) parse and match nothing, as in `querySelectorAll`. Unknown pseudo-classes are a SelectorError
// (browsers throw a SyntaxError).
// Selectors made of descendant and child steps match right to left, walking ancestors with an explicit backtracking
// stack; nothing recurses per level of the document. Sibling steps and the logical pseudo-classes recurse per
// step of the selector (bounded by its text), with a memo of failed (step, node) pairs per query.

/// A selector that could not be parsed, or uses syntax outside the supported subset.
public struct SelectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let reason: String
    /// Character offset in the selector text.
    public let position: Int
    public var description: String { "selector error at \(position): \(reason)" }
}

/// A parsed selector list.
public struct CSSSelector: Sendable, Equatable {
    enum Op: Sendable, Equatable { case exists, equals, includes, prefix, suffix, substring, dashMatch }
    struct AttributeTest: Sendable, Equatable { var name: String; var op: Op; var value: String; var caseInsensitive = false }
    indirect enum Pseudo: Sendable, Equatable {
        /// `:nth-child(An+B of S)` and its relatives: position among the parent's element children (1-based),
        /// counted from the end or among the same type only, or among those matching `of`.
        case nth(a: Int, b: Int, fromEnd: Bool, ofType: Bool, of: CSSSelector?)
        case only(ofType: Bool)
        case empty, root, scope
        case not(CSSSelector), anyOf(CSSSelector)
        case has(CSSSelector, childOnly: Bool)
        case checked, disabled, enabled, required, optional, readOnly, readWrite, placeholderShown
        case link, focus, focusWithin, always, never
    }
    struct Compound: Sendable, Equatable {
        var tag: String?            // nil = any
        var ids: [String] = []
        var classes: [String] = []
        var attributes: [AttributeTest] = []
        var pseudos: [Pseudo] = []
    }
    enum Combinator: Sendable, Equatable { case descendant, child, adjacent, sibling }
    struct Complex: Sendable, Equatable {
        var parts: [Compound]       // left to right
        var combinators: [Combinator]  // combinators[k] joins parts[k] and parts[k+1]
    }

    let list: [Complex]
    /// The source text.
    public let text: String

    /// Parses a selector list; throws ``SelectorError`` for empty input, bad syntax or unsupported features
    /// (namespaces, unknown pseudo-classes, `:lang()`, `:dir()`).
    public init(_ text: String) throws(SelectorError) { try self.init(text, depth: 0) }

    /// Deepest nesting of selector arguments (`:not(:is(…))`) and most steps in one complex selector: page scripts
    /// are untrusted, and matching recurses once per level and per step.
    static let maxNesting = 32, maxSteps = 256

    init(_ text: String, depth: Int) throws(SelectorError) {
        self.text = text
        guard depth <= CSSSelector.maxNesting else {
            throw SelectorError(reason: "selector arguments nested deeper than \(CSSSelector.maxNesting)", position: 0)
        }
        let s = Array(text.unicodeScalars)
        var i = 0
        var list: [Complex] = []
        func fail(_ reason: String) -> SelectorError { SelectorError(reason: reason, position: i) }
        // ASCII letters, digits, `-`, `_`, and every non-ASCII scalar (by ranges: reading a scalar's Unicode
        // properties was 3 % of the `page` fuzz target's time, for selectors that are almost all ASCII).
        func isNameChar(_ c: Unicode.Scalar) -> Bool {
            switch c.value {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x2D, 0x5F: return true
            default: return c.value > 0x7F
            }
        }
        func skipSpace() -> Bool {
            let start = i
            while i < s.count && (s[i] == " " || s[i] == "\t" || s[i] == "\n" || s[i] == "\r" || s[i] == "\u{0C}") { i += 1 }
            return i > start
        }
        func name() -> String {
            var out = ""
            while i < s.count {
                if s[i] == "\\" && i + 1 < s.count { out.unicodeScalars.append(s[i + 1]); i += 2; continue }
                guard isNameChar(s[i]) else { break }
                out.unicodeScalars.append(s[i]); i += 1
            }
            return out
        }
        _ = skipSpace()
        var current = Complex(parts: [], combinators: [])
        var pendingCombinator: Combinator?
        while true {
            // compound
            var c = Compound()
            var any = false
            if i < s.count && s[i] == "*" { i += 1; any = true }
            else if i < s.count && isNameChar(s[i]) { c.tag = name().lowercased(); any = true }
            while i < s.count {
                let ch = s[i]
                if ch == "#" {
                    i += 1; let n = name(); if n.isEmpty { throw fail("expected a name after #") }
                    c.ids.append(n); any = true
                } else if ch == "." {
                    i += 1; let n = name(); if n.isEmpty { throw fail("expected a name after .") }
                    c.classes.append(n); any = true
                } else if ch == "[" {
                    i += 1; _ = skipSpace()
                    let n = name().lowercased()
                    if n.isEmpty { throw fail("expected an attribute name") }
                    _ = skipSpace()
                    var test = AttributeTest(name: n, op: .exists, value: "")
                    if i < s.count && s[i] != "]" {
                        var op: Op
                        switch s[i] {
                        case "=": op = .equals
                        case "~": op = .includes
                        case "^": op = .prefix
                        case "$": op = .suffix
                        case "*": op = .substring
                        case "|": op = .dashMatch
                        default: throw fail("unexpected character in attribute selector")
                        }
                        if op != .equals {
                            i += 1
                            guard i < s.count && s[i] == "=" else { throw fail("expected =") }
                        }
                        i += 1; _ = skipSpace()
                        var v = ""
                        if i < s.count && (s[i] == "\"" || s[i] == "'") {
                            let q = s[i]; i += 1
                            while i < s.count && s[i] != q {
                                if s[i] == "\\" && i + 1 < s.count { i += 1 }
                                v.unicodeScalars.append(s[i]); i += 1
                            }
                            guard i < s.count else { throw fail("unterminated string") }
                            i += 1
                        } else {
                            v = name()
                            if v.isEmpty { throw fail("expected an attribute value") }
                        }
                        test.op = op; test.value = v
                        _ = skipSpace()
                        if i < s.count && (s[i] == "i" || s[i] == "I" || s[i] == "s" || s[i] == "S") {
                            test.caseInsensitive = s[i] == "i" || s[i] == "I"; i += 1; _ = skipSpace()
                        }
                    }
                    guard i < s.count && s[i] == "]" else { throw fail("expected ]") }
                    i += 1
                    c.attributes.append(test); any = true
                } else if ch == ":" {
                    i += 1
                    let element = i < s.count && s[i] == ":"
                    if element { i += 1 }
                    let pname = name().lowercased()
                    if pname.isEmpty { throw fail("expected a pseudo-class name after :") }
                    var argument: String?
                    if i < s.count && s[i] == "(" {
                        i += 1
                        var depth = 1, text = ""
                        var quote: Unicode.Scalar?
                        while i < s.count {
                            let x = s[i]
                            if let q = quote { if x == q { quote = nil } else if x == "\\" && i + 1 < s.count { text.unicodeScalars.append(x); i += 1 } }
                            else if x == "\"" || x == "'" { quote = x }
                            else if x == "(" { depth += 1 }
                            else if x == ")" { depth -= 1; if depth == 0 { break } }
                            text.unicodeScalars.append(s[i]); i += 1
                        }
                        guard i < s.count else { throw fail("expected ) to close :\(pname)(") }
                        i += 1
                        argument = text
                    }
                    if element { c.pseudos.append(.never) }   // ::before and friends: valid, but never an element
                    else { c.pseudos.append(try CSSSelector.pseudo(pname, argument, depth: depth + 1, fail)) }
                    any = true
                } else {
                    break
                }
            }
            guard any else { throw fail(i < s.count ? "unexpected character '\(s[i])'" : "empty selector") }
            if let comb = pendingCombinator { current.combinators.append(comb) }
            current.parts.append(c)
            if current.parts.count > CSSSelector.maxSteps { throw fail("more than \(CSSSelector.maxSteps) steps in one selector") }
            pendingCombinator = nil
            let hadSpace = skipSpace()
            if i >= s.count { break }
            switch s[i] {
            case ",":
                i += 1; _ = skipSpace()
                list.append(current); current = Complex(parts: [], combinators: [])
            case ">":
                i += 1; _ = skipSpace(); pendingCombinator = .child
            case "+":
                i += 1; _ = skipSpace(); pendingCombinator = .adjacent
            case "~":
                i += 1; _ = skipSpace(); pendingCombinator = .sibling
            default:
                if hadSpace { pendingCombinator = .descendant } else { throw fail("unexpected character '\(s[i])'") }
            }
        }
        list.append(current)
        self.list = list
    }

    /// Matching elements in the subtree of `scope` (excluding `scope`), in document order.
    func select(in scope: HTMLNode, limit: Int = .max) -> [HTMLNode] { select(in: scope, state: nil, limit: limit) }

    /// The same, reading `:checked` and `:focus` from a live page's state.
    func select(in scope: HTMLNode, state: SelectorState?, limit: Int = .max) -> [HTMLNode] {
        let doc = scope.document
        let end = Int(scope.record.end)
        var out: [HTMLNode] = []
        var memo = Memo(list.map { [Set<Int32>](repeating: [], count: $0.parts.count) })
        var ctx = SelectorContext(state: state, scope: scope.index, isQuery: true)
        var i = Int(scope.index) + 1
        while i <= end && out.count < limit {
            if doc.nodes[i].kind == .element {
                for (n, complex) in list.enumerated() where matches(doc, Int32(i), complex, &memo, n, &ctx) {
                    out.append(HTMLNode(document: doc, index: Int32(i)))
                    break
                }
            }
            i += 1
        }
        return out
    }

    /// Per query: for each complex selector and part, nodes known not to match that part and to have no
    /// ancestor matching it.
    /// Deep trees share ancestors, so remembering failed walks keeps a whole query linear in the tree size.
    struct Memo {
        var noMatchAbove: [[Set<Int32>]]
        init(_ sets: [[Set<Int32>]]) { noMatchAbove = sets }
    }

    /// Whether `node` matches any selector of the list.
    public func matches(_ node: HTMLNode) -> Bool {
        node.isElement && matches(node.document, node.index)
    }

    /// Whether `node` matches, reading live state; `:scope` is the node itself (as in `element.matches`).
    func matches(_ node: HTMLNode, state: SelectorState?) -> Bool {
        guard node.isElement else { return false }
        var ctx = SelectorContext(state: state, scope: node.index)
        return matches(node.document, node.index, &ctx)
    }

    func matches(_ doc: HTMLDocument, _ node: Int32) -> Bool {
        var ctx = SelectorContext(state: nil, scope: node)
        return matches(doc, node, &ctx)
    }

    func matches(_ doc: HTMLDocument, _ node: Int32, _ ctx: inout SelectorContext) -> Bool {
        // Most selectors fail on the node's own name, id or classes: that is checked before any memo is made.
        guard list.contains(where: { $0.parts.last.map { matchNameIDAndClasses(doc, node, $0) } ?? true }) else { return false }
        // A nested list (`:not(…)`) numbers its selectors from 0 too: its memo and failures are kept apart, by text,
        // for the rest of the query.
        let outer = ctx.failed
        ctx.failed = ctx.innerFailed.removeValue(forKey: text) ?? []
        var memo = ctx.innerMemos.removeValue(forKey: text) ?? Memo(list.map { [Set<Int32>](repeating: [], count: $0.parts.count) })
        defer {
            ctx.innerMemos[text] = memo
            ctx.innerFailed[text] = ctx.failed
            ctx.failed = outer
        }
        for (n, complex) in list.enumerated() where matches(doc, node, complex, &memo, n, &ctx) { return true }
        return false
    }

    /// Right-to-left matching. A failed descendant step fails the whole selector (a higher starting
    /// point cannot find more ancestors); a failed child step restarts from the most recent descendant
    /// step one ancestor higher. This keeps matching polynomial on deep trees.
    private func matches(_ doc: HTMLDocument, _ node: Int32, _ c: Complex, _ memo: inout Memo, _ n: Int,
                         _ ctx: inout SelectorContext) -> Bool {
        if c.combinators.contains(where: { $0 == .adjacent || $0 == .sibling }) {
            return matchGeneral(doc, node, c, step: c.parts.count - 1, selector: n, &ctx)
        }
        let last = c.parts.count - 1
        guard matchCompound(doc, node, c.parts[last], &ctx) else { return false }
        var resume: (part: Int, node: Int32)?   // the latest descendant step: part matched and where
        var k = last
        var cur = node
        while k > 0 {
            if c.combinators[k - 1] == .child {
                let p = doc.nodes[Int(cur)].parent
                if p >= 0 && matchCompound(doc, p, c.parts[k - 1], &ctx) { cur = p; k -= 1; continue }
                guard let r = resume else { return false }
                let next = ancestor(doc, above: r.node, matching: c.parts[r.part], &memo.noMatchAbove[n][r.part], &ctx)
                if next < 0 { return false }
                resume = (r.part, next); cur = next; k = r.part
            } else {
                let found = ancestor(doc, above: cur, matching: c.parts[k - 1], &memo.noMatchAbove[n][k - 1], &ctx)
                if found < 0 { return false }
                resume = (k - 1, found); cur = found; k -= 1
            }
        }
        return true
    }

    /// Any combinators: right to left, trying each candidate of a descendant or sibling step, with failed
    /// (selector, step, node) triples remembered for the query. Recursion depth is the number of steps.
    private func matchGeneral(_ doc: HTMLDocument, _ node: Int32, _ c: Complex, step k: Int, selector n: Int,
                              _ ctx: inout SelectorContext) -> Bool {
        let key = Int64(n) << 48 | Int64(k) << 32 | Int64(node)
        if ctx.failed.contains(key) { return false }
        var ok = false
        if matchCompound(doc, node, c.parts[k], &ctx) {
            if k == 0 { ok = true } else {
                switch c.combinators[k - 1] {
                case .child:
                    let p = doc.nodes[Int(node)].parent
                    ok = doc.isElement(p) && matchGeneral(doc, p, c, step: k - 1, selector: n, &ctx)
                case .descendant:
                    var a = doc.nodes[Int(node)].parent
                    while doc.isElement(a) && !ok { ok = matchGeneral(doc, a, c, step: k - 1, selector: n, &ctx); a = doc.nodes[Int(a)].parent }
                case .adjacent, .sibling:
                    let parent = doc.nodes[Int(node)].parent
                    guard parent >= 0 else { break }
                    let siblings = ctx.elementChildren(doc, of: parent)
                    var i = (ctx.position[node] ?? 1) - 2
                    while i >= 0 && !ok {
                        ok = matchGeneral(doc, siblings[i], c, step: k - 1, selector: n, &ctx)
                        if c.combinators[k - 1] == .adjacent { break }
                        i -= 1
                    }
                }
            }
        }
        if !ok { ctx.failed.insert(key) }
        return ok
    }

    private func ancestor(_ doc: HTMLDocument, above node: Int32, matching part: Compound,
                          _ noMatchAbove: inout Set<Int32>, _ ctx: inout SelectorContext) -> Int32 {
        var visited: [Int32] = []
        var a = doc.nodes[Int(node)].parent
        while a > 0 {
            if noMatchAbove.contains(a) { break }
            if matchCompound(doc, a, part, &ctx) { return a }
            visited.append(a)
            a = doc.nodes[Int(a)].parent
        }
        // Each visited ancestor neither matches nor has a matching ancestor.
        for v in visited { noMatchAbove.insert(v) }
        return -1
    }

    /// Whether `node` is an element with the compound's tag name, ids and classes (the rest is ``matchCompound``'s).
    private func matchNameIDAndClasses(_ doc: HTMLDocument, _ node: Int32, _ c: Compound) -> Bool {
        let r = doc.nodes[Int(node)]
        guard r.kind == .element else { return false }
        if let tag = c.tag {
            guard let id = doc.nameID(tag), id == r.name else { return false }
        }
        for id in c.ids {
            guard let a = doc.attributeSlot(node, N.id), doc.bytesEqual(doc.attrs[a].start, doc.attrs[a].count, Array(id.utf8))
            else { return false }
        }
        for cls in c.classes where !doc.hasClass(node, Array(cls.utf8)) { return false }
        return true
    }

    private func matchCompound(_ doc: HTMLDocument, _ node: Int32, _ c: Compound, _ ctx: inout SelectorContext) -> Bool {
        guard matchNameIDAndClasses(doc, node, c) else { return false }
        for t in c.attributes {
            guard let nameID = doc.nameID(t.name), let a = doc.attributeSlot(node, nameID) else { return false }
            if t.op == .exists { continue }
            var v = doc.string(doc.attrs[a].start, doc.attrs[a].count)
            var t = t
            if t.caseInsensitive { v = v.lowercased(); t.value = t.value.lowercased() }
            switch t.op {
            case .exists: break
            case .equals: if v != t.value { return false }
            case .includes:
                if !v.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains(Substring(t.value)) { return false }
            case .prefix: if t.value.isEmpty || !v.hasPrefix(t.value) { return false }
            case .suffix: if t.value.isEmpty || !v.hasSuffix(t.value) { return false }
            case .substring: if t.value.isEmpty || !v.contains(t.value) { return false }
            case .dashMatch: if v != t.value && !v.hasPrefix(t.value + "-") { return false }
            }
        }
        for p in c.pseudos where !matchPseudo(doc, node, p, &ctx) { return false }
        return true
    }

    private func matchPseudo(_ doc: HTMLDocument, _ node: Int32, _ p: Pseudo, _ ctx: inout SelectorContext) -> Bool {
        let r = doc.nodes[Int(node)]
        switch p {
        case .nth(let a, let b, let fromEnd, let ofType, let of):
            let parent = r.parent
            guard parent >= 0 else { return false }
            let siblings = ctx.elementChildren(doc, of: parent)
            var index: Int, count: Int
            if let of {
                guard of.matches(doc, node, &ctx) else { return false }
                let key = of.text + "\u{0}" + String(parent)
                if ctx.ofPositions[key] == nil {
                    var positions: [Int32: (index: Int, count: Int)] = [:]
                    let matching = siblings.filter { of.matches(doc, $0, &ctx) }
                    for (i, e) in matching.enumerated() { positions[e] = (i + 1, matching.count) }
                    ctx.ofPositions[key] = positions
                }
                guard let p = ctx.ofPositions[key]?[node] else { return false }
                (index, count) = p
            } else if ofType {
                index = ctx.typePosition[node] ?? 1
                count = ctx.typeCount[Int64(parent) << 32 | Int64(UInt32(bitPattern: r.name))] ?? 1
            } else {
                index = ctx.position[node] ?? 1
                count = siblings.count
            }
            if fromEnd { index = count - index + 1 }
            if a == 0 { return index == b }
            let d = index - b
            return d % a == 0 && d / a >= 0
        case .only(let ofType):
            let parent = r.parent
            guard parent >= 0 else { return false }
            let siblings = ctx.elementChildren(doc, of: parent)
            return ofType ? ctx.typeCount[Int64(parent) << 32 | Int64(UInt32(bitPattern: r.name))] == 1 : siblings.count == 1
        case .empty:
            var c = r.firstChild
            while c >= 0 {
                let cr = doc.nodes[Int(c)]
                if cr.kind == .element || (cr.kind == .text && cr.dataCount > 0) { return false }
                c = cr.nextSibling
            }
            return true
        case .root: return r.parent == 0
        case .scope: return ctx.scope == 0 ? r.parent == 0 : node == ctx.scope
        case .not(let inner): return !inner.matches(doc, node, &ctx)
        case .anyOf(let inner): return inner.matches(doc, node, &ctx)
        case .has(let inner, let childOnly):
            // One `matches` call looks in this subtree only; a query computes it once for every node, children
            // before parents (reverse document order).
            let key = (childOnly ? ">" : " ") + inner.text
            if !ctx.isQuery && ctx.hasMatch[key] == nil {
                var i = node + 1
                while i <= r.end {
                    if doc.isElement(i) && (!childOnly || doc.nodes[Int(i)].parent == node) && inner.matches(doc, i, &ctx) { return true }
                    i += 1
                }
                return false
            }
            if ctx.hasMatch[key] == nil {
                var flags = [Bool](repeating: false, count: doc.nodes.count)
                var i = doc.nodes.count - 1
                while i > 0 {
                    let p = doc.nodes[i].parent
                    if p >= 0 && doc.nodes[i].kind == .element && (inner.matches(doc, Int32(i), &ctx) || (!childOnly && flags[i])) {
                        flags[Int(p)] = true
                    }
                    i -= 1
                }
                ctx.hasMatch[key] = flags
            }
            return ctx.hasMatch[key]![Int(node)]
        case .checked:
            if let live = ctx.state?.checked(node) { return live }
            if r.name == N.input { let t = doc.inputType(node); return (t == "checkbox" || t == "radio") && doc.hasAttribute(node, N.checked) }
            return r.name == N.option && doc.hasAttribute(node, N.selected)
        case .disabled: return doc.isActuallyDisabled(node)
        case .enabled:
            return [N.button, N.input, N.select, N.textarea, N.optgroup, N.option, N.fieldset].contains(r.name) && !doc.isActuallyDisabled(node)
        case .required, .optional:
            guard [N.input, N.select, N.textarea].contains(r.name) else { return false }
            return doc.hasAttribute(node, doc.nameID("required") ?? -1) == (p == .required)
        case .readOnly, .readWrite:
            var writable = false
            if r.name == N.textarea || (r.name == N.input && !["checkbox", "radio", "submit", "button", "reset", "image", "hidden",
                                                                "file", "range", "color"].contains(doc.inputType(node))) {
                writable = !doc.hasAttribute(node, doc.nameID("readonly") ?? -1) && !doc.isActuallyDisabled(node)
            } else if let ce = doc.attributeString(node, doc.nameID("contenteditable") ?? -1) {
                writable = ce.lowercased() != "false"
            }
            return writable == (p == .readWrite)
        case .placeholderShown:
            guard r.name == N.input || r.name == N.textarea, doc.hasAttribute(node, doc.nameID("placeholder") ?? -1) else { return false }
            if r.name == N.input { return (doc.attributeString(node, N.value) ?? "").isEmpty }
            return r.firstChild < 0
        case .link: return (r.name == N.a || r.name == N.area) && doc.hasAttribute(node, N.href)
        case .focus: return ctx.state?.focused == node
        case .focusWithin:
            guard let f = ctx.state?.focused else { return false }
            return f >= node && f <= r.end
        case .always: return true
        case .never: return false
        }
    }
    // MARK: Pseudo-classes

    static func pseudo(_ name: String, _ argument: String?, depth: Int,
                       _ fail: (String) -> SelectorError) throws(SelectorError) -> Pseudo {
        func inner() throws(SelectorError) -> CSSSelector {
            guard let argument, !argument.trimmingCharacters(in: .whitespaces).isEmpty else { throw fail(":\(name)() needs a selector") }
            return try CSSSelector(argument, depth: depth)
        }
        func nth(fromEnd: Bool, ofType: Bool) throws(SelectorError) -> Pseudo {
            guard let argument else { throw fail(":\(name)() needs an argument") }
            var formula = argument
            var of: CSSSelector?
            if !ofType, let r = argument.range(of: " of ") {
                formula = String(argument[..<r.lowerBound])
                of = try CSSSelector(String(argument[r.upperBound...]), depth: depth)
            }
            guard let (a, b) = anPlusB(formula) else { throw fail("bad An+B in :\(name)(\(argument))") }
            return .nth(a: a, b: b, fromEnd: fromEnd, ofType: ofType, of: of)
        }
        switch name {
        case "first-child": return .nth(a: 0, b: 1, fromEnd: false, ofType: false, of: nil)
        case "last-child": return .nth(a: 0, b: 1, fromEnd: true, ofType: false, of: nil)
        case "first-of-type": return .nth(a: 0, b: 1, fromEnd: false, ofType: true, of: nil)
        case "last-of-type": return .nth(a: 0, b: 1, fromEnd: true, ofType: true, of: nil)
        case "only-child": return .only(ofType: false)
        case "only-of-type": return .only(ofType: true)
        case "nth-child": return try nth(fromEnd: false, ofType: false)
        case "nth-last-child": return try nth(fromEnd: true, ofType: false)
        case "nth-of-type": return try nth(fromEnd: false, ofType: true)
        case "nth-last-of-type": return try nth(fromEnd: true, ofType: true)
        case "empty": return .empty
        case "root": return .root
        case "scope": return .scope
        case "not": return .not(try inner())
        case "is", "where", "matches", "-webkit-any": return .anyOf(try inner())
        case "has":
            let text = (argument ?? "").trimmingCharacters(in: .whitespaces)
            if text.hasPrefix(">") { return .has(try CSSSelector(String(text.dropFirst()), depth: depth), childOnly: true) }
            if text.hasPrefix("+") || text.hasPrefix("~") { throw fail(":has() with a sibling combinator is not supported") }
            return .has(try inner(), childOnly: false)
        case "checked": return .checked
        case "disabled": return .disabled
        case "enabled": return .enabled
        case "required": return .required
        case "optional": return .optional
        case "read-only": return .readOnly
        case "read-write": return .readWrite
        case "placeholder-shown": return .placeholderShown
        case "link", "any-link", "-webkit-any-link": return .link
        case "focus": return .focus
        case "focus-within": return .focusWithin
        case "defined": return .always
        case "hover", "active", "visited", "target", "focus-visible", "target-within", "indeterminate", "invalid",
             "user-invalid", "autofill", "-webkit-autofill", "fullscreen", "modal", "popover-open", "default":
            return .never
        case "valid", "user-valid", "in-range": return .always
        case "out-of-range": return .never
        default: throw fail("unsupported pseudo-class :\(name)")
        }
    }

    /// `odd`, `even`, `B`, `An`, `An+B` (spaces allowed around the sign).
    static func anPlusB(_ text: String) -> (Int, Int)? {
        // Browsers clamp huge coefficients; no element index comes near ±2^30, so neither does arithmetic on them.
        func clamp(_ v: Int) -> Int { max(-(1 << 30), min(1 << 30, v)) }
        guard let (a, b) = anPlusBUnclamped(text) else { return nil }
        return (clamp(a), clamp(b))
    }

    private static func anPlusBUnclamped(_ text: String) -> (Int, Int)? {
        let t = text.lowercased().filter { !$0.isWhitespace }
        if t == "odd" { return (2, 1) }
        if t == "even" { return (2, 0) }
        func int(_ x: String) -> Int? {
            if let v = Int(x) { return v }
            let digits = x.drop { $0 == "+" || $0 == "-" }
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
            return x.hasPrefix("-") ? Int.min : Int.max   // saturate; clamped by the caller
        }
        guard let n = t.firstIndex(of: "n") else { return int(t).map { (0, $0) } }
        let aText = String(t[..<n])
        let a: Int
        switch aText { case "", "+": a = 1; case "-": a = -1; default: guard let v = int(aText) else { return nil }; a = v }
        let rest = String(t[t.index(after: n)...])
        if rest.isEmpty { return (a, 0) }
        guard rest.first == "+" || rest.first == "-", let b = int(rest.first == "+" ? String(rest.dropFirst()) : rest) else { return nil }
        return (a, b)
    }

}

/// The state of a live page that some pseudo-classes read, by snapshot node index.
struct SelectorState {
    /// The current checkedness of a checkbox, radio or option; nil: its default (the `checked`/`selected` attribute).
    var checked: (Int32) -> Bool? = { _ in nil }
    /// The focused element's index, if any.
    var focused: Int32?
}

/// What matching needs besides the node: the page's state and the query's scope (for `:scope`).
struct SelectorContext {
    var state: SelectorState?
    var scope: Int32 = 0
    /// A query over many elements (tables computed for the whole document pay off), not one `matches` call.
    var isQuery = false
    /// Failed (complex selector, step, node) triples of the general matcher in this query.
    var failed: Set<Int64> = []
    /// Per nested selector (by its text) for the rest of the query: its ancestor-walk memo and general-matcher
    /// failures, and for `:has()` which nodes have a matching descendant (or child), so that a query stays
    /// linear in the document however often a pseudo-class argument is tried.
    var innerMemos: [String: CSSSelector.Memo] = [:]
    var innerFailed: [String: Set<Int64>] = [:]
    var hasMatch: [String: [Bool]] = [:]
    /// Element children of a parent, in order, and each element's position among them (1-based), its position among
    /// siblings of its type, and the count per type: `:nth-*` and sibling steps read these instead of walking siblings.
    var children: [Int32: [Int32]] = [:]
    var position: [Int32: Int] = [:]
    var typePosition: [Int32: Int] = [:]
    var typeCount: [Int64: Int] = [:]
    var ofPositions: [String: [Int32: (index: Int, count: Int)]] = [:]

    mutating func elementChildren(_ doc: HTMLDocument, of parent: Int32) -> [Int32] {
        if let known = children[parent] { return known }
        var list: [Int32] = []
        var perType: [Int32: Int] = [:]
        var c = doc.nodes[Int(parent)].firstChild
        while c >= 0 {
            let r = doc.nodes[Int(c)]
            if r.kind == .element {
                list.append(c)
                position[c] = list.count
                let t = (perType[r.name] ?? 0) + 1
                perType[r.name] = t
                typePosition[c] = t
            }
            c = r.nextSibling
        }
        for (name, count) in perType { typeCount[Int64(parent) << 32 | Int64(UInt32(bitPattern: name))] = count }
        children[parent] = list
        return list
    }
}

extension HTMLDocument {
    func isElement(_ i: Int32) -> Bool { i >= 0 && nodes[Int(i)].kind == .element }

    func hasAttribute(_ node: Int32, _ name: Int32) -> Bool { attributeSlot(node, name) != nil }

    func attributeString(_ node: Int32, _ name: Int32) -> String? {
        attributeSlot(node, name).map { string(attrs[$0].start, attrs[$0].count) }
    }

    /// A form control's `type`, lower-cased (`text` when absent).
    func inputType(_ node: Int32) -> String { attributeString(node, N.type)?.lowercased() ?? "text" }

    /// Disabled as the HTML Standard defines it for form controls, options and fieldsets.
    func isActuallyDisabled(_ node: Int32) -> Bool {
        let name = nodes[Int(node)].name
        guard [N.button, N.input, N.select, N.textarea, N.optgroup, N.option, N.fieldset].contains(name) else { return false }
        if hasAttribute(node, N.disabled) { return true }
        if name == N.option {
            let p = nodes[Int(node)].parent
            return p >= 0 && nodes[Int(p)].name == N.optgroup && hasAttribute(p, N.disabled)
        }
        // Inside a disabled fieldset, except within its first legend.
        var child = node, a = nodes[Int(node)].parent
        while a > 0 {
            if nodes[Int(a)].kind == .element && nodes[Int(a)].name == N.fieldset && hasAttribute(a, N.disabled) {
                var first = nodes[Int(a)].firstChild
                while first >= 0 && !(nodes[Int(first)].kind == .element && nodes[Int(first)].name == nameID("legend")) {
                    first = nodes[Int(first)].nextSibling
                }
                if first < 0 || first != child { return true }
            }
            child = a; a = nodes[Int(a)].parent
        }
        return false
    }
}
