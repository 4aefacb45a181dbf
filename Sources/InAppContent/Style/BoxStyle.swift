// The box properties of each element, from the page's style rules (the same sheets, @media blocks and
// specificity order as the hit-test cascade, `!important` above normal declarations), its inline style, custom
// properties (`var()`), inheritance and a small user-agent sheet. Only what the layout (Layout/Layout.swift) reads is
// resolved; values it does not understand (min(), max(), fit-content) count as `auto`.
import Foundation

/// A CSS length as the layout resolves it.
enum CSSLength: Equatable {
    case px(Double)
    case percent(Double)
    /// `calc()` of lengths and percentages: pixels plus a percentage of the base.
    case mixed(px: Double, percent: Double)

    /// The length in pixels against `base` (percentages); nil when `base` is unknown.
    func resolve(_ base: Double?) -> Double? {
        switch self {
        case .px(let v): return v
        case .percent(let p): return base.map { $0 * p / 100 }
        case .mixed(let v, let p): return p == 0 ? v : base.map { v + $0 * p / 100 }
        }
    }
}

/// Four values of a box's sides, top right bottom left, kept inline in the style (no array to allocate, retain or
/// release when a style is copied); indexed 0–3 like the array it stands for.
struct Sides<Value: Equatable>: Equatable, RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    var top: Value, right: Value, bottom: Value, left: Value

    init(_ top: Value, _ right: Value, _ bottom: Value, _ left: Value) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }
    init(repeating value: Value) { self.init(value, value, value, value) }
    /// From four values in CSS order (a shorter list repeats its last value).
    init(_ values: [Value]) {
        precondition(!values.isEmpty, "Sides needs at least one value")
        let at = { (i: Int) in values[Swift.min(i, values.count - 1)] }
        self.init(at(0), at(1), at(2), at(3))
    }
    init(arrayLiteral values: Value...) { self.init(values) }

    var startIndex: Int { 0 }
    var endIndex: Int { 4 }
    subscript(i: Int) -> Value {
        get {
            switch i {
            case 0: return top
            case 1: return right
            case 2: return bottom
            default: precondition(i == 3, "side index out of range"); return left
            }
        }
        set {
            switch i {
            case 0: top = newValue
            case 1: right = newValue
            case 2: bottom = newValue
            default: precondition(i == 3, "side index out of range"); left = newValue
            }
        }
    }
}

/// The resolved box properties of one element.
struct BoxStyle: Equatable {
    var display = "inline"
    var position = "static"
    var width: CSSLength?, height: CSSLength?
    var maxWidth: CSSLength?, minWidth: CSSLength?, minHeight: CSSLength?, maxHeight: CSSLength?
    var margin: Sides<CSSLength?> = [.px(0), .px(0), .px(0), .px(0)]   // top right bottom left; nil = auto
    var padding: Sides<CSSLength> = [.px(0), .px(0), .px(0), .px(0)]
    var border: Sides<Double> = [0, 0, 0, 0]
    var inset: Sides<CSSLength?> = [nil, nil, nil, nil]                  // top right bottom left
    var borderBox = false
    var fontSize = 16.0
    var lineHeight: Double?          // px; nil = normal
    var lineHeightRatio: Double?     // set when declared as a number: children inherit the number, not the pixels
    var letterSpacing = 0.0
    var family = FontFamily.sans
    var monospace: Bool { family == .mono }
    var bold = false
    var textAlign = "start"
    var textTransform = "none"
    var noWrap = false
    var flexDirection = "row"
    var flexWrap = false
    var justifyContent = "normal"
    var alignItems = "normal"
    var rowGap = 0.0, columnGap = 0.0
    var gridColumns = 1
    var flexGrow = 0.0
    var flexShrink = 1.0
    var flexBasis: CSSLength?
    var order = 0
    var overflowHidden = false
    /// `display: contents`: no box of its own; its children take its place.
    var contents = false
    /// Custom properties (`--name`), inherited.
    var custom: [String: String] = [:]
    var alignSelf = "auto"
    var zIndex: Int?
    var transform: String?
    var visibility = "visible"
    var pointerEvents = "auto"
    /// `vertical-align` as declared (`baseline`, `middle`, `top`, a length…); not inherited.
    var verticalAlign = "baseline"

    var isBlockLevel: Bool {
        switch display {
        case "block", "flex", "grid", "list-item", "table", "flow-root": return true
        default: return false
        }
    }
    var isFlex: Bool { display == "flex" || display == "inline-flex" }
    var isGrid: Bool { display == "grid" || display == "inline-grid" }
    var isOutOfFlow: Bool { position == "absolute" || position == "fixed" }
    var isPositioned: Bool { position != "static" }
    var face: FontFace { FontFace(family: family, bold: bold) }
    /// The used line height (`normal` from the font's metrics).
    /// WebKit's line boxes are whole pixels: a fractional line height is rounded down.
    var lineHeightPx: Double { (lineHeight ?? FontMetrics.normalLineHeight(face: face, size: fontSize)).rounded(.down) }
}

/// Every style rule of a document with all its declarations, for ``BoxStyle``.
struct BoxStyleSheet {
    /// In document order (a rule's position breaks ties of specificity).
    let rules: [ParsedSheets.Rule]
    let viewport: ContentViewport

    /// Every property, or only those in `properties` (a rule declaring none of them is skipped before its selectors
    /// are parsed; inline style is filtered the same way by ``declared(_:)``).
    let properties: Set<String>?

    init(document: HTMLDocument, viewport: ContentViewport, linked: (String) -> String? = { _ in nil },
         properties: Set<String>? = nil) {
        self.viewport = viewport
        self.properties = properties
        let sheets = BoxStyleSheet.sheetTexts(of: document, viewport: viewport, linked: linked)
        (index, rules) = CascadeIndex.shared(document: document, viewport: viewport, properties: properties, sheets: sheets) {
            sheets.flatMap { ParsedSheets.shared.rules($0, viewport: viewport, properties: properties) }
        }
    }

