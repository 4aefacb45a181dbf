import Foundation
import AppboyKit
#if canImport(UIKit)
import UIKit
#endif

/// The view controller of a displayed message. Subclass it (or one of the built-in subclasses) and return it
/// from `ABKInAppMessageUIDelegate.inAppMessageViewControllerWith(_:)` to customise a message's look. Headless,
/// nothing is drawn, but the four move hooks are called when the message comes on and goes off screen, and
/// `hideInAppMessage(_:)` closes it.
open class ABKInAppMessageViewController: UIViewController {
    /// The message this view controller displays.
    open var inAppMessage: ABKInAppMessage
    /// Set by the UI controller while the message is displayed.
    weak var uiController: ABKInAppMessageUIController?

    public init(inAppMessage: ABKInAppMessage) {
        self.inAppMessage = inAppMessage
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) { nil }

    /// Closes the message (as the app would: no dismissal callback).
    open func hideInAppMessage(_ animated: Bool) {
        uiController?.hide(inAppMessage)
    }

    /// Called just before the message goes off screen.
    open func beforeMoveInAppMessageViewOffScreen() {}
    /// Called as the message goes off screen.
    open func moveInAppMessageViewOffScreen() {}
    /// Called just before the message comes on screen.
    open func beforeMoveInAppMessageViewOnScreen() {}
    /// Called as the message comes on screen.
    open func moveInAppMessageViewOnScreen() {}

    /// The built-in view controller for a message's class (nil for classes the UI does not draw, as upstream).
    static func builtIn(for message: ABKInAppMessage) -> ABKInAppMessageViewController? {
        switch message {
        case let m as ABKInAppMessageSlideup: return ABKInAppMessageSlideupViewController(inAppMessage: m)
        case let m as ABKInAppMessageModal: return ABKInAppMessageModalViewController(inAppMessage: m)
        case let m as ABKInAppMessageFull: return ABKInAppMessageFullViewController(inAppMessage: m)
        case let m as ABKInAppMessageHTMLFull: return ABKInAppMessageHTMLFullViewController(inAppMessage: m)
        case let m as ABKInAppMessageHTML: return ABKInAppMessageHTMLViewController(inAppMessage: m)
        default: return nil
        }
    }
}
