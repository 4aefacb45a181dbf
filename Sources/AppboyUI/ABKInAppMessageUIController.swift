import Foundation
@_exported import AppboyKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// The built-in in-app message UI of the legacy API. With this module linked, every
/// `ABKInAppMessageController` starts with one as its `inAppMessageUIController`, as upstream. It adds the UI
/// delegate to the controller's flow: the delegate's display question, its view controller (or none), its
/// click take-overs and dismissal callbacks. It is a translation: the controller's presentation engine keeps the
/// stack, the one-at-a-time display and the timers.
///
/// Headless extras (not upstream): `inAppMessageViewController` and the `simulate…` inputs, a person's taps on
/// the message on screen (HTML messages are tapped through `controller.htmlPage`).
open class ABKInAppMessageUIController: NSObject, ABKInAppMessageUIControlling, ABKInAppMessageBuiltInUI, @unchecked Sendable {
    /// The UI delegate (held weakly), set with `setInAppMessageUIDelegate(_:)`.
    open weak var uiDelegate: (any ABKInAppMessageUIDelegate)?
    /// The orientations the message's window supports (default all). Kept only: the headless window does not rotate.
    open var supportedOrientationMask: UIInterfaceOrientationMask = .all
    /// The orientation the message's window prefers (default unknown: the interface's). Kept only, as above.
    open var preferredOrientation: UIInterfaceOrientation = .unknown
    /// Headless extra: the view controller of the message on screen, or nil.
    public private(set) var inAppMessageViewController: ABKInAppMessageViewController?
    private weak var controller: ABKInAppMessageController?
    private var keyboardOverride: Bool?

    public required override init() { super.init() }

    /// Whether the keyboard is up: the simulated device's keyboard unless set.
    open var keyboardVisible: Bool {
        get { keyboardOverride ?? controller?.environment.device.state.isKeyboardVisible ?? false }
        set { keyboardOverride = newValue }
    }

    package func attach(to controller: ABKInAppMessageController) { self.controller = controller }

    private var trace: Trace? { controller?.environment.trace }

    // MARK: ABKInAppMessageUIControlling

    /// Sets the UI delegate; an object that is not an `ABKInAppMessageUIDelegate` is ignored (recorded).
    open func setInAppMessageUIDelegate(_ delegate: Any) {
        guard let d = delegate as? any ABKInAppMessageUIDelegate else {
            trace?.record(.diagnostic, "uiDelegateIgnored", ["reason": "notAnABKInAppMessageUIDelegate",
                                                             "type": String(describing: type(of: delegate))])
            return
        }
        uiDelegate = d
    }

    /// Closes the message on screen, if any (no dismissal callback).
    open func hideCurrent(inAppMessage animated: Bool) {
        guard let controller, let shown = controller.displayedInAppMessage else { return }
        _ = controller.close(shown, cause: .app)
    }

    /// Upstream's question before display: later while the keyboard is up, unless the UI delegate or else the
    /// controller delegate answers.
    open func getCurrentDisplayChoiceFor(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
        if let d = uiDelegate {
            let asked = OptionalRequirement.call { d.before(inAppMessageDisplayed: inAppMessage, withKeyboardIsUp: keyboardVisible) }
            if asked.implemented { return asked.value }
        }
        if let d = controller?.delegate {
            let asked = OptionalRequirement.call { d.before(inAppMessageDisplayed: inAppMessage) }
            if asked.implemented { return asked.value }
        }
        return keyboardVisible ? .reenqueueInAppMessage : .displayInAppMessageNow
    }

    /// The same question for a control message: the controller delegate's control question, if it has one.
    open func getCurrentDisplayChoiceForControl(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
        if let d = controller?.delegate {
            let asked = OptionalRequirement.call { d.beforeControlMessageImpressionLogged(inAppMessage) }
            if asked.implemented { return asked.value }
        }
        return keyboardVisible ? .reenqueueInAppMessage : .displayInAppMessageNow
    }

    /// Displays the message now, without the delegates' questions, if nothing else is on screen.
    open func show(_ inAppMessage: ABKInAppMessage) {
        controller?.showWithoutDecision(inAppMessage)
    }

