// Traits: light/dark, size classes, idiom, scale and content size, and the trait collection that carries them.

/// Light or dark interface style.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light = 1, dark = 2
}

/// The size class of one axis of the screen.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0, compact = 1, regular = 2
}

/// The kind of device.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}

/// Left-to-right or right-to-left layout.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0, rightToLeft = 1
}

/// The preferred text size of the user (Dynamic Type).
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = Self(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = Self(rawValue: "UICTContentSizeCategoryXS")
    public static let small = Self(rawValue: "UICTContentSizeCategoryS")
    public static let medium = Self(rawValue: "UICTContentSizeCategoryM")
    public static let large = Self(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = Self(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = Self(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    private static let order: [Self] = [.unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge,
                                        .extraExtraExtraLarge, .accessibilityMedium, .accessibilityLarge,
                                        .accessibilityExtraLarge, .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge]
    var rank: Int { Self.order.firstIndex(of: self) ?? 4 }
    /// Whether this is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { rank >= 8 }
    public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
}

/// The traits a view is drawn under (interface style, size classes, idiom, scale, text size).
public final class UITraitCollection: Sendable, Equatable, CustomStringConvertible {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let displayScale: CGFloat
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let layoutDirection: UIUserInterfaceLayoutDirection

    public init(userInterfaceStyle: UIUserInterfaceStyle = .unspecified,
                horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                verticalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified,
                displayScale: CGFloat = 0,
                preferredContentSizeCategory: UIContentSizeCategory = .unspecified,
                layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight) {
        self.userInterfaceStyle = userInterfaceStyle
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.displayScale = displayScale
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.layoutDirection = layoutDirection
    }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(userInterfaceStyle: userInterfaceStyle, horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified)
    }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(userInterfaceStyle: .unspecified, horizontalSizeClass: horizontalSizeClass) }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(userInterfaceStyle: .unspecified, verticalSizeClass: verticalSizeClass) }
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) { self.init(userInterfaceStyle: .unspecified, userInterfaceIdiom: userInterfaceIdiom) }
    public convenience init(displayScale: CGFloat) { self.init(userInterfaceStyle: .unspecified, displayScale: displayScale) }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(userInterfaceStyle: .unspecified, preferredContentSizeCategory: preferredContentSizeCategory)
    }
    /// The traits of `traitCollections` merged, later ones winning where they specify a value.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var style = UIUserInterfaceStyle.unspecified, h = UIUserInterfaceSizeClass.unspecified, v = UIUserInterfaceSizeClass.unspecified
        var idiom = UIUserInterfaceIdiom.unspecified, scale: CGFloat = 0, size = UIContentSizeCategory.unspecified
        var direction = UIUserInterfaceLayoutDirection.leftToRight
        for t in traitCollections {
            if t.userInterfaceStyle != .unspecified { style = t.userInterfaceStyle }
            if t.horizontalSizeClass != .unspecified { h = t.horizontalSizeClass }
            if t.verticalSizeClass != .unspecified { v = t.verticalSizeClass }
            if t.userInterfaceIdiom != .unspecified { idiom = t.userInterfaceIdiom }
            if t.displayScale != 0 { scale = t.displayScale }
            if t.preferredContentSizeCategory != .unspecified { size = t.preferredContentSizeCategory }
            if t.layoutDirection != .leftToRight { direction = t.layoutDirection }
        }
        self.init(userInterfaceStyle: style, horizontalSizeClass: h, verticalSizeClass: v, userInterfaceIdiom: idiom,
                  displayScale: scale, preferredContentSizeCategory: size, layoutDirection: direction)
    }

    /// Whether every trait `other` specifies has the same value here.
    public func containsTraits(in other: UITraitCollection?) -> Bool {
        guard let o = other else { return true }
        return (o.userInterfaceStyle == .unspecified || o.userInterfaceStyle == userInterfaceStyle)
            && (o.horizontalSizeClass == .unspecified || o.horizontalSizeClass == horizontalSizeClass)
            && (o.verticalSizeClass == .unspecified || o.verticalSizeClass == verticalSizeClass)
            && (o.userInterfaceIdiom == .unspecified || o.userInterfaceIdiom == userInterfaceIdiom)
            && (o.displayScale == 0 || o.displayScale == displayScale)
            && (o.preferredContentSizeCategory == .unspecified || o.preferredContentSizeCategory == preferredContentSizeCategory)
    }

    /// Whether colours resolve differently under `other` (the interface style differs).
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
    }

    private static let currentStore = ShimLocked(UITraitCollection(userInterfaceStyle: .light, horizontalSizeClass: .compact,
                                                                   verticalSizeClass: .regular, userInterfaceIdiom: .phone,
                                                                   displayScale: 3, preferredContentSizeCategory: .large))
    /// The traits dynamic colours resolve under outside a view (light, phone, by default). Tests may set it.
    public static var current: UITraitCollection {
        get { currentStore.get() }
        set { currentStore.set(newValue) }
    }

    /// Runs `body` with `current` set to this collection.
    public func performAsCurrent(_ body: () throws -> Void) rethrows {
        let saved = UITraitCollection.current
        UITraitCollection.current = self
        defer { UITraitCollection.current = saved }
        try body()
    }

    public static func == (a: UITraitCollection, b: UITraitCollection) -> Bool {
        a.userInterfaceStyle == b.userInterfaceStyle && a.horizontalSizeClass == b.horizontalSizeClass
            && a.verticalSizeClass == b.verticalSizeClass && a.userInterfaceIdiom == b.userInterfaceIdiom
            && a.displayScale == b.displayScale && a.preferredContentSizeCategory == b.preferredContentSizeCategory
            && a.layoutDirection == b.layoutDirection
    }
    public var description: String {
        "UITraitCollection(style: \(userInterfaceStyle), h: \(horizontalSizeClass), v: \(verticalSizeClass), idiom: \(userInterfaceIdiom))"
    }
}

/// Something that has traits and hears when they change (views, view controllers, windows, screens).
public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}
