import Foundation

/// What a location provider module (BrazeLocation) hands to `Braze.Configuration.location`.
public protocol BrazeLocationProviderProtocol: AnyObject, Sendable {
    /// A short name recorded in the trace.
    var providerName: String { get }
}

extension Braze.Configuration {
    /// Location collection and geofence settings. Headless: recorded; no location is read.
    public final class Location: @unchecked Sendable {
        private let lock = NSLock()
        private var provider: AnyObject?
        private var flags = (automaticLocationCollection: false, geofencesEnabled: false,
                             automaticGeofenceRequests: true, allowBackgroundGeofenceUpdates: false)
        private var _distanceFilter: Double = 8000

        init() {}

        /// The provider that collects locations (`BrazeLocationProvider()` from BrazeLocation). Typed `AnyObject`
        /// as upstream (BrazeKit cannot name BrazeLocation's class), so wrappers can pass the provider they hold
        /// as `AnyObject`; `locationProvider` reads it back as a provider.
        public var brazeLocationProvider: AnyObject? {
            get { lock.lock(); defer { lock.unlock() }; return provider }
            set { lock.lock(); provider = newValue; lock.unlock() }
        }
        /// Headless extra: the provider when it is one (`BrazeLocationProviderProtocol`), else nil.
        public var locationProvider: (any BrazeLocationProviderProtocol)? { brazeLocationProvider as? any BrazeLocationProviderProtocol }
        public var automaticLocationCollection: Bool {
            get { lock.lock(); defer { lock.unlock() }; return flags.automaticLocationCollection }
            set { lock.lock(); flags.automaticLocationCollection = newValue; lock.unlock() }
        }
        public var geofencesEnabled: Bool {
            get { lock.lock(); defer { lock.unlock() }; return flags.geofencesEnabled }
            set { lock.lock(); flags.geofencesEnabled = newValue; lock.unlock() }
        }
        public var automaticGeofenceRequests: Bool {
            get { lock.lock(); defer { lock.unlock() }; return flags.automaticGeofenceRequests }
            set { lock.lock(); flags.automaticGeofenceRequests = newValue; lock.unlock() }
        }
        public var allowBackgroundGeofenceUpdates: Bool {
            get { lock.lock(); defer { lock.unlock() }; return flags.allowBackgroundGeofenceUpdates }
            set { lock.lock(); flags.allowBackgroundGeofenceUpdates = newValue; lock.unlock() }
        }
        /// Metres between location updates; negative or non-finite values are stored as the default 8000.
        public var distanceFilter: Double {
            get { lock.lock(); defer { lock.unlock() }; return _distanceFilter }
            set { lock.lock(); _distanceFilter = newValue.isFinite && newValue >= 0 ? newValue : 8000; lock.unlock() }
        }
    }

    /// Device properties the SDK may collect.
    public struct DeviceProperty: Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let model = Self(rawValue: "model")
        public static let osVersion = Self(rawValue: "os_version")
        public static let resolution = Self(rawValue: "resolution")
        public static let timeZone = Self(rawValue: "time_zone")
        public static let locale = Self(rawValue: "locale")
        public static let carrier = Self(rawValue: "carrier")
        public static let pushEnabled = Self(rawValue: "push_enabled")
        public static let pushAuthStatus = Self(rawValue: "push_auth_status")
        public static let pushDisplayOptions = Self(rawValue: "push_display_options")
        public static let all: Set<Self> = [.model, .osVersion, .resolution, .timeZone, .locale, .carrier, .pushEnabled,
                                            .pushAuthStatus, .pushDisplayOptions]
    }
}
