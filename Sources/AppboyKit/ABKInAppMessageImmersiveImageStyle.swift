/// How a modal or full message uses its image.
public enum ABKInAppMessageImmersiveImageStyle: Int, Sendable {
    /// The image is the whole message (image-only).
    case graphic = 0
    /// The image sits above header and body.
    case topImage = 1
}
