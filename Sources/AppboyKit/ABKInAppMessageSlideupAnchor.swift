/// The screen edge a slideup enters from.
public enum ABKInAppMessageSlideupAnchor: Int, Sendable {
    case fromTop = 0
    case fromBottom = 1
}
