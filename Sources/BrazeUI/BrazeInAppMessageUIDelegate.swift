import BrazeKit
#if canImport(UIKit)
import UIKit
#endif

/// Customises how `BrazeInAppMessageUI` presents messages. Every method has a default, so an empty
/// conformance keeps the stock behaviour: every message displays now, every click action is processed.
///
/// Isolation: the methods are not actor-isolated (see Docs/Braze.md). The UI calls them synchronously on
/// the thread that drives it (the thread calling `present(message:)`, a tap, or the clock advance that
/// fires an auto-dismiss timer) — in an app that is the main thread, as upstream.
public protocol BrazeInAppMessageUIDelegate: AnyObject {
    /// Whether to display `message` now, put it back on the stack, or drop it. Default `.now`.
    func inAppMessage(_ ui: BrazeInAppMessageUI, displayChoiceForMessage message: Braze.InAppMessage)
        -> BrazeInAppMessageUI.DisplayChoice
    /// Last edit before display: change the message, view attributes, orientation, status bar, window level,
    /// or supply your own view. Default: no change.
    func inAppMessage(_ ui: BrazeInAppMessageUI, prepareWith context: inout BrazeInAppMessageUI.PresentationContext)
    func inAppMessage(_ ui: BrazeInAppMessageUI, willPresent message: Braze.InAppMessage, view: any InAppMessageView)
    func inAppMessage(_ ui: BrazeInAppMessageUI, didPresent message: Braze.InAppMessage, view: any InAppMessageView)
    func inAppMessage(_ ui: BrazeInAppMessageUI, willDismiss message: Braze.InAppMessage, view: any InAppMessageView)
    func inAppMessage(_ ui: BrazeInAppMessageUI, didDismiss message: Braze.InAppMessage, view: any InAppMessageView)
    /// Whether to carry out a click's action (`buttonId` is the button's id as a decimal string, nil for a
    /// body click). The click is logged before, and the message is dismissed after, whatever the answer.
    /// Default `true`.
    func inAppMessage(_ ui: BrazeInAppMessageUI, shouldProcess clickAction: Braze.InAppMessage.ClickAction,
                      buttonId: String?, message: Braze.InAppMessage, view: any InAppMessageView) -> Bool
}

extension BrazeInAppMessageUIDelegate {
    public func inAppMessage(_ ui: BrazeInAppMessageUI, displayChoiceForMessage message: Braze.InAppMessage)
        -> BrazeInAppMessageUI.DisplayChoice { .now }
    public func inAppMessage(_ ui: BrazeInAppMessageUI, prepareWith context: inout BrazeInAppMessageUI.PresentationContext) {}
    public func inAppMessage(_ ui: BrazeInAppMessageUI, willPresent message: Braze.InAppMessage, view: any InAppMessageView) {}
    public func inAppMessage(_ ui: BrazeInAppMessageUI, didPresent message: Braze.InAppMessage, view: any InAppMessageView) {}
    public func inAppMessage(_ ui: BrazeInAppMessageUI, willDismiss message: Braze.InAppMessage, view: any InAppMessageView) {}
    public func inAppMessage(_ ui: BrazeInAppMessageUI, didDismiss message: Braze.InAppMessage, view: any InAppMessageView) {}
    public func inAppMessage(_ ui: BrazeInAppMessageUI, shouldProcess clickAction: Braze.InAppMessage.ClickAction,
                             buttonId: String?, message: Braze.InAppMessage, view: any InAppMessageView) -> Bool { true }
}
