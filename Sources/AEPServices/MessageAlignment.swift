import Foundation

/// Where a message sits on an axis (AEPServices `MessageAlignment`).
public enum MessageAlignment: Int, Sendable {
    case center = 0
    case left = 1
    case right = 2
    case top = 3
    case bottom = 4

    /// Case-sensitive: `"center"`, `"left"`, `"right"`, `"top"`, `"bottom"`; anything else is `.center`.
    public static func fromString(_ string: String) -> MessageAlignment {
        switch string {
        case "left": return .left
        case "right": return .right
        case "top": return .top
        case "bottom": return .bottom
        default: return .center
        }
    }
}
