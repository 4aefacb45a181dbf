// Where a person's tap on an element lands, read from the page's one layout (Layout/Layout.swift): the element needs
// a box with a size, inside the viewport or scrolled into it, and the hit test at the point must reach it or one of
// its descendants. Tests/Fixtures/Scripted/README.md ("tap") is the definition this follows.
import Foundation

/// Where a tap on an element lands, or why it cannot.
enum TapLanding {
    /// The element on top at the point tapped: the element itself or one of its descendants.
    case reached(HTMLNode)
    /// Why a person could not tap the element there ("… has no size", "… is covered by …").
    case refused(String)
}

extension ContentPage {
    /// Where a tap on `node` lands in the current layout. The point is `fraction` of the element's border box (`(0.5,
    /// 0.5)` is its centre); without one, the centre, else the first point of a 7 × 7 grid over the box (row by row)
    /// where the element or a descendant is on top. An element whose box is not wholly inside the viewport is first
    /// scrolled into view, centred, as far as the document can scroll (`scrollIntoView`); an element inside a
    /// `position: fixed` box does not move, and a point off the viewport is taken at its nearest edge, where something
    /// else is on top.
    func tapLanding(of node: HTMLNode, at fraction: (x: Double, y: Double)? = nil) -> TapLanding {
        let layout = approximateLayout()
        guard let box = layout.box(of: node) else {
            // Deeper than the layout goes (ApproximateLayout.maxDepth), an element has no box though a browser would
            // draw it: the tap goes to the element itself, as without a layout.
            if node.ancestors.filter(\.isElement).count >= ApproximateLayout.maxDepth { return .reached(node) }
            return .refused("\(node.description) has no size")
        }
        guard box.width > 0, box.height > 0 else { return .refused("\(node.description) has no size") }
        let width = viewport.width, height = viewport.height
        var scroll = (x: 0.0, y: 0.0)
        var scroller: HTMLNode?   // the box that scrolls: nil for the document
        let outside = box.x < 0 || box.y < 0 || box.x + box.width > width || box.y + box.height > height
        if let container = layout.scrollContainer(of: node), let frame = layout.box(of: container),
           box.x < frame.x || box.y < frame.y || box.x + box.width > frame.x + frame.width || box.y + box.height > frame.y + frame.height {
            // Inside a box that clips its overflow (`overflow: hidden`, `auto`, `scroll`): `scrollIntoView` scrolls it.
            let extent = layout.contentExtent(of: container)
            scroller = container
            scroll.x = min(max(0, box.x + box.width / 2 - (frame.x + frame.width / 2)), max(0, extent.x - (frame.x + frame.width)))
            scroll.y = min(max(0, box.y + box.height / 2 - (frame.y + frame.height / 2)), max(0, extent.y - (frame.y + frame.height)))
        } else if outside && !layout.isFixed(node) {
            let extent = layout.scrollableExtent(viewport: (width, height))
            scroll.x = min(max(0, box.x + box.width / 2 - width / 2), max(0, extent.width - width))
            scroll.y = min(max(0, box.y + box.height / 2 - height / 2), max(0, extent.height - height))
        }
        var points = [fraction ?? (0.5, 0.5)]
        if fraction == nil {
            for row in 0..<7 { for column in 0..<7 { points.append(((Double(column) + 0.5) / 7, (Double(row) + 0.5) / 7)) } }
        }
        let hitTest = ScrolledHitTest(layout: layout, scroll: scroll, scroller: scroller)
        var first: (hit: HTMLNode?, x: Double, y: Double)?
        for point in points {
            let x = min(max(0, box.x - scroll.x + box.width * point.x), width - 1)
            let y = min(max(0, box.y - scroll.y + box.height * point.y), height - 1)
            let hit = hitTest.element(atX: x, y: y)
            if first == nil { first = (hit, x, y) }
            if let hit, hit == node || hit.ancestors.contains(node) { return .reached(hit) }
        }
        let by = first?.hit?.description ?? "nothing"
        return .refused("\(node.description) is covered by \(by) at (\(Int(first?.x ?? 0)), \(Int(first?.y ?? 0)))")
    }

    /// Taps one point of `node`'s box, given as fractions of its width and height (`(0.5, 0.5)` is its centre,
    /// `(0.5, 0.05)` near its top edge), as a person touching that spot: the tap goes to the element on top there
    /// (often a descendant of `node`). Throws ``InputError/unreachable(element:reason:)`` when `node` is hidden,
    /// has no size, or something else covers the point (a modal card over the backdrop you aimed at). An element
    /// below the fold of a document that scrolls is scrolled into view first.
    @discardableResult
    public func tap(_ node: HTMLNode, at point: (x: Double, y: Double)) throws(InputError) -> TapResult {
        guard node.document === document else { throw .staleElement }
        if let reason = hiddenReason(node) {
            emit(.noAction(element: node.description, reason: reason))
            throw .unreachable(element: node.description, reason: reason)
        }
        switch tapLanding(of: node, at: point) {
        case .reached(let hit): return try dispatchTap(hit)
        case .refused(let reason):
            emit(.noAction(element: node.description, reason: reason))
            throw .unreachable(element: node.description, reason: reason)
        }
    }

