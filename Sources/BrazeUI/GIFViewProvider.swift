import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// Makes the views that show message images (animated GIF support is up to the provider).
public struct GIFViewProvider: Sendable {
    /// Makes a view for an image URL.
    public var view: @Sendable (URL?) -> UIView
    /// Points an existing view at another image URL.
    public var updateView: @Sendable (UIView, URL?) -> Void

    public init(view: @escaping @Sendable (URL?) -> UIView, updateView: @escaping @Sendable (UIView, URL?) -> Void) {
        self.view = view; self.updateView = updateView
    }

    /// Plain image views (no animation); the URL is kept in `accessibilityIdentifier`.
    public static let nonAnimating = GIFViewProvider(
        view: { url in let v = UIImageView(image: nil); v.accessibilityIdentifier = url?.absoluteString; return v },
        updateView: { view, url in view.accessibilityIdentifier = url?.absoluteString })

    // Process-wide as upstream; a test with its own environment (parallel tests) sets and sees its own.
    private static let store = EnvironmentSetting(GIFViewProvider.nonAnimating)
    /// The provider stock views use by default.
    public static var shared: GIFViewProvider {
        get { store.value }
        set { store.value = newValue }
    }
}
