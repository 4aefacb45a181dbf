import Foundation
#if canImport(UserNotifications)
import UserNotifications
#endif

extension Braze.Configuration {
    /// Push notification settings.
    public final class Push: @unchecked Sendable {
        /// What the SDK does for the app when push automation is on. `true` turns every step on; each can be
        /// turned off alone (`automation.requestAuthorizationAtLaunch = false`).
        public final class Automation: @unchecked Sendable, ExpressibleByBooleanLiteral {
            private let lock = NSLock()
            private var flags: [String: Bool]
            private var _authorizationOptions: UNAuthorizationOptions = [.alert, .badge, .sound]

            public init(enabled: Bool = false) {
                flags = Dictionary(uniqueKeysWithValues: Self.steps.map { ($0, enabled) })
            }
            public convenience init(booleanLiteral value: Bool) { self.init(enabled: value) }

            static let steps = ["automaticSetup", "requestAuthorizationAtLaunch", "setNotificationCategories",
                                "registerDeviceToken", "handleBackgroundNotification", "handleNotificationResponse",
                                "willPresentNotification"]
            private func flag(_ name: String) -> Bool { lock.lock(); defer { lock.unlock() }; return flags[name] ?? false }
            private func setFlag(_ name: String, _ value: Bool) { lock.lock(); flags[name] = value; lock.unlock() }

            /// Whether any step is on.
            public var isEnabled: Bool { lock.lock(); defer { lock.unlock() }; return flags.values.contains(true) }
            public var automaticSetup: Bool { get { flag("automaticSetup") } set { setFlag("automaticSetup", newValue) } }
            public var requestAuthorizationAtLaunch: Bool {
                get { flag("requestAuthorizationAtLaunch") } set { setFlag("requestAuthorizationAtLaunch", newValue) }
            }
            public var setNotificationCategories: Bool {
                get { flag("setNotificationCategories") } set { setFlag("setNotificationCategories", newValue) }
            }
            public var registerDeviceToken: Bool { get { flag("registerDeviceToken") } set { setFlag("registerDeviceToken", newValue) } }
            public var handleBackgroundNotification: Bool {
                get { flag("handleBackgroundNotification") } set { setFlag("handleBackgroundNotification", newValue) }
            }
            public var handleNotificationResponse: Bool {
                get { flag("handleNotificationResponse") } set { setFlag("handleNotificationResponse", newValue) }
            }
            public var willPresentNotification: Bool {
                get { flag("willPresentNotification") } set { setFlag("willPresentNotification", newValue) }
            }
            /// The options asked for when authorization is requested at launch.
            public var authorizationOptions: UNAuthorizationOptions {
                get { lock.lock(); defer { lock.unlock() }; return _authorizationOptions }
                set { lock.lock(); _authorizationOptions = newValue; lock.unlock() }
            }
        }

        private let lock = NSLock()
        private var _automation = Automation(enabled: false)
        private var _appGroup: String?

        init() {}

        /// Push automation; off by default.
        public var automation: Automation {
            get { lock.lock(); defer { lock.unlock() }; return _automation }
            set { lock.lock(); _automation = newValue; lock.unlock() }
        }
        /// The app group shared with notification extensions (push stories, delivery tracking).
        public var appGroup: String? {
            get { lock.lock(); defer { lock.unlock() }; return _appGroup }
            set { lock.lock(); _appGroup = newValue; lock.unlock() }
        }
    }
}
