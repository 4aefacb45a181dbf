// The mutable DOM: one node store per page. The HTML tree builder writes into it (appends, insert-before for
// foster parenting, moves for the adoption agency, template contents), scripts and simulated input mutate it,
// and `snapshot()` freezes it into the immutable, document-ordered `HTMLDocument` that selectors and the
// interactive index read.
//
// Storage: nodes are records in one array, linked by index (parent, first/last child, previous/next sibling).
// Character data and attribute values are byte ranges in one append-only UTF-8 buffer; an element's attributes
// are a contiguous range of one attribute array. Replacing data or attributes appends and leaves the old bytes
// unreferenced; detached nodes stay in the arena. Nothing compacts while the tree lives: a page's tree is
// replaced as a whole on navigation, and a snapshot copies only the nodes reachable from the document.
import Foundation

/// The identity of a node in a ``DOMTree``.
public struct DOMNodeID: Hashable, Sendable, CustomStringConvertible {
    public let raw: Int32
    public init(raw: Int32) { self.raw = raw }
    public var description: String { "#\(raw)" }
}

/// The namespaces elements and attributes can have.
public enum DOMNamespace: UInt8, Sendable, CaseIterable {
    case html, svg, mathml, xlink, xml, xmlns

    /// The namespace URI.
    public var uri: String {
        switch self {
        case .html: return "http://www.w3.org/1999/xhtml"
        case .svg: return "http://www.w3.org/2000/svg"
        case .mathml: return "http://www.w3.org/1998/Math/MathML"
        case .xlink: return "http://www.w3.org/1999/xlink"
        case .xml: return "http://www.w3.org/XML/1998/namespace"
        case .xmlns: return "http://www.w3.org/2000/xmlns/"
        }
    }
}

/// An attribute as the DOM sees it: an optional namespace and prefix, a local name and a value.
public struct DOMAttribute: Sendable, Equatable {
    /// nil for ordinary attributes; `xlink`, `xml` or `xmlns` for the adjusted foreign attributes.
    public var namespace: DOMNamespace?
    public var prefix: String?
    public var localName: String
    public var value: String
    /// `prefix:localName`, or `localName` without a prefix.
    public var qualifiedName: String { prefix.map { $0 + ":" + localName } ?? localName }

    public init(_ localName: String, _ value: String, namespace: DOMNamespace? = nil, prefix: String? = nil) {
        self.localName = localName; self.value = value; self.namespace = namespace; self.prefix = prefix
    }
}

/// A parse error: where it was found (byte offset in the source) and what it was.
public struct HTMLParseError: Sendable, Equatable, CustomStringConvertible {
    public let offset: Int
    public let code: String
    public init(offset: Int, code: String) { self.offset = offset; self.code = code }
    public var description: String { "\(code) at \(offset)" }
}


/// A mutable document tree. Single-owner: not safe to share between threads (a page's thread owns it);
/// freeze it with ``snapshot()`` to share.
public final class DOMTree {
    var nodes: [DOMRecord] = []
    var attrs: [AttrRecord] = []
    var text: [UInt8] = []
    var names = NameTable()
    var doctypeIDs: [DOMDoctypeIDs] = []
    /// Node limit for growth (by the parser and by scripts); see ``ensureCapacity(_:)``.
    public var maxNodes: Int
    /// The document's quirks mode, as the parser determined it from the doctype.
    public internal(set) var quirksMode: HTMLQuirksMode = .noQuirks
    /// Parse errors of the last parse into this tree (at most ``maxRecordedErrors`` are kept).
    public internal(set) var parseErrors: [HTMLParseError] = []
    /// Number of parse errors, including those beyond the recorded ones.
    public internal(set) var parseErrorCount = 0
    /// How many parse errors are kept with their offsets.
    public static let maxRecordedErrors = 1000
    /// Size of the parsed source, in bytes.
    public internal(set) var byteCount = 0

    /// The document node.
    public let document = DOMNodeID(raw: 0)
    /// Bumped by every mutation.
    public private(set) var version: UInt64 = 0
    private var cachedSnapshot: (version: UInt64, doc: HTMLDocument)?

    /// Creates a tree holding only the document node.
    public init() {
        maxNodes = ContentLimits.default.maxNodes
        nodes.append(DOMRecord(kind: .document, ns: 0, name: -1))
    }

