// Taps at a point: where a person's finger lands, by the approximate layout (Layout.swift).
import Foundation

extension ContentPage {
    /// The current document laid out at the page's viewport (approximately: see ``LayoutRect``).
    func approximateLayout() -> ApproximateLayout {
        ApproximateLayout(document: document, viewport: viewport, linked: linkedStyleSheet, imageSize: { self.imageSize(src: $0) })
    }

    /// The border box of `node` in the approximate layout of the page (CSS pixels from the top left of the
    /// viewport), or nil when it is not rendered. Text is measured with an average glyph width, so sizes are
    /// close to a browser's, not equal.
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
