import Foundation
import InAppCore

/// How much the SDK logs (AEPServices `LogLevel`), from least to most verbose. Set it with
/// `MobileCore.setLogLevel(_:)`; headless, log lines go to the environment's trace (kind `diagnostic`, name `log`),
/// and only those at or below the current level are recorded. The default is `.error`.
public enum LogLevel: Int, Comparable, Sendable {
    case error = 0
    case warning = 1
    case debug = 2
    case trace = 3

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name as it appears in the trace (`ERROR`, `WARNING`, `DEBUG`, `TRACE`).
    @_spi(OpenInApp) public var label: String {
        switch self {
        case .error: return "ERROR"
        case .warning: return "WARNING"
        case .debug: return "DEBUG"
        case .trace: return "TRACE"
        }
    }
}

/// The SDK's log, recorded into the trace of `MessagingEnvironment.current` and filtered by the level set with
/// `MobileCore.setLogLevel(_:)` (process-wide, as upstream, unless a test's environment is scoped: then per test).
@_spi(OpenInApp) public enum AdobeLog {
    private static let level = EnvironmentSetting(LogLevel.error)

    /// The current log level.
    public static var logFilter: LogLevel {
        get { level.value }
        set { level.value = newValue }
    }

    /// Records `message` when `severity` is within the current level.
    public static func log(_ severity: LogLevel, label: String, _ message: String) {
        guard severity <= logFilter else { return }
        MessagingEnvironment.current.trace.record(.diagnostic, "log",
                                                  ["level": severity.label, "label": label, "message": message])
    }
}
