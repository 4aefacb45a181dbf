import Foundation
#if canImport(UIKit)
import UIKit
#endif

/// UI helpers of the built-in UI that customization code uses.
open class ABKUIUtils: NSObject {
    #if canImport(Darwin)
    /// The view controller at the root of the app's key window (a bare one when the app has no window yet).
    @MainActor public class var activeApplicationViewController: UIViewController {
        let windows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        return (windows.first { $0.isKeyWindow } ?? windows.first)?.rootViewController ?? UIViewController()
    }
    #else
    /// The view controller at the root of the app's key window (a bare one when the app has no window yet).
    public class var activeApplicationViewController: UIViewController {
        let app = UIApplication.shared
        return (app.keyWindow ?? app.windows.first)?.rootViewController ?? UIViewController()
    }
    #endif
}
