// UIView: a rectangle in a tree of rectangles with a layer, constraints, gesture recognizers and traits.
// Headless: nothing is drawn and animations jump to their end state at once (completions run synchronously).

/// A rectangle in a tree of rectangles. Frames, visibility, colours, constraints and gestures are plain
/// state that tests can read; `layoutIfNeeded()` solves the simple constraints (see Layout.swift).
open class UIView: UIResponder, UITraitEnvironment {
    /// How a view lays out its content when its size changes (only recorded here).
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }
    /// Which sizes follow the superview when constraints are not used (recorded only).
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = Self(rawValue: 1 << 0)
        public static let flexibleWidth = Self(rawValue: 1 << 1)
        public static let flexibleRightMargin = Self(rawValue: 1 << 2)
        public static let flexibleTopMargin = Self(rawValue: 1 << 3)
        public static let flexibleHeight = Self(rawValue: 1 << 4)
        public static let flexibleBottomMargin = Self(rawValue: 1 << 5)
    }
    /// Animation options (accepted; animations complete at once).
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = Self(rawValue: 1 << 0)
        public static let allowUserInteraction = Self(rawValue: 1 << 1)
        public static let beginFromCurrentState = Self(rawValue: 1 << 2)
        public static let `repeat` = Self(rawValue: 1 << 3)
        public static let autoreverse = Self(rawValue: 1 << 4)
        public static let curveEaseInOut = Self(rawValue: 0 << 16)
        public static let curveEaseIn = Self(rawValue: 1 << 16)
        public static let curveEaseOut = Self(rawValue: 2 << 16)
        public static let curveLinear = Self(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = Self(rawValue: 1 << 20)
        public static let transitionFlipFromRight = Self(rawValue: 2 << 20)
        public static let transitionCurlUp = Self(rawValue: 3 << 20)
        public static let transitionCurlDown = Self(rawValue: 4 << 20)
        public static let transitionCrossDissolve = Self(rawValue: 5 << 20)
        public static let transitionFlipFromTop = Self(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = Self(rawValue: 7 << 20)
    }
    /// Keyframe animation options (accepted; animations complete at once).
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let calculationModeLinear = Self([])
        public static let beginFromCurrentState = Self(rawValue: 1 << 2)
    }

    /// `intrinsicContentSize` of a dimension the view does not size itself in.
    public static let noIntrinsicMetric: CGFloat = -1
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    public static let layoutFittingExpandedSize = CGSize(width: 100_000, height: 100_000)

    /// The layer class views create; subclasses may return another `CALayer` subclass.
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's layer (corner radius, border, shadow live here).
    public let layer: CALayer

    open var frame: CGRect {
        didSet {
            layer.frame = frame
            // A new size, or a new position (which can change the safe-area insets), lays the subviews out again.
            if oldValue != frame { setNeedsLayout() }
        }
    }
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: frame.size) }
        set { boundsOrigin = newValue.origin; frame.size = newValue.size }
    }
    private var boundsOrigin = CGPoint.zero
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    open var transform = CGAffineTransform.identity
    open var isHidden: Bool = false { didSet { layer.isHidden = isHidden } }
    open var alpha: CGFloat = 1 { didSet { layer.opacity = Float(alpha) } }
    open var backgroundColor: UIColor? { didSet { layer.backgroundColor = backgroundColor?.resolvedColor(with: traitCollection).cgColor } }
    /// The tint; inherited from the superview when not set.
    open var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
        set { ownTintColor = newValue; tintColorDidChange() }
    }
    private var ownTintColor: UIColor?
    open var tintAdjustmentMode: TintAdjustmentMode = .automatic
    /// Tint dimming (recorded only).
    public enum TintAdjustmentMode: Int, Sendable { case automatic, normal, dimmed }
    open var isUserInteractionEnabled: Bool = true
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
    open var contentMode: ContentMode = .scaleToFill
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    open var tag = 0
    /// Whether the view can take focus (tvOS/keyboard focus; false headlessly unless overridden).
    open var canBecomeFocused: Bool { false }
    /// The accessibility elements of a container view (recorded only).
    open var accessibilityElements: [Any]?
    open var accessibilityIdentifier: String?
    open var autoresizingMask: AutoresizingMask = []
    open var autoresizesSubviews = true
    open var mask: UIView?
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    /// The direction a view with `attribute` lays its content out in: the forced attributes decide for themselves,
    /// playback and spatial controls stay left to right, and an unspecified attribute follows the app's language,
    /// which is left to right on the simulated device.
    open class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
    }
    /// This view's layout direction, from its `semanticContentAttribute`.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        Self.userInterfaceLayoutDirection(for: semanticContentAttribute)
    }
    open var insetsLayoutMarginsFromSafeArea = true
    open var preservesSuperviewLayoutMargins = false
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) { didSet { layoutMarginsDidChange() } }
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right) }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }
    /// Safe-area insets; a window takes them from its screen's simulated device, other views from their window.
    open var safeAreaInsets: UIEdgeInsets {
        if let own = ownSafeAreaInsets { return own }
        guard let window, window !== self, let insets = window.ownSafeAreaInsets else { return .zero }
        // The part of the window's insets this view overlaps.
        let f = convert(bounds, to: window), w = window.bounds
        return UIEdgeInsets(top: max(0, min(f.height, insets.top - f.minY)), left: max(0, min(f.width, insets.left - f.minX)),
                            bottom: max(0, min(f.height, f.maxY - (w.maxY - insets.bottom))),
                            right: max(0, min(f.width, f.maxX - (w.maxX - insets.right))))
    }
    var ownSafeAreaInsets: UIEdgeInsets?
    /// Whether the view sizes itself with constraints (false) or with its frame (true, the default).
    open var translatesAutoresizingMaskIntoConstraints = true

    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []
    /// The window the view is in, if any.
    open var window: UIWindow? { (self as? UIWindow) ?? superview?.window }
    open override var next: UIResponder? { superview }

    /// Constraints this view takes part in (activated with it as first or second item).
    open internal(set) var constraints: [NSLayoutConstraint] = []
    /// Layout guides added to this view.
    open private(set) var layoutGuides: [UILayoutGuide] = []
    /// Gesture recognizers attached to this view.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { recognizers.isEmpty ? nil : recognizers }
        set {
            for r in recognizers { r.view = nil }
            recognizers = newValue ?? []
            for r in recognizers { r.view = self }
        }
    }
    private var recognizers: [UIGestureRecognizer] = []
    /// How many layout passes ran (`layoutSubviews` calls), a headless extra for tests.
    public private(set) var layoutPassCount = 0
    private var needsLayout = true
    var contentHugging: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]
    var compressionResistance: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]

    /// Interface style this view forces on its subtree (`.unspecified`: inherit).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if oldValue != overrideUserInterfaceStyle { propagateTraitChange(from: nil) } }
    }

    public init(frame: CGRect) {
        self.frame = frame
        layer = (Self.layerClass as? CALayer.Type)?.init() ?? CALayer()
        super.init()
        layer.frame = frame
    }
    public override convenience init() { self.init(frame: .zero) }
    /// Storyboards and archives do not exist headlessly; subclasses still declare this as on a device.
    public required init?(coder: NSCoder) {
        frame = .zero
        layer = CALayer()
        super.init()
    }

    // MARK: Hierarchy

    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        let moving = view.superview !== self
        if moving { view.willMove(toSuperview: self) }
        if let old = view.superview { old.willRemoveSubview(view); old.subviews.removeAll { $0 === view } }
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        let oldWindow = view.window
        view.superview = self
        if moving {
            view.didMoveToSuperview()
            if oldWindow !== view.window { view.windowChanged() }
            didAddSubview(view)
            view.propagateTraitChange(from: nil)
        }
        setNeedsLayout()
    }
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let rest = subviews.filter { $0 !== view }
        insertSubview(view, at: rest.firstIndex { $0 === siblingSubview } ?? rest.count)
    }
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let rest = subviews.filter { $0 !== view }
        insertSubview(view, at: (rest.firstIndex { $0 === siblingSubview }).map { $0 + 1 } ?? rest.count)
    }
    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
    }
    open func sendSubviewToBack(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
    }
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2) else { return }
        subviews.swapAt(index1, index2)
    }
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let hadWindow = window != nil
        willMove(toSuperview: nil)
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        // Constraints tying this view to views outside its subtree go away with it, as on a device.
        for c in constraints where !c.isWithin(self) { c.isActive = false }
        didMoveToSuperview()
        if hadWindow { windowChanged() }
        parent.setNeedsLayout()
    }
    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v { if current === view { return true }; v = current.superview }
        return false
    }
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for s in subviews { if let found = s.viewWithTag(tag) { return found } }
        return nil
    }
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    private func windowChanged() {
        willMove(toWindow: window)
        didMoveToWindow()
        for s in subviews { s.windowChanged() }
    }

    // MARK: Layout

    open func setNeedsLayout() { needsLayout = true }
    /// Solves this view's subtree constraints (see Layout.swift) and calls `layoutSubviews()` where needed.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutPassCount += 1
            layoutSubviews()
        }
        for s in subviews { s.layoutIfNeeded() }
    }
    /// Places constrained subviews; subclasses call super first, as on a device.
    open func layoutSubviews() { LayoutSolver.layout(subviewsOf: self) }
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay() }
    open func draw(_ rect: CGRect) {}
    open func setNeedsUpdateConstraints() {}
    open func updateConstraints() {}
    open func updateConstraintsIfNeeded() { updateConstraints() }
    open func layoutMarginsDidChange() {}
    open func safeAreaInsetsDidChange() {}
    open func tintColorDidChange() {}

    /// The natural size of the content; `noIntrinsicMetric` both ways for a plain view.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    open func invalidateIntrinsicContentSize() { superview?.setNeedsLayout() }
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        let i = intrinsicContentSize
        return CGSize(width: i.width == UIView.noIntrinsicMetric ? frame.width : i.width,
                      height: i.height == UIView.noIntrinsicMetric ? frame.height : i.height)
    }
    open func sizeToFit() { frame.size = sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)) }
    /// The size the constraints give when laid out at `targetSize` (solved by the headless solver).
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize { LayoutSolver.fittingSize(of: self, target: targetSize) }
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority h: UILayoutPriority,
                                      verticalFittingPriority v: UILayoutPriority) -> CGSize {
        LayoutSolver.fittingSize(of: self, target: targetSize)
    }

    open func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    open func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    open func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
    open func removeConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.deactivate(constraints) }
    open func addLayoutGuide(_ guide: UILayoutGuide) { guide.owningView = self; layoutGuides.append(guide) }
    open func removeLayoutGuide(_ guide: UILayoutGuide) { layoutGuides.removeAll { $0 === guide }; guide.owningView = nil }

    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority { contentHugging[axis] ?? .defaultLow }
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) { contentHugging[axis] = priority }
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        compressionResistance[axis] ?? .defaultHigh
    }
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        compressionResistance[axis] = priority
    }

    // Anchors.
    public private(set) lazy var leadingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .leading)
    public private(set) lazy var trailingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .trailing)
    public private(set) lazy var leftAnchor = NSLayoutXAxisAnchor(item: self, attribute: .left)
    public private(set) lazy var rightAnchor = NSLayoutXAxisAnchor(item: self, attribute: .right)
    public private(set) lazy var centerXAnchor = NSLayoutXAxisAnchor(item: self, attribute: .centerX)
    public private(set) lazy var topAnchor = NSLayoutYAxisAnchor(item: self, attribute: .top)
    public private(set) lazy var bottomAnchor = NSLayoutYAxisAnchor(item: self, attribute: .bottom)
    public private(set) lazy var centerYAnchor = NSLayoutYAxisAnchor(item: self, attribute: .centerY)
    public private(set) lazy var firstBaselineAnchor = NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline)
    public private(set) lazy var lastBaselineAnchor = NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline)
    public private(set) lazy var widthAnchor = NSLayoutDimension(item: self, attribute: .width)
    public private(set) lazy var heightAnchor = NSLayoutDimension(item: self, attribute: .height)
    /// The area inside the safe-area insets.
    public private(set) lazy var safeAreaLayoutGuide: UILayoutGuide = {
        let g = UILayoutGuide(kind: .safeArea); g.owningView = self; return g
    }()
    /// The area inside the layout margins.
    public private(set) lazy var layoutMarginsGuide: UILayoutGuide = {
        let g = UILayoutGuide(kind: .margins); g.owningView = self; return g
    }()
    /// The area readable text should stay in (the margins, headlessly).
    public private(set) lazy var readableContentGuide: UILayoutGuide = {
        let g = UILayoutGuide(kind: .margins); g.owningView = self; return g
    }()
    /// A guide tracking the keyboard (iOS 15): the bottom strip of the view, zero height without a keyboard.
    public private(set) lazy var keyboardLayoutGuide: UILayoutGuide = {
        let g = UILayoutGuide(kind: .keyboard); g.owningView = self; return g
    }()

    // MARK: Geometry and hit testing

    /// Whether `point` (in this view's coordinates) is inside the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The deepest visible, interactive subview containing `point`, or self, or nil.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01, self.point(inside: point, with: event) else { return nil }
        for s in subviews.reversed() {
            if let hit = s.hitTest(s.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// This view's bounds origin expressed in its root view's coordinates.
    var originInRoot: CGPoint {
        var p = CGPoint.zero
        var v = self
        while let parent = v.superview {
            p.x += v.frame.origin.x - v.boundsOrigin.x; p.y += v.frame.origin.y - v.boundsOrigin.y
            v = parent
        }
        p.x -= v.boundsOrigin.x; p.y -= v.boundsOrigin.y
        return p
    }
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let root = CGPoint(x: point.x + originInRoot.x, y: point.y + originInRoot.y)
        guard let view else { return root }
        let o = view.originInRoot
        return CGPoint(x: root.x - o.x, y: root.y - o.y)
    }
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let root = view.map { v in CGPoint(x: point.x + v.originInRoot.x, y: point.y + v.originInRoot.y) } ?? point
        let o = originInRoot
        return CGPoint(x: root.x - o.x, y: root.y - o.y)
    }
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { CGRect(origin: convert(rect.origin, to: view), size: rect.size) }
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { CGRect(origin: convert(rect.origin, from: view), size: rect.size) }

    // MARK: Gestures

    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        recognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard recognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        recognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }

    // MARK: Traits

    /// Traits set on this view by a test or a window (headless), else inherited from the superview.
    var traitOverride: UITraitCollection?
    open var traitCollection: UITraitCollection {
        let base = traitOverride ?? superview?.traitCollection ?? UITraitCollection.current
        guard overrideUserInterfaceStyle != .unspecified else { return base }
        return UITraitCollection(traitsFrom: [base, UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)])
    }
    /// Called after the traits changed; subclasses call super.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Sets the traits of this subtree (headless extra: a simulated appearance or size-class change);
    /// every view whose traits change hears `traitCollectionDidChange(_:)`.
    public func simulateTraitCollection(_ traits: UITraitCollection?) {
        let before = traitSnapshot()
        traitOverride = traits
        notifyTraitChanges(before)
    }
    func propagateTraitChange(from previous: UITraitCollection?) {
        if let previous, previous != traitCollection { traitCollectionDidChange(previous) }
        for s in subviews { s.propagateTraitChange(from: previous) }
    }
    private func traitSnapshot() -> [(UIView, UITraitCollection)] {
        [(self, traitCollection)] + subviews.flatMap { $0.traitSnapshot() }
    }
    private func notifyTraitChanges(_ before: [(UIView, UITraitCollection)]) {
        for (view, old) in before where view.traitCollection != old {
            if let color = view.backgroundColor { view.layer.backgroundColor = color.resolvedColor(with: view.traitCollection).cgColor }
            view.traitCollectionDidChange(old)
        }
    }

    // MARK: Hover (iOS 17)

    /// The pointer hover effect (recorded only).
    open var hoverStyle: UIHoverStyle?

    // MARK: Animation (headless: immediate)

    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animations()
    }
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        animations(); completion?(true)
    }
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animations(); completion?(true)
    }
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                            initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animations(); completion?(true)
    }
    open class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                     options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                     completion: ((Bool) -> Void)? = nil) {
        animations(); completion?(true)
    }
    open class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                animations: @escaping () -> Void) {
        animations()
    }
    open class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                               animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        animations?(); completion?(true)
    }
    open class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                               options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        if let parent = fromView.superview {
            parent.insertSubview(toView, aboveSubview: fromView)
            fromView.removeFromSuperview()
        }
        completion?(true)
    }
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) { actionsWithoutAnimation() }
    open class var areAnimationsEnabled: Bool { false }
    open class func setAnimationsEnabled(_ enabled: Bool) {}

    open override var description: String {
        "<\(type(of: self)): frame = (\(frame.origin.x) \(frame.origin.y); \(frame.width) \(frame.height))\(isHidden ? "; hidden" : "")>"
    }
}

/// Left-to-right or right-to-left preference of a view's content.
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft
}
