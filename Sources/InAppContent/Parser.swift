// A tolerant, iterative HTML parser working on UTF-8 bytes. It tokenizes and builds the tree in one pass,
// keeping the open elements on an explicit stack, so nesting depth only costs heap memory.
//
// Recovery follows what browsers do for the markup in-app messages contain (see Docs/ContentModel.md):
// implied `html`/`head`/`body`, void elements, `p`/`li`/`dd`/`dt`/`option`/table-cell auto-closing,
// nested `a`/`button`/`form` handling, end tags closing intervening elements, stray end tags ignored.
import Foundation

enum HTMLParser {
    static func parse(_ input: UnsafeBufferPointer<UInt8>, limits: ContentLimits) throws(ContentError) -> HTMLDocument {
        guard input.count <= limits.maxDocumentBytes else {
            throw .documentTooLarge(bytes: input.count, limit: limits.maxDocumentBytes)
        }
        var builder = TreeBuilder(sizeHint: input.count, maxDepth: limits.maxDepth)
        if let base = input.baseAddress, input.count > 0 {
            try builder.run(base, input.count)
        }
        return builder.finish(byteCount: input.count)
    }
}

private let LT: UInt8 = 0x3C, GT: UInt8 = 0x3E, SLASH: UInt8 = 0x2F, BANG: UInt8 = 0x21, QMARK: UInt8 = 0x3F
private let DASH: UInt8 = 0x2D, EQ: UInt8 = 0x3D, DQ: UInt8 = 0x22, SQ: UInt8 = 0x27, AMP: UInt8 = 0x26

/// Byte classes for the tag scanner: 1 ends a tag name (space, `/`, `>`), 2 ends an attribute name
/// (those and `=`), 4 ends an unquoted attribute value (space, `>`).
private let byteClass: [UInt8] = {
    var t = [UInt8](repeating: 0, count: 256)
    for c: UInt8 in [0x20, 0x09, 0x0A, 0x0C, 0x0D] { t[Int(c)] = 1 | 2 | 4 }
    t[0x2F] = 1 | 2
    t[0x3E] = 1 | 2 | 4
    t[0x3D] = 2
    return t
}()

@inline(__always) private func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

@inline(__always)
private func find(_ c: UInt8, _ p: UnsafePointer<UInt8>, _ from: Int, _ n: Int) -> Int {
    guard from < n else { return n }
    guard let r = memchr(p + from, Int32(c), n - from) else { return n }
    return UnsafePointer<UInt8>(r.assumingMemoryBound(to: UInt8.self)) - p
}

struct TreeBuilder {
    enum Mode { case initial, beforeHead, inHead, afterHead, inBody }

    var nodes: [NodeRecord] = []
    var attrs: [AttrRecord] = []
    var text: [UInt8] = []
    var names = NameTable()
    let flags: [UInt32] = KnownNames.flags
    var scratch: [UInt8] = []
    // A small open-addressing cache of short names (tag and attribute names up to 7 bytes). Its size follows the
    // input (64 to 1 024 slots): zeroing a large table cost more than parsing a small message.
    var cacheKeys: [UInt64]
    var cacheIDs: [Int32]
    var cacheCount = 0
    let cacheShift: UInt64
    let cacheMask: Int
    let cacheLimit: Int

    // Open elements, with per-name and scope-boundary chains so scope checks are O(1).
    struct Open {
        var node: Int32
        var name: Int32
        var prevSame: Int32
        var prevBoundary: Int32
    }
    var open: [Open] = []
    var topPos: [Int32] = []
    var topBoundary: Int32 = -1

    var mode: Mode = .initial
    var html: Int32 = -1, head: Int32 = -1, body: Int32 = -1
    var doctype: String?
    let maxDepth: Int

