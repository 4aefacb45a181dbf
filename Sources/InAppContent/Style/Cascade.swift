// The cascade's working form of a page's rules, made once per document and viewport (``BoxStyleSheet``): each rule
// filed under the key of its rightmost compound selector (an id, else a class, else a tag, else "any"), so an element
// tries only the rules that could match it (as WebKit's RuleSet and Servo's selector maps do); selectors made of
// tags, ids, classes and descendant/child steps compiled to name ids and bytes and matched right to left without
// building strings; each rule's declarations expanded once (the `background` shorthand's longhands); and each
// element's cascaded declarations (and its `::before`/`::after` ones) worked out once and kept, so the layout, the
// painter, getComputedStyle and the visibility checks read the same answer.
import Foundation

/// A selector the cascade matches itself: compounds of a tag, ids and classes joined by descendant and child
/// steps. Anything else (attributes, pseudo-classes, sibling steps) is matched by ``CSSSelector``.
struct StyleSelector {
    struct Compound {
        /// The tag's name id in the document; nil for any.
        var tag: Int32?
        var ids: [[UInt8]]
        var classes: [[UInt8]]
    }
    /// Right to left: `parts[0]` is the element's own compound.
    let parts: [Compound]
    /// `child[k]` joins `parts[k]` to `parts[k + 1]` (to its left): true for `>`, false for a descendant step.
    let child: [Bool]

    /// The compiled form of `selector` for `document`; `.some(nil)` when it needs ``CSSSelector``; nil when a tag it
    /// names does not occur in the document (it matches nothing there).
    static func compile(_ selector: CSSSelector, in document: HTMLDocument) -> StyleSelector?? {
        guard selector.list.count == 1, let complex = selector.list.first else { return .some(nil) }
        var parts: [Compound] = []
        parts.reserveCapacity(complex.parts.count)
        for part in complex.parts.reversed() {
            guard part.attributes.isEmpty, part.pseudos.isEmpty else { return .some(nil) }
            var tag: Int32?
            if let name = part.tag {
                guard let id = document.nameID(name) else { return nil }
                tag = id
            }
            parts.append(Compound(tag: tag, ids: part.ids.map { Array($0.utf8) }, classes: part.classes.map { Array($0.utf8) }))
        }
        var child: [Bool] = []
        for c in complex.combinators.reversed() {
            switch c {
            case .child: child.append(true)
            case .descendant: child.append(false)
            case .adjacent, .sibling: return .some(nil)
            }
        }
        return StyleSelector(parts: parts, child: child)
    }

    /// Whether element `node` of `doc` matches. A failed descendant step fails the selector (a higher start finds no
    /// more ancestors); a failed child step resumes from the most recent descendant step, one ancestor higher.
    func matches(_ doc: HTMLDocument, _ node: Int32) -> Bool {
        guard Self.match(doc, node, parts[0]) else { return false }
        var k = 1
        var cur = node
        var resume: (part: Int, node: Int32)?
        while k < parts.count {
            if child[k - 1] {
                let p = doc.nodes[Int(cur)].parent
                if p > 0 && Self.match(doc, p, parts[k]) { cur = p; k += 1; continue }
                guard let r = resume else { return false }
                let next = Self.ancestor(doc, above: r.node, matching: parts[r.part])
                if next < 0 { return false }
                resume = (r.part, next); cur = next; k = r.part + 1
            } else {
                let found = Self.ancestor(doc, above: cur, matching: parts[k])
                if found < 0 { return false }
                resume = (k, found); cur = found; k += 1
            }
        }
        return true
    }

    private static func ancestor(_ doc: HTMLDocument, above node: Int32, matching part: Compound) -> Int32 {
        var a = doc.nodes[Int(node)].parent
        while a > 0 {
            if match(doc, a, part) { return a }
            a = doc.nodes[Int(a)].parent
        }
        return -1
    }

