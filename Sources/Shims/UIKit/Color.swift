// Colours: UIColor with UIKit's initializers, named and system colours, dynamic (light/dark) colours, and
// the Core Graphics colour behind `cgColor`. Nothing is drawn; `set()`/`setFill()` feed the headless image
// renderer (see Image.swift).

/// A colour as red, green, blue and alpha components in 0...1, optionally resolved per trait collection.
///
/// A dynamic colour (`init(dynamicProvider:)`, the system colours) keeps its provider; its stored
/// components are its light-appearance resolution, and `resolvedColor(with:)` gives the colour for any traits.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    public let alpha: CGFloat
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(1, max(0, v)) }
        self.red = clamp(red); self.green = clamp(green); self.blue = clamp(blue); self.alpha = clamp(alpha)
        provider = nil
    }
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }
    /// Hue, saturation and brightness in 0...1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue.isNaN ? 0 : hue - hue.rounded(.down)) * 6, s = min(1, max(0, saturation)), v = min(1, max(0, brightness))
        let i = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }
    /// Display P3 components, taken as sRGB here (no colour management headlessly).
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 0, 0, 1]
        if c.count >= 4 { self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
        else if c.count == 2 { self.init(white: c[0], alpha: c[1]) }
        else { self.init(white: 0, alpha: 1) }
    }
    /// A colour that asks `dynamicProvider` for its value under each trait collection.
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        let light = dynamicProvider(UITraitCollection(userInterfaceStyle: .light))
        red = light.red; green = light.green; blue = light.blue; alpha = light.alpha
        provider = dynamicProvider
    }
    /// A solid pattern colour; the image's own colour when it has one, else mid grey.
    public convenience init(patternImage image: UIImage) {
        let c = image.color ?? UIColor(white: 0.5, alpha: 1)
        self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }
    /// A named colour registered with `UIColor.register(_:named:)` (asset catalogues do not exist here).
    public convenience init?(named name: String) {
        guard let c = UIColor.namedColors.get()[name] else { return nil }
        self.init(dynamicProvider: { c.resolvedColor(with: $0) })
    }
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name)
    }

    private static let namedColors = ShimLocked<[String: UIColor]>([:])
    /// Makes `UIColor(named:)` find `color` under `name` (headless stand-in for an asset catalogue entry).
    public static func register(_ color: UIColor, named name: String) {
        namedColors.update { $0[name] = color }
    }

    /// Whether the colour changes with the trait collection.
    public var isDynamic: Bool { provider != nil }

    /// The colour under `traitCollection` (itself for a static colour).
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        guard let provider else { return UIColor(red: red, green: green, blue: blue, alpha: alpha) }
        return UIColor(dynamicProvider: { provider($0).withAlphaComponent(alpha) })
    }

    /// Writes the components into the given pointers, as UIKit does; always succeeds.
    @discardableResult
    public func getRed(_ r: UnsafeMutablePointer<CGFloat>?, green g: UnsafeMutablePointer<CGFloat>?,
                       blue b: UnsafeMutablePointer<CGFloat>?, alpha a: UnsafeMutablePointer<CGFloat>?) -> Bool {
        r?.pointee = red; g?.pointee = green; b?.pointee = blue; a?.pointee = alpha
        return true
    }
    @discardableResult
    public func getWhite(_ w: UnsafeMutablePointer<CGFloat>?, alpha a: UnsafeMutablePointer<CGFloat>?) -> Bool {
        w?.pointee = 0.299 * red + 0.587 * green + 0.114 * blue; a?.pointee = alpha
        return true
    }
    @discardableResult
    public func getHue(_ h: UnsafeMutablePointer<CGFloat>?, saturation s: UnsafeMutablePointer<CGFloat>?,
                       brightness v: UnsafeMutablePointer<CGFloat>?, alpha a: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let maxC = max(red, green, blue), minC = min(red, green, blue), delta = maxC - minC
        var hue: CGFloat = 0
        if delta > 0 {
            if maxC == red { hue = ((green - blue) / delta).truncatingRemainder(dividingBy: 6) }
            else if maxC == green { hue = (blue - red) / delta + 2 }
            else { hue = (red - green) / delta + 4 }
            hue /= 6
            if hue < 0 { hue += 1 }
        }
        h?.pointee = hue; s?.pointee = maxC == 0 ? 0 : delta / maxC; v?.pointee = maxC; a?.pointee = alpha
        return true
    }

    /// The Core Graphics colour (the light resolution for dynamic colours, as on a device outside drawing).
    public var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }
    /// A Core Image–style view of the colour is not offered; `ciColor` is absent on purpose.

    /// Makes this the fill and stroke colour of the current image renderer context.
    public func set() { GraphicsState.current?.fillColor = self; GraphicsState.current?.strokeColor = self }
    /// Makes this the fill colour of the current image renderer context.
    public func setFill() { GraphicsState.current?.fillColor = self }
    /// Makes this the stroke colour of the current image renderer context.
    public func setStroke() { GraphicsState.current?.strokeColor = self }

    public static func == (l: UIColor, r: UIColor) -> Bool {
        l.red == r.red && l.green == r.green && l.blue == r.blue && l.alpha == r.alpha
    }
    public func hash(into h: inout Hasher) { h.combine(red); h.combine(green); h.combine(blue); h.combine(alpha) }
    public var description: String { "UIColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}

extension UIColor {
    private static func rgb(_ r: Int, _ g: Int, _ b: Int) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1)
    }
    private static func dynamic(_ light: UIColor, _ dark: UIColor) -> UIColor {
        UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? dark : light })
    }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)

    // System colours: light and dark values of the iOS palette.
    public static let systemRed = dynamic(rgb(255, 59, 48), rgb(255, 69, 58))
    public static let systemOrange = dynamic(rgb(255, 149, 0), rgb(255, 159, 10))
    public static let systemYellow = dynamic(rgb(255, 204, 0), rgb(255, 214, 10))
    public static let systemGreen = dynamic(rgb(52, 199, 89), rgb(48, 209, 88))
    public static let systemMint = dynamic(rgb(0, 199, 190), rgb(99, 230, 226))
    public static let systemTeal = dynamic(rgb(48, 176, 199), rgb(64, 200, 224))
    public static let systemCyan = dynamic(rgb(50, 173, 230), rgb(100, 210, 255))
    public static let systemBlue = dynamic(rgb(0, 122, 255), rgb(10, 132, 255))
    public static let systemIndigo = dynamic(rgb(88, 86, 214), rgb(94, 92, 230))
    public static let systemPurple = dynamic(rgb(175, 82, 222), rgb(191, 90, 242))
    public static let systemPink = dynamic(rgb(255, 45, 85), rgb(255, 55, 95))
    public static let systemBrown = dynamic(rgb(162, 132, 94), rgb(172, 142, 104))
    public static let systemGray = dynamic(rgb(142, 142, 147), rgb(142, 142, 147))
    public static let systemGray2 = dynamic(rgb(174, 174, 178), rgb(99, 99, 102))
    public static let systemGray3 = dynamic(rgb(199, 199, 204), rgb(72, 72, 74))
    public static let systemGray4 = dynamic(rgb(209, 209, 214), rgb(58, 58, 60))
    public static let systemGray5 = dynamic(rgb(229, 229, 234), rgb(44, 44, 46))
    public static let systemGray6 = dynamic(rgb(242, 242, 247), rgb(28, 28, 30))
    public static let tintColor = systemBlue

    // Semantic colours.
    public static let label = dynamic(.black, .white)
    public static let secondaryLabel = dynamic(UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6),
                                               UIColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.6))
    public static let tertiaryLabel = dynamic(UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3),
                                              UIColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.3))
    public static let quaternaryLabel = dynamic(UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18),
                                                UIColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.16))
    public static let link = dynamic(rgb(0, 122, 255), rgb(9, 132, 255))
    public static let placeholderText = tertiaryLabel
    public static let separator = dynamic(UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29),
                                          UIColor(red: 84 / 255, green: 84 / 255, blue: 88 / 255, alpha: 0.6))
    public static let opaqueSeparator = dynamic(rgb(198, 198, 200), rgb(56, 56, 58))
    public static let systemBackground = dynamic(.white, .black)
    public static let secondarySystemBackground = dynamic(rgb(242, 242, 247), rgb(28, 28, 30))
    public static let tertiarySystemBackground = dynamic(.white, rgb(44, 44, 46))
    public static let systemGroupedBackground = dynamic(rgb(242, 242, 247), .black)
    public static let secondarySystemGroupedBackground = dynamic(.white, rgb(28, 28, 30))
    public static let tertiarySystemGroupedBackground = dynamic(rgb(242, 242, 247), rgb(44, 44, 46))
    public static let systemFill = dynamic(UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2),
                                           UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.36))
    public static let secondarySystemFill = dynamic(UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16),
                                                    UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.32))
    public static let lightText = UIColor(white: 1, alpha: 0.6)
    public static let darkText = UIColor.black
}

/// A Core Graphics colour: components in the device RGB space.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue, alpha.
    public let components: [CGFloat]?
    public var numberOfComponents: Int { components?.count ?? 0 }
    public var alpha: CGFloat { components?.last ?? 1 }
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { components = [red, green, blue, alpha] }
    public init(gray: CGFloat, alpha: CGFloat) { components = [gray, gray, gray, alpha] }
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let c = components, c.count == 4 else { return nil }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha)
    }
    public static func == (a: CGColor, b: CGColor) -> Bool { a.components == b.components }
    public func hash(into h: inout Hasher) { h.combine(components) }
    public var description: String { "CGColor(\(components ?? []))" }
}
