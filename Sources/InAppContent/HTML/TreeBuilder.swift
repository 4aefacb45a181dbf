// The HTML Standard's tree construction (§13.2.6): insertion modes, the stack of open elements, the list of
// active formatting elements (reconstruction, the adoption agency algorithm), foster parenting, template
// contents, foreign content and fragment parsing. It writes into a DOMTree's storage, which it holds for the
// duration of a parse (moved out of the tree and back, never copied). Nothing recurses per nesting level:
// reprocessing a token in another mode is a bounded number of calls.

struct Tag {
    var name: Int32
    var a0: Int32
    var ac: Int32
    var selfClosing: Bool
}

struct OpenElement {
    var node: Int32
    var name: Int32
    var ns: UInt8
}

enum Mode: UInt8 {
    case initial, beforeHtml, beforeHead, inHead, inHeadNoscript, afterHead, inBody, text, inTable, inTableText
    case inCaption, inColumnGroup, inTableBody, inRow, inCell, inTemplate, afterBody
    case inFrameset, afterFrameset, afterAfterBody, afterAfterFrameset
}

private let HTMLNS: UInt8 = DOMNamespace.html.rawValue
private let SVGNS: UInt8 = DOMNamespace.svg.rawValue
private let MATHNS: UInt8 = DOMNamespace.mathml.rawValue

struct HTMLParser {
    // The tree's storage, held during the parse.
    var nodes: [DOMRecord]
    var attrs: [AttrRecord]
    var text: [UInt8]
    var names: NameTable
    var doctypeIDs: [DOMDoctypeIDs]
    var errors: [HTMLParseError] = []
    var errorCount = 0
    let maxDepth: Int
    let maxNodes: Int
    var failure: ContentError?

    // Tokenizer state.
    var state: TState = .data
    var pos = 0
    var tagIsEnd = false, tagSelfClosing = false
    var tagStart = 0
    var tagName: Int32 = -1
    var tagNameBuf: [UInt8] = []
    var attrStart = 0, textMark = 0, attrValueStart = 0
    var attrPending = false, attrDuplicate = false
    var attrName: Int32 = -1
    var lastStartTag: Int32 = -1
    var tempBuf: [UInt8] = []
    var scratch: [UInt8] = []
    var commentStart = 0
    var doctypeNameBuf: [UInt8] = [], doctypePublicBuf: [UInt8] = [], doctypeSystemBuf: [UInt8] = []
    var doctypeHasName = false, doctypeHasPublic = false, doctypeHasSystem = false, doctypeForceQuirks = false
    /// The known names' cache keys (shared), then a per-parse cache of the document's own short names.
    let knownKeys = KnownNameKeys.table.keys, knownIDs = KnownNameKeys.table.ids
    var cacheKeys = [UInt64](repeating: 0, count: 128)
    var cacheIDs = [Int32](repeating: 0, count: 128)
    var cacheCount = 0

    // Tree construction state.
    var documentNode: Int32 = 0
    var mode: Mode = .initial
    var originalMode: Mode = .initial
    var open: [OpenElement] = []
    var openCount = [Int32](repeating: 0, count: KnownNames.list.count)
    var formatting: [Int32] = []          // element nodes; -1 is a marker
    var templateModes: [Mode] = []
    var headElement: Int32 = -1
    var formElement: Int32 = -1
    var framesetOK = true
    let scripting: Bool
    var fosterParenting = false
    var pendingTableText: [UInt8] = []
    var pendingTableTextDirty = false
    var context: OpenElement?
    var skipNewline = false
    var sawSelectedContent = false
    /// True while every node was appended in creation order as the last node of the tree (the usual case):
    /// the snapshot is then a linear copy (see DOMTree.freeze).
    var inOrder = true
    var lastLinked: Int32 = 0   // the document node
    var quirks: HTMLQuirksMode = .noQuirks
    let flags = ElementFlags.html

    init(tree: DOMTree, limits: ContentLimits, scripting: Bool) {
        nodes = tree.nodes; attrs = tree.attrs; text = tree.text; names = tree.names; doctypeIDs = tree.doctypeIDs
        tree.nodes = []; tree.attrs = []; tree.text = []; tree.doctypeIDs = []
        maxDepth = max(3, limits.maxDepth)
        maxNodes = min(limits.maxNodes, tree.maxNodes)
        self.scripting = scripting
        // Room for a typical message up front: growing from empty reallocates each of these several times.
        open.reserveCapacity(32)
        formatting.reserveCapacity(16)
        scratch.reserveCapacity(128)
    }

    /// Hands the storage back to the tree.
    mutating func finish(into tree: DOMTree) {
        tree.inOrder = inOrder && context == nil && lastLinked == Int32(nodes.count - 1)
        tree.nodes = nodes; tree.attrs = attrs; tree.text = text; tree.names = names; tree.doctypeIDs = doctypeIDs
        nodes = []; attrs = []; text = []; doctypeIDs = []
        tree.parseErrors = errors
        tree.parseErrorCount = errorCount
    }

    mutating func error(_ code: StaticString, at offset: Int) {
        errorCount += 1
        if errors.count < DOMTree.maxRecordedErrors { errors.append(HTMLParseError(offset: offset, code: "\(code)")) }
    }

    @inline(__always) mutating func parseError(_ code: StaticString) { error(code, at: tagStart) }

    // MARK: Element predicates

    @inline(__always) mutating func htmlFlags(_ name: Int32) -> UInt16 { Int(name) < flags.count ? flags[Int(name)] : 0 }
    @inline(__always) mutating func isHTML(_ e: OpenElement, _ name: Int32) -> Bool { e.ns == HTMLNS && e.name == name }
    // Accessors are `mutating` (like the helpers below) so a call never copies the parser's ~400-byte state.
    @inline(__always) var current: OpenElement { mutating get { open[open.count - 1] } }
    var adjustedCurrent: OpenElement {
        mutating get {
            if let context, open.count == 1 { return context }
            return open[open.count - 1]
        }
    }
    var adjustedCurrentIsForeign: Bool { mutating get { !open.isEmpty && adjustedCurrent.ns != HTMLNS } }

    mutating func isSpecial(_ e: OpenElement) -> Bool {
        switch e.ns {
        case HTMLNS: return htmlFlags(e.name) & ElementFlags.special != 0
        case MATHNS: return e.name == N.mi || e.name == N.mo || e.name == N.mn || e.name == N.ms || e.name == N.mtext || e.name == N.annotationXml
        case SVGNS: return e.name == N.foreignObject || e.name == N.desc || e.name == N.title
        default: return false
        }
    }

    mutating func isScopeBoundary(_ e: OpenElement) -> Bool {
        switch e.ns {
        case HTMLNS: return htmlFlags(e.name) & ElementFlags.scope != 0
        case MATHNS: return e.name == N.mi || e.name == N.mo || e.name == N.mn || e.name == N.ms || e.name == N.mtext || e.name == N.annotationXml
        case SVGNS: return e.name == N.foreignObject || e.name == N.desc || e.name == N.title
        default: return false
        }
    }

    mutating func isMathMLTextIntegrationPoint(_ e: OpenElement) -> Bool {
        e.ns == MATHNS && (e.name == N.mi || e.name == N.mo || e.name == N.mn || e.name == N.ms || e.name == N.mtext)
    }

    mutating func isHTMLIntegrationPoint(_ e: OpenElement) -> Bool {
        if e.ns == SVGNS { return e.name == N.foreignObject || e.name == N.desc || e.name == N.title }
        if e.ns == MATHNS && e.name == N.annotationXml {
            guard let v = attributeValue(e.node, N.encoding)?.lowercased() else { return false }
            return v == "text/html" || v == "application/xhtml+xml"
        }
        return false
    }

    mutating func attributeValue(_ node: Int32, _ name: Int32) -> String? {
        let r = nodes[Int(node)]
        guard r.dataCount > 0 else { return nil }
        for a in Int(r.dataStart)..<Int(r.dataStart + r.dataCount) where attrs[a].name == name {
            return string(attrs[a].start, attrs[a].count)
        }
        return nil
    }

    /// Whether the tag has attribute `name` with a value equal to `word` (lower-case ASCII), ignoring ASCII case;
    /// no String is made.
    mutating func tagAttribute(_ t: Tag, _ name: Int32, is word: StaticString) -> Bool {
        guard t.ac > 0 else { return false }
        for a in Int(t.a0)..<Int(t.a0 + t.ac) where attrs[a].name == name {
            let r = attrs[a]
            guard Int(r.count) == word.utf8CodeUnitCount else { return false }
            let w = word.utf8Start, start = Int(r.start)
            for k in 0..<Int(r.count) where lowerASCII(text[start + k]) != w[k] { return false }
            return true
        }
        return false
    }

