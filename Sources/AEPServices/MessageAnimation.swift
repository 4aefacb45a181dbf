import Foundation

/// How a message enters or leaves the screen (AEPServices `MessageAnimation`).
public enum MessageAnimation: Int, Sendable {
    case none = 0
    case left = 1
    case right = 2
    case top = 3
    case bottom = 4
    case center = 5
    case fade = 6

    /// Case-sensitive: `"none"`, `"left"`, `"right"`, `"top"`, `"bottom"`, `"center"`, `"fade"`; anything else is `.none`.
    public static func fromString(_ string: String) -> MessageAnimation {
        switch string {
        case "left": return .left
        case "right": return .right
        case "top": return .top
        case "bottom": return .bottom
        case "center": return .center
        case "fade": return .fade
        default: return .none
        }
    }
}
