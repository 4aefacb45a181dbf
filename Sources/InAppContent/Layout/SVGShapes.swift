// The boxes of the shapes inside an inline `<svg>`: each shape's geometry (`path`'s data, `rect`, `circle`,
// `ellipse`, `line`, `polyline`, `polygon`), its `transform` and its groups' transforms, mapped from the SVG's user
// units to its content box through `viewBox` and `preserveAspectRatio`, as WebKit reports them (the fill's bounds;
// strokes do not count). A group (`g`, `a`, `switch`) gets the union of its children; anything else (text, images,
// `use`) keeps the SVG's box, and what sits in `defs` and other non-rendered containers keeps no box.
import Foundation

/// An affine transform `[a b c d e f]` as in SVG: x' = a·x + c·y + e, y' = b·x + d·y + f.
struct SVGTransform: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = SVGTransform()

    func apply(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y + e, b * x + d * y + f) }

    /// `self` after `other` (other's coordinates are mapped by `other` first, then by `self`).
    func concatenating(_ o: SVGTransform) -> SVGTransform {
        SVGTransform(a: a * o.a + c * o.b, b: b * o.a + d * o.b, c: a * o.c + c * o.d, d: b * o.c + d * o.d,
                     e: a * o.e + c * o.f + e, f: b * o.e + d * o.f + f)
    }

    /// A `transform` attribute (`translate`, `scale`, `rotate`, `skewX`, `skewY`, `matrix`); nil when it does not parse.
    init?(attribute text: String) {
        var result = SVGTransform.identity
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let name = rest[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " ,\t\n\r")).lowercased()
            let args = SVGPathData.numbers(in: rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            var t = SVGTransform.identity
            switch (name, args.count) {
            case ("translate", 1...): t.e = args[0]; t.f = args.count > 1 ? args[1] : 0
            case ("scale", 1...): t.a = args[0]; t.d = args.count > 1 ? args[1] : args[0]
            case ("rotate", 1...):
                let r = args[0] * .pi / 180
                t = SVGTransform(a: cos(r), b: sin(r), c: -sin(r), d: cos(r), e: 0, f: 0)
                if args.count >= 3 {
                    let cx = args[1], cy = args[2]
                    t = SVGTransform(e: cx, f: cy).concatenating(t).concatenating(SVGTransform(e: -cx, f: -cy))
                }
            case ("skewx", 1...): t.c = tan(args[0] * .pi / 180)
            case ("skewy", 1...): t.b = tan(args[0] * .pi / 180)
            case ("matrix", 6...): t = SVGTransform(a: args[0], b: args[1], c: args[2], d: args[3], e: args[4], f: args[5])
            default: return nil
            }
            result = result.concatenating(t)
        }
        self = result
    }

    init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, e: Double = 0, f: Double = 0) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }
}

/// Bounds of points in user units.
struct SVGBounds {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    var isEmpty: Bool { minX > maxX || minY > maxY }
    mutating func add(_ x: Double, _ y: Double) {
        guard x.isFinite, y.isFinite else { return }
        minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
    }
    /// These bounds' corners mapped by `t` (the bounds of the transformed box).
    func transformed(_ t: SVGTransform) -> SVGBounds {
        guard !isEmpty, t != .identity else { return self }
        var out = SVGBounds()
        for (x, y) in [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)] { let p = t.apply(x, y); out.add(p.0, p.1) }
        return out
    }
}

/// Path data (`d`): the bounds of the outline, curves and arcs included (sampled finely enough for whole pixels).
enum SVGPathData {
    /// The numbers in a list (`1.5-2e1,.3.4` is 1.5, -20, 0.3, 0.4).
    static func numbers<S: StringProtocol>(in text: S) -> [Double] {
        var out: [Double] = [], current = "", seenDot = false, seenExp = false
        func flush() { if let v = Double(current) { out.append(v) }; current = ""; seenDot = false; seenExp = false }
        for ch in text {
            switch ch {
            case "0"..."9": current.append(ch)
            case ".":
                if seenDot || seenExp { flush() }
                current.append(ch); seenDot = true
            case "e", "E":
                if current.isEmpty { flush() } else { current.append(ch); seenExp = true }
            case "-", "+":
                if let last = current.last, last == "e" || last == "E" { current.append(ch) } else { flush(); current.append(ch) }
            default: flush()
            }
            if out.count > 100_000 { break }
        }
        flush()
        return out
    }

