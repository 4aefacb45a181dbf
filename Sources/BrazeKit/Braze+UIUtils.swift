import Foundation
#if canImport(UIKit)
import UIKit
#endif

extension Braze {
    /// UI helpers of the SDK.
    public enum UIUtils {
        /// The view controller on top of the key window: its root, then whatever it presents, then the top of
        /// a navigation stack. Headless: the key window is the last window made key (`UIWindow.makeKey()`).
        public static var activeTopmostViewController: UIViewController? {
            var top = UIApplication.shared.keyWindow?.rootViewController
            while true {
                if let presented = top?.presentedViewController { top = presented; continue }
                if let nav = top as? UINavigationController, let inner = nav.topViewController, inner !== top { top = inner; continue }
                return top
            }
        }

        /// The scene of the key window.
        public static var activeWindowScene: UIWindowScene? { UIApplication.shared.keyWindow?.windowScene }
    }
}
