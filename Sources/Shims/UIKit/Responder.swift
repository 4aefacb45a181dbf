// The responder chain's base class, events and touches.

/// The base of views, view controllers and the app delegate. Headless: there is no event loop, so the
/// responder methods only track first-responder status.
open class UIResponder: NSObject {
    public override init() { super.init() }
    open var next: UIResponder? { nil }
    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }
    open private(set) var isFirstResponder = false
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        isFirstResponder = true
        return true
    }
    @discardableResult
    open func resignFirstResponder() -> Bool { isFirstResponder = false; return true }
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
    /// Accessibility activation; false unless a subclass handles it.
    open func accessibilityActivate() -> Bool { false }
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityTraits: UIAccessibilityTraits = .none
    open var accessibilityViewIsModal = false
    /// The activity this responder advertises (UserActivity.swift).
    open var userActivity: NSUserActivity?
    /// Restores state from a continued activity; the default keeps nothing.
    open func restoreUserActivityState(_ userActivity: NSUserActivity) {}
    /// Fills in the responder's activity before it is saved; the default adds nothing.
    open func updateUserActivityState(_ userActivity: NSUserActivity) {}
    /// The keyboard shortcuts the responder offers (KeyCommands.swift); none by default.
    open var keyCommands: [UIKeyCommand]? { nil }
}

/// What an accessibility element is (button, header, image…).
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
}

/// An input event (headless: only its type and time).
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses, scroll, hover, transform }
    open var type: EventType { .touches }
    open var timestamp: TimeInterval { 0 }
    open var allTouches: Set<UITouch>? { nil }
}

/// Presses from a keyboard or remote (headless: recorded only).
open class UIPressesEvent: UIEvent {}

/// A press of a physical button.
open class UIPress: NSObject {}

/// One finger on the screen: its location in a view, for simulated input.
open class UITouch: NSObject {
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }
    open var phase: Phase = .began
    open var tapCount = 1
    open weak var view: UIView?
    /// The location in window coordinates (simulated input sets it).
    open var locationInWindow = CGPoint.zero
    public override init() { super.init() }
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }
}
