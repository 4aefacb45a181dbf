// Margins that collapse through a block's top edge (CSS 2 §8.3.1): in block flow, the top margin of a block's first
// in-flow child meets the block's own top margin when no border, padding, content or new formatting context
// separates them, and the larger one counts once, outside the block. The flow (Layout.swift) asks here how large the
// margin at a child's top edge is; a block that collapses its top edge lays out its first child at its own top.
// (The bottom edge: Layout.swift's lastMarginCollapsesThrough.)
import Foundation

extension ApproximateLayout {
    /// Whether `n` (a child in block flow) is a plain block whose edges let its children's margins through: not a
    /// flex, grid, table or flow-root box, not a form control or the root, overflow visible, in flow.
    func letsMarginsThrough(_ n: HTMLNode, _ s: BoxStyle) -> Bool {
        guard s.display == "block" || s.display == "list-item", !s.overflowHidden, !s.isOutOfFlow, n.parentElement != nil,
              !["button", "input", "select", "textarea", "fieldset", "legend", "img", "svg", "video", "canvas", "iframe"].contains(n.tagName)
        else { return false }
        return true
    }

    /// The margin that collapses through `n`'s top edge from inside: the top margin of its first in-flow child when
    /// that child is a block with nothing before it (and, through that child, its own first child's), else 0.
    func collapsingTopMargin(_ n: HTMLNode, _ s: BoxStyle, width: Double, depth: Int = 0) -> Double {
        guard depth < 16, letsMarginsThrough(n, s), s.border[0] == 0, (s.padding[0].resolve(width) ?? 0) == 0,
              !hasGeneratedBox(n, "before") else { return 0 }
        for child in flowChildren(n) {
            if child.kind == .text {
                if (child.data ?? "").unicodeScalars.allSatisfy(ApproximateLayout.isSpace) { continue }
                return 0
            }
            guard child.isElement else { continue }
            let cs = style(child)
            if cs.display == "none" || cs.isOutOfFlow { continue }
            guard cs.isBlockLevel else { return 0 }
            let own = max(0, cs.margin[0]?.resolve(width) ?? 0)
            return max(own, collapsingTopMargin(child, cs, width: width, depth: depth + 1))
        }
        return 0
    }

    /// `n`'s child nodes, with a `display: contents` child's own children in its place.
    func flowChildren(_ n: HTMLNode, depth: Int = 0) -> [HTMLNode] {
        var out: [HTMLNode] = []
        for child in n.childNodes {
            if child.isElement, style(child).contents, depth < 16 { out += flowChildren(child, depth: depth + 1) } else { out.append(child) }
        }
        return out
    }
}
