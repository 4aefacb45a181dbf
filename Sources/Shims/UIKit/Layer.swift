// Core Animation layers and Core Graphics paths, headless: every property is plain state a test can read,
// nothing is composited or animated.

/// How a layer's rounded corners are drawn.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// A 3D transform (recorded only).
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0, m14: CGFloat = 0
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0, m24: CGFloat = 0
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1, m34: CGFloat = 0
    public var m41: CGFloat = 0, m42: CGFloat = 0, m43: CGFloat = 0, m44: CGFloat = 1
    public init() {}
}
public let CATransform3DIdentity = CATransform3D()

/// A rectangle of layer state: geometry, corners, border, shadow, sublayers.
open class CALayer {
    open var frame: CGRect = .zero
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: frame.size) }
        set { boundsOrigin = newValue.origin; frame.size = newValue.size }
    }
    private var boundsOrigin: CGPoint = .zero
    open var position: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    open var zPosition: CGFloat = 0
    open var cornerRadius: CGFloat = 0
    open var cornerCurve: CALayerCornerCurve = .circular
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    open var masksToBounds = false
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor? = CGColor.black
    open var backgroundColor: CGColor?
    open var opacity: Float = 1
    open var isHidden = false
    open var isOpaque = false
    open var contents: Any?
    open var contentsScale: CGFloat = 1
    open var shadowColor: CGColor? = CGColor.black
    open var shadowOpacity: Float = 0
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowRadius: CGFloat = 3
    open var shadowPath: CGPath?
    open var shouldRasterize = false
    open var rasterizationScale: CGFloat = 1
    open var transform = CATransform3DIdentity
    open var mask: CALayer?
    open var name: String?
    open private(set) weak var superlayer: CALayer?
    open private(set) var sublayers: [CALayer]?
    /// How many times `setNeedsDisplay()`/`setNeedsLayout()` were called (headless extra for tests).
    public private(set) var displayRequests = 0

    public required init() {}
    public init(layer: Any) {}

    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayers?.count ?? 0)) }
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
    }
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayers?.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayers?.firstIndex { $0 === s } }.map { $0 + 1 } ?? (sublayers?.count ?? 0)
        insertSublayer(layer, at: UInt32(index))
    }
    open func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard let i = sublayers?.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: UInt32(i))
    }
    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }
    open func setNeedsDisplay() { displayRequests += 1 }
    open func setNeedsLayout() { displayRequests += 1 }
    open func layoutIfNeeded() {}
    open func layoutSublayers() {}
    open func removeAllAnimations() {}
    open func removeAnimation(forKey key: String) {}
    open func add(_ animation: CAAnimation, forKey key: String?) {}
    open func animationKeys() -> [String]? { nil }
}

/// An animation (accepted and ignored: headless layers jump to their final state).
open class CAAnimation {
    open var duration: TimeInterval = 0
    open var isRemovedOnCompletion = true
    public init() {}
}
/// A property animation (accepted and ignored).
open class CABasicAnimation: CAAnimation {
    open var keyPath: String?
    open var fromValue: Any?
    open var toValue: Any?
    public init(keyPath path: String?) { keyPath = path; super.init() }
    public override init() { super.init() }
}
/// Groups layer changes; headless, changes apply at once.
public enum CATransaction {
    public static func begin() {}
    public static func commit() {}
    public static func setDisableActions(_ flag: Bool) {}
    public static func setAnimationDuration(_ duration: TimeInterval) {}
    public static func setCompletionBlock(_ block: (() -> Void)?) { block?() }
}

/// A layer that holds a path with fill and stroke settings.
open class CAShapeLayer: CALayer {
    open var path: CGPath?
    open var fillColor: CGColor? = CGColor.black
    open var strokeColor: CGColor?
    open var lineWidth: CGFloat = 1
    open var lineDashPattern: [NSNumber]?
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
}
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self(rawValue: "non-zero")
    public static let evenOdd = Self(rawValue: "even-odd")
}
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self(rawValue: "butt"), round = Self(rawValue: "round"), square = Self(rawValue: "square")
}
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self(rawValue: "miter"), round = Self(rawValue: "round"), bevel = Self(rawValue: "bevel")
}

/// A layer with a colour gradient (recorded only).
open class CAGradientLayer: CALayer {
    open var colors: [Any]?
    open var locations: [NSNumber]?
    open var startPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint = CGPoint(x: 0.5, y: 1)
}

/// A path: a list of elements and its bounding box.
public final class CGPath: Hashable, @unchecked Sendable {
    /// One drawing step.
    public enum Element: Hashable, Sendable {
        case move(CGPoint), line(CGPoint), rect(CGRect), roundedRect(CGRect, CGFloat), ellipse(CGRect), close
    }
    public let elements: [Element]
    init(elements: [Element]) { self.elements = elements }
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) { self.init(elements: [.rect(rect)]) }
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        self.init(elements: [.roundedRect(rect, cornerWidth)])
    }
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) { self.init(elements: [.ellipse(rect)]) }

    /// The smallest rectangle holding every point of the path.
    public var boundingBox: CGRect {
        var box = CGRect.null
        for e in elements {
            switch e {
            case .move(let p), .line(let p): box = box.union(CGRect(origin: p, size: .zero))
            case .rect(let r), .roundedRect(let r, _), .ellipse(let r): box = box.union(r)
            case .close: break
            }
        }
        return box
    }
    public var isEmpty: Bool { elements.isEmpty }
    public static func == (a: CGPath, b: CGPath) -> Bool { a.elements == b.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }
}

/// A path being built.
public final class CGMutablePath: @unchecked Sendable {
    public private(set) var elements: [CGPath.Element] = []
    public init() {}
    public func move(to point: CGPoint) { elements.append(.move(point)) }
    public func addLine(to point: CGPoint) { elements.append(.line(point)) }
    public func addRect(_ rect: CGRect) { elements.append(.rect(rect)) }
    public func addEllipse(in rect: CGRect) { elements.append(.ellipse(rect)) }
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        elements.append(.roundedRect(rect, cornerWidth))
    }
    public func closeSubpath() { elements.append(.close) }
    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }
}

/// A path in UIKit terms.
open class UIBezierPath {
    public private(set) var elements: [CGPath.Element] = []
    open var lineWidth: CGFloat = 1
    public init() {}
    public init(rect: CGRect) { elements = [.rect(rect)] }
    public init(ovalIn rect: CGRect) { elements = [.ellipse(rect)] }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { elements = [.roundedRect(rect, cornerRadius)] }
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        elements = [.roundedRect(rect, cornerRadii.width)]
    }
    public init(cgPath: CGPath) { elements = cgPath.elements }
    open func move(to point: CGPoint) { elements.append(.move(point)) }
    open func addLine(to point: CGPoint) { elements.append(.line(point)) }
    open func close() { elements.append(.close) }
    open func append(_ path: UIBezierPath) { elements += path.elements }
    open var cgPath: CGPath { CGPath(elements: elements) }
    open var bounds: CGRect { cgPath.boundingBox }
    open var isEmpty: Bool { elements.isEmpty }
    /// Records a fill in the current image renderer context.
    open func fill() { GraphicsState.current?.fill(bounds) }
    /// Records a stroke in the current image renderer context.
    open func stroke() { GraphicsState.current?.stroke(bounds) }
}
