// The layout of a document: border boxes for its rendered elements and lines of text, at one viewport size, read by
// taps at a point, reachability, the geometry scripts read and pictures (Paint/). Text is measured with the advance
// widths of the fonts WebKitGTK uses (FontMetrics.swift) and broken into lines at spaces and after hyphens, with
// `::before`/`::after` boxes in their places. It follows what decides
// where things are in in-app messages: the box model (margins with sibling collapsing and `auto` centring, padding,
// borders, `box-sizing`, min/max sizes), block flow and inline content with `text-align`, flexbox (direction, wrap,
// grow/shrink/basis, `justify-content`, `align-items`, `auto` margins, `gap`, `order`), single- and multi-column
// grids, relative, absolute and fixed positioning, stacking by `z-index` and translations; line boxes align their
// pieces on a baseline (LineBoxes.swift) and SVG shapes get their geometry's boxes (SVGShapes.swift). Not done:
// floats, tables, positioned generated boxes, kerning, transitions (boxes are where they end). Layout depth is bounded
// (``ApproximateLayout/maxDepth``); deeper content has no box.
import Foundation

/// A border box in CSS pixels, from the top left of the viewport.
public struct LayoutRect: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    public func contains(x px: Double, y py: Double) -> Bool { px >= x && px < x + width && py >= y && py < y + height }
    func union(_ o: LayoutRect) -> LayoutRect {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return LayoutRect(x: x0, y: y0, width: max(x + width, o.x + o.width) - x0, height: max(y + height, o.y + o.height) - y0)
    }
}

/// Boxes for the rendered elements of one document at one viewport size, and hit testing over them.
final class ApproximateLayout {
    /// Nesting levels laid out (each level is a few stack frames; worker threads have small stacks).
    static let maxDepth = 64
    let document: HTMLDocument
    let viewport: ContentViewport
    private let sheet: BoxStyleSheet
    private var styles = NodeTable<BoxStyle>()
    private(set) var boxes: [Int32: LayoutRect] = [:]
    private var maxContentCache = NodeTable<Double>()
    var pendingOutOfFlow: [(node: HTMLNode, x: Double, y: Double)] = []

    /// An image's pixel size by its `src` (the page's assets; nil when it does not load or is not known).
    private let imageSize: (String) -> (width: Double, height: Double)?
    private var imageSizes: [Int32: (width: Double, height: Double)?] = [:]

    init(document: HTMLDocument, viewport: ContentViewport, linked: @escaping (String) -> String? = { _ in nil },
         imageSize: @escaping (String) -> (width: Double, height: Double)? = { _ in nil }) {
        self.document = document
        self.viewport = viewport
        self.imageSize = imageSize
        self.linked = linked
        sheet = BoxStyleSheet(document: document, viewport: viewport, linked: linked)
        computeStyles()
        run()
        finished = true
    }

    /// `old`'s boxes, lines and styles for `document`, a later snapshot of the same tree in which nothing that
    /// places a box changed (LayoutReuse.swift decides): node references are answered in `document`.
    init(rebasing old: ApproximateLayout, onto document: HTMLDocument) {
        self.document = document
        viewport = old.viewport
        sheet = old.sheet
        linked = old.linked
        imageSize = old.imageSize
        styles = old.styles
        boxes = old.boxes
        maxContentCache = old.maxContentCache
        imageSizes = old.imageSizes
        paintKeys = old.paintKeys
        clips = old.clips
        trailingMargins = old.trailingMargins
        absorbedTop = old.absorbedTop
        fragments = old.fragments
        generatedHitBoxes = old.generatedHitBoxes
        lineBaselines = old.lineBaselines
        beforeStyles = old.beforeStyles
        afterStyles = old.afterStyles
        finished = true
    }
    /// The text of a linked stylesheet by its `href` (what the style sheet was read with).
    let linked: (String) -> String?

    func box(of node: HTMLNode) -> LayoutRect? { boxes[node.index] }

    /// The cascaded declarations of `node` (its sheets' rules and inline style, `var()` substituted), for getComputedStyle.
    func declaredStyle(of node: HTMLNode) -> [String: String] {
        var d = sheet.declared(node)
        if let custom = styles[node.index]?.custom {
            for (k, v) in d where TextBytes.contains(v, "var(") { d[k] = BoxStyleSheet.substitute(v, custom) }
        }
        return d
    }

    /// The used font size of `node` in pixels.
    func fontSize(of node: HTMLNode) -> Double? { styles[node.index]?.fontSize }

    /// The width and height getComputedStyle reports: of the border box under `box-sizing: border-box`, of the
    /// content box otherwise; nil for an inline box or one without a box ("auto").
    func usedSize(of node: HTMLNode) -> (width: Double, height: Double)? {
        guard let b = boxes[node.index], let s = styles[node.index], s.display != "inline" else { return nil }
        if s.borderBox { return (b.width, b.height) }
        let base = node.parentElement.flatMap { boxes[$0.index]?.width } ?? viewport.width
        let p = s.padding.map { $0.resolve(base) ?? 0 }
        return (max(0, b.width - p[1] - p[3] - s.border[1] - s.border[3]), max(0, b.height - p[0] - p[2] - s.border[0] - s.border[2]))
    }

    /// A margin, padding or border width of `node` in pixels (`margin-top`, `padding-left`, `border-right-width`…).
    func edge(_ name: String, of node: HTMLNode) -> Double? {
        guard let s = styles[node.index] else { return nil }
        let parts = name.split(separator: "-")   // margin-top, padding-left, border-right-width
        guard parts.count >= 2, let i = ["top", "right", "bottom", "left"].firstIndex(of: String(parts[1])) else { return nil }
        let base = node.parentElement.flatMap { boxes[$0.index]?.width } ?? viewport.width
        if name.hasPrefix("margin-") { return s.margin[i]?.resolve(base) ?? 0 }
        if name.hasPrefix("padding-") { return s.padding[i].resolve(base) }
        return s.border[i]
    }

    /// What scripts read of an element's geometry: its border box, its client size (inside the borders; 0 for an
    /// inline box), its borders' left and top widths, and its offset parent (the nearest positioned ancestor, or a
    /// `td`/`th`/`table` for an element that is not positioned itself, or `body`; none for `body`, the root and
    /// fixed boxes). Nil when it has no box.
    func geometry(of node: HTMLNode) -> (box: LayoutRect, clientWidth: Double, clientHeight: Double, borderLeft: Double,
                                         borderTop: Double, offsetParent: HTMLNode?)? {
        guard let b = boxes[node.index], let s = styles[node.index] else { return nil }
        let inline = s.display == "inline"
        let clientWidth = inline ? 0 : max(0, b.width - s.border[1] - s.border[3])
        let clientHeight = inline ? 0 : max(0, b.height - s.border[0] - s.border[2])
        var parent: HTMLNode?
        if s.position != "fixed", node.tagName != "body", node.tagName != "html" {
            parent = node.ancestors.first { a in
                a.isElement && (styles[a.index]?.isPositioned == true || a.tagName == "body"
                    || (!s.isPositioned && (a.tagName == "td" || a.tagName == "th" || a.tagName == "table")))
            }
        }
        return (b, clientWidth, clientHeight, s.border[3], s.border[0], parent)
    }

    /// The element a tap at (x, y) reaches: the top-most rendered element there whose `visibility` and
    /// `pointer-events` let it be hit (positioned elements above the flow, by `z-index`, then later in the
    /// document above earlier); the root element when nothing else is there.
    func hitTest(x: Double, y: Double) -> HTMLNode? {
        var best: (key: [Int], index: Int32)?
        for (index, rect) in boxes where rect.contains(x: x, y: y) {
            guard let s = styles[index], s.visibility == "visible", s.pointerEvents != "none" else { continue }
            if let clip = clips[index], !clip.contains(x: x, y: y) { continue }
            let key = paintKey(index)
            if best.map({ key.lexicographicallyPrecedes($0.key) == false && key != $0.key }) ?? true { best = (key, index) }
        }
        // A positioned `::before`/`::after` box is its element's, wherever it is.
        for (index, offset) in generatedHitBoxes {
            guard let own = boxes[index] else { continue }
            let rect = LayoutRect(x: own.x + offset.x, y: own.y + offset.y, width: offset.width, height: offset.height)
            guard rect.contains(x: x, y: y), let s = styles[index], s.visibility == "visible", s.pointerEvents != "none" else { continue }
            if let clip = clips[index], !clip.contains(x: x, y: y) { continue }
            let key = paintKey(index)
            if best.map({ key.lexicographicallyPrecedes($0.key) == false }) ?? true { best = (key, index) }
        }
        if let best { return HTMLNode(document: document, index: best.index) }
        return document.allElements.first
    }

    /// The resolved box style of the element at `index`.
    func boxStyle(of index: Int32) -> BoxStyle? { styles[index] }