    init(sizeHint: Int, maxDepth: Int) {
        self.maxDepth = max(3, maxDepth)  // html, head and body always fit
        var bits = 6
        while bits < 10 && (1 << bits) < sizeHint / 8 { bits += 1 }
        cacheKeys = [UInt64](repeating: 0, count: 1 << bits)
        cacheIDs = [Int32](repeating: 0, count: 1 << bits)
        cacheShift = UInt64(64 - bits)
        cacheMask = (1 << bits) - 1
        cacheLimit = (1 << bits) * 11 / 16
        // Large inputs get generous estimates: growing would copy, while reserved pages that are never
        // touched cost nothing. Small ones stay tight so the allocations stay small.
        let large = sizeHint > 1 << 18
        nodes.reserveCapacity(max(16, sizeHint / (large ? 16 : 24)))
        attrs.reserveCapacity(max(16, sizeHint / (large ? 24 : 40)))
        text.reserveCapacity(max(64, large ? sizeHint * 3 / 4 : sizeHint / 2))
        topPos = [Int32](repeating: -1, count: 256)
        nodes.append(NodeRecord(kind: .document, name: -1, parent: -1, firstChild: -1, lastChild: -1,
                                nextSibling: -1, end: 0, dataStart: 0, dataCount: 0))
    }

    @inline(__always) func flag(_ name: Int32) -> UInt32 { Int(name) < flags.count ? flags[Int(name)] : 0 }
    @inline(__always) func top(_ name: Int32) -> Int32 { Int(name) < topPos.count ? topPos[Int(name)] : -1 }
    var currentName: Int32 { open.last?.name ?? -1 }
    @inline(__always) var currentNode: Int32 { open.last?.node ?? 0 }
    var inForeign: Bool { top(N.svg) >= 0 || top(N.math) >= 0 }

    // MARK: Tree operations

    @inline(__always)
    mutating func append(_ kind: HTMLNodeKind, _ name: Int32, _ dataStart: Int, _ dataCount: Int) -> Int32 {
        let idx = Int32(nodes.count)
        let parent = currentNode
        nodes.append(NodeRecord(kind: kind, name: name, parent: parent, firstChild: -1, lastChild: -1,
                                nextSibling: -1, end: idx, dataStart: Int32(dataStart), dataCount: Int32(dataCount)))
        let last = nodes[Int(parent)].lastChild
        if last >= 0 { nodes[Int(last)].nextSibling = idx } else { nodes[Int(parent)].firstChild = idx }
        nodes[Int(parent)].lastChild = idx
        return idx
    }

    mutating func push(_ node: Int32, _ name: Int32) throws(ContentError) {
        guard open.count < maxDepth else { throw .nestingTooDeep(limit: maxDepth) }
        if Int(name) >= topPos.count {
            topPos.append(contentsOf: repeatElement(-1, count: Int(name) + 1 - topPos.count + 64))
        }
        let pos = Int32(open.count)
        var entry = Open(node: node, name: name, prevSame: topPos[Int(name)], prevBoundary: -1)
        topPos[Int(name)] = pos
        if flag(name) & KnownNames.scopeBoundary != 0 {
            entry.prevBoundary = topBoundary
            topBoundary = pos
        }
        open.append(entry)
    }

    mutating func pop() {
        let entry = open.removeLast()
        nodes[Int(entry.node)].end = Int32(nodes.count - 1)
        topPos[Int(entry.name)] = entry.prevSame
        if flag(entry.name) & KnownNames.scopeBoundary != 0 { topBoundary = entry.prevBoundary }
    }

    mutating func popThrough(_ pos: Int32) {
        while open.count > Int(pos) { pop() }
    }

    /// Whether the topmost open `name` is in scope: above every scope boundary and every `extra` element.
    func inScope(_ name: Int32, _ extra: Int32 = -1, _ extra2: Int32 = -1) -> Bool {
        let pos = top(name)
        guard pos >= 0, pos >= topBoundary else { return false }
        if extra >= 0 && top(extra) > pos { return false }
        if extra2 >= 0 && top(extra2) > pos { return false }
        return true
    }

