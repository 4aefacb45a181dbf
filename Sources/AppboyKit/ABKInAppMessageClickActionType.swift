/// What a tap on a message or button does.
public enum ABKInAppMessageClickActionType: Int, Sendable {
    /// Open `uri`.
    case redirectToURI = 0
    /// Only log the click and close the message.
    case noneClickAction = 1
}
