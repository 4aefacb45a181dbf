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
        var shadows = 0
        var clipIDs: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            // An item partly outside an element that clips it is drawn inside the clip's rectangle.
            var clipped = false
            if let clip = clips[index] {
                let key = frame(clip)
                let id = clipIDs[key] ?? {
                    let id = clipIDs.count + 1
                    clipIDs[key] = id
                    defs += "<clipPath id=\"c\(id)\"><rect \(key)/></clipPath>\n"
                    return id
                }()
                body += "<g clip-path=\"url(#c\(id))\">\n"
                clipped = true
            }
            defer { if clipped { body += "</g>\n" } }
            switch item {
            case let .box(rect, background, border, borderColor, radius, shadow, opacity):
                let group = opacity < 1 ? "<g opacity=\"\(n(opacity))\">" : ""
                body += group
                if let shadow, shadow.color.alpha > 0 {
                    shadows += 1
                    defs += "<filter id=\"s\(shadows)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
                        + "<feGaussianBlur stdDeviation=\"\(n(shadow.blur / 2))\"/></filter>\n"
                    let r = LayoutRect(x: rect.x + shadow.x - shadow.spread, y: rect.y + shadow.y - shadow.spread,
                                       width: rect.width + 2 * shadow.spread, height: rect.height + 2 * shadow.spread)
                    body += "<rect \(frame(r))\(corner(radius))\(fill(shadow.color))\(shadow.blur > 0 ? " filter=\"url(#s\(shadows))\"" : "")/>\n"
                }
                if let background { body += "<rect \(frame(rect))\(corner(radius))\(fill(background))/>\n" }
                let widths = border
                if let color = borderColor, widths.contains(where: { $0 > 0 }) {
                    if Set(widths).count == 1 {
                        let w = widths[0]
                        let inner = LayoutRect(x: rect.x + w / 2, y: rect.y + w / 2, width: max(0, rect.width - w), height: max(0, rect.height - w))
                        body += "<rect \(frame(inner))\(corner(max(0, radius - w / 2))) fill=\"none\"\(stroke(color, w))/>\n"
                    } else {
                        // Sides of different widths: each side a filled strip.
                        let sides = [LayoutRect(x: rect.x, y: rect.y, width: rect.width, height: widths[0]),
                                     LayoutRect(x: rect.x + rect.width - widths[1], y: rect.y, width: widths[1], height: rect.height),
                                     LayoutRect(x: rect.x, y: rect.y + rect.height - widths[2], width: rect.width, height: widths[2]),
                                     LayoutRect(x: rect.x, y: rect.y, width: widths[3], height: rect.height)]
                        for (i, side) in sides.enumerated() where widths[i] > 0 { body += "<rect \(frame(side))\(fill(color))/>\n" }
                    }
                }
                if !group.isEmpty { body += "</g>\n" }
            case let .text(rect, baseline, string, color, size, bold, family, opacity):
                body += "<text x=\"\(n(rect.x))\" y=\"\(n(baseline))\" font-family=\"\(escape(family))\" font-size=\"\(n(size))\""
                    + (bold ? " font-weight=\"bold\"" : "") + fill(color) + (opacity < 1 ? " opacity=\"\(n(opacity))\"" : "")
                    + " xml:space=\"preserve\">\(escape(string))</text>\n"
            case let .image(rect, source, opacity):
                body += "<image \(frame(rect)) preserveAspectRatio=\"none\" xlink:href=\"\(escape(source))\""
                    + (opacity < 1 ? " opacity=\"\(n(opacity))\"" : "") + "/>\n"
            case let .control(rect, kind, opacity):
                body += control(kind, rect, opacity)
            }
        }
        if !defs.isEmpty { out += "<defs>\n" + defs + "</defs>\n" }
        out += body + "</svg>\n"
        return out
    }

    /// Form controls as WebKitGTK draws them by default (its Adwaita-like theme, simplified).
    private func control(_ kind: ControlKind, _ r: LayoutRect, _ opacity: Double) -> String {
        let group = opacity < 1 ? " opacity=\"\(n(opacity))\"" : ""
        let edge = "#8C8C8C", accent = "#3584E4"
        switch kind {
        case .checkbox(let checked):
            var s = "<g\(group)><rect \(frame(r)) rx=\"2\" fill=\"\(checked ? accent : "#FFFFFF")\" stroke=\"\(checked ? accent : edge)\"/>"
            if checked {
                s += "<path d=\"M\(n(r.x + r.width * 0.22)) \(n(r.y + r.height * 0.52)) L\(n(r.x + r.width * 0.42)) \(n(r.y + r.height * 0.72)) "
                    + "L\(n(r.x + r.width * 0.78)) \(n(r.y + r.height * 0.3))\" fill=\"none\" stroke=\"#FFFFFF\" stroke-width=\"2\"/>"
            }
            return s + "</g>\n"
        case .radio(let checked):
            let cx = r.x + r.width / 2, cy = r.y + r.height / 2, radius = min(r.width, r.height) / 2
            var s = "<g\(group)><circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(max(0, radius - 0.5)))\" fill=\"\(checked ? accent : "#FFFFFF")\" stroke=\"\(checked ? accent : edge)\"/>"
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
