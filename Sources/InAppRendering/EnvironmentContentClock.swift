import Foundation
import InAppCore
import InAppContent

/// The environment's clock as the time line of a message's page (InAppContent's `ContentClock`): the page's timers,
/// animation frames and `Date.now()` follow `MessagingEnvironment.clock`, so under a `Harness` they fire in time
/// order with the engine's own timers (auto-close, delivery) as `harness.advance(by:)` moves the `ManualClock`.
public final class EnvironmentContentClock: ContentClock, @unchecked Sendable {
    /// The clock adapted.
    public let clock: any MessagingClock

    public init(_ clock: any MessagingClock) { self.clock = clock }

    public var now: TimeInterval { clock.now }

    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any ContentClockTimer {
        Wake(timer: clock.schedule(after: delay, action))
    }

    /// Moves a `ManualClock`; a real-time clock cannot be moved (false).
    public func advance(by seconds: TimeInterval) -> Bool {
        guard let manual = clock as? ManualClock else { return false }
        manual.advance(by: seconds)
        return true
    }

    private struct Wake: ContentClockTimer {
        let timer: ScheduledTimer
        func cancel() { timer.cancel() }
    }
}

extension MessagingEnvironment {
    /// This environment's clock as a page's time line: one adapter per environment. Facades set it as the clock of
    /// every page they make for a message (`page.clock = environment.contentClock`).
    public var contentClock: EnvironmentContentClock {
        shared(EnvironmentContentClock.self) { EnvironmentContentClock(clock) }
    }
}
