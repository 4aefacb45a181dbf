// The DOM: every node of a document lives in one contiguous array and refers to its relatives by index.
// Nodes are stored in document order, so the descendants of a node are exactly the indices
// `index+1 ... end`. Nothing here recurses, and releasing a document frees a few arrays.
import Foundation

/// What a node is.
public enum HTMLNodeKind: UInt8, Sendable {
    case document, doctype, element, text, comment
    /// A document fragment: the contents of a `template`, or the result of fragment parsing.
    case documentFragment
}

struct NodeRecord {
    var kind: HTMLNodeKind
    var ns: UInt8 = 0        // element namespace (DOMNamespace raw value)
    var name: Int32          // element name id; -1 for other kinds
    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var prev: Int32 = -1     // previous sibling (the mutable tree's; not kept up to date in a document)
    var nextSibling: Int32 = -1
    var end: Int32 = 0       // document: index of the last descendant (== own index when there are none)
    var dataStart: Int32 = 0 // text/comment/doctype: offset into `text`; element: first attribute
    var dataCount: Int32 = 0 // text/comment/doctype: byte count; element: attribute count
    var aux: Int32 = -1      // the mutable tree's: template content fragment, or index into its doctype identifiers

    /// The mutable tree's name for ``nextSibling``.
    var next: Int32 {
        @inline(__always) get { nextSibling }
        @inline(__always) set { nextSibling = newValue }
    }
}

/// One record type serves the mutable tree (``DOMTree``) and the frozen document (``HTMLDocument``), so a tree
/// built in document order is frozen without copying its records: the document shares the array (copy on write).
typealias DOMRecord = NodeRecord

extension NodeRecord {
    init(kind: HTMLNodeKind, name: Int32, parent: Int32, firstChild: Int32, lastChild: Int32, nextSibling: Int32,
         end: Int32, dataStart: Int32, dataCount: Int32, ns: UInt8) {
        self.init(kind: kind, ns: ns, name: name, parent: parent, firstChild: firstChild, lastChild: lastChild,
                  nextSibling: nextSibling, end: end, dataStart: dataStart, dataCount: dataCount)
    }
}

struct AttrRecord {
    var name: Int32          // qualified name id (`xlink:href` for adjusted foreign attributes)
    var start: Int32
    var count: Int32
    var ns: UInt8 = 0xFF     // DOMNamespace raw value; 0xFF for none
}

struct InteractiveRecord {
    var node: Int32
    var kind: InteractiveKind
    var buttonIndex: Int32
}

/// A parsed HTML document. Immutable and safe to share between threads.
public final class HTMLDocument: Sendable {
    let nodes: [NodeRecord]
    let attrs: [AttrRecord]
    let text: [UInt8]
    let names: NameStrings
    /// Names beyond the known ones, by id; built only when there are more than ``linearNameLimit`` of them
    /// (fewer are searched linearly, which costs less than building a dictionary on every parse).
    let extraNames: [String: Int32]
    static let linearNameLimit = 32

    /// The id of a tag or attribute name in this document, if it occurs (or is a known name).
    func nameID(_ name: String) -> Int32? {
        if let known = NameTable.knownIndex[name] { return known }
        let first = KnownNames.list.count
        if names.count - first > HTMLDocument.linearNameLimit { return extraNames[name] }
        var i = first
        while i < names.count {
            if names[i] == name { return Int32(i) }
            i += 1
        }
        return nil
    }
    let interactive: [InteractiveRecord]
    let htmlIndex: Int32, headIndex: Int32, bodyIndex: Int32
    /// Number of `<script>` elements; their code is kept as text and never run.
    public let scriptCount: Int
    /// The doctype name (`html` for `<!DOCTYPE html>`), if the document has one.
    public let doctype: String?
    /// Size of the source in bytes.
    public let byteCount: Int
    /// Number of nodes in the document tree; the contents of `template` elements follow them in `nodes`.
    let treeCount: Int
    /// Template element index → index of its content fragment (after the tree).
    let templateContents: [Int32: Int32]
    let doctypeIDs: [Int32: DOMDoctypeIDs]
    /// The compatibility mode the parser chose from the doctype.
    public let quirksMode: HTMLQuirksMode
    /// Number of parse errors met while parsing (the document is built anyway, as browsers build it).
    public let parseErrorCount: Int