    /// The texts of the document's `<style>` elements and of its `<link rel=stylesheet>` sheets that `linked` can
    /// give (the page's registered assets and readable files: nothing is fetched), in document order, leaving out
    /// those whose `media` does not match `viewport`.
    static func sheetTexts(of document: HTMLDocument, viewport: ContentViewport, linked: (String) -> String?) -> [String] {
        var texts: [String] = []
        for element in document.allElements {
            let r = element.record
            let isStyle = r.name == N.style
            guard isStyle || (r.name == N.link && BoxStyleSheet.attribute(element, "href") != nil
                && TextBytes.lowercased(BoxStyleSheet.attribute(element, "rel") ?? "").split(whereSeparator: \.isWhitespace).contains("stylesheet"))
            else { continue }
            guard MediaQuery.matches(BoxStyleSheet.attribute(element, "media") ?? "all", viewport),
                  let css = isStyle ? element.textContent : linked(BoxStyleSheet.attribute(element, "href") ?? "") else { continue }
            texts.append(css)
        }
        return texts
    }

    /// The rules by the key of their rightmost compound, and each element's cascaded declarations once worked out.
    let index: CascadeIndex

    static func declarations(_ text: String, keeping properties: Set<String>? = nil) -> [(String, String)] {
        prioritized(text, keeping: properties).map { ($0.0, $0.1) }
    }

