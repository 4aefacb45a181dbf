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
        private let lock = NSLock()
        private var _triggerMinimumTimeInterval: TimeInterval = 30

        public init(apiKey: String, endpoint: String) {
            self.apiKey = apiKey
            self.endpoint = endpoint
        }

        /// The minimum time between two triggered in-app messages, in seconds. Default 30; negative values
        /// are stored as 0.
        public var triggerMinimumTimeInterval: TimeInterval {
            get { lock.lock(); defer { lock.unlock() }; return _triggerMinimumTimeInterval }
            set { lock.lock(); _triggerMinimumTimeInterval = newValue.isNaN ? 30 : max(0, newValue); lock.unlock() }
        }
    }
}
