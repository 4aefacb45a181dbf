// Auto Layout, headless: constraints are recorded on the views they tie, activated and deactivated as on a
// device, and `layoutIfNeeded()` solves the common cheap cases (fixed sizes, edges and centres pinned to the
// superview, its guides or a placed sibling, one dimension proportional to another). Inequalities and
// priorities are recorded but do not take part in the solution.

/// A priority of a constraint, from 1 to 1000 (required).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: Self, b: Float) -> Self { Self(a.rawValue + b) }
    public static func - (a: Self, b: Float) -> Self { Self(a.rawValue - b) }
}

/// One linear relation between two layout attributes: `first = second × multiplier + constant`.
open class NSLayoutConstraint: CustomStringConvertible {
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin, centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }
    public enum Relation: Int, Sendable { case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1 }
    public enum Axis: Int, Sendable { case horizontal = 0, vertical = 1 }

    /// The items are not retained (as in UIKit): a constraint does not keep its views alive.
    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    open var constant: CGFloat { didSet { layoutOwner?.setNeedsLayout() } }
    open var priority: UILayoutPriority = .required
    open var identifier: String?
    open var shouldBeArchived = false
    private var active = false

    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject; firstAttribute = attr1; self.relation = relation
        secondItem = view2.map { $0 as AnyObject }; secondAttribute = attr2; self.multiplier = multiplier; constant = c
    }

    /// Whether the constraint takes part in layout. Activating one records it on both items' views.
    open var isActive: Bool {
        get { active }
        set {
            guard newValue != active else { return }
            active = newValue
            for view in [Self.view(of: firstItem), Self.view(of: secondItem)].compactMap({ $0 }) {
                if newValue {
                    if !view.constraints.contains(where: { $0 === self }) { view.constraints.append(self) }
                } else {
                    view.constraints.removeAll { $0 === self }
                }
            }
            layoutOwner?.setNeedsLayout()
        }
    }
    open class func activate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = true } }
    open class func deactivate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = false } }

    static func view(of item: AnyObject?) -> UIView? { (item as? UIView) ?? (item as? UILayoutGuide)?.owningView }
    var layoutOwner: UIView? { let v = Self.view(of: firstItem); return v?.superview ?? v }
    /// Whether every item lies in `root`'s subtree.
    func isWithin(_ root: UIView) -> Bool {
        [firstItem, secondItem].allSatisfy { item in item == nil || (Self.view(of: item)?.isDescendant(of: root) ?? false) }
    }

    open var description: String {
        let rel = relation == .equal ? "==" : (relation == .lessThanOrEqual ? "<=" : ">=")
        let second = secondItem.map { "\(type(of: $0)).\(secondAttribute) × \(multiplier) + " } ?? ""
        return "<NSLayoutConstraint \(firstItem.map { "\(type(of: $0))" } ?? "nil").\(firstAttribute) \(rel) \(second)\(constant)>"
    }
}

/// An anchor of a view or layout guide, from which constraints are made.
open class NSLayoutAnchor<AnchorType: AnyObject> {
    /// The view or guide (not retained: a view owns its anchors).
    public private(set) weak var item: AnyObject?
    public let attribute: NSLayoutConstraint.Attribute
    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) { self.item = item; self.attribute = attribute }

    func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
              constant: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: item as Any, attribute: attribute, relatedBy: relation, toItem: other?.item,
                           attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor, constant: 0) }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { make(.equal, anchor, constant: c) }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.greaterThanOrEqual, anchor, constant: 0) }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, constant: 0) }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: c)
    }
}

/// A horizontal anchor (leading, trailing, left, right, centre X).
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    override init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) { super.init(item: item, attribute: attribute) }
    /// Standard system spacing is 8 points headlessly.
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: 8 * multiplier)
    }
    open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
    }
}

/// A vertical anchor (top, bottom, centre Y, baselines).
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    override init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) { super.init(item: item, attribute: attribute) }
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: 8 * multiplier)
    }
    open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
    }
}

/// A width or height anchor.
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    override init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) { super.init(item: item, attribute: attribute) }
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, constant: c) }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.greaterThanOrEqual, nil, constant: c) }
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.lessThanOrEqual, nil, constant: c) }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint { make(.equal, anchor, multiplier: m, constant: 0) }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: 0)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: 0)
    }
}

/// A rectangle that takes part in layout without being a view (safe area, margins, or a guide apps add).
open class UILayoutGuide {
    enum Kind { case custom, safeArea, margins, keyboard }
    let kind: Kind
    open weak internal(set) var owningView: UIView?
    open var identifier = ""
    /// The guide's frame in its owning view (custom guides: solved like a view's frame).
    open var layoutFrame: CGRect {
        guard let v = owningView else { return .zero }
        switch kind {
        case .custom: return customFrame
        case .safeArea: return v.bounds.inset(by: v.safeAreaInsets)
        case .margins: return v.bounds.inset(by: v.safeAreaInsets).inset(by: v.layoutMargins)
        case .keyboard: return CGRect(x: 0, y: v.bounds.height - v.safeAreaInsets.bottom, width: v.bounds.width, height: v.safeAreaInsets.bottom)
        }
    }
    var customFrame = CGRect.zero
    init(kind: Kind) { self.kind = kind }
    public init() { kind = .custom }