    mutating func insertElement(_ name: Int32, _ a0: Int, _ ac: Int) -> Int32 {
        append(.element, name, a0, ac)
    }

    mutating func dropAttributes(_ a0: Int) {
        if attrs.count > a0 { attrs.removeSubrange(a0...) }
    }

    // MARK: Implied structure

    mutating func ensureHTML(_ a0: Int, _ ac: Int) throws(ContentError) {
        html = insertElement(N.html, a0, ac)
        try push(html, N.html)
        mode = .beforeHead
    }

    mutating func openHead(_ a0: Int, _ ac: Int) throws(ContentError) {
        head = insertElement(N.head, a0, ac)
        try push(head, N.head)
        mode = .inHead
    }

    mutating func closeHead() {
        if currentName == N.head { pop() }
        mode = .afterHead
    }

    mutating func openBody(_ a0: Int, _ ac: Int) throws(ContentError) {
        body = insertElement(N.body, a0, ac)
        try push(body, N.body)
        mode = .inBody
    }

    /// Creates whatever of html/head/body is missing, leaving the builder in body mode.
    mutating func enterBody() throws(ContentError) {
        let empty = attrs.count
        if mode == .initial { try ensureHTML(empty, 0) }
        if mode == .beforeHead { try openHead(empty, 0) }
        if mode == .inHead { closeHead() }
        if mode == .afterHead { try openBody(empty, 0) }
    }

    // MARK: Tokens

    mutating func startTag(_ name: Int32, _ a0: Int, _ ac: Int, _ selfClosing: Bool) throws(ContentError) {
        while true {
            switch mode {
            case .initial:
                if name == N.html { try ensureHTML(a0, ac); return }
                try ensureHTML(attrs.count, 0)
            case .beforeHead:
                if name == N.html { dropAttributes(a0); return }
                if name == N.head { try openHead(a0, ac); return }
                try openHead(attrs.count, 0)
            case .inHead:
                if name == N.html || name == N.head { dropAttributes(a0); return }
                if flag(name) & KnownNames.headContent != 0 {
                    let e = insertElement(name, a0, ac)
                    if flag(name) & KnownNames.void == 0 { try push(e, name) }
                    return
                }
                closeHead()
            case .afterHead:
                if name == N.html || name == N.head { dropAttributes(a0); return }
                if name == N.body { try openBody(a0, ac); return }
                try openBody(attrs.count, 0)
            case .inBody:
                try bodyStartTag(name, a0, ac, selfClosing)
                return
            }
        }
    }

    mutating func bodyStartTag(_ name: Int32, _ a0: Int, _ ac: Int, _ selfClosing: Bool) throws(ContentError) {
        var name = name
        if name == N.html || name == N.body || name == N.head { dropAttributes(a0); return }
        if name == N.form && top(N.form) >= 0 { dropAttributes(a0); return }
        if name == N.image { name = N.img }
        let f = flag(name)
        switch name {
        case N.li:
            if inScope(N.li, N.ul, N.ol) { popThrough(top(N.li)) }
        case N.dd, N.dt:
            let pos = max(top(N.dd), top(N.dt))
            if pos >= 0 && pos >= topBoundary && top(N.dl) < pos { popThrough(pos) }
        case N.a:
            if inScope(N.a) { popThrough(top(N.a)) }
        case N.button:
            if inScope(N.button) { popThrough(top(N.button)) }
        case N.option:
            if currentName == N.option { pop() }
        case N.optgroup:
            if currentName == N.option { pop() }
            if currentName == N.optgroup { pop() }
        case N.tr:
            let pos = top(N.tr)
            if pos >= 0 && pos > top(N.table) { popThrough(pos) }
        case N.td, N.th:
            let pos = max(top(N.td), top(N.th))
            if pos >= 0 && pos > top(N.table) { popThrough(pos) }
        case N.tbody, N.thead, N.tfoot:
            let pos = max(top(N.tbody), max(top(N.thead), top(N.tfoot)))
            if pos >= 0 && pos > top(N.table) { popThrough(pos) }
        default:
            break
        }
        // Rows and cells placed directly in a table get the implied `tbody` (and `tr`) browsers add.
        if name == N.tr || name == N.td || name == N.th {
            if currentName == N.table {
                let body = insertElement(N.tbody, attrs.count, 0)
                try push(body, N.tbody)
            }
            if name != N.tr && (currentName == N.tbody || currentName == N.thead || currentName == N.tfoot) {
                let row = insertElement(N.tr, attrs.count, 0)
                try push(row, N.tr)
            }
        }
        if f & KnownNames.closesP != 0 && inScope(N.p, N.button) { popThrough(top(N.p)) }
        if f & KnownNames.heading != 0 && flag(currentName) & KnownNames.heading != 0 { pop() }
        let e = insertElement(name, a0, ac)
        let isVoid = f & KnownNames.void != 0
        let closesItself = selfClosing && (name == N.svg || name == N.math || inForeign)
        if !isVoid && !closesItself { try push(e, name) }
    }

