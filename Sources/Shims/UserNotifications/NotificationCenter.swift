import Foundation
import InAppCore

public struct UNAuthorizationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = Self(rawValue: 1 << 0)
    public static let sound = Self(rawValue: 1 << 1)
    public static let alert = Self(rawValue: 1 << 2)
    public static let carPlay = Self(rawValue: 1 << 3)
    public static let criticalAlert = Self(rawValue: 1 << 4)
    public static let providesAppNotificationSettings = Self(rawValue: 1 << 5)
    public static let provisional = Self(rawValue: 1 << 6)
    public static let timeSensitive = Self(rawValue: 1 << 8)
}

public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0, denied = 1, authorized = 2, provisional = 3, ephemeral = 4
}

public enum UNNotificationSetting: Int, Sendable {
    case notSupported = 0, disabled = 1, enabled = 2
}

/// How a notification that arrives while the app is in the foreground is shown.
public struct UNNotificationPresentationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = Self(rawValue: 1 << 0)
    public static let sound = Self(rawValue: 1 << 1)
    public static let alert = Self(rawValue: 1 << 2)
    public static let list = Self(rawValue: 1 << 3)
    public static let banner = Self(rawValue: 1 << 4)
}

/// The app's notification settings as the user left them.
open class UNNotificationSettings: NSObject, @unchecked Sendable {
    public let authorizationStatus: UNAuthorizationStatus
    public let alertSetting: UNNotificationSetting
    public let badgeSetting: UNNotificationSetting
    public let soundSetting: UNNotificationSetting
    init(status: UNAuthorizationStatus, options: UNAuthorizationOptions) {
        authorizationStatus = status
        let granted = status == .authorized || status == .provisional
        func setting(_ option: UNAuthorizationOptions) -> UNNotificationSetting {
            granted && options.contains(option) ? .enabled : .disabled
        }
        alertSetting = setting(.alert)
        badgeSetting = setting(.badge)
        soundSetting = setting(.sound)
        super.init()
    }
}

/// The app's answers to the notification center: notifications arriving in the foreground, and the user's
/// responses. Every method is optional.
public protocol UNUserNotificationCenterDelegate: AnyObject {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void)
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                       withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        completionHandler([])
    }
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                       withCompletionHandler completionHandler: @escaping () -> Void) {
        completionHandler()
    }
    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}
}

