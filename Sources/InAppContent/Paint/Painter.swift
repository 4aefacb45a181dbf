// Turns a layout into a paint list (PaintList.swift): for each element with a box, back to front as hit testing
// orders them, its box (background, gradients, borders, radii, shadows, outline; PaintStyles.swift reads them), its
// image or form control, then its text; boxes on whole pixels outside transforms, opacity as groups.
import Foundation

struct Painter {
    let layout: ApproximateLayout
    /// An image's `src` (or a `url()` of a background) as a data URL, when it loads here.
    let source: (String) -> String?
    /// The cascade's answers for this paint, asked once per element: each answer runs every rule's selector against
    /// the element, and text fragments, borders and inherited values asked for them again for every line.
    private let memo = Memo()

    private final class Memo {
        var declared: [Int32: [String: String]] = [:]
        var computed: [String: [Int32: String]] = [:]
        var transformed: [Int32: Bool] = [:]
    }

    init(layout: ApproximateLayout, source: @escaping (String) -> String?) {
        self.layout = layout
        self.source = source
    }

    func paint() -> PaintList {
        let document = layout.document
        let fragments = Dictionary(grouping: layout.textFragments, by: \.element)
        var opacities: [Int32: Double] = [:]
        func opacity(_ node: HTMLNode) -> Double {
            if let known = opacities[node.index] { return known }
            let value = ownOpacity(node) * (node.parentElement.map(opacity) ?? 1)
            opacities[node.index] = value
            return value
        }
        // The elements with `opacity` below 1 around each element, outermost first: each draws its content as one
        // group and then fades the group (so a translucent button's text is not faded over its faded background).
        var chains: [Int32: [OpacityGroup]] = [:]
        func chain(_ node: HTMLNode) -> [OpacityGroup] {
            if let known = chains[node.index] { return known }
            var value = node.parentElement.map { $0.isElement ? chain($0) : [] } ?? []
            let own = ownOpacity(node)
            if own < 1 { value.append(OpacityGroup(element: Int(node.index), opacity: own)) }
            chains[node.index] = value
            return value
        }
        var groups: [Int: [OpacityGroup]] = [:]
        var items: [PaintItem] = []
        var clips: [Int: LayoutRect] = [:]
        var clipRadii: [Int: [Double]] = [:]
        /// Clips of the current element's own items (a background image larger than its box), by item index.
        var boxClips: [Int: LayoutRect] = [:]
        for index in layout.paintOrder() {
            let node = HTMLNode(document: document, index: index)
            guard let s = layout.boxStyle(of: index), let rect = layout.box(of: node), !s.contents else { continue }
            guard opacity(node) > 0, s.visibility == "visible" else { continue }
            // The groups fade the items; each item itself is opaque.
            let alpha = 1.0
            let group = chain(node)
            let clip = layout.clips[index]
            if let clip, clip.width <= 0 || clip.height <= 0 { continue }
            let first = items.count
            let clipCorners = clip.flatMap { roundedClip(node, $0) }
            let snaps = !transformed(node)
            defer {
                // WebKit paints boxes, images and clips on whole device pixels (each edge rounded), except inside a
                // transformed element, which it draws where the transform puts it.
                if snaps { for i in first..<items.count { items[i] = Painter.snapped(items[i]) } }
                let shown = snaps ? clip.map(Painter.snapped) : clip
                // What the clip hides: items wholly outside it go, items partly outside keep the clip.
                if let clip = shown {
                    var kept: [PaintItem] = []
                    var dropped = 0
                    for item in items[first...] {
                        let r = Painter.rect(of: item)
                        if r.width > 0 || r.height > 0, clip.intersection(r).width <= 0 || clip.intersection(r).height <= 0 { dropped += 1; continue }
                        if let own = boxClips[first + kept.count + dropped] { clips[first + kept.count] = own }
                        else if !clip.encloses(r) || (clipCorners.map { Painter.cornersCut(r, clip, $0) } ?? false) {
                            clips[first + kept.count] = clip
                            if let clipCorners { clipRadii[first + kept.count] = clipCorners }
                        }
                        kept.append(item)
                    }
                    items.replaceSubrange(first..., with: kept)
                } else {
                    for (i, own) in boxClips { clips[i] = own }
                }
                boxClips = [:]
                if !group.isEmpty { for i in first..<items.count { groups[i] = group } }
            }
            let d = declared(node)
            let control = Painter.control(node)
            // Background and border.
            var background = color("background-color", node)
            if let b = background, b.alpha == 0 { background = nil }
            // A control the page gives no background keeps WebKit's: a field's white; a button's face, its theme's
            // light grey, or ButtonFace (#C0C0C0) once the page styles its border (which drops the native look).
            let ownBackground = d["background"] != nil || d["background-color"] != nil || d["background-image"] != nil
            if background == nil, !ownBackground, let c = control, c.background { background = PaintColor(red: 255, green: 255, blue: 255) }
            if background == nil, !ownBackground, node.tagName == "button" || Painter.isButtonInput(node) {
                let styledBorder = d["border"] != nil || d["border-style"] != nil || d["border-width"] != nil
                background = styledBorder ? PaintColor(red: 192, green: 192, blue: 192) : PaintColor(red: 239, green: 239, blue: 239)
            }
            // The body's background belongs to the canvas when the root has none (CSS 2 §14.2): drawn there, not twice.
            let bodyOnCanvas = node.tagName == "body" && node.parentElement?.parentElement == nil
                && (node.parentElement.flatMap({ color("background-color", $0) }).map({ $0.alpha == 0 }) ?? true)
            if bodyOnCanvas { background = nil }
            let ink = color("color", node) ?? PaintColor(red: 0, green: 0, blue: 0)
            let padding = LayoutRect(x: rect.x + s.border[3], y: rect.y + s.border[0], width: max(0, rect.width - s.border[1] - s.border[3]),
                                     height: max(0, rect.height - s.border[0] - s.border[2]))
            let gradientLayers = bodyOnCanvas ? [] : (d["background-image"] ?? d["background"]).map { gradients($0, in: padding, s) } ?? []
            var borderColors = Painter.borderColors(d, text: ink)
            var borderWidths = s.border.map { $0 >= 1 ? $0.rounded(.down) : $0 }   // WebKit draws 1.5px as 1px
            let pageBorder = d["border"] != nil || d["border-color"] != nil || d["border-style"] != nil || d["border-width"] != nil
                || Painter.sideNames.contains(where: { d["border-\($0)"] != nil || d["border-\($0)-color"] != nil })
            // A text field the page leaves unstyled keeps WebKitGTK's entry: a 1 px light grey frame, round corners.
            let themedField = control?.kind == .textField && !pageBorder
            if themedField {
                borderColors = Array(repeating: PaintColor(red: 205, green: 205, blue: 205), count: 4)
                borderWidths = borderWidths.map { $0 > 0 ? 1 : 0 }
            } else if control != nil, !pageBorder {
                borderColors = Array(repeating: PaintColor(red: 118, green: 118, blue: 118), count: 4)   // WebKit's default control border
            }
            // Controls keep their theme's rounded corners until the page paints them itself.
            let themed: Double = themedField ? 5 : control != nil && d["background"] == nil && d["background-color"] == nil ? 3 : 0
            let radii = cornerRadii(d, s, rect, default: themed)
            let shadows = d["box-shadow"].map { boxShadows($0, s, text: ink) } ?? []
            let outline = outline(d, s, text: ink)
            if background != nil || !gradientLayers.isEmpty || s.border.contains(where: { $0 > 0 }) || !shadows.isEmpty || outline != nil {
                var box = BoxPaint(rect: rect, background: background, border: borderWidths, borderColors: borderColors, radii: radii)
                box.gradients = gradientLayers
                box.borderStyles = Painter.borderStyles(d)
                box.shadows = shadows
                box.outline = outline
                items.append(.box(box, opacity: alpha))
            }
            // A background image from the message's assets.
            if let image = d["background-image"] ?? d["background"], let url = Painter.url(in: image), let data = source(url) {
                let drawn = backgroundRect(in: rect, size: layout.imagePixelSize(url), declared: d, s)
                items.append(.image(rect: drawn, source: data, opacity: alpha))
                // What reaches outside the box is clipped to it (and to the element's own clip).
                if !rect.encloses(drawn) { boxClips[items.count - 1] = clip.map { $0.intersection(rect) } ?? rect }
            }
            if node.tagName == "img", let src = node["src"], let data = source(src) {
                let p = s.padding.map { $0.resolve(rect.width) ?? 0 }
                let inner = LayoutRect(x: rect.x + s.border[3] + p[3], y: rect.y + s.border[0] + p[0],
                                       width: max(0, rect.width - s.border[1] - s.border[3] - p[1] - p[3]),
                                       height: max(0, rect.height - s.border[0] - s.border[2] - p[0] - p[2]))
                let drawn = Painter.objectFit(d["object-fit"], d["object-position"], size: layout.imagePixelSize(src), in: inner)
                items.append(.image(rect: drawn, source: data, opacity: alpha))
                if !inner.encloses(drawn) { boxClips[items.count - 1] = clip.map { $0.intersection(inner) } ?? inner }
            }
            if node.tagName == "svg" {
                items.append(.image(rect: rect, source: svgImage(node), opacity: alpha))
            }
            if let c = control {
                items.append(.control(rect: rect, kind: c.kind, opacity: alpha))
                if let label = c.label { items.append(text(label.text, in: rect, node, s, alpha, centred: label.centred, muted: label.muted)) }
            }
            for f in fragments[index] ?? [] {
                guard let declared = f.generated, let gs = f.generatedStyle else {
                    items.append(text(f.text, at: f.rect, node, s, alpha))
                    continue
                }
                // A `::before`/`::after` box: its background and border from its own declarations, then its text.
                let tokens = (declared["background"].map(BoxStyleSheet.tokens) ?? []) + (declared["background-color"].map { [$0] } ?? [])
                let fill = tokens.reversed().lazy.compactMap { PaintColor(css: $0) }.first.flatMap { $0.alpha > 0 ? $0 : nil }
                let edge = (declared["border"] ?? declared["border-color"]).flatMap { BoxStyleSheet.tokens($0).lazy.compactMap { PaintColor(css: $0) }.first }
                let generatedRadii = cornerRadii(declared, gs, f.rect, default: 0)
                let generatedInk = color("color", node) ?? PaintColor(red: 0, green: 0, blue: 0)
                let generatedPadding = LayoutRect(x: f.rect.x + gs.border[3], y: f.rect.y + gs.border[0],
                                                  width: max(0, f.rect.width - gs.border[1] - gs.border[3]),
                                                  height: max(0, f.rect.height - gs.border[0] - gs.border[2]))
                let layers = (declared["background-image"] ?? declared["background"]).map { gradients($0, in: generatedPadding, gs) } ?? []
                if fill != nil || !layers.isEmpty || gs.border.contains(where: { $0 > 0 }) {
                    var box = BoxPaint(rect: f.rect, background: fill, border: Array(gs.border),
                                       borderColors: edge.map { Array(repeating: $0, count: 4) } ?? Painter.borderColors(declared, text: generatedInk),
                                       radii: generatedRadii)
                    box.gradients = layers
                    box.borderStyles = Painter.borderStyles(declared)
                    items.append(.box(box, opacity: alpha))
                }
                if !f.text.isEmpty {
                    let p = gs.padding.map { $0.resolve(f.rect.width) ?? 0 }
                    let inner = LayoutRect(x: f.rect.x + gs.border[3] + p[3], y: f.rect.y + gs.border[0] + p[0], width: f.rect.width,
                                           height: gs.lineHeightPx)
                    let ink = declared["color"].flatMap { PaintColor(css: $0) } ?? color("color", node) ?? PaintColor(red: 0, green: 0, blue: 0)
                    var run = TextPaint(rect: inner, baseline: inner.y + FontMetrics.baseline(face: gs.face, size: gs.fontSize, lineHeight: inner.height),
                                        string: f.text, color: ink, fontSize: gs.fontSize, bold: gs.bold, family: family(gs))
                    run.letterSpacing = gs.letterSpacing
                    run.positions = Painter.glyphPositions(f.text, face: gs.face, size: gs.fontSize, letterSpacing: gs.letterSpacing, x: inner.x)
                    items.append(.text(run, opacity: alpha))
                }
            }
        }
        let root = document.allElements.first { $0.parentElement == nil }
        let canvas = root.flatMap { color("background-color", $0) }.flatMap { $0.alpha > 0 ? $0 : nil }
            ?? document.allElements.first { $0.tagName == "body" }.flatMap { color("background-color", $0) }.flatMap { $0.alpha > 0 ? $0 : nil }
            ?? PaintColor(red: 255, green: 255, blue: 255)
        return PaintList(width: layout.viewport.width, height: layout.viewport.height, background: canvas, items: items, clips: clips,
                         clipRadii: clipRadii, groups: groups)
    }