    static func bounds(_ d: String) -> SVGBounds {
        var b = SVGBounds()
        var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
        var lastControl: (Double, Double)?, lastQuad: (Double, Double)?
        var command: Character = " "
        var args: [Double] = []
        let steps = 24
        func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
            for i in 1...steps {
                let t = Double(i) / Double(steps), u = 1 - t
                b.add(u * u * u * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
                      u * u * u * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3)
            }
            x = x3; y = y3
        }
        func quad(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            for i in 1...steps {
                let t = Double(i) / Double(steps), u = 1 - t
                b.add(u * u * x + 2 * u * t * x1 + t * t * x2, u * u * y + 2 * u * t * y1 + t * t * y2)
            }
            x = x2; y = y2
        }
        func arc(_ rx0: Double, _ ry0: Double, _ angle: Double, _ large: Bool, _ sweep: Bool, _ x2: Double, _ y2: Double) {
            var rx = abs(rx0), ry = abs(ry0)
            guard rx > 0, ry > 0, x != x2 || y != y2 else { b.add(x2, y2); x = x2; y = y2; return }
            // The endpoint form to the centre form (SVG's implementation notes, F.6.5).
            let phi = angle * .pi / 180, cp = cos(phi), sp = sin(phi)
            let dx = (x - x2) / 2, dy = (y - y2) / 2
            let x1p = cp * dx + sp * dy, y1p = -sp * dx + cp * dy
            let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
            if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
            let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
            let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
            var k = den > 0 ? (max(0, num) / den).squareRoot() : 0
            if large == sweep { k = -k }
            let cxp = k * rx * y1p / ry, cyp = -k * ry * x1p / rx
            let cx = cp * cxp - sp * cyp + (x + x2) / 2, cy = sp * cxp + cp * cyp + (y + y2) / 2
            func angleOf(_ ux: Double, _ uy: Double) -> Double { atan2(uy, ux) }
            let t1 = angleOf((x1p - cxp) / rx, (y1p - cyp) / ry)
            var dt = angleOf((-x1p - cxp) / rx, (-y1p - cyp) / ry) - t1
            if sweep && dt < 0 { dt += 2 * .pi } else if !sweep && dt > 0 { dt -= 2 * .pi }
            let n = steps * 2
            for i in 1...n {
                let t = t1 + dt * Double(i) / Double(n)
                b.add(cx + rx * cos(t) * cp - ry * sin(t) * sp, cy + rx * cos(t) * sp + ry * sin(t) * cp)
            }
            x = x2; y = y2
        }
        func run(_ cmd: Character, _ a: [Double]) {
            let rel = cmd.isLowercase
            let ox = rel ? x : 0, oy = rel ? y : 0
            switch cmd.uppercased().first! {
            case "M":
                x = ox + a[0]; y = oy + a[1]; startX = x; startY = y; b.add(x, y)
            case "L": x = ox + a[0]; y = oy + a[1]; b.add(x, y)
            case "H": x = (rel ? x : 0) + a[0]; b.add(x, y)
            case "V": y = (rel ? y : 0) + a[0]; b.add(x, y)
            case "C":
                b.add(x, y)
                lastControl = (ox + a[2], oy + a[3])
                cubic(ox + a[0], oy + a[1], ox + a[2], oy + a[3], ox + a[4], oy + a[5])
                return
            case "S":
                let c1 = lastControl.map { (2 * x - $0.0, 2 * y - $0.1) } ?? (x, y)
                lastControl = (ox + a[0], oy + a[1])
                cubic(c1.0, c1.1, ox + a[0], oy + a[1], ox + a[2], oy + a[3])
                return
            case "Q":
                lastQuad = (ox + a[0], oy + a[1])
                quad(ox + a[0], oy + a[1], ox + a[2], oy + a[3])
                lastControl = nil
                return
            case "T":
                let c = lastQuad.map { (2 * x - $0.0, 2 * y - $0.1) } ?? (x, y)
                lastQuad = c
                quad(c.0, c.1, ox + a[0], oy + a[1])
                lastControl = nil
                return
            case "A": arc(a[0], a[1], a[2], a[3] != 0, a[4] != 0, ox + a[5], oy + a[6])
            case "Z": x = startX; y = startY
            default: break
            }
            lastControl = nil; lastQuad = nil
        }
        func arity(_ cmd: Character) -> Int {
            switch cmd.uppercased().first! {
            case "M", "L", "T": return 2
            case "H", "V": return 1
            case "C": return 6
            case "S", "Q": return 4
            case "A": return 7
            default: return 0
            }
        }
        func flush() {
            let n = arity(command)
            if n == 0 { if command == "Z" || command == "z" { run(command, []) }; args = []; return }
            var i = 0, cmd = command
            while i + n <= args.count {
                run(cmd, Array(args[i..<(i + n)]))
                i += n
                // Further pairs after a moveto are linetos.
                if cmd == "M" { cmd = "L" } else if cmd == "m" { cmd = "l" }
            }
            args = []
        }
        var token = ""
        for ch in d {
            if ch.isLetter && ch != "e" && ch != "E" {
                args += numbers(in: token); token = ""
                flush()
                command = ch
            } else {
                token.append(ch)
            }
        }
        args += numbers(in: token)
        flush()
        return b
    }
}

