/// A custom in-app message UI. Every requirement is optional. Headless, the controller tells it about each
/// message it displays (`show(_:)`) and asks it whether one is visible; it does not draw anything itself.
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