    /// An element's own `opacity`, 0...1.
    private func ownOpacity(_ node: HTMLNode) -> Double {
        let own = declared(node)["opacity"].flatMap { v in v.hasSuffix("%") ? Double(v.dropLast()).map { $0 / 100 } : Double(v) } ?? 1
        return max(0, min(1, own))
    }

    /// `r` with each edge on the nearest whole pixel.
    static func snapped(_ r: LayoutRect) -> LayoutRect {
        let x = r.x.rounded(), y = r.y.rounded()
        return LayoutRect(x: x, y: y, width: max(0, (r.x + r.width).rounded() - x), height: max(0, (r.y + r.height).rounded() - y))
    }

    static func snapped(_ item: PaintItem) -> PaintItem {
        switch item {
        case .box(var box, let opacity): box.rect = snapped(box.rect); return .box(box, opacity: opacity)
        case let .image(rect, source, opacity): return .image(rect: snapped(rect), source: source, opacity: opacity)
        case let .control(rect, kind, opacity): return .control(rect: snapped(rect), kind: kind, opacity: opacity)
        case .text: return item
        }
    }

    /// Whether `node` or an ancestor has a `transform`.
    private func transformed(_ node: HTMLNode) -> Bool {
        if let known = memo.transformed[node.index] { return known }
        let own = layout.boxStyle(of: node.index)?.transform.map { $0 != "none" } ?? false
        let value = own || (node.parentElement.map { $0.isElement && transformed($0) } ?? false)
        memo.transformed[node.index] = value
        return value
    }