    private static func match(_ doc: HTMLDocument, _ node: Int32, _ c: Compound) -> Bool {
        let r = doc.nodes[Int(node)]
        guard r.kind == .element else { return false }
        if let tag = c.tag, tag != r.name { return false }
        if !c.ids.isEmpty {
            guard let a = doc.attributeSlot(node, N.id) else { return false }
            for id in c.ids where !doc.bytesEqual(doc.attrs[a].start, doc.attrs[a].count, id) { return false }
        }
        for cls in c.classes where !doc.hasClass(node, cls) { return false }
        return true
    }
}

/// The rules of one document, filed by the key of their rightmost compound, with each element's cascaded
/// declarations kept once worked out. Safe from any thread (the kept answers are behind a lock).
final class CascadeIndex: @unchecked Sendable {
    /// One declaration as the cascade sets it.
    typealias Declaration = (name: String, value: String)

    private struct Entry {
        let order: Int32
        let specificity: Int
        /// nil: matched by the rule's ``CSSSelector``.
        let compiled: StyleSelector?
        let selector: CSSSelector
        let normal: [Declaration]
        let important: [Declaration]
    }

    /// Rule numbers by key, in document order within each list.
    private struct Buckets {
        var byID: [String: [Int32]] = [:]
        var byClass: [String: [Int32]] = [:]
        var byTag: [Int32: [Int32]] = [:]
        var any: [Int32] = []
        var isEmpty = true

        mutating func add(_ rule: Int32, _ key: StyleSelector.Compound?, _ source: CSSSelector.Compound?) {
            isEmpty = false
            if let id = source?.ids.first { byID[id, default: []].append(rule) }
            else if let cls = source?.classes.first { byClass[cls, default: []].append(rule) }
            else if let tag = key?.tag { byTag[tag, default: []].append(rule) }
            else { any.append(rule) }
        }
    }

    /// Held weakly: the kept indexes (``shared(document:viewport:properties:sheets:rules:)``) must not keep pages alive.
    private weak var document: HTMLDocument?
    private let entries: [Entry]
    private let elementRules: Buckets
    private let pseudoRules: [String: Buckets]
    private let properties: Set<String>?

    private let lock = NSLock()
    private var declared: [Int32: [String: String]] = [:]
    /// Each element's box style with the parent style it was resolved against.
    private var styles: [Int32: (parent: BoxStyle?, style: BoxStyle)] = [:]
    private var pseudo: [Int32: [String: [String: String]]] = [:]

    init(rules: [ParsedSheets.Rule], document: HTMLDocument, properties: Set<String>?) {
        self.document = document
        self.properties = properties
        var entries: [Entry] = []
        entries.reserveCapacity(rules.count)
        var elementRules = Buckets()
        var pseudoRules: [String: Buckets] = [:]
        for (order, rule) in rules.enumerated() {
            guard let compiled = StyleSelector.compile(rule.selector, in: document) else { continue }   // matches nothing here
            let n = Int32(entries.count)
            // `::before`/`::after` rules set their declarations as written.
            var normal: [Declaration] = [], important: [Declaration] = []
            for d in rule.declarations { if rule.pseudo == nil { normal += CascadeIndex.expand(d) } else { normal.append((d.0, d.1)) } }
            for d in rule.important { if rule.pseudo == nil { important += CascadeIndex.expand(d) } else { important.append((d.0, d.1)) } }
            entries.append(Entry(order: Int32(order), specificity: rule.specificity, compiled: compiled, selector: rule.selector,
                                 normal: normal, important: important))
            // Rules whose selector the general matcher reads are filed by their rightmost compound too, when it is
            // a single complex selector (its id, class or tag must hold whatever else it asks).
            let source = rule.selector.list.count == 1 ? rule.selector.list[0].parts.last : nil
            var key = compiled?.parts.first
            if compiled == nil, let tag = source?.tag { key = StyleSelector.Compound(tag: document.nameID(tag), ids: [], classes: []) }
            if compiled == nil, source?.tag != nil, key?.tag == nil { continue }   // a tag the document does not have
            if let which = rule.pseudo { pseudoRules[which, default: Buckets()].add(n, key, source) }
            else { elementRules.add(n, key, source) }
        }
        self.entries = entries
        self.elementRules = elementRules
        self.pseudoRules = pseudoRules
    }

