#if canImport(UIKit)
import UIKit

extension Braze.InAppMessage.Color {
    /// The colour as a `UIColor`.
    public var uiColor: UIColor { UIColor(red: r, green: g, blue: b, alpha: a) }
}
#endif