    static func rect(of item: PaintItem) -> LayoutRect {
        switch item {
        case let .box(box, _): return box.rect
        case let .text(run, _): return run.rect
        case let .image(rect, _, _), let .control(rect, _, _): return rect
        }
    }

    /// Where a background image is drawn for a box: `background-size` (`cover`, `contain`, `auto`, one or two
    /// lengths or percentages) and `background-position` (keywords, percentages, lengths) against the padding box
    /// (the image once; `background-repeat` tiles are not drawn). The whole box when its size is not known.
    func backgroundRect(in box: LayoutRect, size: (width: Double, height: Double)?, declared d: [String: String], _ s: BoxStyle) -> LayoutRect {
        let area = LayoutRect(x: box.x + s.border[3], y: box.y + s.border[0], width: max(0, box.width - s.border[1] - s.border[3]),
                              height: max(0, box.height - s.border[0] - s.border[2]))
        let shorthand = d["background"].map { Painter.splitTopLevel($0, " ") } ?? []
        // The shorthand's `position / size`.
        var sizeValue = d["background-size"], positionValue = d["background-position"]
        if let slash = shorthand.firstIndex(of: "/") {
            if sizeValue == nil { sizeValue = shorthand[(slash + 1)...].prefix(2).filter { Painter.isLengthOrKeyword($0) }.joined(separator: " ") }
            if positionValue == nil { positionValue = shorthand[..<slash].suffix(2).filter { Painter.isLengthOrKeyword($0) }.joined(separator: " ") }
        } else if positionValue == nil {
            let words = shorthand.filter { ["center", "top", "bottom", "left", "right"].contains($0) }
            if !words.isEmpty { positionValue = words.joined(separator: " ") }
        }
        guard let size, area.width > 0, area.height > 0 else {
            return sizeValue == nil && positionValue == nil ? box : area
        }
        var w = size.width, h = size.height
        let parts = (sizeValue ?? "auto").split(separator: " ").map(String.init)
        func length(_ v: String, _ base: Double) -> Double? { BoxStyleSheet.length(v, em: s.fontSize, viewport: layout.viewport)?.resolve(base) }
        switch parts.first ?? "auto" {
        case "cover": let k = max(area.width / w, area.height / h); w *= k; h *= k
        case "contain": let k = min(area.width / w, area.height / h); w *= k; h *= k
        default:
            let lw = parts.first.flatMap { $0 == "auto" ? nil : length($0, area.width) }
            let lh = parts.count > 1 ? (parts[1] == "auto" ? nil : length(parts[1], area.height)) : nil
            switch (lw, lh) {
            case let (a?, b?): w = a; h = b
            case let (a?, nil): h = h * a / w; w = a
            case let (nil, b?): w = w * b / h; h = b
            default: break
            }
        }
        // Position: x then y (keywords in either order), percentages align the image's point with the box's.
        var fx: Double? = nil, fy: Double? = nil, px: Double? = nil, py: Double? = nil
        let tokens = (positionValue ?? "0% 0%").split(separator: " ").map(String.init)
        for (i, t) in tokens.enumerated() {
            switch t {
            case "left": fx = 0
            case "right": fx = 1
            case "top": fy = 0
            case "bottom": fy = 1
            case "center": if fx == nil && i == 0 { fx = 0.5 } else if fy == nil { fy = 0.5 } else { fx = 0.5 }
            default:
                let horizontal = i == 0 && fx == nil && px == nil
                if t.hasSuffix("%"), let v = Double(t.dropLast()) { if horizontal { fx = v / 100 } else { fy = v / 100 } }
                else if let v = length(t, horizontal ? area.width : area.height) { if horizontal { px = v } else { py = v } }
            }
        }
        if tokens.count == 1, fy == nil, py == nil { fy = 0.5 }
        let x = area.x + (px ?? (area.width - w) * (fx ?? 0))
        let y = area.y + (py ?? (area.height - h) * (fy ?? 0))
        return LayoutRect(x: x, y: y, width: w, height: h)
    }

