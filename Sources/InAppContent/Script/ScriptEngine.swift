// One protocol for the two script engines a page can run: JavaScriptCore (the engine WKWebView runs, loaded
// at run time) and the statement subset (Subset.swift), used where JavaScriptCore is absent. A page owns one
// engine; an engine owns one JavaScript context and no global state. Scripts reach the native side through
// a single host function (an operation name and arguments), so both engines share the page's bridges.
import Foundation

/// Which engine runs a page's scripts.
public enum ScriptEngineKind: String, Sendable, Equatable {
    /// JavaScriptCore: the whole language, as in `WKWebView`.
    case javaScriptCore
    /// The statement subset of ``ScriptProgram`` (no JavaScript engine available).
    case subset
}

/// Why a script (or an event handler, or a timer callback) did not complete.
public struct ScriptFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable, Equatable {
        /// The script threw (a `SyntaxError` included); ``message``, ``line`` and ``column`` say where.
        case exception
        /// The script ran longer than ``ScriptLimits/timeLimit`` and was terminated.
        case timeout
        /// The process grew by more than ``ScriptLimits/memoryLimit`` while the script ran; it was terminated.
        case memory
        /// The subset engine does not understand the script; nothing of it ran.
        case unsupported
        /// `evaluateJavaScript` produced a value WebKit cannot hand to native code (a function, a symbol).
        case unsupportedResult
        /// The page used up its budget (``ScriptLimits/pageTimeLimit``, ``ScriptLimits/callTimeLimit`` or
        /// ``ScriptLimits/pageMemoryLimit``) and its scripts were stopped for good: the run under way was ended, and
        /// later runs are refused until the page loads a document again (``ContentEvent/Kind/scriptsTerminated(_:)``).
        case terminated
    }
    /// What happened.
    public let kind: Kind
    /// The exception's message (`TypeError: …` style text), or a description of the limit hit.
    public let message: String
    /// 1-based line of the failure in its script, when known.
    public let line: Int?
    /// 1-based column, when known.
    public let column: Int?
    /// The name the script was run under (e.g. `inline-script-2`, `onclick`), when known.
    public let sourceURL: String?

    public init(kind: Kind, message: String, line: Int? = nil, column: Int? = nil, sourceURL: String? = nil) {
        self.kind = kind; self.message = message; self.line = line; self.column = column; self.sourceURL = sourceURL
    }

    /// For an exception, the name of what was thrown as `error.name` gives it (`TypeError`, `ReferenceError`, a page's
    /// own error class), read from the start of ``message``; `Error` when the message has no name before a colon.
    /// For a limit or an unsupported script, the kind (`timeout`, `memory`, …).
    public var errorName: String {
        guard kind == .exception else { return kind.rawValue }
        guard let colon = message.firstIndex(of: ":") else { return "Error" }
        let name = message[..<colon]
        let isIdentifier = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        return isIdentifier ? String(name) : "Error"
    }

    public var description: String {
        var s = "\(kind.rawValue): \(message)"
        if let line { s += " at \(sourceURL ?? "script"):\(line)" + (column.map { ":\($0)" } ?? "") }
        return s
    }
}

