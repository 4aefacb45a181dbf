/// The device orientations a message may be displayed in.
public enum ABKInAppMessageOrientation: Int, Sendable {
    case any = 0
    case portrait = 1
    case landscape = 2
}
