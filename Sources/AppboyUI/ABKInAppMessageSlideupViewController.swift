import AppboyKit
#if canImport(UIKit)
import UIKit
#endif

/// The built-in view controller of a slideup. Subclass it to customise that kind of message.
open class ABKInAppMessageSlideupViewController: ABKInAppMessageViewController {
    /// How far the slideup sits from its resting position once visible (points). Kept and overridable; the headless
    /// message is not laid out, so it moves nothing.
    open var offset: CGFloat = 0
}
