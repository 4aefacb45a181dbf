import Foundation
@_exported import InAppCore
import InAppRendering

/// A test bench for integration code: a manual clock, a simulated device and a trace, wired into a
/// `MessagingEnvironment` that facades created afterwards will use.
///
/// ```swift
/// let harness = Harness()              // current for this test (and the process-wide fallback)
/// // … create facades, deliver a message …
/// harness.advance(by: 5)               // fires timers due in the next 5 s
/// harness.rotate(to: .landscapeLeft)
/// harness.settle()                     // wait for background/main-queue callbacks
/// #expect(harness.callbacks(for: "m1") == ["shouldShowMessage", "onShow"])
/// ```
///
/// Tests may run in parallel (Swift Testing does): a harness created in a test is that test's world. Created
/// inside a task (every Swift Testing test, async XCTest tests) it is current for that task; `run(_:)` and the
/// `.inAppHarness` trait bind it to a scope, child tasks included. The vendors' globals
/// (`ServiceProvider.shared`, `MobileCore.messagingDelegate`, `Appboy.sharedInstance()`, the message monitor…)
/// belong to the current environment, so each test sees its own. When the harness is released those globals
/// are released with it.
public final class Harness: @unchecked Sendable {
    public let clock: ManualClock
    public let device: Device
    public let environment: MessagingEnvironment

    /// Creates a bench. With `install` (the default) it becomes `MessagingEnvironment.current` for the caller
    /// (see `install()`).
    public init(device state: DeviceState = DeviceState(), install: Bool = true, traceLimit: Int? = nil,
                renderer: any MessageRenderer = ContentRenderer()) {
        clock = ManualClock()
        device = Device(state)
        environment = MessagingEnvironment(clock: clock, device: device, traceLimit: traceLimit, renderer: renderer)
        environment.shared(HarnessLink.self) { HarnessLink() }.harness = self
        if install { self.install() }
    }

    deinit {
        // The vendors' singletons of this world (delegate slot, monitor, shared instance) go with the bench, and no
        // later task can find its environment. (It stays the process-wide fallback until another replaces it.)
        environment.uninstallFromTasks()
        environment.removeSharedValues()
    }

    /// Makes this bench's environment the one new facades use: inside `run(_:)` or a trait's scope, for that
    /// scope; inside a task (a Swift Testing test), for that task and as the process-wide fallback; elsewhere
    /// (a synchronous XCTest test on the main thread), process-wide.
    public func install() { MessagingEnvironment.current = environment }

    /// The bench whose environment is current: the one a `.inAppHarness` trait made for the running test, or the
    /// last one installed for this test. Nil when the current environment belongs to no bench.
    public static var current: Harness? {
        MessagingEnvironment.current.existingShared(HarnessLink.self)?.harness
    }

    /// Runs `body` in this bench's world (its environment current for `body` and the tasks it starts), without
    /// touching what other tests see.
    public func run<R>(_ body: () throws -> R) rethrows -> R { try environment.withCurrent(body) }

    /// `run(_:)` for asynchronous work.
    public func run<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R) async rethrows -> R {
        try await environment.withCurrent(isolation: isolation, body)
    }

    public var trace: Trace { environment.trace }
    public var now: TimeInterval { clock.now }

    // MARK: Time

    /// Moves virtual time forward, firing due timers, then lets asynchronous callbacks finish. The timers are all on
    /// one clock: the engine's (auto-close, delivery) and those of the HTML messages' pages (`setTimeout`,
    /// `setInterval`, animation frames), in deadline order, each with `now` at its deadline.
    public func advance(by seconds: TimeInterval) {
        settle()
        clock.advance(by: seconds)
        settle()
    }

    /// Waits (wall time, at most `timeout`) for work sent to the background and main executors.
    /// Returns false if it did not finish in time — a test should fail then.
    @discardableResult
    public func settle(timeout: TimeInterval = 10) -> Bool { environment.settle(timeout: timeout) }

    // MARK: Device

    public func rotate(to orientation: DeviceOrientation) { device.rotate(to: orientation); settle() }
    public func setAppearance(_ appearance: Appearance) { device.setAppearance(appearance); settle() }
    public func moveToBackground() { device.moveToBackground(); settle() }
    public func moveToForeground() { device.moveToForeground(); settle() }
    public func setKeyboardVisible(_ visible: Bool) { device.setKeyboardVisible(visible); settle() }

    // MARK: Trace queries

    /// Labels ("kind.name") of the events about one message, or all events.
    public func labels(for id: MessageID? = nil, kinds: Set<TraceEvent.Kind>? = nil) -> [String] {
        trace.labels(for: id, kinds: kinds)
    }
    /// Names of the callbacks made into integration code, in order.
    public func callbacks(for id: MessageID? = nil) -> [String] { trace.callbacks(for: id) }
    /// The states a message went through.
    public func states(of id: MessageID) -> [String] { trace.states(of: id) }
    /// Analytics records (impressions, clicks, edge events) in order.
    public func analytics(for id: MessageID? = nil) -> [String] { trace.labels(for: id, kinds: [.analytics]).map { String($0.dropFirst("analytics.".count)) } }

    /// Checks that `expected` occurs in `actual` in order (other entries may come between).
    /// Returns nil when it does, else a description of the first missing entry — handy in an XCTAssertNil.
    /// (`callbacks(inOrder:for:)` and friends do the same on the trace and print an excerpt.)
    public static func missingSubsequence(_ expected: [String], in actual: [String]) -> String? {
        var index = actual.startIndex
        for item in expected {
            guard let found = actual[index...].firstIndex(of: item) else {
                return "missing \"\(item)\" (in order) in \(actual)"
            }
            index = actual.index(after: found)
        }
        return nil
    }
}

/// Lets the environment find its bench (`Harness.current`) without keeping it alive.
final class HarnessLink: @unchecked Sendable {
    private let store = Locked<Weak>(Weak())
    private struct Weak { weak var value: Harness? }
    var harness: Harness? {
        get { store.withLock { $0.value } }
        set { store.withLock { $0.value = newValue } }
    }
}
