#if canImport(UIKit)
import UIKit
#endif

/// A drop shadow (recorded on the layer, not drawn).
public struct Shadow: Equatable, Sendable {
    public var color: UIColor
    public var offset: CGSize
    public var radius: CGFloat
    public var opacity: Float
    public init(color: UIColor, offset: CGSize, radius: CGFloat, opacity: Float) {
        self.color = color; self.offset = offset; self.radius = radius; self.opacity = opacity
    }
    /// The shadow under stock in-app messages.
    public static let inAppMessage = Shadow(color: UIColor(white: 0, alpha: 0.3), offset: .zero, radius: 4, opacity: 1)
    /// The shadow under content cards.
    public static let contentCard = Shadow(color: UIColor(white: 0, alpha: 0.15), offset: CGSize(width: 0, height: 1), radius: 3, opacity: 1)
}

/// A view that casts `shadow`: the stock views put one behind their content, and subclasses add their own
/// (`ShadowView(.inAppMessage)`). Headless: the shadow is written to the layer's shadow properties.
open class ShadowView: UIView {
    /// The shadow cast (nil: none).
    open var shadow: Shadow? { didSet { drawShadow() } }

    public init(_ shadow: Shadow) {
        self.shadow = shadow
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        drawShadow()
    }
    public override init(frame: CGRect) { super.init(frame: frame) }
    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not available") }

    /// Writes the shadow to the layer (colour resolved for the current traits, path from the bounds).
    open func drawShadow() {
        guard let shadow else {
            layer.shadowOpacity = 0
            layer.shadowPath = nil
            return
        }
        layer.shadowColor = shadow.color.resolvedColor(with: traitCollection).cgColor
        layer.shadowOffset = shadow.offset
        layer.shadowRadius = shadow.radius
        layer.shadowOpacity = shadow.opacity
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: layer.cornerRadius).cgPath
    }
    open override func layoutSubviews() {
        super.layoutSubviews()
        drawShadow()
    }
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        drawShadow()
    }
}

extension BrazeInAppMessageUI {
    /// The module-level `Shadow` (kept under this name for code written against earlier releases).
    public typealias Shadow = BrazeUI.Shadow

    /// A view wrapping a `UIStackView` (`stack`), so the stock views can round and colour the stack's area.
    public final class StackView: UIView {
        /// The inner stack view.
        public let stack = UIStackView()
        /// Pins the stack to this view's edges.
        public private(set) var stackPositionConstraints: [NSLayoutConstraint]!

        public override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(stack)
            stack.translatesAutoresizingMaskIntoConstraints = false
            stackPositionConstraints = [
                stack.topAnchor.constraint(equalTo: topAnchor),
                stack.bottomAnchor.constraint(equalTo: bottomAnchor),
                stack.leadingAnchor.constraint(equalTo: leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: trailingAnchor),
            ]
            NSLayoutConstraint.activate(stackPositionConstraints)
        }
        public convenience init(arrangedSubviews subviews: [UIView]) {
            self.init(frame: .zero)
            for v in subviews { stack.addArrangedSubview(v) }
        }
        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("init(coder:) is not available") }

        public override var intrinsicContentSize: CGSize { stack.intrinsicContentSize }
    }
}