/// The app's notification center. There is one per `MessagingEnvironment` (`current()`), so each test has its
/// own. Headless: no prompt is shown — the simulated user answers authorization requests with
/// `simulatedAuthorizationAnswer` — and notifications reach the app only when a test (or `iam simulate`)
/// delivers them with `deliver(_:)` and answers them with `respond(to:actionIdentifier:)`. Completion handlers
/// run synchronously, before the call returns. Every request is recorded in the trace (kind `push`).
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    private struct State {
        weak var delegate: (any UNUserNotificationCenterDelegate)?
        weak var interceptor: (any UNUserNotificationCenterDelegate)?
        var status: UNAuthorizationStatus = .notDetermined
        var options: UNAuthorizationOptions = []
        var answer = true
        var categories: Set<UNNotificationCategory> = []
        var pending: [UNNotificationRequest] = []
        var delivered: [UNNotification] = []
        var badge = 0
    }
    private let state = Locked(State())
    /// The environment whose trace and clock this center uses.
    package let environment: MessagingEnvironment

    init(environment: MessagingEnvironment) {
        self.environment = environment
        super.init()
    }

    /// The notification center of the current environment.
    open class func current() -> UNUserNotificationCenter {
        let environment = MessagingEnvironment.current
        return environment.shared(UNUserNotificationCenter.self) { UNUserNotificationCenter(environment: environment) }
    }

    /// Receives foreground notifications and the user's responses. Held weakly.
    open var delegate: (any UNUserNotificationCenterDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Test API: the delegate that stands in front of the app's `delegate`, as an SDK's push automation does on a
    /// device by taking over the center's delegate (Braze's `configuration.push.automation`). When set, it
    /// gets every callback first and forwards it to `delegate`; `delegate` stays the app's. Held weakly.
    public var interceptingDelegate: (any UNUserNotificationCenterDelegate)? { state.withLock { $0.interceptor } }

    /// Puts `interceptor` in front of the app's delegate (see `interceptingDelegate`).
    package func intercept(with interceptor: (any UNUserNotificationCenterDelegate)?, owner: String) {
        state.withLock { $0.interceptor = interceptor }
        environment.trace.record(.push, interceptor == nil ? "delegateReleased" : "delegateTakenOver", ["by": owner])
    }

    /// Who hears a callback: the interceptor when there is one, else the app's delegate.
    private var receiver: (any UNUserNotificationCenterDelegate)? { state.withLock { $0.interceptor ?? $0.delegate } }

    // MARK: Authorization

    /// Test API: how the simulated user answers the next authorization prompt (default: allows).
    public var simulatedAuthorizationAnswer: Bool {
        get { state.withLock { $0.answer } }
        set { state.withLock { $0.answer = newValue } }
    }

    /// Asks for permission. The first request is answered with `simulatedAuthorizationAnswer`; later ones
    /// get the stored answer, as on a device where the prompt is shown once.
    open func requestAuthorization(options: UNAuthorizationOptions = [],
                                   completionHandler: @escaping (Bool, (any Error)?) -> Void) {
        let (granted, prompted) = state.withLock { s -> (Bool, Bool) in
            if s.status == .notDetermined {
                if options.contains(.provisional) && !s.answer { s.status = .provisional }
                else { s.status = s.answer ? .authorized : .denied }
                s.options = options
                return (s.status != .denied, true)
            }
            return (s.status != .denied, false)
        }
        environment.trace.record(.push, "requestAuthorization", ["options": String(options.rawValue),
                                                                "granted": String(granted), "prompted": String(prompted)])
        completionHandler(granted, nil)
    }

    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        var result = false
        requestAuthorization(options: options) { granted, _ in result = granted }
        return result
    }

    open func getNotificationSettings(completionHandler: @escaping (UNNotificationSettings) -> Void) {
        completionHandler(notificationSettingsNow())
    }

    open func notificationSettings() async -> UNNotificationSettings { notificationSettingsNow() }

    private func notificationSettingsNow() -> UNNotificationSettings {
        let (status, options) = state.withLock { ($0.status, $0.options) }
        return UNNotificationSettings(status: status, options: options)
    }

    // MARK: Categories

    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        state.withLock { $0.categories = categories }
        environment.trace.record(.push, "setNotificationCategories",
                                 ["identifiers": categories.map(\.identifier).sorted().joined(separator: ",")])
    }

    open func getNotificationCategories(completionHandler: @escaping (Set<UNNotificationCategory>) -> Void) {
        completionHandler(state.withLock { $0.categories })
    }

    open func notificationCategories() async -> Set<UNNotificationCategory> { state.withLock { $0.categories } }

    // MARK: Local notifications

    /// Schedules a local notification (kept pending; `deliver(_:)` shows it).
    open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil) {
        state.withLock { s in
            s.pending.removeAll { $0.identifier == request.identifier }
            s.pending.append(request)
        }
        environment.trace.record(.push, "add", ["identifier": request.identifier])
        completionHandler?(nil)
    }

    open func add(_ request: UNNotificationRequest) async throws { add(request, withCompletionHandler: nil) }

    open func getPendingNotificationRequests(completionHandler: @escaping ([UNNotificationRequest]) -> Void) {
        completionHandler(state.withLock { $0.pending })
    }

    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        state.withLock { $0.pending.removeAll { identifiers.contains($0.identifier) } }
    }

    open func removeAllPendingNotificationRequests() { state.withLock { $0.pending.removeAll() } }

    open func getDeliveredNotifications(completionHandler: @escaping ([UNNotification]) -> Void) {
        completionHandler(state.withLock { $0.delivered })
    }

    open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        state.withLock { $0.delivered.removeAll { identifiers.contains($0.request.identifier) } }
    }

    open func removeAllDeliveredNotifications() { state.withLock { $0.delivered.removeAll() } }

    open func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil) {
        state.withLock { $0.badge = max(0, newBadgeCount) }
        completionHandler?(nil)
    }

    /// Test API: the app icon's badge number.
    public var badgeCount: Int { state.withLock { $0.badge } }

    // MARK: Simulation (test API)

    /// The authorization status the simulated user left.
    public var authorizationStatus: UNAuthorizationStatus { state.withLock { $0.status } }

    /// The categories the app registered.
    public var registeredCategories: Set<UNNotificationCategory> { state.withLock { $0.categories } }

    /// Test API: `request` arrives now. It joins the delivered notifications (when authorized) and the delegate
    /// is asked how to show it (`willPresent`, as when the app is in the foreground). Returns the notification and
    /// the options the delegate chose (nil when no delegate answered).
    @discardableResult
    public func deliver(_ request: UNNotificationRequest) -> (notification: UNNotification, options: UNNotificationPresentationOptions?) {
        let notification = UNNotification(request: request, date: Date(timeIntervalSince1970: environment.clock.now))
        let (delegate, allowed) = state.withLock { s -> ((any UNUserNotificationCenterDelegate)?, Bool) in
            s.pending.removeAll { $0.identifier == request.identifier }
            let allowed = s.status == .authorized || s.status == .provisional
            if allowed { s.delivered.append(notification) }
            return (s.interceptor ?? s.delegate, allowed)
        }
        environment.trace.record(.push, "delivered", ["identifier": request.identifier, "shown": String(allowed)])
        var chosen: UNNotificationPresentationOptions?
        delegate?.userNotificationCenter(self, willPresent: notification) { chosen = $0 }
        return (notification, chosen)
    }

    /// Test API: the user answers `notification` (a tap by default, or an action's identifier). The delegate's
    /// `didReceive` runs; returns whether it called its completion handler before returning.
    @discardableResult
    public func respond(to notification: UNNotification,
                        actionIdentifier: String = UNNotificationDefaultActionIdentifier) -> Bool {
        let response = UNNotificationResponse(notification: notification, actionIdentifier: actionIdentifier)
        return respond(response)
    }

    /// Test API: delivers `response` to the delegate; returns whether its completion handler was called.
    @discardableResult
    public func respond(_ response: UNNotificationResponse) -> Bool {
        environment.trace.record(.push, "response", ["identifier": response.notification.request.identifier,
                                                    "action": response.actionIdentifier])
        var completed = false
        receiver?.userNotificationCenter(self, didReceive: response) { completed = true }
        return completed
    }
}
