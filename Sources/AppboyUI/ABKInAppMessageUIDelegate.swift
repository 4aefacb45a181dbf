import Foundation
import AppboyKit
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// The built-in UI's delegate: it can choose the view controller of each message, take clicks over and hear of
/// dismissals. Set it with `Appboy.sharedInstance()?.inAppMessageController.inAppMessageUIController?
/// .setInAppMessageUIDelegate?(self)`. Every requirement is optional; the defaults behave as if it were not
/// implemented. Called on the main executor.
public protocol ABKInAppMessageUIDelegate: AnyObject {
    /// Deprecated upstream (use the controller delegate's `before(inAppMessageDisplayed:)`). Asked after the
    /// controller delegate lets a message through, also while the keyboard is up: implemented, its answer decides
    /// (upstream's UI stacks messages for the keyboard only when it is not implemented and the controller delegate
    /// has no display question either). The default displays it.
    func before(inAppMessageDisplayed inAppMessage: ABKInAppMessage, withKeyboardIsUp keyboardIsUp: Bool) -> ABKInAppMessageDisplayChoice
    /// The view controller for a message. nil keeps the message off screen (its attempt fails, `noView`). The
    /// default is the built-in view controller for the message's class.
    func inAppMessageViewControllerWith(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageViewController?
    /// The same, for implementations that never return nil (Objective-C lets them drop the optional).
    func inAppMessageViewControllerWith(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageViewController
    /// A person closed the message (close button, swipe, outside tap) or its timer ran out. Not called when a click
    /// or the app closes it.
    func onInAppMessageDismissed(_ inAppMessage: ABKInAppMessage)
    /// A tap on the body of a slideup, or of a modal or full message without buttons. true: the app handles it;
    /// no click action runs and the message stays on screen (its timer stopped). Either way the click is logged
    /// when the message leaves the screen. Default false.
    func onInAppMessageClicked(_ inAppMessage: ABKInAppMessage) -> Bool
    /// A tap on a button. true: the app handles it (no action, the message stays; the click is logged when the
    /// message leaves). Default false.
    func onInAppMessageButtonClicked(_ inAppMessage: ABKInAppMessageImmersive, button: ABKInAppMessageButton) -> Bool
    /// A followed link of an HTML message (close and custom-event links included), with its `abButtonId` ("" when
    /// absent). true: the app handles it (the link is not followed, the message stays). Default false.
    func onInAppMessageHTMLButtonClicked(_ inAppMessage: ABKInAppMessageHTMLBase, clickedURL: URL?, buttonID buttonId: String) -> Bool
    /// The same, as older SDK versions declared it (for `ABKInAppMessageHTML` messages).
    func onInAppMessageHTMLButtonClicked(_ inAppMessage: ABKInAppMessageHTML, clickedURL: URL?, buttonID buttonId: String) -> Bool
    /// The web view configuration for HTML messages. Asked when an HTML message is shown; headless, the
    /// configuration does not change how the page runs.
    func setCustomWKWebViewConfiguration() -> WKWebViewConfiguration
}

extension ABKInAppMessageUIDelegate {
    public func before(inAppMessageDisplayed inAppMessage: ABKInAppMessage, withKeyboardIsUp keyboardIsUp: Bool) -> ABKInAppMessageDisplayChoice {
        OptionalRequirement.defaultRan()
        return .displayInAppMessageNow
    }
    public func inAppMessageViewControllerWith(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageViewController? {
        OptionalRequirement.defaultRan()
        return ABKInAppMessageViewController.builtIn(for: inAppMessage)
    }
    public func inAppMessageViewControllerWith(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageViewController {
        OptionalRequirement.defaultRan()
        return ABKInAppMessageViewController.builtIn(for: inAppMessage) ?? ABKInAppMessageViewController(inAppMessage: inAppMessage)
    }
    public func onInAppMessageDismissed(_ inAppMessage: ABKInAppMessage) {}
    public func onInAppMessageClicked(_ inAppMessage: ABKInAppMessage) -> Bool { false }
    public func onInAppMessageButtonClicked(_ inAppMessage: ABKInAppMessageImmersive, button: ABKInAppMessageButton) -> Bool { false }
    public func onInAppMessageHTMLButtonClicked(_ inAppMessage: ABKInAppMessageHTMLBase, clickedURL: URL?, buttonID buttonId: String) -> Bool {
        OptionalRequirement.defaultRan()
        return false
    }
    public func onInAppMessageHTMLButtonClicked(_ inAppMessage: ABKInAppMessageHTML, clickedURL: URL?, buttonID buttonId: String) -> Bool {
        OptionalRequirement.defaultRan()
        return false
    }
    public func setCustomWKWebViewConfiguration() -> WKWebViewConfiguration { WKWebViewConfiguration() }
}
