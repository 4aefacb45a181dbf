// Additions to the UIKit stand-in used by the Braze facade: traits (light/dark, size classes), insets, fonts,
// images, corner curves and two leaf views. Headless: values are plain state that tests can read.

/// Light or dark interface style.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light = 1, dark = 2
}

/// The size class of one axis of the screen.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0, compact = 1, regular = 2
}

/// The traits a view is drawn under (interface style and size classes).
public final class UITraitCollection: Sendable, Equatable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass

    public init(userInterfaceStyle: UIUserInterfaceStyle = .unspecified,
                horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                verticalSizeClass: UIUserInterfaceSizeClass = .unspecified) {
        self.userInterfaceStyle = userInterfaceStyle
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(userInterfaceStyle: userInterfaceStyle, horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified)
    }

    public static func == (a: UITraitCollection, b: UITraitCollection) -> Bool {
        a.userInterfaceStyle == b.userInterfaceStyle && a.horizontalSizeClass == b.horizontalSizeClass
            && a.verticalSizeClass == b.verticalSizeClass
    }
}

/// Insets of a rectangle's edges.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A font described by size and weight (nothing is measured).
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
    }
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let regular = Weight(rawValue: 0)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
    }

    public let pointSize: CGFloat
    public let weight: Weight
    public let textStyle: TextStyle?

    public init(pointSize: CGFloat, weight: Weight = .regular, textStyle: TextStyle? = nil) {
        self.pointSize = pointSize; self.weight = weight; self.textStyle = textStyle
    }

    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(pointSize: size, weight: weight)
    }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, weight: .bold) }
    /// Sizes of the default content size category.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let sizes: [TextStyle: CGFloat] = [.title3: 20, .headline: 17, .subheadline: 15, .body: 17, .footnote: 13, .caption1: 12]
        return UIFont(pointSize: sizes[style] ?? 17, textStyle: style)
    }

    public static func == (a: UIFont, b: UIFont) -> Bool {
        a.pointSize == b.pointSize && a.weight == b.weight && a.textStyle == b.textStyle
    }
    public func hash(into h: inout Hasher) { h.combine(pointSize); h.combine(weight); h.combine(textStyle) }
    public var description: String { "UIFont(\(pointSize)pt, weight \(weight.rawValue))" }
}

/// An image: a size and, for solid-colour images, its colour.
public final class UIImage: Sendable {
    public let size: CGSize
    public let color: UIColor?
    public init(size: CGSize, color: UIColor? = nil) { self.size = size; self.color = color }
}

/// How a layer's rounded corners are drawn.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// A view showing text.
open class UILabel: UIView {
    open var text: String?
    open var textColor: UIColor?
    open var font: UIFont?
    open var numberOfLines: Int = 1
}

/// A view showing an image.
open class UIImageView: UIView {
    open var image: UIImage?
    public init(image: UIImage?) { self.image = image; super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
}

/// A scene that hosts windows (headless: identity only).
open class UIWindowScene {
    public init() {}
}