    /// A value lowercased except inside quotes and `url(…)` (data URLs, file names and `content` strings keep
    /// their case).
    static func lowercasedKeepingURLsAndStrings(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "(") }) else {
            return TextBytes.lowercased(value)
        }
        var out = "", quote: Character?, inURL = false
        var i = value.startIndex
        while i < value.endIndex {
            let c = value[i]
            if let q = quote {
                out.append(c)
                if c == q { quote = nil }
            } else if inURL {
                out.append(c)
                if c == ")" { inURL = false }
            } else if c == "\"" || c == "'" {
                quote = c; out.append(c)
            } else if c == "(" && out.lowercased().hasSuffix("url") {
                inURL = true; out.append(c)
            } else {
                out += c.lowercased()
            }
            i = value.index(after: i)
        }
        return out
    }

    /// ``declarations(_:keeping:)`` with whether each was `!important`.
    static func prioritized(_ text: String, keeping properties: Set<String>? = nil) -> [(String, String, Bool)] {
        // On the text's bytes (a page's sheets are parsed on every load): `name: value` pairs split at `;`, both
        // trimmed and lowercased, `!important` dropped from the value, empty ones skipped.
        var out: [(String, String, Bool)] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            var end = start
            // A `;` inside quotes or parentheses (`url(data:image/png;base64,…)`) does not end the declaration.
            var depth = 0, quote: UInt8 = 0
            while end < bytes.count {
                let b = bytes[end]
                if quote != 0 { if b == quote { quote = 0 } }
                else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { quote = b }
                else if b == UInt8(ascii: "(") { depth += 1 }
                else if b == UInt8(ascii: ")") { depth = max(0, depth - 1) }
                else if b == UInt8(ascii: ";") && depth == 0 { break }
                end += 1
            }
            defer { start = end + 1 }
            guard let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = TextBytes.lowercased(TextBytes.trimmed(bytes, start..<colon))
            guard !name.isEmpty, properties?.contains(name) ?? true else { continue }
            var value = TextBytes.trimmed(bytes, (colon + 1)..<end)
            var important = false
            if value.utf8.contains(UInt8(ascii: "!")) {
                let lower = value.lowercased()
                if let r = lower.range(of: "!important") ?? lower.range(of: "! important") {
                    important = true
                    value = TextBytes.trimmed(String(value[..<r.lowerBound]) + String(value[r.upperBound...]))
                }
            }
            value = BoxStyleSheet.lowercasedKeepingURLsAndStrings(value)
            if !value.isEmpty { out.append((name, value, important)) }
        }
        return out
    }

    /// The element's own declared values, cascaded: rules by specificity then order, then its inline style.
    /// Worked out once per element of the sheet's document (``CascadeIndex``).
    func declared(_ node: HTMLNode) -> [String: String] { index.declared(node) }

    /// ``declared(_:)`` by matching every rule against the element: the definition the index must agree with (tests).
    func declaredScanningEveryRule(_ node: HTMLNode) -> [String: String] {
        var matched: [(Int, Int, ParsedSheets.Rule)] = []
        for (order, r) in rules.enumerated() where r.pseudo == nil && r.selector.matches(node) { matched.append((r.specificity, order, r)) }
        matched.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var out: [String: String] = [:]
        func set(_ k: String, _ v: String) {
            out[k] = v
            // The `background` shorthand sets the colour and image longhands too (to their initial values when it
            // does not name them), so that it overrides an earlier `background-color`.
            if k == "background", TextBytes.contains(v, "var(") {
                // Known only once `var()` is substituted: the longhands carry the whole value, and the computed
                // style picks the colour (or the image) out of it (ComputedStyle.serialize).
                out["background-color"] = v
                out["background-image"] = v
            } else if k == "background" {
                let tokens = BoxStyleSheet.tokens(v)
                out["background-color"] = tokens.last { ComputedStyle.color($0) != nil } ?? "transparent"
                out["background-image"] = TextBytes.contains(v, "url(") || TextBytes.contains(v, "gradient(") ? v : "none"
            }
        }
        for (_, _, rule) in matched { for (k, v) in rule.declarations { set(k, v) } }
        let inline = node["style"].map { BoxStyleSheet.prioritized($0, keeping: properties) } ?? []
        for (k, v, important) in inline where !important { set(k, v) }
        // `!important` declarations win over normal ones, the sheets' by specificity and order, then inline style's.
        for (_, _, rule) in matched { for (k, v) in rule.important { set(k, v) } }
        for (k, v, important) in inline where important { set(k, v) }
        return out
    }

    /// Strips a trailing `::before`/`::after` (or `:before`/`:after`) from a selector and names it.
    static func pseudoElement(_ selector: inout String) -> String? {
        let lower = selector.lowercased()
        for (suffix, name) in [("::before", "before"), (":before", "before"), ("::after", "after"), (":after", "after")]
            where lower.hasSuffix(suffix) {
            selector = String(selector.dropLast(suffix.count))
            if selector.isEmpty || selector.hasSuffix(" ") || selector.hasSuffix(">") { selector += "*" }
            return name
        }
        return nil
    }

    /// The cascaded declarations of `node`'s `::before` or `::after` box, or nil when it has none (no rule, or a
    /// `content` of `none`/`normal`).
    func pseudoDeclared(_ node: HTMLNode, _ which: String) -> [String: String]? { index.pseudoDeclared(node, which) }

    /// ``pseudoDeclared(_:_:)`` by matching every rule against the element (tests).
    func pseudoDeclaredScanningEveryRule(_ node: HTMLNode, _ which: String) -> [String: String]? {
        var matched: [(Int, Int, ParsedSheets.Rule)] = []
        for (order, r) in rules.enumerated() where r.pseudo == which && r.selector.matches(node) { matched.append((r.specificity, order, r)) }
        guard !matched.isEmpty else { return nil }
        matched.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var out: [String: String] = [:]
        for (_, _, rule) in matched { for (k, v) in rule.declarations { out[k] = v } }
        for (_, _, rule) in matched { for (k, v) in rule.important { out[k] = v } }
        guard let content = out["content"], content != "none", content != "normal" else { return nil }
        return out
    }

    /// The text of a `content` value: its quoted strings, CSS escapes (`\\00d7`) decoded.
    static func contentText(_ value: String) -> String {
        var out = "", quote: Character?, i = value.startIndex
        while i < value.endIndex {
            let ch = value[i]
            if let q = quote {
                if ch == q { quote = nil }
                else if ch == "\\" {
                    var hex = ""
                    var j = value.index(after: i)
                    while j < value.endIndex, hex.count < 6, value[j].isHexDigit { hex.append(value[j]); j = value.index(after: j) }
                    if let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) { out.unicodeScalars.append(scalar) }
                    if j < value.endIndex, value[j] == " " { j = value.index(after: j) }
                    i = j
                    continue
                } else { out.append(ch) }
            } else if ch == "\"" || ch == "'" { quote = ch }
            i = value.index(after: i)
        }
        return out
    }

    // MARK: Computing

    private static let blockTags: Set<String> = ["html", "body", "div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol",
        "form", "header", "footer", "section", "article", "main", "nav", "aside", "figure", "figcaption", "blockquote",
        "fieldset", "legend", "dl", "dt", "dd", "hr", "pre", "address", "details", "summary", "dialog", "center", "table",
        "thead", "tbody", "tfoot", "tr", "caption"]
    private static let hiddenTags: Set<String> = ["head", "script", "style", "template", "meta", "link", "title", "base", "noscript",
        "option", "optgroup", "datalist"]
    private static let inlineBlockTags: Set<String> = ["button", "input", "select", "textarea", "img", "svg", "video", "canvas",
        "iframe", "td", "th", "progress", "meter"]

    /// The element's box style; `parent` is its parent's (nil for the root). An element's style is kept with the
    /// cascade's other answers (``CascadeIndex``): asked again with the same parent style, it is not worked out again.
    func style(of node: HTMLNode, parent: BoxStyle?, pseudo: [String: String]? = nil) -> BoxStyle {
        guard pseudo == nil else { return resolve(node, parent: parent, pseudo: pseudo) }
        if let kept = index.keptStyle(node, parent: parent) { return kept }
        let s = resolve(node, parent: parent, pseudo: nil)
        index.keep(s, of: node, parent: parent)
        return s
    }

    private func resolve(_ node: HTMLNode, parent: BoxStyle?, pseudo: [String: String]?) -> BoxStyle {
        let tag = pseudo == nil ? node.tagName : ""
        var s = BoxStyle()
        let p = parent ?? BoxStyle()
        // Inherited.
        s.fontSize = p.fontSize; s.lineHeight = p.lineHeight; s.letterSpacing = p.letterSpacing; s.family = p.family; s.custom = p.custom
        s.bold = p.bold; s.textAlign = p.textAlign; s.textTransform = p.textTransform; s.noWrap = p.noWrap; s.visibility = p.visibility; s.pointerEvents = p.pointerEvents
        s.lineHeightRatio = p.lineHeightRatio
        // User-agent sheet.
        s.display = pseudo != nil ? "inline" : BoxStyleSheet.hiddenTags.contains(tag) || BoxStyleSheet.attribute(node, "hidden") != nil ? "none"
            : tag == "li" ? "list-item" : BoxStyleSheet.blockTags.contains(tag) ? "block"
            : BoxStyleSheet.inlineBlockTags.contains(tag) ? "inline-block" : "inline"
        // Form controls take WebKit's control font: normal weight and line height, no letter spacing or transform.
        if ["button", "input", "select", "textarea"].contains(tag) {
            s.bold = false; s.letterSpacing = 0; s.textTransform = "none"; s.lineHeight = nil; s.lineHeightRatio = nil
        }
        // Vertical margins in ems of the element's own font size (applied once its font size is known).
        var uaMarginEm: Double?
        switch tag {
        case "body": s.margin = Sides(repeating: .px(8))
        case "h1": s.fontSize = p.fontSize * 2; s.bold = true; uaMarginEm = 0.67
        case "h2": s.fontSize = p.fontSize * 1.5; s.bold = true; uaMarginEm = 0.83
        case "h3": s.fontSize = p.fontSize * 1.17; s.bold = true; uaMarginEm = 1
        case "h4", "h5", "h6": s.bold = true; uaMarginEm = 1.33
        case "p", "blockquote", "dl", "figure": uaMarginEm = 1
        case "ul", "ol": uaMarginEm = 1; s.padding[3] = .px(40)
        case "button", "select":
            // Controls use the system font (WebKitGTK: DejaVu Sans), not the page's, unless a rule says otherwise.
            s.family = .sans; s.fontSize = 13.333; s.padding = [.px(2), .px(6), .px(3), .px(6)]; s.border = [2, 2, 2, 2]; s.textAlign = "center"
            s.borderBox = true
            // The control font resets weight and line height; letter spacing and text transform are reset too.
            s.bold = false; s.lineHeight = nil; s.lineHeightRatio = nil; s.letterSpacing = 0; s.textTransform = "none"

        case "fieldset":
            s.margin = [.px(0), .px(2), .px(0), .px(2)]; s.border = [2, 2, 2, 2]
            s.padding = [.px(0.35 * s.fontSize), .px(0.75 * s.fontSize), .px(0.625 * s.fontSize), .px(0.75 * s.fontSize)]
        case "legend": s.padding = [.px(0), .px(2), .px(0), .px(2)]
        case "input", "textarea":
            s.family = .sans; s.fontSize = 13
            s.padding = tag == "textarea" ? [.px(2), .px(2), .px(2), .px(2)] : [.px(1), .px(1), .px(1), .px(1)]
            s.border = tag == "textarea" ? [1, 1, 1, 1] : [2, 2, 2, 2]
            s.bold = false; s.lineHeight = nil; s.lineHeightRatio = nil; s.letterSpacing = 0; s.textTransform = "none"
            if let type = BoxStyleSheet.attribute(node, "type")?.lowercased(), ["button", "submit", "reset", "checkbox", "radio"].contains(type) { s.borderBox = true }
            if let type = BoxStyleSheet.attribute(node, "type")?.lowercased(), ["button", "submit", "reset"].contains(type) { s.padding = [.px(2), .px(6), .px(3), .px(6)] }
            if let type = BoxStyleSheet.attribute(node, "type")?.lowercased(), type == "checkbox" || type == "radio" {
                s.padding = [.px(0), .px(0), .px(0), .px(0)]; s.border = [0, 0, 0, 0]; s.margin = [.px(3), .px(2), .px(3), .px(2)]
            }
        case "strong", "b", "th": s.bold = true
        case "code", "pre", "kbd", "samp": s.family = .mono; s.fontSize = p.fontSize * 0.8125
        case "small": s.fontSize = p.fontSize * 0.833
        case "center": s.textAlign = "center"
        default: break
        }
        let d = DeclaredValues(pseudo ?? declared(node), custom: &s.custom)
        func len(_ key: DeclaredValues.Property, em: Double) -> CSSLength?? { d[key].map { BoxStyleSheet.length($0, em: em, viewport: viewport) } }
        // font first: em units of the other properties use the element's own size.
        if let f = d[.font] {
            if f == "inherit" {
                // Controls take their parent's font instead of the theme's.
                s.fontSize = p.fontSize; s.family = p.family; s.bold = p.bold; s.lineHeight = p.lineHeight; s.lineHeightRatio = p.lineHeightRatio
            } else {
                applyFont(f, to: &s, parentSize: p.fontSize)
            }
        }
        if let v = d[.fontSize], let size = BoxStyleSheet.fontSize(v, parent: p.fontSize, viewport: viewport) { s.fontSize = size }
        if let em = uaMarginEm { s.margin = [.px(s.fontSize * em), .px(0), .px(s.fontSize * em), .px(0)] }
        if let v = d[.fontWeight] { s.bold = v == "inherit" ? p.bold : v == "bold" || v == "bolder" || (Int(v) ?? 400) >= 600 }
        if let v = d[.fontFamily] { s.family = v == "inherit" ? p.family : BoxStyleSheet.family(v) }
        if let v = d[.lineHeight], v == "inherit" {
            s.lineHeight = p.lineHeight; s.lineHeightRatio = p.lineHeightRatio
            if let ratio = s.lineHeightRatio { s.lineHeight = ratio * s.fontSize }
        } else if let v = d[.lineHeight] {
            s.lineHeight = BoxStyleSheet.lineHeight(v, fontSize: s.fontSize, viewport: viewport)
            s.lineHeightRatio = Double(v)
        } else if let ratio = s.lineHeightRatio {
            s.lineHeight = ratio * s.fontSize
        }
        if d[.letterSpacing] == "inherit" { s.letterSpacing = p.letterSpacing }
        if let v = d[.letterSpacing], case .px(let x)? = BoxStyleSheet.length(v, em: s.fontSize, viewport: viewport) { s.letterSpacing = x }
        if let v = d[.textAlign] { s.textAlign = v }
        if let v = d[.textTransform], v != "inherit" { s.textTransform = v }
        if let v = d[.whiteSpace] { s.noWrap = v == "nowrap" || v == "pre" }
        if let v = d[.visibility], v != "inherit" { s.visibility = v }
        if let v = d[.pointerEvents], v != "inherit" { s.pointerEvents = v }
        if let v = d[.display], v != "inherit" {
            s.display = v == "contents" ? "inline" : v == "-webkit-box" ? "block" : v == "-webkit-flex" ? "flex" : v
            s.contents = v == "contents"
        }
        if let v = d[.overflow] ?? d[.overflowX] ?? d[.overflowY] { s.overflowHidden = v != "visible" }
        if let v = d[.position] { s.position = v }
        if let v = d[.boxSizing] { s.borderBox = v == "border-box" }
        let em = s.fontSize
        if let ua = uaMarginEm { s.margin = [.px(em * ua), .px(0), .px(em * ua), .px(0)] }
        if let v = len(.width, em: em) { s.width = v }
        if let v = len(.height, em: em) { s.height = v }
        if let v = len(.maxWidth, em: em) { s.maxWidth = v }
        if let v = len(.minWidth, em: em) { s.minWidth = v }
        if let v = len(.minHeight, em: em) { s.minHeight = v }
        if let v = len(.maxHeight, em: em) { s.maxHeight = v }
        if let v = d[.margin] { s.margin = Sides(BoxStyleSheet.sides(v, em: em, viewport: viewport)) }
        if let v = d[.padding] { s.padding = Sides(BoxStyleSheet.sides(v, em: em, viewport: viewport).map { $0 ?? .px(0) }) }
        if let v = d[.inset] { s.inset = Sides(BoxStyleSheet.sides(v, em: em, viewport: viewport)) }
        for i in 0..<4 {
            if let v = d[DeclaredValues.margins[i]] { s.margin[i] = BoxStyleSheet.length(v, em: em, viewport: viewport) }
            if let v = d[DeclaredValues.paddings[i]] { s.padding[i] = BoxStyleSheet.length(v, em: em, viewport: viewport) ?? .px(0) }
            if let v = d[DeclaredValues.insets[i]] { s.inset[i] = BoxStyleSheet.length(v, em: em, viewport: viewport) }
            if let v = d[DeclaredValues.borders[i]] ?? d[DeclaredValues.borderWidths[i]] { s.border[i] = BoxStyleSheet.borderWidth(v, em: em) }
        }
        if let v = d[.marginInline] { let m = BoxStyleSheet.sides(v, em: em, viewport: viewport); s.margin[1] = m[1]; s.margin[3] = m[3] }
        if let v = d[.marginBlock] { let m = BoxStyleSheet.sides(v, em: em, viewport: viewport); s.margin[0] = m[0]; s.margin[2] = m[2] }
        if let v = d[.border] { s.border = Sides(repeating: BoxStyleSheet.borderWidth(v, em: em)) }
        if let v = d[.borderWidth] {
            s.border = Sides(BoxStyleSheet.sides(v, em: em, viewport: viewport).map { DevicePixels.borderWidth($0?.resolve(nil) ?? 0) })
        }
        if let v = d[.flexDirection] { s.flexDirection = v }
        if let v = d[.flexFlow] { if TextBytes.contains(v, "column") { s.flexDirection = "column" }; s.flexWrap = TextBytes.contains(v, "wrap") && !TextBytes.contains(v, "nowrap") }
        if let v = d[.flexWrap] { s.flexWrap = v == "wrap" || v == "wrap-reverse" }
        if let v = d[.justifyContent] { s.justifyContent = v }
        if let v = d[.alignItems] { s.alignItems = v }
        if let v = d[.placeItems] { s.alignItems = String(v.split(separator: " ").first ?? "normal") }
        if let v = d[.gap] ?? d[.gridGap] {
            let parts = v.split(separator: " ").map { BoxStyleSheet.length(String($0), em: em, viewport: viewport)?.resolve(nil) ?? 0 }
            s.rowGap = parts.first ?? 0; s.columnGap = parts.count > 1 ? parts[1] : s.rowGap
        }
        if let v = d[.rowGap] { s.rowGap = BoxStyleSheet.length(v, em: em, viewport: viewport)?.resolve(nil) ?? 0 }
        if let v = d[.columnGap] { s.columnGap = BoxStyleSheet.length(v, em: em, viewport: viewport)?.resolve(nil) ?? 0 }
        if let v = d[.gridTemplateColumns] { s.gridColumns = BoxStyleSheet.columnCount(v) }
        if let v = d[.zIndex] { s.zIndex = Int(v) }
        if let v = d[.transform], TextBytes.contains(v, "translate") { s.transform = v }
        if let v = d[.flex] {
            if v == "auto" { s.flexGrow = 1 } else if v == "none" { s.flexShrink = 0 } else {
                let tokens = v.split(separator: " ").map(String.init)
                let parts = tokens.compactMap { Double($0) }
                if let g = parts.first { s.flexGrow = g }
                if parts.count > 1 { s.flexShrink = parts[1] }
                // `flex: 1` is `1 1 0%`; a length token is the basis.
                if let basis = tokens.first(where: { Double($0) == nil }) {
                    s.flexBasis = BoxStyleSheet.length(basis, em: em, viewport: viewport)
                } else if !parts.isEmpty {
                    s.flexBasis = .px(0)
                }
            }
        }
        if let v = d[.flexGrow], let g = Double(v) { s.flexGrow = g }
        if let v = d[.flexBasis] { s.flexBasis = BoxStyleSheet.length(v, em: em, viewport: viewport) }
        if let v = d[.order], let o = Int(v) { s.order = o }
        if let v = d[.flexShrink], let g = Double(v) { s.flexShrink = g }
        if let v = d[.alignSelf] { s.alignSelf = v }
        if let v = d[.verticalAlign], v != "inherit" { s.verticalAlign = v.lowercased() }
        // WebKit draws check boxes and radio buttons from its theme: their padding and borders take no room.
        if tag == "input", let type = BoxStyleSheet.attribute(node, "type")?.lowercased(), type == "checkbox" || type == "radio" {
            s.padding = [.px(0), .px(0), .px(0), .px(0)]; s.border = [0, 0, 0, 0]
        }
        return s
    }

    private func applyFont(_ value: String, to s: inout BoxStyle, parentSize: Double) {
        // [style] [weight] size[/line-height] family…
        for token in value.split(separator: " ") {
            let t = String(token)
            if t == "bold" || (Int(t) ?? 0) >= 600 { s.bold = true }
            if let slash = t.firstIndex(of: "/") ?? (t.first.map { $0.isNumber || $0 == "." } == true ? t.endIndex : nil) {
                let sizeText = String(t[..<slash])
                guard let size = BoxStyleSheet.fontSize(sizeText, parent: parentSize, viewport: viewport) else { continue }
                s.fontSize = size
                if slash < t.endIndex {
                    let lh = String(t[t.index(after: slash)...])
                    s.lineHeight = BoxStyleSheet.lineHeight(lh, fontSize: size, viewport: viewport)
                    s.lineHeightRatio = Double(lh)
                } else { s.lineHeight = nil; s.lineHeightRatio = nil }
            }
        }
        // The family list is last: from the token before its first comma (or the last token) on.
        let head = value.firstIndex(of: ",").map { value[..<$0] } ?? value[...]
        if let space = head.lastIndex(of: " ") { s.family = BoxStyleSheet.family(String(value[value.index(after: space)...])) }
    }

    /// ``FontFamily/resolve(_:)`` of a `font-family` list, kept by its text (pages repeat a few lists on many elements).
    static func family(_ list: String) -> FontFamily {
        if let known = families.lock.withLock({ families.kept[list] }) { return known }
        let family = FontFamily.resolve(list)
        families.lock.withLock {
            if families.kept.count >= 256 { families.kept.removeAll(keepingCapacity: true) }
            families.kept[list] = family
        }
        return family
    }

    private final class Families: @unchecked Sendable {
        let lock = NSLock()
        var kept: [String: FontFamily] = [:]
    }
    private static let families = Families()

    /// An attribute of `node` by its lower-case name (no case folding of the name).
    static func attribute(_ node: HTMLNode, _ name: String) -> String? {
        let doc = node.document
        guard let id = doc.nameID(name), let a = doc.attributeSlot(node.index, id) else { return nil }
        return doc.string(doc.attrs[a].start, doc.attrs[a].count)
    }

    // MARK: Values

    static func length(_ v: String, em: Double, viewport: ContentViewport) -> CSSLength? {
        if let known = asciiLength(v, em: em, viewport: viewport) { return known }
        let t = v.trimmingCharacters(in: .whitespaces)
        if t == "0" { return .px(0) }
        func number(_ suffix: String) -> Double? { t.hasSuffix(suffix) ? Double(t.dropLast(suffix.count)) : nil }
        if let n = number("px") { return .px(n) }
        if let n = number("%") { return .percent(n) }
        if let n = number("rem") { return .px(n * 16) }
        if let n = number("em") { return .px(n * em) }
        if let n = number("vw") { return .px(n * viewport.width / 100) }
        if let n = number("vh") { return .px(n * viewport.height / 100) }
        if let n = number("vmin") { return .px(n * min(viewport.width, viewport.height) / 100) }
        if let n = number("vmax") { return .px(n * max(viewport.width, viewport.height) / 100) }
        if let n = number("pt") { return .px(n * 4 / 3) }
        if t.hasPrefix("calc(") && t.hasSuffix(")") { return calc(String(t.dropFirst(5).dropLast()), em: em, viewport: viewport) }
        return nil   // auto, min()/max(), fit-content…
    }

    /// ``length(_:em:viewport:)`` on the bytes of a value of ASCII letters, digits and signs with no white space at
    /// either end (almost every value): `.some` with the answer, nil when the general reading must decide.
    private static func asciiLength(_ v: String, em: Double, viewport: ContentViewport) -> CSSLength?? {
        var v = v
        return v.withUTF8 { b -> CSSLength?? in
            guard let first = b.first, let last = b.last, first != 0x20, first != 0x09, last != 0x20, last != 0x09,
                  !b.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "(") }) else { return nil }
            if b.count == 1 && first == UInt8(ascii: "0") { return .some(.px(0)) }
            func number(_ suffix: StaticString) -> Double? {
                let n = suffix.utf8CodeUnitCount
                guard b.count >= n else { return nil }
                for k in 0..<n where b[b.count - n + k] != suffix.utf8Start[k] { return nil }
                return Double(String(decoding: UnsafeBufferPointer(rebasing: b[..<(b.count - n)]), as: UTF8.self))
            }
            if let n = number("px") { return .some(.px(n)) }
            if let n = number("%") { return .some(.percent(n)) }
            if let n = number("rem") { return .some(.px(n * 16)) }
            if let n = number("em") { return .some(.px(n * em)) }
            if let n = number("vw") { return .some(.px(n * viewport.width / 100)) }
            if let n = number("vh") { return .some(.px(n * viewport.height / 100)) }
            if let n = number("vmin") { return .some(.px(n * min(viewport.width, viewport.height) / 100)) }
            if let n = number("vmax") { return .some(.px(n * max(viewport.width, viewport.height) / 100)) }
            if let n = number("pt") { return .some(.px(n * 4 / 3)) }
            return .some(nil)   // auto, and other words
        }
    }

    /// A `calc()` body: lengths and percentages added and subtracted, terms multiplied or divided by numbers,
    /// parentheses; nil for anything else.
    static func calc(_ body: String, em: Double, viewport: ContentViewport) -> CSSLength? {
        var tokens: [String] = []
        var current = ""
        for ch in body {
            if ch == "(" || ch == ")" || ch == "*" || ch == "/" || ch == " " {
                if !current.isEmpty { tokens.append(current); current = "" }
                if ch != " " { tokens.append(String(ch)) }
            } else { current.append(ch) }
        }
        if !current.isEmpty { tokens.append(current) }
        var i = 0
        typealias Value = (px: Double, percent: Double, number: Double?)
        func primary() -> Value? {
            guard i < tokens.count else { return nil }
            let t = tokens[i]; i += 1
            if t == "(" || t == "calc(" {
                let v = sum(); if i < tokens.count && tokens[i] == ")" { i += 1 }; return v
            }
            if let n = Double(t) { return (0, 0, n) }
            switch length(t, em: em, viewport: viewport) {
            case .px(let v)?: return (v, 0, nil)
            case .percent(let p)?: return (0, p, nil)
            case .mixed(let v, let p)?: return (v, p, nil)
            case nil: return nil
            }
        }
        func product() -> Value? {
            guard var v = primary() else { return nil }
            while i < tokens.count, tokens[i] == "*" || tokens[i] == "/" {
                let op = tokens[i]; i += 1
                guard let r = primary() else { return nil }
                if op == "*" {
                    if let n = r.number { v = (v.px * n, v.percent * n, v.number.map { $0 * n }) }
                    else if let n = v.number { v = (r.px * n, r.percent * n, nil) } else { return nil }
                } else {
                    guard let n = r.number, n != 0 else { return nil }
                    v = (v.px / n, v.percent / n, v.number.map { $0 / n })
                }
            }
            return v
        }
        func sum() -> Value? {
            guard var v = product() else { return nil }
            while i < tokens.count, tokens[i] == "+" || tokens[i] == "-" {
                let sign = tokens[i] == "+" ? 1.0 : -1.0; i += 1
                guard let r = product() else { return nil }
                v = (v.px + sign * r.px, v.percent + sign * r.percent, nil)
            }
            return v
        }
        guard let v = sum(), i == tokens.count, v.number == nil || v.number == 0 else { return nil }
        let px = v.number ?? v.px
        if v.percent == 0 { return .px(px) }
        return px == 0 ? .percent(v.percent) : .mixed(px: px, percent: v.percent)
    }

    /// `var(--name[, fallback])` replaced by the custom property's value (or the fallback), nested ones included.
    static func substitute(_ value: String, _ custom: [String: String], depth: Int = 0) -> String {
        guard depth < 8 else { return value }
        if let ascii = asciiSubstitute(value, custom) { return ascii.map { substitute($0, custom, depth: depth + 1) } ?? value }
        guard let call = firstCall("var(", in: value) else { return value }
        let replacement = custom[call.first] ?? call.fallback ?? ""
        return substitute(call.before + replacement + call.after, custom, depth: depth + 1)
    }

    /// `value` with each `env(name, fallback)` replaced by its fallback, or `0px`: the page's viewport has no
    /// safe-area insets or other environment variables (a message anchored at `bottom: calc(10px +
    /// env(safe-area-inset-bottom))` sits 10 px above the bottom, as in a browser without insets).
    static func environment(_ value: String, depth: Int = 0) -> String {
        guard depth < 8, let call = firstCall("env(", in: value) else { return value }
        return environment(call.before + (call.fallback ?? "0px") + call.after, depth: depth + 1)
    }

    /// The first call `opening` (`"var("`, `"env("`) in `value`, nested parentheses included: the text before and after
    /// it, its first argument and the rest after the first comma (trimmed, nil without a comma); nil when `value` has
    /// none or it is not closed.
    private static func firstCall(_ opening: String, in value: String) -> (before: String, first: String, fallback: String?, after: String)? {
        guard let start = value.range(of: opening) else { return nil }
        var level = 1
        var end = start.upperBound
        while end < value.endIndex && level > 0 {
            if value[end] == "(" { level += 1 } else if value[end] == ")" { level -= 1 }
            if level > 0 { end = value.index(after: end) }
        }
        guard end < value.endIndex else { return nil }
        let parts = value[start.upperBound..<end].split(separator: ",", maxSplits: 1)
        return (String(value[..<start.lowerBound]), parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "",
                parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil, String(value[value.index(after: end)...]))
    }

    /// One `var()` of an ASCII value replaced, on its bytes (what ``substitute(_:_:depth:)`` does to it): `.some(nil)`
    /// when the value has none or its `var(` is not closed; nil when the value is not ASCII.
    private static func asciiSubstitute(_ value: String, _ custom: [String: String]) -> String?? {
        var value = value
        return value.withUTF8 { b -> String?? in
            guard !b.contains(where: { $0 >= 0x80 }) else { return nil }
            var start = -1, i = 0
            while i + 4 <= b.count {
                if b[i] == UInt8(ascii: "v") && b[i + 1] == UInt8(ascii: "a") && b[i + 2] == UInt8(ascii: "r") && b[i + 3] == UInt8(ascii: "(") {
                    start = i; break
                }
                i += 1
            }
            guard start >= 0 else { return .some(nil) }
            var level = 1, end = start + 4
            while end < b.count && level > 0 {
                if b[end] == UInt8(ascii: "(") { level += 1 } else if b[end] == UInt8(ascii: ")") { level -= 1 }
                if level > 0 { end += 1 }
            }
            guard end < b.count else { return .some(nil) }
            func text(_ lo: Int, _ hi: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[lo..<hi]), as: UTF8.self) }
            // As `split(separator: ",", maxSplits: 1)` reads it: empty leading parts left out.
            var lo = start + 4
            while lo < end && b[lo] == UInt8(ascii: ",") { lo += 1 }
            var comma = lo
            while comma < end && b[comma] != UInt8(ascii: ",") { comma += 1 }
            func trimmed(_ from: Int, _ to: Int) -> String {
                var x = from, y = to
                while x < y && (b[x] == 0x20 || b[x] == 0x09) { x += 1 }
                while y > x && (b[y - 1] == 0x20 || b[y - 1] == 0x09) { y -= 1 }
                return text(x, y)
            }
            let name = lo < end ? trimmed(lo, comma) : ""
            let replacement = custom[name] ?? (comma < end ? trimmed(comma + 1, end) : "")
            return text(0, start) + replacement + text(end + 1, b.count)
        }
    }

    /// The space-separated parts of a value, functions (`rgba(0, 0, 0, .5)`) kept whole.
    static func tokens(_ v: String) -> [String] {
        var tokens: [String] = [], current = "", depth = 0
        for ch in v {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if ch.isWhitespace && depth == 0 { if !current.isEmpty { tokens.append(current) }; current = "" } else { current.append(ch) }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    static func sides(_ v: String, em: Double, viewport: ContentViewport) -> [CSSLength?] {
        let parts = v.split(separator: " ").map { length(String($0), em: em, viewport: viewport) }
        switch parts.count {
        case 1: return [parts[0], parts[0], parts[0], parts[0]]
        case 2: return [parts[0], parts[1], parts[0], parts[1]]
        case 3: return [parts[0], parts[1], parts[2], parts[1]]
        case 4: return parts
        default: return [.px(0), .px(0), .px(0), .px(0)]
        }
    }

    static func borderWidth(_ v: String, em: Double) -> Double {
        if v.hasPrefix("none") || v == "0" || v.hasPrefix("hidden") { return 0 }
        for token in v.split(separator: " ") {
            if token == "thin" { return 1 }
            if token == "medium" { return 3 }
            if token == "thick" { return 5 }
            if case .px(let x)? = length(String(token), em: em, viewport: ContentViewport()) { return DevicePixels.borderWidth(x) }
        }
        return TextBytes.contains(v, "solid") || TextBytes.contains(v, "dashed") || TextBytes.contains(v, "dotted") ? 3 : 0
    }

    static func fontSize(_ v: String, parent: Double, viewport: ContentViewport) -> Double? {
        let keywords: [String: Double] = ["xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24,
                                          "xx-large": 32, "smaller": parent / 1.2, "larger": parent * 1.2]
        if let k = keywords[v] { return k }
        switch length(v, em: parent, viewport: viewport) {
        case .px(let x)?: return x
        case .percent(let p)?: return parent * p / 100
        case .mixed(let x, let p)?: return x + parent * p / 100
        case nil: return nil
        }
    }

    static func lineHeight(_ v: String, fontSize: Double, viewport: ContentViewport) -> Double? {
        if v == "normal" { return nil }
        if let n = Double(v) { return n * fontSize }
        switch length(v, em: fontSize, viewport: viewport) {
        case .px(let x)?: return x
        case .percent(let p)?: return fontSize * p / 100
        case .mixed(let x, let p)?: return x + fontSize * p / 100
        case nil: return nil
        }
    }

    static func columnCount(_ v: String) -> Int {
        if v.hasPrefix("repeat("), let comma = v.firstIndex(of: ","),
           let n = Int(v[v.index(v.startIndex, offsetBy: 7)..<comma].trimmingCharacters(in: .whitespaces)) { return max(1, min(n, 64)) }
        let tokens = v.split(separator: " ").filter { !$0.isEmpty }
        return max(1, min(tokens.count, 64))
    }
}

/// An element's cascaded declarations as ``BoxStyleSheet/style(of:parent:pseudo:)`` reads them: the properties it
/// resolves in slots (one table look-up per declaration instead of one per property read), `var()` substituted.
struct DeclaredValues {
    enum Property: Int, CaseIterable {
        case alignItems
        case alignSelf
        case border
        case borderBottom
        case borderBottomWidth
        case borderLeft
        case borderLeftWidth
        case borderRight
        case borderRightWidth
        case borderTop
        case borderTopWidth
        case borderWidth
        case bottom
        case boxSizing
        case columnGap
        case display
        case flex
        case flexBasis
        case flexDirection
        case flexFlow
        case flexGrow
        case flexShrink
        case flexWrap
        case font
        case fontFamily
        case fontSize
        case fontWeight
        case gap
        case gridGap
        case gridTemplateColumns
        case height
        case inset
        case justifyContent
        case left
        case letterSpacing
        case lineHeight
        case margin
        case marginBlock
        case marginBottom
        case marginInline
        case marginLeft
        case marginRight
        case marginTop
        case maxHeight
        case maxWidth
        case minHeight
        case minWidth
        case order
        case overflow
        case overflowX
        case overflowY
        case padding
        case paddingBottom
        case paddingLeft
        case paddingRight
        case paddingTop
        case placeItems
        case pointerEvents
        case position
        case right
        case rowGap
        case textAlign
        case textTransform
        case top
        case transform
        case verticalAlign
        case visibility
        case whiteSpace
        case width
        case zIndex
    }

    static let byName: [String: Property] = [
            "align-items": .alignItems,
            "align-self": .alignSelf,
            "border": .border,
            "border-bottom": .borderBottom,
            "border-bottom-width": .borderBottomWidth,
            "border-left": .borderLeft,
            "border-left-width": .borderLeftWidth,
            "border-right": .borderRight,
            "border-right-width": .borderRightWidth,
            "border-top": .borderTop,
            "border-top-width": .borderTopWidth,
            "border-width": .borderWidth,
            "bottom": .bottom,
            "box-sizing": .boxSizing,
            "column-gap": .columnGap,
            "display": .display,
            "flex": .flex,
            "flex-basis": .flexBasis,
            "flex-direction": .flexDirection,
            "flex-flow": .flexFlow,
            "flex-grow": .flexGrow,
            "flex-shrink": .flexShrink,
            "flex-wrap": .flexWrap,
            "font": .font,
            "font-family": .fontFamily,
            "font-size": .fontSize,
            "font-weight": .fontWeight,
            "gap": .gap,
            "grid-gap": .gridGap,
            "grid-template-columns": .gridTemplateColumns,
            "height": .height,
            "inset": .inset,
            "justify-content": .justifyContent,
            "left": .left,
            "letter-spacing": .letterSpacing,
            "line-height": .lineHeight,
            "margin": .margin,
            "margin-block": .marginBlock,
            "margin-bottom": .marginBottom,
            "margin-inline": .marginInline,
            "margin-left": .marginLeft,
            "margin-right": .marginRight,
            "margin-top": .marginTop,
            "max-height": .maxHeight,
            "max-width": .maxWidth,
            "min-height": .minHeight,
            "min-width": .minWidth,
            "order": .order,
            "overflow": .overflow,
            "overflow-x": .overflowX,
            "overflow-y": .overflowY,
            "padding": .padding,
            "padding-bottom": .paddingBottom,
            "padding-left": .paddingLeft,
            "padding-right": .paddingRight,
            "padding-top": .paddingTop,
            "place-items": .placeItems,
            "pointer-events": .pointerEvents,
            "position": .position,
            "right": .right,
            "row-gap": .rowGap,
            "text-align": .textAlign,
            "text-transform": .textTransform,
            "top": .top,
            "transform": .transform,
            "vertical-align": .verticalAlign,
            "visibility": .visibility,
            "white-space": .whiteSpace,
            "width": .width,
            "z-index": .zIndex,
    ]
    static let margins: [Property] = [.marginTop, .marginRight, .marginBottom, .marginLeft]
    static let paddings: [Property] = [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]
    static let insets: [Property] = [.top, .right, .bottom, .left]
    static let borders: [Property] = [.borderTop, .borderRight, .borderBottom, .borderLeft]
    static let borderWidths: [Property] = [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth]

    private var values: [String?]

    /// `declared`'s values of the properties read; its custom properties (`--name`) are added to `custom` first, and
    /// `var()` in the values is replaced from them, then `env()` by its fallback (`BoxStyleSheet.environment`).
    init(_ declared: [String: String], custom: inout [String: String]) {
        values = [String?](repeating: nil, count: Property.allCases.count)
        for (k, v) in declared where k.utf8.count >= 2 && k.utf8.first == UInt8(ascii: "-") && k.utf8.dropFirst().first == UInt8(ascii: "-") {
            custom[k] = v
        }
        for (k, v) in declared {
            guard let p = DeclaredValues.byName[k] else { continue }
            var value = TextBytes.contains(v, "var(") ? BoxStyleSheet.substitute(v, custom) : v
            if TextBytes.contains(value, "env(") { value = BoxStyleSheet.environment(value) }
            values[p.rawValue] = value
        }
    }

    subscript(_ p: Property) -> String? { values[p.rawValue] }
}

/// Small text helpers on UTF-8 bytes, without Foundation (style sheets are read on every load; attribute and
/// property names in the native DOM members).
enum TextBytes {
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    /// `bytes[range]` without leading and trailing whitespace, as a string.
    static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, isSpace(bytes[hi - 1]) { hi -= 1 }
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    static func trimmed<S: StringProtocol>(_ s: S) -> String {
        let bytes = Array(s.utf8)
        return trimmed(bytes, 0..<bytes.count)
    }

    /// Whether `s` contains `needle` (ASCII), on bytes.
    static func contains(_ s: String, _ needle: StaticString) -> Bool {
        let n = needle.utf8Start, count = needle.utf8CodeUnitCount
        guard count > 0 else { return true }
        var s = s
        return s.withUTF8 { b in
            guard b.count >= count else { return false }
            var i = 0
            while i <= b.count - count {
                if b[i] == n[0] {
                    var k = 1
                    while k < count && b[i + k] == n[k] { k += 1 }
                    if k == count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// Lowercased, with no work when there is no capital letter (the usual case).
    static func lowercased(_ s: String) -> String {
        for b in s.utf8 where (b >= 0x41 && b <= 0x5A) || b >= 0x80 { return s.lowercased() }
        return s
    }
}
