import Foundation

extension Braze {
    /// The settings a `Braze` instance is created with.
    public final class Configuration: @unchecked Sendable {
        /// The app's API key.
        public let apiKey: String
        /// The SDK endpoint (recorded only; nothing is sent).
        public let endpoint: String
        /// Log settings (the level is recorded; headless, nothing is printed by the SDK stand-in).
        public let logger = Logger()
        /// Network settings (`api.sdkAuthentication`, `api.flushInterval`, `api.requestPolicy`…).
        public let api: Api
        /// Push settings (`push.automation`, `push.appGroup`).
        public let push = Push()
        /// Location settings (`location.brazeLocationProvider`, geofences).
        public let location = Location()
        private let lock = NSLock()
        private var _triggerMinimumTimeInterval: TimeInterval = 30
        private var options = Options()
        private struct Options {
            var forwardUniversalLinks = false
            var devicePropertyAllowList: Set<DeviceProperty> = []
            var sessionTimeout: TimeInterval = 10
            var useUUIDAsDeviceId = true
            var optInWhenPushAuthorized = true
            var ephemeralEvents: Set<String> = []
        }

        public init(apiKey: String, endpoint: String) {
            self.apiKey = apiKey
            self.endpoint = endpoint
            self.api = Api(key: apiKey, endpoint: endpoint)
        }

        private func option<T>(_ path: KeyPath<Options, T>) -> T { lock.lock(); defer { lock.unlock() }; return options[keyPath: path] }
        private func setOption<T>(_ path: WritableKeyPath<Options, T>, _ value: T) { lock.lock(); options[keyPath: path] = value; lock.unlock() }

        /// Whether universal links in Braze channels go to the app's `application(_:continue:restorationHandler:)`
        /// (recorded in the `URLContext` as `isUniversalLink`).
        public var forwardUniversalLinks: Bool {
            get { option(\.forwardUniversalLinks) } set { setOption(\.forwardUniversalLinks, newValue) }
        }
        /// Device properties collected besides the default ones.
        public var devicePropertyAllowList: Set<DeviceProperty> {
            get { option(\.devicePropertyAllowList) } set { setOption(\.devicePropertyAllowList, newValue) }
        }
        /// Seconds in the background after which a new session starts; negative values are stored as 0.
        public var sessionTimeout: TimeInterval {
            get { option(\.sessionTimeout) }
            set { setOption(\.sessionTimeout, newValue.isFinite ? max(0, newValue) : 10) }
        }
        public var useUUIDAsDeviceId: Bool { get { option(\.useUUIDAsDeviceId) } set { setOption(\.useUUIDAsDeviceId, newValue) } }
        /// Whether the push subscription becomes `optedIn` when the user authorizes notifications.
        public var optInWhenPushAuthorized: Bool {
            get { option(\.optInWhenPushAuthorized) } set { setOption(\.optInWhenPushAuthorized, newValue) }
        }
        /// Custom events logged but never stored for segmentation.
        public var ephemeralEvents: Set<String> { get { option(\.ephemeralEvents) } set { setOption(\.ephemeralEvents, newValue) } }

        /// The minimum time between two triggered in-app messages, in seconds. Default 30; negative values
        /// are stored as 0.
        public var triggerMinimumTimeInterval: TimeInterval {
            get { lock.lock(); defer { lock.unlock() }; return _triggerMinimumTimeInterval }
            set { lock.lock(); _triggerMinimumTimeInterval = newValue.isNaN ? 30 : max(0, newValue); lock.unlock() }
        }
    }
}
