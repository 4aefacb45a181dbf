// Grid containers: column tracks from `grid-template-columns` (lengths, percentages, `fr`, `auto`, `minmax()`,
// `repeat(N, …)`), items placed row by row in document order (`grid-column: span N` and `1 / -1` span columns),
// each row as tall as its tallest item, items stretched to their row and cell unless `align-items`/`justify-items`
// (or `-self`) say otherwise. Not done: row templates, named lines and areas, explicit line numbers, auto-fill.
import Foundation

extension ApproximateLayout {
    /// One column track.
    enum GridTrack: Equatable {
        case fixed(CSSLength)
        case fraction(Double)
        /// As wide as its items' content.
        case auto
    }

    /// The element children of a grid container that are its items: a `display: contents` child's own children
    /// take its place (it has no box).
    func gridChildren(_ n: HTMLNode, depth: Int = 0) -> [HTMLNode] {
        var out: [HTMLNode] = []
        for child in n.childNodes where child.isElement {
            if style(child).contents && depth < 16 { out += gridChildren(child, depth: depth + 1) } else { out.append(child) }
        }
        return out
    }

    /// The container's declared column tracks; nil when it declares none.
    func gridTracks(_ n: HTMLNode) -> [GridTrack]? {
        guard let value = declaredStyle(of: n)["grid-template-columns"], value != "none" else { return nil }
        let s = style(n)
        var tracks: [GridTrack] = []
        func track(_ token: String) -> GridTrack? {
            let t = token.lowercased()
            if t.hasSuffix("fr"), let f = Double(t.dropLast(2)) { return .fraction(max(0, f)) }
            if t == "auto" || t == "min-content" || t == "max-content" || t.hasPrefix("fit-content") { return .auto }
            if t.hasPrefix("minmax("), t.hasSuffix(")") {
                let args = Painter.splitTopLevel(String(t.dropFirst(7).dropLast()), ",")
                guard args.count == 2 else { return nil }
                if let high = track(args[1]), case .fraction = high { return high }
                return track(args[0]).flatMap { $0 == .auto ? track(args[1]) : $0 } ?? .auto
            }
            return BoxStyleSheet.length(t, em: s.fontSize, viewport: viewport).map { .fixed($0) }
        }
        for token in Painter.splitTopLevel(value, " ") where !token.isEmpty {
            if token.lowercased().hasPrefix("repeat("), token.hasSuffix(")") {
                let args = Painter.splitTopLevel(String(token.dropFirst(7).dropLast()), ",")
                guard args.count == 2, let count = Int(args[0]) else { return nil }   // auto-fill/auto-fit: not done
                let inner = Painter.splitTopLevel(args[1], " ").filter { !$0.isEmpty }.map(track)
                guard !inner.contains(where: { $0 == nil }) else { return nil }
                for _ in 0..<max(1, min(count, 64)) { tracks += inner.compactMap { $0 } }
            } else if let t = track(token) {
                tracks.append(t)
            } else {
                return nil
            }
            if tracks.count > 64 { return nil }
        }
        return tracks.isEmpty ? nil : tracks
    }

    /// How many columns an item spans (`grid-column: span N`, `1 / -1`, `a / b`), at most `columns`.
    func gridSpan(_ n: HTMLNode, columns: Int) -> Int {
        guard let v = declaredStyle(of: n)["grid-column"] else { return 1 }
        let parts = v.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
        if let first = parts.first, first.hasPrefix("span"), let k = Int(first.dropFirst(4).trimmingCharacters(in: .whitespaces)) {
            return max(1, min(k, columns))
        }
        if parts.count == 2 {
            if parts[1].hasPrefix("span"), let k = Int(parts[1].dropFirst(4).trimmingCharacters(in: .whitespaces)) { return max(1, min(k, columns)) }
            if let a = Int(parts[0]), let b = Int(parts[1]) {
                let end = b < 0 ? columns + 2 + b : b
                return max(1, min(end - a, columns))
            }
        }
        return 1
    }

