// Pointer hover styles (iOS 17), recorded only: headless views have no pointer.

/// A shape for hover effects and other shape-based APIs.
public struct UIShape: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case rect(cornerRadius: CGFloat, cornerCurve: UICornerCurve), capsule, circle, fixedRect(CGRect, CGFloat) }
    let kind: Kind
    public static let rect = UIShape(kind: .rect(cornerRadius: 0, cornerCurve: .automatic))
    public static let capsule = UIShape(kind: .capsule)
    public static let circle = UIShape(kind: .circle)
    public static func rect(cornerRadius: CGFloat) -> UIShape { UIShape(kind: .rect(cornerRadius: cornerRadius, cornerCurve: .automatic)) }
    public static func rect(cornerRadius: CGFloat, cornerCurve: UICornerCurve) -> UIShape {
        UIShape(kind: .rect(cornerRadius: cornerRadius, cornerCurve: cornerCurve))
    }
    public static func fixedRect(_ rect: CGRect, cornerRadius: CGFloat = 0) -> UIShape { UIShape(kind: .fixedRect(rect, cornerRadius)) }
    /// The corner radius of a rectangle shape (0 for others).
    public var cornerRadius: CGFloat {
        switch kind {
        case .rect(let r, _), .fixedRect(_, let r): return r
        case .capsule, .circle: return 0
        }
    }
}

/// How rounded corners are drawn (the UIKit counterpart of `CALayerCornerCurve`).
public enum UICornerCurve: Int, Hashable, Sendable {
    case automatic, circular, continuous
    public init(layerCornerCurve: CALayerCornerCurve) {
        self = layerCornerCurve == .continuous ? .continuous : .circular
    }
}

/// The effect a hovered view shows.
public struct UIHoverEffect: Hashable, Sendable {
    let name: String
    public static let automatic = UIHoverEffect(name: "automatic")
    public static let highlight = UIHoverEffect(name: "highlight")
    public static let lift = UIHoverEffect(name: "lift")
}

/// A hover effect with a shape, set on `UIView.hoverStyle`.
public final class UIHoverStyle: Hashable {
    public var shape: UIShape
    public var effect: UIHoverEffect
    public var isEnabled = true
    public init(effect: UIHoverEffect = .automatic, shape: UIShape? = nil) { self.effect = effect; self.shape = shape ?? .rect }
    public convenience init(shape: UIShape?) { self.init(effect: .automatic, shape: shape) }
    public static func automatic() -> UIHoverStyle { UIHoverStyle(effect: .automatic) }
    public static func == (a: UIHoverStyle, b: UIHoverStyle) -> Bool { a.shape == b.shape && a.effect == b.effect && a.isEnabled == b.isEnabled }
    public func hash(into h: inout Hasher) { h.combine(shape); h.combine(effect) }
}
