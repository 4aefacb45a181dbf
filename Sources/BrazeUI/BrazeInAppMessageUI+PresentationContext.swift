import BrazeKit
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// Everything about one presentation that `inAppMessage(_:prepareWith:)` may change. What the delegate
    /// leaves here is what gets presented.
    public struct PresentationContext {
        /// The message to present.
        public var message: Braze.InAppMessage
        /// The view attributes (nil for control messages). Must be the same kind as `message`.
        public var attributes: ViewAttributes?
        /// A view to use instead of the stock one.
        public var customView: (any InAppMessageView)?
        /// The orientation to present in, honoured when both the message's `orientation` and the app's
        /// supported orientations allow it. Default: the device's current orientation.
        public var preferredOrientation: UIInterfaceOrientation
        public var statusBarHideBehavior: StatusBarHideBehavior
        public var windowLevel: UIWindow.Level
        /// The scene to present in (headless: recorded only).
        public var windowScene: UIWindowScene?
        /// A view controller whose status bar / orientation preferences the message adopts (headless: its
        /// `prefersStatusBarHidden` is read for `.auto`).
        public var preferencesProxy: UIViewController?

        public init(message: Braze.InAppMessage, attributes: ViewAttributes? = nil, customView: (any InAppMessageView)? = nil,
                    preferredOrientation: UIInterfaceOrientation = .portrait, statusBarHideBehavior: StatusBarHideBehavior = .auto,
                    windowLevel: UIWindow.Level = .normal, windowScene: UIWindowScene? = nil,
                    preferencesProxy: UIViewController? = nil) {
            self.message = message; self.attributes = attributes; self.customView = customView
            self.preferredOrientation = preferredOrientation; self.statusBarHideBehavior = statusBarHideBehavior
            self.windowLevel = windowLevel; self.windowScene = windowScene; self.preferencesProxy = preferencesProxy
        }
    }
}
