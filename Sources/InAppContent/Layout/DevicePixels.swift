/// Lengths that WebKit snaps to whole device pixels before layout.
///
/// A border's used width is its computed width floored to a whole number of device pixels, but never below one
/// device pixel when the computed width is above zero (so a hairline never vanishes). At a device scale of 1,
/// `0.5px` and `1.5px` borders are 1 px wide and `2.5px` is 2 px; at scale 2 they are 0.5, 1.5 and 2.5 px (WebKitGTK,
/// measured with `Benchmarks/browser/record-webkit.py` on `Tests/Fixtures/Layout/Features/borders.html`, with
/// `GDK_SCALE=2` for scale 2). Padding, margins and sizes are not snapped.
enum DevicePixels {
    /// The scale the layout assumes: one device pixel per CSS pixel (the headless device draws at 1×).
    static let defaultScale = 1.0

    /// The used width of a border whose computed width is `css` CSS pixels, at `scale` device pixels per CSS pixel.
    static func borderWidth(_ css: Double, scale: Double = defaultScale) -> Double {
        guard css > 0, css.isFinite, scale > 0, scale.isFinite else { return css.isFinite ? max(0, css) : 0 }
        let onePixel = 1 / scale
        if css < onePixel { return onePixel }
        return (css * scale).rounded(.down) / scale
    }
}