    static func isLengthOrKeyword(_ t: String) -> Bool {
        ["cover", "contain", "auto", "center", "top", "bottom", "left", "right"].contains(t) || t.first.map { $0.isNumber || $0 == "." || $0 == "-" } == true
    }

    /// `layout.declaredStyle(of:)`, once per element.
    func declared(_ node: HTMLNode) -> [String: String] {
        if let known = memo.declared[node.index] { return known }
        let d = layout.declaredStyle(of: node)
        memo.declared[node.index] = d
        return d
    }

    /// `ComputedStyle.value(property, of: node)`, once per element and property. An inherited property the element
    /// does not declare (or declares `inherit`) is its parent's, as the computed style's own walk up finds it.
    private func computed(_ property: String, _ node: HTMLNode) -> String {
        if let known = memo.computed[property]?[node.index] { return known }
        let value: String
        if Painter.inheritedReads.contains(property), (declared(node)[property] ?? "inherit") == "inherit",
           let parent = node.parentElement, parent.isElement {
            value = computed(property, parent)
        } else {
            value = ComputedStyle.value(property, of: node, layout: layout, declared: declared)
        }
        memo.computed[property, default: [:]][node.index] = value
        return value
    }

    /// The inherited properties the painter reads, none of which a shorthand sets.
    private static let inheritedReads: Set<String> = ["color", "text-transform"]

