import Foundation
import InAppCore

/// A custom in-app message UI. Every requirement is optional. Headless, the controller tells it about each
/// message it displays (`show(_:)`) and asks it whether one is visible; it does not draw anything itself.
///
/// When the module `AppboyUI` is linked, `ABKInAppMessageController.inAppMessageUIController` starts as its
/// `ABKInAppMessageUIController`, as upstream: the built-in UI, whose UI delegate
/// (`setInAppMessageUIDelegate?(_:)`) may take over clicks and choose the view controller.
public protocol ABKInAppMessageUIControlling: AnyObject {
    func setInAppMessageUIDelegate(_ delegate: Any)
    func hideCurrent(inAppMessage animated: Bool)
    func getCurrentDisplayChoiceFor(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice
    func getCurrentDisplayChoiceForControl(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice
    func show(_ inAppMessage: ABKInAppMessage)
    func inAppMessageCurrentlyVisible() -> Bool
}

extension ABKInAppMessageUIControlling {
    public func setInAppMessageUIDelegate(_ delegate: Any) {}
    public func hideCurrent(inAppMessage animated: Bool) {}
    public func getCurrentDisplayChoiceFor(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
        .displayInAppMessageNow
    }
    public func getCurrentDisplayChoiceForControl(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
        .displayInAppMessageNow
    }
    public func show(_ inAppMessage: ABKInAppMessage) {}
    public func inAppMessageCurrentlyVisible() -> Bool { false }
}

// Upstream the requirements are optional Objective-C methods, so Swift code calls them with `?` (or `!`) after the
// name: `controller.inAppMessageUIController?.setInAppMessageUIDelegate?(self)`. These properties make that
// spelling compile for the one-argument requirements; each forwards to the conformer's method. (A closure has no
// argument labels, so `hideCurrent?(inAppMessage:)` cannot be offered; zero-argument requirements neither.)
extension ABKInAppMessageUIControlling {
    /// `setInAppMessageUIDelegate?(delegate)`: the optional-method spelling of `setInAppMessageUIDelegate(_:)`.
    public var setInAppMessageUIDelegate: ((Any) -> Void)? {
        { [self] delegate in self.setInAppMessageUIDelegate(delegate) }
    }
    /// `getCurrentDisplayChoiceFor?(message)`: the optional-method spelling of `getCurrentDisplayChoiceFor(_:)`.
    public var getCurrentDisplayChoiceFor: ((ABKInAppMessage) -> ABKInAppMessageDisplayChoice)? {
        { [self] message in self.getCurrentDisplayChoiceFor(message) }
    }
    /// `getCurrentDisplayChoiceForControl?(message)`: the optional-method spelling.
    public var getCurrentDisplayChoiceForControl: ((ABKInAppMessage) -> ABKInAppMessageDisplayChoice)? {
        { [self] message in self.getCurrentDisplayChoiceForControl(message) }
    }
    /// `show?(message)`: the optional-method spelling of `show(_:)`.
    public var show: ((ABKInAppMessage) -> Void)? {
        { [self] message in self.show(message) }
    }
}

/// What the built-in UI (`AppboyUI.ABKInAppMessageUIController`) adds to the controller's display flow. The
/// controller calls these at the points where the upstream UI consults its UI delegate; the UI holds no queue or
/// state machine of its own (the presentation engine does).
package protocol ABKInAppMessageBuiltInUI: ABKInAppMessageUIControlling {
    init()
    /// Called once, by the controller that made it.
    func attach(to controller: ABKInAppMessageController)
    /// Whether a UI delegate is set.
    var hasUIDelegate: Bool { get }
    /// The UI delegate's answer to its (deprecated) display question, asked with the keyboard as the UI sees it;
    /// nil without a UI delegate or when it does not implement the question.
    func uiDelegateDisplayChoice(for inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice?
    /// Whether there is a view controller for the message (the UI delegate may return none: not displayed).
    func viewControllerAvailable(for inAppMessage: ABKInAppMessage) -> Bool
    /// The message is on screen.
    func didShow(_ inAppMessage: ABKInAppMessage)
    /// The message is leaving the screen, for `cause`.
    func willHide(_ inAppMessage: ABKInAppMessage, cause: DismissCause)
    /// A link of an HTML message was followed; true when the UI delegate took the click over.
    func uiDelegateHandlesHTMLClick(_ inAppMessage: ABKInAppMessageHTMLBase, url: URL, buttonID: String) -> Bool
}
