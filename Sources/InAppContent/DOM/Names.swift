// Interned names for tags and attributes. Known HTML names get fixed small ids so the tree builder can
// compare integers; any other name is added to a per-document table on first sight.
import Foundation

/// Fixed ids of the names the parser needs to recognise. The order matches `KnownNames.list`.
enum N {
    static let html: Int32 = 0, head: Int32 = 1, body: Int32 = 2, title: Int32 = 3, meta: Int32 = 4
    static let link: Int32 = 5, style: Int32 = 6, script: Int32 = 7, base: Int32 = 8, p: Int32 = 9
    static let div: Int32 = 10, span: Int32 = 11, a: Int32 = 12, img: Int32 = 13, br: Int32 = 14
    static let hr: Int32 = 15, input: Int32 = 16, button: Int32 = 17, form: Int32 = 18, li: Int32 = 19
    static let ul: Int32 = 20, ol: Int32 = 21, dl: Int32 = 22, dd: Int32 = 23, dt: Int32 = 24
    static let table: Int32 = 25, tr: Int32 = 26, td: Int32 = 27, th: Int32 = 28, tbody: Int32 = 29
    static let thead: Int32 = 30, tfoot: Int32 = 31, caption: Int32 = 32, select: Int32 = 33, option: Int32 = 34
    static let optgroup: Int32 = 35, textarea: Int32 = 36, h1: Int32 = 37, h2: Int32 = 38, h3: Int32 = 39
    static let h4: Int32 = 40, h5: Int32 = 41, h6: Int32 = 42, svg: Int32 = 43, math: Int32 = 44
    static let template: Int32 = 45, applet: Int32 = 46, object: Int32 = 47, marquee: Int32 = 48, area: Int32 = 49
    static let col: Int32 = 50, embed: Int32 = 51, param: Int32 = 52, source: Int32 = 53, track: Int32 = 54
    static let wbr: Int32 = 55, keygen: Int32 = 56, xmp: Int32 = 57, iframe: Int32 = 58, noembed: Int32 = 59
    static let noframes: Int32 = 60, plaintext: Int32 = 61, noscript: Int32 = 62, address: Int32 = 63, article: Int32 = 64
    static let aside: Int32 = 65, blockquote: Int32 = 66, center: Int32 = 67, details: Int32 = 68, dialog: Int32 = 69
    static let dir: Int32 = 70, fieldset: Int32 = 71, figcaption: Int32 = 72, figure: Int32 = 73, footer: Int32 = 74
    static let header: Int32 = 75, hgroup: Int32 = 76, main: Int32 = 77, menu: Int32 = 78, nav: Int32 = 79
    static let pre: Int32 = 80, section: Int32 = 81, summary: Int32 = 82, listing: Int32 = 83, image: Int32 = 84
    static let colgroup: Int32 = 85, label: Int32 = 86, frameset: Int32 = 87
    // attributes
    static let id: Int32 = 88, class_: Int32 = 89, href: Int32 = 90, onclick: Int32 = 91, type: Int32 = 92
    static let name: Int32 = 93, value: Int32 = 94, action: Int32 = 95, method: Int32 = 96, target: Int32 = 97
    static let src: Int32 = 98, disabled: Int32 = 99, checked: Int32 = 100, role: Int32 = 101, onsubmit: Int32 = 102
    static let selected: Int32 = 103, alt: Int32 = 104, ariaLabel: Int32 = 105
    // names the HTML Standard's tree builder needs (tags, then attributes it inspects)
    static let b: Int32 = 106; static let big: Int32 = 107; static let code: Int32 = 108; static let em: Int32 = 109; static let font: Int32 = 110
    static let i: Int32 = 111; static let s: Int32 = 112; static let small: Int32 = 113; static let strike: Int32 = 114; static let strong: Int32 = 115
    static let tt: Int32 = 116; static let u: Int32 = 117; static let nobr: Int32 = 118; static let ruby: Int32 = 119; static let rb: Int32 = 120
    static let rp: Int32 = 121; static let rt: Int32 = 122; static let rtc: Int32 = 123; static let bgsound: Int32 = 124; static let basefont: Int32 = 125
    static let frame: Int32 = 126; static let search: Int32 = 127; static let desc: Int32 = 128; static let foreignobjectLower: Int32 = 129; static let foreignObject: Int32 = 130
    static let mi: Int32 = 131; static let mo: Int32 = 132; static let mn: Int32 = 133; static let ms: Int32 = 134; static let mtext: Int32 = 135
    static let annotationXml: Int32 = 136; static let malignmark: Int32 = 137; static let mglyph: Int32 = 138; static let color: Int32 = 139; static let face: Int32 = 140
    static let size_: Int32 = 141; static let encoding: Int32 = 142; static let menuitem: Int32 = 143; static let selectedcontent: Int32 = 144; static let multiple: Int32 = 145
}