enum SVGShapes {
    /// Containers whose content is never drawn where it stands.
    private static let hiddenContainers: Set<String> = ["defs", "clippath", "mask", "pattern", "marker", "symbol", "lineargradient",
                                                       "radialgradient", "filter", "style", "script", "title", "desc", "metadata"]
    private static let groups: Set<String> = ["g", "a", "switch"]

    /// Boxes for the elements inside `svg`, whose border box is `box` and content box `content`; `shown` says whether
    /// an element is displayed at all. Elements left out of the result keep no box.
    static func boxes(in svg: HTMLNode, box: LayoutRect, content: LayoutRect, shown: (HTMLNode) -> Bool) -> [Int32: LayoutRect] {
        var out: [Int32: LayoutRect] = [:]
        let viewport = viewBoxTransform(svg, content: content)
        func number(_ node: HTMLNode, _ name: String, _ base: Double) -> Double {
            guard let raw = node[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return 0 }
            if raw.hasSuffix("%") { return (Double(raw.dropLast()) ?? 0) * base / 100 }
            return SVGPathData.numbers(in: raw).first ?? 0
        }
        let vb = viewBox(svg)
        let baseW = vb?.2 ?? content.width, baseH = vb?.3 ?? content.height
        /// The shape's own bounds in its user units (nil for what is not a shape).
        func shapeBounds(_ n: HTMLNode) -> SVGBounds? {
            var b = SVGBounds()
            switch n.tagName.lowercased() {
            case "path": b = SVGPathData.bounds(n["d"] ?? "")
            case "rect":
                let x = number(n, "x", baseW), y = number(n, "y", baseH)
                b.add(x, y); b.add(x + number(n, "width", baseW), y + number(n, "height", baseH))
            case "circle":
                let r = number(n, "r", (baseW * baseW + baseH * baseH).squareRoot() / 2.squareRoot())
                let cx = number(n, "cx", baseW), cy = number(n, "cy", baseH)
                b.add(cx - r, cy - r); b.add(cx + r, cy + r)
            case "ellipse":
                let rx = number(n, "rx", baseW), ry = number(n, "ry", baseH), cx = number(n, "cx", baseW), cy = number(n, "cy", baseH)
                b.add(cx - rx, cy - ry); b.add(cx + rx, cy + ry)
            case "line":
                b.add(number(n, "x1", baseW), number(n, "y1", baseH)); b.add(number(n, "x2", baseW), number(n, "y2", baseH))
            case "polyline", "polygon":
                let v = SVGPathData.numbers(in: n["points"] ?? "")
                var i = 0
                while i + 1 < v.count { b.add(v[i], v[i + 1]); i += 2 }
            default: return nil
            }
            return b
        }
        /// Lays out `n` under the transform `t` (user units to the page); returns its bounds in page pixels.
        func visit(_ n: HTMLNode, _ t: SVGTransform, depth: Int) -> SVGBounds? {
            guard depth < ApproximateLayout.maxDepth, shown(n) else { return nil }
            let name = n.tagName.lowercased()
            if hiddenContainers.contains(name) { return nil }
            let own = n["transform"].flatMap { SVGTransform(attribute: $0) }.map { t.concatenating($0) } ?? t
            var result: SVGBounds?
            if let shape = shapeBounds(n) {
                result = shape.isEmpty ? nil : shape.transformed(own)
            } else if groups.contains(name) {
                var union = SVGBounds()
                for child in n.children {
                    if let cb = visit(child, own, depth: depth + 1) { union.add(cb.minX, cb.minY); union.add(cb.maxX, cb.maxY) }
                }
                result = union.isEmpty ? nil : union
            } else {
                for child in n.children { _ = visit(child, own, depth: depth + 1) }
                out[n.index] = box
                return nil
            }
            if let r = result {
                out[n.index] = LayoutRect(x: r.minX, y: r.minY, width: r.maxX - r.minX, height: r.maxY - r.minY)
            } else {
                out[n.index] = LayoutRect(x: content.x, y: content.y, width: 0, height: 0)
            }
            return result
        }
        for child in svg.children { _ = visit(child, viewport, depth: 0) }
        return out
    }

