// What getComputedStyle answers for properties other than the four a tap's visibility check resolves: the cascade of
// the page's sheets and inline style (the layout's, BoxStyle.swift), inheritance for inherited properties, initial
// values otherwise, sizes and box edges from the approximate layout, and colours serialized as a browser does
// (`rgb(r, g, b)`, `rgba(r, g, b, a)`).
import Foundation

enum ComputedStyle {
    /// Properties a child takes from its parent when nothing sets them.
    static let inherited: Set<String> = ["color", "font-family", "font-size", "font-style", "font-weight", "font-variant",
        "line-height", "letter-spacing", "word-spacing", "text-align", "text-indent", "text-transform", "white-space",
        "visibility", "cursor", "direction", "list-style-type", "list-style-position", "text-shadow", "word-break",
        "overflow-wrap", "pointer-events", "caret-color", "-webkit-text-fill-color"]

    /// Initial values, as Chromium serializes them.
    static let initial: [String: String] = [
        "color": "rgb(0, 0, 0)", "background-color": "rgba(0, 0, 0, 0)", "background-image": "none",
        "border-top-color": "rgb(0, 0, 0)", "border-right-color": "rgb(0, 0, 0)", "border-bottom-color": "rgb(0, 0, 0)",
        "border-left-color": "rgb(0, 0, 0)", "border-top-style": "none", "border-right-style": "none",
        "border-bottom-style": "none", "border-left-style": "none", "font-size": "16px", "font-weight": "400",
        "font-style": "normal", "line-height": "normal", "letter-spacing": "normal", "word-spacing": "0px",
        "text-align": "start", "text-transform": "none", "text-decoration-line": "none", "white-space": "normal",
        "position": "static", "z-index": "auto", "transform": "none", "overflow": "visible", "overflow-x": "visible",
        "overflow-y": "visible", "box-sizing": "content-box", "float": "none", "cursor": "auto", "top": "auto",
        "left": "auto", "right": "auto", "bottom": "auto", "flex-direction": "row", "flex-wrap": "nowrap",
        "flex-grow": "0", "flex-shrink": "1", "flex-basis": "auto", "justify-content": "normal", "align-items": "normal",
        "text-indent": "0px", "direction": "ltr", "list-style-type": "disc", "transition-duration": "0s",
        "animation-name": "none", "filter": "none", "outline-style": "none", "vertical-align": "baseline",
    ]

    /// The computed value of `name` (lower-case, hyphenated) for `node`, or "" for a property this model has no value for.
    /// `declared` answers the cascade for an element (the painter passes its per-paint memo); nil asks the layout.
    static func value(_ name: String, of node: HTMLNode, layout: ApproximateLayout,
                      declared cascade: ((HTMLNode) -> [String: String])? = nil) -> String {
        switch name {
        case "width", "height":
            guard let size = layout.usedSize(of: node) else { return "auto" }
            return px(name == "width" ? size.width : size.height)
        case "margin-top", "margin-right", "margin-bottom", "margin-left", "padding-top", "padding-right", "padding-bottom",
             "padding-left", "border-top-width", "border-right-width", "border-bottom-width", "border-left-width":
            return layout.edge(name, of: node).map(px) ?? "0px"
        default: break
        }
        var current: HTMLNode? = node
        while let element = current, element.isElement {
            if let v = declared(name, of: element, layout: layout, cascade), v != "inherit" {
                if v == "initial" || v == "unset" { break }
                return serialize(name, v, of: element, layout: layout, cascade)
            }
            guard inherited.contains(name) else { break }
            current = element.parentElement
        }
        return initial[name] ?? ""
    }