    /// A declaration as the cascade sets it: the `background` shorthand sets the colour and image longhands too (to
    /// their initial values when it does not name them), so that it overrides an earlier `background-color`.
    static func expand(_ d: (String, String)) -> [Declaration] {
        let (k, v) = d
        guard k == "background" else { return [(k, v)] }
        if TextBytes.contains(v, "var(") {
            // Known only once `var()` is substituted: the longhands carry the whole value, and the computed style
            // picks the colour (or the image) out of it (ComputedStyle.serialize).
            return [(k, v), ("background-color", v), ("background-image", v)]
        }
        let tokens = BoxStyleSheet.tokens(v)
        return [(k, v), ("background-color", tokens.last { ComputedStyle.color($0) != nil } ?? "transparent"),
                ("background-image", TextBytes.contains(v, "url(") || TextBytes.contains(v, "gradient(") ? v : "none")]
    }

    // MARK: Matching

    /// The rules (entry numbers) of `buckets` that match element `node`, by specificity then document order.
    private func matching(_ node: Int32, of doc: HTMLDocument, in buckets: Buckets) -> [Int32] {
        var matched: [Int32] = []
        func test(_ list: [Int32]) {
            for n in list {
                let e = entries[Int(n)]
                let ok = e.compiled?.matches(doc, node) ?? e.selector.matches(doc, node)
                if ok { matched.append(n) }
            }
        }
        if let a = doc.attributeSlot(node, N.id), !buckets.byID.isEmpty {
            let id = doc.string(doc.attrs[a].start, doc.attrs[a].count)
            if let list = buckets.byID[id] { test(list) }
        }
        if !buckets.byClass.isEmpty, let a = doc.attributeSlot(node, N.class_) {
            // Each distinct class once (a repeated class name must not match its rules twice).
            var seen: [Substring] = []
            let value = doc.string(doc.attrs[a].start, doc.attrs[a].count)
            for cls in value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
                guard !seen.contains(cls) else { continue }
                seen.append(cls)
                if let list = buckets.byClass[String(cls)] { test(list) }
            }
        }
        if let list = buckets.byTag[doc.nodes[Int(node)].name] { test(list) }
        test(buckets.any)
        if matched.count > 1 {
            matched.sort { a, b in
                let x = entries[Int(a)], y = entries[Int(b)]
                return x.specificity != y.specificity ? x.specificity < y.specificity : x.order < y.order
            }
        }
        return matched
    }

    // MARK: Answers

    /// The element's own declared values, cascaded: rules by specificity then order, then its inline style,
    /// `!important` ones above normal ones (the sheets' by specificity and order, then inline style's).
    func declared(_ node: HTMLNode) -> [String: String] {
        guard node.document === document, node.isElement else { return compute(node) }
        if let known = lock.withLock({ declared[node.index] }) { return known }
        let d = compute(node)
        lock.withLock { declared[node.index] = d }
        return d
    }

    private func compute(_ node: HTMLNode) -> [String: String] {
        let matched = node.document === document && node.isElement ? matching(node.index, of: node.document, in: elementRules) : []
        var out: [String: String] = [:]
        for n in matched { for (k, v) in entries[Int(n)].normal { out[k] = v } }
        let doc = node.document
        let inline = doc.attributeSlot(node.index, N.style).map {
            BoxStyleSheet.prioritized(doc.string(doc.attrs[$0].start, doc.attrs[$0].count), keeping: properties)
        } ?? []
        for (k, v, important) in inline where !important { for (k, v) in CascadeIndex.expand((k, v)) { out[k] = v } }
        for n in matched { for (k, v) in entries[Int(n)].important { out[k] = v } }
        for (k, v, important) in inline where important { for (k, v) in CascadeIndex.expand((k, v)) { out[k] = v } }
        return out
    }

    /// The box style kept for `node` when it was resolved against the same parent style, else nil.
    func keptStyle(_ node: HTMLNode, parent: BoxStyle?) -> BoxStyle? {
        guard node.document === document, let kept = lock.withLock({ styles[node.index] }), kept.parent == parent else { return nil }
        return kept.style
    }

    func keep(_ style: BoxStyle, of node: HTMLNode, parent: BoxStyle?) {
        guard node.document === document else { return }
        lock.withLock { styles[node.index] = (parent, style) }
    }

    /// The cascaded declarations of `node`'s `::before` or `::after` box, or nil when it has none (no rule, or a
    /// `content` of `none`/`normal`).
    func pseudoDeclared(_ node: HTMLNode, _ which: String) -> [String: String]? {
        guard let buckets = pseudoRules[which], !buckets.isEmpty, node.document === document, node.isElement else { return nil }
        if let known = lock.withLock({ pseudo[node.index]?[which] }) { return known.isEmpty ? nil : known }
        var out: [String: String] = [:]
        let matched = matching(node.index, of: node.document, in: buckets)
        for n in matched { for (k, v) in entries[Int(n)].normal { out[k] = v } }
        for n in matched { for (k, v) in entries[Int(n)].important { out[k] = v } }
        if let content = out["content"], content != "none", content != "normal" {} else { out = [:] }
        let kept = out
        lock.withLock { pseudo[node.index, default: [:]][which] = kept }
        return out.isEmpty ? nil : out
    }
}

