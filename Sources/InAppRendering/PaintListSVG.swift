import Foundation
import InAppContent

extension PaintList {
    /// The page drawn as a standalone SVG document, item by item, back to front. Deterministic: the same page gives
    /// the same bytes.
    public func svg(title: String? = nil) -> String {
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(n(width))" height="\(n(height))" \
        viewBox="0 0 \(n(width)) \(n(height))">

        """
        if let title { out += "<title>\(escape(title))</title>\n" }
        var defs = ""
        // A translucent canvas (a message's dimmed backdrop on `body`) lies over the web view's white, as WebKit draws it.
        var body = background.alpha < 1 ? "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#FFFFFF\"/>\n" : ""
        body += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\"\(fill(background))/>\n"
        var ids = 0
        var clipIDs: [String: Int] = [:]
        var open: [OpacityGroup] = []
        for (index, item) in items.enumerated() {
            // The opacity groups the item is in: those it shares with the item before stay open.
            let chain = groups[index] ?? []
            var shared = 0
            while shared < min(open.count, chain.count), open[shared] == chain[shared] { shared += 1 }
            body += String(repeating: "</g>\n", count: open.count - shared)
            for group in chain[shared...] { body += "<g opacity=\"\(n(group.opacity))\">\n" }
            open = chain
            // An item partly outside an element that clips it is drawn inside the clip's rectangle.
            var clipped = false
            if let clip = clips[index] {
                let radii = clipRadii[index]
                let key = radii.map { "<path d=\"\(roundedPath(clip, $0))\"/>" } ?? "<rect \(frame(clip))/>"
                let id = clipIDs[key] ?? {
                    let id = clipIDs.count + 1
                    clipIDs[key] = id
                    defs += "<clipPath id=\"c\(id)\">\(key)</clipPath>\n"
                    return id
                }()
                body += "<g clip-path=\"url(#c\(id))\">\n"
                clipped = true
            }
            defer { if clipped { body += "</g>\n" } }
            switch item {
            case let .box(box, opacity):
                let group = opacity < 1 ? "<g opacity=\"\(n(opacity))\">" : ""
                body += group
                body += self.box(box, defs: &defs, ids: &ids)
                if !group.isEmpty { body += "</g>\n" }
            case let .text(run, opacity):
                body += text(run, opacity)
            case let .image(rect, source, opacity):
                body += "<image \(frame(rect)) preserveAspectRatio=\"none\" xlink:href=\"\(escape(source))\""
                    + (opacity < 1 ? " opacity=\"\(n(opacity))\"" : "") + "/>\n"
            case let .control(rect, kind, opacity):
                body += control(kind, rect, opacity)
            }
        }
        body += String(repeating: "</g>\n", count: open.count)
        if !defs.isEmpty { out += "<defs>\n" + defs + "</defs>\n" }
        out += body + "</svg>\n"
        return out
    }

    /// A box: its outer shadows (behind it), background colour, gradients (last layer first), inset shadows, border
    /// and outline.
    private func box(_ box: BoxPaint, defs: inout String, ids: inout Int) -> String {
        var out = ""
        let rect = box.rect, radii = box.radii, w = box.border
        for shadow in box.shadows.reversed() where !shadow.inset {
            let r = LayoutRect(x: rect.x + shadow.x - shadow.spread, y: rect.y + shadow.y - shadow.spread,
                               width: rect.width + 2 * shadow.spread, height: rect.height + 2 * shadow.spread)
            guard r.width > 0, r.height > 0 else { continue }
            var filter = ""
            if shadow.blur > 0 {
                ids += 1
                defs += "<filter id=\"s\(ids)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
                    + "<feGaussianBlur stdDeviation=\"\(n(shadow.blur / 2))\"/></filter>\n"
                filter = " filter=\"url(#s\(ids))\""
            }
            out += shape(r, radii.map { $0 > 0 ? max(0, $0 + shadow.spread) : 0 }, fill(shadow.color) + filter)
        }
        if let background = box.background { out += shape(rect, radii, fill(background)) }
        for gradient in box.gradients.reversed() {
            ids += 1
            defs += self.gradient(gradient, id: "g\(ids)")
            out += shape(rect, radii, " fill=\"url(#g\(ids))\"")
        }
        let inner = LayoutRect(x: rect.x + w[3], y: rect.y + w[0], width: max(0, rect.width - w[1] - w[3]), height: max(0, rect.height - w[0] - w[2]))
        let innerRadii = [max(0, radii[0] - max(w[0], w[3])), max(0, radii[1] - max(w[0], w[1])), max(0, radii[2] - max(w[2], w[1])),
                          max(0, radii[3] - max(w[2], w[3]))]
        let insets = box.shadows.filter(\.inset)
        if !insets.isEmpty, inner.width > 0, inner.height > 0 {
            ids += 1
            let clip = ids
            defs += "<clipPath id=\"c\(clip)i\"><path d=\"\(roundedPath(inner, innerRadii))\"/></clipPath>\n"
            out += "<g clip-path=\"url(#c\(clip)i)\">"
            for shadow in insets.reversed() {
                let margin = shadow.blur * 2 + abs(shadow.x) + abs(shadow.y) + abs(shadow.spread) + 4
                let outer = LayoutRect(x: inner.x - margin, y: inner.y - margin, width: inner.width + 2 * margin, height: inner.height + 2 * margin)
                let hole = LayoutRect(x: inner.x + shadow.x + shadow.spread, y: inner.y + shadow.y + shadow.spread,
                                      width: max(0, inner.width - 2 * shadow.spread), height: max(0, inner.height - 2 * shadow.spread))
                var filter = ""
                if shadow.blur > 0 {
                    ids += 1
                    defs += "<filter id=\"s\(ids)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
                        + "<feGaussianBlur stdDeviation=\"\(n(shadow.blur / 2))\"/></filter>\n"
                    filter = " filter=\"url(#s\(ids))\""
                }
                out += "<path fill-rule=\"evenodd\" d=\"\(roundedPath(outer, [0, 0, 0, 0])) \(roundedPath(hole, innerRadii.map { max(0, $0 - shadow.spread) }))\"\(fill(shadow.color))\(filter)/>"
            }
            out += "</g>\n"
        }
        out += border(box, defs: &defs, ids: &ids)
        if let o = box.outline {
            let d = o.offset + o.width / 2
            let r = LayoutRect(x: rect.x - d, y: rect.y - d, width: rect.width + 2 * d, height: rect.height + 2 * d)
            out += shape(r, radii.map { $0 > 0 ? $0 + d : 0 }, " fill=\"none\"" + stroke(o.color, o.width) + dashes(o.style, o.width))
        }
        return out
    }

    /// A border: one stroke when every side agrees, else each side on its own (a solid side as the trapezoid between
    /// the outer and inner edges, as browsers join corners; a dashed or dotted side as a line along its middle).
    private func border(_ box: BoxPaint, defs: inout String, ids: inout Int) -> String {
        let rect = box.rect, radii = box.radii, widths = box.border
        guard widths.contains(where: { $0 > 0 }) else { return "" }
        var out = ""
        let drawn = (0..<4).filter { widths[$0] > 0 && box.borderColors[$0].alpha > 0 }
        let uniform = Set(widths).count == 1 && Set(box.borderColors.map(\.hex)).count == 1
            && Set(box.borderColors.map(\.alpha)).count == 1 && Set(box.borderStyles).count == 1
        if uniform {
            guard !drawn.isEmpty else { return "" }
            let w = widths[0], color = box.borderColors[0], style = box.borderStyles[0]
            if style == .double, w >= 3 {
                let line = w / 3
                for inset in [line / 2, w - line / 2] {
                    let r = LayoutRect(x: rect.x + inset, y: rect.y + inset, width: max(0, rect.width - 2 * inset), height: max(0, rect.height - 2 * inset))
                    out += shape(r, radii.map { max(0, $0 - inset) }, " fill=\"none\"" + stroke(color, line))
                }
                return out
            }
            let inner = LayoutRect(x: rect.x + w / 2, y: rect.y + w / 2, width: max(0, rect.width - w), height: max(0, rect.height - w))
            return shape(inner, radii.map { max(0, $0 - w / 2) }, " fill=\"none\"" + stroke(color, w) + dashes(style, w))
        }
        let x0 = rect.x, y0 = rect.y, x1 = rect.x + rect.width, y1 = rect.y + rect.height
        let t = widths[0], r = widths[1], b = widths[2], l = widths[3]
        for side in drawn {
            let color = box.borderColors[side], w = widths[side]
            if box.borderStyles[side] == .solid || box.borderStyles[side] == .double {
                let points: [(Double, Double)]
                switch side {
                case 0: points = [(x0, y0), (x1, y0), (x1 - r, y0 + t), (x0 + l, y0 + t)]
                case 1: points = [(x1, y0), (x1, y1), (x1 - r, y1 - b), (x1 - r, y0 + t)]
                case 2: points = [(x1, y1), (x0, y1), (x0 + l, y1 - b), (x1 - r, y1 - b)]
                default: points = [(x0, y1), (x0, y0), (x0 + l, y0 + t), (x0 + l, y1 - b)]
                }
                out += "<path d=\"M" + points.map { "\(n($0.0)) \(n($0.1))" }.joined(separator: " L") + " Z\"\(fill(color))/>\n"
            } else {
                let (ax, ay, bx, by): (Double, Double, Double, Double)
                switch side {
                case 0: (ax, ay, bx, by) = (x0, y0 + w / 2, x1, y0 + w / 2)
                case 1: (ax, ay, bx, by) = (x1 - w / 2, y0, x1 - w / 2, y1)
                case 2: (ax, ay, bx, by) = (x1, y1 - w / 2, x0, y1 - w / 2)
                default: (ax, ay, bx, by) = (x0 + w / 2, y1, x0 + w / 2, y0)
                }
                out += "<line x1=\"\(n(ax))\" y1=\"\(n(ay))\" x2=\"\(n(bx))\" y2=\"\(n(by))\"\(stroke(color, w))\(dashes(box.borderStyles[side], w))/>\n"
            }
        }
        guard radii.contains(where: { $0 > 0 }), !out.isEmpty else { return out }
        // Rounded corners: the sides are cut to the box's rounded outline.
        ids += 1
        defs += "<clipPath id=\"c\(ids)b\"><path d=\"\(roundedPath(rect, radii))\"/></clipPath>\n"
        return "<g clip-path=\"url(#c\(ids)b)\">\n" + out + "</g>\n"
    }

    /// The dash pattern of a dashed or dotted line `width` thick (WebKit's: dashes three widths long with gaps
    /// as long, dots one width apart).
    private func dashes(_ style: BorderStyle, _ width: Double) -> String {
        switch style {
        case .dashed: return " stroke-dasharray=\"\(n(3 * width)) \(n(3 * width))\""
        case .dotted: return width >= 3 ? " stroke-dasharray=\"0 \(n(2 * width))\" stroke-linecap=\"round\"" : " stroke-dasharray=\"\(n(width)) \(n(width))\""
        case .solid, .double: return ""
        }
    }

    /// A gradient definition in page pixels.
    private func gradient(_ g: PaintGradient, id: String) -> String {
        var stops = g.stops
        guard let first = stops.first?.offset, let last = stops.last?.offset else { return "" }
        let span = last - first
        let repeating = g.repeating && span > 0.0001
        var out: String
        switch g.shape {
        case .linear(let angle):
            let a = g.area, radians = angle * .pi / 180
            let length = abs(a.width * sin(radians)) + abs(a.height * cos(radians))
            let dx = sin(radians), dy = -cos(radians)
            let cx = a.x + a.width / 2, cy = a.y + a.height / 2
            // The line from the first stop's offset (or 0) to the last's (or 1); offsets mapped onto it.
            let from = repeating ? first : min(0, first), to = repeating ? last : max(1, last)
            let sx = cx - dx * length / 2, sy = cy - dy * length / 2
            func point(_ o: Double) -> (Double, Double) { (sx + dx * length * o, sy + dy * length * o) }
            let (x1, y1) = point(from), (x2, y2) = point(to)
            stops = stops.map { PaintGradient.Stop(color: $0.color, offset: to > from ? ($0.offset - from) / (to - from) : 0) }
            out = "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\""
                + (repeating ? " spreadMethod=\"repeat\"" : "") + ">"
            for stop in stops { out += stopElement(stop) }
            return out + "</linearGradient>\n"
        case let .radial(cx, cy, rx, ry):
            let to = repeating ? last : max(1, last)
            let r = rx * to
            stops = stops.map { PaintGradient.Stop(color: $0.color, offset: max(0, $0.offset / to)) }
            out = "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\""
            if abs(rx - ry) > 0.01 {
                out += " gradientTransform=\"translate(\(n(cx)) \(n(cy))) scale(1 \(String(format: "%.4f", ry / rx))) translate(\(n(-cx)) \(n(-cy)))\""
            }
            out += (repeating ? " spreadMethod=\"repeat\"" : "") + ">"
            for stop in stops { out += stopElement(stop) }
            return out + "</radialGradient>\n"
        }
    }

    private func stopElement(_ stop: PaintGradient.Stop) -> String {
        "<stop offset=\"\(String(format: "%.4f", max(0, min(1, stop.offset))))\" stop-color=\"\(stop.color.hex)\""
            + (stop.color.alpha < 1 ? " stop-opacity=\"\(n(stop.color.alpha))\"" : "") + "/>"
    }

    /// A line of text in its font, with its letter spacing and decorations.
    private func text(_ run: TextPaint, _ opacity: Double) -> String {
        // Each character where the layout measured it, when the paint list says (a whole pixel per advance, as
        // WebKitGTK's hinted fonts give them); else from the line's start with the font's own advances.
        // (One tspan a character: librsvg reads only the first of a list of x positions.)
        let placed = run.positions.count == run.string.unicodeScalars.count && !run.positions.isEmpty
        var content = ""
        if placed {
            // Pictographs (U+1F000 and up) are left blank: no font on the reference machine has them; WebKitGTK draws
            // an empty box or nothing there, librsvg a box with the code in it, which is further from either.
            for (scalar, x) in zip(run.string.unicodeScalars, run.positions) where !scalar.properties.isWhitespace && scalar.value < 0x1F000 {
                content += "<tspan x=\"\(n(x))\">\(escape(String(Character(scalar))))</tspan>"
            }
        } else {
            content = escape(run.string)
        }
        // The line's words stay readable (and searchable) in its accessible name.
        var out = "<text" + (placed ? " aria-label=\"\(escape(run.string))\"" : " x=\"\(n(run.rect.x))\"") + " y=\"\(n(run.baseline))\" font-family=\"\(escape(run.family))\" font-size=\"\(n(run.fontSize))\""
            + (run.bold ? " font-weight=\"bold\"" : "") + (run.italic ? " font-style=\"italic\"" : "")
            + (run.letterSpacing != 0 && run.positions.isEmpty ? " letter-spacing=\"\(n(run.letterSpacing))\"" : "")
            + fill(run.color) + (opacity < 1 ? " opacity=\"\(n(opacity))\"" : "")
            + " xml:space=\"preserve\">\(content)</text>\n"
        // Decorations as WebKit draws them for this font: a line about a fifteenth of the size below the baseline,
        // through the middle of the lower case, or along the top of the line.
        let thickness = max(1, (run.fontSize / 16).rounded())
        for line in run.decorations {
            let y: Double
            switch line {
            case "underline": y = run.baseline + max(1, (run.fontSize * 0.07).rounded())
            case "line-through": y = (run.baseline - run.fontSize * 0.3).rounded()
            default: y = (run.baseline - run.fontSize * 0.93).rounded()
            }
            let r = LayoutRect(x: run.rect.x, y: y, width: run.rect.width, height: thickness)
            out += "<rect \(frame(r))\(fill(run.color))\(opacity < 1 ? " opacity=\"\(n(opacity))\"" : "")/>\n"
        }
        return out
    }

    /// A rectangle with round corners (top left, top right, bottom right, bottom left) as path data.
    private func roundedPath(_ r: LayoutRect, _ radii: [Double]) -> String {
        let half = min(r.width, r.height) / 2
        let k = radii.map { max(0, min($0, half)) }
        let x0 = r.x, y0 = r.y, x1 = r.x + r.width, y1 = r.y + r.height
        func arc(_ radius: Double, _ x: Double, _ y: Double) -> String {
            radius > 0 ? " A\(n(radius)) \(n(radius)) 0 0 1 \(n(x)) \(n(y))" : " L\(n(x)) \(n(y))"
        }
        return "M\(n(x0 + k[0])) \(n(y0)) H\(n(x1 - k[1]))" + arc(k[1], x1, y0 + k[1]) + " V\(n(y1 - k[2]))" + arc(k[2], x1 - k[2], y1)
            + " H\(n(x0 + k[3]))" + arc(k[3], x0, y1 - k[3]) + " V\(n(y0 + k[0]))" + arc(k[0], x0 + k[0], y0) + " Z"
    }

    /// A rectangle (with `rx` when every corner has the same radius) or a rounded path, with `attributes`.
    private func shape(_ r: LayoutRect, _ radii: [Double], _ attributes: String) -> String {
        if Set(radii).count == 1 { return "<rect \(frame(r))\(corner(min(radii[0], min(r.width, r.height) / 2)))\(attributes)/>\n" }
        return "<path d=\"\(roundedPath(r, radii))\"\(attributes)/>\n"
    }

    /// Form controls as WebKitGTK draws them by default (its Adwaita-like theme, simplified).
    private func control(_ kind: ControlKind, _ r: LayoutRect, _ opacity: Double) -> String {
        let group = opacity < 1 ? " opacity=\"\(n(opacity))\"" : ""
        let edge = "#CDCDCD", accent = "#3584E4"
        switch kind {
        case .checkbox(let checked):
            // A 2 px light grey frame inside the box.
            let inner = LayoutRect(x: r.x + 1, y: r.y + 1, width: max(0, r.width - 2), height: max(0, r.height - 2))
            var s = "<g\(group)><rect \(frame(inner)) rx=\"2\" fill=\"\(checked ? accent : "#FFFFFF")\" stroke=\"\(checked ? accent : edge)\" stroke-width=\"2\"/>"
            if checked {
                s += "<path d=\"M\(n(r.x + r.width * 0.22)) \(n(r.y + r.height * 0.52)) L\(n(r.x + r.width * 0.42)) \(n(r.y + r.height * 0.72)) "
                    + "L\(n(r.x + r.width * 0.78)) \(n(r.y + r.height * 0.3))\" fill=\"none\" stroke=\"#FFFFFF\" stroke-width=\"2\"/>"
            }
            return s + "</g>\n"
        case .radio(let checked):
            let cx = r.x + r.width / 2, cy = r.y + r.height / 2, radius = min(r.width, r.height) / 2
            var s = "<g\(group)><circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(max(0, radius - 1)))\" fill=\"\(checked ? accent : "#FFFFFF")\" stroke=\"\(checked ? accent : edge)\" stroke-width=\"2\"/>"
            if checked { s += "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(radius * 0.4))\" fill=\"#FFFFFF\"/>" }
            return s + "</g>\n"
        case .selectArrow:
            let x = r.x + r.width - 14, y = r.y + r.height / 2
            return "<path d=\"M\(n(x)) \(n(y - 2)) l4 4 l4 -4\" fill=\"none\" stroke=\"#2E3436\" stroke-width=\"1.5\"\(group)/>\n"
        case .textField, .button:
            return ""
        }
    }

    private func frame(_ r: LayoutRect) -> String {
        "x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(0, r.width)))\" height=\"\(n(max(0, r.height)))\""
    }
    private func corner(_ radius: Double) -> String { radius > 0 ? " rx=\"\(n(radius))\"" : "" }
    private func fill(_ c: PaintColor) -> String {
        " fill=\"\(c.hex)\"" + (c.alpha < 1 ? " fill-opacity=\"\(n(c.alpha))\"" : "")
    }
    private func stroke(_ c: PaintColor, _ width: Double) -> String {
        " stroke=\"\(c.hex)\" stroke-width=\"\(n(width))\"" + (c.alpha < 1 ? " stroke-opacity=\"\(n(c.alpha))\"" : "")
    }
    private func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 100).rounded() / 100
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(format: "%.2f", r)
    }
    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
