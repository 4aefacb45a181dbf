// The painter's readings of the declarations that decide how a box looks beyond its size: each side's border colour
// and style, `background-image` gradients (linear and radial, with angles, stops and `repeating-`), every
// `box-shadow` (outer and `inset`), `outline`, and the text decorations a line of text inherits.
import Foundation

extension Painter {
    static let sideNames = ["top", "right", "bottom", "left"]

    /// One to four values for top, right, bottom, left, as `border-color` and `border-style` give them.
    static func fourSides<T>(_ values: [T]) -> [T]? {
        switch values.count {
        case 1: return [values[0], values[0], values[0], values[0]]
        case 2: return [values[0], values[1], values[0], values[1]]
        case 3: return [values[0], values[1], values[2], values[1]]
        case 4...: return Array(values.prefix(4))
        default: return nil
        }
    }

    /// Each side's colour: its longhand (`border-bottom-color`), its side shorthand (`border-bottom`), `border-color`,
    /// then `border`; `currentColor` (or none given) is the text colour.
    static func borderColors(_ d: [String: String], text: PaintColor) -> [PaintColor] {
        let all = d["border-color"].flatMap { fourSides(BoxStyleSheet.tokens($0)) }
        let shorthand = d["border"].flatMap { BoxStyleSheet.tokens($0).lazy.compactMap { PaintColor(css: $0) }.first }
        return sideNames.enumerated().map { i, side in
            if let v = d["border-\(side)-color"] { return PaintColor(css: v) ?? text }
            if let v = d["border-\(side)"], let c = BoxStyleSheet.tokens(v).lazy.compactMap({ PaintColor(css: $0) }).first { return c }
            if let all { return PaintColor(css: all[i]) ?? text }
            return shorthand ?? text
        }
    }

    /// Each side's style, read as the colours are; `groove`, `ridge`, `inset` and `outset` are drawn solid.
    static func borderStyles(_ d: [String: String]) -> [BorderStyle] {
        func style(_ value: String) -> BorderStyle? {
            for token in BoxStyleSheet.tokens(value) {
                switch token.lowercased() {
                case "dashed": return .dashed
                case "dotted": return .dotted
                case "double": return .double
                case "solid", "groove", "ridge", "inset", "outset": return .solid
                default: continue
                }
            }
            return nil
        }
        let all = d["border-style"].flatMap { fourSides(BoxStyleSheet.tokens($0)) }
        let shorthand = d["border"].flatMap(style)
        return sideNames.enumerated().map { i, side in
            d["border-\(side)-style"].flatMap(style) ?? d["border-\(side)"].flatMap(style) ?? all.flatMap { style($0[i]) }
                ?? shorthand ?? .solid
        }
    }

    /// `outline` and its longhands; nil for `none`, a zero width or no style.
    func outline(_ d: [String: String], _ s: BoxStyle, text: PaintColor) -> Outline? {
        var width = 3.0, style: BorderStyle? = nil, color = text, hasStyle = false
        var tokens = d["outline"].map(BoxStyleSheet.tokens) ?? []
        for key in ["outline-width", "outline-style", "outline-color"] { if let v = d[key] { tokens.append(v) } }
        for token in tokens {
            switch token.lowercased() {
            case "none", "hidden": style = nil; hasStyle = false
            case "auto", "solid", "groove", "ridge", "inset", "outset": style = .solid; hasStyle = true
            case "dashed": style = .dashed; hasStyle = true
            case "dotted": style = .dotted; hasStyle = true
            case "double": style = .double; hasStyle = true
            case "thin": width = 1
            case "medium": width = 3
            case "thick": width = 5
            default:
                if let c = PaintColor(css: token) { color = c }
                else if case .px(let v)? = BoxStyleSheet.length(token, em: s.fontSize, viewport: layout.viewport) { width = v }
            }
        }
        guard hasStyle, let style, width > 0, color.alpha > 0 else { return nil }
        var offset = 0.0
        if let v = d["outline-offset"], case .px(let o)? = BoxStyleSheet.length(v, em: s.fontSize, viewport: layout.viewport) { offset = o }
        return Outline(width: width, offset: offset, style: style, color: color)
    }