    mutating func tagHasAttribute(_ t: Tag, _ name: Int32) -> Bool {
        guard t.ac > 0 else { return false }
        for a in Int(t.a0)..<Int(t.a0 + t.ac) where attrs[a].name == name { return true }
        return false
    }


    mutating func string(_ start: Int32, _ count: Int32) -> String {
        if count == 0 { return "" }
        return String(decoding: text[Int(start)..<Int(start + count)], as: UTF8.self)
    }

    enum Scope { case normal, listItem, button, table, select }

    /// Whether an HTML element named `name` is in the given scope.
    mutating func inScope(_ name: Int32, _ scope: Scope = .normal) -> Bool {
        if Int(name) < openCount.count && openCount[Int(name)] == 0 { return false }
        var i = open.count - 1
        while i >= 0 {
            let e = open[i]
            if e.ns == HTMLNS && e.name == name { return true }
            switch scope {
            case .normal: if isScopeBoundary(e) { return false }
            case .listItem: if isScopeBoundary(e) || isHTML(e, N.ol) || isHTML(e, N.ul) { return false }
            case .button: if isScopeBoundary(e) || isHTML(e, N.button) { return false }
            case .table: if e.ns == HTMLNS && (e.name == N.html || e.name == N.table || e.name == N.template) { return false }
            case .select: if !(e.ns == HTMLNS && (e.name == N.optgroup || e.name == N.option)) { return false }
            }
            i -= 1
        }
        return false
    }

    mutating func nodeInScope(_ node: Int32) -> Bool {
        var i = open.count - 1
        while i >= 0 {
            let e = open[i]
            if e.node == node { return true }
            if isScopeBoundary(e) { return false }
            i -= 1
        }
        return false
    }

    mutating func anyInScope(_ names: [Int32], _ scope: Scope = .normal) -> Bool {
        for n in names where inScope(n, scope) { return true }
        return false
    }

    mutating func openIndex(_ node: Int32) -> Int? {
        var i = open.count - 1
        while i >= 0 { if open[i].node == node { return i }; i -= 1 }
        return nil
    }

    mutating func hasOpen(_ name: Int32) -> Bool { openCount[Int(name)] > 0 }

    // MARK: The stack of open elements

    mutating func push(_ e: OpenElement) {
        if open.count >= maxDepth && failure == nil { failure = .nestingTooDeep(limit: maxDepth) }
        open.append(e)
        if e.ns == HTMLNS && Int(e.name) < openCount.count { openCount[Int(e.name)] += 1 }
    }

    @discardableResult
    mutating func pop() -> OpenElement {
        let e = open.removeLast()
        if e.ns == HTMLNS && Int(e.name) < openCount.count { openCount[Int(e.name)] -= 1 }
        if sawSelectedContent && e.ns == HTMLNS && e.name == N.option { cloneOptionIntoSelectedContent(e.node) }
        return e
    }

    mutating func removeOpen(at i: Int) {
        let e = open.remove(at: i)
        if e.ns == HTMLNS && Int(e.name) < openCount.count { openCount[Int(e.name)] -= 1 }
    }

    mutating func insertOpen(_ e: OpenElement, at i: Int) {
        open.insert(e, at: i)
        if e.ns == HTMLNS && Int(e.name) < openCount.count { openCount[Int(e.name)] += 1 }
    }

    /// Pops until an HTML element named `name` has been popped.
    mutating func popUntil(_ name: Int32) {
        while !open.isEmpty {
            let e = pop()
            if e.ns == HTMLNS && e.name == name { return }
        }
    }

    mutating func popUntilNode(_ node: Int32) {
        while !open.isEmpty { if pop().node == node { return } }
    }

    mutating func popUntilAny(_ names: [Int32]) {
        while !open.isEmpty {
            let e = pop()
            if e.ns == HTMLNS && names.contains(e.name) { return }
        }
    }

    mutating func generateImpliedEndTags(except: Int32 = -1) {
        while let e = open.last, e.ns == HTMLNS, e.name != except, htmlFlags(e.name) & ElementFlags.impliedEnd != 0 { pop() }
    }

    mutating func generateImpliedEndTagsThoroughly() {
        while let e = open.last, e.ns == HTMLNS, htmlFlags(e.name) & ElementFlags.impliedEndThorough != 0 { pop() }
    }

    mutating func closePElement() {
        generateImpliedEndTags(except: N.p)
        if !isHTML(current, N.p) { parseError("end-tag-p-implied") }
        popUntil(N.p)
    }

    mutating func closePIfInButtonScope() {
        if inScope(N.p, .button) { closePElement() }
    }

    // MARK: Creating and inserting nodes

    @inline(__always)
    mutating func newNode(_ r: DOMRecord) -> Int32 {
        if nodes.count >= maxNodes && failure == nil { failure = .tooManyNodes(limit: maxNodes) }
        let idx = Int32(truncatingIfNeeded: nodes.count)
        nodes.append(r)
        return idx
    }

    /// Creates a node as the new last child of `parent`: the record is appended already linked (one write to
    /// the new node instead of three), the same result as `newNode` followed by `link(_, parent, before: -1)`.
    @inline(__always)
    mutating func appendChildNode(_ r: DOMRecord, to parent: Int32) -> Int32 {
        if nodes.count >= maxNodes && failure == nil { failure = .tooManyNodes(limit: maxNodes) }
        let idx = Int32(truncatingIfNeeded: nodes.count)
        if inOrder { keepOrder(idx, parent, -1) }
        let last = nodes[Int(parent)].lastChild
        var r = r
        r.parent = parent
        r.prev = last
        nodes.append(r)
        if last >= 0 { nodes[Int(last)].next = idx } else { nodes[Int(parent)].firstChild = idx }
        nodes[Int(parent)].lastChild = idx
        return idx
    }

    mutating func createElement(_ name: Int32, _ ns: UInt8, _ a0: Int32, _ ac: Int32) -> Int32 {
        let n = newNode(DOMRecord(kind: .element, ns: ns, name: name, dataStart: a0, dataCount: ac))
        if ns == HTMLNS && name == N.template {
            nodes[Int(n)].aux = newNode(DOMRecord(kind: .documentFragment, ns: 0, name: -1))
        }
        return n
    }

    /// A new element like `node` (same name, namespace and attributes, copied).
    mutating func cloneElement(_ node: Int32) -> Int32 {
        let r = nodes[Int(node)]
        let a0 = Int32(attrs.count)
        if r.dataCount > 0 {
            for a in Int(r.dataStart)..<Int(r.dataStart + r.dataCount) { attrs.append(attrs[a]) }
        }
        return createElement(r.name, r.ns, a0, r.dataCount)
    }

