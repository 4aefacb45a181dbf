/// A controller delegate's answer for a message about to be displayed.
public enum ABKInAppMessageDisplayChoice: Int, Sendable {
    /// Display it now.
    case displayInAppMessageNow = 0
    /// Do not display it now; put it back on the stack for a later `displayNextInAppMessage()`.
    case reenqueueInAppMessage = 1
    /// Deprecated: the same as `reenqueueInAppMessage`.
    case displayInAppMessageLater = 2
    /// Never display it.
    case discardInAppMessage = 3
}