    public private(set) lazy var leadingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .leading)
    public private(set) lazy var trailingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .trailing)
    public private(set) lazy var leftAnchor = NSLayoutXAxisAnchor(item: self, attribute: .left)
    public private(set) lazy var rightAnchor = NSLayoutXAxisAnchor(item: self, attribute: .right)
    public private(set) lazy var centerXAnchor = NSLayoutXAxisAnchor(item: self, attribute: .centerX)
    public private(set) lazy var topAnchor = NSLayoutYAxisAnchor(item: self, attribute: .top)
    public private(set) lazy var bottomAnchor = NSLayoutYAxisAnchor(item: self, attribute: .bottom)
    public private(set) lazy var centerYAnchor = NSLayoutYAxisAnchor(item: self, attribute: .centerY)
    public private(set) lazy var widthAnchor = NSLayoutDimension(item: self, attribute: .width)
    public private(set) lazy var heightAnchor = NSLayoutDimension(item: self, attribute: .height)
}

/// The headless constraint solver: one pass per superview, equal relations only.
enum LayoutSolver {
    /// The frame of an item in `container`'s coordinates (nil: not placed relative to it).
    static func frame(of item: AnyObject?, in container: UIView) -> CGRect? {
        if let v = item as? UIView {
            if v === container { return container.bounds }
            if v.superview === container { return v.frame }
            return nil
        }
        if let g = item as? UILayoutGuide, let owner = g.owningView {
            if owner === container { return g.layoutFrame }
            if owner.superview === container { return g.layoutFrame.offsetBy(dx: owner.frame.minX, dy: owner.frame.minY) }
        }
        return nil
    }

    static func value(_ a: NSLayoutConstraint.Attribute, of r: CGRect) -> CGFloat {
        switch a {
        case .left, .leading, .leftMargin, .leadingMargin: return r.minX
        case .right, .trailing, .rightMargin, .trailingMargin: return r.maxX
        case .top, .topMargin, .firstBaseline: return r.minY
        case .bottom, .bottomMargin, .lastBaseline: return r.maxY
        case .centerX, .centerXWithinMargins: return r.midX
        case .centerY, .centerYWithinMargins: return r.midY
        case .width: return r.width
        case .height: return r.height
        case .notAnAttribute: return 0
        }
    }

    /// Solves each subview of `container` that uses constraints.
    static func layout(subviewsOf container: UIView) {
        for view in container.subviews where !view.translatesAutoresizingMaskIntoConstraints {
            if let solved = solve(view, in: container) { view.frame = solved }
        }
    }

    /// The size `view`'s own constraints give (fixed width/height or its intrinsic size), else its frame size.
    static func fittingSize(of view: UIView, target: CGSize) -> CGSize {
        var size = view.frame.size
        let intrinsic = view.intrinsicContentSize
        if intrinsic.width != UIView.noIntrinsicMetric { size.width = intrinsic.width }
        if intrinsic.height != UIView.noIntrinsicMetric { size.height = intrinsic.height }
        for c in view.constraints where c.isActive && c.relation == .equal && c.firstItem === view && c.secondItem == nil {
            if c.firstAttribute == .width { size.width = c.constant }
            if c.firstAttribute == .height { size.height = c.constant }
        }
        return size
    }

    /// One view's frame from its equal constraints; attributes it has no constraint for keep their value.
    static func solve(_ view: UIView, in container: UIView) -> CGRect? {
        var known: [NSLayoutConstraint.Attribute: CGFloat] = [:]
        for c in view.constraints where c.isActive && c.relation == .equal {
            // Normalise to "view.attr = other × m + k".
            let attr: NSLayoutConstraint.Attribute, other: AnyObject?, otherAttr: NSLayoutConstraint.Attribute
            var m = c.multiplier, k = c.constant
            if c.firstItem === view {
                attr = c.firstAttribute; other = c.secondItem; otherAttr = c.secondAttribute
            } else if c.secondItem === view, c.multiplier != 0 {
                attr = c.secondAttribute; other = c.firstItem; otherAttr = c.firstAttribute
                m = 1 / c.multiplier; k = -c.constant / c.multiplier
            } else { continue }
            if other == nil { known[attr] = k; continue }
            if other === view, let base = known[otherAttr] { known[attr] = base * m + k; continue }
            guard let r = frame(of: other, in: container) else { continue }
            known[attr] = value(otherAttr, of: r) * m + k
        }
        if known.isEmpty { return nil }
        let intrinsic = view.intrinsicContentSize
        func axis(_ lo: [NSLayoutConstraint.Attribute], _ hi: [NSLayoutConstraint.Attribute], _ mid: NSLayoutConstraint.Attribute,
                  _ dim: NSLayoutConstraint.Attribute, current: (CGFloat, CGFloat), intrinsic i: CGFloat) -> (CGFloat, CGFloat) {
            let low = lo.compactMap { known[$0] }.first, high = hi.compactMap { known[$0] }.first, centre = known[mid]
            var size = known[dim] ?? (i != UIView.noIntrinsicMetric ? i : current.1)
            if known[dim] == nil, let low, let high { size = high - low }
            if known[dim] == nil, let low, let centre, high == nil { size = 2 * (centre - low) }
            let origin: CGFloat
            if let low { origin = low } else if let high { origin = high - size } else if let centre { origin = centre - size / 2 } else { origin = current.0 }
            return (origin, max(0, size))
        }
        let x = axis([.leading, .left], [.trailing, .right], .centerX, .width, current: (view.frame.minX, view.frame.width), intrinsic: intrinsic.width)
        let y = axis([.top, .firstBaseline], [.bottom, .lastBaseline], .centerY, .height, current: (view.frame.minY, view.frame.height),
                     intrinsic: intrinsic.height)
        return CGRect(x: x.0, y: y.0, width: x.1, height: y.1)
    }
}
