// A minimal stand-in for Apple's UIKit, built only where UIKit does not exist (see Package.swift).
// It carries just the types that in-app message integration code names, with plain, headless behaviour:
// views are frames in a tree, nothing is drawn, and `UIApplication.open` records URLs instead of leaving the app.
@_exported import Foundation

/// The orientation of the app's user interface.
public enum UIInterfaceOrientation: Int, Sendable, CaseIterable {
    case unknown = 0, portrait = 1, portraitUpsideDown = 2, landscapeLeft = 4, landscapeRight = 3
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// A set of interface orientations.
public struct UIInterfaceOrientationMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = Self(rawValue: 1 << 1)
    public static let landscapeLeft = Self(rawValue: 1 << 4)
    public static let landscapeRight = Self(rawValue: 1 << 3)
    public static let portraitUpsideDown = Self(rawValue: 1 << 2)
    public static let landscape: Self = [.landscapeLeft, .landscapeRight]
    public static let all: Self = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    public static let allButUpsideDown: Self = [.portrait, .landscapeLeft, .landscapeRight]

    /// Whether the mask contains the given orientation (`.unknown` is never contained).
    public func contains(_ orientation: UIInterfaceOrientation) -> Bool {
        switch orientation {
        case .unknown: return false
        case .portrait: return contains(Self.portrait)
        case .portraitUpsideDown: return contains(Self.portraitUpsideDown)
        case .landscapeLeft: return contains(Self.landscapeLeft)
        case .landscapeRight: return contains(Self.landscapeRight)
        }
    }
}

/// The app object. Headless: `open(_:)` never leaves the process; it records the URL so a test can read it.
public final class UIApplication: @unchecked Sendable {
    public static let shared = UIApplication()

    /// Whether the app is in the foreground.
    public enum State: Int, Sendable { case active, inactive, background }

    /// Keys for `open(_:options:completionHandler:)`; accepted and ignored.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// Keys of the options an app delegate receives with a URL to open.
    public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
        public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
        public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
    }

    /// Launch option keys, for code that reads `launchOptions`.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    }

    private let lock = NSLock()
    private var opened: [URL] = []
    private var state: State = .active

    public init() {}

    /// Records `url` as opened and reports success to the completion handler.
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
                     completionHandler completion: ((Bool) -> Void)? = nil) {
        lock.lock(); opened.append(url); lock.unlock()
        completion?(true)
    }

    /// Every URL passed to `open(_:options:completionHandler:)`, oldest first.
    public var openedURLs: [URL] { lock.lock(); defer { lock.unlock() }; return opened }

    /// Forgets the recorded URLs (for tests).
    public func resetOpenedURLs() { lock.lock(); opened.removeAll(); lock.unlock() }

    /// The app delegate (set by tests or app code; weak as in UIKit).
    public weak var delegate: (any UIApplicationDelegate)? {
        get { lock.lock(); defer { lock.unlock() }; return _delegate }
        set { lock.lock(); _delegate = newValue; lock.unlock() }
    }
    private weak var _delegate: (any UIApplicationDelegate)?
    private var windowRefs: [WeakWindow] = []
    private struct WeakWindow { weak var window: UIWindow? }

    /// Records `window` as one of the app's windows (a window registers itself when made key).
    func register(_ window: UIWindow) {
        lock.lock()
        windowRefs.removeAll { $0.window == nil || $0.window === window }
        windowRefs.append(WeakWindow(window: window))
        lock.unlock()
    }
    /// The app's live windows that have been made key at least once, oldest first.
    public var windows: [UIWindow] { lock.lock(); defer { lock.unlock() }; return windowRefs.compactMap(\.window) }
    /// The key window, if any.
    public var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }
    /// The scenes of the app's windows.
    public var connectedScenes: Set<UIScene> { Set(windows.compactMap { $0.windowScene }) }
    /// Remote-notification registration (recorded only).
    public private(set) var isRegisteredForRemoteNotifications = false
    public func registerForRemoteNotifications() { isRegisteredForRemoteNotifications = true }
    public func unregisterForRemoteNotifications() { isRegisteredForRemoteNotifications = false }
    /// Whether `url` could be opened: any URL with a scheme, headlessly.
    public func canOpenURL(_ url: URL) -> Bool { url.scheme != nil }
    public var isIdleTimerDisabled = false
    public var applicationIconBadgeNumber = 0

    /// The simulated application state; tests set it to move the app to the background and back.
    /// Moving between states posts UIKit's notifications (`willEnterForeground`/`didBecomeActive`,
    /// `willResignActive`/`didEnterBackground`) on `NotificationCenter.default`, as on a device.
    public var applicationState: State {
        get { lock.lock(); defer { lock.unlock() }; return state }
        set {
            lock.lock(); let old = state; state = newValue; lock.unlock()
            guard old != newValue else { return }
            let center = NotificationCenter.default
            switch (old, newValue) {
            case (.background, .active):
                center.post(name: UIApplication.willEnterForegroundNotification, object: self)
                center.post(name: UIApplication.didBecomeActiveNotification, object: self)
            case (.background, .inactive):
                center.post(name: UIApplication.willEnterForegroundNotification, object: self)
            case (.inactive, .active):
                center.post(name: UIApplication.didBecomeActiveNotification, object: self)
            case (.active, .inactive):
                center.post(name: UIApplication.willResignActiveNotification, object: self)
            case (.active, .background):
                center.post(name: UIApplication.willResignActiveNotification, object: self)
                center.post(name: UIApplication.didEnterBackgroundNotification, object: self)
            case (.inactive, .background):
                center.post(name: UIApplication.didEnterBackgroundNotification, object: self)
            default: break
            }
        }
    }
}
