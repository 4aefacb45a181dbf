/// Heights that come from a box's own constraints rather than its content: a button's content centred in a taller
/// (or shorter) box, and a flex container laid out in its `min-height`.
extension ApproximateLayout {
    /// How far down a button's content moves so that it is centred vertically in the content box: WebKit lays a
    /// `<button>` (not `display: flex` or `grid`, whose items follow the author's alignment) out with its content in
    /// an anonymous block centred in the box when the box is taller than the content (a `height`, a `min-height`, a
    /// stretched flex item). Content taller than the box stays at its top (a `line-height` above the `height`: the
    /// label overflows at the bottom). Nil when it stays.
    /// (An `<input type=button|submit|reset>`'s value is drawn centred in its box by the painter.)
    func buttonContentShift(_ n: HTMLNode, _ s: BoxStyle, contentHeight: Double, laid: Double) -> Double? {
        guard n.tagName == "button", !s.isFlex, !s.isGrid, contentHeight > laid + 0.01, laid > 0 else { return nil }
        return (contentHeight - laid) / 2
    }

    /// The content height a flex container with an automatic height is laid out again in, when its `min-height` is
    /// above what its items took (CSS Flexbox §9.4: a single line's cross size is clamped to the container's
    /// minimum; a column's free space is its minimum's): nil when none is needed.
    func flexMinimumHeight(_ s: BoxStyle, explicitHeight: Double?, laid: Double, cbHeight: Double?, vertical: Double) -> Double? {
        guard s.isFlex, explicitHeight == nil, let mh = s.minHeight?.resolve(cbHeight) else { return nil }
        let floor = s.borderBox ? mh - vertical : mh
        if let mx = s.maxHeight?.resolve(cbHeight), (s.borderBox ? mx - vertical : mx) < floor { return nil }
        return floor > laid + 0.01 ? floor : nil
    }
}
