// The device, accessibility settings, haptics and the app's standard notifications. Headless: values are
// settable state (a test sets `UIDevice.current.userInterfaceIdiom = .pad` or `UIAccessibility.isVoiceOverRunning`),
// and announcements are recorded.

/// The device the app runs on (a phone unless a test says otherwise).
public final class UIDevice: @unchecked Sendable {
    /// The physical orientation of the device.
    public enum Orientation: Int, Sendable {
        case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
        public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
        public var isFlat: Bool { self == .faceUp || self == .faceDown }
        public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
    }
    /// Battery states (reported as unknown headlessly).
    public enum BatteryState: Int, Sendable { case unknown, unplugged, charging, full }

    public static let current = UIDevice()
    private let lock = NSLock()
    private var _idiom: UIUserInterfaceIdiom = .phone
    private var _orientation: Orientation = .portrait
    public init() {}

    public var userInterfaceIdiom: UIUserInterfaceIdiom {
        get { lock.lock(); defer { lock.unlock() }; return _idiom }
        set { lock.lock(); _idiom = newValue; lock.unlock() }
    }
    /// Setting it posts `orientationDidChangeNotification`, as a rotation does.
    public var orientation: Orientation {
        get { lock.lock(); defer { lock.unlock() }; return _orientation }
        set {
            lock.lock(); let changed = _orientation != newValue; _orientation = newValue; lock.unlock()
            if changed { NotificationCenter.default.post(name: UIDevice.orientationDidChangeNotification, object: self) }
        }
    }
    public var name: String { "OpenInApp headless device" }
    public var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
    public var localizedModel: String { model }
    public var systemName: String { "iOS" }
    public var systemVersion: String { "18.0" }
    public var identifierForVendor: UUID? { UUID(uuidString: "00000000-0000-4000-8000-000000000000") }
    public var batteryState: BatteryState { .unknown }
    public var batteryLevel: Float { -1 }
    public var isBatteryMonitoringEnabled = false
    public var isGeneratingDeviceOrientationNotifications: Bool { true }
    public func beginGeneratingDeviceOrientationNotifications() {}
    public func endGeneratingDeviceOrientationNotifications() {}
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
}

/// Accessibility settings and announcements.
public enum UIAccessibility {
    /// What an accessibility notification announces.
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let screenChanged = Notification(rawValue: 1000)
        public static let layoutChanged = Notification(rawValue: 1001)
        public static let announcement = Notification(rawValue: 1008)
        public static let pageScrolled = Notification(rawValue: 1009)
    }
    private struct State {
        var voiceOver = false, reduceMotion = false, reduceTransparency = false, boldText = false, switchControl = false
        var posted: [(Notification, String?)] = []
    }
    private static let state = ShimLocked(State())

    public static var isVoiceOverRunning: Bool {
        get { state.get().voiceOver }
        set { state.update { $0.voiceOver = newValue } }
    }
    public static var isReduceMotionEnabled: Bool {
        get { state.get().reduceMotion }
        set { state.update { $0.reduceMotion = newValue } }
    }
    public static var isReduceTransparencyEnabled: Bool {
        get { state.get().reduceTransparency }
        set { state.update { $0.reduceTransparency = newValue } }
    }
    public static var isBoldTextEnabled: Bool {
        get { state.get().boldText }
        set { state.update { $0.boldText = newValue } }
    }
    public static var isSwitchControlRunning: Bool {
        get { state.get().switchControl }
        set { state.update { $0.switchControl = newValue } }
    }
    /// Records the notification (the argument is kept as its description) for tests to read.
    public static func post(notification: Notification, argument: Any?) {
        state.update { $0.posted.append((notification, argument.map { "\($0)" })) }
    }
    /// Every posted notification with its argument's description, oldest first (headless extra).
    public static var postedNotifications: [(notification: Notification, argument: String?)] { state.get().posted }
    /// Forgets the posted notifications (for tests).
    public static func resetPostedNotifications() { state.update { $0.posted.removeAll() } }
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
}

/// Haptic feedback (nothing vibrates; calls are counted).
open class UIFeedbackGenerator: NSObject {
    public private(set) var preparedCount = 0
    public override init() { super.init() }
    open func prepare() { preparedCount += 1 }
}
/// Impact haptics (recorded only).
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
    public let style: FeedbackStyle
    public private(set) var impacts = 0
    public init(style: FeedbackStyle) { self.style = style; super.init() }
    public override init() { style = .medium; super.init() }
    open func impactOccurred() { impacts += 1 }
    open func impactOccurred(intensity: CGFloat) { impacts += 1 }
}
/// Notification haptics (recorded only).
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    public private(set) var notified: [FeedbackType] = []
    open func notificationOccurred(_ notificationType: FeedbackType) { notified.append(notificationType) }
}
/// Selection haptics (recorded only).
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    public private(set) var changes = 0
    open func selectionChanged() { changes += 1 }
}

extension UIApplication {
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    public static let significantTimeChangeNotification = Notification.Name("UIApplicationSignificantTimeChangeNotification")
}

extension UIResponder {
    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

extension UIScene {
    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
}

extension UIView {
    /// Animation timing curves (keyboard notifications carry one).
    public enum AnimationCurve: Int, Sendable { case easeInOut, easeIn, easeOut, linear }
}

/// A property animator: headless, `startAnimation()` runs the animations and then the completions at once.
open class UIViewPropertyAnimator: NSObject {
    public enum Position: Int, Sendable { case end, start, current }
    public let duration: TimeInterval
    private var animations: [() -> Void] = []
    private var completions: [(Position) -> Void] = []
    open private(set) var isRunning = false
    open var fractionComplete: CGFloat = 0
    open var isInterruptible = true
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration; super.init()
        if let animations { self.animations.append(animations) }
    }
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration; super.init()
        if let animations { self.animations.append(animations) }
    }
    open func addAnimations(_ animation: @escaping () -> Void) { animations.append(animation) }
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) { animations.append(animation) }
    open func addCompletion(_ completion: @escaping (Position) -> Void) { completions.append(completion) }
    open func startAnimation() {
        isRunning = true
        let run = animations; animations = []
        for a in run { a() }
        fractionComplete = 1
        isRunning = false
        let done = completions; completions = []
        for c in done { c(.end) }
    }
    open func startAnimation(afterDelay delay: TimeInterval) { startAnimation() }
    open func pauseAnimation() {}
    open func stopAnimation(_ withoutFinishing: Bool) { isRunning = false }
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                                            animations: @escaping () -> Void, completion: ((Position) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeInOut, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation()
        return animator
    }
}
