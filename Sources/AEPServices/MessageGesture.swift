import Foundation

/// A gesture a message reacts to (AEPServices `MessageGesture`).
public enum MessageGesture: Int, Sendable {
    case swipeUp = 0
    case swipeDown = 1
    case swipeLeft = 2
    case swipeRight = 3
    case tapBackground = 4

    /// Case-sensitive: `"swipeUp"`, `"swipeDown"`, `"swipeLeft"`, `"swipeRight"`, `"tapBackground"`; anything else is nil.
    public static func fromString(_ string: String) -> MessageGesture? {
        switch string {
        case "swipeUp": return .swipeUp
        case "swipeDown": return .swipeDown
        case "swipeLeft": return .swipeLeft
        case "swipeRight": return .swipeRight
        case "tapBackground": return .tapBackground
        default: return nil
        }
    }
}