    /// ``tap(_:at:)`` on the first element matching `selector`.
    @discardableResult
    public func tap(selector: String, at point: (x: Double, y: Double)) throws(InputError) -> TapResult {
        let found: HTMLNode?
        do { found = try document.querySelector(selector) } catch { throw .invalidSelector(error) }
        guard let node = found else { emit(.tapTargetMissing(target: selector)); throw .noSuchElement("selector '\(selector)'") }
        return try tap(node, at: point)
    }
}

extension ApproximateLayout {
    /// Whether `node` or one of its ancestors is `position: fixed` (it stays where it is when the document scrolls).
    func isFixed(_ node: HTMLNode) -> Bool {
        var current: HTMLNode? = node
        while let n = current, n.isElement {
            if boxStyle(of: n.index)?.position == "fixed" { return true }
            current = n.parentElement
        }
        return false
    }

    /// The nearest ancestor of `node` that clips its overflow (and so scrolls when a script or `scrollIntoView` asks),
    /// below the nearest `position: fixed` box; nil when there is none.
    func scrollContainer(of node: HTMLNode) -> HTMLNode? {
        var current = node.parentElement
        while let n = current, n.isElement, n.tagName != "body", n.tagName != "html" {
            if boxStyle(of: n.index)?.overflowHidden == true { return n }
            current = n.parentElement
        }
        return nil
    }

    /// The right and bottom edges of everything inside `container` (what it can scroll to).
    func contentExtent(of container: HTMLNode) -> (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        for n in container.descendants where n.isElement {
            guard let b = boxes[n.index] else { continue }
            x = max(x, b.x + b.width); y = max(y, b.y + b.height)
        }
        return (x, y)
    }

    /// How far the document reaches: the right and bottom edges of every box that scrolls with it (at least the viewport).
    func scrollableExtent(viewport: (width: Double, height: Double)) -> (width: Double, height: Double) {
        var width = viewport.width, height = viewport.height
        for (index, rect) in boxes where !isFixed(HTMLNode(document: document, index: index)) {
            if let clip = clips[index] {
                width = max(width, min(rect.x + rect.width, clip.x + clip.width))
                height = max(height, min(rect.y + rect.height, clip.y + clip.height))
            } else {
                width = max(width, rect.x + rect.width)
                height = max(height, rect.y + rect.height)
            }
        }
        return (width, height)
    }
}

/// Hit testing at a viewport point of a page scrolled by `scroll`: the document (`scroller` nil), whose boxes move up
/// and left by it while `position: fixed` ones stay, or one box that clips its overflow, whose content moves inside
/// it (and is hit only inside its box; clips within it are not re-applied). Unscrolled, the layout's own hit test.
struct ScrolledHitTest {
    let layout: ApproximateLayout
    let scroll: (x: Double, y: Double)
    let scroller: HTMLNode?

    func element(atX x: Double, y: Double) -> HTMLNode? {
        guard scroll.x != 0 || scroll.y != 0 else { return layout.hitTest(x: x, y: y) }
        let order = layout.paintOrder()
        var rank: [Int32: Int] = [:]
        for (i, index) in order.enumerated() { rank[index] = i }
        var best: (rank: Int, index: Int32)?
        let frame = scroller.flatMap { layout.box(of: $0) }
        func consider(_ index: Int32, _ rect: LayoutRect) {
            let node = HTMLNode(document: layout.document, index: index)
            let moves: Bool
            if let scroller { moves = node.ancestors.contains(scroller) } else { moves = !layout.isFixed(node) }
            let px = moves ? x + scroll.x : x, py = moves ? y + scroll.y : y
            guard rect.contains(x: px, y: py), let s = layout.boxStyle(of: index), s.visibility == "visible",
                  s.pointerEvents != "none" else { return }
            if moves, let frame {
                if !frame.contains(x: x, y: y) { return }
            } else if let clip = layout.clips[index], !clip.contains(x: px, y: py) { return }
            let r = rank[index] ?? -1
            if best.map({ r >= $0.rank }) ?? true { best = (r, index) }
        }
        for (index, rect) in layout.boxes { consider(index, rect) }
        for (index, offset) in layout.generatedHitBoxes {
            guard let own = layout.boxes[index] else { continue }
            consider(index, LayoutRect(x: own.x + offset.x, y: own.y + offset.y, width: offset.width, height: offset.height))
        }
        if let best { return HTMLNode(document: layout.document, index: best.index) }
        return layout.document.allElements.first
    }
}
