// The time line a page's scripts run on. A page used on its own keeps its own (moved by `advanceTime(by:)`); a
// message's page shares the one its environment runs on (InAppCore's `MessagingClock`, adapted by the modules that
// see both), so that page timers, auto-close and delivery fire in one order on one clock.
import Foundation

/// A time line a page can share with other work: the page's timers, animation frames and the time its scripts read
/// (`Date.now()`, `performance.now()`) follow it. InAppContent does not know the messaging core; the modules that
/// depend on both adapt the environment's clock to this protocol (`InAppRendering`'s `EnvironmentContentClock`).
public protocol ContentClock: AnyObject, Sendable {
    /// Seconds since the clock's own origin.
    var now: TimeInterval { get }
    /// Runs `action` once, `delay` seconds from now, unless the returned timer is cancelled first. A manual clock
    /// runs it while it is advanced, with ``now`` at the deadline; a real-time clock on its own queue.
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any ContentClockTimer
    /// Moves the time line forward by `seconds`, firing what falls due (everything on the line, not only the page's),
    /// when it is a clock that moves only when told to. A real-time clock cannot be moved: false, nothing happens.
    func advance(by seconds: TimeInterval) -> Bool
}

/// A wake-up scheduled on a ``ContentClock``.
public protocol ContentClockTimer: Sendable {
    /// Stops the timer from firing (no effect once it has fired).
    func cancel()
}
