import Foundation

/// Everything the engine takes from the outside world, in one injectable value: the clock, the device,
/// the trace, the executors that model the main thread and a background thread, and the renderer.
///
/// Facades read `MessagingEnvironment.current` when they are created; a test installs its own
/// (see `InAppTestSupport.Harness`) so nothing depends on wall time or global state it cannot reset.
/// `current` is resolved per caller (see `Scoping.swift`): a scope bound with `withCurrent(_:)`, else the
/// environment installed for the running task, else the process-wide one — so tests running in parallel each
/// see their own. The vendors' global singletons live here too (`shared(_:_:)`), one set per environment.
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
        // The environment's own executors run their work inside this environment (the work belongs to this
        // world whichever thread runs it); `owner` is filled in below, once `self` exists.
        let owner = EnvironmentLink()
        self.background = inlineBackground
            ? LabelledInlineExecutor(label: "background", owner: owner)
            : SerialQueueExecutor(label: "background", tracker: tracker, owner: owner)
        self.main = MainThreadExecutor(tracker: tracker, owner: owner)
        self.rendererStore = Locked(renderer)
        owner.environment = self
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

    /// Per-environment values: vendor singletons (`shared(_:_:)`) and scoped settings (`EnvironmentSetting`).
    let values = Locked([ObjectIdentifier: Any]())

    /// The instance of `type` that belongs to this environment, made with `make` on first use. Facades keep the
    /// vendors' process-wide singletons here (`ServiceProvider.shared`, `Appboy.sharedInstance()`…), so each
    /// environment — each test — has its own. `make` runs under the store's lock: it must not call `shared` again.
    public func shared<Value: AnyObject & Sendable>(_ type: Value.Type = Value.self, _ make: () -> Value) -> Value {
        values.withLock { v in
            let key = ObjectIdentifier(type)
            if let existing = v[key] as? Value { return existing }
            let made = make()
            v[key] = made
            return made
        }
    }

    /// The instance of `type` made by `shared(_:_:)`, if any.
    public func existingShared<Value: AnyObject & Sendable>(_ type: Value.Type = Value.self) -> Value? {
        values.withLock { $0[ObjectIdentifier(type)] as? Value }
    }

    /// Forgets every per-environment value (singletons and scoped settings). A test bench calls it when it ends,
    /// which also releases singletons that refer back to the environment.
    public func removeSharedValues() {
        let old = values.withLock { v -> [ObjectIdentifier: Any] in
            let old = v
            v = [:]
            return old
        }
        withExtendedLifetime(old) {}    // released outside the lock (their deinit may read the environment)
    }
}