    /// An attribute whose name SVG spells in mixed case (`viewBox`, `preserveAspectRatio`), in any case.
    static func attribute(_ node: HTMLNode, _ name: String) -> String? {
        let lower = name.lowercased()
        return node.attributes.first { $0.name.lowercased() == lower }?.value
    }

    /// `viewBox`: min x, min y, width, height (nil when absent or not positive).
    static func viewBox(_ svg: HTMLNode) -> (Double, Double, Double, Double)? {
        guard let raw = attribute(svg, "viewBox") else { return nil }
        let v = SVGPathData.numbers(in: raw)
        guard v.count == 4, v[2] > 0, v[3] > 0 else { return nil }
        return (v[0], v[1], v[2], v[3])
    }

    /// From user units to the page: the viewBox fitted in the content box by `preserveAspectRatio` (default
    /// `xMidYMid meet`), or user units as pixels from the content box's corner without a viewBox.
    static func viewBoxTransform(_ svg: HTMLNode, content: LayoutRect) -> SVGTransform {
        guard let (vx, vy, vw, vh) = viewBox(svg) else { return SVGTransform(e: content.x, f: content.y) }
        var sx = content.width / vw, sy = content.height / vh
        let par = (attribute(svg, "preserveAspectRatio") ?? "xMidYMid meet").lowercased()
        let parts = par.split(separator: " ").map(String.init)
        let align = parts.first ?? "xmidymid"
        var dx = 0.0, dy = 0.0
        if align != "none" {
            let s = parts.contains("slice") ? max(sx, sy) : min(sx, sy)
            sx = s; sy = s
            let freeX = content.width - vw * s, freeY = content.height - vh * s
            if align.contains("xmid") { dx = freeX / 2 } else if align.contains("xmax") { dx = freeX }
            if align.contains("ymid") { dy = freeY / 2 } else if align.contains("ymax") { dy = freeY }
        }
        return SVGTransform(a: sx, d: sy, e: content.x + dx - vx * sx, f: content.y + dy - vy * sy)
    }
}
