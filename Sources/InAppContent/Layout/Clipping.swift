// Overflow clipping: an element whose `overflow` is not `visible` clips what is inside it to its padding box, for
// hit testing (a tap outside the box never reaches the clipped content) and for pictures (the painter drops or
// clips items). Clipping follows the containing-block chain, as in CSS: an absolutely positioned descendant escapes
// the clipping boxes between it and its containing block, and a fixed one escapes them all.
import Foundation

extension ApproximateLayout {
    /// The rectangle the element at `index` is visible in (the intersection of its clipping ancestors' padding
    /// boxes), or nil when nothing clips it.
    func computeClip(_ index: Int32) -> LayoutRect? {
        let node = HTMLNode(document: document, index: index)
        guard let own = boxStyle(of: index), own.position != "fixed" else { return nil }
        var needsPositioned = own.position == "absolute"
        var clip: LayoutRect?
        var current = node.parentElement
        while let a = current {
            guard let s = boxStyle(of: a.index) else { break }
            let counts = !needsPositioned || s.isPositioned
            if counts {
                if s.overflowHidden, let b = box(of: a) {
                    let padding = LayoutRect(x: b.x + s.border[3], y: b.y + s.border[0], width: max(0, b.width - s.border[1] - s.border[3]),
                                             height: max(0, b.height - s.border[0] - s.border[2]))
                    clip = clip.map { $0.intersection(padding) } ?? padding
                }
                if s.position == "fixed" { break }
                needsPositioned = s.position == "absolute"
            }
            current = a.parentElement
        }
        return clip
    }
}

extension LayoutRect {
    /// The overlap of two rectangles (empty, at the nearer corner, when they do not overlap).
    func intersection(_ o: LayoutRect) -> LayoutRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(x + width, o.x + o.width), y1 = min(y + height, o.y + o.height)
        return LayoutRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Whether `o` lies wholly inside this rectangle.
    func encloses(_ o: LayoutRect) -> Bool { o.x >= x && o.y >= y && o.x + o.width <= x + width && o.y + o.height <= y + height }
}