    init(nodes: [NodeRecord], attrs: [AttrRecord], text: [UInt8], names: NameStrings,
         html: Int32, head: Int32, body: Int32, doctype: String?, byteCount: Int,
         templateContents: [Int32: Int32] = [:], doctypeIDs: [Int32: DOMDoctypeIDs] = [:],
         quirksMode: HTMLQuirksMode = .noQuirks, parseErrorCount: Int = 0) {
        self.nodes = nodes; self.attrs = attrs; self.text = text; self.names = names
        self.treeCount = nodes.isEmpty ? 0 : Int(nodes[0].end) + 1
        self.templateContents = templateContents; self.doctypeIDs = doctypeIDs
        self.quirksMode = quirksMode; self.parseErrorCount = parseErrorCount
        let first = KnownNames.list.count
        if names.count - first > HTMLDocument.linearNameLimit {
            var extra = [String: Int32](minimumCapacity: names.count - first)
            for i in first..<names.count { extra[names[i]] = Int32(i) }
            self.extraNames = extra
        } else {
            self.extraNames = [:]
        }
        self.htmlIndex = html; self.headIndex = head; self.bodyIndex = body
        self.doctype = doctype; self.byteCount = byteCount
        let index = InteractiveIndexer.index(nodes: nodes[..<treeCount], attrs: attrs, text: text)
        self.scriptCount = index.scripts
        self.interactive = index.records
    }

    /// Parses `html` with the given limits.
    public static func parse(_ html: String, limits: ContentLimits = .default) throws(ContentError) -> HTMLDocument {
        try DOMTree.parse(html, limits: limits).snapshot()
    }

    /// Parses raw bytes, which should be UTF-8; invalid sequences become U+FFFD when text is read.
    public static func parse(bytes: [UInt8], limits: ContentLimits = .default) throws(ContentError) -> HTMLDocument {
        try DOMTree.parse(bytes: bytes, limits: limits).snapshot()
    }

    /// A document with empty `head` and `body`.
    public static let empty: HTMLDocument = try! HTMLDocument.parse("")

    // MARK: Navigation

    /// The document node itself.
    public var root: HTMLNode { HTMLNode(document: self, index: 0) }
    /// The `html` element.
    public var documentElement: HTMLNode { HTMLNode(document: self, index: htmlIndex) }
    /// The `head` element.
    public var head: HTMLNode { HTMLNode(document: self, index: headIndex) }
    /// The `body` element.
    public var body: HTMLNode { HTMLNode(document: self, index: bodyIndex) }
    /// Number of nodes of every kind in the document tree, the document node included (template contents,
    /// which are not part of the tree, excluded).
    public var nodeCount: Int { treeCount }

    /// Every element, in document order.
    public var allElements: [HTMLNode] {
        var out: [HTMLNode] = []
        for i in 0..<treeCount where nodes[i].kind == .element { out.append(HTMLNode(document: self, index: Int32(i))) }
        return out
    }

    /// The text of the first `title` element, with white space collapsed; nil without one.
    public var title: String? {
        guard let t = nodes[..<treeCount].firstIndex(where: { $0.kind == .element && $0.name == N.title }) else { return nil }
        return HTMLNode(document: self, index: Int32(t)).textContent.collapsingWhitespace
    }

    /// The `href` of the first `<base>` element, if any.
    public var baseHref: String? {
        elements(tag: "base").lazy.compactMap { $0["href"] }.first
    }

    // MARK: Queries

