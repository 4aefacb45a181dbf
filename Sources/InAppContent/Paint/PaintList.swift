// What a page looks like, as a list of things to draw back to front, from the layout (Layout/) and the cascade:
// boxes with their backgrounds, borders, radii and shadows, text in its font and colour, images (the message's own
// assets, as data URLs), and form controls drawn as WebKit draws them by default. Elements that are not rendered
// (`display: none`, `visibility: hidden`) draw nothing; `opacity` multiplies down the tree; `overflow` other than
// `visible` clips what is inside an element to its padding box.
import Foundation

/// An sRGB colour with alpha, as a page's CSS gives it.
public struct PaintColor: Sendable, Equatable {
    public var red: UInt8, green: UInt8, blue: UInt8
    public var alpha: Double
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `#rrggbb`.
    public var hex: String { String(format: "#%02X%02X%02X", red, green, blue) }

    /// A CSS colour (`#hex`, `rgb()`, `rgba()`, `hsl()`, a common name, `transparent`); nil for anything else.
    public init?(css: String) {
        guard let rgb = ComputedStyle.color(css), let open = rgb.firstIndex(of: "("), rgb.hasSuffix(")") else { return nil }
        let parts = rgb[rgb.index(after: open)..<rgb.index(before: rgb.endIndex)].split(separator: ",")
            .map { Double($0.trimmingCharacters(in: .whitespaces)) ?? 0 }
        guard parts.count >= 3 else { return nil }
        self.init(red: UInt8(max(0, min(255, parts[0]))), green: UInt8(max(0, min(255, parts[1]))),
                  blue: UInt8(max(0, min(255, parts[2]))), alpha: parts.count > 3 ? parts[3] : 1)
    }
}

/// One thing to draw, in CSS pixels from the top left of the viewport.
public enum PaintItem: Sendable, Equatable {
    /// A box's background and border (`border` widths top, right, bottom, left), its corner radius and an
    /// optional drop shadow (`shadow`: offset x, offset y, blur, colour).
    case box(rect: LayoutRect, background: PaintColor?, border: [Double], borderColor: PaintColor?, radius: Double,
             shadow: BoxShadow?, opacity: Double)
    /// One line of text with its baseline at `baseline`.
    case text(rect: LayoutRect, baseline: Double, string: String, color: PaintColor, fontSize: Double, bold: Bool,
              family: String, opacity: Double)
    /// An image that loaded (`source`: a data URL), scaled into `rect`.
    case image(rect: LayoutRect, source: String, opacity: Double)
    /// A form control's own drawing (the box, border and text are separate items).
    case control(rect: LayoutRect, kind: ControlKind, opacity: Double)
}

/// A `box-shadow` (the first one of a list).
public struct BoxShadow: Sendable, Equatable {
    public var x: Double, y: Double, blur: Double, spread: Double
    public var color: PaintColor
}

/// What a form control draws beyond its box.
public enum ControlKind: Sendable, Equatable {
    case checkbox(checked: Bool)
    case radio(checked: Bool)
    /// A push button's face (a `button` element or a button `input`).
    case button
    /// A drop-down's arrow.
    case selectArrow
    /// An empty text field's placeholder is a text item; this marks the field itself (its inset border).
    case textField
}

/// A page drawn as a list of items, back to front, for a viewport.
public struct PaintList: Sendable, Equatable {
    public let width: Double
    public let height: Double
    /// The canvas colour (the root's or body's background, white by default).
    public let background: PaintColor
    public let items: [PaintItem]
    /// The items that reach outside an ancestor that clips them (`overflow` other than `visible`), by their index in
    /// `items`: the rectangle they are visible in. Items wholly outside it are not in the list at all.
    public let clips: [Int: LayoutRect]
}

extension ContentPage {
    /// The page as WebKit would draw it now, from the same layout taps and scripts read. Images come from the
    /// message's assets (registered or readable files, and `data:` URLs); others draw nothing, as offline.
    public func paintList() -> PaintList { layoutSnapshot().paintList() }

    /// `src` as a data URL when it loads with no network.
    func imageDataURL(src: String) -> String? {
        guard let url = resolve(href: src) else { return nil }
        if url.scheme?.lowercased() == "data" { return src.count <= 4 << 20 ? src : nil }
        guard let bytes = subresourceData(url), bytes.count <= 4 << 20, let type = ImageSize.mimeType(bytes) else { return nil }
        return "data:\(type);base64," + bytes.base64EncodedString()
    }
}