    private func color(_ property: String, _ node: HTMLNode) -> PaintColor? {
        PaintColor(css: computed(property, node))
    }

    private func transformed(_ text: String, _ node: HTMLNode) -> String {
        switch computed("text-transform", node) {
        case "uppercase": return text.uppercased()
        case "lowercase": return text.lowercased()
        case "capitalize": return text.split(separator: " ", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        default: return text
        }
    }

    private func family(_ s: BoxStyle) -> String {
        switch s.family {
        case .sans: return "DejaVu Sans, sans-serif"
        case .helvetica: return "Nimbus Sans, Helvetica, Arial, sans-serif"
        case .mono: return "DejaVu Sans Mono, monospace"
        case .serif: return "DejaVu Serif, serif"
        }
    }

    private func text(_ string: String, at rect: LayoutRect, _ node: HTMLNode, _ s: BoxStyle, _ alpha: Double) -> PaintItem {
        let ink = color("color", node) ?? PaintColor(red: 0, green: 0, blue: 0)
        var run = TextPaint(rect: rect, baseline: rect.y + FontMetrics.baseline(face: s.face, size: s.fontSize, lineHeight: rect.height),
                            string: transformed(string, node), color: ink, fontSize: s.fontSize, bold: s.bold, family: family(s))
        run.letterSpacing = s.letterSpacing
        run.positions = Painter.glyphPositions(run.string, face: s.face, size: s.fontSize, letterSpacing: s.letterSpacing, x: rect.x)
        run.decorations = decorations(node)
        run.italic = ["italic", "oblique"].contains(computed("font-style", node))
        return .text(run, opacity: alpha)
    }

    /// A control's own label (an input's value or placeholder), centred in a button or at the start of a field.
    private func text(_ string: String, in box: LayoutRect, _ node: HTMLNode, _ s: BoxStyle, _ alpha: Double, centred: Bool, muted: Bool) -> PaintItem {
        let width = FontMetrics.width(string, face: s.face, size: s.fontSize, letterSpacing: s.letterSpacing)
        let height = s.lineHeightPx
        let p = s.padding.map { $0.resolve(box.width) ?? 0 }
        let x = centred ? box.x + (box.width - width) / 2 : box.x + s.border[3] + p[3]
        let rect = LayoutRect(x: x, y: box.y + (box.height - height) / 2, width: width, height: height)
        var ink = color("color", node) ?? PaintColor(red: 0, green: 0, blue: 0)
        if muted { ink = PaintColor(red: 169, green: 169, blue: 169) }   // WebKit's placeholder grey
        var run = TextPaint(rect: rect, baseline: rect.y + FontMetrics.baseline(face: s.face, size: s.fontSize, lineHeight: height),
                            string: string, color: ink, fontSize: s.fontSize, bold: s.bold, family: family(s))
        run.letterSpacing = s.letterSpacing
        run.positions = Painter.glyphPositions(string, face: s.face, size: s.fontSize, letterSpacing: s.letterSpacing, x: rect.x)
        return .text(run, opacity: alpha)
    }

    static func splitTopLevel(_ value: String, _ separator: Character) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for ch in value {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if ch == separator && depth == 0 { parts.append(current.trimmingCharacters(in: .whitespaces)); current = "" } else { current.append(ch) }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }

    /// SVG attribute names the HTML parser lower-cases, back in their case.
    private static let svgNames: [String: String] = Dictionary(uniqueKeysWithValues: ["viewBox", "preserveAspectRatio",
        "gradientUnits", "gradientTransform", "patternUnits", "patternTransform", "clipPathUnits", "stdDeviation",
        "markerWidth", "markerHeight", "refX", "refY", "pathLength", "textLength", "lengthAdjust", "spreadMethod",
        "maskUnits", "maskContentUnits", "patternContentUnits", "baseFrequency", "numOctaves", "stitchTiles"].map { ($0.lowercased(), $0) })

    /// An inline `<svg>` as an SVG image (a data URL), its `currentColor` the element's colour.
    private func svgImage(_ svg: HTMLNode) -> String {
        var out = ""
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        func write(_ node: HTMLNode, depth: Int) {
            guard depth < 64 else { return }
            if node.kind == .text { out += escape(node.data ?? ""); return }
            guard node.isElement else { return }
            let name = node.tagName
            out += "<" + name
            if depth == 0 {
                out += " xmlns=\"http://www.w3.org/2000/svg\""
                if let c = color("color", node) { out += " color=\"\(c.hex)\"" }
            }
            for a in node.attributes where a.name != "xmlns" && !a.name.hasPrefix("on") {
                out += " \(Painter.svgNames[a.name] ?? a.name)=\"\(escape(a.value))\""
            }
            out += ">"
            for child in node.childNodes { write(child, depth: depth + 1) }
            out += "</\(name)>"
        }
        write(svg, depth: 0)
        return "data:image/svg+xml;base64," + Data(out.utf8).base64EncodedString()
    }

    /// The address in a `url(…)`.
    static func url(in value: String) -> String? {
        guard let start = value.range(of: "url(") else { return nil }
        guard let end = value[start.upperBound...].firstIndex(of: ")") else { return nil }
        return value[start.upperBound..<end].trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
    }

    static func isButtonInput(_ node: HTMLNode) -> Bool {
        node.tagName == "input" && ["button", "submit", "reset"].contains((node["type"] ?? "").lowercased())
    }

    /// What WebKit draws for a form control by default.
    static func control(_ node: HTMLNode) -> (kind: ControlKind, background: Bool, label: (text: String, centred: Bool, muted: Bool)?)? {
        switch node.tagName {
        case "input":
            let type = (node["type"] ?? "text").lowercased()
            let checked = node.hasAttribute("checked")
            switch type {
            case "checkbox": return (.checkbox(checked: checked), false, nil)
            case "radio": return (.radio(checked: checked), false, nil)
            case "hidden": return nil
            case "button", "submit", "reset":
                let label = node["value"] ?? (type == "submit" ? "Submit" : type == "reset" ? "Reset" : "")
                return (.button, false, label.isEmpty ? nil : (label, true, false))
            default:
                let value = node["value"] ?? ""
                let label: (String, Bool, Bool)? = !value.isEmpty ? (type == "password" ? String(repeating: "•", count: value.count) : value, false, false)
                    : node["placeholder"].map { ($0, false, true) }
                return (.textField, true, label)
            }
        case "button":
            return (.button, false, nil)
        case "textarea":
            let value = node.textContent
            return (.textField, true, value.isEmpty ? node["placeholder"].map { ($0, false, true) } : nil)
        case "select":
            let option = node.descendants.first { $0.tagName == "option" && $0.hasAttribute("selected") }
                ?? node.descendants.first { $0.tagName == "option" }
            let label = option.map { ApproximateLayout.words($0.textContent).joined(separator: " ") }
            return (.selectArrow, true, label.map { ($0, false, false) })
        default:
            return nil
        }
    }
}
