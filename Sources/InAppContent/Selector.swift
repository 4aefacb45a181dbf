// A small CSS selector engine: type, universal, #id, .class, [attr], [attr=value] (and ~= ^= $= *= |=),
// descendant and child combinators, comma-separated lists. Matching walks ancestors with an explicit
// backtracking stack; nothing recurses.

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
    struct AttributeTest: Sendable, Equatable { var name: String; var op: Op; var value: String }
    struct Compound: Sendable, Equatable {
        var tag: String?            // nil = any
        var ids: [String] = []
        var classes: [String] = []
        var attributes: [AttributeTest] = []
    }
    enum Combinator: Sendable, Equatable { case descendant, child }
    struct Complex: Sendable, Equatable {
        var parts: [Compound]       // left to right
        var combinators: [Combinator]  // combinators[k] joins parts[k] and parts[k+1]
    }

    let list: [Complex]
    /// The source text.
    public let text: String

    /// Parses a selector list; throws ``SelectorError`` for empty input, bad syntax or unsupported features
    /// (pseudo-classes, sibling combinators, namespaces).
    public init(_ text: String) throws(SelectorError) {
        self.text = text
        let s = Array(text.unicodeScalars)
        var i = 0
        var list: [Complex] = []
        func fail(_ reason: String) -> SelectorError { SelectorError(reason: reason, position: i) }
        func isNameChar(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" || c.value > 0x7F
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
                    }
                    guard i < s.count && s[i] == "]" else { throw fail("expected ]") }
                    i += 1
                    c.attributes.append(test); any = true
                } else if ch == ":" {
                    throw fail("pseudo-classes are not supported")
                } else {
                    break
                }
            }
            guard any else { throw fail(i < s.count ? "unexpected character '\(s[i])'" : "empty selector") }
            if let comb = pendingCombinator { current.combinators.append(comb) }
            current.parts.append(c)
            pendingCombinator = nil
            let hadSpace = skipSpace()
            if i >= s.count { break }
            switch s[i] {
            case ",":
                i += 1; _ = skipSpace()
                list.append(current); current = Complex(parts: [], combinators: [])
            case ">":
                i += 1; _ = skipSpace(); pendingCombinator = .child
            case "+", "~":
                throw fail("sibling combinators are not supported")
            default:
                if hadSpace { pendingCombinator = .descendant } else { throw fail("unexpected character '\(s[i])'") }
            }
        }
        list.append(current)
        self.list = list
    }

    /// Matching elements in the subtree of `scope` (excluding `scope`), in document order.
    func select(in scope: HTMLNode, limit: Int = .max) -> [HTMLNode] {
        let doc = scope.document
        let end = Int(scope.record.end)
        var out: [HTMLNode] = []
        var memo = Memo(list.map { [Set<Int32>](repeating: [], count: $0.parts.count) })
        var i = Int(scope.index) + 1
        while i <= end && out.count < limit {
            if doc.nodes[i].kind == .element {
                for (n, complex) in list.enumerated() where matches(doc, Int32(i), complex, &memo, n) {
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

    func matches(_ doc: HTMLDocument, _ node: Int32) -> Bool {
        var memo = Memo(list.map { [Set<Int32>](repeating: [], count: $0.parts.count) })
        for (n, complex) in list.enumerated() where matches(doc, node, complex, &memo, n) { return true }
        return false
    }

    /// Right-to-left matching. A failed descendant step fails the whole selector (a higher starting
    /// point cannot find more ancestors); a failed child step restarts from the most recent descendant
    /// step one ancestor higher. This keeps matching polynomial on deep trees.
    private func matches(_ doc: HTMLDocument, _ node: Int32, _ c: Complex, _ memo: inout Memo, _ n: Int) -> Bool {
        let last = c.parts.count - 1
        guard matchCompound(doc, node, c.parts[last]) else { return false }
        var resume: (part: Int, node: Int32)?   // the latest descendant step: part matched and where
        var k = last
        var cur = node
        while k > 0 {
            if c.combinators[k - 1] == .child {
                let p = doc.nodes[Int(cur)].parent
                if p >= 0 && matchCompound(doc, p, c.parts[k - 1]) { cur = p; k -= 1; continue }
                guard let r = resume else { return false }
                let next = ancestor(doc, above: r.node, matching: c.parts[r.part], &memo.noMatchAbove[n][r.part])
                if next < 0 { return false }
                resume = (r.part, next); cur = next; k = r.part
            } else {
                let found = ancestor(doc, above: cur, matching: c.parts[k - 1], &memo.noMatchAbove[n][k - 1])
                if found < 0 { return false }
                resume = (k - 1, found); cur = found; k -= 1
            }
        }
        return true
    }

    private func ancestor(_ doc: HTMLDocument, above node: Int32, matching part: Compound,
                          _ noMatchAbove: inout Set<Int32>) -> Int32 {
        var visited: [Int32] = []
        var a = doc.nodes[Int(node)].parent
        while a > 0 {
            if noMatchAbove.contains(a) { break }
            if matchCompound(doc, a, part) { return a }
            visited.append(a)
            a = doc.nodes[Int(a)].parent
        }
        // Each visited ancestor neither matches nor has a matching ancestor.
        for v in visited { noMatchAbove.insert(v) }
        return -1
    }

    private func matchCompound(_ doc: HTMLDocument, _ node: Int32, _ c: Compound) -> Bool {
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
        for t in c.attributes {
            guard let nameID = doc.nameID(t.name), let a = doc.attributeSlot(node, nameID) else { return false }
            if t.op == .exists { continue }
            let v = doc.string(doc.attrs[a].start, doc.attrs[a].count)
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
        return true
    }
}
