import Foundation

/// The orientation of the device's screen.
public enum DeviceOrientation: String, Hashable, Sendable, Codable, CaseIterable {
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { !isPortrait }
}

/// Light or dark user-interface style.
public enum Appearance: String, Hashable, Sendable, Codable { case light, dark }

/// The orientations a message may be displayed in.
public enum OrientationSupport: String, Hashable, Sendable, Codable, CaseIterable {
    case any, portrait, landscape

    public func supports(_ orientation: DeviceOrientation) -> Bool {
        switch self {
        case .any: return true
        case .portrait: return orientation.isPortrait
        case .landscape: return orientation.isLandscape
        }
    }
}

/// A size in points.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// Everything about the simulated device and app that affects whether and how a message shows.
public struct DeviceState: Hashable, Sendable, Codable {
    public var orientation: DeviceOrientation
    public var appearance: Appearance
    public var isInForeground: Bool
    public var isKeyboardVisible: Bool
    /// The interface orientations the app declares.
    public var supportedOrientations: Set<DeviceOrientation>
    /// The screen size in portrait; landscape swaps the sides.
    public var portraitScreenSize: Size
    /// Height taken by the status bar at the top (0 when hidden).
    public var statusBarHeight: Double
    public var isTablet: Bool

    public init(orientation: DeviceOrientation = .portrait, appearance: Appearance = .light,
                isInForeground: Bool = true, isKeyboardVisible: Bool = false,
                supportedOrientations: Set<DeviceOrientation> = [.portrait, .landscapeLeft, .landscapeRight],
                portraitScreenSize: Size = Size(width: 390, height: 844), statusBarHeight: Double = 47,
                isTablet: Bool = false) {
        self.orientation = orientation
        self.appearance = appearance
        self.isInForeground = isInForeground
        self.isKeyboardVisible = isKeyboardVisible
        self.supportedOrientations = supportedOrientations
        self.portraitScreenSize = portraitScreenSize
        self.statusBarHeight = statusBarHeight
        self.isTablet = isTablet
    }

    /// The screen size in the current orientation.
    public var screenSize: Size {
        orientation.isPortrait ? portraitScreenSize
            : Size(width: portraitScreenSize.height, height: portraitScreenSize.width)
    }
}

/// A change of device state, as observers see it.
public struct DeviceChange: Sendable, Equatable {
    public let old: DeviceState
    public let new: DeviceState
}

/// The simulated device: holds a `DeviceState` and tells observers when it changes.
/// Thread-safe; observers run on the thread that made the change, after the change is visible.
public final class Device: @unchecked Sendable {
    public typealias Observer = @Sendable (DeviceChange) -> Void
    private struct Store {
        var state: DeviceState
        var observers: [Int: Observer] = [:]
        var nextToken = 0
    }
    private let store: Locked<Store>

    public init(_ state: DeviceState = DeviceState()) { store = Locked(Store(state: state)) }

    public var state: DeviceState {
        get { store.withLock { $0.state } }
        set { update { $0 = newValue } }
    }

    /// Applies `change` to the state and notifies observers if anything changed.
    public func update(_ change: (inout DeviceState) -> Void) {
        let (old, new, observers) = store.withLock { s -> (DeviceState, DeviceState, [Observer]) in
            let old = s.state
            change(&s.state)
            return (old, s.state, s.observers.sorted { $0.key < $1.key }.map(\.value))
        }
        guard old != new else { return }
        for observer in observers { observer(DeviceChange(old: old, new: new)) }
    }

    public func rotate(to orientation: DeviceOrientation) { update { $0.orientation = orientation } }
    public func setAppearance(_ appearance: Appearance) { update { $0.appearance = appearance } }
    public func moveToBackground() { update { $0.isInForeground = false } }
    public func moveToForeground() { update { $0.isInForeground = true } }
    public func setKeyboardVisible(_ visible: Bool) { update { $0.isKeyboardVisible = visible } }

    /// Registers an observer; keep the token and pass it to `removeObserver` to stop.
    @discardableResult
    public func addObserver(_ observer: @escaping Observer) -> Int {
        store.withLock { s in
            s.nextToken += 1
            s.observers[s.nextToken] = observer
            return s.nextToken
        }
    }

    public func removeObserver(_ token: Int) { store.withLock { _ = $0.observers.removeValue(forKey: token) } }
}
