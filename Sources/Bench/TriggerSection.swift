import Foundation
import InAppCore

/// Events per second through trigger evaluation with N campaigns, each listening to its own custom event.
/// "non-matching": events no campaign listens to (the index lookup misses). "matching": events that select a
/// campaign, pass the rate limit (interval 0) and are handed to a no-op presenter (two trace records each).
enum TriggerBench {
    static func engine(campaigns n: Int) -> DeliveryEngine {
        let environment = MessagingEnvironment(clock: ManualClock(), device: Device(), traceLimit: 1_000)
        let engine = DeliveryEngine(environment: environment,
                                    configuration: DeliveryConfiguration(minimumTriggerInterval: 0),
                                    handoff: DeliveryHandoff(present: { _ in }))
        engine.deliver((0..<n).map { i in
            Campaign(message: InAppMessage(id: MessageID("m\(i)"), content: .structured(StructuredContent(layout: .slideup, body: "b"))),
                     triggers: [.customEvent("event-\(i)")])
        })
        return engine
    }

    /// Median events/s over 5 runs of `count` events, and how many were delivered per run.
    static func rate(_ engine: DeliveryEngine, _ events: [TriggerEvent], count: Int) -> (Sample, Int) {
        var delivered = 0
        let sample = measure(runs: 5, warmups: 1) {
            delivered = 0
            for k in 0..<count {
                if case .delivered = engine.log(events[k & (events.count - 1)]) { delivered += 1 }
            }
        }
        return (Sample(median: Double(count) / sample.median, min: Double(count) / sample.max, max: Double(count) / sample.min), delivered)
    }
}
