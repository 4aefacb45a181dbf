/// How a message goes away.
public enum ABKInAppMessageDismissType: Int, Sendable {
    /// After `duration` seconds on screen.
    case automatically = 0
    /// When the user closes it.
    case manually = 1
}
