// The page's layout (Layout/Layout.swift) for its callers: taps at a point, boxes, and one snapshot of boxes,
// computed values and the paint list.
import Foundation

extension ContentPage {
    /// The current document laid out at the page's viewport, once per tree version (snapshot), viewport and asset set.
    func approximateLayout() -> ApproximateLayout { approximateLayout(of: document) }

    /// `document` (the current one, or the live tree's snapshot a running script reads) laid out at the page's
    /// viewport, from the same cache.
    func approximateLayout(of document: HTMLDocument) -> ApproximateLayout {
        layout(of: document) { viewport in
            // Weakly: the page keeps its layout.
            ApproximateLayout(document: document, viewport: viewport, linked: { [weak self] in self?.linkedStyleSheet($0) },
                              imageSize: { [weak self] in self?.imageSize(src: $0) })
        }
    }

    /// The border box of `node` in the layout of the page (CSS pixels from the top left of the viewport), or nil
    /// when it is not rendered. Text is measured with the fonts WebKitGTK uses (no kerning), so sizes are close to
    /// WebKit's, not always equal (Docs/ContentModel.md has the figures).
    public func layoutBox(of node: HTMLNode) -> LayoutRect? {
        guard node.document === document else { return nil }
        return approximateLayout().box(of: node)
    }

    /// The element a person touching the viewport at (`x`, `y`) would hit (`document.elementFromPoint`).
    public func element(atX x: Double, y: Double) -> HTMLNode? {
        guard x >= 0, y >= 0, x < viewport.width, y < viewport.height else { return nil }
        return approximateLayout().hitTest(x: x, y: y)
    }

    /// Taps one point of `node`'s box, given as fractions of its width and height (`(0.5, 0.5)` is its centre,
    /// `(0.5, 0.05)` near its top edge), as a person touching that spot: the tap goes to the element on top there
    /// (often a descendant of `node`). Throws ``InputError/unreachable(element:reason:)`` when `node` is hidden,
    /// has no size, or something else covers the point (a modal card over the backdrop you aimed at).
    @discardableResult
    public func tap(_ node: HTMLNode, at point: (x: Double, y: Double)) throws(InputError) -> TapResult {
        guard node.document === document else { throw .staleElement }
        if let reason = hiddenReason(node) {
            emit(.noAction(element: node.description, reason: reason))
            throw .unreachable(element: node.description, reason: reason)
        }
        let layout = approximateLayout()
        guard let box = layout.box(of: node), box.width > 0, box.height > 0 else {
            emit(.noAction(element: node.description, reason: "has no size"))
            throw .unreachable(element: node.description, reason: "\(node.description) has no size")
        }
        let x = min(max(0, box.x + box.width * point.x), viewport.width - 1)
        let y = min(max(0, box.y + box.height * point.y), viewport.height - 1)
        guard let hit = layout.hitTest(x: x, y: y), hit == node || hit.ancestors.contains(node) else {
            let by = layout.hitTest(x: x, y: y)?.description ?? "nothing"
            emit(.noAction(element: node.description, reason: "covered by \(by)"))
            throw .unreachable(element: node.description, reason: "\(node.description) is covered by \(by) at (\(Int(x)), \(Int(y)))")
        }
        return try tap(hit)
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

/// One layout of a page (its document at its viewport, as ``ContentPage/layoutSnapshot()`` made it): element boxes,
/// computed values and the paint list, all read from the same layout.
public struct PageLayout {
    let layout: ApproximateLayout
    let imageSource: (String) -> String?

    /// The viewport laid out.
    public var viewport: ContentViewport { layout.viewport }

    /// The border box of `node`, or nil when it is not rendered.
    public func box(of node: HTMLNode) -> LayoutRect? { layout.box(of: node) }

    /// What `getComputedStyle(node)[property]` answers (`color` as `rgb(…)`, sizes in px).
    public func computedValue(_ property: String, of node: HTMLNode) -> String {
        ComputedStyle.value(property.lowercased(), of: node, layout: layout)
    }

    /// A colour property of `node` (`color`, `background-color`, `border-top-color`…) as a colour; nil when unset or unreadable.
    public func color(_ property: String, of node: HTMLNode) -> PaintColor? { PaintColor(css: computedValue(property, of: node)) }

    /// The element a tap at (x, y) reaches.
    public func element(atX x: Double, y: Double) -> HTMLNode? { layout.hitTest(x: x, y: y) }

    /// The page drawn back to front (PaintList.swift).
    public func paintList() -> PaintList { Painter(layout: layout, source: imageSource).paint() }
}

extension ContentPage {
    /// The current document laid out at the page's viewport, for reading several boxes and values at once.
    public func layoutSnapshot() -> PageLayout {
        PageLayout(layout: approximateLayout(), imageSource: { self.imageDataURL(src: $0) })
    }
}
