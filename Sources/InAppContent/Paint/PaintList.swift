// What a page looks like, as a list of things to draw back to front, from the layout (Layout/) and the cascade:
// boxes with their background colours and gradients, each side's border, each corner's radius, their shadows and
// outlines; text in its font, colour, spacing and decorations, each character where the layout measured it; images
// (the message's own assets, as data URLs); form controls drawn as WebKit draws them by default. Elements that are
// not rendered (`display: none`, `visibility: hidden`) draw nothing; an element with `opacity` below 1 is a group
// faded as a whole; `overflow` other than `visible` clips what is inside an element to its (rounded) padding box.
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
            .map { Double(TextBytes.trimmed($0)) ?? 0 }
        guard parts.count >= 3 else { return nil }
        self.init(red: UInt8(max(0, min(255, parts[0]))), green: UInt8(max(0, min(255, parts[1]))),
                  blue: UInt8(max(0, min(255, parts[2]))), alpha: parts.count > 3 ? parts[3] : 1)
    }
}

/// One thing to draw, in CSS pixels from the top left of the viewport. `opacity` is the item's own (1 from the
/// painter: translucent elements fade their items as a group, `PaintList.groups`).
public enum PaintItem: Sendable, Equatable {
    /// A box's backgrounds, borders, corner radius, shadows and outline.
    case box(BoxPaint, opacity: Double)
    /// One line of text.
    case text(TextPaint, opacity: Double)
    /// An image that loaded (`source`: a data URL), scaled into `rect`.
    case image(rect: LayoutRect, source: String, opacity: Double)
    /// A form control's own drawing (the box, border and text are separate items).
    case control(rect: LayoutRect, kind: ControlKind, opacity: Double)
}

/// What one element's box paints: its background colour, then its background gradients, its inset shadows, its
/// border, its outline; its outer shadows first of all, behind the box.
public struct BoxPaint: Sendable, Equatable {
    /// The border box.
    public var rect: LayoutRect
    public var background: PaintColor?
    /// `background-image` gradients, first layer on top (CSS order), each over the whole padding box.
    public var gradients: [PaintGradient] = []
    /// Border widths: top, right, bottom, left.
    public var border: [Double]
    /// Each side's colour (top, right, bottom, left).
    public var borderColors: [PaintColor]
    /// Each side's `border-style` (top, right, bottom, left).
    public var borderStyles: [BorderStyle] = [.solid, .solid, .solid, .solid]
    /// The corner radii: top left, top right, bottom right, bottom left (circular; each at most half the box).
    public var radii: [Double]
    /// `box-shadow`s, first on top (CSS order): outer ones are drawn behind the box, `inset` ones inside it.
    public var shadows: [BoxShadow] = []
    /// `outline` (outside the border box, offset by `outline-offset`).
    public var outline: Outline?

    public init(rect: LayoutRect, background: PaintColor?, border: [Double], borderColors: [PaintColor], radii: [Double]) {
        self.rect = rect; self.background = background; self.border = border; self.borderColors = borderColors; self.radii = radii
    }

    /// The colour of the first side with a border (all sides, when they agree).
    public var borderColor: PaintColor? { border.indices.first { border[$0] > 0 }.map { borderColors[$0] } }
}

/// A `border-style` or `outline-style` as drawn.
public enum BorderStyle: String, Sendable, Equatable {
    case solid, dashed, dotted, double
}

/// `outline: width style colour` with `outline-offset`.
public struct Outline: Sendable, Equatable {
    public var width: Double, offset: Double
    public var style: BorderStyle
    public var color: PaintColor
    public init(width: Double, offset: Double, style: BorderStyle, color: PaintColor) {
        self.width = width; self.offset = offset; self.style = style; self.color = color
    }
}

/// A CSS gradient: `linear-gradient()`, `radial-gradient()` and their `repeating-` forms.
public struct PaintGradient: Sendable, Equatable {
    public enum Shape: Sendable, Equatable {
        /// The gradient line's direction in degrees, as CSS gives it (0: to top, 90: to right, 180: to bottom).
        case linear(angle: Double)
        /// An ellipse (or circle) about `center` with radii `radiusX`, `radiusY`, in page pixels.
        case radial(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double)
    }
    public struct Stop: Sendable, Equatable {
        public var color: PaintColor
        /// Where the stop sits on the gradient line, 0...1 of its length (may reach past either end).
        public var offset: Double
        public init(color: PaintColor, offset: Double) { self.color = color; self.offset = offset }
    }
    /// The box the gradient is sized to (the padding box), in page pixels.
    public var area: LayoutRect
    public var shape: Shape
    /// At least two, in order of offset.
    public var stops: [Stop]
    /// `repeating-…`: the stops repeat along the line from the first stop's offset to the last's.
    public var repeating: Bool
    public init(area: LayoutRect, shape: Shape, stops: [Stop], repeating: Bool) {
        self.area = area; self.shape = shape; self.stops = stops; self.repeating = repeating
    }
}

/// One line of text with its baseline at `baseline`.
public struct TextPaint: Sendable, Equatable {
    public var rect: LayoutRect
    public var baseline: Double
    public var string: String
    public var color: PaintColor
    public var fontSize: Double
    public var bold: Bool
    public var italic = false
    public var family: String
    /// `letter-spacing` in pixels, after every character.
    public var letterSpacing = 0.0
    /// `text-decoration-line`s (`underline`, `line-through`, `overline`) in the text's colour.
    public var decorations: [String] = []
    /// Where each character (Unicode scalar) of `string` starts, as WebKitGTK places them (hinted advances, kerning,
    /// letter spacing: the layout's measure); empty when the drawing may place them itself.
    public var positions: [Double] = []

    public init(rect: LayoutRect, baseline: Double, string: String, color: PaintColor, fontSize: Double, bold: Bool, family: String) {
        self.rect = rect; self.baseline = baseline; self.string = string; self.color = color; self.fontSize = fontSize
        self.bold = bold; self.family = family
    }
}

/// A `box-shadow`.
public struct BoxShadow: Sendable, Equatable {
    public var x: Double, y: Double, blur: Double, spread: Double
    public var color: PaintColor
    public var inset = false
    public init(x: Double, y: Double, blur: Double, spread: Double, color: PaintColor, inset: Bool = false) {
        self.x = x; self.y = y; self.blur = blur; self.spread = spread; self.color = color; self.inset = inset
    }
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
    /// The corner radii (top left, top right, bottom right, bottom left) of clips that are an element's rounded
    /// padding box (`overflow: hidden` with `border-radius`), by item index as in `clips`.
    public var clipRadii: [Int: [Double]] = [:]
    /// The `opacity` groups each item is drawn in, outermost first, by item index (items in no group are absent):
    /// the items of a group are drawn together, then faded together. Items of one group are consecutive.
    public var groups: [Int: [OpacityGroup]] = [:]
}

/// An element with `opacity` below 1, whose content is faded as one picture.
public struct OpacityGroup: Sendable, Equatable {
    /// The element's index in its document.
    public var element: Int
    public var opacity: Double
    public init(element: Int, opacity: Double) { self.element = element; self.opacity = opacity }
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