    mutating func endTag(_ name: Int32) throws(ContentError) {
        switch mode {
        case .initial, .beforeHead:
            return
        case .inHead:
            if name == N.head { closeHead(); return }
            if name == N.body || name == N.html || name == N.br { closeHead(); try endTag(name) }
            return
        case .afterHead:
            if name == N.body || name == N.html || name == N.br { try openBody(attrs.count, 0); try endTag(name) }
            return
        case .inBody:
            if name == N.body || name == N.html || name == N.head { return }
            if name == N.br { _ = insertElement(N.br, attrs.count, 0); return }
            if name == N.p && !inScope(N.p, N.button) { _ = insertElement(N.p, attrs.count, 0); return }
            let pos = top(name)
            guard pos >= 0 else { return }
            // Table parts close in table scope: open cells inside them do not block their end tags.
            if name == N.table || ((name == N.tr || name == N.tbody || name == N.thead || name == N.tfoot) && pos > top(N.table)) {
                popThrough(pos)
                return
            }
            guard pos >= topBoundary else { return }
            popThrough(pos)
        }
    }

    mutating func comment(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) {
        let start = text.count
        if e > s { text.append(contentsOf: UnsafeBufferPointer(start: p + s, count: e - s)) }
        _ = append(.comment, -1, start, text.count - start)
    }

    mutating func doctypeToken(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) {
        guard mode == .initial, nodes.count == 1 || doctype == nil else { return }
        var k = s
        while k < e && isSpace(p[k]) { k += 1 }
        let ns = k
        while k < e && !isSpace(p[k]) { k += 1 }
        let nameBytes = UnsafeBufferPointer(start: p + ns, count: k - ns).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let start = text.count
        text.append(contentsOf: nameBytes)
        doctype = String(decoding: nameBytes, as: UTF8.self)
        _ = append(.doctype, -1, start, nameBytes.count)
    }

    /// Character data between tags, routed according to the insertion mode.
    mutating func characters(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) throws(ContentError) {
        if mode == .inBody { appendText(p, s, e, decode: true); return }
        var k = s
        while k < e && isSpace(p[k]) { k += 1 }
        if k == e { return }  // white space outside body is not kept
        try enterBody()
        appendText(p, k, e, decode: true)
    }

    /// Appends a text node under the current node, merging with a directly preceding text sibling.
    mutating func appendText(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int, decode: Bool) {
        guard e > s else { return }
        let before = text.count
        if decode { appendDecoded(p, s, e, attribute: false) } else { appendRaw(p, s, e) }
        let parent = Int(currentNode)
        let last = nodes[parent].lastChild
        if last >= 0 && nodes[Int(last)].kind == .text
            && Int(nodes[Int(last)].dataStart + nodes[Int(last)].dataCount) == before {
            nodes[Int(last)].dataCount += Int32(text.count - before)
        } else {
            _ = append(.text, -1, before, text.count - before)
        }
    }

