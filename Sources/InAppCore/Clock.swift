import Foundation

/// A source of "now" and of one-shot timers. The engine never reads the wall clock directly:
/// tests inject a `ManualClock` and move time themselves.
public protocol MessagingClock: AnyObject, Sendable {
    /// Seconds since the clock's own origin.
    var now: TimeInterval { get }
    /// Runs `action` once, `delay` seconds from now, unless the returned timer is cancelled first.
    @discardableResult
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledTimer
}

/// A pending one-shot timer.
public final class ScheduledTimer: @unchecked Sendable {
    private let state = Locked(false)
    public let deadline: TimeInterval
    public init(deadline: TimeInterval) { self.deadline = deadline }
    public func cancel() { state.withLock { $0 = true } }
    public var isCancelled: Bool { state.snapshot }
}

/// A clock that only moves when told to. Advancing it fires every timer that falls due, in deadline
/// order (ties in scheduling order), synchronously on the caller's thread, with `now` set to each
/// timer's deadline while it runs. Timers scheduled by a firing timer are honoured in the same advance.
public final class ManualClock: MessagingClock, @unchecked Sendable {
    private struct Pending {
        let timer: ScheduledTimer
        let sequence: Int
        let action: @Sendable () -> Void
    }
    private struct State {
        var now: TimeInterval
        var sequence = 0
        var pending: [Pending] = []
    }
    private let state: Locked<State>

    public init(now: TimeInterval = 0) { state = Locked(State(now: now)) }

    public var now: TimeInterval { state.withLock { $0.now } }

    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledTimer {
        state.withLock { s in
            let wait = delay.isFinite ? max(0, delay) : .greatestFiniteMagnitude
            let timer = ScheduledTimer(deadline: s.now + wait)
            s.sequence += 1
            s.pending.append(Pending(timer: timer, sequence: s.sequence, action: action))
            return timer
        }
    }

    /// Moves time forward by `seconds` (negative values are ignored), firing due timers.
    public func advance(by seconds: TimeInterval) {
        advance(to: now + max(0, seconds))
    }

    /// Moves time to `target` (never backwards), firing due timers.
    public func advance(to target: TimeInterval) {
        while true {
            let next: Pending? = state.withLock { s in
                s.pending.removeAll { $0.timer.isCancelled }
                guard let index = s.pending.indices.min(by: { a, b in
                    let x = s.pending[a], y = s.pending[b]
                    return (x.timer.deadline, x.sequence) < (y.timer.deadline, y.sequence)
                }), s.pending[index].timer.deadline <= target else {
                    s.now = max(s.now, target)
                    return nil
                }
                let due = s.pending.remove(at: index)
                s.now = max(s.now, due.timer.deadline)
                return due
            }
            guard let due = next else { return }
            if !due.timer.isCancelled { due.action() }
        }
    }

    /// Fires every pending timer, however far away, moving time to the last one.
    public func runAll() {
        while let last = state.withLock({ s in s.pending.filter { !$0.timer.isCancelled }.map(\.timer.deadline).max() }) {
            advance(to: last)
        }
    }

    /// Deadlines of the timers still waiting, soonest first.
    public var pendingDeadlines: [TimeInterval] {
        state.withLock { s in s.pending.filter { !$0.timer.isCancelled }.map(\.timer.deadline).sorted() }
    }
}

/// The real clock: monotonic time since the process started, timers on a Dispatch queue.
public final class SystemClock: MessagingClock, @unchecked Sendable {
    private let queue: DispatchQueue
    private let origin: TimeInterval

    public init(queue: DispatchQueue = DispatchQueue(label: "openinapp.clock")) {
        self.queue = queue
        origin = ProcessInfo.processInfo.systemUptime
    }

    public var now: TimeInterval { ProcessInfo.processInfo.systemUptime - origin }

    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledTimer {
        let wait = delay.isFinite ? max(0, delay) : 1e9
        let timer = ScheduledTimer(deadline: now + wait)
        // The timer fires in the world that scheduled it (see `MessagingEnvironment.withCurrent`).
        let sender = MessagingEnvironment.capturedForLater()
        queue.asyncAfter(deadline: .now() + wait) {
            guard !timer.isCancelled else { return }
            if let sender { sender.withCurrent(action) } else { action() }
        }
        return timer
    }
}