    open func inAppMessageCurrentlyVisible() -> Bool { controller?.displayedInAppMessage != nil }

    // MARK: The controller's flow (ABKInAppMessageBuiltInUI)

    package var hasUIDelegate: Bool { uiDelegate != nil }

    package func uiDelegateDisplayChoice(for inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice? {
        guard let d = uiDelegate else { return nil }
        let keyboard = keyboardVisible
        let asked = OptionalRequirement.call { d.before(inAppMessageDisplayed: inAppMessage, withKeyboardIsUp: keyboard) }
        // Upstream asks only a delegate that implements the question: only that call is traced.
        guard asked.implemented else { return nil }
        trace?.record(.callback, "before(inAppMessageDisplayed:withKeyboardIsUp:)", message: inAppMessage.messageID,
                      ["keyboardIsUp": String(keyboard), "choice": String(describing: asked.value)])
        return asked.value
    }

    package func viewControllerAvailable(for inAppMessage: ABKInAppMessage) -> Bool {
        let made: ABKInAppMessageViewController?
        if let d = uiDelegate {
            trace?.record(.callback, "inAppMessageViewControllerWith(_:)", message: inAppMessage.messageID)
            let answer = OptionalRequirement.call { () -> ABKInAppMessageViewController? in d.inAppMessageViewControllerWith(inAppMessage) }
            if answer.implemented {
                made = answer.value
            } else {
                // Not implemented: the default answered with the built-in view controller; the spelling without the
                // optional may be the one implemented.
                let nonNil = OptionalRequirement.call { () -> ABKInAppMessageViewController in d.inAppMessageViewControllerWith(inAppMessage) }
                made = nonNil.implemented ? nonNil.value : answer.value
            }
        } else {
            made = ABKInAppMessageViewController.builtIn(for: inAppMessage)
        }
        guard let made else {
            trace?.record(.diagnostic, "noViewController", message: inAppMessage.messageID, ["class": String(describing: type(of: inAppMessage))])
            return false
        }
        made.uiController = self
        pending = (inAppMessage, made)
        return true
    }

    /// The view controller made for the message being presented (whatever message the delegate built it with),
    /// until that message is on screen.
    private var pending: (message: ABKInAppMessage, viewController: ABKInAppMessageViewController)?

    package func didShow(_ inAppMessage: ABKInAppMessage) {
        let vc = pending.flatMap { $0.message === inAppMessage ? $0.viewController : nil }
            ?? ABKInAppMessageViewController.builtIn(for: inAppMessage)
        pending = nil
        vc?.uiController = self
        inAppMessageViewController = vc
        if inAppMessage is ABKInAppMessageHTMLBase, let d = uiDelegate {
            trace?.record(.callback, "setCustomWKWebViewConfiguration()", message: inAppMessage.messageID)
            _ = d.setCustomWKWebViewConfiguration()
        }
        vc?.beforeMoveInAppMessageViewOnScreen()
        vc?.moveInAppMessageViewOnScreen()
    }

    package func willHide(_ inAppMessage: ABKInAppMessage, cause: DismissCause) {
        // Upstream the callback comes from the close button, the swipe, the outside tap and the timer; an HTML
        // message has no close button of its own (its links and bridge close it without the callback).
        let byPerson = cause == .user && !(inAppMessage is ABKInAppMessageHTMLBase)
        if byPerson || cause == .timeout, let d = uiDelegate {
            trace?.record(.callback, "onInAppMessageDismissed(_:)", message: inAppMessage.messageID, ["cause": cause.rawValue])
            d.onInAppMessageDismissed(inAppMessage)
        }
        let vc = inAppMessageViewController
        vc?.beforeMoveInAppMessageViewOffScreen()
        vc?.moveInAppMessageViewOffScreen()
        vc?.uiController = nil
        inAppMessageViewController = nil
    }

    package func uiDelegateHandlesHTMLClick(_ inAppMessage: ABKInAppMessageHTMLBase, url: URL, buttonID: String) -> Bool {
        guard let d = uiDelegate else { return false }
        var answer = OptionalRequirement.call { () -> Bool in
            d.onInAppMessageHTMLButtonClicked(inAppMessage, clickedURL: url, buttonID: buttonID)
        }
        if !answer.implemented, let html = inAppMessage as? ABKInAppMessageHTML {
            answer = OptionalRequirement.call { () -> Bool in d.onInAppMessageHTMLButtonClicked(html, clickedURL: url, buttonID: buttonID) }
        }
        let handled = answer.value
        trace?.record(.callback, "onInAppMessageHTMLButtonClicked(_:clickedURL:buttonID:)", message: inAppMessage.messageID,
                      ["url": url.absoluteString, "buttonID": buttonID, "returned": String(handled)])
        return handled
    }

    // MARK: Used by view controllers

    func hide(_ inAppMessage: ABKInAppMessage) {
        _ = controller?.close(inAppMessage, cause: .app)
    }

    // MARK: A person's input (headless extras)

    /// Taps the body of the message on screen: a slideup, or a modal or full message without buttons. The UI
    /// delegate's `onInAppMessageClicked(_:)` may take the click over (the message stays, its timer stopped);
    /// otherwise the message's click action runs and it closes. The click is logged when the message leaves the
    /// screen, as upstream. False (recorded) when there is no such body on screen.
    @discardableResult
    open func simulateTap() -> Bool {
        guard let controller, let m = controller.displayedInAppMessage else { return ignored("simulateTap", "nothingDisplayed") }
        if let immersive = m as? ABKInAppMessageImmersive, !(immersive.buttons ?? []).isEmpty {
            return ignored("simulateTap", "messageHasButtons")
        }
        guard m is ABKInAppMessageSlideup || m is ABKInAppMessageImmersive else { return ignored("simulateTap", "noTappableBody") }
        var handled = false
        if let d = uiDelegate {
            handled = d.onInAppMessageClicked(m)
            trace?.record(.callback, "onInAppMessageClicked(_:)", message: m.messageID, ["returned": String(handled)])
        }
        return controller.userClicked(m, button: nil, takenOver: handled)
    }

    /// Taps the button at `index` of the modal or full message on screen. The UI delegate's
    /// `onInAppMessageButtonClicked(_:button:)` may take it over; otherwise the button's action runs and the
    /// message closes.
    @discardableResult
    open func simulateTapButton(at index: Int) -> Bool {
        guard let controller, let m = controller.displayedInAppMessage as? ABKInAppMessageImmersive,
              let buttons = m.buttons, buttons.indices.contains(index) else { return ignored("simulateTapButton", "noSuchButton") }
        let button = buttons[index]
        var handled = false
        if let d = uiDelegate {
            handled = d.onInAppMessageButtonClicked(m, button: button)
            trace?.record(.callback, "onInAppMessageButtonClicked(_:button:)", message: m.messageID,
                          ["buttonID": String(button.buttonID), "returned": String(handled)])
        }
        return controller.userClicked(m, button: button, takenOver: handled)
    }

    /// Taps the close button of the modal or full message on screen: it closes, with no click.
    @discardableResult
    open func simulateClose() -> Bool {
        guard let controller, let m = controller.displayedInAppMessage as? ABKInAppMessageImmersive else {
            return ignored("simulateClose", "noCloseButton")
        }
        return controller.close(m, cause: .user)
    }

    /// Swipes the slideup on screen away: it closes, with no click.
    @discardableResult
    open func simulateSwipe() -> Bool {
        guard let controller, let m = controller.displayedInAppMessage as? ABKInAppMessageSlideup else {
            return ignored("simulateSwipe", "notASlideup")
        }
        return controller.close(m, cause: .user)
    }

    /// Taps outside a modal message: it closes when the controller's `enableDismissModalOnOutsideTap` is set.
    @discardableResult
    open func simulateBackgroundTap() -> Bool {
        guard let controller, let m = controller.displayedInAppMessage as? ABKInAppMessageModal else {
            return ignored("simulateBackgroundTap", "notAModal")
        }
        guard controller.enableDismissModalOnOutsideTap else { return ignored("simulateBackgroundTap", "outsideTapDisabled") }
        return controller.close(m, cause: .user)
    }

    private func ignored(_ input: String, _ reason: String) -> Bool {
        trace?.record(.diagnostic, "inputIgnored", ["input": input, "reason": reason])
        return false
    }
}
