import Foundation
@_exported import InAppCore
import InAppRendering

/// A test bench for integration code: a manual clock, a simulated device and a trace, wired into a
/// `MessagingEnvironment` that facades created afterwards will use.
///
/// ```swift
/// let harness = Harness()              // installs itself as MessagingEnvironment.current
/// // … create facades, deliver a message …
/// harness.advance(by: 5)               // fires timers due in the next 5 s
/// harness.rotate(to: .landscapeLeft)
/// harness.settle()                     // wait for background/main-queue callbacks
/// XCTAssertEqual(harness.callbacks(for: "m1"), ["shouldShowMessage", "onShow"])
/// ```
public final class Harness: @unchecked Sendable {
    public let clock: ManualClock
    public let device: Device
    public let environment: MessagingEnvironment

    /// Creates a bench. With `install` (the default) it becomes `MessagingEnvironment.current`.
    public init(device state: DeviceState = DeviceState(), install: Bool = true, traceLimit: Int? = nil,
                renderer: any MessageRenderer = ContentRenderer()) {
        clock = ManualClock()
        device = Device(state)
        environment = MessagingEnvironment(clock: clock, device: device, traceLimit: traceLimit, renderer: renderer)
        if install { self.install() }
    }

    /// Makes this bench's environment the one new facades use.
    public func install() { MessagingEnvironment.current = environment }

    public var trace: Trace { environment.trace }
    public var now: TimeInterval { clock.now }

    // MARK: Time

    /// Moves virtual time forward, firing due timers, then lets asynchronous callbacks finish.
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