    init(reserving bytes: Int, maxNodes: Int) {
        self.maxNodes = maxNodes
        let large = bytes > 1 << 18
        nodes.reserveCapacity(max(16, bytes / (large ? 16 : 24)))
        attrs.reserveCapacity(max(16, bytes / (large ? 24 : 40)))
        text.reserveCapacity(max(64, large ? bytes * 3 / 4 : bytes / 2))
        nodes.append(DOMRecord(kind: .document, ns: 0, name: -1))
    }

    @inline(__always) func touch() { version &+= 1; inOrder = false }
    /// Set by the parser when arena order is document order with every node in the tree (no template, no moved
    /// or detached node); any later mutation clears it. The snapshot is then a linear pass.
    var inOrder = false

    /// Number of nodes in the arena, detached ones included.
    public var arenaCount: Int { nodes.count }

    /// Throws ``ContentError/tooManyNodes(limit:)`` when `count` more nodes would exceed ``maxNodes``.
    /// The parser checks before every node it creates; scripts should check before creating nodes.
    public func ensureCapacity(_ count: Int = 1) throws(ContentError) {
        if nodes.count + count > maxNodes { throw .tooManyNodes(limit: maxNodes) }
    }

    @inline(__always) func valid(_ n: DOMNodeID) -> Bool { n.raw >= 0 && Int(n.raw) < nodes.count }

    // MARK: Reading

    public func kind(_ n: DOMNodeID) -> HTMLNodeKind { nodes[Int(n.raw)].kind }

    /// The element's local name (`div`, `foreignObject`); "" for other nodes.
    public func localName(_ n: DOMNodeID) -> String {
        let r = nodes[Int(n.raw)]
        return r.kind == .element ? names.strings[Int(r.name)] : ""
    }

    /// The element's namespace; nil for other nodes.
    public func namespace(_ n: DOMNodeID) -> DOMNamespace? {
        let r = nodes[Int(n.raw)]
        return r.kind == .element ? DOMNamespace(rawValue: r.ns) : nil
    }

    public func parent(_ n: DOMNodeID) -> DOMNodeID? { id(nodes[Int(n.raw)].parent) }
    public func firstChild(_ n: DOMNodeID) -> DOMNodeID? { id(nodes[Int(n.raw)].firstChild) }
    public func lastChild(_ n: DOMNodeID) -> DOMNodeID? { id(nodes[Int(n.raw)].lastChild) }
    public func previousSibling(_ n: DOMNodeID) -> DOMNodeID? { id(nodes[Int(n.raw)].prev) }
    public func nextSibling(_ n: DOMNodeID) -> DOMNodeID? { id(nodes[Int(n.raw)].next) }

    @inline(__always) private func id(_ raw: Int32) -> DOMNodeID? { raw < 0 ? nil : DOMNodeID(raw: raw) }

    public func children(_ n: DOMNodeID) -> [DOMNodeID] {
        var out: [DOMNodeID] = []
        var c = nodes[Int(n.raw)].firstChild
        while c >= 0 { out.append(DOMNodeID(raw: c)); c = nodes[Int(c)].next }
        return out
    }

    /// Text or comment data (the name for a doctype); "" for other nodes.
    public func data(_ n: DOMNodeID) -> String {
        let r = nodes[Int(n.raw)]
        switch r.kind {
        case .text, .comment, .doctype: return string(r.dataStart, r.dataCount)
        default: return ""
        }
    }

    public func attributes(_ n: DOMNodeID) -> [DOMAttribute] {
        let r = nodes[Int(n.raw)]
        guard r.kind == .element, r.dataCount > 0 else { return [] }
        return (Int(r.dataStart)..<Int(r.dataStart + r.dataCount)).map { domAttribute(attrs[$0]) }
    }

    func domAttribute(_ a: AttrRecord) -> DOMAttribute {
        let q = names.strings[Int(a.name)]
        let value = string(a.start, a.count)
        guard let ns = DOMNamespace(rawValue: a.ns) else { return DOMAttribute(q, value) }
        if let colon = q.firstIndex(of: ":") {
            return DOMAttribute(String(q[q.index(after: colon)...]), value, namespace: ns, prefix: String(q[..<colon]))
        }
        return DOMAttribute(q, value, namespace: ns)
    }

