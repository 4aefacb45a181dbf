import Foundation
import InAppCore

extension Braze {
    /// Called at launch when the app creates its `Braze` instance later: notifications that arrive before the
    /// instance exists are kept for it. Headless: recorded; the push automation flag is remembered for the
    /// current environment, and an instance created with automation off gets it turned on.
    public static func prepareForDelayedInitialization(pushAutomation: Configuration.Push.Automation = true) {
        let environment = MessagingEnvironment.current
        environment.shared(DelayedInitialization.self) { DelayedInitialization() }.automation.withLock { $0 = pushAutomation }
        environment.trace.record(.push, "prepareForDelayedInitialization", ["pushAutomation": String(pushAutomation.isEnabled)])
    }

    /// The automation a delayed initialization asked for, if any (used by `init`).
    static func delayedAutomation(in environment: MessagingEnvironment) -> Configuration.Push.Automation? {
        environment.existingShared(DelayedInitialization.self)?.automation.snapshot
    }
}

/// What `prepareForDelayedInitialization` remembers per environment.
final class DelayedInitialization: Sendable {
    let automation = Locked<Braze.Configuration.Push.Automation?>(nil)
}