enum KnownNames {
    static let list: [String] = [
        "html", "head", "body", "title", "meta", "link", "style", "script", "base", "p",
        "div", "span", "a", "img", "br", "hr", "input", "button", "form", "li",
        "ul", "ol", "dl", "dd", "dt", "table", "tr", "td", "th", "tbody",
        "thead", "tfoot", "caption", "select", "option", "optgroup", "textarea", "h1", "h2", "h3",
        "h4", "h5", "h6", "svg", "math", "template", "applet", "object", "marquee", "area",
        "col", "embed", "param", "source", "track", "wbr", "keygen", "xmp", "iframe", "noembed",
        "noframes", "plaintext", "noscript", "address", "article", "aside", "blockquote", "center", "details", "dialog",
        "dir", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav",
        "pre", "section", "summary", "listing", "image", "colgroup", "label", "frameset",
        "id", "class", "href", "onclick", "type", "name", "value", "action", "method", "target",
        "src", "disabled", "checked", "role", "onsubmit", "selected", "alt", "aria-label",
        "b", "big", "code", "em", "font", "i", "s", "small", "strike", "strong", "tt", "u", "nobr", "ruby", "rb", "rp", "rt", "rtc", "bgsound", "basefont", "frame", "search", "desc", "foreignobject", "foreignObject", "mi", "mo", "mn", "ms", "mtext", "annotation-xml", "malignmark", "mglyph", "color", "face", "size", "encoding", "menuitem", "selectedcontent", "multiple",
    ]

    // Per-name flags used by the tree builder.
    static let void: UInt32 = 1, rawText: UInt32 = 2, rcdata: UInt32 = 4, headContent: UInt32 = 8
    static let closesP: UInt32 = 16, scopeBoundary: UInt32 = 32, heading: UInt32 = 64

    static let flags: [UInt32] = {
        var f = [UInt32](repeating: 0, count: list.count)
        func set(_ names: [Int32], _ flag: UInt32) { for n in names { f[Int(n)] |= flag } }
        set([N.area, N.base, N.br, N.col, N.embed, N.hr, N.img, N.input, N.link, N.meta, N.param,
             N.source, N.track, N.wbr, N.keygen, N.image], void)
        set([N.script, N.style, N.xmp, N.iframe, N.noembed, N.noframes], rawText)
        set([N.title, N.textarea], rcdata)
        set([N.title, N.meta, N.link, N.style, N.script, N.base], headContent)
        set([N.address, N.article, N.aside, N.blockquote, N.center, N.details, N.dialog, N.dir, N.div, N.dl,
             N.fieldset, N.figcaption, N.figure, N.footer, N.form, N.h1, N.h2, N.h3, N.h4, N.h5, N.h6,
             N.header, N.hgroup, N.hr, N.main, N.menu, N.nav, N.ol, N.p, N.pre, N.section, N.summary,
             N.table, N.ul, N.li, N.dd, N.dt, N.plaintext, N.listing, N.xmp], closesP)
        set([N.html, N.table, N.td, N.th, N.caption, N.applet, N.object, N.marquee, N.template], scopeBoundary)
        set([N.h1, N.h2, N.h3, N.h4, N.h5, N.h6], heading)
        return f
    }()
}

/// The names of a table or document by id: the known names (one shared list, never copied per document)
/// followed by the document's own names.
struct NameStrings: Sendable {
    private(set) var extra: [String] = []

    init() {}