    /// Every `box-shadow` of a list, outer and `inset`; empty for `none`.
    func boxShadows(_ value: String, _ s: BoxStyle, text: PaintColor) -> [BoxShadow] {
        guard value != "none" else { return [] }
        return Painter.splitTopLevel(value, ",").compactMap { one in
            var lengths: [Double] = []
            var colour: PaintColor?
            var inset = false
            for token in BoxStyleSheet.tokens(one) {
                if token.lowercased() == "inset" { inset = true }
                else if let c = PaintColor(css: token) { colour = c }
                else if case .px(let v)? = BoxStyleSheet.length(token, em: s.fontSize, viewport: layout.viewport) { lengths.append(v) }
            }
            guard lengths.count >= 2 else { return nil }
            let c = colour ?? text
            guard c.alpha > 0 else { return nil }
            return BoxShadow(x: lengths[0], y: lengths[1], blur: max(0, lengths.count > 2 ? lengths[2] : 0),
                             spread: lengths.count > 3 ? lengths[3] : 0, color: c, inset: inset)
        }
    }

    /// The gradients of a `background-image` (or `background`) value, for a box whose padding box is `area`; first
    /// layer first. Layers that are not gradients (or do not parse) are left out.
    func gradients(_ value: String, in area: LayoutRect, _ s: BoxStyle) -> [PaintGradient] {
        guard value.contains("gradient(") else { return [] }
        return Painter.splitTopLevel(value, ",").compactMap { layer in
            guard let open = layer.range(of: "gradient("), let close = layer.lastIndex(of: ")"), open.upperBound <= close else { return nil }
            let name = BoxStyleSheet.tokens(String(layer[..<open.lowerBound])).last?.lowercased() ?? ""
            let repeating = name.hasPrefix("repeating-")
            let inner = String(layer[open.upperBound..<close])
            if name.hasSuffix("linear-") { return linearGradient(inner, in: area, repeating: repeating, s) }
            if name.hasSuffix("radial-") { return radialGradient(inner, in: area, repeating: repeating, s) }
            return nil
        }
    }

