// Fonts: system and named fonts, text styles, weights, descriptors and Dynamic Type scaling. Headless:
// a font is its description (name, size, weight, traits); nothing is measured beyond simple line metrics.

/// A font described by name, size, weight, text style and symbolic traits.
///
/// `UIFont(name:size:)` succeeds for any non-empty name: which fonts a device has cannot be known here, and
/// integration code commonly force-unwraps it. The font records the name for tests to read.
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Point sizes at the default (large) content size category, and headline's semibold weight.
        var baseSize: CGFloat {
            switch self {
            case .largeTitle: return 34
            case .title1: return 28
            case .title2: return 22
            case .title3: return 20
            case .headline, .body: return 17
            case .callout: return 16
            case .subheadline: return 15
            case .footnote: return 13
            case .caption1: return 12
            case .caption2: return 11
            default: return 17
            }
        }
    }
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }
    /// Font widths (iOS 16).
    public struct Width: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let compressed = Width(rawValue: -0.3)
        public static let condensed = Width(rawValue: -0.2)
        public static let standard = Width(rawValue: 0)
        public static let expanded = Width(rawValue: 0.2)
    }

    /// The system font's name.
    public static let systemFontName = ".SFUI"

    public let pointSize: CGFloat
    public let weight: Weight
    public let textStyle: TextStyle?
    /// The font's full name (`.SFUI` for system fonts; the name given to `init(name:size:)` otherwise).
    public let fontName: String
    /// Bold, italic, monospace… as the descriptor reports them.
    public let symbolicTraits: UIFontDescriptor.SymbolicTraits

    public init(pointSize: CGFloat, weight: Weight = .regular, textStyle: TextStyle? = nil) {
        self.pointSize = pointSize; self.weight = weight; self.textStyle = textStyle
        fontName = UIFont.systemFontName
        symbolicTraits = weight.rawValue >= Weight.semibold.rawValue ? .traitBold : []
    }

    init(name: String, pointSize: CGFloat, weight: Weight, textStyle: TextStyle?, traits: UIFontDescriptor.SymbolicTraits) {
        fontName = name; self.pointSize = pointSize; self.weight = weight; self.textStyle = textStyle
        symbolicTraits = traits
    }

    /// A font by PostScript or family name; nil only for an empty name (see the type's note).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        let lower = fontName.lowercased()
        var traits: UIFontDescriptor.SymbolicTraits = []
        if lower.contains("bold") || lower.contains("heavy") || lower.contains("black") { traits.insert(.traitBold) }
        if lower.contains("italic") || lower.contains("oblique") { traits.insert(.traitItalic) }
        if lower.contains("mono") || lower.contains("courier") || lower.contains("menlo") { traits.insert(.traitMonoSpace) }
        self.init(name: fontName, pointSize: fontSize <= 0 ? 17 : fontSize,
                  weight: traits.contains(.traitBold) ? .bold : .regular, textStyle: nil, traits: traits)
    }

    /// The font a descriptor describes; `pointSize` 0 keeps the descriptor's size.
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize > 0 ? pointSize : (descriptor.pointSize > 0 ? descriptor.pointSize : 17)
        let weight = descriptor.weight ?? (descriptor.symbolicTraits.contains(.traitBold) ? .bold : .regular)
        self.init(name: descriptor.fontName, pointSize: size, weight: weight, textStyle: descriptor.textStyle,
                  traits: descriptor.symbolicTraits)
    }

    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(pointSize: size, weight: weight)
    }
    public static func systemFont(ofSize size: CGFloat, weight: Weight, width: Width) -> UIFont {
        UIFont(pointSize: size, weight: weight)
    }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, weight: .bold) }
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(name: systemFontName, pointSize: size, weight: .regular, textStyle: nil, traits: .traitItalic)
    }
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(name: ".SFUIMono", pointSize: size, weight: weight, textStyle: nil,
               traits: weight.rawValue >= Weight.semibold.rawValue ? [.traitMonoSpace, .traitBold] : .traitMonoSpace)
    }
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: size, weight: weight)
    }
    /// The text style's font at the current content size category (large by default).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = traitCollection?.preferredContentSizeCategory ?? UITraitCollection.current.preferredContentSizeCategory
        let size = UIFontMetrics.scale(style.baseSize, for: category)
        return UIFont(pointSize: size, weight: style == .headline ? .semibold : .regular, textStyle: style)
    }

    public static var systemFontSize: CGFloat { 14 }
    public static var smallSystemFontSize: CGFloat { 12 }
    public static var labelFontSize: CGFloat { 17 }
    public static var buttonFontSize: CGFloat { 18 }

    /// Family names; headless, the family of the font names used so far is not tracked, so only the system family.
    public static var familyNames: [String] { ["System Font"] }

    /// The family name (the part of the name before a dash).
    public var familyName: String {
        fontName == UIFont.systemFontName ? "System Font" : String(fontName.split(separator: "-").first ?? Substring(fontName))
    }
    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(name: fontName, pointSize: fontSize, weight: weight, textStyle: textStyle, traits: symbolicTraits)
    }
    /// The descriptor of this font.
    public var fontDescriptor: UIFontDescriptor {
        UIFontDescriptor(name: fontName, size: pointSize, weight: weight, textStyle: textStyle, traits: symbolicTraits)
    }
    // Approximate line metrics (San Francisco proportions).
    public var ascender: CGFloat { pointSize * 0.95 }
    public var descender: CGFloat { -pointSize * 0.24 }
    public var capHeight: CGFloat { pointSize * 0.7 }
    public var xHeight: CGFloat { pointSize * 0.52 }
    public var lineHeight: CGFloat { (pointSize * 1.19).rounded() }
    public var leading: CGFloat { 0 }

    public static func == (a: UIFont, b: UIFont) -> Bool {
        a.pointSize == b.pointSize && a.weight == b.weight && a.textStyle == b.textStyle && a.fontName == b.fontName
            && a.symbolicTraits == b.symbolicTraits
    }
    public func hash(into h: inout Hasher) { h.combine(pointSize); h.combine(weight); h.combine(textStyle); h.combine(fontName) }
    public var description: String { "UIFont(\(fontName) \(pointSize)pt, weight \(weight.rawValue))" }
}