    /// The first element whose `id` is `id`.
    public func element(id: String) -> HTMLNode? {
        let wanted = Array(id.utf8)
        for i in 0..<treeCount where nodes[i].kind == .element && nodes[i].dataCount > 0 {
            if let a = attributeSlot(Int32(i), N.id), bytesEqual(attrs[a].start, attrs[a].count, wanted) {
                return HTMLNode(document: self, index: Int32(i))
            }
        }
        return nil
    }

    /// Elements with the given tag name (case-insensitive), in document order.
    public func elements(tag: String) -> [HTMLNode] {
        guard let id = nameID(tag.lowercased()) else { return [] }
        var out: [HTMLNode] = []
        for i in 0..<treeCount where nodes[i].kind == .element && nodes[i].name == id {
            out.append(HTMLNode(document: self, index: Int32(i)))
        }
        return out
    }

    /// Elements whose `class` list contains `className`.
    public func elements(class className: String) -> [HTMLNode] {
        let wanted = Array(className.utf8)
        return allElements.filter { hasClass($0.index, wanted) }
    }

    /// Elements that have `attribute`, and, when `value` is given, whose value equals it exactly.
    public func elements(attribute: String, value: String? = nil) -> [HTMLNode] {
        guard let id = nameID(attribute.lowercased()) else { return [] }
        let wanted = value.map { Array($0.utf8) }
        return allElements.filter { node in
            guard let a = attributeSlot(node.index, id) else { return false }
            return wanted.map { bytesEqual(attrs[a].start, attrs[a].count, $0) } ?? true
        }
    }

    /// Elements matching a CSS selector list (see ``CSSSelector`` for the supported syntax).
    public func querySelectorAll(_ selector: String) throws(SelectorError) -> [HTMLNode] {
        try root.querySelectorAll(selector)
    }

    /// The first element matching a CSS selector list.
    public func querySelector(_ selector: String) throws(SelectorError) -> HTMLNode? {
        try root.querySelector(selector)
    }

    /// Elements matching an already parsed selector list, in document order.
    public func querySelectorAll(_ selector: CSSSelector) -> [HTMLNode] {
        root.querySelectorAll(selector)
    }

    /// Links, buttons, elements with `onclick`, forms and form fields, in document order, indexed at load.
    public var interactiveElements: [InteractiveElement] {
        interactive.map {
            InteractiveElement(node: HTMLNode(document: self, index: $0.node), kind: $0.kind,
                               buttonIndex: $0.buttonIndex >= 0 ? Int($0.buttonIndex) : nil)
        }
    }

    /// The elements counted as buttons (`button`, `input` of type submit/button/reset/image, `role=button`),
    /// in document order; `buttons[i]` is what ``ContentPage/tapButton(at:)`` taps.
    public var buttons: [HTMLNode] {
        interactive.filter { $0.buttonIndex >= 0 }.map { HTMLNode(document: self, index: $0.node) }
    }

    // MARK: Internals

    func string(_ start: Int32, _ count: Int32) -> String {
        if count == 0 { return "" }
        return text.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start + count)]), as: UTF8.self)
        }
    }

    func bytesEqual(_ start: Int32, _ count: Int32, _ wanted: [UInt8]) -> Bool {
        guard Int(count) == wanted.count else { return false }
        if count == 0 { return true }
        return text.withUnsafeBufferPointer { t in
            wanted.withUnsafeBufferPointer { w in memcmp(t.baseAddress! + Int(start), w.baseAddress!, w.count) == 0 }
        }
    }

    func attributeSlot(_ node: Int32, _ name: Int32) -> Int? {
        let n = nodes[Int(node)]
        guard n.kind == .element else { return nil }
        var a = Int(n.dataStart)
        let e = a + Int(n.dataCount)
        while a < e {
            if attrs[a].name == name { return a }
            a += 1
        }
        return nil
    }

    func hasClass(_ node: Int32, _ wanted: [UInt8]) -> Bool {
        guard !wanted.isEmpty, let a = attributeSlot(node, N.class_) else { return false }
        let start = Int(attrs[a].start), end = start + Int(attrs[a].count)
        var i = start
        while i < end {
            while i < end && isSpace(text[i]) { i += 1 }
            let s = i
            while i < end && !isSpace(text[i]) { i += 1 }
            if i - s == wanted.count {
                var same = true
                for k in 0..<wanted.count where text[s + k] != wanted[k] { same = false; break }
                if same { return true }
            }
        }
        return false
    }
}