    /// The value of the attribute with this qualified name (lower-cased first on HTML elements), or nil.
    public func attribute(_ n: DOMNodeID, _ qualifiedName: String) -> String? {
        guard let slot = attributeSlot(n, qualifiedName) else { return nil }
        return string(attrs[slot].start, attrs[slot].count)
    }

    /// The first element in tree order under `root` whose attribute `name` (an HTML attribute name, lowercase) is
    /// exactly `value`: getElementById's walk, comparing bytes in place (no string made per element).
    func firstElement(withAttribute name: String, equalTo value: String, under root: DOMNodeID) -> DOMNodeID? {
        guard let nameID = names.lookup(name) else { return nil }
        var wanted = value
        return wanted.withUTF8 { w -> DOMNodeID? in
            text.withUnsafeBufferPointer { bytes -> DOMNodeID? in
                var cur = firstChild(root)
                while let n = cur {
                    if let a = attributeSlot(n, nameID: nameID) {
                        let start = Int(attrs[a].start), count = Int(attrs[a].count)
                        if count == w.count && (count == 0 || memcmp(bytes.baseAddress! + start, w.baseAddress!, count) == 0) { return n }
                    }
                    cur = next(after: n, within: root)
                }
                return nil
            }
        }
    }

    func attributeSlot(_ n: DOMNodeID, _ qualifiedName: String) -> Int? {
        let r = nodes[Int(n.raw)]
        guard r.kind == .element, r.dataCount > 0 else { return nil }
        let key = r.ns == DOMNamespace.html.rawValue ? asciiLowercased(qualifiedName) : qualifiedName
        guard let nameID = names.lookup(key) else { return nil }
        return attributeSlot(n, nameID: nameID)
    }

    /// The slot of element `n`'s attribute whose name is `nameID`; nil for other nodes and when it has none.
    func attributeSlot(_ n: DOMNodeID, nameID: Int32) -> Int? {
        let r = nodes[Int(n.raw)]
        guard r.kind == .element, r.dataCount > 0 else { return nil }
        for a in Int(r.dataStart)..<Int(r.dataStart + r.dataCount) where attrs[a].name == nameID { return a }
        return nil
    }

    /// The content fragment of a `template` element; nil for other nodes.
    public func templateContent(_ template: DOMNodeID) -> DOMNodeID? {
        let r = nodes[Int(template.raw)]
        return r.kind == .element && r.aux >= 0 ? DOMNodeID(raw: r.aux) : nil
    }

    /// Name, public id and system id of a doctype node.
    public func doctype(_ n: DOMNodeID) -> (name: String, publicId: String, systemId: String)? {
        let r = nodes[Int(n.raw)]
        guard r.kind == .doctype else { return nil }
        let ids = r.aux >= 0 ? doctypeIDs[Int(r.aux)] : DOMDoctypeIDs(publicId: "", systemId: "")
        return (string(r.dataStart, r.dataCount), ids.publicId, ids.systemId)
    }

    /// Whether `ancestor` is `node` or one of its ancestors.
    public func isInclusiveAncestor(_ ancestor: DOMNodeID, of node: DOMNodeID) -> Bool {
        var p = node.raw
        while p >= 0 {
            if p == ancestor.raw { return true }
            p = nodes[Int(p)].parent
        }
        return false
    }

