// Text alignment, as UIKit declares it (raw values as on iOS).

/// How text lines up horizontally.
public enum NSTextAlignment: Int, Sendable, Hashable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}