/// HTML white space: space, tab, LF, FF, CR.
@inline(__always)
func isSpace(_ c: UInt8) -> Bool { c <= 0x20 && (UInt64(0x1_0000_3600) >> UInt64(c)) & 1 != 0 }

extension String {
    /// Trims and collapses runs of ASCII white space to one space.
    var collapsingWhitespace: String {
        var out = ""
        var pendingSpace = false
        for ch in self.unicodeScalars {
            if ch == " " || ch == "\n" || ch == "\t" || ch == "\r" || ch == "\u{0C}" {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.unicodeScalars.append(" "); pendingSpace = false }
                out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}

/// One attribute of an element.
public struct HTMLAttribute: Sendable, Equatable {
    /// Lower-cased name.
    public let name: String
    /// Value with character references decoded; empty for a bare attribute.
    public let value: String
}

/// A handle on one node of an ``HTMLDocument``. Cheap to copy; keeps its document alive.
public struct HTMLNode: Hashable, Sendable, CustomStringConvertible {
    /// The document the node belongs to.
    public let document: HTMLDocument
    /// Position in document order (0 is the document node).
    public let index: Int32

    init(document: HTMLDocument, index: Int32) { self.document = document; self.index = index }

    public static func == (a: HTMLNode, b: HTMLNode) -> Bool { a.document === b.document && a.index == b.index }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(document)); h.combine(index) }

    var record: NodeRecord { document.nodes[Int(index)] }

    /// What kind of node this is.
    public var kind: HTMLNodeKind { record.kind }
    /// True for elements.
    public var isElement: Bool { record.kind == .element }
    /// Lower-cased tag name for elements; `#text`, `#comment`, `#document` or `#doctype` otherwise.
    public var tagName: String {
        switch record.kind {
        case .element: return document.names[Int(record.name)]
        case .text: return "#text"
        case .comment: return "#comment"
        case .document: return "#document"
        case .doctype: return "#doctype"
        case .documentFragment: return "#document-fragment"
        }
    }

    /// The element's namespace (`.html` for HTML elements, `.svg`, `.mathml`); nil for other nodes.
    public var namespace: DOMNamespace? { record.kind == .element ? DOMNamespace(rawValue: record.ns) : nil }

    /// The content fragment of a `template` element (its children are not part of the document tree).
    public var templateContent: HTMLNode? {
        document.templateContents[index].map { HTMLNode(document: document, index: $0) }
    }

    /// Public and system identifiers of a doctype node ("" when absent); nil for other nodes.
    public var doctypeIdentifiers: (publicId: String, systemId: String)? {
        guard record.kind == .doctype else { return nil }
        let ids = document.doctypeIDs[index]
        return (ids?.publicId ?? "", ids?.systemId ?? "")
    }

    /// The attributes of an element in source order (the first of duplicated names wins).
    public var attributes: [HTMLAttribute] {
        let r = record
        guard r.kind == .element else { return [] }
        return (Int(r.dataStart)..<Int(r.dataStart + r.dataCount)).map {
            let a = document.attrs[$0]
            return HTMLAttribute(name: document.names[Int(a.name)], value: document.string(a.start, a.count))
        }
    }

    /// The value of an attribute (name is case-insensitive), or nil when absent.
    public func attribute(_ name: String) -> String? {
        guard let id = document.nameID(name.lowercased()), let a = document.attributeSlot(index, id) else { return nil }
        return document.string(document.attrs[a].start, document.attrs[a].count)
    }

    /// Same as ``attribute(_:)``.
    public subscript(_ name: String) -> String? { attribute(name) }