    func layoutGrid(_ n: HTMLNode, _ s: BoxStyle, tracks: [GridTrack], x: Double, y: Double, width: Double, height: Double?, depth: Int) -> Double {
        let columns = tracks.count
        let gap = s.columnGap
        let d = declaredStyle(of: n)
        let justifyItems = (d["justify-items"] ?? d["place-items"].map { v in
            let parts = v.split(separator: " ").map(String.init)
            return parts.count > 1 ? parts[1] : parts.first ?? "normal"
        }) ?? "normal"
        // Items in order, each with its first column and span (auto-placement, row by row).
        var placed: [(node: HTMLNode, row: Int, column: Int, span: Int)] = []
        var row = 0, column = 0
        for child in gridChildren(n) {
            let cs = style(child)
            if cs.display == "none" { continue }
            if cs.isOutOfFlow { pendingOutOfFlow.append((child, x, y)); continue }
            let span = gridSpan(child, columns: columns)
            if column + span > columns { row += 1; column = 0 }
            placed.append((child, row, column, span))
            column += span
            if column >= columns { row += 1; column = 0 }
        }
        // Column widths: fixed tracks, then auto tracks at their items' content width, then fractions share the rest;
        // with no fractions, auto tracks share what is left.
        let available = max(0, width - gap * Double(columns - 1))
        var widths = [Double](repeating: 0, count: columns)
        for (i, t) in tracks.enumerated() {
            switch t {
            case .fixed(let length): widths[i] = max(0, length.resolve(width) ?? 0)
            case .auto:
                widths[i] = placed.filter { $0.column == i && $0.span == 1 }.map { item -> Double in
                    let m = style(item.node).margin.map { $0?.resolve(width) ?? 0 }
                    return maxContent(item.node) + m[1] + m[3]
                }.max() ?? 0
            case .fraction: break
            }
        }
        let fixedTotal = widths.reduce(0, +)
        let fractions = tracks.reduce(0.0) { if case .fraction(let f) = $1 { return $0 + f }; return $0 }
        let autos = tracks.indices.filter { tracks[$0] == .auto }
        if fixedTotal > available, !autos.isEmpty {
            // Too wide: auto tracks give up the overflow in proportion.
            let autoTotal = autos.reduce(0) { $0 + widths[$1] }
            let over = min(autoTotal, fixedTotal - available)
            if autoTotal > 0 { for i in autos { widths[i] -= over * widths[i] / autoTotal } }
        }
        let free = max(0, available - widths.reduce(0, +))
        if fractions > 0 {
            for (i, t) in tracks.enumerated() { if case .fraction(let f) = t { widths[i] = free * f / fractions } }
        } else if !autos.isEmpty {
            for i in autos { widths[i] += free / Double(autos.count) }
        }
        var starts: [Double] = []
        var cx = x
        for w in widths { starts.append(cx); cx += w + gap }
        // Rows: lay out each item in its cell, then the row is as tall as its tallest item.
        let rows = (placed.map(\.row).max() ?? -1) + 1
        var cy = y
        for r in 0..<rows {
            let items = placed.filter { $0.row == r }
            var heights: [Double] = []
            for item in items {
                let cs = style(item.node)
                let m = cs.margin.map { $0?.resolve(width) ?? 0 }
                let cell = widths[item.column..<(item.column + item.span)].reduce(0, +) + gap * Double(item.span - 1)
                let justify = declaredStyle(of: item.node)["justify-self"].flatMap { $0 == "auto" ? nil : $0 } ?? justifyItems
                let stretch = cs.width == nil && cs.maxWidth == nil && (justify == "normal" || justify == "stretch")
                let w = stretch ? max(0, cell - m[1] - m[3]) : usedWidth(item.node, cs, available: cell - m[1] - m[3], shrink: true)
                let h = place(item.node, x: 0, y: 0, borderWidth: w, cbHeight: height, depth: depth + 1)
                heights.append(h + m[0] + m[2])
            }
            let rowHeight = heights.max() ?? 0
            for (k, item) in items.enumerated() {
                let cs = style(item.node)
                let m = cs.margin.map { $0?.resolve(width) ?? 0 }
                let cell = widths[item.column..<(item.column + item.span)].reduce(0, +) + gap * Double(item.span - 1)
                let align = cs.alignSelf == "auto" ? s.alignItems : cs.alignSelf
                var h = heights[k] - m[0] - m[2]
                let w = boxes[item.node.index]?.width ?? 0
                if cs.height == nil, align == "normal" || align == "stretch", rowHeight - m[0] - m[2] > h {
                    h = place(item.node, x: 0, y: 0, borderWidth: w, cbHeight: height, depth: depth + 1, stretchHeight: rowHeight - m[0] - m[2])
                }
                let room = rowHeight - m[0] - m[2] - h
                let dy = align == "center" ? room / 2 : (align == "end" || align == "flex-end") ? room : 0
                let spare = cell - m[1] - m[3] - w
                let justify = declaredStyle(of: item.node)["justify-self"].flatMap { $0 == "auto" ? nil : $0 } ?? justifyItems
                let dx = justify == "center" ? spare / 2 : (justify == "end" || justify == "right") ? spare : 0
                moveSubtree(item.node, toX: starts[item.column] + m[3] + max(0, dx), y: cy + m[0] + max(0, dy))
            }
            cy += rowHeight + (r < rows - 1 ? s.rowGap : 0)
        }
        return cy - y
    }
}