    @inline(__always)
    mutating func link(_ n: Int32, _ parent: Int32, before ref: Int32) {
        if inOrder { keepOrder(n, parent, ref) }
        nodes[Int(n)].parent = parent
        if ref < 0 {
            let last = nodes[Int(parent)].lastChild
            nodes[Int(n)].prev = last
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

    /// Keeps track of "arena order is document order and every node is in the tree": it holds while each node is
    /// linked as the newest node, at the end of the tree (its parent an ancestor of the node linked before it).
    @inline(__always)
    mutating func keepOrder(_ n: Int32, _ parent: Int32, _ ref: Int32) {
        guard ref < 0, n == lastLinked + 1 else { inOrder = false; return }
        var a = lastLinked
        while a != parent {
            a = nodes[Int(a)].parent
            if a < 0 { inOrder = false; return }
        }
        lastLinked = n
    }

    mutating func detach(_ n: Int32) {
        inOrder = false
        let r = nodes[Int(n)]
        guard r.parent >= 0 else { return }
        if r.prev >= 0 { nodes[Int(r.prev)].next = r.next } else { nodes[Int(r.parent)].firstChild = r.next }
        if r.next >= 0 { nodes[Int(r.next)].prev = r.prev } else { nodes[Int(r.parent)].lastChild = r.prev }
        nodes[Int(n)].parent = -1; nodes[Int(n)].prev = -1; nodes[Int(n)].next = -1
    }

    /// The appropriate place for inserting a node (parent, and the child to insert before or -1).
    @inline(__always)
    mutating func insertionLocation(override target: OpenElement? = nil) -> (Int32, Int32) {
        if target == nil && !fosterParenting {
            // The usual case: at the end of the current node (a template's contents for a template).
            let t = open[open.count - 1]
            if t.ns != HTMLNS || t.name != N.template { return (t.node, -1) }
        }
        return insertionLocationSlow(override: target)
    }

    mutating func insertionLocationSlow(override target: OpenElement?) -> (Int32, Int32) {
        let t = target ?? open[open.count - 1]
        var parent = t.node, before: Int32 = -1
        if fosterParenting && t.ns == HTMLNS
            && (t.name == N.table || t.name == N.tbody || t.name == N.tfoot || t.name == N.thead || t.name == N.tr) {
            var lastTemplate = -1, lastTable = -1
            var i = open.count - 1
            while i >= 0 && (lastTemplate < 0 || lastTable < 0) {
                let e = open[i]
                if e.ns == HTMLNS {
                    if e.name == N.template && lastTemplate < 0 { lastTemplate = i }
                    if e.name == N.table && lastTable < 0 { lastTable = i }
                }
                i -= 1
            }
            if lastTemplate >= 0 && (lastTable < 0 || lastTemplate > lastTable) {
                parent = open[lastTemplate].node
            } else if lastTable < 0 {
                parent = open[0].node
            } else if nodes[Int(open[lastTable].node)].parent >= 0 {
                parent = nodes[Int(open[lastTable].node)].parent
                before = open[lastTable].node
            } else {
                parent = open[lastTable - 1].node
            }
        }
        let pr = nodes[Int(parent)]
        if pr.kind == .element && pr.aux >= 0 && pr.ns == HTMLNS && pr.name == N.template { parent = pr.aux }
        return (parent, before)
    }

    /// Inserts an element for a start tag at the appropriate place and pushes it.
    @discardableResult
    mutating func insertElement(_ t: Tag, ns: UInt8 = HTMLNS) -> Int32 {
        let (parent, before) = insertionLocation()
        if before < 0 && (ns != HTMLNS || t.name != N.template) {
            let e = appendChildNode(DOMRecord(kind: .element, ns: ns, name: t.name, dataStart: t.a0, dataCount: t.ac), to: parent)
            push(OpenElement(node: e, name: t.name, ns: ns))
            return e
        }
        let e = createElement(t.name, ns, t.a0, t.ac)
        link(e, parent, before: before)
        push(OpenElement(node: e, name: t.name, ns: ns))
        return e
    }

    @discardableResult
    mutating func insertElement(_ name: Int32) -> Int32 {
        insertElement(Tag(name: name, a0: Int32(attrs.count), ac: 0, selfClosing: false))
    }

    mutating func insertComment(_ start: Int32, _ count: Int32, parent: Int32? = nil) {
        let c = newNode(DOMRecord(kind: .comment, ns: 0, name: -1, dataStart: start, dataCount: count))
        if let parent {
            link(c, parent, before: -1)
        } else {
            let (p, b) = insertionLocation()
            link(c, p, before: b)
        }
    }

    /// Inserts characters at the appropriate place, merging with a text node just before it.
    mutating func insertText(_ p: UnsafePointer<UInt8>, _ n: Int) {
        guard n > 0 else { return }
        let (parent, before) = insertionLocation()
        if nodes[Int(parent)].kind == .document { return }
        appendText(p, n, parent: parent, before: before)
    }

    /// Inserts characters into `parent` before `before` (-1: at the end), merging with a preceding text node.
    @inline(__always)
    mutating func appendText(_ p: UnsafePointer<UInt8>, _ n: Int, parent: Int32, before: Int32) {
        let prev = before >= 0 ? nodes[Int(before)].prev : nodes[Int(parent)].lastChild
        if prev >= 0 && nodes[Int(prev)].kind == .text {
            let r = nodes[Int(prev)]
            if Int(r.dataStart + r.dataCount) != text.count {
                // Not at the end of the buffer: move its data there first.
                let start = text.count
                text.append(contentsOf: text[Int(r.dataStart)..<Int(r.dataStart + r.dataCount)])
                nodes[Int(prev)].dataStart = Int32(start)
            }
            text.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
            nodes[Int(prev)].dataCount += Int32(n)
            return
        }
        let start = text.count
        text.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        let r = DOMRecord(kind: .text, ns: 0, name: -1, dataStart: Int32(start), dataCount: Int32(n))
        if before < 0 {
            _ = appendChildNode(r, to: parent)
        } else {
            link(newNode(r), parent, before: before)
        }
    }

    mutating func insertText(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { if let b = $0.baseAddress { insertText(b, $0.count) } }
    }

    /// Adds the tag's attributes the element lacks (repeated `html` and `body` start tags).
    mutating func addMissingAttributes(_ t: Tag, to node: Int32) {
        guard t.ac > 0 else { return }
        for a in Int(t.a0)..<Int(t.a0 + t.ac) {
            let rec = attrs[a]
            let r = nodes[Int(node)]
            var present = false
            if r.dataCount > 0 {
                for b in Int(r.dataStart)..<Int(r.dataStart + r.dataCount) where attrs[b].name == rec.name { present = true; break }
            }
            if present { continue }
            let start = Int(r.dataStart), count = Int(r.dataCount)
            if count == 0 || start + count != attrs.count {
                let moved = Array(attrs[start..<start + count])
                nodes[Int(node)].dataStart = Int32(attrs.count)
                attrs.append(contentsOf: moved)
            }
            attrs.append(rec)
            nodes[Int(node)].dataCount += 1
        }
    }

    // MARK: Active formatting elements

    mutating func pushFormatting(_ node: Int32) {
        // Noah's Ark: at most three entries with the same name, namespace and attributes after the last marker.
        var same = 0, earliest = -1
        var i = formatting.count - 1
        while i >= 0 {
            let f = formatting[i]
            if f < 0 { break }
            if sameElementShape(f, node) { same += 1; earliest = i }
            i -= 1
        }
        if same >= 3 { formatting.remove(at: earliest) }
        formatting.append(node)
    }

    mutating func sameElementShape(_ a: Int32, _ b: Int32) -> Bool {
        let ra = nodes[Int(a)], rb = nodes[Int(b)]
        guard ra.name == rb.name, ra.ns == rb.ns, ra.dataCount == rb.dataCount else { return false }
        if ra.dataCount == 0 { return true }
        for x in Int(ra.dataStart)..<Int(ra.dataStart + ra.dataCount) {
            var found = false
            for y in Int(rb.dataStart)..<Int(rb.dataStart + rb.dataCount) where attrs[y].name == attrs[x].name {
                found = attrs[y].ns == attrs[x].ns && text[Int(attrs[y].start)..<Int(attrs[y].start + attrs[y].count)]
                    == text[Int(attrs[x].start)..<Int(attrs[x].start + attrs[x].count)]
                break
            }
            if !found { return false }
        }
        return true
    }

    mutating func reconstructFormatting() {
        guard let last = formatting.last, last >= 0, openIndex(last) == nil else { return }
        var i = formatting.count - 1
        while i > 0 {
            i -= 1
            let f = formatting[i]
            if f < 0 || openIndex(f) != nil { i += 1; break }
        }
        while i < formatting.count {
            let entry = formatting[i]
            let clone = cloneElement(entry)
            let (parent, before) = insertionLocation()
            link(clone, parent, before: before)
            push(OpenElement(node: clone, name: nodes[Int(clone)].name, ns: nodes[Int(clone)].ns))
            formatting[i] = clone
            i += 1
        }
    }

    mutating func clearFormattingToMarker() {
        while let f = formatting.popLast(), f >= 0 {}
    }

    /// The adoption agency algorithm for an end tag `subject`; false means "act as any other end tag".
    mutating func adoptionAgency(_ subject: Int32) -> Bool {
        let cur = current
        if isHTML(cur, subject) && !formatting.contains(cur.node) { pop(); return true }
        for _ in 0..<8 {
            var fIdx = -1
            var i = formatting.count - 1
            while i >= 0 {
                let f = formatting[i]
                if f < 0 { break }
                if nodes[Int(f)].name == subject && nodes[Int(f)].ns == HTMLNS { fIdx = i; break }
                i -= 1
            }
            if fIdx < 0 { return false }
            let fe = formatting[fIdx]
            guard let sIdx = openIndex(fe) else {
                parseError("adoption-agency-not-open"); formatting.remove(at: fIdx); return true
            }
            if !nodeInScope(fe) { parseError("adoption-agency-not-in-scope"); return true }
            if fe != current.node { parseError("adoption-agency-misnested") }
            var fbIdx = -1
            var k = sIdx + 1
            while k < open.count { if isSpecial(open[k]) { fbIdx = k; break }; k += 1 }
            if fbIdx < 0 {
                while open.count > sIdx { pop() }
                formatting.remove(at: fIdx)
                return true
            }
            let fb = open[fbIdx].node
            let commonAncestor = open[sIdx - 1]
            var bookmark = fIdx
            var nodeIdx = fbIdx
            var lastNode = fb
            var inner = 0
            while true {
                inner += 1
                nodeIdx -= 1
                let node = open[nodeIdx].node
                if node == fe { break }
                var fmt = formatting.lastIndex(of: node)
                if inner > 3, let fi = fmt {
                    formatting.remove(at: fi)
                    if fi < bookmark { bookmark -= 1 }
                    fmt = nil
                }
                guard let fi = fmt else { removeOpen(at: nodeIdx); continue }
                let clone = cloneElement(node)
                formatting[fi] = clone
                open[nodeIdx].node = clone
                if lastNode == fb { bookmark = fi + 1 }
                detach(lastNode)
                link(lastNode, clone, before: -1)
                lastNode = clone
            }
            detach(lastNode)
            let (parent, before) = insertionLocation(override: commonAncestor)
            link(lastNode, parent, before: before)
            let newElement = cloneElement(fe)
            var child = nodes[Int(fb)].firstChild
            while child >= 0 {
                let next = nodes[Int(child)].next
                detach(child)
                link(child, newElement, before: -1)
                child = next
            }
            link(newElement, fb, before: -1)
            if let feFmt = formatting.firstIndex(of: fe) {
                formatting.remove(at: feFmt)
                if feFmt < bookmark { bookmark -= 1 }
            }
            formatting.insert(newElement, at: min(max(bookmark, 0), formatting.count))
            if let feOpen = openIndex(fe) { removeOpen(at: feOpen) }
            if let fbOpen = openIndex(fb) {
                insertOpen(OpenElement(node: newElement, name: nodes[Int(newElement)].name, ns: HTMLNS), at: fbOpen + 1)
            }
        }
        return true
    }

    // MARK: Insertion mode reset

    mutating func resetInsertionMode() {
        var i = open.count - 1
        while i >= 0 {
            var node = open[i]
            let last = i == 0
            if last, let context { node = context }
            if node.ns == HTMLNS {
                switch node.name {
                case N.td, N.th: if !last { mode = .inCell; return }
                case N.tr: mode = .inRow; return
                case N.tbody, N.thead, N.tfoot: mode = .inTableBody; return
                case N.caption: mode = .inCaption; return
                case N.colgroup: mode = .inColumnGroup; return
                case N.table: mode = .inTable; return
                case N.template: mode = templateModes.last ?? .inTemplate; return
                case N.head: if !last { mode = .inHead; return }
                case N.body: mode = .inBody; return
                case N.frameset: mode = .inFrameset; return
                case N.html: mode = headElement < 0 ? .beforeHead : .afterHead; return
                default: break
                }
            }
            if last { mode = .inBody; return }
            i -= 1
        }
        mode = .inBody
    }

    // MARK: Token entry points (the tree construction dispatcher)

    mutating func useHTMLRules(startTag name: Int32?) -> Bool {
        if open.isEmpty { return true }
        let acn = adjustedCurrent
        if acn.ns == HTMLNS { return true }
        if let name {
            if isMathMLTextIntegrationPoint(acn) && name != N.mglyph && name != N.malignmark { return true }
            if acn.ns == MATHNS && acn.name == N.annotationXml && name == N.svg { return true }
            if isHTMLIntegrationPoint(acn) { return true }
            return false
        }
        return false
    }

    mutating func startTag(_ t: Tag) {
        skipNewline = false
        if useHTMLRules(startTag: t.name) { startTag(t, mode) } else { foreignStartTag(t) }
    }

    mutating func endTag(_ name: Int32) {
        skipNewline = false
        if open.isEmpty || adjustedCurrent.ns == HTMLNS { endTag(name, mode) } else { foreignEndTag(name) }
    }

    mutating func characters(_ p: UnsafePointer<UInt8>, _ count: Int) {
        var p = p, n = count
        if skipNewline {
            skipNewline = false
            if p[0] == 0x0A { p += 1; n -= 1; if n == 0 { return } }
        }
        if mode == .text {
            // Raw text, RCDATA and script content always go into the element that opened them.
            appendText(p, n, parent: open[open.count - 1].node, before: -1)
            return
        }
        if open.isEmpty { characters(p, n, mode); return }
        let acn = adjustedCurrent
        if acn.ns == HTMLNS || isMathMLTextIntegrationPoint(acn) || isHTMLIntegrationPoint(acn) {
            characters(p, n, mode)
        } else {
            foreignCharacters(p, n)
        }
    }

    mutating func comment(_ start: Int32, _ count: Int32) {
        skipNewline = false
        switch mode {
        case .initial, .beforeHtml, .afterAfterBody, .afterAfterFrameset:
            insertComment(start, count, parent: documentNode)
        case .afterBody:
            insertComment(start, count, parent: open[0].node)
        case .inTableText:
            flushTableText(); mode = originalMode; comment(start, count)
        default:
            insertComment(start, count)
        }
    }

    mutating func doctypeToken(name: String?, publicId: String?, systemId: String?, forceQuirks: Bool) {
        skipNewline = false
        if mode == .inTableText { flushTableText(); mode = originalMode }
        guard mode == .initial else { parseError("unexpected-doctype"); return }
        if name != "html" || publicId != nil || (systemId != nil && systemId != "about:legacy-compat") {
            parseError("bad-doctype")
        }
        var bytes = Array((name ?? "").utf8)
        let start = text.count
        text.append(contentsOf: bytes)
        bytes.removeAll()
        doctypeIDs.append(DOMDoctypeIDs(publicId: publicId ?? "", systemId: systemId ?? ""))
        let d = newNode(DOMRecord(kind: .doctype, ns: 0, name: -1, dataStart: Int32(start), dataCount: Int32(text.count - start),
                                  aux: Int32(doctypeIDs.count - 1)))
        link(d, documentNode, before: -1)
        quirks = Quirks.mode(name: name, publicId: publicId, systemId: systemId, forceQuirks: forceQuirks)
        mode = .beforeHtml
    }

    mutating func endOfFile() {
        skipNewline = false
        var guardCount = 0
        while guardCount < 64 {
            guardCount += 1
            switch mode {
            case .initial:
                parseError("expected-doctype"); quirks = .quirks; mode = .beforeHtml
            case .beforeHtml:
                insertHTMLRoot(Tag(name: N.html, a0: Int32(attrs.count), ac: 0, selfClosing: false)); mode = .beforeHead
            case .beforeHead:
                headElement = insertElement(N.head); mode = .inHead
            case .inHead:
                pop(); mode = .afterHead
            case .inHeadNoscript:
                parseError("eof-in-noscript"); pop(); mode = .inHead
            case .afterHead:
                insertElement(N.body); mode = .inBody
            case .text:
                parseError("eof-in-text"); pop(); mode = originalMode
            case .inTableText:
                flushTableText(); mode = originalMode
            case .inTemplate:
                guard hasOpen(N.template) else { popAll(); return }
                parseError("eof-in-template")
                popUntil(N.template); clearFormattingToMarker(); templateModes.removeLast(); resetInsertionMode()
            case .inBody, .inTable, .inCaption, .inColumnGroup, .inTableBody, .inRow, .inCell:
                if !templateModes.isEmpty { mode = .inTemplate; continue }
                popAll()
                return
            case .afterBody, .inFrameset, .afterFrameset, .afterAfterBody, .afterAfterFrameset:
                popAll()
                return
            }
        }
    }

    /// "Stop parsing": every open element is popped (which lets a finished `option` fill `selectedcontent`).
    mutating func popAll() {
        while !open.isEmpty { pop() }
    }

    // MARK: Characters per mode

    @inline(__always) mutating func leadingSpace(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var k = 0
        while k < n && isSpace(p[k]) { k += 1 }
        return k
    }

    mutating func characters(_ p: UnsafePointer<UInt8>, _ n: Int, _ m: Mode) {
        switch m {
        case .inBody, .inCaption, .inCell, .inTemplate:
            bodyCharacters(p, n)
        case .text:
            insertText(p, n)
        case .initial, .beforeHtml, .beforeHead:
            let k = leadingSpace(p, n)
            if k == n { return }
            anythingElse(m)
            characters(p + k, n - k, mode)
        case .inHead, .inHeadNoscript, .afterHead, .inColumnGroup:
            let k = leadingSpace(p, n)
            if k > 0 { insertText(p, k) }
            if k == n { return }
            if m == .inColumnGroup {
                guard isHTML(current, N.colgroup) else { return }   // ignored (a template's column group)
                pop(); mode = .inTable
            } else {
                anythingElse(m)
            }
            characters(p + k, n - k, mode)
        case .inTable, .inTableBody, .inRow:
            let c = current
            if c.ns == HTMLNS && (c.name == N.table || c.name == N.tbody || c.name == N.template || c.name == N.tfoot
                                  || c.name == N.thead || c.name == N.tr) {
                pendingTableText.clear()
                pendingTableTextDirty = false
                originalMode = mode
                mode = .inTableText
                characters(p, n, .inTableText)
            } else {
                parseError("unexpected-character-in-table")
                fosterParenting = true
                bodyCharacters(p, n)
                fosterParenting = false
            }
        case .inTableText:
            if n == 1 && p[0] == 0 { parseError("unexpected-null-character"); return }
            if !pendingTableTextDirty && leadingSpace(p, n) != n { pendingTableTextDirty = true }
            pendingTableText.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        case .afterBody, .afterAfterBody:
            let k = leadingSpace(p, n)
            if k > 0 { bodyCharacters(p, k) }
            if k == n { return }
            parseError("unexpected-character-after-body")
            mode = .inBody
            characters(p + k, n - k, .inBody)
        case .inFrameset, .afterFrameset, .afterAfterFrameset:
            // Only the white space is kept.
            var spaces: [UInt8] = []
            for k in 0..<n where isSpace(p[k]) { spaces.append(p[k]) }
            if spaces.count != n { parseError("unexpected-character-in-frameset") }
            if spaces.isEmpty { return }
            if m == .afterAfterFrameset {
                spaces.withUnsafeBufferPointer { bodyCharacters($0.baseAddress!, $0.count) }
            } else {
                insertText(spaces)
            }
        }
    }

    mutating func bodyCharacters(_ p: UnsafePointer<UInt8>, _ n: Int) {
        if n == 1 && p[0] == 0 { parseError("unexpected-null-character"); return }
        reconstructFormatting()
        insertText(p, n)
        if framesetOK && leadingSpace(p, n) != n { framesetOK = false }
    }

    mutating func flushTableText() {
        let pending = pendingTableText
        pendingTableText.clear()
        guard !pending.isEmpty else { return }
        if pendingTableTextDirty {
            parseError("unexpected-character-in-table")
            fosterParenting = true
            pending.withUnsafeBufferPointer { bodyCharacters($0.baseAddress!, $0.count) }
            fosterParenting = false
        } else {
            insertText(pending)
        }
        pendingTableTextDirty = false
    }

    /// The "anything else" step of the modes before `body` that create what is missing.
    mutating func anythingElse(_ m: Mode) {
        switch m {
        case .initial:
            parseError("expected-doctype"); quirks = .quirks; mode = .beforeHtml
        case .beforeHtml:
            insertHTMLRoot(Tag(name: N.html, a0: Int32(attrs.count), ac: 0, selfClosing: false)); mode = .beforeHead
        case .beforeHead:
            headElement = insertElement(N.head); mode = .inHead
        case .inHead:
            pop(); mode = .afterHead
        case .inHeadNoscript:
            parseError("unexpected-in-noscript"); pop(); mode = .inHead
        case .afterHead:
            insertElement(N.body); mode = .inBody
        default:
            break
        }
    }

    mutating func insertHTMLRoot(_ t: Tag) {
        let e = createElement(N.html, HTMLNS, t.a0, t.ac)
        link(e, documentNode, before: -1)
        push(OpenElement(node: e, name: N.html, ns: HTMLNS))
    }

    // MARK: Start tags per mode

    mutating func startTag(_ t: Tag, _ m: Mode) {
        let name = t.name
        switch m {
        case .initial:
            anythingElse(.initial); startTag(t, mode)
        case .beforeHtml:
            if name == N.html { insertHTMLRoot(t); mode = .beforeHead; return }
            anythingElse(.beforeHtml); startTag(t, mode)
        case .beforeHead:
            if name == N.html { startTag(t, .inBody); return }
            if name == N.head { headElement = insertElement(t); mode = .inHead; return }
            anythingElse(.beforeHead); startTag(t, mode)
        case .inHead:
            inHeadStartTag(t)
        case .inHeadNoscript:
            switch name {
            case N.html: startTag(t, .inBody)
            case N.basefont, N.bgsound, N.link, N.meta, N.noframes, N.style: startTag(t, .inHead)
            case N.head, N.noscript: parseError("unexpected-start-tag")
            default: anythingElse(.inHeadNoscript); startTag(t, mode)
            }
        case .afterHead:
            switch name {
            case N.html: startTag(t, .inBody)
            case N.body: insertElement(t); framesetOK = false; mode = .inBody
            case N.frameset: insertElement(t); mode = .inFrameset
            case N.base, N.basefont, N.bgsound, N.link, N.meta, N.noframes, N.script, N.style, N.template, N.title:
                parseError("unexpected-start-tag-after-head")
                guard headElement >= 0 else { startTag(t, .inHead); return }
                push(OpenElement(node: headElement, name: N.head, ns: HTMLNS))
                startTag(t, .inHead)
                if let i = openIndex(headElement) { removeOpen(at: i) }
            case N.head: parseError("unexpected-start-tag")
            default: anythingElse(.afterHead); startTag(t, mode)
            }
        case .inBody:
            inBodyStartTag(t)
        case .text:
            break
        case .inTable:
            inTableStartTag(t)
        case .inTableText:
            flushTableText(); mode = originalMode; startTag(t, mode)
        case .inCaption:
            switch name {
            case N.caption, N.col, N.colgroup, N.tbody, N.td, N.tfoot, N.th, N.thead, N.tr:
                guard inScope(N.caption, .table) else { parseError("unexpected-start-tag"); return }
                closeCaption(); startTag(t, mode)
            default: inBodyStartTag(t)
            }
        case .inColumnGroup:
            switch name {
            case N.html: startTag(t, .inBody)
            case N.col: insertElement(t); pop()
            case N.template: startTag(t, .inHead)
            default:
                guard isHTML(current, N.colgroup) else { parseError("unexpected-start-tag"); return }
                pop(); mode = .inTable; startTag(t, mode)
            }
        case .inTableBody:
            switch name {
            case N.tr: clearToTableBodyContext(); insertElement(t); mode = .inRow
            case N.th, N.td:
                parseError("unexpected-cell-in-table-body")
                clearToTableBodyContext(); insertElement(N.tr); mode = .inRow; startTag(t, mode)
            case N.caption, N.col, N.colgroup, N.tbody, N.tfoot, N.thead:
                guard anyInScope([N.tbody, N.thead, N.tfoot], .table) else { parseError("unexpected-start-tag"); return }
                clearToTableBodyContext(); pop(); mode = .inTable; startTag(t, mode)
            default: inTableStartTag(t)
            }
        case .inRow:
            switch name {
            case N.th, N.td:
                clearToRowContext(); insertElement(t); mode = .inCell; formatting.append(-1)
            case N.caption, N.col, N.colgroup, N.tbody, N.tfoot, N.thead, N.tr:
                guard inScope(N.tr, .table) else { parseError("unexpected-start-tag"); return }
                clearToRowContext(); pop(); mode = .inTableBody; startTag(t, mode)
            default: inTableStartTag(t)
            }
        case .inCell:
            switch name {
            case N.caption, N.col, N.colgroup, N.tbody, N.td, N.tfoot, N.th, N.thead, N.tr:
                guard inScope(N.td, .table) || inScope(N.th, .table) else { parseError("unexpected-start-tag"); return }
                closeCell(); startTag(t, mode)
            default: inBodyStartTag(t)
            }
        case .inTemplate:
            switch name {
            case N.base, N.basefont, N.bgsound, N.link, N.meta, N.noframes, N.script, N.style, N.template, N.title:
                startTag(t, .inHead)
            case N.caption, N.colgroup, N.tbody, N.tfoot, N.thead: switchTemplateMode(.inTable, t)
            case N.col: switchTemplateMode(.inColumnGroup, t)
            case N.tr: switchTemplateMode(.inTableBody, t)
            case N.td, N.th: switchTemplateMode(.inRow, t)
            default: switchTemplateMode(.inBody, t)
            }
        case .afterBody, .afterAfterBody:
            if name == N.html { startTag(t, .inBody); return }
            parseError("unexpected-start-tag-after-body")
            mode = .inBody; startTag(t, .inBody)
        case .inFrameset:
            switch name {
            case N.html: startTag(t, .inBody)
            case N.frameset: insertElement(t)
            case N.frame: insertElement(t); pop()
            case N.noframes: startTag(t, .inHead)
            default: parseError("unexpected-start-tag-in-frameset")
            }
        case .afterFrameset, .afterAfterFrameset:
            switch name {
            case N.html: startTag(t, .inBody)
            case N.noframes: startTag(t, .inHead)
            default: parseError("unexpected-start-tag-after-frameset")
            }
        }
    }

    mutating func switchTemplateMode(_ m: Mode, _ t: Tag) {
        if !templateModes.isEmpty { templateModes.removeLast() }
        templateModes.append(m)
        mode = m
        startTag(t, m)
    }

    mutating func genericText(_ t: Tag, _ s: TState) {
        insertElement(t)
        state = s
        originalMode = mode
        mode = .text
    }

    mutating func inHeadStartTag(_ t: Tag) {
        switch t.name {
        case N.html: startTag(t, .inBody)
        case N.base, N.basefont, N.bgsound, N.link, N.meta: insertElement(t); pop()
        case N.title: genericText(t, .rcdata)
        case N.noscript where scripting: genericText(t, .rawtext)
        case N.noframes, N.style: genericText(t, .rawtext)
        case N.noscript: insertElement(t); mode = .inHeadNoscript
        case N.script: genericText(t, .scriptData)
        case N.template:
            insertElement(t)
            formatting.append(-1)
            framesetOK = false
            mode = .inTemplate
            templateModes.append(.inTemplate)
        case N.head: parseError("unexpected-head")
        default:
            pop(); mode = .afterHead; startTag(t, mode)
        }
    }

    mutating func inBodyStartTag(_ t: Tag) {
        var t = t
        let name = t.name
        let f = htmlFlags(name)
        if f & ElementFlags.closesP != 0 {
            closePIfInButtonScope(); insertElement(t); return
        }
        if f & ElementFlags.heading != 0 {
            closePIfInButtonScope()
            if current.ns == HTMLNS && htmlFlags(current.name) & ElementFlags.heading != 0 { parseError("nested-heading"); pop() }
            insertElement(t); return
        }
        switch name {
        case N.html:
            parseError("unexpected-html")
            if hasOpen(N.template) { return }
            addMissingAttributes(t, to: open[0].node)
        case N.base, N.basefont, N.bgsound, N.link, N.meta, N.noframes, N.script, N.style, N.template, N.title:
            inHeadStartTag(t)
        case N.body:
            parseError("unexpected-body")
            guard open.count > 1, isHTML(open[1], N.body), !hasOpen(N.template) else { return }
            framesetOK = false
            addMissingAttributes(t, to: open[1].node)
        case N.frameset:
            parseError("unexpected-frameset")
            guard open.count > 1, isHTML(open[1], N.body), framesetOK else { return }
            detach(open[1].node)
            while open.count > 1 { pop() }
            insertElement(t)
            mode = .inFrameset
        case N.pre, N.listing:
            closePIfInButtonScope(); insertElement(t); skipNewline = true; framesetOK = false
        case N.form:
            if formElement >= 0 && !hasOpen(N.template) { parseError("unexpected-form"); return }
            closePIfInButtonScope()
            let e = insertElement(t)
            if !hasOpen(N.template) { formElement = e }
        case N.li, N.dd, N.dt:
            framesetOK = false
            var i = open.count - 1
            while i >= 0 {
                let node = open[i]
                if name == N.li ? isHTML(node, N.li) : (isHTML(node, N.dd) || isHTML(node, N.dt)) {
                    generateImpliedEndTags(except: node.name)
                    if current.node != node.node { parseError("unexpected-list-item") }
                    popUntilNode(node.node)
                    break
                }
                if isSpecial(node) && !(node.ns == HTMLNS && (node.name == N.address || node.name == N.div || node.name == N.p)) { break }
                i -= 1
            }
            closePIfInButtonScope()
            insertElement(t)
        case N.plaintext:
            closePIfInButtonScope(); insertElement(t); state = .plaintext
        case N.button:
            if inScope(N.button) {
                parseError("nested-button")
                generateImpliedEndTags(); popUntil(N.button)
            }
            reconstructFormatting(); insertElement(t); framesetOK = false
        case N.a:
            var i = formatting.count - 1
            while i >= 0 {
                let e = formatting[i]
                if e < 0 { break }
                if nodes[Int(e)].name == N.a && nodes[Int(e)].ns == HTMLNS {
                    parseError("nested-a")
                    if !adoptionAgency(N.a) { anyOtherEndTag(N.a) }
                    if let k = formatting.firstIndex(of: e) { formatting.remove(at: k) }
                    if let k = openIndex(e) { removeOpen(at: k) }
                    break
                }
                i -= 1
            }
            reconstructFormatting()
            pushFormatting(insertElement(t))
        case N.b, N.big, N.code, N.em, N.font, N.i, N.s, N.small, N.strike, N.strong, N.tt, N.u:
            reconstructFormatting()
            pushFormatting(insertElement(t))
        case N.nobr:
            reconstructFormatting()
            if inScope(N.nobr) {
                parseError("nested-nobr")
                if !adoptionAgency(N.nobr) { anyOtherEndTag(N.nobr) }
                reconstructFormatting()
            }
            pushFormatting(insertElement(t))
        case N.applet, N.marquee, N.object:
            reconstructFormatting(); insertElement(t); formatting.append(-1); framesetOK = false
        case N.table:
            if quirks != .quirks { closePIfInButtonScope() }
            insertElement(t); framesetOK = false; mode = .inTable
        case N.area, N.br, N.embed, N.img, N.keygen, N.wbr:
            reconstructFormatting(); insertElement(t); pop(); framesetOK = false
        case N.input:
            if let context, isHTML(context, N.select) { parseError("input-in-select-fragment"); return }
            if inScope(N.select) { parseError("input-in-select"); popUntil(N.select) }
            reconstructFormatting(); insertElement(t); pop()
            if !tagAttribute(t, N.type, is: "hidden") { framesetOK = false }
        case N.param, N.source, N.track:
            insertElement(t); pop()
        case N.hr:
            closePIfInButtonScope()
            if inScope(N.select) {
                generateImpliedEndTags()
                if inScope(N.option) || inScope(N.optgroup) { parseError("hr-in-option") }
            }
            insertElement(t); pop(); framesetOK = false
        case N.image:
            parseError("image-start-tag")
            t.name = N.img
            inBodyStartTag(t)
        case N.textarea:
            insertElement(t); skipNewline = true; state = .rcdata; originalMode = mode; framesetOK = false; mode = .text
        case N.xmp:
            closePIfInButtonScope(); reconstructFormatting(); framesetOK = false; genericText(t, .rawtext)
        case N.iframe:
            framesetOK = false; genericText(t, .rawtext)
        case N.noembed:
            genericText(t, .rawtext)
        case N.noscript where scripting:
            genericText(t, .rawtext)
        case N.select:
            // Customizable select: a select holds ordinary content; a nested select start tag closes it.
            if let context, isHTML(context, N.select) { parseError("select-in-select-fragment"); return }
            if inScope(N.select) { parseError("nested-select"); popUntil(N.select); return }
            reconstructFormatting(); insertElement(t); framesetOK = false
        case N.option:
            if inScope(N.select) {
                generateImpliedEndTags(except: N.optgroup)
                if inScope(N.option) { parseError("nested-option") }
            } else if isHTML(current, N.option) {
                pop()
            }
            reconstructFormatting(); insertElement(t)
        case N.optgroup:
            if inScope(N.select) {
                generateImpliedEndTags()
                if inScope(N.option) || inScope(N.optgroup) { parseError("nested-optgroup") }
            } else if isHTML(current, N.option) {
                pop()
            }
            reconstructFormatting(); insertElement(t)
        case N.selectedcontent:
            reconstructFormatting(); insertElement(t); sawSelectedContent = true
        case N.rb, N.rtc:
            if inScope(N.ruby) {
                generateImpliedEndTags()
                if !isHTML(current, N.ruby) { parseError("unexpected-ruby-child") }
            }
            insertElement(t)
        case N.rp, N.rt:
            if inScope(N.ruby) {
                generateImpliedEndTags(except: N.rtc)
                if !isHTML(current, N.ruby) && !isHTML(current, N.rtc) { parseError("unexpected-ruby-child") }
            }
            insertElement(t)
        case N.math:
            reconstructFormatting()
            adjustMathMLAttributes(t); adjustForeignAttributes(t)
            insertElement(t, ns: MATHNS)
            if t.selfClosing { pop() }
        case N.svg:
            reconstructFormatting()
            adjustSVGAttributes(t); adjustForeignAttributes(t)
            insertElement(t, ns: SVGNS)
            if t.selfClosing { pop() }
        case N.caption, N.col, N.colgroup, N.frame, N.head, N.tbody, N.td, N.tfoot, N.th, N.thead, N.tr:
            parseError("unexpected-start-tag-ignored")
        default:
            reconstructFormatting(); insertElement(t)
        }
    }

    mutating func inTableStartTag(_ t: Tag) {
        switch t.name {
        case N.caption:
            clearToTableContext(); formatting.append(-1); insertElement(t); mode = .inCaption
        case N.colgroup:
            clearToTableContext(); insertElement(t); mode = .inColumnGroup
        case N.col:
            clearToTableContext(); insertElement(N.colgroup); mode = .inColumnGroup; startTag(t, mode)
        case N.tbody, N.tfoot, N.thead:
            clearToTableContext(); insertElement(t); mode = .inTableBody
        case N.td, N.th, N.tr:
            clearToTableContext(); insertElement(N.tbody); mode = .inTableBody; startTag(t, mode)
        case N.table:
            parseError("nested-table")
            guard inScope(N.table, .table) else { return }
            popUntil(N.table); resetInsertionMode(); startTag(t, mode)
        case N.style, N.script, N.template:
            inHeadStartTag(t)
        case N.input where tagAttribute(t, N.type, is: "hidden"):
            parseError("hidden-input-in-table")
            insertElement(t); pop()
        case N.form:
            parseError("form-in-table")
            if hasOpen(N.template) || formElement >= 0 { return }
            formElement = insertElement(t); pop()
        default:
            parseError("unexpected-start-tag-in-table")
            fosterParenting = true
            inBodyStartTag(t)
            fosterParenting = false
        }
    }

    mutating func clearToTableContext() {
        while let c = open.last, !(c.ns == HTMLNS && (c.name == N.table || c.name == N.template || c.name == N.html)) { pop() }
    }

    mutating func clearToTableBodyContext() {
        while let c = open.last, !(c.ns == HTMLNS && (c.name == N.tbody || c.name == N.tfoot || c.name == N.thead
                                                       || c.name == N.template || c.name == N.html)) { pop() }
    }

    mutating func clearToRowContext() {
        while let c = open.last, !(c.ns == HTMLNS && (c.name == N.tr || c.name == N.template || c.name == N.html)) { pop() }
    }

    mutating func closeCaption() {
        generateImpliedEndTags()
        if !isHTML(current, N.caption) { parseError("unclosed-in-caption") }
        popUntil(N.caption)
        clearFormattingToMarker()
        mode = .inTable
    }

    mutating func closeCell() {
        generateImpliedEndTags()
        if !(isHTML(current, N.td) || isHTML(current, N.th)) { parseError("unclosed-cell") }
        popUntilAny([N.td, N.th])
        clearFormattingToMarker()
        mode = .inRow
    }

    // MARK: End tags per mode

    mutating func endTag(_ name: Int32, _ m: Mode) {
        switch m {
        case .initial:
            anythingElse(.initial); endTag(name, mode)
        case .beforeHtml:
            guard name == N.head || name == N.body || name == N.html || name == N.br else { parseError("unexpected-end-tag"); return }
            anythingElse(.beforeHtml); endTag(name, mode)
        case .beforeHead:
            guard name == N.head || name == N.body || name == N.html || name == N.br else { parseError("unexpected-end-tag"); return }
            anythingElse(.beforeHead); endTag(name, mode)
        case .inHead:
            switch name {
            case N.head: pop(); mode = .afterHead
            case N.body, N.html, N.br: anythingElse(.inHead); endTag(name, mode)
            case N.template: endTemplate()
            default: parseError("unexpected-end-tag")
            }
        case .inHeadNoscript:
            switch name {
            case N.noscript: pop(); mode = .inHead
            case N.br: anythingElse(.inHeadNoscript); endTag(name, mode)
            default: parseError("unexpected-end-tag")
            }
        case .afterHead:
            switch name {
            case N.template: endTemplate()
            case N.body, N.html, N.br: anythingElse(.afterHead); endTag(name, mode)
            default: parseError("unexpected-end-tag")
            }
        case .inBody:
            inBodyEndTag(name)
        case .text:
            pop(); mode = originalMode
        case .inTable:
            inTableEndTag(name)
        case .inTableText:
            flushTableText(); mode = originalMode; endTag(name, mode)
        case .inCaption:
            switch name {
            case N.caption:
                guard inScope(N.caption, .table) else { parseError("unexpected-end-tag"); return }
                closeCaption()
            case N.table:
                guard inScope(N.caption, .table) else { parseError("unexpected-end-tag"); return }
                closeCaption(); endTag(name, mode)
            case N.body, N.col, N.colgroup, N.html, N.tbody, N.td, N.tfoot, N.th, N.thead, N.tr:
                parseError("unexpected-end-tag")
            default: inBodyEndTag(name)
            }
        case .inColumnGroup:
            switch name {
            case N.colgroup:
                guard isHTML(current, N.colgroup) else { parseError("unexpected-end-tag"); return }
                pop(); mode = .inTable
            case N.col: parseError("unexpected-end-tag")
            case N.template: endTemplate()
            default:
                guard isHTML(current, N.colgroup) else { parseError("unexpected-end-tag"); return }
                pop(); mode = .inTable; endTag(name, mode)
            }
        case .inTableBody:
            switch name {
            case N.tbody, N.tfoot, N.thead:
                guard inScope(name, .table) else { parseError("unexpected-end-tag"); return }
                clearToTableBodyContext(); pop(); mode = .inTable
            case N.table:
                guard anyInScope([N.tbody, N.thead, N.tfoot], .table) else { parseError("unexpected-end-tag"); return }
                clearToTableBodyContext(); pop(); mode = .inTable; endTag(name, mode)
            case N.body, N.caption, N.col, N.colgroup, N.html, N.td, N.th, N.tr:
                parseError("unexpected-end-tag")
            default: inTableEndTag(name)
            }
        case .inRow:
            switch name {
            case N.tr:
                guard inScope(N.tr, .table) else { parseError("unexpected-end-tag"); return }
                clearToRowContext(); pop(); mode = .inTableBody
            case N.table:
                guard inScope(N.tr, .table) else { parseError("unexpected-end-tag"); return }
                clearToRowContext(); pop(); mode = .inTableBody; endTag(name, mode)
            case N.tbody, N.tfoot, N.thead:
                guard inScope(name, .table) else { parseError("unexpected-end-tag"); return }
                guard inScope(N.tr, .table) else { return }
                clearToRowContext(); pop(); mode = .inTableBody; endTag(name, mode)
            case N.body, N.caption, N.col, N.colgroup, N.html, N.td, N.th:
                parseError("unexpected-end-tag")
            default: inTableEndTag(name)
            }
        case .inCell:
            switch name {
            case N.td, N.th:
                guard inScope(name, .table) else { parseError("unexpected-end-tag"); return }
                generateImpliedEndTags()
                if !isHTML(current, name) { parseError("unclosed-cell") }
                popUntil(name); clearFormattingToMarker(); mode = .inRow
            case N.body, N.caption, N.col, N.colgroup, N.html:
                parseError("unexpected-end-tag")
            case N.table, N.tbody, N.tfoot, N.thead, N.tr:
                guard inScope(name, .table) else { parseError("unexpected-end-tag"); return }
                closeCell(); endTag(name, mode)
            default: inBodyEndTag(name)
            }
        case .inTemplate:
            if name == N.template { endTemplate() } else { parseError("unexpected-end-tag") }
        case .afterBody:
            if name == N.html {
                if context != nil { parseError("unexpected-end-tag"); return }
                mode = .afterAfterBody
                return
            }
            parseError("unexpected-end-tag-after-body")
            mode = .inBody; endTag(name, .inBody)
        case .inFrameset:
            if name == N.frameset {
                if open.count == 1 { parseError("unexpected-end-tag"); return }
                pop()
                if context == nil && !isHTML(current, N.frameset) { mode = .afterFrameset }
                return
            }
            parseError("unexpected-end-tag")
        case .afterFrameset:
            if name == N.html { mode = .afterAfterFrameset; return }
            parseError("unexpected-end-tag")
        case .afterAfterBody:
            parseError("unexpected-end-tag"); mode = .inBody; endTag(name, .inBody)
        case .afterAfterFrameset:
            parseError("unexpected-end-tag")
        }
    }

    mutating func endTemplate() {
        guard hasOpen(N.template) else { parseError("unexpected-end-tag"); return }
        generateImpliedEndTagsThoroughly()
        if !isHTML(current, N.template) { parseError("unclosed-in-template") }
        popUntil(N.template)
        clearFormattingToMarker()
        if !templateModes.isEmpty { templateModes.removeLast() }
        resetInsertionMode()
    }

    mutating func inBodyEndTag(_ name: Int32) {
        switch name {
        case N.template:
            endTemplate()
        case N.body:
            guard inScope(N.body) else { parseError("unexpected-end-tag"); return }
            mode = .afterBody
        case N.html:
            guard inScope(N.body) else { parseError("unexpected-end-tag"); return }
            mode = .afterBody; endTag(name, mode)
        case N.address, N.article, N.aside, N.blockquote, N.button, N.center, N.details, N.dialog, N.dir, N.div, N.dl,
             N.fieldset, N.figcaption, N.figure, N.footer, N.header, N.hgroup, N.listing, N.main, N.menu, N.nav, N.ol,
             N.pre, N.search, N.section, N.select, N.summary, N.ul:
            guard inScope(name) else { parseError("unexpected-end-tag"); return }
            generateImpliedEndTags()
            if !isHTML(current, name) { parseError("end-tag-too-early") }
            popUntil(name)
        case N.form:
            if !hasOpen(N.template) {
                let node = formElement
                formElement = -1
                guard node >= 0, nodeInScope(node) else { parseError("unexpected-end-tag"); return }
                generateImpliedEndTags()
                if current.node != node { parseError("end-tag-too-early") }
                if let i = openIndex(node) { removeOpen(at: i) }
            } else {
                guard inScope(N.form) else { parseError("unexpected-end-tag"); return }
                generateImpliedEndTags()
                if !isHTML(current, N.form) { parseError("end-tag-too-early") }
                popUntil(N.form)
            }
        case N.p:
            if !inScope(N.p, .button) { parseError("unexpected-end-tag"); insertElement(N.p) }
            closePElement()
        case N.li:
            guard inScope(N.li, .listItem) else { parseError("unexpected-end-tag"); return }
            generateImpliedEndTags(except: N.li)
            if !isHTML(current, N.li) { parseError("end-tag-too-early") }
            popUntil(N.li)
        case N.dd, N.dt:
            guard inScope(name) else { parseError("unexpected-end-tag"); return }
            generateImpliedEndTags(except: name)
            if !isHTML(current, name) { parseError("end-tag-too-early") }
            popUntil(name)
        case N.h1, N.h2, N.h3, N.h4, N.h5, N.h6:
            let headings = [N.h1, N.h2, N.h3, N.h4, N.h5, N.h6]
            guard anyInScope(headings) else { parseError("unexpected-end-tag"); return }
            generateImpliedEndTags()
            if !isHTML(current, name) { parseError("end-tag-too-early") }
            popUntilAny(headings)
        case N.a, N.b, N.big, N.code, N.em, N.font, N.i, N.nobr, N.s, N.small, N.strike, N.strong, N.tt, N.u:
            if !adoptionAgency(name) { anyOtherEndTag(name) }
        case N.applet, N.marquee, N.object:
            guard inScope(name) else { parseError("unexpected-end-tag"); return }
            generateImpliedEndTags()
            if !isHTML(current, name) { parseError("end-tag-too-early") }
            popUntil(name)
            clearFormattingToMarker()
        case N.br:
            parseError("end-tag-br")
            reconstructFormatting(); insertElement(N.br); pop(); framesetOK = false
        default:
            anyOtherEndTag(name)
        }
    }

    mutating func anyOtherEndTag(_ name: Int32) {
        var i = open.count - 1
        while i >= 0 {
            let node = open[i]
            if isHTML(node, name) {
                generateImpliedEndTags(except: name)
                if current.node != node.node { parseError("end-tag-too-early") }
                popUntilNode(node.node)
                return
            }
            if isSpecial(node) { parseError("unexpected-end-tag"); return }
            i -= 1
        }
    }

    mutating func inTableEndTag(_ name: Int32) {
        switch name {
        case N.table:
            guard inScope(N.table, .table) else { parseError("unexpected-end-tag"); return }
            popUntil(N.table); resetInsertionMode()
        case N.body, N.caption, N.col, N.colgroup, N.html, N.tbody, N.td, N.tfoot, N.th, N.thead, N.tr:
            parseError("unexpected-end-tag")
        case N.template:
            endTemplate()
        default:
            parseError("unexpected-end-tag-in-table")
            fosterParenting = true
            inBodyEndTag(name)
            fosterParenting = false
        }
    }

    // MARK: Foreign content

    mutating func foreignCharacters(_ p: UnsafePointer<UInt8>, _ n: Int) {
        if n == 1 && p[0] == 0 { parseError("unexpected-null-character"); insertText(replacementBytes); return }
        insertText(p, n)
        if framesetOK && leadingSpace(p, n) != n { framesetOK = false }
    }

    mutating func foreignStartTag(_ t: Tag) {
        var t = t
        let nameString = names.strings[Int(t.name)]
        let breaks = ForeignNames.breakout.contains(nameString)
            || (t.name == N.font && (tagHasAttribute(t, N.color) || tagHasAttribute(t, N.face) || tagHasAttribute(t, N.size_)))
        if breaks {
            parseError("html-start-tag-in-foreign-content")
            while let c = open.last, c.ns != HTMLNS, !isMathMLTextIntegrationPoint(c), !isHTMLIntegrationPoint(c) { pop() }
            startTag(t, mode)
            return
        }
        let ns = adjustedCurrent.ns
        if ns == MATHNS {
            adjustMathMLAttributes(t)
        } else if ns == SVGNS {
            if let adjusted = ForeignNames.svgTags[nameString] { t.name = internString(adjusted) }
            adjustSVGAttributes(t)
        }
        adjustForeignAttributes(t)
        insertElement(t, ns: ns)
        if t.selfClosing { pop() }
    }

    mutating func foreignEndTag(_ name: Int32) {
        if name == N.p || name == N.br {
            parseError("html-end-tag-in-foreign-content")
            while let c = open.last, c.ns != HTMLNS, !isMathMLTextIntegrationPoint(c), !isHTMLIntegrationPoint(c) { pop() }
            endTag(name, mode)
            return
        }
        let wanted = names.strings[Int(name)]
        var i = open.count - 1
        if asciiLowercased(names.strings[Int(open[i].name)]) != wanted { parseError("unexpected-end-tag-in-foreign-content") }
        while i > 0 {
            let node = open[i]
            if asciiLowercased(names.strings[Int(node.name)]) == wanted {
                popUntilNode(node.node)
                return
            }
            i -= 1
            if open[i].ns == HTMLNS { endTag(name, mode); return }
        }
    }

    mutating func internString(_ s: String) -> Int32 {
        var bytes = Array(s.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { names.intern($0.baseAddress!, $0.count - 1) }
    }

    mutating func adjustMathMLAttributes(_ t: Tag) {
        guard t.ac > 0 else { return }
        for a in Int(t.a0)..<Int(t.a0 + t.ac) where names.strings[Int(attrs[a].name)] == "definitionurl" {
            attrs[a].name = internString("definitionURL")
        }
    }

    mutating func adjustSVGAttributes(_ t: Tag) {
        guard t.ac > 0 else { return }
        for a in Int(t.a0)..<Int(t.a0 + t.ac) {
            if let adjusted = ForeignNames.svgAttributes[names.strings[Int(attrs[a].name)]] {
                attrs[a].name = internString(adjusted)
            }
        }
    }

    mutating func adjustForeignAttributes(_ t: Tag) {
        guard t.ac > 0 else { return }
        for a in Int(t.a0)..<Int(t.a0 + t.ac) {
            if let ns = ForeignNames.foreignAttributes[names.strings[Int(attrs[a].name)]] { attrs[a].ns = ns.rawValue }
        }
    }
}

extension HTMLParser {
    /// When an `option` is popped: if it is its select's selected option (a `selected` attribute, or the first
    /// option when none has one) and the select has a `selectedcontent`, that element gets a copy of the
    /// option's children (the Standard's "maybe clone an option into selectedcontent").
    mutating func cloneOptionIntoSelectedContent(_ option: Int32) {
        var select = nodes[Int(option)].parent
        while select >= 0 {
            let r = nodes[Int(select)]
            if r.kind == .element && r.ns == DOMNamespace.html.rawValue && r.name == N.select { break }
            select = r.parent
        }
        guard select >= 0, attributeValue(select, N.multiple) == nil else { return }
        var target: Int32 = -1, firstOption: Int32 = -1, lastSelected: Int32 = -1
        var cur = nodes[Int(select)].firstChild
        while cur >= 0 {
            let r = nodes[Int(cur)]
            if r.kind == .element && r.ns == DOMNamespace.html.rawValue {
                if r.name == N.selectedcontent && target < 0 { target = cur }
                if r.name == N.option {
                    if firstOption < 0 { firstOption = cur }
                    if attributeValue(cur, N.selected) != nil { lastSelected = cur }
                }
            }
            cur = nextInSubtree(cur, root: select)
        }
        let chosen = lastSelected >= 0 ? lastSelected : firstOption
        guard target >= 0, chosen == option else { return }
        var child = nodes[Int(target)].firstChild
        while child >= 0 { let next = nodes[Int(child)].next; detach(child); child = next }
        var c = nodes[Int(option)].firstChild
        while c >= 0 {
            link(cloneSubtree(c), target, before: -1)
            c = nodes[Int(c)].next
        }
    }

    mutating func nextInSubtree(_ n: Int32, root: Int32) -> Int32 {
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

    /// A deep copy of a subtree (detached), built without recursion.
    mutating func cloneSubtree(_ root: Int32) -> Int32 {
        func copy(_ n: Int32, _ parser: inout HTMLParser) -> Int32 {
            let r = parser.nodes[Int(n)]
            if r.kind == .element { return parser.cloneElement(n) }
            return parser.newNode(DOMRecord(kind: r.kind, ns: r.ns, name: r.name, dataStart: r.dataStart, dataCount: r.dataCount))
        }
        let newRoot = copy(root, &self)
        var pairs: [(Int32, Int32)] = [(root, newRoot)]
        while let (src, dst) = pairs.popLast() {
            var c = nodes[Int(src)].firstChild
            while c >= 0 {
                let made = copy(c, &self)
                link(made, dst, before: -1)
                pairs.append((c, made))
                c = nodes[Int(c)].next
            }
        }
        return newRoot
    }
}