    /// An angle in degrees (`deg`, `rad`, `grad`, `turn`; a bare 0).
    static func degrees(_ token: String) -> Double? {
        let t = token.lowercased()
        for (unit, scale) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)] where t.hasSuffix(unit) {
            return Double(t.dropLast(unit.count)).map { $0 * scale }
        }
        return t == "0" ? 0 : nil
    }

    private func linearGradient(_ inner: String, in area: LayoutRect, repeating: Bool, _ s: BoxStyle) -> PaintGradient? {
        var parts = Painter.splitTopLevel(inner, ",")
        var angle = 180.0
        if let first = parts.first {
            let words = BoxStyleSheet.tokens(first).map { $0.lowercased() }
            if words.count == 1, let a = Painter.degrees(words[0]) { angle = a; parts.removeFirst() }
            else if words.first == "to" {
                let sx: Double = words.contains("right") ? 1 : words.contains("left") ? -1 : 0
                let sy: Double = words.contains("bottom") ? 1 : words.contains("top") ? -1 : 0
                if sx != 0 && sy != 0 {
                    // Towards a corner: the line is perpendicular to the diagonal through the other two corners.
                    angle = atan2(sx * area.height, -sy * area.width) * 180 / .pi
                } else {
                    angle = sx > 0 ? 90 : sx < 0 ? 270 : sy < 0 ? 0 : 180
                }
                parts.removeFirst()
            }
        }
        let radians = angle * .pi / 180
        let length = abs(area.width * sin(radians)) + abs(area.height * cos(radians))
        guard let stops = stops(parts, lineLength: length, s) else { return nil }
        return PaintGradient(area: area, shape: .linear(angle: angle), stops: stops, repeating: repeating)
    }

    private func radialGradient(_ inner: String, in area: LayoutRect, repeating: Bool, _ s: BoxStyle) -> PaintGradient? {
        var parts = Painter.splitTopLevel(inner, ",")
        guard let first = parts.first else { return nil }
        let words = BoxStyleSheet.tokens(first)
        let isColourStop = words.first.map { PaintColor(css: $0) != nil } ?? true
        var circle = false, extent = "farthest-corner", sizes: [Double] = []
        var cx = area.x + area.width / 2, cy = area.y + area.height / 2
        func length(_ t: String, _ base: Double) -> Double? {
            BoxStyleSheet.length(t, em: s.fontSize, viewport: layout.viewport)?.resolve(base)
        }
        if !isColourStop {
            parts.removeFirst()
            var i = 0
            while i < words.count {
                let w = words[i].lowercased()
                if w == "at" {
                    let position = Array(words[(i + 1)...]).map { $0.lowercased() }
                    var fx: Double? = nil, fy: Double? = nil
                    for (j, p) in position.enumerated() {
                        switch p {
                        case "left": fx = 0
                        case "right": fx = 1
                        case "top": fy = 0
                        case "bottom": fy = 1
                        case "center": if j == 0 { fx = 0.5 } else { fy = 0.5 }
                        default:
                            if j == 0, let v = length(p, area.width) { cx = area.x + v }
                            else if let v = length(p, area.height) { cy = area.y + v }
                        }
                    }
                    if let fx { cx = area.x + area.width * fx }
                    if let fy { cy = area.y + area.height * fy }
                    break
                }
                switch w {
                case "circle": circle = true
                case "ellipse": circle = false
                case "closest-side", "closest-corner", "farthest-side", "farthest-corner": extent = w
                default: if let v = length(w, sizes.isEmpty ? area.width : area.height) { sizes.append(v) }
                }
                i += 1
            }
        }
        if sizes.count == 1 { circle = true }
        let dx = [abs(cx - area.x), abs(area.x + area.width - cx)], dy = [abs(cy - area.y), abs(area.y + area.height - cy)]
        var rx: Double, ry: Double
        if sizes.count >= 2 { rx = sizes[0]; ry = sizes[1] }
        else if let r = sizes.first { rx = r; ry = r }
        else {
            let sideX = extent.hasPrefix("closest") ? dx.min()! : dx.max()!
            let sideY = extent.hasPrefix("closest") ? dy.min()! : dy.max()!
            if circle {
                let r = extent.hasSuffix("side") ? (extent.hasPrefix("closest") ? min(sideX, sideY) : max(sideX, sideY))
                    : (sideX * sideX + sideY * sideY).squareRoot()
                rx = r; ry = r
            } else if extent.hasSuffix("side") {
                rx = sideX; ry = sideY
            } else {
                // An ellipse through the corner with the sides' aspect ratio.
                rx = sideX * 2.0.squareRoot(); ry = sideY * 2.0.squareRoot()
            }
        }
        guard rx > 0, ry > 0, let stops = stops(parts, lineLength: rx, s) else { return nil }
        return PaintGradient(area: area, shape: .radial(centerX: cx, centerY: cy, radiusX: rx, radiusY: ry), stops: stops, repeating: repeating)
    }

    /// Colour stops with their positions as fractions of the gradient line: a stop without one sits halfway between
    /// its neighbours (the first at 0, the last at 1), a stop before an earlier one moves up to it, and a stop with two
    /// positions is two stops. Colour hints (a position alone) are skipped.
    private func stops(_ parts: [String], lineLength: Double, _ s: BoxStyle) -> [PaintGradient.Stop]? {
        var colours: [PaintColor] = [], offsets: [Double?] = []
        for part in parts {
            let tokens = BoxStyleSheet.tokens(part)
            guard let colourIndex = tokens.firstIndex(where: { PaintColor(css: $0) != nil }), let c = PaintColor(css: tokens[colourIndex]) else { continue }
            let positions = tokens.enumerated().filter { $0.offset != colourIndex }.compactMap { _, t -> Double? in
                if t.hasSuffix("%") { return Double(t.dropLast()).map { $0 / 100 } }
                guard lineLength > 0 else { return nil }
                return BoxStyleSheet.length(t, em: s.fontSize, viewport: layout.viewport)?.resolve(lineLength).map { $0 / lineLength }
            }
            if positions.isEmpty { colours.append(c); offsets.append(nil) }
            for p in positions.prefix(2) { colours.append(c); offsets.append(p) }
        }
        guard colours.count >= 1 else { return nil }
        if colours.count == 1 { colours.append(colours[0]); offsets.append(nil) }
        if offsets[0] == nil { offsets[0] = 0 }
        if offsets[offsets.count - 1] == nil { offsets[offsets.count - 1] = 1 }
        var highest = offsets[0]!
        for i in offsets.indices { if let o = offsets[i] { highest = max(highest, o); offsets[i] = highest } }
        var i = 0
        while i < offsets.count {
            guard offsets[i] == nil else { i += 1; continue }
            var j = i
            while offsets[j] == nil { j += 1 }
            let from = offsets[i - 1]!, to = offsets[j]!
            for k in i..<j { offsets[k] = from + (to - from) * Double(k - i + 1) / Double(j - i + 1) }
            i = j
        }
        return zip(colours, offsets).map { PaintGradient.Stop(color: $0, offset: $1!) }
    }

    /// The text decorations (`underline`, `line-through`, `overline`) a line of `node`'s text shows: its own and
    /// those of the inline elements around it up to its block (decorations reach inline descendants); a link
    /// (`a href`) is underlined unless the page sets its `text-decoration`.
    func decorations(_ node: HTMLNode) -> [String] {
        var lines: [String] = []
        var current: HTMLNode? = node
        var depth = 0
        while let element = current, element.isElement, depth < 64 {
            let d = declared(element)
            // A link is underlined by the browser's own style sheet unless the page says otherwise.
            let own = d["text-decoration-line"] ?? d["text-decoration"]
                ?? (element.tagName == "a" && element.hasAttribute("href") ? "underline" : nil)
            if let v = own {
                for token in BoxStyleSheet.tokens(v) {
                    let t = token.lowercased()
                    if ["underline", "line-through", "overline"].contains(t), !lines.contains(t) { lines.append(t) }
                }
            }
            guard layout.boxStyle(of: element.index)?.display == "inline" else { break }
            current = element.parentElement
            depth += 1
        }
        return lines
    }

    /// Where an `img` of intrinsic `size` is drawn in its content box `box` under `object-fit` (`fill` by default,
    /// `contain`, `cover`, `none`, `scale-down`) and `object-position` (keywords or percentages; centred by default).
    static func objectFit(_ fit: String?, _ position: String?, size: (width: Double, height: Double)?, in box: LayoutRect) -> LayoutRect {
        guard let fit = fit?.lowercased(), fit != "fill", let size, size.width > 0, size.height > 0, box.width > 0, box.height > 0 else { return box }
        var w = size.width, h = size.height
        let contain = min(box.width / w, box.height / h), cover = max(box.width / w, box.height / h)
        switch fit {
        case "contain": w *= contain; h *= contain
        case "cover": w *= cover; h *= cover
        case "scale-down": let k = min(1, contain); w *= k; h *= k
        case "none": break
        default: return box
        }
        var fx = 0.5, fy = 0.5
        let words = (position ?? "").lowercased().split(separator: " ").map(String.init)
        for (i, word) in words.enumerated() {
            switch word {
            case "left": fx = 0
            case "right": fx = 1
            case "top": fy = 0
            case "bottom": fy = 1
            case "center": break
            default:
                if word.hasSuffix("%"), let v = Double(word.dropLast()) { if i == 0 { fx = v / 100 } else { fy = v / 100 } }
            }
        }
        return LayoutRect(x: box.x + (box.width - w) * fx, y: box.y + (box.height - h) * fy, width: w, height: h)
    }

    /// The corner radii of a box (top left, top right, bottom right, bottom left) from `border-radius` (one to four
    /// values; an elliptical `/` part is left out) and its longhands, scaled down together when two would overlap.
    func cornerRadii(_ d: [String: String], _ s: BoxStyle, _ rect: LayoutRect, default themed: Double) -> [Double] {
        func length(_ t: String) -> Double? {
            BoxStyleSheet.length(t, em: s.fontSize, viewport: layout.viewport)?.resolve(min(rect.width, rect.height))
        }
        var radii = [themed, themed, themed, themed]
        if let value = d["border-radius"] {
            let circular = value.split(separator: "/").first.map(String.init) ?? value
            if let four = Painter.fourSides(BoxStyleSheet.tokens(circular).map { length($0) ?? 0 }) { radii = four }
        }
        for (i, corner) in ["top-left", "top-right", "bottom-right", "bottom-left"].enumerated() {
            if let v = d["border-\(corner)-radius"], let first = BoxStyleSheet.tokens(v).first, let r = length(first) { radii[i] = r }
        }
        radii = radii.map { max(0, $0) }
        // CSS 3 Backgrounds §5.5: when adjacent radii add up to more than a side, all shrink by the same factor.
        let sums = [(radii[0] + radii[1], rect.width), (radii[3] + radii[2], rect.width), (radii[0] + radii[3], rect.height),
                    (radii[1] + radii[2], rect.height)]
        let factor = sums.map { $0.0 > 0 ? $0.1 / $0.0 : 1 }.min() ?? 1
        return factor < 1 ? radii.map { $0 * max(0, factor) } : radii
    }

    /// The corner radii of the clip `clip` when it is the rounded padding box of the element that clips `node`.
    func roundedClip(_ node: HTMLNode, _ clip: LayoutRect) -> [Double]? {
        var current = node.parentElement
        var depth = 0
        while let element = current, element.isElement, depth < 64 {
            if let s = layout.boxStyle(of: element.index), s.overflowHidden {
                guard let rect = layout.box(of: element) else { return nil }
                let padding = LayoutRect(x: rect.x + s.border[3], y: rect.y + s.border[0], width: rect.width - s.border[1] - s.border[3],
                                         height: rect.height - s.border[0] - s.border[2])
                guard abs(padding.x - clip.x) < 0.5, abs(padding.y - clip.y) < 0.5, abs(padding.width - clip.width) < 0.5,
                      abs(padding.height - clip.height) < 0.5 else { return nil }
                let outer = cornerRadii(declared(element), s, rect, default: 0)
                let inner = [max(0, outer[0] - max(s.border[0], s.border[3])), max(0, outer[1] - max(s.border[0], s.border[1])),
                             max(0, outer[2] - max(s.border[2], s.border[1])), max(0, outer[3] - max(s.border[2], s.border[3]))]
                return inner.contains { $0 > 0 } ? inner : nil
            }
            current = element.parentElement
            depth += 1
        }
        return nil
    }

    /// Whether `r`, inside `clip`, reaches into one of the clip's rounded corners.
    static func cornersCut(_ r: LayoutRect, _ clip: LayoutRect, _ radii: [Double]) -> Bool {
        let left = r.x < clip.x + max(radii[0], radii[3]), right = r.x + r.width > clip.x + clip.width - max(radii[1], radii[2])
        let top = r.y < clip.y + max(radii[0], radii[1]), bottom = r.y + r.height > clip.y + clip.height - max(radii[2], radii[3])
        return (left || right) && (top || bottom)
    }

    /// Where each character of `text` starts when the line starts at `x`: the layout's measure (FontMetrics) of each
    /// advance, rounded to whole pixels, with kerning inside words and `letterSpacing` after every character. Empty for
    /// text with combining marks, which the tables do not place.
    static func glyphPositions(_ text: String, face: FontFace, size: Double, letterSpacing: Double, x: Double) -> [Double] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= 2000,
              !scalars.contains(where: { $0.value >= 0x0300 && $0.value <= 0x036F }) else { return [] }
        let table = FontMetrics.table(face)
        let pairs = FontMetrics.kerning[face]
        var positions: [Double] = []
        positions.reserveCapacity(scalars.count)
        var pen = x
        var previous: UInt32 = 0
        for scalar in scalars {
            let v = scalar.value
            if let pairs, previous != 0, previous != 0x20, v != 0x20, v >= 0x20, v <= 0xFF, let k = pairs[UInt16(previous << 8 | v)] {
                pen += Double(k) * size / 1000
            }
            positions.append(pen)
            pen += (table.advance(scalar) * size / 1000).rounded() + letterSpacing
            previous = v >= 0x20 && v <= 0xFF ? v : 0
        }
        return positions
    }
}
