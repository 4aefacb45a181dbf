import BrazeKit
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageThemeable {
    /// The theme for `traits`: dark when the traits are dark and a dark theme exists, light otherwise.
    public func theme(for traits: UITraitCollection) -> Braze.InAppMessage.Theme {
        traits.userInterfaceStyle == .dark ? (themes.dark ?? themes.light) : themes.light
    }
}

extension Braze.InAppMessage.Button {
    /// The button theme for `traits`: dark when the traits are dark and a dark theme exists, light otherwise.
    public func theme(for traits: UITraitCollection) -> Braze.InAppMessage.ButtonTheme {
        traits.userInterfaceStyle == .dark ? (themes.dark ?? themes.light) : themes.light
    }
}

extension Braze.InAppMessage.Color {
    /// A 1×1 image of this colour.
    public var image: UIImage { UIImage(size: CGSize(width: 1, height: 1), color: uiColor) }
}
