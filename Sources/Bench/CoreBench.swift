import Foundation
import InAppCore

/// Core figures: the headless pipeline and the memory cost of a stacked message.
enum CoreBench {
    /// deliver → decide → present → tap a button → dismiss, with every hook installed, on the virtual clock.
    /// Returns messages per second (median of runs), for `count` messages.
    static func pipeline(count: Int) -> (perSecond: Double, sample: Sample) {
        let messages = (0..<count).map { i -> InAppMessage in
            InAppMessage(id: MessageID("m\(i)"), content: .structured(StructuredContent(
                layout: .modal, header: "Header \(i)", body: "Body",
                buttons: [MessageButton(id: 0, text: "No"), MessageButton(id: 1, text: "Yes", action: .url(URL(string: "https://example.com")!, inWebView: false))])))
        }
        let click = Click(target: .button(id: "1"), action: .url(URL(string: "https://example.com")!, inWebView: false))
        let sample = measure(runs: 5) {
            let env = MessagingEnvironment(clock: ManualClock(), traceLimit: 4096)
            let engine = PresentationEngine<InAppMessage>(environment: env, rules: PresentationRules(whenBusy: .stack, checksOrientation: true))
            var hooks = PresentationHooks<InAppMessage>()
            let counter = Locked(0)
            hooks.decide = { _ in .show }
            hooks.prepare = { $0 }
            hooks.willPresent = { _ in }
            hooks.didPresent = { _ in counter.withLock { $0 += 1 } }
            hooks.clicked = { _, _ in }
            hooks.shouldProcessClick = { _, _ in true }
            hooks.processClick = { _, _ in }
            hooks.willDismiss = { _, _ in }
            hooks.didDismiss = { _, _ in }
            engine.hooks = hooks
            for m in messages {
                engine.present(m)
                engine.click(m.id, click)
            }
            engine.forgetFinishedMessages()
            precondition(counter.snapshot == count, "every message was presented")
        }
        return (Double(count) / sample.median, sample)
    }

    /// Bytes of engine bookkeeping per stacked message beyond the message value itself, with the trace bounded
    /// (`traced: false`) or unbounded (`traced: true`).
    /// `total` is all memory the enqueued messages took (stack storage included); `payload` is what the same number of
    /// message values take on their own (an exact-capacity array of copies). `total - payload` is the bookkeeping.
    static func bytesPerStacked(count: Int, traced: Bool) -> (total: Double, payload: Double) {
        let messages = (0..<count).map { i in
            InAppMessage(id: MessageID("stacked-\(i)"), content: .structured(StructuredContent(layout: .slideup, body: "Message \(i)")))
        }
        // Payload: what the messages themselves occupy (measured by building them).
        let before = allocatedBytes()
        let copies = messages.map { m -> InAppMessage in var c = m; c.id = MessageID(m.id.rawValue + "-copy"); return c }
        let payload = Double(allocatedBytes() - before) / Double(count)

        // Keep the copies alive while measuring, so their memory is not reused by the engine's allocations.
        return withExtendedLifetime(copies) {
            let env = MessagingEnvironment(clock: ManualClock(), traceLimit: traced ? nil : 16)
            let engine = PresentationEngine<InAppMessage>(environment: env)
            let start = allocatedBytes()
            for m in messages { engine.enqueue(m) }
            let used = Double(allocatedBytes() - start) / Double(count)
            precondition(engine.stack.count == count)
            return withExtendedLifetime(engine) { (used, payload) }
        }
    }
}
