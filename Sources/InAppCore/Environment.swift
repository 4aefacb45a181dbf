import Foundation

/// Everything the engine takes from the outside world, in one injectable value: the clock, the device,
/// the trace, the executors that model the main thread and a background thread, and the renderer.
///
/// Facades read `MessagingEnvironment.current` when they are created; a test installs its own
/// (see `InAppTestSupport.Harness`) so nothing depends on wall time or global state it cannot reset.
public final class MessagingEnvironment: @unchecked Sendable {
    public let clock: any MessagingClock
    public let device: Device
    public let trace: Trace
    /// Counts work sent to the asynchronous executors below, for `settle()`.
    public let tracker: WorkTracker
    /// A serial background executor (not the main thread).
    public let background: any CallbackExecutor
    /// Runs on the main thread (inline when already there).
    public let main: any CallbackExecutor
    private let rendererStore: Locked<any MessageRenderer>

    /// With `inlineBackground`, work sent to `background` runs at once on the caller's thread (labelled
    /// "background" in the trace) instead of on a queue: no thread hops, nothing to `settle()` for, a fixed order.
    /// Meant for single-threaded drivers such as the fuzz targets; the vendors' threading is modelled only with
    /// the default (a real serial queue).
    public init(clock: any MessagingClock = SystemClock(), device: Device = Device(), traceLimit: Int? = nil,
                renderer: any MessageRenderer = LayoutRenderer(), inlineBackground: Bool = false) {
        self.clock = clock
        self.device = device
        self.trace = Trace(clock: clock, limit: traceLimit)
        let tracker = WorkTracker()
        self.tracker = tracker
        self.background = inlineBackground
            ? LabelledInlineExecutor(label: "background")
            : SerialQueueExecutor(label: "background", tracker: tracker)
        self.main = MainThreadExecutor(tracker: tracker)
        self.rendererStore = Locked(renderer)
        device.addObserver { [trace] change in
            var details: [String: String] = [:]
            if change.old.orientation != change.new.orientation { details["orientation"] = change.new.orientation.rawValue }
            if change.old.appearance != change.new.appearance { details["appearance"] = change.new.appearance.rawValue }
            if change.old.isInForeground != change.new.isInForeground { details["foreground"] = String(change.new.isInForeground) }
            if change.old.isKeyboardVisible != change.new.isKeyboardVisible { details["keyboard"] = String(change.new.isKeyboardVisible) }
            trace.record(.device, "changed", details)
        }
    }

    /// The renderer used to lay messages out.
    public var renderer: any MessageRenderer {
        get { rendererStore.snapshot }
        set { rendererStore.withLock { $0 = newValue } }
    }

    /// Waits until the asynchronous executors have run everything sent to them (wall-time bound `timeout`).
    @discardableResult
    public func settle(timeout: TimeInterval = 10) -> Bool { tracker.settle(timeout: timeout) }

    private static let shared = Locked<MessagingEnvironment?>(nil)

    /// The environment facades use when they are created. Defaults to a live one (system clock).
    public static var current: MessagingEnvironment {
        get { shared.withLock { s in
            if let e = s { return e }
            let e = MessagingEnvironment()
            s = e
            return e
        } }
        set { shared.withLock { $0 = newValue } }
    }
}
