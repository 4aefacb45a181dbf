import XCTest
import InAppTestSupport

/// Records every hook call of an engine, in order, with the thread it ran on.
final class HookRecorder: @unchecked Sendable {
    let calls = Locked<[String]>([])
    let threads = Locked<[String: Bool]>([:])
    var decision: @Sendable (InAppMessage) -> Decision = { _ in .show }
    var shouldProcess: Bool = true

    func note(_ s: String) {
        calls.withLock { $0.append(s) }
        threads.withLock { $0[s] = Thread.isMainThread }
    }

    func hooks(onProcess: (@Sendable (InAppMessage, Click) -> Void)? = nil) -> PresentationHooks<InAppMessage> {
        var h = PresentationHooks<InAppMessage>()
        h.decide = { [self] m in note("decide \(m.id)"); return decision(m) }
        h.prepare = { [self] m in note("prepare \(m.id)"); return m }
        h.willPresent = { [self] m in note("willPresent \(m.id)") }
        h.didPresent = { [self] m in note("didPresent \(m.id)") }
        h.presentFailed = { [self] m, r in note("presentFailed \(m.id) \(r.code)") }
        h.discarded = { [self] m, r in note("discarded \(m.id) \(r.code)") }
        h.willDismiss = { [self] m, c in note("willDismiss \(m.id) \(c.rawValue)") }
        h.didDismiss = { [self] m, c in note("didDismiss \(m.id) \(c.rawValue)") }
        h.clicked = { [self] m, c in note("clicked \(m.id) \(c.buttonID ?? "body")") }
        h.shouldProcessClick = { [self] m, _ in note("shouldProcess \(m.id)"); return shouldProcess }
        h.processClick = { [self] m, c in note("process \(m.id)"); onProcess?(m, c) }
        return h
    }
}

/// A synchronous engine on a harness: every step runs on the caller's thread.
func makeEngine(_ harness: Harness, whenBusy: PresentationRules.WhenBusy = .stack, checksOrientation: Bool = false,
                recorder: HookRecorder = HookRecorder(),
                onProcess: (@Sendable (InAppMessage, Click) -> Void)? = nil) -> PresentationEngine<InAppMessage> {
    let engine = PresentationEngine<InAppMessage>(environment: harness.environment, rules: PresentationRules(
        whenBusy: whenBusy, checksOrientation: checksOrientation))
    engine.hooks = recorder.hooks(onProcess: onProcess)
    return engine
}