/// The description of a font, from which fonts are made.
public final class UIFontDescriptor: Hashable, Sendable {
    /// Bold, italic, condensed, monospace…
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }
    /// System font designs.
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
    }
    /// Attribute keys of a descriptor.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
    }
    /// Keys inside the `traits` attribute.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
        public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
    }

    public let fontName: String
    public let pointSize: CGFloat
    let weight: UIFont.Weight?
    let textStyle: UIFont.TextStyle?
    public let symbolicTraits: SymbolicTraits
    let design: SystemDesign?

    init(name: String, size: CGFloat, weight: UIFont.Weight?, textStyle: UIFont.TextStyle?, traits: SymbolicTraits,
         design: SystemDesign? = nil) {
        fontName = name; pointSize = size; self.weight = weight; self.textStyle = textStyle; symbolicTraits = traits
        self.design = design
    }
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(name: fontName, size: size, weight: nil, textStyle: nil, traits: [])
    }
    public convenience init() { self.init(name: UIFont.systemFontName, size: 0) }

    /// The descriptor of the text style's preferred font.
    public static func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style).fontDescriptor
    }
    public static func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle,
                                               compatibleWith traitCollection: UITraitCollection?) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style, compatibleWith: traitCollection).fontDescriptor
    }

    /// The same descriptor with exactly `symbolicTraits` (never nil here).
    public func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        let weight: UIFont.Weight? = symbolicTraits.contains(.traitBold) ? .bold : (self.weight == .bold ? .regular : self.weight)
        return UIFontDescriptor(name: fontName, size: pointSize, weight: weight, textStyle: textStyle, traits: symbolicTraits, design: design)
    }
    public func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        UIFontDescriptor(name: fontName, size: newPointSize, weight: weight, textStyle: textStyle, traits: symbolicTraits, design: design)
    }
    /// The same descriptor with a system design (rounded, monospaced, serif); nil for a non-system font.
    public func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
        guard fontName.hasPrefix(".SF") else { return nil }
        var traits = symbolicTraits
        if design == .monospaced { traits.insert(.traitMonoSpace) }
        return UIFontDescriptor(name: fontName, size: pointSize, weight: weight, textStyle: textStyle, traits: traits, design: design)
    }
    /// The name, size and traits as an attribute dictionary.
    public var fontAttributes: [AttributeName: Any] {
        var a: [AttributeName: Any] = [.name: fontName, .traits: [TraitKey.symbolic.rawValue: symbolicTraits.rawValue]]
        if pointSize > 0 { a[.size] = pointSize }
        if let textStyle { a[.textStyle] = textStyle.rawValue }
        return a
    }

    public static func == (a: UIFontDescriptor, b: UIFontDescriptor) -> Bool {
        a.fontName == b.fontName && a.pointSize == b.pointSize && a.weight == b.weight && a.textStyle == b.textStyle
            && a.symbolicTraits == b.symbolicTraits && a.design == b.design
    }
    public func hash(into h: inout Hasher) { h.combine(fontName); h.combine(pointSize); h.combine(symbolicTraits) }
}

/// Scales fonts and values for the user's content size category (Dynamic Type).
public final class UIFontMetrics: Sendable {
    public let textStyle: UIFont.TextStyle
    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    /// Ratios of each category to the default (large) one.
    static func ratio(for category: UIContentSizeCategory) -> CGFloat {
        let ratios: [CGFloat] = [1, 0.82, 0.88, 0.94, 1, 1.12, 1.24, 1.35, 1.65, 1.94, 2.35, 2.76, 3.12]
        return ratios[min(category.rank, ratios.count - 1)]
    }
    static func scale(_ value: CGFloat, for category: UIContentSizeCategory) -> CGFloat {
        (value * ratio(for: category)).rounded()
    }

    public func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, compatibleWith: nil) }
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = traitCollection?.preferredContentSizeCategory ?? UITraitCollection.current.preferredContentSizeCategory
        return font.withSize(UIFontMetrics.scale(font.pointSize, for: category))
    }
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        let scaled = scaledFont(for: font)
        return maximumPointSize > 0 && scaled.pointSize > maximumPointSize ? font.withSize(maximumPointSize) : scaled
    }
    public func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        let category = traitCollection?.preferredContentSizeCategory ?? UITraitCollection.current.preferredContentSizeCategory
        return value * UIFontMetrics.ratio(for: category)
    }
}
