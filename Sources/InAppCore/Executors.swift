import Foundation

/// Where callbacks run. Vendors differ: one asks its delegate on a background thread, another on the main
/// thread. The engine takes an executor for each step, so a facade can reproduce its vendor and a test
/// can make everything synchronous.
public protocol CallbackExecutor: Sendable {
    /// A short name recorded in the trace for work that runs here.
    var label: String { get }
    func execute(_ work: @escaping @Sendable () -> Void)
}

/// Names the executor whose work is running on this thread, for the trace.
public enum ExecutionContext {
    /// The label of the executor running the current work on this thread, if any (see `withLabel`).
    public static var label: String? {
        guard let slot = pthread_getspecific(labelKey) else { return nil }
        return Unmanaged<LabelBox>.fromOpaque(slot).takeUnretainedValue().label
    }

    /// Runs `work` with `label` as the current label on this thread, then restores the previous one.
    /// (A thread-local slot rather than a task-local value: executors run synchronous work, and the slot is
    /// far cheaper to read on every trace record.)
    public static func withLabel<R>(_ label: String, _ work: () throws -> R) rethrows -> R {
        let box = LabelBox(label)
        let previous = pthread_getspecific(labelKey)
        pthread_setspecific(labelKey, Unmanaged.passUnretained(box).toOpaque())
        defer { pthread_setspecific(labelKey, previous) }
        return try withExtendedLifetime(box) { try work() }
    }

    private final class LabelBox {
        let label: String
        init(_ label: String) { self.label = label }
    }

    private static let labelKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// "main" on the main thread unless an executor said otherwise, else the running executor's label.
    public static var currentLabel: String {
        label ?? (isMainThread ? "main" : "thread")
    }

    /// Whether the caller runs on the main thread. The same answer as `Thread.isMainThread`, which costs system
    /// calls on Linux each time it is asked; here each thread asks once and keeps the answer in a thread-local slot.
    public static var isMainThread: Bool {
        let key = mainThreadKey
        if let known = pthread_getspecific(key) { return Int(bitPattern: known) == 1 }
        let main = Thread.isMainThread
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: main ? 1 : 2))
        return main
    }

    private static let mainThreadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// Runs work immediately on the caller's thread.
public struct ImmediateExecutor: CallbackExecutor {
    public init() {}
    public var label: String { ExecutionContext.currentLabel }
    public func execute(_ work: @escaping @Sendable () -> Void) { work() }
}

/// Runs work at once on the caller's thread, under its own label in the trace (a stand-in for a queue when a
/// driver wants no thread hops).
public struct LabelledInlineExecutor: CallbackExecutor {
    public let label: String
    private let owner: EnvironmentLink?
    public init(label: String) { self.init(label: label, owner: nil) }
    init(label: String, owner: EnvironmentLink?) { self.label = label; self.owner = owner }
    public func execute(_ work: @escaping @Sendable () -> Void) {
        if let owner {
            owner.run { ExecutionContext.withLabel(label) { work() } }
        } else {
            ExecutionContext.withLabel(label) { work() }
        }
    }
}

/// Runs `work` later, elsewhere, in the right world: the owning environment's when the executor belongs to one,
/// else the one current when the work was sent (`MessagingEnvironment.withCurrent`).
struct WorldCarrier: Sendable {
    let owner: EnvironmentLink?

    @inline(__always)
    func wrap(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        if let owner { return { owner.run(work) } }
        guard let sender = MessagingEnvironment.capturedForLater() else { return work }
        return { sender.withCurrent(work) }
    }
}

/// Counts work handed to asynchronous executors, so a test can wait until everything has run.
public final class WorkTracker: @unchecked Sendable {
    private let group = DispatchGroup()
    private let count = Locked(0)
    /// Signalled whenever tracked work finishes or is queued for the main thread, so a settling main thread
    /// wakes at once instead of polling.
    private let wake = DispatchSemaphore(value: 0)

    public init() {}

    func begin(forMainThread: Bool = false) {
        count.withLock { $0 += 1 }
        group.enter()
        if forMainThread { wake.signal() }
    }
    func end() { count.withLock { $0 -= 1 }; group.leave(); wake.signal() }

    /// Work scheduled and not yet finished.
    public var pending: Int { count.snapshot }

    /// Waits until no tracked work is pending or `timeout` seconds of wall time pass; returns whether it
    /// settled. On the main thread it turns the main run loop meanwhile, so work sent to the main queue runs.
    @discardableResult
    public func settle(timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while pending > 0 {
            if Date() >= deadline { return false }
            if ExecutionContext.isMainThread {
                // Run what the main queue holds without blocking, then sleep until tracked work ends or more
                // main-thread work is queued (or 2 ms pass, as a safety net).
                _ = RunLoop.main.run(mode: .default, before: Date())
                if pending == 0 { break }
                _ = wake.wait(timeout: .now() + .milliseconds(2))
            } else {
                _ = group.wait(timeout: .now() + .milliseconds(2))
            }
        }
        return true
    }
}

/// Runs work asynchronously, in order, on a serial Dispatch queue that is not the main thread.
public final class SerialQueueExecutor: CallbackExecutor, @unchecked Sendable {
    public let label: String
    private let queue: DispatchQueue
    private let tracker: WorkTracker?
    private let carrier: WorldCarrier

    /// Work runs in the environment that was current when it was sent.
    public convenience init(label: String, tracker: WorkTracker? = nil) {
        self.init(label: label, tracker: tracker, owner: nil)
    }

    init(label: String, tracker: WorkTracker?, owner: EnvironmentLink?) {
        self.label = label
        self.queue = DispatchQueue(label: "openinapp." + label)
        self.tracker = tracker
        carrier = WorldCarrier(owner: owner)
    }

    public func execute(_ work: @escaping @Sendable () -> Void) {
        tracker?.begin()
        let label = self.label
        // The work is dropped before the tracker hears it ended, so what it captured is already released when
        // `settle()` returns.
        let job = PendingWork(carrier.wrap(work))
        queue.async { [tracker] in
            job.run { work in ExecutionContext.withLabel(label) { work() } }
            tracker?.end()
        }
    }
}

/// Runs work on the main thread: inline when already there, else queued on the main queue.
public struct MainThreadExecutor: CallbackExecutor {
    private let tracker: WorkTracker?
    private let carrier: WorldCarrier
    /// Work runs in the environment that was current when it was sent.
    public init(tracker: WorkTracker? = nil) { self.init(tracker: tracker, owner: nil) }
    init(tracker: WorkTracker?, owner: EnvironmentLink?) { self.tracker = tracker; carrier = WorldCarrier(owner: owner) }
    public var label: String { "main" }

    public func execute(_ work: @escaping @Sendable () -> Void) {
        if ExecutionContext.isMainThread {
            if let owner = carrier.owner {
                owner.run { ExecutionContext.withLabel("main") { work() } }
            } else {
                ExecutionContext.withLabel("main") { work() }
            }
            return
        }
        let job = PendingWork(carrier.wrap(work))
        tracker?.begin(forMainThread: true)
        DispatchQueue.main.async { [tracker] in
            job.run { work in ExecutionContext.withLabel("main") { work() } }
            tracker?.end()
        }
    }
}

/// Work waiting in a queue, released as soon as it has run (not when the queue frees the block that carried it).
private final class PendingWork: @unchecked Sendable {
    private var work: (@Sendable () -> Void)?
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    func run(_ body: (@Sendable () -> Void) -> Void) {
        guard let work else { return }
        self.work = nil
        body(work)
    }
}