/// Bounds on untrusted page code. Each script, event handler and timer callback is one run, bounded by
/// ``timeLimit`` and ``memoryLimit``. A page is bounded as a whole too, as a browser bounds a runaway tab: all its runs
/// together by ``pageTimeLimit``, the runs of one call into the page (a load, one `advanceTime`, a tap, typing, a key,
/// an `evaluate`) by ``callTimeLimit``, and the process's growth since the page loaded by ``pageMemoryLimit``. A run
/// is stopped at whichever comes first; when a page budget runs out the page's scripts are stopped for good
/// (``ScriptTermination``), as WebKit terminates a web content process.
public struct ScriptLimits: Sendable, Equatable {
    /// Longest a single run may take, in seconds of real time. Default 5 s (WebKit has no limit; this one ends endless loops).
    public var timeLimit: Double
    /// Most the process may grow (resident memory) during a single run, in bytes. Default 512 MB.
    public var memoryLimit: Int
    /// Deepest nesting of values converted between JavaScript and native code. Default 64.
    public var maxValueDepth: Int
    /// Most script time, in seconds of real time summed over all runs, a page may use over its life (from loading a
    /// document until the next load). Default 30 s.
    public var pageTimeLimit: Double
    /// Most script time, summed over its runs, that one call into the page may use: the load of a document, one
    /// `advanceTime` (every timer it fires), a tap, typing a text, a key press, an `evaluate`. Default 10 s.
    public var callTimeLimit: Double
    /// Most the process may grow (resident memory) from the page's load over its life, in bytes: memory a page's
    /// timers keep run after run counts here although each run stays under ``memoryLimit``. Default 1 GB.
    public var pageMemoryLimit: Int

    public init(timeLimit: Double = 5, memoryLimit: Int = 512 << 20, maxValueDepth: Int = 64,
                pageTimeLimit: Double = 30, callTimeLimit: Double = 10, pageMemoryLimit: Int = 1 << 30) {
        self.timeLimit = timeLimit; self.memoryLimit = memoryLimit; self.maxValueDepth = maxValueDepth
        self.pageTimeLimit = pageTimeLimit; self.callTimeLimit = callTimeLimit; self.pageMemoryLimit = pageMemoryLimit
    }

    public static let `default` = ScriptLimits()
}

/// An error a host function raises; the script sees it as a thrown `TypeError` (or `Error`) with this message.
public struct ScriptHostError: Error, Sendable, Equatable {
    /// `TypeError` (the default) or `Error`.
    public var name: String
    public var message: String
    public init(_ message: String, name: String = "TypeError") { self.name = name; self.message = message }
}

/// The native side of an engine: one function scripts call with an operation name and arguments.
public typealias ScriptHostFunction = (_ operation: String, _ arguments: [ScriptValue]) throws(ScriptHostError) -> ScriptValue

/// How an engine answers its host function: by operation name (the public API), or by ``HostOperation`` (a page's
/// prelude, whose calls carry the operation's number).
enum ScriptHost {
    case named(ScriptHostFunction)
    case operations((_ operation: HostOperation, _ arguments: [ScriptValue]) throws(ScriptHostError) -> ScriptValue)

    /// The same answers by name (the subset engine's calls).
    var byName: ScriptHostFunction {
        switch self {
        case .named(let f): return f
        case .operations(let f):
            return { name, args throws(ScriptHostError) in try f(HostOperation.named(name), args) }
        }
    }
}

/// A script engine bound to one page (one JavaScript context).
public protocol ScriptEngine: AnyObject {
    /// Which engine this is.
    var kind: ScriptEngineKind { get }
    /// Runs `source` as a classic script; the result is its completion value.
    func evaluate(_ source: String, sourceURL: String?, startLine: Int) -> Result<ScriptValue, ScriptFailure>
    /// Runs `source` for `evaluateJavaScript`: a result native code cannot receive (a function, a symbol)
    /// is a failure of kind `unsupportedResult`, as in WebKit.
    func evaluateForNative(_ source: String) -> Result<ScriptValue, ScriptFailure>
    /// Calls the global function at `path` (`"a.b.c"`) with `arguments`.
    func call(_ path: String, _ arguments: [ScriptValue]) -> Result<ScriptValue, ScriptFailure>
    /// Runs `source` as a classic script for its effects (a page's own scripts): the failure, if any. Its completion
    /// value is not converted to native (a page whose last statement yields an element would otherwise have every
    /// property of that element read, getters and all, for nothing).
    func execute(_ source: String, sourceURL: String?, startLine: Int) -> ScriptFailure?
}

extension ScriptEngine {
    public func execute(_ source: String, sourceURL: String?, startLine: Int) -> ScriptFailure? {
        if case .failure(let f) = evaluate(source, sourceURL: sourceURL, startLine: startLine) { return f }
        return nil
    }
}