    /// What the cascade gives `element` for `name`, looking into the shorthands that set it.
    private static func declared(_ name: String, of element: HTMLNode, layout: ApproximateLayout,
                                 _ cascade: ((HTMLNode) -> [String: String])? = nil) -> String? {
        let d = cascade?(element) ?? layout.declaredStyle(of: element)
        if let v = d[name] { return v }
        if name == "background-color", let b = d["background"] {
            return BoxStyleSheet.tokens(b).first { color($0) != nil } ?? (b == "none" ? "transparent" : nil)
        }
        if name.hasPrefix("border-"), name.hasSuffix("-color"), let b = d["border"] ?? d["border-color"] {
            return BoxStyleSheet.tokens(b).first { color($0) != nil }
        }
        if name == "text-decoration-line", let t = d["text-decoration"] { return t.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        if name.hasPrefix("overflow-"), let o = d["overflow"] { return o }
        return nil
    }

    private static func serialize(_ name: String, _ raw: String, of element: HTMLNode, layout: ApproximateLayout,
                                  _ cascade: ((HTMLNode) -> [String: String])? = nil) -> String {
        let v = raw.replacingOccurrences(of: "!important", with: "").trimmingCharacters(in: .whitespaces)
        if name == "background-image", !v.contains("url("), !v.contains("gradient(") { return "none" }
        if name.hasSuffix("color") || name == "fill" || name == "stroke" {
            if v.lowercased() == "currentcolor" { return value("color", of: element, layout: layout, declared: cascade) }
            // A `background` shorthand given through `var()`: its colour, if it names one.
            if name == "background-color", color(v) == nil {
                return BoxStyleSheet.tokens(v).last { color($0) != nil }.flatMap { color($0) } ?? "rgba(0, 0, 0, 0)"
            }
            return color(v) ?? v
        }
        if name == "font-weight" { return ["normal": "400", "bold": "700"][v.lowercased()] ?? v }
        if name == "font-size", let size = layout.fontSize(of: element) { return px(size) }
        return v
    }

    static func px(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? "\(Int(r))px" : "\(r)px"
    }

    // MARK: Colours

    private static let named: [String: (Int, Int, Int)] = [
        "black": (0, 0, 0), "white": (255, 255, 255), "red": (255, 0, 0), "green": (0, 128, 0), "blue": (0, 0, 255),
        "gray": (128, 128, 128), "grey": (128, 128, 128), "silver": (192, 192, 192), "yellow": (255, 255, 0),
        "orange": (255, 165, 0), "purple": (128, 0, 128), "pink": (255, 192, 203), "gold": (255, 215, 0),
        "navy": (0, 0, 128), "teal": (0, 128, 128), "maroon": (128, 0, 0), "olive": (128, 128, 0), "lime": (0, 255, 0),
        "aqua": (0, 255, 255), "cyan": (0, 255, 255), "fuchsia": (255, 0, 255), "magenta": (255, 0, 255),
        "lightgray": (211, 211, 211), "lightgrey": (211, 211, 211), "darkgray": (169, 169, 169),
        "darkgrey": (169, 169, 169), "whitesmoke": (245, 245, 245), "tomato": (255, 99, 71), "coral": (255, 127, 80),
        "crimson": (220, 20, 60), "dodgerblue": (30, 144, 255), "royalblue": (65, 105, 225), "steelblue": (70, 130, 180),
        "skyblue": (135, 206, 235), "indigo": (75, 0, 130), "violet": (238, 130, 238), "brown": (165, 42, 42),
        "beige": (245, 245, 220), "ivory": (255, 255, 240), "khaki": (240, 230, 140), "salmon": (250, 128, 114),
        "orchid": (218, 112, 214), "turquoise": (64, 224, 208), "slategray": (112, 128, 144), "darkblue": (0, 0, 139),
        "darkgreen": (0, 100, 0), "darkred": (139, 0, 0), "lightblue": (173, 216, 230), "lightgreen": (144, 238, 144),
        "hotpink": (255, 105, 180), "rebeccapurple": (102, 51, 153),
    ]

    /// A CSS colour as `rgb(…)`/`rgba(…)`, or nil when `text` is not one this model reads.
    static func color(_ text: String) -> String? {
        // ASCII (nearly every value) trimmed on its bytes.
        let s = text.utf8.allSatisfy({ $0 < 0x80 })
            ? TextBytes.lowercased(text.trimmingASCIISpace)
            : text.trimmingCharacters(in: .whitespaces).lowercased()
        func out(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> String {
            let c = { (v: Double) in Int(max(0, min(255, v)).rounded()) }
            if a >= 1 { return "rgb(\(c(r)), \(c(g)), \(c(b)))" }
            let alpha = (max(0, a) * 1000).rounded() / 1000
            return "rgba(\(c(r)), \(c(g)), \(c(b)), \(alpha == 0 ? "0" : String(alpha)))"
        }
        if s == "transparent" { return "rgba(0, 0, 0, 0)" }
        if let (r, g, b) = named[s] { return out(Double(r), Double(g), Double(b), 1) }
        if s.hasPrefix("#") {
            var h = Array(s.dropFirst())
            guard h.allSatisfy({ $0.isHexDigit }), [3, 4, 6, 8].contains(h.count) else { return nil }
            if h.count <= 4 { h = h.flatMap { [$0, $0] } }
            let v = (0..<(h.count / 2)).map { Double(Int(String(h[($0 * 2)..<($0 * 2 + 2)]), radix: 16) ?? 0) }
            return out(v[0], v[1], v[2], v.count > 3 ? v[3] / 255 : 1)
        }
        guard let open = s.firstIndex(of: "("), s.hasSuffix(")") else { return nil }
        let fn = String(s[..<open])
        let args = s[s.index(after: open)..<s.index(before: s.endIndex)]
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
        func number(_ x: String, scale: Double) -> Double? { x.hasSuffix("%") ? Double(x.dropLast()).map { $0 * scale / 100 } : Double(x) }
        guard args.count >= 3 else { return nil }
        let alpha = args.count > 3 ? number(args[3], scale: 1) : 1
        switch fn {
        case "rgb", "rgba":
            guard let r = number(args[0], scale: 255), let g = number(args[1], scale: 255), let b = number(args[2], scale: 255), let alpha else { return nil }
            return out(r, g, b, alpha)
        case "hsl", "hsla":
            guard let h = Double(args[0].replacingOccurrences(of: "deg", with: "")), let sat = number(args[1], scale: 1),
                  let l = number(args[2], scale: 1), let alpha else { return nil }
            let hue = (h.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
            func f(_ n: Double) -> Double {
                let k = (n + hue * 12).truncatingRemainder(dividingBy: 12)
                return l - sat * min(l, 1 - l) * max(-1, min(k - 3, 9 - k, 1))
            }
            return out(f(0) * 255, f(8) * 255, f(4) * 255, alpha)
        default: return nil
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (what `trimmingCharacters(in: .whitespaces)` removes from ASCII).
    var trimmingASCIISpace: String {
        let b = Array(utf8)
        var lo = 0, hi = b.count
        while lo < hi, b[lo] == 0x20 || b[lo] == 0x09 { lo += 1 }
        while hi > lo, b[hi - 1] == 0x20 || b[hi - 1] == 0x09 { hi -= 1 }
        return lo == 0 && hi == b.count ? self : String(decoding: b[lo..<hi], as: UTF8.self)
    }
}
