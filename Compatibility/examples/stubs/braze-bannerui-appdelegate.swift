// Stand-in for the BannerUI example's `AppDelegate`, which the app declares in a file this platform cannot
// compile (it imports SwiftUI). Compiled by Compatibility/examples/check.py only when that file is left out, so
// that the app's other files are type-checked against the package: the shared Braze instance and the readme
// screen's navigation entry points (no-ops here; the app's own file pushes its banner screens).
import BrazeKit
import UIKit

class AppDelegate: UIResponder, UIApplicationDelegate {
    static var braze: Braze? = nil
    enum UIFramework { case uiKit, swiftUI }
    func displayFullScreenBanner(framework: UIFramework) {}
    func displayWideBanner(framework: UIFramework) {}
}
