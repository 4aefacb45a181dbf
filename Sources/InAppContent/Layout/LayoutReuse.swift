// Keeping a layout across a change that cannot move a box. A script that flips a `data-` attribute or rewrites the
// text of a hidden element changes the tree's version, but every box, line and style stays where it was; the page
// then keeps its layout (re-pointed at the new snapshot) instead of computing it again. The test is conservative:
// the two snapshots must have the same nodes in the same places, and every difference must be
//  - an element's `data-*` or `aria-*` attribute whose name no stylesheet of the page mentions (no selector or
//    `attr()` can read it), or
//  - the text of a text node that stays non-empty (`:empty` cannot change) under an element with `display: none`
//    that is not a `<style>` element (style text is the cascade's input).
// Anything else (an `id`, `class` or `style` attribute, a node added or removed, text that is shown) lays out again.
import Foundation

extension ApproximateLayout {
    /// This layout for `document` when it differs from the one laid out only where no box can move; nil otherwise.
    func reused(for other: HTMLDocument) -> ApproximateLayout? {
        let old = document
        guard old !== other, old.nodes.count == other.nodes.count else { return nil }
        var sheetText: String?
        for i in 0..<old.nodes.count {
            let a = old.nodes[i], b = other.nodes[i]
            guard a.kind == b.kind, a.name == b.name, a.ns == b.ns, a.parent == b.parent, a.end == b.end else { return nil }
            switch a.kind {
            case .element:
                guard ApproximateLayout.sameAttributes(old, a, other, b) else {
                    if sheetText == nil { sheetText = styleSourceText() }
                    guard let text = sheetText, attributesDifferSafely(old, a, other, b, sheetText: text) else { return nil }
                    continue
                }
            case .text, .comment, .doctype:
                guard !ApproximateLayout.sameBytes(old, a.dataStart, a.dataCount, other, b.dataStart, b.dataCount) else { continue }
                guard a.kind == .text else {
                    if a.kind == .comment { continue }   // comments have no box and match no selector
                    return nil
                }
                guard a.dataCount > 0, b.dataCount > 0, textIsHidden(parent: a.parent) else { return nil }
            default:
                continue
            }
        }
        return ApproximateLayout(rebasing: self, onto: other)
    }

    /// Whether the element at `parent` (a hidden text's parent) or one of its ancestors has `display: none`, and
    /// none of them is a `<style>` element.
    private func textIsHidden(parent: Int32) -> Bool {
        var i = parent, hidden = false
        while i >= 0 {
            let node = HTMLNode(document: document, index: i)
            guard node.isElement else { break }
            if node.tagName == "style" { return false }
            if boxStyle(of: i)?.display == "none" { hidden = true }
            i = document.nodes[Int(i)].parent
        }
        return hidden
    }

    /// The page's stylesheets (`<style>` text and linked sheets), lowercased: what a selector or `attr()` could name.
    private func styleSourceText() -> String {
        var out = ""
        for e in document.allElements {
            if e.tagName == "style" { out += e.textContent; out += "\n" }
            else if e.tagName == "link", let href = e["href"], let css = linked(href) { out += css; out += "\n" }
        }
        return out.lowercased()
    }

    private static func sameBytes(_ x: HTMLDocument, _ xs: Int32, _ xc: Int32, _ y: HTMLDocument, _ ys: Int32, _ yc: Int32) -> Bool {
        guard xc == yc else { return false }
        if xc == 0 { return true }
        return x.text.withUnsafeBufferPointer { xb in
            y.text.withUnsafeBufferPointer { yb in
                memcmp(xb.baseAddress! + Int(xs), yb.baseAddress! + Int(ys), Int(xc)) == 0
            }
        }
    }

    private static func sameAttributes(_ x: HTMLDocument, _ a: NodeRecord, _ y: HTMLDocument, _ b: NodeRecord) -> Bool {
        guard a.dataCount == b.dataCount else { return false }
        for k in 0..<Int(a.dataCount) {
            let p = x.attrs[Int(a.dataStart) + k], q = y.attrs[Int(b.dataStart) + k]
            guard p.ns == q.ns, x.names[Int(p.name)] == y.names[Int(q.name)], sameBytes(x, p.start, p.count, y, q.start, q.count) else {
                return false
            }
        }
        return true
    }

    /// Whether every attribute that differs between the two elements is a `data-*`/`aria-*` one no sheet names.
    private func attributesDifferSafely(_ x: HTMLDocument, _ a: NodeRecord, _ y: HTMLDocument, _ b: NodeRecord, sheetText: String) -> Bool {
        func values(_ d: HTMLDocument, _ r: NodeRecord) -> [String: String] {
            var out: [String: String] = [:]
            for k in 0..<Int(r.dataCount) {
                let attr = d.attrs[Int(r.dataStart) + k]
                let name = d.names[Int(attr.name)]
                if out[name] == nil { out[name] = d.string(attr.start, attr.count) }
            }
            return out
        }
        let before = values(x, a), after = values(y, b)
        for name in Set(before.keys).union(after.keys) where before[name] != after[name] {
            let lower = name.lowercased()
            guard lower.hasPrefix("data-") || lower.hasPrefix("aria-"), !sheetText.contains(lower) else { return false }
        }
        return true
    }
}