/// Picks and creates engines, and says which one runs and why.
public enum ScriptEngines {
    /// True when JavaScriptCore is loaded in this process.
    public static var isJavaScriptCoreAvailable: Bool {
        if case .success = JSCLibrary.shared { return true } else { return false }
    }

    /// One line for reports: which engine runs scripts, and how to get the real one where it is missing.
    public static var availability: String {
        switch JSCLibrary.shared {
        case .success(let lib):
            return "scripts: JavaScriptCore (\(lib.path))"
        case .failure(let e):
            return "scripts: JavaScriptCore unavailable (\(e.reason)); running the statement subset only. Install: \(JSCLibrary.installHint)"
        }
    }

    /// The command that installs JavaScriptCore on Debian/Ubuntu.
    public static var installCommand: String { JSCLibrary.installHint }

    /// A new engine: JavaScriptCore when it is available and `preferred` allows it, else the subset.
    public static func make(preferred: ScriptEngineKind = .javaScriptCore, limits: ScriptLimits = .default,
                            virtualMachine: ScriptVirtualMachine? = nil,
                            host: @escaping ScriptHostFunction) -> any ScriptEngine {
        make(preferred: preferred, limits: limits, virtualMachine: virtualMachine, answering: .named(host))
    }

    static func make(preferred: ScriptEngineKind, limits: ScriptLimits, virtualMachine: ScriptVirtualMachine?,
                     answering host: ScriptHost) -> any ScriptEngine {
        if preferred == .javaScriptCore, case .success(let lib) = JSCLibrary.shared,
           let engine = JSCEngine(library: lib, limits: limits, vm: virtualMachine?.vm, host: host) {
            return engine
        }
        return SubsetEngine(host: host.byName)
    }
}

/// The statement subset behind the engine protocol: each statement becomes one host operation
/// (`location.assign`, `postMessage`, `bridge`, `document.title`, `location.href`).
public final class SubsetEngine: ScriptEngine {
    public var kind: ScriptEngineKind { .subset }
    private let host: ScriptHostFunction

    public init(host: @escaping ScriptHostFunction) { self.host = host }

    public func evaluate(_ source: String, sourceURL: String? = nil, startLine: Int = 1) -> Result<ScriptValue, ScriptFailure> {
        let program: ScriptProgram
        do {
            program = try ScriptProgram(source)
        } catch {
            return .failure(ScriptFailure(kind: .unsupported, message: error.reason, sourceURL: sourceURL))
        }
        return run(program, sourceURL: sourceURL)
    }

    public func evaluateForNative(_ source: String) -> Result<ScriptValue, ScriptFailure> {
        evaluate(source, sourceURL: nil, startLine: 1)
    }

    /// Runs an already parsed program.
    public func run(_ program: ScriptProgram, sourceURL: String? = nil) -> Result<ScriptValue, ScriptFailure> {
        var last: ScriptValue = .undefined
        do {
            for statement in program.statements {
                switch statement {
                case .value(let v): last = v
                case .read(.title): last = try host("document.title", [])
                case .read(.url): last = try host("location.href", [])
                case .navigate(let url): _ = try host("location.assign", [.string(url)]); last = .string(url)
                case .postMessage(let name, let body): _ = try host("postMessage", [.string(name), body]); last = .undefined
                case .bridge(let call):
                    _ = try host("bridge", [.string(call.root.rawValue), .string(call.path)] + call.arguments)
                    last = .undefined
                }
            }
        } catch {
            return .failure(ScriptFailure(kind: .exception, message: "\(error.name): \(error.message)", sourceURL: sourceURL))
        }
        return .success(last)
    }

    public func call(_ path: String, _ arguments: [ScriptValue]) -> Result<ScriptValue, ScriptFailure> {
        .failure(ScriptFailure(kind: .unsupported, message: "the statement subset has no functions ('\(path)')"))
    }
}
