import Foundation

extension Braze.Configuration {
    /// Network settings. Headless: recorded, and `sdkAuthentication` turns on the signature checks of the
    /// simulated server (`Braze.server`); no request leaves the process.
    public final class Api: @unchecked Sendable {
        /// How data is sent: automatically on a timer, or only on `requestImmediateDataFlush()`.
        public enum RequestPolicy: String, Sendable, Hashable {
            case automatic
            case manual
        }

        /// Properties the SDK may collect (the type lives on `Braze.Configuration`, as upstream; kept here by its
        /// earlier name).
        public typealias TrackingProperty = Braze.Configuration.TrackingProperty

        /// Extra information about the integration's flavour (React Native, Flutter, Unity…).
        public enum SDKMetadata: String, Sendable, Hashable {
            case adobe, cordova, expo, flutter, gimbal, googleTagManager, kotlinMultiplatform, manualIntegration,
                 mparticle, nativeScript, radar, reactNative, segment, tealium, unity, cocoapods, carthage,
                 swiftPackageManager, unreal, unknown
        }

        /// The wrapper SDK flavour.
        public enum SDKFlavor: String, Sendable, Hashable {
            case react, cordova, unity, xamarin, segment, flutter, mparticle, tealium, unreal, other
        }

        private let lock = NSLock()
        private var values = Values()
        private struct Values {
            var key = ""
            var endpoint = ""
            var sdkAuthentication = false
            var flushInterval: TimeInterval = 10
            var requestPolicy = RequestPolicy.automatic
            var trackingPropertyAllowList: Set<TrackingProperty> = []
            var sdkMetadata: Set<SDKMetadata> = []
            var sdkFlavor: SDKFlavor?
        }

        init(key: String, endpoint: String) { values.key = key; values.endpoint = endpoint }

        private func get<T>(_ path: KeyPath<Values, T>) -> T { lock.lock(); defer { lock.unlock() }; return values[keyPath: path] }
        private func set<T>(_ path: WritableKeyPath<Values, T>, _ value: T) { lock.lock(); values[keyPath: path] = value; lock.unlock() }

        /// The API key.
        public var key: String { get { get(\.key) } set { set(\.key, newValue) } }
        /// The SDK endpoint (recorded; never contacted).
        public var endpoint: String { get { get(\.endpoint) } set { set(\.endpoint, newValue) } }
        /// Whether requests carry an SDK authentication signature (see `BrazeSDKAuthDelegate`).
        public var sdkAuthentication: Bool { get { get(\.sdkAuthentication) } set { set(\.sdkAuthentication, newValue) } }
        /// Seconds between automatic flushes; values below 1 are stored as 1.
        public var flushInterval: TimeInterval {
            get { get(\.flushInterval) }
            set { set(\.flushInterval, newValue.isFinite ? max(1, newValue) : 10) }
        }
        public var requestPolicy: RequestPolicy { get { get(\.requestPolicy) } set { set(\.requestPolicy, newValue) } }
        public var trackingPropertyAllowList: Set<TrackingProperty> {
            get { get(\.trackingPropertyAllowList) } set { set(\.trackingPropertyAllowList, newValue) }
        }
        public var sdkMetadata: Set<SDKMetadata> { get { get(\.sdkMetadata) } set { set(\.sdkMetadata, newValue) } }
        public var sdkFlavor: SDKFlavor? { get { get(\.sdkFlavor) } set { set(\.sdkFlavor, newValue) } }
        /// Adds metadata to what is already set.
        public func addSDKMetadata(_ metadata: [SDKMetadata]) { lock.lock(); values.sdkMetadata.formUnion(metadata); lock.unlock() }
    }
}
