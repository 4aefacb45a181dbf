import Foundation

extension Braze.Configuration {
    /// How much the SDK logs.
    public enum LogLevel: UInt8, Sendable, CaseIterable {
        case debug = 0
        case info = 1
        case error = 2
        case disabled = 255
    }

    /// The SDK's log settings. Apps set `level`; the stand-in records it (tests may read it back).
    public final class Logger: @unchecked Sendable {
        private let lock = NSLock()
        private var _level: LogLevel = .error
        public init() {}
        /// The minimum level logged; `.error` by default.
        public var level: LogLevel {
            get { lock.lock(); defer { lock.unlock() }; return _level }
            set { lock.lock(); _level = newValue; lock.unlock() }
        }
    }
}
