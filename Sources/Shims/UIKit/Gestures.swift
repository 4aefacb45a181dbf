// Gesture recognizers, headless: they attach to views and record their targets; `simulate(_:)` moves one
// through its states and runs its closure handlers, so tests can drive a tap, press or pan.

/// Something that decides whether recognizers begin or work together (all methods optional).
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
}
extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

/// The base recognizer: a view, a state, targets and a delegate.
open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable { case possible, began, changed, ended, cancelled, failed }
    /// `.recognized` is `.ended`, as in UIKit.
    public static let recognizedState = State.ended

    open internal(set) weak var view: UIView?
    open var state: State = .possible
    open var isEnabled = true { didSet { if !isEnabled, state != .possible { state = .cancelled } } }
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open var name: String?
    open var numberOfTouches: Int { state == .possible ? 0 : 1 }
    /// Target-selector pairs (recorded; selectors cannot be sent off Apple platforms). Targets are not
    /// retained, as in UIKit.
    public var targets: [(target: AnyObject, action: Selector)] { targetRefs.compactMap { r in r.target.map { ($0, r.action) } } }
    private var targetRefs: [TargetRef] = []
    private struct TargetRef { weak var target: AnyObject?; let action: Selector }
    private var handlers: [(UIGestureRecognizer) -> Void] = []
    /// Recognizers this one waits on.
    public private(set) var requiredToFail: [UIGestureRecognizer] = []
    /// The simulated touch location in window coordinates.
    var location = CGPoint.zero

    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { targetRefs.append(TargetRef(target: target as AnyObject, action: action)) }
    }
    public override convenience init() { self.init(target: nil, action: nil) }

    open func addTarget(_ target: Any, action: Selector) { targetRefs.append(TargetRef(target: target as AnyObject, action: action)) }
    open func removeTarget(_ target: Any?, action: Selector?) {
        targetRefs.removeAll { pair in
            (target == nil || pair.target === (target as AnyObject)) && (action == nil || pair.action == action)
        }
    }
    /// Runs `handler` each time the recognizer changes state through `simulate` (headless extra: the runnable
    /// counterpart of a target-selector pair).
    open func addHandler(_ handler: @escaping (UIGestureRecognizer) -> Void) { handlers.append(handler) }
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) { requiredToFail.append(otherGestureRecognizer) }
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return location }
        return view.convert(location, from: nil)
    }
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint { location(in: view) }
    open func reset() {}

    /// Moves the recognizer through `states` at `point` (window coordinates), asking the delegate first and
    /// calling the handlers after each state. Does nothing when disabled or detached (headless extra).
    /// Returns whether the gesture began.
    @discardableResult
    open func simulate(_ states: [State], at point: CGPoint = .zero) -> Bool {
        guard isEnabled, view != nil else { return false }
        if let delegate, !delegate.gestureRecognizerShouldBegin(self) { state = .failed; return false }
        location = point
        for s in states {
            state = s
            for h in handlers { h(self) }
        }
        state = .possible
        reset()
        return true
    }
}

/// A tap.
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
    /// Simulates a tap at `point` (window coordinates).
    @discardableResult
    public func simulateTap(at point: CGPoint = .zero) -> Bool { simulate([.ended], at: point) }
}

/// A press held for `minimumPressDuration`.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var numberOfTouchesRequired = 1
    open var numberOfTapsRequired = 0
    open var allowableMovement: CGFloat = 10
}

/// A drag; `translation(in:)` reports the simulated movement.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
    private var translationValue = CGPoint.zero
    private var velocityValue = CGPoint.zero
    open func translation(in view: UIView?) -> CGPoint { translationValue }
    open func setTranslation(_ translation: CGPoint, in view: UIView?) { translationValue = translation }
    open func velocity(in view: UIView?) -> CGPoint { velocityValue }
    /// Simulates a drag by `translation` ending with `velocity` (began, changed, ended).
    @discardableResult
    public func simulatePan(translation: CGPoint, velocity: CGPoint = .zero, at point: CGPoint = .zero) -> Bool {
        translationValue = .zero; velocityValue = velocity
        guard isEnabled, view != nil else { return false }
        let began = simulate([.began], at: point)
        guard began else { return false }
        translationValue = translation
        simulate([.changed, .ended], at: point)
        translationValue = .zero
        return true
    }
}

/// A swipe in one of `direction`.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }
    open var direction: Direction = .right
    open var numberOfTouchesRequired = 1
}

/// A pinch (recorded only).
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    open var scale: CGFloat = 1
    open var velocity: CGFloat { 0 }
}

/// A pointer hovering over a view (iOS 13; recorded only).
open class UIHoverGestureRecognizer: UIGestureRecognizer {}