    /// Whether the element carries the attribute.
    public func hasAttribute(_ name: String) -> Bool { attribute(name) != nil }

    /// The `id` attribute.
    public var id: String? { attribute("id") }

    /// The white-space separated entries of the `class` attribute.
    public var classList: [String] {
        (attribute("class") ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" }).map(String.init)
    }

    /// The data of a text or comment node (or doctype name); nil for elements.
    public var data: String? {
        let r = record
        switch r.kind {
        case .text, .comment, .doctype: return document.string(r.dataStart, r.dataCount)
        default: return nil
        }
    }

    /// All text below this node, concatenated in document order (comments excluded). For a text node, its data.
    public var textContent: String {
        let r = record
        if r.kind == .text || r.kind == .comment { return document.string(r.dataStart, r.dataCount) }
        var bytes: [UInt8] = []
        var i = Int(index) + 1
        let end = Int(r.end)
        while i <= end {
            let n = document.nodes[i]
            if n.kind == .text {
                bytes.append(contentsOf: document.text[Int(n.dataStart)..<Int(n.dataStart + n.dataCount)])
            }
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text content with white space trimmed and collapsed, as a user would read a label.
    public var visibleText: String { textContent.collapsingWhitespace }

    /// Like ``visibleText`` but reading at most `maxBytes` of text from at most `maxNodes` descendants,
    /// so labels of huge or deeply nested elements stay cheap.
    func visibleTextPrefix(maxBytes: Int = 512, maxNodes: Int = 256) -> String {
        let r = record
        if r.kind == .text { return String(document.string(r.dataStart, r.dataCount).prefix(maxBytes)).collapsingWhitespace }
        var bytes: [UInt8] = []
        var i = Int(index) + 1
        let end = min(Int(r.end), Int(index) + maxNodes)
        while i <= end && bytes.count < maxBytes {
            let n = document.nodes[i]
            if n.kind == .text {
                let take = min(Int(n.dataCount), maxBytes - bytes.count)
                bytes.append(contentsOf: document.text[Int(n.dataStart)..<Int(n.dataStart) + take])
            }
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self).collapsingWhitespace
    }

    /// The nearest ancestor satisfying `predicate`, walking up without building the ancestor list.
    public func closestAncestor(where predicate: (HTMLNode) -> Bool) -> HTMLNode? {
        var p = record.parent
        while p >= 0 {
            let node = HTMLNode(document: document, index: p)
            if predicate(node) { return node }
            p = document.nodes[Int(p)].parent
        }
        return nil
    }

    /// The parent node (nil for the document node).
    public var parent: HTMLNode? {
        let p = record.parent
        return p < 0 ? nil : HTMLNode(document: document, index: p)
    }

    /// The nearest ancestor that is an element.
    public var parentElement: HTMLNode? {
        guard let p = parent, p.isElement else { return nil }
        return p
    }

    /// Direct children of every kind.
    public var childNodes: [HTMLNode] {
        var out: [HTMLNode] = []
        var c = record.firstChild
        while c >= 0 {
            out.append(HTMLNode(document: document, index: c))
            c = document.nodes[Int(c)].nextSibling
        }
        return out
    }

    /// Direct children that are elements.
    public var children: [HTMLNode] { childNodes.filter { $0.isElement } }

    /// The next sibling node.
    public var nextSibling: HTMLNode? {
        let s = record.nextSibling
        return s < 0 ? nil : HTMLNode(document: document, index: s)
    }

    /// Every node below this one, in document order.
    public var descendants: [HTMLNode] {
        let r = record
        guard r.end > index else { return [] }
        return (index + 1...r.end).map { HTMLNode(document: document, index: $0) }
    }

    /// Ancestors from the parent up to the document node.
    public var ancestors: [HTMLNode] {
        var out: [HTMLNode] = []
        var p = record.parent
        while p >= 0 {
            out.append(HTMLNode(document: document, index: p))
            p = document.nodes[Int(p)].parent
        }
        return out
    }

    /// Nesting depth: 0 for the document node, 1 for `html`.
    public var depth: Int {
        var d = 0
        var p = record.parent
        while p >= 0 { d += 1; p = document.nodes[Int(p)].parent }
        return d
    }

    /// Whether `other` lies inside this node's subtree (not counting itself).
    public func contains(_ other: HTMLNode) -> Bool {
        other.document === document && other.index > index && other.index <= record.end
    }

    /// Elements below this node matching the selector list, in document order.
    public func querySelectorAll(_ selector: String) throws(SelectorError) -> [HTMLNode] {
        let s = try CSSSelector(selector)
        return s.select(in: self)
    }

    /// Elements below this node matching an already parsed selector list: parse a selector once with
    /// ``CSSSelector/init(_:)`` and reuse it across documents.
    public func querySelectorAll(_ selector: CSSSelector) -> [HTMLNode] {
        selector.select(in: self)
    }

    /// The first element below this node matching the selector list.
    public func querySelector(_ selector: String) throws(SelectorError) -> HTMLNode? {
        let s = try CSSSelector(selector)
        return s.select(in: self, limit: 1).first
    }

    /// Whether this element matches the selector list.
    public func matches(_ selector: String) throws(SelectorError) -> Bool {
        try CSSSelector(selector).matches(self)
    }

    /// A short form such as `<a#buy.btn.primary>` or `#text "Hello"`.
    public var description: String {
        switch record.kind {
        case .element:
            var s = "<" + tagName
            if let id = id, !id.isEmpty { s += "#" + id }
            for c in classList { s += "." + c }
            return s + ">"
        case .text: return "#text \"\(String(visibleText.prefix(40)))\""
        case .comment: return "#comment"
        case .document: return "#document"
        case .doctype: return "#doctype \(data ?? "")"
        case .documentFragment: return "#document-fragment"
        }
    }
}

extension HTMLNode {
    /// An indented text picture of the subtree: one line per element (`<a#id.class> href=…`) and per
    /// non-blank text node (quoted, collapsed, cut at 60 characters). Indentation stops growing after
    /// `maxIndent` levels; output stops after `maxLines` lines with a count of what was left out.
    public func outline(maxLines: Int = 500, maxIndent: Int = 32) -> String {
        let doc = document
        var lines: [String] = []
        var openEnds: [Int32] = []       // subtree ends of the ancestors being printed
        var omitted = 0
        var i = index
        let end = record.end
        while i <= end {
            while let last = openEnds.last, last < i { openEnds.removeLast() }
            let r = doc.nodes[Int(i)]
            var line: String?
            switch r.kind {
            case .element:
                let node = HTMLNode(document: doc, index: i)
                var s = node.description
                for name in ["href", "src", "type", "onclick", "action"] {
                    if let v = node[name] { s += " \(name)=\(v.count > 60 ? String(v.prefix(60)) + "…" : v)" }
                }
                line = s
            case .text:
                let t = doc.string(r.dataStart, r.dataCount).collapsingWhitespace
                if !t.isEmpty { line = "\"" + (t.count > 60 ? String(t.prefix(60)) + "…" : t) + "\"" }
            case .document:
                line = "#document"
            case .documentFragment:
                line = "#document-fragment"
            case .doctype:
                line = "<!DOCTYPE \(doc.string(r.dataStart, r.dataCount))>"
            case .comment:
                line = nil
            }
            if let line {
                if lines.count < maxLines {
                    let depth = openEnds.count
                    let indent = depth > maxIndent ? String(repeating: "  ", count: maxIndent) + "(\(depth)) " : String(repeating: "  ", count: depth)
                    lines.append(indent + line)
                } else {
                    omitted += 1
                }
            }
            if r.end > i { openEnds.append(r.end) }
            i += 1
        }
        if omitted > 0 { lines.append("… \(omitted) more lines") }
        return lines.joined(separator: "\n")
    }
}