    /// Elements with a box, back to front: the flow first, then positioned elements by `z-index`, each level in
    /// document order (what hit testing reads from the front).
    func paintOrder() -> [Int32] {
        boxes.keys.map { (paintKey($0), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }

    // MARK: Styles

    private func computeStyles() {
        styles = NodeTable(count: document.nodes.count)
        maxContentCache = NodeTable(count: document.nodes.count)
        for node in document.allElements {
            let parent = node.parentElement.flatMap { styles[$0.index] }
            styles[node.index] = sheet.style(of: node, parent: parent)
        }
    }

    func style(_ n: HTMLNode) -> BoxStyle { styles[n.index] ?? BoxStyle() }

    /// Painting order, compared lexicographically: for each positioned ancestor (and the element itself when it
    /// is positioned), outermost first, its layer (`z-index`, auto counting as 0 above the flow) and document
    /// position, then the element's own position among what flows in the innermost one. Positioned boxes paint
    /// above the flow of their container, by `z-index`, and everything inside a box paints above it.
    private func paintKey(_ index: Int32) -> [Int] {
        if let known = paintKeys[index] { return known }
        return computePaintKey(index)
    }

    /// Worked out for every box at the end of ``run()``, so that reading a finished layout (hit tests from any
    /// thread) never writes.
    private func computePaintKey(_ index: Int32) -> [Int] {
        let node = HTMLNode(document: document, index: index)
        var chain: [HTMLNode] = []
        var current: HTMLNode? = node
        while let n = current, n.isElement {
            if style(n).isPositioned { chain.append(n) }
            current = n.parentElement
        }
        var key: [Int] = []
        for a in chain.reversed() {
            let z = style(a).zIndex ?? 0
            key += [z * 2 + (z >= 0 ? 1 : 0), Int(a.index)]
        }
        if !style(node).isPositioned { key += [0, Int(index)] }
        return key
    }
    private var paintKeys: [Int32: [Int]] = [:]

    // MARK: Layout

    private func run() {
        guard let root = document.allElements.first(where: { $0.parentElement == nil }) else { return }
        let s = style(root)
        guard s.display != "none" else { return }
        let width = viewport.width
        let ml = s.margin[3]?.resolve(width) ?? 0, mr = s.margin[1]?.resolve(width) ?? 0, mt = s.margin[0]?.resolve(width) ?? 0
        let w = usedWidth(root, s, available: width - ml - mr, shrink: false)
        _ = place(root, x: ml, y: mt, borderWidth: w, cbHeight: viewport.height, depth: 0)
        // Absolutely and fixed positioned boxes, once their containing blocks have boxes (new ones may appear).
        var i = 0
        var placed = Set<Int32>()
        while i < pendingOutOfFlow.count && i < 10_000 {
            let (node, sx, sy) = pendingOutOfFlow[i]
            i += 1
            // A box laid out again (a stretched flex item) registered its positioned children again: the last wins.
            if pendingOutOfFlow[i...].contains(where: { $0.node == node }) || placed.contains(node.index) { continue }
            placed.insert(node.index)
            placeOutOfFlow(node, staticX: sx, staticY: sy)
        }
        placePositionedGeneratedBoxes()
        // An inline SVG's shapes get the boxes of their geometry in its viewBox (SVGShapes.swift).
        for node in document.allElements where node.tagName == "svg" {
            guard let box = boxes[node.index] else { continue }
            let s = style(node), p = padding(s, box.width)
            let content = LayoutRect(x: box.x + s.border[3] + p[3], y: box.y + s.border[0] + p[0],
                                     width: max(0, box.width - s.border[1] - s.border[3] - p[1] - p[3]),
                                     height: max(0, box.height - s.border[0] - s.border[2] - p[0] - p[2]))
            for (index, rect) in SVGShapes.boxes(in: node, box: box, content: content, shown: { self.style($0).display != "none" }) {
                boxes[index] = rect
            }
        }
        for index in boxes.keys { paintKeys[index] = computePaintKey(index) }
        // Translations last, outermost first: each moves its box and everything in it.
        for node in document.allElements where boxes[node.index] != nil { applyRelativeOffset(node, style(node)); applyTranslation(node, style(node)) }
        for index in boxes.keys { clips[index] = computeClip(index) }
    }

    /// Where each clipped box is visible (Clipping.swift): the overlap of its `overflow`-clipping ancestors.
    private(set) var clips: [Int32: LayoutRect] = [:]

    func padding(_ s: BoxStyle, _ cw: Double) -> [Double] { s.padding.map { $0.resolve(cw) ?? 0 } }

    /// The width of `n`'s border box in a containing block `available` wide (its margins already taken out).
    func usedWidth(_ n: HTMLNode, _ s: BoxStyle, available: Double, shrink: Bool) -> Double {
        let p = padding(s, available)
        let extra = p[1] + p[3] + s.border[1] + s.border[3]
        var w: Double
        if let specified = s.width?.resolve(available) {
            w = s.borderBox ? specified : specified + extra
        } else if let intrinsic = replacedWidth(n, s) {
            w = intrinsic + extra
        } else if shrink {
            w = min(maxContent(n), max(0, available))
        } else {
            w = max(0, available)
        }
        if let mx = s.maxWidth?.resolve(available) { w = min(w, s.borderBox ? mx : mx + extra) }
        if let mn = s.minWidth?.resolve(available) { w = max(w, s.borderBox ? mn : mn + extra) }
        return max(w, extra)
    }

    /// Intrinsic content width of replaced elements and form controls.
    private func replacedWidth(_ n: HTMLNode, _ s: BoxStyle) -> Double? {
        switch n.tagName {
        case "img", "video", "canvas", "iframe", "svg":
            // Without a width attribute an image is as wide as it is (a message's own asset, read from its first
            // bytes; scaled to a height attribute), or as its alt text when it does not load (none loads from the
            // network here): a browser shows the alt text of an image that did not load.
            if let w = n["width"].flatMap(ApproximateLayout.dimension) { return w }
            guard n.tagName == "img" else { return 300 }
            if let size = intrinsic(n) { return n["height"].flatMap(ApproximateLayout.dimension).map { size.width * $0 / size.height } ?? size.width }
            // A broken image (a source that did not load) without alt text is drawn as a square icon, as big as the
            // one dimension it was given; without a source there is nothing to draw.
            return n["alt"].map { textWidth($0, s) } ?? brokenSide(n, given: "height") ?? 0
        case "input":
            let type = (n["type"] ?? "text").lowercased()
            if type == "checkbox" || type == "radio" { return 12 }
            if ["submit", "button", "reset"].contains(type) { return textWidth(n["value"] ?? "Submit", s) }
            return s.fontSize * 12.7
        case "textarea": return s.fontSize * 12.3
        case "select":
            // The widest option and the drop-down arrow.
            let widest = n.descendants.filter { $0.tagName == "option" }.map { textWidth($0.textContent, s) }.max() ?? 0
            return widest + 26
        default: return nil
        }
    }

    /// A `width`/`height` attribute's pixels as HTML reads dimension attributes: the leading number, whatever follows
    /// (`"15px;"` is 15); nil without one, and for a percentage.
    static func dimension(_ attribute: String) -> Double? {
        let text = attribute.trimmingCharacters(in: .whitespaces)
        let number = text.prefix { $0.isNumber || $0 == "." }
        guard !number.isEmpty, let value = Double(number), !text.dropFirst(number.count).hasPrefix("%") else { return nil }
        return value
    }

    /// The side of a broken image's square icon: the `given` dimension attribute, when the image has a source.
    private func brokenSide(_ n: HTMLNode, given: String) -> Double? {
        guard let src = n["src"], !src.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return n[given].flatMap(ApproximateLayout.dimension)
    }

    /// `width`: the content width the element was given, which a known image keeps its proportions to.
    private func replacedHeight(_ n: HTMLNode, _ s: BoxStyle, width: Double? = nil) -> Double? {
        switch n.tagName {
        case "img", "video", "canvas", "iframe", "svg":
            if let h = n["height"].flatMap(ApproximateLayout.dimension) { return h }
            guard n.tagName == "img" else { return 150 }
            if let size = intrinsic(n) { return (width ?? size.width) * size.height / size.width }
            return n["alt"].map { $0.isEmpty ? 0 : s.lineHeightPx } ?? brokenSide(n, given: "width") ?? 0
        case "input":
            let type = (n["type"] ?? "text").lowercased()
            return type == "checkbox" || type == "radio" ? 12 : s.lineHeightPx
        case "textarea": return s.lineHeightPx * Double(max(1, Int(n["rows"] ?? "2") ?? 2))
        case "select": return s.lineHeightPx + 10
        default: return nil
        }
    }

    /// The pixel size of the image at `src` when it loads here (a background image's, for the painter).
    func imagePixelSize(_ src: String) -> (width: Double, height: Double)? {
        imageSize(src).flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
    }

    /// The pixel size of an `img` whose source loads here, asked once per layout.
    private func intrinsic(_ n: HTMLNode) -> (width: Double, height: Double)? {
        if let known = imageSizes[n.index] { return known }
        let size = n["src"].flatMap { imageSize($0) }.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        imageSizes[n.index] = .some(size)
        return size
    }

    /// Width of `text` on one line in `s`'s font, white space collapsed (leading and trailing spaces dropped).
    func textWidth(_ text: String, _ s: BoxStyle) -> Double {
        let words = ApproximateLayout.words(text)
        guard !words.isEmpty else { return 0 }
        let space = FontMetrics.spaceWidth(face: s.face, size: s.fontSize) + s.letterSpacing
        return words.reduce(0) { $0 + wordWidth($1, s) } + space * Double(words.count - 1)
    }

    func wordWidth<S: StringProtocol>(_ word: S, _ s: BoxStyle) -> Double {
        switch s.textTransform {
        case "uppercase": return FontMetrics.width(word.uppercased(), face: s.face, size: s.fontSize, letterSpacing: s.letterSpacing)
        case "capitalize": return FontMetrics.width(word.prefix(1).uppercased() + word.dropFirst(), face: s.face, size: s.fontSize,
                                                    letterSpacing: s.letterSpacing)
        case "lowercase": return FontMetrics.width(word.lowercased(), face: s.face, size: s.fontSize, letterSpacing: s.letterSpacing)
        default: return FontMetrics.width(word, face: s.face, size: s.fontSize, letterSpacing: s.letterSpacing)
        }
    }

    /// The longest unbreakable piece's width: what a box cannot get narrower than without overflowing.
    func longestWord(_ text: String, _ s: BoxStyle) -> Double {
        ApproximateLayout.words(text).flatMap { ApproximateLayout.hyphenParts($0) }.map { wordWidth($0, s) }.max() ?? 0
    }

    /// A word cut after each hyphen that has a letter or digit on both sides (where WebKit may break a line).
    static func hyphenParts(_ word: Substring) -> [Substring] {
        guard word.utf8.contains(UInt8(ascii: "-")), word.contains("-") else { return [word] }
        var parts: [Substring] = []
        var start = word.startIndex
        var i = word.startIndex
        while i < word.endIndex {
            let next = word.index(after: i)
            if word[i] == "-", i > start, next < word.endIndex, word[word.index(before: i)].isLetter || word[word.index(before: i)].isNumber,
               word[next].isLetter || word[next].isNumber {
                parts.append(word[start..<next])
                start = next
            }
            i = next
        }
        parts.append(word[start...])
        return parts
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\u{0C}" }

    /// The words of `text` between runs of collapsible white space.
    static func words(_ text: String) -> [Substring] {
        // On the UTF-8 bytes when every white-space byte stands between ASCII bytes (then each is a character of its
        // own, or CR LF); otherwise a space may begin or end a larger character, and characters are compared.
        if let words = asciiSpacedWords(text) { return words }
        return text.split(whereSeparator: { $0.unicodeScalars.allSatisfy(isSpace) })
    }

    private static func isSpaceByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D || b == 0x0C }

    private static func asciiSpacedWords(_ text: String) -> [Substring]? {
        let utf8 = text.utf8
        var ranges: [Range<Int>] = []
        let ok: Bool? = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let n = bytes.count
            var start = -1
            for i in 0..<n {
                let b = bytes[i]
                if isSpaceByte(b) {
                    if i > 0 && bytes[i - 1] >= 0x80 { return false }
                    if i + 1 < n && bytes[i + 1] >= 0x80 { return false }
                    if start >= 0 { ranges.append(start..<i); start = -1 }
                } else if start < 0 {
                    start = i
                }
            }
            if start >= 0 { ranges.append(start..<n) }
            return true
        }
        guard ok == true else { return nil }
        var out: [Substring] = []
        out.reserveCapacity(ranges.count)
        let base = utf8.startIndex
        for r in ranges {
            let lower = utf8.index(base, offsetBy: r.lowerBound), upper = utf8.index(base, offsetBy: r.upperBound)
            out.append(text[lower..<upper])
        }
        return out
    }

    /// The widest the content of `n` gets without wrapping, plus its padding and borders.
    func maxContent(_ n: HTMLNode, depth: Int = 0) -> Double {
        if let c = maxContentCache[n.index] { return c }
        let s = style(n)
        let p = padding(s, 0)
        let extra = p[1] + p[3] + s.border[1] + s.border[3]
        var content = 0.0
        if let specified = s.width?.resolve(nil) {
            let w = s.borderBox ? specified : specified + extra
            maxContentCache[n.index] = w
            return w
        }
        if let r = replacedWidth(n, s) {
            content = r
        } else if depth < ApproximateLayout.maxDepth {
            var line = 0.0, widest = 0.0, items: [Double] = []
            // A collapsible space counts only between two things on the line (none at its start or end).
            var pendingSpace = false
            func addSpace() { if pendingSpace && line > 0 { line += FontMetrics.spaceWidth(face: s.face, size: s.fontSize) }; pendingSpace = false }
            for child in n.childNodes {
                if child.kind == .text {
                    let text = child.data ?? ""
                    if let first = text.unicodeScalars.first, ApproximateLayout.isSpace(first) { pendingSpace = true }
                    let w = textWidth(text, s)
                    if w > 0 { addSpace(); line += w }
                    if let last = text.unicodeScalars.last, ApproximateLayout.isSpace(last) { pendingSpace = true }
                } else if child.isElement {
                    let cs = style(child)
                    if cs.display == "none" || cs.isOutOfFlow { continue }
                    if child.tagName == "br" { widest = max(widest, line); line = 0; pendingSpace = false; continue }
                    let m = (cs.margin[1]?.resolve(nil) ?? 0) + (cs.margin[3]?.resolve(nil) ?? 0)
                    let w = maxContent(child, depth: depth + 1) + m
                    if s.isFlex || s.isGrid { items.append(w); continue }
                    if cs.isBlockLevel { widest = max(widest, line, w); line = 0; pendingSpace = false } else { addSpace(); line += w }
                }
            }
            if s.isFlex && s.flexDirection.hasPrefix("row") {
                content = items.reduce(0, +) + s.columnGap * Double(max(0, items.count - 1)) + line
            } else if s.isGrid {
                let cols = Double(min(s.gridColumns, max(1, items.count)))
                content = (items.max() ?? 0) * cols + s.columnGap * (cols - 1)
            } else {
                content = max(widest, line, items.max() ?? 0)
            }
        }
        var w = content + extra
        if let mn = s.minWidth?.resolve(nil) { w = max(w, s.borderBox ? mn : mn + extra) }
        maxContentCache[n.index] = w
        return w
    }

    /// Lays out `n` (in flow) with its border box at (x, y), `borderWidth` wide; returns its border-box height.
    @discardableResult
    func place(_ n: HTMLNode, x: Double, y: Double, borderWidth: Double, cbHeight: Double?, depth: Int,
                       stretchHeight: Double? = nil) -> Double {
        let s = style(n)
        let cw = borderWidth
        let p = padding(s, cw)
        let contentX = x + s.border[3] + p[3], contentY = y + s.border[0] + p[0]
        let contentWidth = max(0, borderWidth - s.border[1] - s.border[3] - p[1] - p[3])
        let vertical = s.border[0] + s.border[2] + p[0] + p[2]
        var explicitHeight: Double? = s.height?.resolve(cbHeight).map { s.borderBox ? max(0, $0 - vertical) : $0 }
        if explicitHeight == nil, let r = replacedHeight(n, s, width: contentWidth) { explicitHeight = r }
        if explicitHeight == nil, let stretch = stretchHeight { explicitHeight = max(0, stretch - vertical) }
        var contentHeight: Double
        fragments[n.index] = ((x, y), [])
        lineBaselines[n.index] = nil
        if n.tagName == "svg" {
            contentHeight = explicitHeight ?? 0
        } else if depth >= ApproximateLayout.maxDepth {
            contentHeight = explicitHeight ?? 0
        } else {
            var laid = layoutContents(n, s, x: contentX, y: contentY, width: contentWidth, height: explicitHeight, depth: depth)
            // A flex container whose min-height is above its content's: laid out again in that height, so that its
            // items stretch, align and justify in it (ButtonContent.swift).
            if let floor = flexMinimumHeight(s, explicitHeight: explicitHeight, laid: laid, cbHeight: cbHeight, vertical: vertical) {
                fragments[n.index] = ((x, y), [])
                lineBaselines[n.index] = nil
                laid = layoutContents(n, s, x: contentX, y: contentY, width: contentWidth, height: floor, depth: depth)
            }
            contentHeight = explicitHeight ?? laid
            if let mh = s.minHeight?.resolve(cbHeight) { contentHeight = max(contentHeight, s.borderBox ? mh - vertical : mh) }
            if let mh = s.maxHeight?.resolve(cbHeight) { contentHeight = min(contentHeight, s.borderBox ? mh - vertical : mh) }
            // A button centres its content vertically in its content box (ButtonContent.swift).
            if let dy = buttonContentShift(n, s, contentHeight: contentHeight, laid: laid) { shiftContents(of: n, by: dy) }
        }
        if n.tagName == "svg" || depth >= ApproximateLayout.maxDepth {
            if let mh = s.minHeight?.resolve(cbHeight) { contentHeight = max(contentHeight, s.borderBox ? mh - vertical : mh) }
            if let mh = s.maxHeight?.resolve(cbHeight) { contentHeight = min(contentHeight, s.borderBox ? mh - vertical : mh) }
        }
        let height = contentHeight + vertical
        boxes[n.index] = LayoutRect(x: x, y: y, width: borderWidth, height: height)
        return height
    }

    /// Bottom margins of the last children that collapsed through their parent (it adds them to its own).
    private var trailingMargins: [Int32: Double] = [:]
    /// Top margins that collapsed through a block's top edge (MarginCollapse.swift): already above the block, so its
    /// first child's margin counts only beyond them.
    private var absorbedTop: [Int32: Double] = [:]

    /// Whether the last child's bottom margin of the block `n` collapses through its bottom: a block in normal flow
    /// of a block (not a flex or grid item, the root, or a box that makes a new formatting context) with no bottom
    /// padding or border and an automatic height.
    private func lastMarginCollapsesThrough(_ n: HTMLNode, _ s: BoxStyle) -> Bool {
        guard s.display == "block" || s.display == "list-item", !s.overflowHidden, !s.isOutOfFlow, s.height == nil,
              s.border[2] == 0, (s.padding[2].resolve(0) ?? 1) == 0, s.minHeight == nil,
              !["html", "button", "fieldset", "legend", "td", "th", "table", "input", "textarea", "select"].contains(n.tagName),
              let parent = n.parentElement else { return false }
        let ps = style(parent)
        return !ps.isFlex && !ps.isGrid && !ps.contents
    }

    /// `position: relative` with `top`/`left` (or `bottom`/`right`) moves the box and everything inside it.
    private func applyRelativeOffset(_ n: HTMLNode, _ s: BoxStyle) {
        guard s.position == "relative", s.inset.contains(where: { $0 != nil }) else { return }
        let cb = n.parentElement.flatMap { boxes[$0.index] }
        let dx = s.inset[3]?.resolve(cb?.width) ?? s.inset[1]?.resolve(cb?.width).map { -$0 } ?? 0
        let dy = s.inset[0]?.resolve(cb?.height) ?? s.inset[2]?.resolve(cb?.height).map { -$0 } ?? 0
        guard dx != 0 || dy != 0, dx.isFinite, dy.isFinite else { return }
        var i = n.index
        while i <= n.record.end {
            if var r = boxes[i] { r.x += dx; r.y += dy; boxes[i] = r }
            i += 1
        }
        // Its text on lines of a block outside it (an inline element's words) moves with it; text of blocks inside it
        // follows their boxes already.
        let first = n.index, last = n.record.end
        for container in fragments.keys where container < first || container > last {
            guard let list = fragments[container]?.list, list.contains(where: { $0.element >= first && $0.element <= last }) else { continue }
            for k in list.indices where list[k].element >= first && list[k].element <= last {
                fragments[container]?.list[k].rect.x += dx
                fragments[container]?.list[k].rect.y += dy
            }
        }
    }

    /// `transform: translate…()` moves the box and everything inside it.
    private func applyTranslation(_ n: HTMLNode, _ s: BoxStyle) {
        guard let t = s.transform, let own = boxes[n.index] else { return }
        var dx = 0.0, dy = 0.0
        for part in t.components(separatedBy: ")") {
            guard let open = part.firstIndex(of: "(") else { continue }
            let fn = part[..<open].trimmingCharacters(in: .whitespaces)
            let args = part[part.index(after: open)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            func v(_ i: Int, _ base: Double) -> Double {
                guard i < args.count else { return 0 }
                return BoxStyleSheet.length(args[i], em: s.fontSize, viewport: viewport)?.resolve(base) ?? 0
            }
            switch fn {
            case "translate", "translate3d": dx += v(0, own.width); dy += v(1, own.height)
            case "translatex": dx += v(0, own.width)
            case "translatey": dy += v(0, own.height)
            default: continue
            }
        }
        guard dx != 0 || dy != 0 else { return }
        let end = n.record.end
        var i = n.index
        while i <= end {
            if var r = boxes[i] { r.x += dx; r.y += dy; boxes[i] = r }
            i += 1
        }
    }

    /// Lays out the children of `n` inside its content box; returns the content height they need.
    private func layoutContents(_ n: HTMLNode, _ s: BoxStyle, x: Double, y: Double, width: Double, height: Double?, depth: Int) -> Double {
        if s.isFlex { return layoutFlex(n, s, x: x, y: y, width: width, height: height, depth: depth) }
        if s.isGrid { return layoutGrid(n, s, x: x, y: y, width: width, height: height, depth: depth) }
        return layoutFlow(n, s, x: x, y: y, width: width, height: height, depth: depth)
    }

    /// Inline content: a word (its width, the collapsed space before it, whether a line may break there), an empty
    /// inline element, an atomic box, a forced break.
    private enum Piece {
        case word(Double, spaceBefore: Double, text: Substring, element: Int32, breakable: Bool)
        case empty
        case atomic(HTMLNode, Double, Double)
        /// A `::before`/`::after` box (its fragment in the container's list; its left and top margins).
        case generated(Double, Double, Int, left: Double, top: Double)
        case lineBreak
        var isLineBreak: Bool { if case .lineBreak = self { return true }; return false }
    }

    /// A piece of text on one line, for painting: the words of one element's text that sit side by side.
    struct TextFragment {
        var rect: LayoutRect
        var text: String
        /// The element whose style the text has.
        let element: Int32
        /// For a `::before`/`::after` box: its declarations (the painter draws its background and border) and style.
        var generated: [String: String]? = nil
        var generatedStyle: BoxStyle? = nil
    }

    /// `n`'s `::before` or `::after` box as it sits in flow: its style, text and border-box size (nil when it has
    /// none, or when it is out of flow or not displayed).
    func generated(_ n: HTMLNode, _ which: String, width available: Double) -> (style: BoxStyle, text: String, width: Double, height: Double,
                                                                                        margins: [Double], declared: [String: String])? {
        guard let cascaded = generatedDeclarations(n, which) else { return nil }
        let d = cascaded.declared, gs = cascaded.style
        guard gs.display != "none", !gs.isOutOfFlow else { return nil }
        let text = BoxStyleSheet.contentText(d["content"] ?? "")
        let p = padding(gs, available)
        let extraW = p[1] + p[3] + gs.border[1] + gs.border[3], extraH = p[0] + p[2] + gs.border[0] + gs.border[2]
        let textW = text.isEmpty ? 0 : FontMetrics.width(text, face: gs.face, size: gs.fontSize, letterSpacing: gs.letterSpacing)
        var w = gs.width?.resolve(available).map { gs.borderBox ? $0 : $0 + extraW } ?? (gs.isBlockLevel ? available : textW + extraW)
        if let mn = gs.minWidth?.resolve(available) { w = max(w, gs.borderBox ? mn : mn + extraW) }
        let h = gs.height?.resolve(nil).map { gs.borderBox ? $0 : $0 + extraH } ?? ((text.isEmpty ? 0 : gs.lineHeightPx) + extraH)
        let m = gs.margin.map { $0?.resolve(available) ?? 0 }
        return (gs, text, max(0, w), max(0, h), m, d)
    }
    /// Text laid out by each block container, and the container's border-box origin then (it may move after).
    var fragments: [Int32: (origin: (x: Double, y: Double), list: [TextFragment])] = [:]

    func hasGeneratedBox(_ n: HTMLNode, _ which: String) -> Bool { generated(n, which, width: 0) != nil }
    /// An element's `::before`/`::after` declarations and style, in flow or not (nil when it has none).
    func generatedDeclarations(_ n: HTMLNode, _ which: String) -> (declared: [String: String], style: BoxStyle)? {
        let before = which == "before"
        if before || which == "after", let known = (before ? beforeStyles : afterStyles)[n.index] { return known }
        let found = sheet.pseudoDeclared(n, which).map { d in (declared: d, style: sheet.style(of: n, parent: style(n), pseudo: d)) }
        // Kept while the layout is made (a box laid out again asks again); a finished layout is only read.
        if !finished && (before || which == "after") {
            if before { beforeStyles[n.index] = .some(found) } else { afterStyles[n.index] = .some(found) }
        }
        return found
    }
    /// Each element's `::before` and `::after` cascade (nil inside: none), once per layout.
    private var beforeStyles = NodeTable<(declared: [String: String], style: BoxStyle)?>()
    private var afterStyles = NodeTable<(declared: [String: String], style: BoxStyle)?>()
    /// Set when ``run()`` is done: from then on the layout is only read (from any thread).
    private var finished = false
    /// Positioned generated boxes by their element, for hit testing (GeneratedBoxes.swift), from its border box's
    /// top left (they move with it).
    var generatedHitBoxes: [(Int32, LayoutRect)] = []

    /// Every piece of text with its final position.
    var textFragments: [TextFragment] {
        var out: [TextFragment] = []
        for (container, entry) in fragments.sorted(by: { $0.key < $1.key }) {
            guard let box = boxes[container] else { continue }
            let dx = box.x - entry.origin.x, dy = box.y - entry.origin.y
            for var f in entry.list { f.rect.x += dx; f.rect.y += dy; out.append(f) }
        }
        return out
    }

    /// Block flow: block-level children stacked (adjacent vertical margins collapse), runs of inline content in lines.
    private func layoutFlow(_ n: HTMLNode, _ s: BoxStyle, x: Double, y: Double, width: Double, height: Double?, depth: Int) -> Double {
        var cursor = y
        var previousMargin = absorbedTop[n.index] ?? 0.0
        var run: [(piece: Piece, owners: [Int32])] = []
        var pendingSpace = false, hasWords = false
        // A collapsed space is as wide as a space in the font of the text it stands in.
        var pendingSpaceWidth = 0.0
        func flushRun() {
            pendingSpace = false; hasWords = false
            guard !run.isEmpty else { return }
            let h = layoutLines(run, s, x: x, y: cursor, width: width, container: n.index)
            if h > 0 { cursor += h; previousMargin = 0 }
            run = []
        }
        func pseudo(_ node: HTMLNode, _ which: String, owners: [Int32]) {
            guard let g = generated(node, which, width: width) else { return }
            let index = fragments[n.index]?.list.count ?? 0
            fragments[n.index]?.list.append(TextFragment(rect: LayoutRect(x: 0, y: 0, width: g.width, height: g.height), text: g.text,
                                                         element: node.index, generated: g.declared, generatedStyle: g.style))
            if g.style.isBlockLevel && node == n {
                flushRun()
                cursor += max(previousMargin, g.margins[0]) - previousMargin
                fragments[n.index]?.list[index].rect = LayoutRect(x: x + g.margins[3], y: cursor, width: g.width - g.margins[1] - g.margins[3], height: g.height)
                cursor += g.height + g.margins[2]
                previousMargin = g.margins[2]
            } else {
                run.append((.generated(g.width + g.margins[1] + g.margins[3], g.height + g.margins[0] + g.margins[2], index,
                                       left: g.margins[3], top: g.margins[0]), owners))
                hasWords = true
                pendingSpace = false
            }
        }
        func collect(_ node: HTMLNode, owners: [Int32], depth d: Int) {
            pseudo(node, "before", owners: owners)
            defer { pseudo(node, "after", owners: owners) }
            for child in node.childNodes {
                if child.kind == .text {
                    let text = child.data ?? ""
                    let ts = style(node)
                    let space = FontMetrics.spaceWidth(face: ts.face, size: ts.fontSize) + ts.letterSpacing
                    if let first = text.unicodeScalars.first, ApproximateLayout.isSpace(first) { pendingSpace = true; pendingSpaceWidth = space }
                    var firstWord = true
                    for word in ApproximateLayout.words(text) {
                        let before = pendingSpace && hasWords ? (firstWord ? pendingSpaceWidth : space) : 0
                        firstWord = false
                        // A line may also break after a hyphen inside a word ("members-|only").
                        for (k, part) in ApproximateLayout.hyphenParts(word).enumerated() {
                            run.append((.word(wordWidth(part, ts), spaceBefore: k == 0 ? before : 0, text: part, element: node.index,
                                              breakable: (k > 0 || before > 0) && !ts.noWrap), owners))
                        }
                        pendingSpace = true
                        hasWords = true
                    }
                    if let last = text.unicodeScalars.last, !ApproximateLayout.isSpace(last) { pendingSpace = false }
                    else if !text.isEmpty, !ApproximateLayout.words(text).isEmpty { pendingSpaceWidth = space }
                    continue
                }
                guard child.isElement else { continue }
                let cs = style(child)
                if cs.display == "none" { continue }
                if child.tagName == "br" { run.append((.lineBreak, owners)); continue }
                if cs.isOutOfFlow { pendingOutOfFlow.append((child, x, cursor)); continue }
                if cs.contents {
                    // `display: contents`: no box of its own; its children take its place.
                    if d < ApproximateLayout.maxDepth { collect(child, owners: owners, depth: d + 1) }
                    continue
                }
                if cs.display == "inline" && replacedWidth(child, cs) == nil {
                    // Its horizontal margins (outside its box), borders and padding (inside) at its start and end.
                    let pad = padding(cs, width), inner = owners + [child.index]
                    func edge(_ margin: Double, _ inside: Double) {
                        if margin != 0 { run.append((.word(margin, spaceBefore: 0, text: "", element: n.index, breakable: false), owners)) }
                        if inside != 0 { run.append((.word(inside, spaceBefore: 0, text: "", element: child.index, breakable: false), inner)) }
                    }
                    edge(cs.margin[3]?.resolve(width) ?? 0, cs.border[3] + pad[3])
                    let before = run.count
                    if d < ApproximateLayout.maxDepth { collect(child, owners: inner, depth: d + 1) }
                    // An empty inline element still gets a (zero-width) box where it stands.
                    if run.count == before { run.append((.empty, inner)) }
                    edge(cs.margin[1]?.resolve(width) ?? 0, cs.border[1] + pad[1])
                    continue
                }
                if cs.isBlockLevel {
                    flushRun()
                    let mt = cs.margin[0]?.resolve(width) ?? 0, mb = cs.margin[2]?.resolve(width) ?? 0
                    var ml = cs.margin[3]?.resolve(width) ?? 0, mr = cs.margin[1]?.resolve(width) ?? 0
                    // Tables and form controls keep their content's width even as blocks.
                    let control = ["button", "input", "select", "textarea", "legend"].contains(child.tagName)
                    let w = usedWidth(child, cs, available: width - ml - mr, shrink: cs.display == "table" || control)
                    if cs.margin[1] == nil && cs.margin[3] == nil { ml = max(0, (width - w) / 2); mr = ml }
                    else if cs.margin[3] == nil { ml = max(0, width - w - mr) }
                    let lead = collapsingTopMargin(child, cs, width: w)
                    absorbedTop[child.index] = lead > 0 ? lead : nil
                    cursor += max(previousMargin, mt, lead) - previousMargin
                    trailingMargins[child.index] = nil
                    let h = place(child, x: x + ml, y: cursor, borderWidth: w, cbHeight: height, depth: depth + 1)
                    let through = trailingMargins[child.index] ?? 0
                    cursor += h + max(mb, through)
                    previousMargin = max(mb, through)
                    continue
                }
                // Atomic inline: inline-block, inline-flex, replaced elements and controls.
                let ml = cs.margin[3]?.resolve(width) ?? 0, mr = cs.margin[1]?.resolve(width) ?? 0
                let w = usedWidth(child, cs, available: width - ml - mr, shrink: true)
                let h = place(child, x: 0, y: 0, borderWidth: w, cbHeight: height, depth: depth + 1)
                let mt = cs.margin[0]?.resolve(width) ?? 0, mb = cs.margin[2]?.resolve(width) ?? 0
                if pendingSpace && hasWords {
                    run.append((.word(0, spaceBefore: pendingSpaceWidth, text: "", element: n.index, breakable: !s.noWrap), owners))
                }
                run.append((.atomic(child, w + ml + mr, h + mt + mb), owners))
                pendingSpace = false
                hasWords = true
            }
        }
        collect(n, owners: [], depth: depth)
        flushRun()
        // The last child's bottom margin is inside the box when something keeps it there (bottom padding or border,
        // a fixed height, a new formatting context); otherwise it collapses through, after the box.
        if previousMargin > 0, lastMarginCollapsesThrough(n, s) {
            trailingMargins[n.index] = previousMargin
            return cursor - y - previousMargin
        }
        return cursor - y
    }

    /// Places a run of inline content in lines `width` wide from (x, y); returns the height of the lines.
    private func layoutLines(_ run: [(piece: Piece, owners: [Int32])], _ s: BoxStyle, x: Double, y: Double, width: Double,
                             container: Int32) -> Double {
        struct Placed {
            var rect: LayoutRect; let owners: [Int32]; let atomic: HTMLNode?; let line: Int; var text: String? = nil; var element: Int32 = -1
            var generated: (index: Int, left: Double, top: Double)? = nil
        }
        var placed: [Placed] = []
        var lineWidths: [Double] = [0]
        var lineHeights: [Double] = [s.lineHeightPx]
        var cx = 0.0, line = 0
        let strut = s.lineHeightPx
        func newLine() { line += 1; cx = 0; lineWidths.append(0); lineHeights.append(strut) }
        var hasContent = false
        for (piece, owners) in run {
            switch piece {
            case .lineBreak:
                hasContent = true
                newLine()
            case .empty:
                placed.append(Placed(rect: LayoutRect(x: cx, y: 0, width: 0, height: strut), owners: owners, atomic: nil, line: line))
            case .word(let rawWidth, let rawSpace, let text, let element, let breakable):
                hasContent = true
                let w = rawWidth.isFinite ? max(0, rawWidth) : 0
                var space = rawSpace.isFinite ? max(0, rawSpace) : 0
                // Half a pixel of slack: measured widths are within that of WebKit's (hinting, kerning), and a word
                // WebKit keeps on its line must not wrap here.
                if cx > 0 && breakable && cx + space + w > width + 0.5 { newLine() }
                if cx == 0 { space = 0 }
                // The word's element's own line height counts for the line (a larger font makes a taller line).
                let own = styles[element].map { $0.lineHeightPx } ?? strut
                lineHeights[line] = max(lineHeights[line], own)
                cx += space
                if let last = placed.last, last.line == line, last.element == element, last.text != nil, last.owners == owners {
                    placed[placed.count - 1].rect.width = cx + w - last.rect.x
                    placed[placed.count - 1].text! += (space > 0 ? " " : "") + text
                } else {
                    placed.append(Placed(rect: LayoutRect(x: cx, y: 0, width: w, height: own), owners: owners, atomic: nil, line: line,
                                         text: String(text), element: element))
                }
                cx += w; lineWidths[line] = cx
            case .generated(let w, let h, let index, let left, let top):
                hasContent = true
                if cx > 0 && cx + w > width && !s.noWrap { newLine() }
                placed.append(Placed(rect: LayoutRect(x: cx, y: 0, width: w, height: h), owners: owners, atomic: nil, line: line,
                                     text: nil, element: -1, generated: (index, left, top)))
                cx += w; lineWidths[line] = cx
                lineHeights[line] = max(lineHeights[line], h)
            case .atomic(let node, let w, let h):
                hasContent = true
                if cx > 0 && cx + w > width && !s.noWrap { newLine() }
                placed.append(Placed(rect: LayoutRect(x: cx, y: 0, width: w, height: h), owners: owners, atomic: node, line: line))
                cx += w; lineWidths[line] = cx
                lineHeights[line] = max(lineHeights[line], h)
            }
        }
        // Vertical placement (LineBoxes.swift): every piece on its line's baseline, moved by `vertical-align`.
        let blockMetrics = InlineFontMetrics(s)
        var metricsCache: [Int32: InlineFontMetrics] = [:]
        func metrics(_ e: Int32) -> InlineFontMetrics {
            if e < 0 || e == container { return blockMetrics }
            if let m = metricsCache[e] { return m }
            let m = styles[e].map { InlineFontMetrics($0) } ?? blockMetrics
            metricsCache[e] = m
            return m
        }
        /// The baseline shift of each owner (cumulative, from the block's baseline), innermost last.
        func ownerShifts(_ owners: [Int32]) -> [Double] {
            var out: [Double] = [], total = 0.0, parent = blockMetrics
            for o in owners {
                let m = metrics(o), box = m.inlineBox
                if let os = styles[o] {
                    total += VerticalAlign(os.verticalAlign, em: os.fontSize, lineHeight: m.lineHeight).shift(top: box.top, bottom: box.bottom, parent: parent) ?? 0
                }
                out.append(total); parent = m
            }
            return out
        }
        var items: [[LineBoxAligner.Item]] = Array(repeating: [], count: lineHeights.count)
        var itemOf: [Int] = []
        var shiftsOf: [[Double]] = []
        let strutBox = blockMetrics.inlineBox
        for k in items.indices { items[k].append(LineBoxAligner.Item(top: strutBox.top, bottom: strutBox.bottom, shift: 0)) }
        for p in placed {
            let shifts = ownerShifts(p.owners)
            let outer = shifts.last ?? 0
            let parent = metrics(p.owners.last ?? container)
            var item: LineBoxAligner.Item
            if let node = p.atomic {
                let cs = style(node), h = p.rect.height
                let mt = cs.margin[0]?.resolve(width) ?? 0
                let base = atomicBaseline(node, cs).map { mt + $0 } ?? h
                let va = VerticalAlign(cs.verticalAlign, em: cs.fontSize, lineHeight: cs.lineHeightPx)
                item = LineBoxAligner.Item(top: -base, bottom: h - base, shift: nil, alignBottom: va == .bottom)
                item.shift = va.shift(top: item.top, bottom: item.bottom, parent: parent).map { $0 + outer }
            } else if let g = p.generated, let gs = fragments[container].flatMap({ g.index < $0.list.count ? $0.list[g.index] : nil }), let st = gs.generatedStyle {
                let h = p.rect.height
                let pad = padding(st, width)
                let base = gs.text.isEmpty ? h : g.top + st.border[0] + pad[0] + FontMetrics.baseline(face: st.face, size: st.fontSize, lineHeight: st.lineHeightPx)
                let va = VerticalAlign(st.verticalAlign, em: st.fontSize, lineHeight: st.lineHeightPx)
                item = LineBoxAligner.Item(top: -base, bottom: h - base, shift: nil, alignBottom: va == .bottom)
                item.shift = va.shift(top: item.top, bottom: item.bottom, parent: parent).map { $0 + outer }
            } else {
                let box = metrics(p.text != nil ? p.element : (p.owners.last ?? container)).inlineBox
                item = LineBoxAligner.Item(top: box.top, bottom: box.bottom, shift: outer)
            }
            itemOf.append(items[p.line].count)
            shiftsOf.append(shifts)
            items[p.line].append(item)
        }
        let aligned = items.map { LineBoxAligner.align($0) }
        var tops: [Double] = []
        var top = y
        for a in aligned { tops.append(top); top += a.height }
        if hasContent, let first = aligned.first, let last = aligned.last, let origin = fragments[container]?.origin.y {
            let firstBaseline = lineBaselines[container]?.first ?? (tops[0] + first.baseline - origin)
            lineBaselines[container] = (firstBaseline, tops[tops.count - 1] + last.baseline - origin)
        }
        var ownerBoxes: [Int32: LayoutRect] = [:]
        for (k, p) in placed.enumerated() {
            let free = max(0, width - lineWidths[p.line])
            let shift = s.textAlign == "center" ? free / 2 : (s.textAlign == "right" || s.textAlign == "end") ? free : 0
            var r = p.rect
            r.x += x + shift
            let item = items[p.line][itemOf[k]]
            let baseline = tops[p.line] + aligned[p.line].baselines[itemOf[k]]
            r.y = baseline + item.top
            if let node = p.atomic {
                let cs = style(node)
                let ml = cs.margin[3]?.resolve(width) ?? 0, mt = cs.margin[0]?.resolve(width) ?? 0
                moveSubtree(node, toX: r.x + ml, y: r.y + mt)
            } else if let g = p.generated, let count = fragments[container]?.list.count, g.index < count {
                fragments[container]?.list[g.index].rect.x = r.x + g.left
                fragments[container]?.list[g.index].rect.y = r.y + g.top
            } else if let text = p.text, !text.isEmpty {
                fragments[container]?.list.append(TextFragment(rect: r, text: text, element: p.element))
            }
            // An inline element's box is its font's content area around its baseline, with its vertical padding and borders.
            let lineBaseline = tops[p.line] + aligned[p.line].baseline
            for (j, o) in p.owners.enumerated() {
                let m = metrics(o), os = styles[o] ?? BoxStyle(), pad = padding(os, width)
                let oy = lineBaseline + shiftsOf[k][j] - m.ascent - pad[0] - os.border[0]
                let rect = LayoutRect(x: r.x, y: oy, width: r.width, height: m.ascent + m.descent + pad[0] + pad[2] + os.border[0] + os.border[2])
                ownerBoxes[o] = ownerBoxes[o].map { $0.union(rect) } ?? rect
            }
        }
        for (o, r) in ownerBoxes { boxes[o] = r }
        return hasContent ? top - y : 0
    }

    /// The baselines of the first and last lines each block container laid out, from its border box's top then.
    private var lineBaselines: [Int32: (first: Double, last: Double)] = [:]

    /// Where an atomic inline box's baseline is, from its border box's top: its first line's (buttons, inline flex
    /// and grid boxes) or last line's (inline blocks), a text field's or select's text, a check box's bottom; nil for
    /// the bottom margin edge (replaced elements, text areas, boxes without lines, inline blocks that clip their
    /// overflow).
    /// `first`: a flex item's baseline (its first line's).
    private func atomicBaseline(_ node: HTMLNode, _ cs: BoxStyle, first: Bool = false) -> Double? {
        guard let own = boxes[node.index] else { return nil }
        switch node.tagName {
        case "img", "svg", "video", "canvas", "iframe", "progress", "meter", "textarea": return nil
        case "input", "select":
            let type = (node["type"] ?? "text").lowercased()
            if node.tagName == "input" && (type == "checkbox" || type == "radio") { return own.height }
            let p = padding(cs, own.width), lh = cs.lineHeightPx
            let inner = own.height - p[0] - p[2] - cs.border[0] - cs.border[2]
            let offset = max(0, (inner - lh) / 2)
            return cs.border[0] + p[0] + offset + FontMetrics.baseline(face: cs.face, size: cs.fontSize, lineHeight: lh)
        default: break
        }
        if !first && cs.overflowHidden && !cs.isFlex && !cs.isGrid && node.tagName != "button" { return nil }
        let useFirst = first || cs.isFlex || cs.isGrid || node.tagName == "button"
        var found: Double?
        var i = node.index
        while i <= node.record.end {
            if let b = lineBaselines[i], let box = boxes[i], styles[i]?.isOutOfFlow != true {
                let v = box.y + (useFirst ? b.first : b.last) - own.y
                if useFirst { return v }
                found = v
            }
            i += 1
        }
        return found
    }

    /// Moves everything inside `node` (not its own box, which is placed after) and its text down by `dy`.
    private func shiftContents(of node: HTMLNode, by dy: Double) {
        var i = node.index + 1
        while i <= node.record.end {
            if var r = boxes[i] { r.y += dy; boxes[i] = r }
            i += 1
        }
        if let count = fragments[node.index]?.list.count {
            for k in 0..<count { fragments[node.index]?.list[k].rect.y += dy }
        }
        if let b = lineBaselines[node.index] { lineBaselines[node.index] = (b.first + dy, b.last + dy) }
    }

    /// Moves a laid-out box and everything inside it so that its border box starts at (x, y).
    func moveSubtree(_ node: HTMLNode, toX x: Double, y: Double) {
        guard let own = boxes[node.index] else { return }
        let dx = x - own.x, dy = y - own.y
        guard dx != 0 || dy != 0 else { return }
        var i = node.index
        while i <= node.record.end {
            if var r = boxes[i] { r.x += dx; r.y += dy; boxes[i] = r }
            i += 1
        }
    }

    private struct FlexItem {
        let node: HTMLNode?; var width: Double; var height: Double; let margins: [Double]; let autoHeight: Bool
        var grow = 0.0; var shrink = 1.0; var alignSelf = "auto"
        /// A `::before`/`::after` item's fragment in its container's list.
        var fragment: Int?
        /// An anonymous block item's text (its lines are added to the container's when it is positioned).
        var text: String?
        var autoMargins: [Bool] = [false, false, false, false]
    }

    private func flexItems(_ n: HTMLNode, _ s: BoxStyle, width: Double, containerHeight: Double?, column: Bool, depth: Int) -> [FlexItem] {
        var items: [(order: Int, item: FlexItem)] = []
        func add(_ child: HTMLNode) {
            if child.kind == .text {
                let text = child.data ?? ""
                guard text.unicodeScalars.contains(where: { !ApproximateLayout.isSpace($0) }) else { return }
                // An anonymous block item (FlexText.swift): as wide as its text, or stretched across a column.
                let stretched = column && (s.alignItems == "normal" || s.alignItems == "stretch")
                let w = stretched ? width : min(textWidth(text, s), width)
                var item = FlexItem(node: nil, width: w, height: anonymousTextHeight(text, s, width: w), margins: [0, 0, 0, 0],
                                    autoHeight: false, alignSelf: s.alignItems)
                item.text = text
                items.append((0, item))
                return
            }
            guard child.isElement else { return }
            let cs = style(child)
            if cs.display == "none" { return }
            if cs.contents { for c in child.childNodes { add(c) }; return }
            if cs.isOutOfFlow { pendingOutOfFlow.append((child, 0, 0)); return }
            let m = cs.margin.map { $0?.resolve(width) ?? 0 }
            let alignment = cs.alignSelf == "auto" ? s.alignItems : cs.alignSelf
            let crossAuto = column ? (cs.margin[1] == nil || cs.margin[3] == nil) : (cs.margin[0] == nil || cs.margin[2] == nil)
            let stretch = column && cs.width == nil && (alignment == "normal" || alignment == "stretch") && !crossAuto
            var w: Double
            if !column, let basis = cs.flexBasis?.resolve(width) {
                let p = padding(cs, width)
                let extra = p[1] + p[3] + cs.border[1] + cs.border[3]
                w = cs.borderBox ? max(basis, extra) : basis + extra
                if let mx = cs.maxWidth?.resolve(width) { w = min(w, cs.borderBox ? mx : mx + extra) }
                if let mn = cs.minWidth?.resolve(width) { w = max(w, cs.borderBox ? mn : mn + extra) }
            } else {
                w = usedWidth(child, cs, available: width - m[1] - m[3], shrink: !stretch)
            }
            var explicit: Double?
            if column, let basis = cs.flexBasis?.resolve(containerHeight), basis > 0 || cs.height == nil {
                let p = padding(cs, width)
                let extra = p[0] + p[2] + cs.border[0] + cs.border[2]
                explicit = cs.borderBox ? max(basis, extra) : basis + extra
            }
            let h = place(child, x: 0, y: 0, borderWidth: w, cbHeight: containerHeight, depth: depth + 1, stretchHeight: explicit)
            var item = FlexItem(node: child, width: w, height: h, margins: m, autoHeight: cs.height == nil && explicit == nil,
                                grow: cs.flexGrow, shrink: cs.flexShrink, alignSelf: alignment)
            item.autoMargins = cs.margin.map { $0 == nil }
            items.append((cs.order, item))
        }
        func pseudo(_ which: String) {
            guard let g = generated(n, which, width: width) else { return }
            // Its own width when it has one; else as wide as its text (a row) or the container (a column).
            var stretched = column && g.style.width == nil ? width - g.margins[1] - g.margins[3] : g.width
            if !column, g.style.width == nil {
                let p = padding(g.style, width)
                stretched = (g.text.isEmpty ? 0 : FontMetrics.width(g.text, face: g.style.face, size: g.style.fontSize))
                    + p[1] + p[3] + g.style.border[1] + g.style.border[3]
            }
            var item = FlexItem(node: nil, width: max(0, stretched), height: g.height, margins: g.margins, autoHeight: false, alignSelf: s.alignItems)
            item.shrink = g.style.flexShrink
            item.fragment = fragments[n.index]?.list.count
            fragments[n.index]?.list.append(TextFragment(rect: LayoutRect(x: 0, y: 0, width: item.width, height: g.height), text: g.text,
                                                         element: n.index, generated: g.declared, generatedStyle: g.style))
            items.append((g.style.order, item))
        }
        pseudo("before")
        for child in n.childNodes { add(child) }
        pseudo("after")
        // `order`, then document order.
        return items.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element.item)
    }

    /// Puts an item's box (or its anonymous text) at (x, y).
    private func position(_ item: FlexItem, container: Int32, x: Double, y: Double) {
        if let node = item.node { moveSubtree(node, toX: x, y: y) }
        else if let text = item.text { placeAnonymousText(text, styles[container] ?? BoxStyle(), container: container, x: x, y: y, width: item.width) }
        else if let f = item.fragment, let count = fragments[container]?.list.count, f < count {
            // In place (a copy of the list would be copied again on write).
            fragments[container]?.list[f].rect.x = x; fragments[container]?.list[f].rect.y = y
            fragments[container]?.list[f].rect.width = item.width
        }
    }

    private func layoutFlex(_ n: HTMLNode, _ s: BoxStyle, x: Double, y: Double, width: Double, height: Double?, depth: Int) -> Double {
        let column = s.flexDirection.hasPrefix("column")
        var items = flexItems(n, s, width: width, containerHeight: height, column: column, depth: depth)
        guard !items.isEmpty else { return 0 }
        if s.flexDirection.hasSuffix("reverse") { items.reverse() }
        if column {
            let gap = s.rowGap
            var total = items.reduce(0) { $0 + $1.height + $1.margins[0] + $1.margins[2] } + gap * Double(items.count - 1)
            // A definite height: free space to the items that grow, overflow from those that shrink.
            if let h = height {
                let grow = items.reduce(0) { $0 + $1.grow }
                if h > total, grow > 0 {
                    for i in items.indices where items[i].grow > 0 {
                        items[i].height += (h - total) * items[i].grow / grow
                        if let node = items[i].node {
                            place(node, x: 0, y: 0, borderWidth: items[i].width, cbHeight: height, depth: depth + 1, stretchHeight: items[i].height)
                        }
                    }
                    total = h
                }
            }
            var free = max(0, (height ?? total) - total)
            let autoCount = items.reduce(0) { $0 + ($1.autoMargins[0] ? 1 : 0) + ($1.autoMargins[2] ? 1 : 0) }
            let perAuto = autoCount > 0 ? free / Double(autoCount) : 0
            if autoCount > 0 { free = 0 }
            var cy = y + justifyStart(s.justifyContent, free: free, count: items.count)
            let between = justifyBetween(s.justifyContent, free: free, count: items.count)
            for item in items {
                cy += item.margins[0] + (item.autoMargins[0] ? perAuto : 0)
                let room = width - item.margins[1] - item.margins[3]
                var ix = x + item.margins[3] + align(item.alignSelf, free: room - item.width)
                if item.autoMargins[1] || item.autoMargins[3] {
                    let spare = max(0, room - item.width)
                    ix = x + item.margins[3] + (item.autoMargins[1] && item.autoMargins[3] ? spare / 2 : item.autoMargins[3] ? spare : 0)
                }
                position(item, container: n.index, x: ix, y: cy)
                cy += item.height + item.margins[2] + (item.autoMargins[2] ? perAuto : 0) + gap + between
            }
            return height ?? total
        }
        // Row: wrap into lines when allowed, else squeeze.
        let gap = s.columnGap
        var lines: [[Int]] = [[]]
        var used = 0.0
        for (i, item) in items.enumerated() {
            let w = item.width + item.margins[1] + item.margins[3]
            if s.flexWrap && !lines[lines.count - 1].isEmpty && used + gap + w > width { lines.append([]); used = 0 }
            used += (lines[lines.count - 1].isEmpty ? 0 : gap) + w
            lines[lines.count - 1].append(i)
        }
        if !s.flexWrap {
            // Too wide: the items that may shrink give up the overflow in proportion to their widths.
            let total = items.reduce(0) { $0 + $1.width + $1.margins[1] + $1.margins[3] } + gap * Double(items.count - 1)
            let shrinkable = items.reduce(0) { $0 + $1.width * $1.shrink }
            if total > width && shrinkable > 0 {
                let over = total - width
                for i in items.indices where items[i].shrink > 0 {
                    // Not below the longest word (a flex item's automatic minimum size is its min-content width).
                    let floor = items[i].node.map { minContent($0) } ?? items[i].text.map { longestWord($0, s) } ?? 0
                    items[i].width = max(min(floor, items[i].width), items[i].width - over * items[i].width * items[i].shrink / shrinkable)
                }
            }
        }
        // Free space on a line goes to the items that grow, in proportion (`flex: 1`).
        for line in lines {
            let used = line.reduce(0) { $0 + items[$1].width + items[$1].margins[1] + items[$1].margins[3] } + gap * Double(line.count - 1)
            let grow = line.reduce(0) { $0 + items[$1].grow }
            guard grow > 0, width > used else { continue }
            for i in line where items[i].grow > 0 {
                var w = items[i].width + (width - used) * items[i].grow / grow
                if let node = items[i].node, let mx = style(node).maxWidth?.resolve(width) {
                    let cs = style(node)
                    let p = padding(cs, width)
                    w = min(w, cs.borderBox ? mx : mx + p[1] + p[3] + cs.border[1] + cs.border[3])
                }
                items[i].width = w
            }
        }
        var cy = y
        for (li, line) in lines.enumerated() {
            // Items laid out again at their final widths (text wraps differently) before the line's height is known.
            for i in line {
                if let node = items[i].node, boxes[node.index]?.width != items[i].width {
                    items[i].height = place(node, x: 0, y: 0, borderWidth: items[i].width, cbHeight: height, depth: depth + 1)
                } else if let text = items[i].text {
                    items[i].height = anonymousTextHeight(text, s, width: items[i].width)
                }
            }
            // `align-items: baseline`: those items' first baselines line up.
            var baseOf: [Int: Double] = [:]
            for i in line where items[i].alignSelf == "baseline" || items[i].alignSelf == "first baseline" {
                guard let node = items[i].node else { continue }
                let h = boxes[node.index]?.height ?? items[i].height
                baseOf[i] = items[i].margins[0] + (atomicBaseline(node, style(node), first: true) ?? h)
            }
            let maxBase = baseOf.values.max() ?? 0
            let lineCross = line.map { items[$0].height + items[$0].margins[0] + items[$0].margins[2] + (baseOf[$0].map { maxBase - $0 } ?? 0) }.max() ?? 0
            let cross = lines.count == 1 ? max(lineCross, height ?? 0) : lineCross
            let mainUsed = line.reduce(0) { $0 + items[$1].width + items[$1].margins[1] + items[$1].margins[3] } + gap * Double(line.count - 1)
            var free = max(0, width - mainUsed)
            let autoCount = line.reduce(0) { $0 + (items[$1].autoMargins[1] ? 1 : 0) + (items[$1].autoMargins[3] ? 1 : 0) }
            let perAuto = autoCount > 0 ? free / Double(autoCount) : 0
            if autoCount > 0 { free = 0 }
            var cx = x + justifyStart(s.justifyContent, free: free, count: line.count)
            let between = justifyBetween(s.justifyContent, free: free, count: line.count)
            for i in line {
                let item = items[i]
                cx += item.margins[3] + (item.autoMargins[3] ? perAuto : 0)
                let room = cross - item.margins[0] - item.margins[2]
                if let node = item.node {
                    let crossAuto = item.autoMargins[0] || item.autoMargins[2]
                    let stretch = (item.alignSelf == "normal" || item.alignSelf == "stretch") && item.autoHeight && !crossAuto
                    if stretch, room > item.height {
                        _ = place(node, x: 0, y: 0, borderWidth: item.width, cbHeight: height, depth: depth + 1, stretchHeight: room)
                    }
                    let h = boxes[node.index]?.height ?? item.height
                    var offset = stretch ? 0 : baseOf[i].map { maxBase - $0 } ?? align(item.alignSelf, free: room - h)
                    if crossAuto {
                        let spare = max(0, room - h)
                        offset = item.autoMargins[0] && item.autoMargins[2] ? spare / 2 : item.autoMargins[0] ? spare : 0
                    }
                    moveSubtree(node, toX: cx, y: cy + item.margins[0] + offset)
                } else {
                    position(item, container: n.index, x: cx, y: cy + align(item.alignSelf, free: room - item.height))
                }
                cx += item.width + item.margins[1] + (item.autoMargins[1] ? perAuto : 0) + gap + between
            }
            cy += cross + (li < lines.count - 1 ? s.rowGap : 0)
        }
        return cy - y
    }

    /// The narrowest `n` gets without overflowing: its longest word or widest atomic box, plus its padding and borders.
    private func minContent(_ n: HTMLNode, depth: Int = 0) -> Double {
        let s = style(n)
        let p = padding(s, 0)
        let extra = p[1] + p[3] + s.border[1] + s.border[3]
        if let specified = s.width?.resolve(nil) { return s.borderBox ? specified : specified + extra }
        if let r = replacedWidth(n, s) { return r + extra }
        guard depth < 16 else { return extra }
        var widest = 0.0
        for child in n.childNodes {
            if child.kind == .text { widest = max(widest, s.noWrap ? textWidth(child.data ?? "", s) : longestWord(child.data ?? "", s)) }
            else if child.isElement, style(child).display != "none", !style(child).isOutOfFlow {
                widest = max(widest, minContent(child, depth: depth + 1))
            }
        }
        var w = widest + extra
        if let mn = s.minWidth?.resolve(nil) { w = max(w, s.borderBox ? mn : mn + extra) }
        return w
    }

    private func layoutGrid(_ n: HTMLNode, _ s: BoxStyle, x: Double, y: Double, width: Double, height: Double?, depth: Int) -> Double {
        if let tracks = gridTracks(n) { return layoutGrid(n, s, tracks: tracks, x: x, y: y, width: width, height: height, depth: depth) }
        let columns = max(1, s.gridColumns)
        let columnWidth = max(0, (width - s.columnGap * Double(columns - 1)) / Double(columns))
        var cy = y, rowHeight = 0.0, col = 0
        for child in gridChildren(n) {
            let cs = style(child)
            if cs.display == "none" { continue }
            if cs.isOutOfFlow { pendingOutOfFlow.append((child, x, cy)); continue }
            let m = cs.margin.map { $0?.resolve(columnWidth) ?? 0 }
            let stretch = cs.width == nil && cs.maxWidth == nil
            let w = stretch ? max(0, columnWidth - m[1] - m[3]) : usedWidth(child, cs, available: columnWidth - m[1] - m[3], shrink: true)
            let h = place(child, x: x + Double(col) * (columnWidth + s.columnGap) + m[3], y: cy + m[0], borderWidth: w,
                          cbHeight: height, depth: depth + 1)
            rowHeight = max(rowHeight, h + m[0] + m[2])
            col += 1
            if col == columns { col = 0; cy += rowHeight + s.rowGap; rowHeight = 0 }
        }
        if col > 0 { cy += rowHeight } else if cy > y { cy -= s.rowGap }
        return cy - y
    }

    private func justifyStart(_ j: String, free: Double, count: Int) -> Double {
        switch j {
        case "center": return free / 2
        case "flex-end", "end", "right": return free
        case "space-around": return count > 0 ? free / Double(count) / 2 : 0
        case "space-evenly": return free / Double(count + 1)
        default: return 0
        }
    }

    private func justifyBetween(_ j: String, free: Double, count: Int) -> Double {
        switch j {
        case "space-between": return count > 1 ? free / Double(count - 1) : 0
        case "space-around": return count > 0 ? free / Double(count) : 0
        case "space-evenly": return free / Double(count + 1)
        default: return 0
        }
    }

    private func align(_ a: String, free: Double) -> Double {
        switch a {
        case "center": return max(0, free) / 2
        case "flex-end", "end": return max(0, free)
        default: return 0
        }
    }

    // MARK: Out of flow

    private func placeOutOfFlow(_ n: HTMLNode, staticX: Double, staticY: Double) {
        let s = style(n)
        var cb = LayoutRect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        if s.position == "absolute" {
            var a = n.parentElement
            while let e = a, !style(e).isPositioned { a = e.parentElement }
            if let e = a, let r = boxes[e.index] {
                let es = style(e)
                cb = LayoutRect(x: r.x + es.border[3], y: r.y + es.border[0], width: r.width - es.border[1] - es.border[3],
                                height: r.height - es.border[0] - es.border[2])
            }
        }
        let inset = s.inset.enumerated().map { $0.element?.resolve($0.offset % 2 == 0 ? cb.height : cb.width) }
        let m = s.margin.map { $0?.resolve(cb.width) ?? 0 }
        var w: Double
        if s.width == nil, let l = inset[3], let r = inset[1] { w = max(0, cb.width - l - r - m[1] - m[3]) }
        else { w = usedWidth(n, s, available: cb.width - m[1] - m[3], shrink: true) }
        w = max(0, w)
        let stretchH: Double? = s.height == nil ? inset[0].flatMap { t in inset[2].map { b in max(0, cb.height - t - b - m[0] - m[2]) } } : nil
        let h = place(n, x: 0, y: 0, borderWidth: w, cbHeight: cb.height, depth: 1, stretchHeight: stretchH)
        let x = inset[3].map { cb.x + $0 + m[3] } ?? inset[1].map { cb.x + cb.width - $0 - w - m[1] } ?? staticX + m[3]
        let y = inset[0].map { cb.y + $0 + m[0] } ?? inset[2].map { cb.y + cb.height - $0 - h - m[2] } ?? staticY + m[0]
        moveSubtree(n, toX: x, y: y)
    }
}

/// A value per node of one document, by the node's index: a flat array where a dictionary keyed by index would hash
/// on every read (styles and sizes are read many times per box). Reads of an index outside it answer nil.
struct NodeTable<Value> {
    private var values: [Value?]
    init(count: Int = 0) { values = Array(repeating: nil, count: count) }
    subscript(_ index: Int32) -> Value? {
        get { index >= 0 && Int(index) < values.count ? values[Int(index)] : nil }
        set {
            let i = Int(index)
            guard i >= 0 else { return }
            if i >= values.count { values += Array(repeating: nil, count: i - values.count + 1) }
            values[i] = newValue
        }
    }
}
