// Screens, scenes and windows, headless: one simulated screen, scenes that hold windows, windows that hold
// a root view controller. `@main` on an app delegate compiles; there is no run loop to start.

/// The device screen (a 390 × 844 point phone at 3× unless a test sets another size).
public final class UIScreen: UITraitEnvironment, @unchecked Sendable {
    private let lock = NSLock()
    private var _bounds: CGRect
    private var _scale: CGFloat
    private var _traits: UITraitCollection
    public init(bounds: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844), scale: CGFloat = 3) {
        _bounds = bounds; _scale = scale; _traits = UITraitCollection.current
    }
    /// The main screen.
    public static let main = UIScreen()
    public var bounds: CGRect {
        get { lock.lock(); defer { lock.unlock() }; return _bounds }
        set { lock.lock(); _bounds = newValue; lock.unlock() }
    }
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }
    public var scale: CGFloat {
        get { lock.lock(); defer { lock.unlock() }; return _scale }
        set { lock.lock(); _scale = newValue; lock.unlock() }
    }
    public var nativeScale: CGFloat { scale }
    public var brightness: CGFloat = 1
    public var traitCollection: UITraitCollection {
        get { lock.lock(); defer { lock.unlock() }; return _traits }
        set { lock.lock(); _traits = newValue; lock.unlock() }
    }
    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}

/// A scene: one instance of the app's UI.
open class UIScene: UIResponder {
    public enum ActivationState: Int, Sendable { case unattached = -1, foregroundActive, foregroundInactive, background }
    /// What a scene is connected with (URLs, shortcut items), recorded only.
    open class ConnectionOptions: NSObject {
        open var urlContexts: Set<UIOpenURLContext> = []
        /// The activities the scene was connected to continue (Handoff, universal links).
        open var userActivities: Set<NSUserActivity> = []
        /// The home-screen quick action that launched the scene.
        open var shortcutItem: UIApplicationShortcutItem?
        /// The app that asked to open the scene's URL.
        open var sourceApplication: String?
        public override init() { super.init() }
    }
    open var activationState: ActivationState = .foregroundActive
    open var title: String!
    open var delegate: (any UISceneDelegate)?
    public let session: UISceneSession
    public init(session: UISceneSession, connectionOptions: ConnectionOptions) {
        self.session = session
        super.init()
        session.scene = self
    }
    public override convenience init() { self.init(session: UISceneSession(), connectionOptions: ConnectionOptions()) }
}

/// A scene's persistent identity.
open class UISceneSession: NSObject {
    open var persistentIdentifier = UUID().uuidString
    open var userInfo: [String: Any]?
    /// What kind of scene the session is for (the app's main window unless a test says otherwise).
    public let role: Role
    /// The configuration the app chose for the session (`application(_:configurationForConnecting:options:)`).
    open internal(set) var configuration: UISceneConfiguration
    /// The scene of this session while it is connected.
    open internal(set) weak var scene: UIScene?
    public init(role: Role) {
        self.role = role
        configuration = UISceneConfiguration(name: nil, sessionRole: role)
        super.init()
    }
    public override convenience init() { self.init(role: .windowApplication) }
}

/// A URL the app was asked to open.
open class UIOpenURLContext: NSObject {
    public let url: URL
    public init(url: URL) { self.url = url; super.init() }
}

/// A scene that hosts windows.
open class UIWindowScene: UIScene, UITraitEnvironment {
    /// Windows of this scene, in the order they were attached.
    open internal(set) var windows: [UIWindow] = []
    open var screen: UIScreen { .main }
    open var interfaceOrientation: UIInterfaceOrientation = .portrait
    open var traitCollection: UITraitCollection { screen.traitCollection }
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    open var statusBarManager: UIStatusBarManager? { UIStatusBarManager() }
}

/// Status bar facts of a scene.
open class UIStatusBarManager: NSObject {
    open var statusBarFrame: CGRect { CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 47) }
    open var isStatusBarHidden: Bool { false }
    open var statusBarStyle: UIStatusBarStyle { .default }
}

/// Light or dark status bar content.
public enum UIStatusBarStyle: Int, Sendable { case `default` = 0, lightContent = 1, darkContent = 3 }
/// Status bar show/hide animations.
public enum UIStatusBarAnimation: Int, Sendable { case none, fade, slide }

/// A top-level view. Its level orders it against other windows.
open class UIWindow: UIView {
    open var windowLevel: Level = .normal
    /// The root view controller; setting it puts its view in the window, sized to the window.
    open var rootViewController: UIViewController? {
        didSet {
            if let old = oldValue, old !== rootViewController { old.viewIfLoaded?.removeFromSuperview() }
            if let root = rootViewController {
                root.view.frame = bounds
                addSubview(root.view)
            }
        }
    }
    open private(set) var isKeyWindow = false
    /// The scene the window belongs to.
    open var windowScene: UIWindowScene? {
        didSet {
            oldValue?.windows.removeAll { $0 === self }
            if let windowScene, !windowScene.windows.contains(where: { $0 === self }) { windowScene.windows.append(self) }
        }
    }
    open var screen: UIScreen = .main
    open var canResizeToFitContent = false

    public override init(frame: CGRect) { super.init(frame: frame) }
    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.screen.bounds)
        self.windowScene = windowScene
        windowScene.windows.append(self)
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func makeKeyAndVisible() { makeKey(); isHidden = false }
    open func makeKey() {
        for w in windowScene?.windows ?? [] where w !== self { w.isKeyWindow = false }
        isKeyWindow = true
        UIApplication.shared.register(self)
        becomeKey()
    }
    open func becomeKey() {}
    open func resignKey() { isKeyWindow = false }
    open override var traitCollection: UITraitCollection {
        let base = traitOverride ?? windowScene?.traitCollection ?? UITraitCollection.current
        guard overrideUserInterfaceStyle != .unspecified else { return base }
        return UITraitCollection(traitsFrom: [base, UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)])
    }
    /// Sets the safe-area insets the window reports (headless extra: a simulated notch or home indicator).
    public func simulateSafeAreaInsets(_ insets: UIEdgeInsets) { ownSafeAreaInsets = insets; safeAreaInsetsDidChange(); setNeedsLayout() }

    /// The stacking level of a window; higher levels sit above lower ones.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(0)
        public static let statusBar = Level(1000)
        public static let alert = Level(2000)
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        public static func + (a: Level, b: CGFloat) -> Level { Level(a.rawValue + b) }
        public static func - (a: Level, b: CGFloat) -> Level { Level(a.rawValue - b) }
    }
}