extension CascadeIndex {
    /// The index of `document`'s rules at `viewport`, made once per document (a tree version), viewport, property set
    /// and sheet texts however many layouts, hit tests and computed-style reads ask: a layout made again for a new
    /// asset, the painter and the visibility checks of taps read the same kept answers. `rules` makes the rules when
    /// no index is kept. `OPENINAPP_CASCADE_PER_LAYOUT=1` in the environment turns the sharing off (each sheet object
    /// then works its answers out anew: how the cost of one cold cascade is measured).
    static func shared(document: HTMLDocument, viewport: ContentViewport, properties: Set<String>?, sheets: [String],
                       rules: () -> [ParsedSheets.Rule]) -> (index: CascadeIndex, rules: [ParsedSheets.Rule]) {
        guard sharing else {
            let r = rules()
            return (CascadeIndex(rules: r, document: document, properties: properties), r)
        }
        return Recent.shared.index(document: document, viewport: viewport, properties: properties, sheets: sheets) {
            let r = rules()
            return (CascadeIndex(rules: r, document: document, properties: properties), r)
        }
    }

    static let sharing = ProcessInfo.processInfo.environment["OPENINAPP_CASCADE_PER_LAYOUT"] == nil

    /// The indexes of the most recently styled documents (a few: a page has one current tree version).
    final class Recent: @unchecked Sendable {
        static let shared = Recent(capacity: 8)

        private struct Kept {
            weak var document: HTMLDocument?
            let viewport: ContentViewport
            let properties: Set<String>?
            let sheets: [String]
            let index: CascadeIndex
            let rules: [ParsedSheets.Rule]
        }

        private let capacity: Int
        private let lock = NSLock()
        private var kept: [Kept] = []

        init(capacity: Int) { self.capacity = capacity }

        func index(document: HTMLDocument, viewport: ContentViewport, properties: Set<String>?, sheets: [String],
                   make: () -> (CascadeIndex, [ParsedSheets.Rule])) -> (index: CascadeIndex, rules: [ParsedSheets.Rule]) {
            let found: Kept? = lock.withLock {
                kept.removeAll { $0.document == nil }
                guard let i = kept.lastIndex(where: { $0.document === document && $0.viewport == viewport && $0.properties == properties
                    && $0.sheets == sheets }) else { return nil }
                let k = kept.remove(at: i)
                kept.append(k)
                return k
            }
            if let found { return (found.index, found.rules) }
            let (index, rules) = make()
            lock.withLock {
                kept.append(Kept(document: document, viewport: viewport, properties: properties, sheets: sheets, index: index, rules: rules))
                if kept.count > capacity { kept.removeFirst(kept.count - capacity) }
            }
            return (index, rules)
        }
    }
}