    @inline(__always)
    subscript(_ id: Int) -> String {
        let known = KnownNames.list.count
        return id < known ? KnownNames.list[id] : extra[id - known]
    }

    var count: Int { KnownNames.list.count + extra.count }

    mutating func appendExtra(_ name: String) { extra.append(name) }
}

/// An open-addressing table from lower-cased name bytes to dense ids.
struct NameTable {
    private(set) var strings = NameStrings()
    private var bytes: [UInt8] = []
    private var starts: [Int32] = []
    private var slots: [Int32]
    private var mask: Int

    /// A table holding the known names, built once; each parse starts from a copy of it.
    static let seeded: NameTable = {
        var t = NameTable(empty: ())
        for name in KnownNames.list {
            var u = Array(name.utf8)
            _ = u.withUnsafeMutableBufferPointer { t.intern($0.baseAddress!, $0.count) }
        }
        return t
    }()

    /// Every known name and its id.
    static let knownIndex: [String: Int32] = {
        var d: [String: Int32] = [:]
        for (i, n) in KnownNames.list.enumerated() { d[n] = Int32(i) }
        return d
    }()

    private init(empty: Void) {
        slots = [Int32](repeating: -1, count: 512)
        mask = 511
        bytes.reserveCapacity(2048)
    }

    /// A table containing the known names (ids as in ``N``).
    init() { self = NameTable.seeded }

    /// A table whose ids match `strings` (a frozen document's names, which start with the known names).
    init(strings: NameStrings) {
        self = NameTable.seeded
        for s in strings.extra {
            var u = Array(s.utf8)
            u.append(0)
            _ = u.withUnsafeBufferPointer { intern($0.baseAddress!, $0.count - 1) }
        }
    }

    var count: Int { starts.count }

    /// Id of an existing name, or nil (for lookups from selectors).
    func lookup(_ name: String) -> Int32? {
        // On the string's own UTF-8 (no copy for a native string): DOM calls look names up on every attribute access.
        var name = name
        return name.withUTF8 { u in
            if let p = u.baseAddress { return find(p, u.count, hash(p, u.count)).id }
            var empty: UInt8 = 0
            return withUnsafePointer(to: &empty) { find($0, 0, hash($0, 0)).id }
        }
    }

    @inline(__always)
    private func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var h: UInt32 = 2166136261
        for i in 0..<n { h = (h ^ UInt32(p[i])) &* 16777619 }
        return Int(h)
    }

    @inline(__always)
    private func find(_ p: UnsafePointer<UInt8>, _ n: Int, _ h: Int) -> (id: Int32?, slot: Int) {
        var s = h & mask
        while true {
            let id = slots[s]
            if id < 0 { return (nil, s) }
            let start = Int(starts[Int(id)])
            let end = Int(id) + 1 < starts.count ? Int(starts[Int(id) + 1]) : bytes.count
            if end - start == n {
                let equal = bytes.withUnsafeBufferPointer { b in memcmp(b.baseAddress! + start, p, n) == 0 }
                if equal { return (id, s) }
            }
            s = (s + 1) & mask
        }
    }

    /// Interns `n` bytes at `p` (already lower-cased by the caller where that matters).
    mutating func intern(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int32 {
        let h = hash(p, n)
        let (found, slot) = find(p, n, h)
        if let found { return found }
        let id = Int32(starts.count)
        starts.append(Int32(bytes.count))
        bytes.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        // The known names (seeded first, ids below the list's count) are kept in `KnownNames.list`.
        if Int(id) >= KnownNames.list.count {
            strings.appendExtra(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
        }
        slots[slot] = id
        if starts.count * 2 > slots.count { grow() }
        return id
    }

    private mutating func grow() {
        let newCount = slots.count * 2
        slots = [Int32](repeating: -1, count: newCount)
        mask = newCount - 1
        for id in 0..<starts.count {
            let start = Int(starts[id])
            let end = id + 1 < starts.count ? Int(starts[id + 1]) : bytes.count
            let h = bytes.withUnsafeBufferPointer { hash($0.baseAddress! + start, end - start) }
            var s = h & mask
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(id)
        }
    }
}
