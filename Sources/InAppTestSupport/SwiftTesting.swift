// Swift Testing support: a trait that runs each test in its own harness.
//
// Built only where the Testing module exists (Swift 6 toolchains). Define OPENINAPP_NO_SWIFT_TESTING
// (`-Xswiftc -DOPENINAPP_NO_SWIFT_TESTING`) to leave it out — for example when a fully static executable
// links this module, since the toolchains ship the Testing library only as a shared library.
#if canImport(Testing) && !OPENINAPP_NO_SWIFT_TESTING
import Testing
import InAppCore

/// Runs each test (each case of a parameterized test) inside a fresh `Harness`, reachable as
/// `Harness.current`: its own clock, device, trace and vendor globals, so tests run in parallel without seeing
/// each other. On a suite it applies to every test in it.
///
/// ```swift
/// @Test(.inAppHarness(appearance: .dark), arguments: 0..<100)
/// func darkMode(i: Int) throws {
///     let harness = try #require(Harness.current)
///     …
/// }
/// ```
public struct InAppHarnessTrait: TestTrait, SuiteTrait, TestScoping {
    /// The simulated device each test starts with.
    public var device: DeviceState
    /// Bound on the trace (nil keeps every event).
    public var traceLimit: Int?

    public init(device: DeviceState = DeviceState(), traceLimit: Int? = nil) {
        self.device = device
        self.traceLimit = traceLimit
    }

    public var isRecursive: Bool { true }

    /// A scope per test case: a suite gets none of its own, each of its tests (and each case) gets a harness.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let harness = Harness(device: device, install: false, traceLimit: traceLimit)
        try await harness.run { try await function() }
        // Work the test left queued runs before the harness (and its world) goes away.
        harness.settle()
    }
}

extension Trait where Self == InAppHarnessTrait {
    /// Each test runs in its own `Harness` with the default device (portrait, light, foreground).
    public static var inAppHarness: Self { InAppHarnessTrait() }

    /// Each test runs in its own `Harness`, on a device in the given state.
    public static func inAppHarness(appearance: Appearance = .light, orientation: DeviceOrientation = .portrait,
                                    traceLimit: Int? = nil) -> Self {
        InAppHarnessTrait(device: DeviceState(orientation: orientation, appearance: appearance), traceLimit: traceLimit)
    }

    /// Each test runs in its own `Harness`, on a device in `device`.
    public static func inAppHarness(device: DeviceState, traceLimit: Int? = nil) -> Self {
        InAppHarnessTrait(device: device, traceLimit: traceLimit)
    }
}

extension PictureSnapshot {
    /// ``check(_:device:against:mode:)`` for Swift Testing: a picture that differs from its baseline, a missing
    /// baseline in CI, or a message that cannot be drawn is recorded as an issue at the caller's line (naming the
    /// files to look at) and the test carries on. Returns whether the picture matched (or was recorded).
    @discardableResult
    public static func expectMatch(_ message: InAppMessage, device: DeviceState = DeviceState(), baseline path: String,
                                   mode: Mode = .fromEnvironment, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        do {
            try check(message, device: device, against: path, mode: mode)
            return true
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return false
        }
    }
}

extension TraceOrder: CustomTestStringConvertible {
    public var testDescription: String { description }
}
#endif
