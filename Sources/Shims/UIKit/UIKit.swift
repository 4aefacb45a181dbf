// A minimal stand-in for Apple's UIKit, built only where UIKit does not exist (see Package.swift).
// It carries just the types that in-app message integration code names, with plain, headless behaviour:
// views are frames in a tree, nothing is drawn, and `UIApplication.open` records URLs instead of leaving the app.
@_exported import Foundation

/// A rectangle in a tree of rectangles. Nothing is drawn; frames, visibility and colours are plain state
/// that tests can read.
open class UIView {
    open var frame: CGRect
    open var isHidden: Bool = false
    open var alpha: CGFloat = 1
    open var backgroundColor: UIColor?
    open var isUserInteractionEnabled: Bool = true
    open var contentMode: ContentMode = .scaleToFill
    open var accessibilityIdentifier: String?
    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []

    public init(frame: CGRect) { self.frame = frame }
    public convenience init() { self.init(frame: .zero) }

    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// How a view lays out its content when its size changes (only recorded here).
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }
}

/// A top-level view. Its level orders it against other windows.
open class UIWindow: UIView {
    open var windowLevel: Level = .normal
    open var rootViewController: UIViewController?
    open private(set) var isKeyWindow = false
    open func makeKeyAndVisible() { isKeyWindow = true; isHidden = false }
    open func makeKey() { isKeyWindow = true }

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

/// Owns a view; headless, so it only holds the view and the presentation preferences apps set.
open class UIViewController {
    open var view: UIView!
    public init() { view = UIView() }
    open var prefersStatusBarHidden: Bool { false }
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all }
}

/// A colour as red, green, blue and alpha components in 0...1.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(1, max(0, v)) }
        self.red = clamp(red); self.green = clamp(green); self.blue = clamp(blue); self.alpha = clamp(alpha)
    }
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Writes the components into the given pointers, as UIKit does; always succeeds.
    @discardableResult
    public func getRed(_ r: UnsafeMutablePointer<CGFloat>?, green g: UnsafeMutablePointer<CGFloat>?,
                       blue b: UnsafeMutablePointer<CGFloat>?, alpha a: UnsafeMutablePointer<CGFloat>?) -> Bool {
        r?.pointee = red; g?.pointee = green; b?.pointee = blue; a?.pointee = alpha
        return true
    }

    public static func == (l: UIColor, r: UIColor) -> Bool {
        l.red == r.red && l.green == r.green && l.blue == r.blue && l.alpha == r.alpha
    }
    public func hash(into h: inout Hasher) { h.combine(red); h.combine(green); h.combine(blue); h.combine(alpha) }
    public var description: String { "UIColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}

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

    /// The simulated application state; tests set it to move the app to the background and back.
    public var applicationState: State {
        get { lock.lock(); defer { lock.unlock() }; return state }
        set { lock.lock(); state = newValue; lock.unlock() }
    }
}
