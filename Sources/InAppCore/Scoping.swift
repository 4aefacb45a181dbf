import Foundation

// Which environment is "current" for a caller.
//
// Tests of integration code run in parallel (Swift Testing runs every test, and every case of a parameterized
// test, in its own task at the same time), while the vendors' APIs reach for process-wide singletons. So
// `MessagingEnvironment.current` is resolved per caller, innermost first:
//
// 1. a scope bound with `environment.withCurrent { … }` (a task-local value: it follows the task, its child
//    tasks, and work the environment's own executors run — whichever thread that lands on);
// 2. the environment installed for the running task (`MessagingEnvironment.current = e` inside a task, as
//    `Harness()` does at the top of a test);
// 3. the process-wide one.
//
// The vendors' globals (`ServiceProvider.shared`, `Appboy.sharedInstance()`, the message monitor…) live in the
// environment (`shared(_:_:)`), so resolving the environment resolves them too.

/// The scope bound by `withCurrent`: which environment is current inside it. Installing an environment inside
/// a scope replaces it for the rest of that scope only.
final class EnvironmentScope: @unchecked Sendable {
    let environment: Locked<MessagingEnvironment>
    init(_ environment: MessagingEnvironment) { self.environment = Locked(environment) }
}

/// A weak link from an executor back to the environment that owns it (a strong one would be a cycle).
final class EnvironmentLink: @unchecked Sendable {
    private let store = Locked<WeakEnvironment>(WeakEnvironment(nil))
    var environment: MessagingEnvironment? {
        get { store.withLock { $0.value } }
        set { store.withLock { $0 = WeakEnvironment(newValue) } }
    }

    /// Runs `work` with the owning environment current (or as is, once the environment is gone).
    func run(_ work: () -> Void) {
        if let environment { environment.withCurrent(work) } else { work() }
    }
}

struct WeakEnvironment {
    weak var value: MessagingEnvironment?
    init(_ value: MessagingEnvironment?) { self.value = value }
}

extension MessagingEnvironment {
    @TaskLocal static var scope: EnvironmentScope?

    private static let processWideStore = Locked<MessagingEnvironment?>(nil)
    /// Environments installed for running tasks, by task identity. Entries hold their environment weakly, so an
    /// entry dies with its environment (a later task that happens to reuse the address finds nothing).
    private static let byTask = Locked([Int: WeakEnvironment]())

    private static var currentTaskKey: Int? { withUnsafeCurrentTask { $0?.hashValue } }

    /// How `current` was found for this caller.
    public enum Resolution: Sendable {
        /// Bound with `withCurrent(_:)`.
        case scoped
        /// Installed for the running task.
        case task
        /// The process-wide environment.
        case processWide
    }

    /// The environment facades use when they are created, and the one the vendors' global singletons belong to:
    /// the innermost `withCurrent` scope, else the one installed for the running task, else the process-wide one
    /// (a live environment on the system clock unless one was installed).
    ///
    /// Setting it installs an environment for the caller: inside a `withCurrent` scope, for the rest of that scope;
    /// else inside a task (a Swift Testing test, an async XCTest test), for that task **and** as the process-wide
    /// fallback; else process-wide.
    public static var current: MessagingEnvironment {
        get { resolve().environment }
        set {
            if let scope { scope.environment.withLock { $0 = newValue }; return }
            if let key = currentTaskKey {
                byTask.withLock { table in
                    table = table.filter { $0.value.value != nil }
                    table[key] = WeakEnvironment(newValue)
                }
            }
            processWideStore.withLock { $0 = newValue }
        }
    }

    /// Forgets this environment for every task it was installed for (a test bench calls it when it ends, so a
    /// later task can never find it). What other tasks, scopes and the process-wide fallback see is unchanged.
    public func uninstallFromTasks() {
        Self.byTask.withLock { table in table = table.filter { $0.value.value != nil && $0.value.value !== self } }
    }

    /// The current environment and how it was found.
    public static func resolve() -> (environment: MessagingEnvironment, resolution: Resolution) {
        if let scope { return (scope.environment.snapshot, .scoped) }
        if let key = currentTaskKey, let found = byTask.withLock({ $0[key]?.value }) { return (found, .task) }
        return (processWide, .processWide)
    }

    /// The environment callers get when no scope or task binding applies (threads that belong to no test).
    public static var processWide: MessagingEnvironment {
        get { processWideStore.withLock { s in
            if let e = s { return e }
            let e = MessagingEnvironment()
            s = e
            return e
        } }
        set { processWideStore.withLock { $0 = newValue } }
    }

    /// Runs `body` with this environment current — for `body`, the tasks it starts and the work this
    /// environment's executors run for it — without touching what other threads and tasks see.
    public func withCurrent<R>(_ body: () throws -> R) rethrows -> R {
        try Self.$scope.withValue(EnvironmentScope(self), operation: body)
    }

    /// `withCurrent(_:)` for asynchronous work (a Swift Testing test body, for example).
    public func withCurrent<R>(isolation: isolated (any Actor)? = #isolation,
                               _ body: () async throws -> R) async rethrows -> R {
        try await Self.$scope.withValue(EnvironmentScope(self), operation: body, isolation: isolation)
    }

    /// The scope to carry to work that runs later on another thread: the environment current now, so the work
    /// runs in the world it was sent from.
    static func capturedForLater() -> MessagingEnvironment? {
        // Cheap common case: nothing scoped and nothing installed per task, so the work needs no binding.
        if scope == nil, byTask.withLock({ $0.isEmpty }) { return nil }
        let (environment, resolution) = resolve()
        return resolution == .processWide ? nil : environment
    }
}

/// A setting the vendors keep process-wide (a default view style, an image provider…), isolated per test:
/// inside a `withCurrent` scope or a task with its own environment, writes stay in that environment and reads
/// see them; elsewhere reads and writes use the process-wide value, as in the vendor's SDK. A scoped read with no
/// scoped write sees the process-wide value (an app's start-up configuration).
public final class EnvironmentSetting<Value: Sendable>: @unchecked Sendable {
    private let global: Locked<Value>

    public init(_ initial: Value) { global = Locked(initial) }

    public var value: Value {
        get {
            let (environment, resolution) = MessagingEnvironment.resolve()
            if resolution != .processWide,
               let local = environment.values.withLock({ $0[ObjectIdentifier(self)] as? Value }) { return local }
            return global.snapshot
        }
        set {
            let (environment, resolution) = MessagingEnvironment.resolve()
            if resolution == .processWide {
                global.withLock { $0 = newValue }
            } else {
                environment.values.withLock { $0[ObjectIdentifier(self)] = newValue }
            }
        }
    }
}
