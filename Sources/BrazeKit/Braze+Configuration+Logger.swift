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
        private var _print: (String, LogLevel) -> Bool = { _, _ in true }
        /// Where log lines go: called with each message at or above `level` (never at `.disabled`). Headless the
        /// default drops the line (there is no console to print to); apps install their own sink, as upstream.
        /// The Boolean answer is the sink's own (upstream: whether it handled the line) and is not used further.
        public var print: (String, LogLevel) -> Bool {
            get { lock.lock(); defer { lock.unlock() }; return _print }
            set { lock.lock(); _print = newValue; lock.unlock() }
        }

        /// Sends `message` to `print` when `level` is at or above the configured level.
        func log(_ message: @autoclosure () -> String, level messageLevel: LogLevel) {
            let (minimum, sink) = (level, print)
            guard minimum != .disabled, messageLevel != .disabled, messageLevel.rawValue >= minimum.rawValue else { return }
            _ = sink(message(), messageLevel)
        }
    }
}
