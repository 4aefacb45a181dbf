// A page's budget over its whole life, as a browser bounds a runaway tab: the script time of all its runs, the script
// time of one call into the page (a load, an advanceTime, a tap, ...) and how much the process grew since the page
// loaded. Each run is bounded by what is left of it (JSCEngine arms its watchdog with the smaller of the run's limit
// and the budget's); once it is spent the page's scripts are stopped for good: its timers are cancelled, later runs
// are refused, and the page logs one `scriptsTerminated` event, the analogue of WebKit terminating the web content
// process of a page that ran away.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a page's scripts were stopped for good (``ContentEvent/Kind/scriptsTerminated(_:)``).
public enum ScriptTermination: Sendable, Equatable, CustomStringConvertible {
    /// The page's runs took `spent` seconds in all, reaching ``ScriptLimits/pageTimeLimit``.
    case pageTime(spent: Double, limit: Double)
    /// The runs of one call into the page (a load, an `advanceTime`, a tap, ...) took `spent` seconds, reaching
    /// ``ScriptLimits/callTimeLimit``.
    case callTime(spent: Double, limit: Double)
    /// The process grew by `grown` bytes since the page loaded, more than ``ScriptLimits/pageMemoryLimit``.
    case memory(grown: Int, limit: Int)

    public var description: String {
        func seconds(_ s: Double) -> String { String(format: "%.3f s", s) }
        switch self {
        case let .pageTime(spent, limit):
            return "the page's scripts ran \(seconds(spent)) in all, reaching its limit of \(seconds(limit)); its scripts were stopped"
        case let .callTime(spent, limit):
            return "one call into the page ran scripts for \(seconds(spent)), reaching the limit of \(seconds(limit)) per call; its scripts were stopped"
        case let .memory(grown, limit):
            return "the process grew by \(grown >> 20) MB since the page loaded, more than its limit of \(limit >> 20) MB; its scripts were stopped"
        }
    }
}

/// Told when a page's scripts are stopped for good, as WebKit tells a navigation delegate that a page's web content
/// process was terminated. A page asks its ``ContentPage/navigationDelegate`` for this protocol, once per document,
/// after the run that used up the budget returned and the ``ContentEvent/Kind/scriptsTerminated(_:)`` event was
/// logged. The document stays on screen; its timers are cancelled and no script of it runs again until the page loads
/// a document (a reload of the same URL keeps the stopped document, as the headless page reloads without fetching).
public protocol ContentScriptTerminationDelegate: AnyObject {
    func page(_ page: ContentPage, scriptsDidTerminate reason: ScriptTermination)
}

/// What a page may still spend, and what it has spent. Used under the page's VM lock (runs are serialized).
final class PageBudget {
    let pageTimeLimit: Double
    let callTimeLimit: Double
    let memoryLimit: Int
    /// Resident size of the process when the page loaded (0 where unknown: no memory budget then).
    let residentAtLoad: Int
    /// Seconds of script time over the page's life, and within the current call.
    private(set) var spent = 0.0
    private(set) var callSpent = 0.0
    private(set) var termination: ScriptTermination?
    /// Called once, after the run that used up the budget returned (outside the engine's lock).
    var onTermination: ((ScriptTermination) -> Void)?
    /// Runs since the resident size was last read, and the script time then: a run that is short and follows a recent
    /// reading costs no system call.
    private var runsSinceReading = 0
    private var spentAtReading = 0.0

    init(limits: ScriptLimits) {
        pageTimeLimit = max(0, limits.pageTimeLimit)
        callTimeLimit = max(0, limits.callTimeLimit)
        memoryLimit = max(0, limits.pageMemoryLimit)
        residentAtLoad = ProcessMemory.residentBytes()
    }

    /// A new call into the page begins: its script time starts from zero.
    func beginCall() { callSpent = 0 }

    /// Seconds the next run may take before the budget runs out.
    var secondsLeft: Double { max(0, min(pageTimeLimit - spent, callTimeLimit - callSpent)) }

    /// The resident size past which the page is over its memory budget (`Int.max` when unknown).
    var residentCeiling: Int {
        guard residentAtLoad > 0 else { return .max }
        let (sum, overflow) = residentAtLoad.addingReportingOverflow(memoryLimit)
        return overflow ? .max : sum
    }

    /// Counts a run that took `seconds`; `residentOverCeiling` is the resident size the watchdog saw past the ceiling
    /// during it, if it did. Returns the termination the run caused, if this run used up the budget.
    func charge(_ seconds: Double, residentOverCeiling: Int?, stoppedByBudget: Bool) -> ScriptTermination? {
        spent += seconds
        callSpent += seconds
        guard termination == nil else { return nil }
        var reason: ScriptTermination?
        if let resident = residentOverCeiling {
            reason = .memory(grown: resident - residentAtLoad, limit: memoryLimit)
        } else if spent >= pageTimeLimit {
            reason = .pageTime(spent: spent, limit: pageTimeLimit)
        } else if callSpent >= callTimeLimit {
            reason = .callTime(spent: callSpent, limit: callTimeLimit)
        } else {
            runsSinceReading += 1
            // Reads the resident size after a run that took a millisecond or more since the last reading, and after
            // every 64th run: a timer that allocates 32 MB per callback takes milliseconds, so each such callback is
            // counted; runs too short to be read one by one can only have grown the process a little in between.
            if residentAtLoad > 0, runsSinceReading >= 64 || spent - spentAtReading >= 0.001 {
                runsSinceReading = 0
                spentAtReading = spent
                let resident = ProcessMemory.residentBytes()
                if resident > residentCeiling { reason = .memory(grown: resident - residentAtLoad, limit: memoryLimit) }
            }
        }
        if reason == nil, stoppedByBudget {
            // The watchdog stopped the run at what was left of the budget; the clocks agree within a tick.
            reason = pageTimeLimit - spent <= callTimeLimit - callSpent
                ? .pageTime(spent: spent, limit: pageTimeLimit) : .callTime(spent: callSpent, limit: callTimeLimit)
        }
        termination = reason
        return reason
    }
}

/// The process's memory, as the bounds read it.
enum ProcessMemory {
    /// Resident set size of the process (Linux: /proc/self/statm), 0 where unknown.
    static func residentBytes() -> Int {
        #if os(Linux)
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: 128)
        let n = read(fd, &buf, 127)
        guard n > 0 else { return 0 }
        let fields = buf[0..<n].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return 0
        #endif
    }
}
