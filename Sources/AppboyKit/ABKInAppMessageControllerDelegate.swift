/// Lets the app decide, message by message, whether an in-app message is displayed. Every requirement is
/// optional: the defaults display the message now and ignore unmatched events.
public protocol ABKInAppMessageControllerDelegate: AnyObject {
    /// Asked before a (non-control) message is displayed, on the main thread.
    /// `.reenqueueInAppMessage` / `.displayInAppMessageLater` put it back on the stack; `.discardInAppMessage` drops it.
    func before(inAppMessageDisplayed inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice
    /// Asked before a control message's impression is recorded.
    func beforeControlMessageImpressionLogged(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice
    /// Told when a logged event matched no trigger.
    func noMatchingTrigger(for eventType: ABKTriggerEventType, name: String?)
}

extension ABKInAppMessageControllerDelegate {
    public func before(inAppMessageDisplayed inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
        OptionalRequirement.defaultRan()
        return .displayInAppMessageNow
    }
    public func beforeControlMessageImpressionLogged(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
        OptionalRequirement.defaultRan()
        return .displayInAppMessageNow
    }
    public func noMatchingTrigger(for eventType: ABKTriggerEventType, name: String?) {}
}