    /// Index of the first `&` or NUL in `p[from..<e]`, or `e`; eight bytes at a time.
    @inline(__always)
    func scanSpecial(_ p: UnsafePointer<UInt8>, _ from: Int, _ e: Int, amp: Bool) -> Int {
        var j = from
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let ampMask: UInt64 = amp ? 0x2626_2626_2626_2626 : 0
        let raw = UnsafeRawPointer(p)
        while j + 8 <= e {
            let v = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
            let zero = (v &- ones) & ~v & highs
            let x = v ^ ampMask
            let hit = amp ? (zero | ((x &- ones) & ~x & highs)) : zero
            if hit != 0 { break }
            j += 8
        }
        while j < e {
            let c = p[j]
            if c == 0 || (amp && c == AMP) { return j }
            j += 1
        }
        return e
    }

    mutating func appendRaw(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) {
        var run = s
        while true {
            let j = scanSpecial(p, run, e, amp: false)
            if j > run { text.append(contentsOf: UnsafeBufferPointer(start: p + run, count: j - run)) }
            if j >= e { return }
            text.append(0xEF); text.append(0xBF); text.append(0xBD)
            run = j + 1
        }
    }

    /// Copies bytes, decoding character references and replacing NUL with U+FFFD.
    mutating func appendDecoded(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int, attribute: Bool) {
        var run = s
        while true {
            var j = scanSpecial(p, run, e, amp: true)
            if j > run { text.append(contentsOf: UnsafeBufferPointer(start: p + run, count: j - run)) }
            if j >= e { return }
            if p[j] == 0 {
                text.append(0xEF); text.append(0xBF); text.append(0xBD); j += 1
            } else if let (cp, next) = Entities.decode(p, j, e, inAttribute: attribute) {
                Entities.appendUTF8(cp, to: &text); j = next
            } else {
                text.append(AMP); j += 1
            }
            run = j
        }
    }

