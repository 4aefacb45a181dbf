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

    // Taps at a point: Page/TapLanding.swift.
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