    /// All text below `n` in tree order (its data for a text node).
    public func textContent(_ n: DOMNodeID) -> String {
        let r = nodes[Int(n.raw)]
        if r.kind == .text || r.kind == .comment { return string(r.dataStart, r.dataCount) }
        var bytes: [UInt8] = []
        var cur = r.firstChild
        while cur >= 0 {
            let c = nodes[Int(cur)]
            if c.kind == .text { bytes.append(contentsOf: text[Int(c.dataStart)..<Int(c.dataStart + c.dataCount)]) }
            cur = nextInSubtree(cur, root: n.raw)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The node after `n` in tree order (pre-order) within the subtree of `root`, or nil at its end.
    @inline(__always)
    func next(after n: DOMNodeID, within root: DOMNodeID) -> DOMNodeID? {
        id(nextInSubtree(n.raw, root: root.raw))
    }

    /// The node after `n` in tree order within the subtree of `root`, or -1.
    @inline(__always)
    func nextInSubtree(_ n: Int32, root: Int32) -> Int32 {
        let r = nodes[Int(n)]
        if r.firstChild >= 0 { return r.firstChild }
        var cur = n
        while cur != root {
            let c = nodes[Int(cur)]
            if c.next >= 0 { return c.next }
            cur = c.parent
            if cur < 0 { return -1 }
        }
        return -1
    }

    // MARK: Creating

    @inline(__always)
    func newNode(_ record: DOMRecord) -> Int32 {
        let idx = Int32(truncatingIfNeeded: nodes.count)
        nodes.append(record)
        return idx
    }

    @inline(__always)
    func appendBytes(_ s: String) -> (Int32, Int32) {
        let start = text.count
        var copy = s
        copy.withUTF8 { text.append(contentsOf: $0) }
        return (Int32(start), Int32(text.count - start))
    }

    /// A new detached element. Attribute names of HTML elements are used as given.
    public func createElement(_ localName: String, namespace: DOMNamespace = .html, attributes: [DOMAttribute] = []) -> DOMNodeID {
        touch()
        let a0 = attrs.count
        for a in attributes where !attrs[a0...].contains(where: { names.strings[Int($0.name)] == a.qualifiedName }) {
            let (s, c) = appendBytes(a.value)
            attrs.append(AttrRecord(name: intern(a.qualifiedName), start: s, count: c, ns: a.namespace?.rawValue ?? noNamespace))
        }
        let n = newNode(DOMRecord(kind: .element, ns: namespace.rawValue, name: intern(localName),
                                  dataStart: Int32(a0), dataCount: Int32(attrs.count - a0)))
        if namespace == .html && localName == "template" { nodes[Int(n)].aux = newNode(DOMRecord(kind: .documentFragment, ns: 0, name: -1)) }
        return DOMNodeID(raw: n)
    }

    public func createText(_ data: String) -> DOMNodeID {
        touch()
        let (s, c) = appendBytes(data)
        return DOMNodeID(raw: newNode(DOMRecord(kind: .text, ns: 0, name: -1, dataStart: s, dataCount: c)))
    }

    public func createComment(_ data: String) -> DOMNodeID {
        touch()
        let (s, c) = appendBytes(data)
        return DOMNodeID(raw: newNode(DOMRecord(kind: .comment, ns: 0, name: -1, dataStart: s, dataCount: c)))
    }

    public func createDocumentFragment() -> DOMNodeID {
        touch()
        return DOMNodeID(raw: newNode(DOMRecord(kind: .documentFragment, ns: 0, name: -1)))
    }

    /// A new detached doctype node.
    public func createDoctype(name: String, publicId: String = "", systemId: String = "") -> DOMNodeID {
        touch()
        let (s, c) = appendBytes(name)
        doctypeIDs.append(DOMDoctypeIDs(publicId: publicId, systemId: systemId))
        return DOMNodeID(raw: newNode(DOMRecord(kind: .doctype, ns: 0, name: -1, dataStart: s, dataCount: c,
                                                aux: Int32(doctypeIDs.count - 1))))
    }

    func intern(_ s: String) -> Int32 {
        var bytes = Array(s.utf8)
        bytes.append(0)   // never empty, so the buffer has a base address
        return bytes.withUnsafeBufferPointer { names.intern($0.baseAddress!, $0.count - 1) }
    }

    // MARK: Mutating

    /// Moves `child` (detaching it first) to the end of `parent`'s children. Inserting a node into itself or
    /// its own subtree is refused (nothing changes), as the DOM refuses it.
    public func append(_ child: DOMNodeID, to parent: DOMNodeID) {
        insert(child, before: nil, in: parent)
    }

    /// Moves `child` before `reference` among `parent`'s children (at the end when `reference` is nil or is
    /// not a child of `parent`). Refused (nothing changes) when `child` is `parent` or one of its ancestors,
    /// or is the document node.
    public func insert(_ child: DOMNodeID, before reference: DOMNodeID?, in parent: DOMNodeID) {
        guard valid(child), valid(parent), child.raw != 0, !isInclusiveAncestor(child, of: parent) else { return }
        var ref = reference?.raw ?? -1
        if ref == child.raw { ref = nodes[Int(child.raw)].next }
        if ref >= 0 && (!valid(DOMNodeID(raw: ref)) || nodes[Int(ref)].parent != parent.raw) { ref = -1 }
        touch()
        detach(child.raw)
        link(child.raw, parent.raw, before: ref)
    }

    /// Detaches `n` from its parent (a no-op for a detached node).
    public func remove(_ n: DOMNodeID) {
        guard valid(n), nodes[Int(n.raw)].parent >= 0 else { return }
        touch()
        detach(n.raw)
    }

    @inline(__always)
    func detach(_ n: Int32) {
        let r = nodes[Int(n)]
        guard r.parent >= 0 else { return }
        if r.prev >= 0 { nodes[Int(r.prev)].next = r.next } else { nodes[Int(r.parent)].firstChild = r.next }
        if r.next >= 0 { nodes[Int(r.next)].prev = r.prev } else { nodes[Int(r.parent)].lastChild = r.prev }
        nodes[Int(n)].parent = -1; nodes[Int(n)].prev = -1; nodes[Int(n)].next = -1
    }

    /// Links a detached node under `parent`, before `ref` (-1: at the end).
    @inline(__always)
    func link(_ n: Int32, _ parent: Int32, before ref: Int32) {
        nodes[Int(n)].parent = parent
        if ref < 0 {
            let last = nodes[Int(parent)].lastChild
            nodes[Int(n)].prev = last
            nodes[Int(n)].next = -1
            if last >= 0 { nodes[Int(last)].next = n } else { nodes[Int(parent)].firstChild = n }
            nodes[Int(parent)].lastChild = n
        } else {
            let before = nodes[Int(ref)].prev
            nodes[Int(n)].prev = before
            nodes[Int(n)].next = ref
            nodes[Int(ref)].prev = n
            if before >= 0 { nodes[Int(before)].next = n } else { nodes[Int(parent)].firstChild = n }
        }
    }

    /// Replaces the data of a text or comment node (other nodes are left alone).
    public func setData(_ n: DOMNodeID, _ data: String) {
        guard valid(n) else { return }
        let k = nodes[Int(n.raw)].kind
        guard k == .text || k == .comment else { return }
        touch()
        let (s, c) = appendBytes(data)
        nodes[Int(n.raw)].dataStart = s; nodes[Int(n.raw)].dataCount = c
    }

    /// Sets an attribute by qualified name (lower-cased first on HTML elements, as the DOM's
    /// `setAttribute` does). A new attribute goes after the existing ones.
    public func setAttribute(_ n: DOMNodeID, _ qualifiedName: String, _ value: String) {
        guard valid(n), nodes[Int(n.raw)].kind == .element else { return }
        touch()
        let (s, c) = appendBytes(value)
        if let slot = attributeSlot(n, qualifiedName) {
            attrs[slot].start = s; attrs[slot].count = c
            return
        }
        let html = nodes[Int(n.raw)].ns == DOMNamespace.html.rawValue
        let name = intern(html ? asciiLowercased(qualifiedName) : qualifiedName)
        appendAttribute(n.raw, AttrRecord(name: name, start: s, count: c, ns: noNamespace))
    }

    /// Appends an attribute record to an element, moving its range to the end of the array when needed.
    func appendAttribute(_ n: Int32, _ a: AttrRecord) {
        let r = nodes[Int(n)]
        let start = Int(r.dataStart), count = Int(r.dataCount)
        if count == 0 || start + count != attrs.count {
            let moved = Array(attrs[start..<start + count])
            nodes[Int(n)].dataStart = Int32(attrs.count)
            attrs.append(contentsOf: moved)
        }
        attrs.append(a)
        nodes[Int(n)].dataCount += 1
    }

    /// Removes an attribute by qualified name (lower-cased first on HTML elements).
    public func removeAttribute(_ n: DOMNodeID, _ qualifiedName: String) {
        guard valid(n), let slot = attributeSlot(n, qualifiedName) else { return }
        touch()
        let r = nodes[Int(n.raw)]
        let end = Int(r.dataStart + r.dataCount)
        var i = slot
        while i + 1 < end { attrs[i] = attrs[i + 1]; i += 1 }
        nodes[Int(n.raw)].dataCount -= 1
    }

    // MARK: Bytes

    func string(_ start: Int32, _ count: Int32) -> String {
        if count == 0 { return "" }
        return text.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start + count)]), as: UTF8.self)
        }
    }

    // MARK: Freezing

    /// The tree as an immutable ``HTMLDocument`` (nodes reachable from the document, in document order, then
    /// the contents of `template` elements). Cached until the next mutation.
    public func snapshot() -> HTMLDocument {
        if let c = cachedSnapshot, c.version == version { return c.doc }
        let doc = freeze()
        cachedSnapshot = (version, doc)
        return doc
    }

    private func freeze() -> HTMLDocument {
        if inOrder { return freezeInOrder() }
        var out: [NodeRecord] = []
        out.reserveCapacity(nodes.count)
        var templates: [(snapshotIndex: Int32, content: Int32)] = []
        var templateMap: [Int32: Int32] = [:]
        var doctypes: [Int32: DOMDoctypeIDs] = [:]
        var html: Int32 = -1, head: Int32 = -1, body: Int32 = -1
        var doctypeName: String?

        // Pre-order walk of one subtree; `end` is fixed when a node's subtree is left.
        func walk(_ root: Int32, parent rootParent: Int32) {
            var stack: [Int32] = []   // snapshot indices of the open ancestors
            var cur = root
            var parentOut = rootParent
            while true {
                let r = nodes[Int(cur)]
                let idx = Int32(out.count)
                out.append(NodeRecord(kind: r.kind, name: r.name, parent: parentOut, firstChild: -1, lastChild: -1,
                                      nextSibling: -1, end: idx, dataStart: r.dataStart, dataCount: r.dataCount, ns: r.ns))
                if parentOut >= 0 {
                    let last = out[Int(parentOut)].lastChild
                    if last >= 0 { out[Int(last)].nextSibling = idx } else { out[Int(parentOut)].firstChild = idx }
                    out[Int(parentOut)].lastChild = idx
                }
                if r.kind == .element && r.aux >= 0 { templates.append((idx, r.aux)) }
                if r.kind == .doctype {
                    if r.aux >= 0 {
                        let ids = doctypeIDs[Int(r.aux)]
                        if !ids.publicId.isEmpty || !ids.systemId.isEmpty { doctypes[idx] = ids }
                    }
                    if doctypeName == nil && parentOut == 0 { doctypeName = string(r.dataStart, r.dataCount) }
                }
                if r.firstChild >= 0 {
                    stack.append(idx)
                    parentOut = idx
                    cur = r.firstChild
                    continue
                }
                // Leave finished subtrees until one has a next sibling.
                var node = cur
                while true {
                    if node == root { return }
                    let next = nodes[Int(node)].next
                    if next >= 0 { cur = next; break }
                    node = nodes[Int(node)].parent
                    let closed = stack.removeLast()
                    out[Int(closed)].end = Int32(out.count - 1)
                    parentOut = stack.last ?? rootParent
                }
            }
        }
        walk(0, parent: -1)
        out[0].end = Int32(out.count - 1)
        // html, head and body (or frameset) as the DOM's accessors find them.
        var c = out[0].firstChild
        while c >= 0 {
            if out[Int(c)].kind == .element { if out[Int(c)].name == N.html && out[Int(c)].ns == 0 { html = c }; break }
            c = out[Int(c)].nextSibling
        }
        if html >= 0 {
            var k = out[Int(html)].firstChild
            while k >= 0 {
                let r = out[Int(k)]
                if r.kind == .element && r.ns == 0 {
                    if head < 0 && r.name == N.head { head = k }
                    if body < 0 && (r.name == N.body || r.name == N.frameset) { body = k }
                }
                k = r.nextSibling
            }
        }
        var t = 0
        while t < templates.count {
            let (owner, content) = templates[t]
            templateMap[owner] = Int32(out.count)
            walk(content, parent: -1)
            t += 1
        }
        let fallback = html >= 0 ? html : 0
        return HTMLDocument(nodes: out, attrs: attrs, text: text, names: names.strings,
                            html: html >= 0 ? html : 0, head: head >= 0 ? head : fallback, body: body >= 0 ? body : fallback,
                            doctype: doctypeName, byteCount: byteCount,
                            templateContents: templateMap, doctypeIDs: doctypes, quirksMode: quirksMode,
                            parseErrorCount: parseErrorCount)
    }

    /// The snapshot of a tree whose arena is already in document order: one pass computes each subtree's end.
    private func freezeInOrder() -> HTMLDocument {
        let count = nodes.count
        // Each subtree's end, from the last node back (a node's last child comes after it), written into the
        // tree's own records, which the document then shares: no copy unless the tree changes afterwards.
        nodes.withUnsafeMutableBufferPointer { buffer in
            var i = count - 1
            while i >= 0 {
                let last = buffer[i].lastChild
                buffer[i].end = last >= 0 ? buffer[Int(last)].end : Int32(i)
                i -= 1
            }
            buffer[0].end = Int32(count - 1)
        }
        let out = nodes
        var html: Int32 = -1, head: Int32 = -1, body: Int32 = -1
        var doctypeName: String?
        var doctypes: [Int32: DOMDoctypeIDs] = [:]
        var c = out[0].firstChild
        while c >= 0 {
            let r = out[Int(c)]
            if r.kind == .doctype {
                if doctypeName == nil { doctypeName = string(r.dataStart, r.dataCount) }
                // Empty identifiers are not stored (readers default to ""): no dictionary for the usual doctype.
                let aux = nodes[Int(c)].aux
                if aux >= 0 {
                    let ids = doctypeIDs[Int(aux)]
                    if !ids.publicId.isEmpty || !ids.systemId.isEmpty { doctypes[c] = ids }
                }
            }
            if r.kind == .element && html < 0 && r.name == N.html && r.ns == 0 { html = c }
            c = r.nextSibling
        }
        if html >= 0 {
            var k = out[Int(html)].firstChild
            while k >= 0 {
                let r = out[Int(k)]
                if r.kind == .element && r.ns == 0 {
                    if head < 0 && r.name == N.head { head = k }
                    if body < 0 && (r.name == N.body || r.name == N.frameset) { body = k }
                }
                k = r.nextSibling
            }
        }
        let fallback = html >= 0 ? html : 0
        return HTMLDocument(nodes: out, attrs: attrs, text: text, names: names.strings,
                            html: html >= 0 ? html : 0, head: head >= 0 ? head : fallback, body: body >= 0 ? body : fallback,
                            doctype: doctypeName, byteCount: byteCount, doctypeIDs: doctypes, quirksMode: quirksMode,
                            parseErrorCount: parseErrorCount)
    }

    // MARK: Thawing

    /// A mutable copy of a frozen document (its template contents included).
    public convenience init(_ document: HTMLDocument) {
        self.init()
        nodes.removeAll(keepingCapacity: true)
        nodes.reserveCapacity(document.nodes.count)
        attrs = document.attrs
        text = document.text
        names = NameTable(strings: document.names)
        byteCount = document.byteCount
        quirksMode = document.quirksMode
        parseErrorCount = document.parseErrorCount
        for (i, r) in document.nodes.enumerated() {
            var rec = DOMRecord(kind: r.kind, ns: r.ns, name: r.name, dataStart: r.dataStart, dataCount: r.dataCount)
            if r.kind == .doctype, let ids = document.doctypeIDs[Int32(i)] {
                doctypeIDs.append(ids); rec.aux = Int32(doctypeIDs.count - 1)
            }
            nodes.append(rec)
            if r.parent >= 0 { link(Int32(i), r.parent, before: -1) }
        }
        for (owner, content) in document.templateContents { nodes[Int(owner)].aux = content }
    }
}

/// Public and system identifiers of a doctype.
struct DOMDoctypeIDs: Sendable, Equatable {
    var publicId: String
    var systemId: String
}

/// The document's compatibility mode, decided by its doctype.
public enum HTMLQuirksMode: UInt8, Sendable {
    case noQuirks, limitedQuirks, quirks
}

let noNamespace: UInt8 = 0xFF

func asciiLowercased(_ s: String) -> String {
    var hasUpper = false
    for b in s.utf8 where b >= 0x41 && b <= 0x5A { hasUpper = true; break }
    guard hasUpper else { return s }
    return String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
}
