// Absolutely and fixed positioned `::before`/`::after` boxes (badges, close-button crosses, overlays drawn by a
// rule): placed against their containing block (the element itself when it is positioned, else its nearest
// positioned ancestor, or the viewport) by their insets, sizes and margins, painted with their element's text
// fragments, and hit testing finds their element where they are.
import Foundation

extension ApproximateLayout {
    func placePositionedGeneratedBoxes() {
        for n in document.allElements {
            guard let own = boxes[n.index], fragments[n.index] != nil else { continue }
            for which in ["before", "after"] {
                guard let (d, gs) = generatedDeclarations(n, which), gs.isOutOfFlow, gs.display != "none" else { continue }
                var cb = LayoutRect(x: 0, y: 0, width: viewport.width, height: viewport.height)
                if gs.position == "absolute" {
                    var a: HTMLNode? = n
                    while let e = a, !style(e).isPositioned { a = e.parentElement }
                    if let e = a, let r = boxes[e.index] {
                        let es = style(e)
                        cb = LayoutRect(x: r.x + es.border[3], y: r.y + es.border[0], width: r.width - es.border[1] - es.border[3],
                                        height: r.height - es.border[0] - es.border[2])
                    }
                }
                let text = BoxStyleSheet.contentText(d["content"] ?? "")
                let inset = gs.inset.enumerated().map { $0.element?.resolve($0.offset % 2 == 0 ? cb.height : cb.width) }
                let m = gs.margin.map { $0?.resolve(cb.width) ?? 0 }
                let p = padding(gs, cb.width)
                let extraW = p[1] + p[3] + gs.border[1] + gs.border[3], extraH = p[0] + p[2] + gs.border[0] + gs.border[2]
                let textW = text.isEmpty ? 0 : FontMetrics.width(text, face: gs.face, size: gs.fontSize, letterSpacing: gs.letterSpacing)
                var w = gs.width?.resolve(cb.width).map { gs.borderBox ? $0 : $0 + extraW }
                    ?? inset[3].flatMap { l in inset[1].map { r in cb.width - l - r - m[1] - m[3] } } ?? min(textW, cb.width) + extraW
                if let mn = gs.minWidth?.resolve(cb.width) { w = max(w, gs.borderBox ? mn : mn + extraW) }
                if let mx = gs.maxWidth?.resolve(cb.width) { w = min(w, gs.borderBox ? mx : mx + extraW) }
                var h = gs.height?.resolve(cb.height).map { gs.borderBox ? $0 : $0 + extraH }
                    ?? inset[0].flatMap { t in inset[2].map { b in cb.height - t - b - m[0] - m[2] } } ?? (text.isEmpty ? 0 : gs.lineHeightPx) + extraH
                if let mn = gs.minHeight?.resolve(cb.height) { h = max(h, gs.borderBox ? mn : mn + extraH) }
                w = max(0, w.isFinite ? w : 0); h = max(0, h.isFinite ? h : 0)
                // Without insets it stays where it would have started: the element's content box's top left.
                let s = style(n)
                let staticX = own.x + s.border[3] + padding(s, own.width)[3], staticY = own.y + s.border[0] + padding(s, own.width)[0]
                let x = inset[3].map { cb.x + $0 + m[3] } ?? inset[1].map { cb.x + cb.width - $0 - w - m[1] } ?? staticX + m[3]
                let y = inset[0].map { cb.y + $0 + m[0] } ?? inset[2].map { cb.y + cb.height - $0 - h - m[2] } ?? staticY + m[0]
                guard x.isFinite, y.isFinite, var entry = fragments[n.index] else { continue }
                // Fragments are kept relative to where their element was laid out; its box may have moved since.
                let dx = own.x - entry.origin.x, dy = own.y - entry.origin.y
                entry.list.append(TextFragment(rect: LayoutRect(x: x - dx, y: y - dy, width: w, height: h), text: text, element: n.index,
                                               generated: d, generatedStyle: gs))
                fragments[n.index] = entry
                generatedHitBoxes.append((n.index, LayoutRect(x: x - own.x, y: y - own.y, width: w, height: h)))
            }
        }
    }
}