    /// Interns the ASCII-lower-cased bytes `p[s..<e]`. Names of up to seven bytes are packed into an
    /// integer and looked up in a small cache first.
    @inline(__always)
    mutating func internLower(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) -> Int32 {
        let n = e - s
        if n <= 7 && n > 0 {
            var key = UInt64(n) << 56
            var shift: UInt64 = 0
            for k in s..<e {
                let c = p[k]
                key |= UInt64(c >= 0x41 && c <= 0x5A ? c | 0x20 : c) << shift
                shift += 8
            }
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> cacheShift)
            while true {
                let k = cacheKeys[slot]
                if k == key { return cacheIDs[slot] }
                if k == 0 { break }
                slot = (slot + 1) & cacheMask
            }
            let id = internSlow(p, s, e)
            if cacheCount < cacheLimit {
                cacheKeys[slot] = key; cacheIDs[slot] = id; cacheCount += 1
            }
            return id
        }
        return internSlow(p, s, e)
    }

    mutating func internSlow(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) -> Int32 {
        var hasUpper = false
        for k in s..<e where p[k] >= 0x41 && p[k] <= 0x5A { hasUpper = true; break }
        if !hasUpper { return names.intern(p + s, e - s) }
        scratch.removeAll(keepingCapacity: true)
        for k in s..<e { let c = p[k]; scratch.append(c >= 0x41 && c <= 0x5A ? c | 0x20 : c) }
        return scratch.withUnsafeBufferPointer { names.intern($0.baseAddress!, $0.count) }
    }

    // MARK: Tokenizer

    mutating func run(_ p: UnsafePointer<UInt8>, _ n: Int) throws(ContentError) {
        var i = 0
        while i < n {
            let lt = find(LT, p, i, n)
            if lt > i { try characters(p, i, lt) }
            if lt >= n { break }
            i = lt
            let c1: UInt8 = i + 1 < n ? p[i + 1] : 0
            if isAlpha(c1) {
                i = try startTagToken(p, i, n)
            } else if c1 == SLASH {
                let c2: UInt8 = i + 2 < n ? p[i + 2] : 0
                if isAlpha(c2) {
                    i = try endTagToken(p, i, n)
                } else if c2 == GT {
                    i += 3
                } else if i + 2 >= n {
                    try characters(p, i, n); i = n
                } else {
                    let e = find(GT, p, i + 2, n)
                    comment(p, i + 2, e); i = min(n, e + 1)
                }
            } else if c1 == BANG {
                i = markupDeclaration(p, i, n)
            } else if c1 == QMARK {
                let e = find(GT, p, i + 1, n)
                comment(p, i + 1, e); i = min(n, e + 1)
            } else {
                try characters(p, i, i + 1); i += 1
            }
        }
    }

    mutating func markupDeclaration(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        let s = i + 2
        if s + 1 < n && p[s] == DASH && p[s + 1] == DASH {
            let cs = s + 2
            if cs < n && p[cs] == GT { comment(p, cs, cs); return cs + 1 }
            if cs + 1 < n && p[cs] == DASH && p[cs + 1] == GT { comment(p, cs, cs); return cs + 2 }
            var j = cs
            while true {
                let d = find(DASH, p, j, n)
                if d + 2 >= n { comment(p, cs, n); return n }
                if p[d + 1] == DASH && p[d + 2] == GT { comment(p, cs, d); return d + 3 }
                if p[d + 1] == DASH && d + 3 < n && p[d + 2] == BANG && p[d + 3] == GT { comment(p, cs, d); return d + 4 }
                j = d + 1
            }
        }
        if matchesCaseInsensitive(p, s, n, "doctype") {
            let e = find(GT, p, s + 7, n)
            doctypeToken(p, s + 7, e)
            return min(n, e + 1)
        }
        if matches(p, s, n, "[CDATA[") {
            let cs = s + 7
            var j = cs
            var end = n, after = n
            while j < n {
                let b = find(0x5D, p, j, n)
                if b + 2 < n && p[b + 1] == 0x5D && p[b + 2] == GT { end = b; after = b + 3; break }
                if b >= n { break }
                j = b + 1
            }
            if inForeign { appendText(p, cs, end, decode: false) } else { comment(p, s, end) }
            return after
        }
        let e = find(GT, p, s, n)
        comment(p, s, e)
        return min(n, e + 1)
    }

    func matches(_ p: UnsafePointer<UInt8>, _ s: Int, _ n: Int, _ word: StaticString) -> Bool {
        let len = word.utf8CodeUnitCount
        guard s + len <= n else { return false }
        let w = word.utf8Start
        for k in 0..<len where p[s + k] != w[k] { return false }
        return true
    }

    func matchesCaseInsensitive(_ p: UnsafePointer<UInt8>, _ s: Int, _ n: Int, _ word: StaticString) -> Bool {
        let len = word.utf8CodeUnitCount
        guard s + len <= n else { return false }
        let w = word.utf8Start
        for k in 0..<len where (p[s + k] | 0x20) != w[k] { return false }
        return true
    }

    mutating func startTagToken(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) throws(ContentError) -> Int {
        let cls = byteClass
        var k = i + 1
        let nameStart = k
        while k < n && cls[Int(p[k])] & 1 == 0 { k += 1 }
        let name = internLower(p, nameStart, k)
        let a0 = attrs.count
        var selfClosing = false
        var complete = false
        while k < n {
            let c = p[k]
            if isSpace(c) { k += 1; continue }
            if c == GT { k += 1; complete = true; break }
            if c == SLASH {
                if k + 1 < n && p[k + 1] == GT { selfClosing = true; k += 2; complete = true; break }
                k += 1; continue
            }
            let ns = k
            k += 1
            while k < n && cls[Int(p[k])] & 2 == 0 { k += 1 }
            let ne = k
            while k < n && isSpace(p[k]) { k += 1 }
            var vs = 0, ve = 0, hasValue = false
            if k < n && p[k] == EQ {
                k += 1
                while k < n && isSpace(p[k]) { k += 1 }
                if k < n && (p[k] == DQ || p[k] == SQ) {
                    let q = p[k]
                    let e = find(q, p, k + 1, n)
                    if e >= n { k = n; break }
                    vs = k + 1; ve = e; k = e + 1
                } else {
                    vs = k
                    while k < n && cls[Int(p[k])] & 4 == 0 { k += 1 }
                    ve = k
                }
                hasValue = true
            }
            let an = internLower(p, ns, ne)
            var duplicate = false
            var a = a0
            while a < attrs.count { if attrs[a].name == an { duplicate = true; break }; a += 1 }
            if !duplicate {
                let start = text.count
                if hasValue { appendDecoded(p, vs, ve, attribute: true) }
                attrs.append(AttrRecord(name: an, start: Int32(start), count: Int32(text.count - start)))
            }
        }
        guard complete else { dropAttributes(a0); return n }  // a tag cut off by the end of input is dropped
        let before = nodes.count
        try startTag(name, a0, attrs.count - a0, selfClosing)
        // Raw text and RCDATA elements swallow everything up to their end tag.
        let f = flag(name)
        if f & (KnownNames.rawText | KnownNames.rcdata) != 0, let t = open.last?.node, Int(t) >= before,
           nodes[Int(t)].name == name {
            let (contentEnd, after) = rawTextEnd(p, k, n, name)
            appendText(p, k, contentEnd, decode: f & KnownNames.rcdata != 0)
            pop()
            return after
        }
        if name == N.plaintext, let t = open.last?.node, Int(t) >= before {
            appendText(p, k, n, decode: false)
            return n
        }
        return k
    }

    func rawTextEnd(_ p: UnsafePointer<UInt8>, _ from: Int, _ n: Int, _ name: Int32) -> (Int, Int) {
        let word = Array(names.strings[Int(name)].utf8)
        var j = from
        while j < n {
            let lt = find(LT, p, j, n)
            if lt >= n { break }
            let s = lt + 2
            if s + word.count <= n && p[lt + 1] == SLASH {
                var same = true
                for k in 0..<word.count where (p[s + k] | 0x20) != word[k] { same = false; break }
                if same {
                    let after = s + word.count
                    if after == n { return (lt, n) }
                    let c = p[after]
                    if isSpace(c) || c == SLASH || c == GT {
                        let gt = find(GT, p, after, n)
                        return (lt, min(n, gt + 1))
                    }
                }
            }
            j = lt + 1
        }
        return (n, n)
    }

    mutating func endTagToken(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) throws(ContentError) -> Int {
        let cls = byteClass
        var k = i + 2
        let nameStart = k
        while k < n && cls[Int(p[k])] & 1 == 0 { k += 1 }
        let name = internLower(p, nameStart, k)
        let gt = find(GT, p, k, n)
        guard gt < n else { return n }
        try endTag(name)
        return gt + 1
    }

    // MARK: Finish

    mutating func finish(byteCount: Int) -> HTMLDocument {
        // An empty or head-only document still gets html, head and body.
        do { try enterBody() } catch {
            // enterBody can only fail on the depth limit, which is at least the three implied elements
            // unless the caller configured a smaller one; the document then simply lacks those elements.
        }
        while !open.isEmpty { pop() }
        nodes[0].end = Int32(nodes.count - 1)
        return HTMLDocument(nodes: nodes, attrs: attrs, text: text, names: names.strings,
                            html: html, head: head, body: body, doctype: doctype, byteCount: byteCount)
    }
}
