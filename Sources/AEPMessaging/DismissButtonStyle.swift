/// How a card's dismiss button looks (`dismissBtn.style`): no button, a plain cross, or a filled circle with a cross.
public enum DismissButtonStyle: String, Sendable {
    case none
    case simple
    case circle = "circleFill"

    init(from string: String?) { self = string.flatMap(DismissButtonStyle.init(rawValue:)) ?? .none }

    /// The SF Symbol drawn for the style (nil for `.none`).
    public var iconName: String? {
        switch self {
        case .none: return nil
        case .simple: return "xmark"
        case .circle: return "xmark.circle.fill"
        }
    }
}
