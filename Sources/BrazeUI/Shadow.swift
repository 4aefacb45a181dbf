#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// A drop shadow (recorded, not drawn).
    public struct Shadow: Equatable, Sendable {
        public var color: UIColor
        public var offset: CGSize
        public var radius: Double
        public var opacity: Double
        public init(color: UIColor, offset: CGSize, radius: Double, opacity: Double) {
            self.color = color; self.offset = offset; self.radius = radius; self.opacity = opacity
        }
        /// The shadow under stock in-app messages.
        public static let inAppMessage = Shadow(color: UIColor(white: 0, alpha: 0.3), offset: .zero, radius: 4, opacity: 1)
    }
}
