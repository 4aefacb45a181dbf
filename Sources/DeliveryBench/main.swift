// delivery-bench: events per second through trigger evaluation, at 10, 1 000 and 100 000 campaigns.
//
//   swift run -c release delivery-bench [events-per-run]
//
// Each campaign listens to its own custom event. "non-matching" logs events no campaign listens to (the index
// lookup misses); "matching" logs events that select a campaign, pass the rate limit (interval 0) and are handed to
// a no-op presenter (this includes two trace records per event). Best of three runs.
import Foundation
import InAppCore

let eventsPerRun = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2_000_000
let sizes = [10, 1_000, 100_000]

func makeEngine(campaigns n: Int) -> DeliveryEngine {
    let environment = MessagingEnvironment(clock: ManualClock(), device: Device(), traceLimit: 1_000)
    let engine = DeliveryEngine(environment: environment,
                                configuration: DeliveryConfiguration(minimumTriggerInterval: 0),
                                handoff: DeliveryHandoff(present: { _ in }))
    let campaigns = (0..<n).map { i in
        Campaign(message: InAppMessage(id: MessageID("m\(i)"), content: .structured(StructuredContent(layout: .slideup, body: "b"))),
                 triggers: [.customEvent("event-\(i)")])
    }
    engine.deliver(campaigns)
    return engine
}

func measure(_ engine: DeliveryEngine, _ events: [TriggerEvent], count: Int) -> (rate: Double, delivered: Int) {
    var best = 0.0
    var delivered = 0
    for _ in 0..<3 {
        delivered = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for k in 0..<count {
            if case .delivered = engine.log(events[k & (events.count - 1)]) { delivered += 1 }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        best = max(best, Double(count) / seconds)
    }
    return (best, delivered)
}

func format(_ rate: Double) -> String { String(format: "%10.2f M/s", rate / 1e6) }

print("campaigns   non-matching     matching        (events per run: \(eventsPerRun))")
var nonMatchingRates: [Double] = []
for n in sizes {
    let engine = makeEngine(campaigns: n)
    let misses = (0..<1024).map { TriggerEvent.customEvent("unmatched-\($0)") }
    let hits = (0..<1024).map { TriggerEvent.customEvent("event-\($0 % n)") }
    let miss = measure(engine, misses, count: eventsPerRun)
    let hit = measure(engine, hits, count: max(1, eventsPerRun / 10))
    guard miss.delivered == 0, hit.delivered == max(1, eventsPerRun / 10) else {
        print("unexpected outcome: \(miss.delivered) non-matching deliveries, \(hit.delivered) matching deliveries")
        exit(1)
    }
    nonMatchingRates.append(miss.rate)
    print(String(format: "%9d", n) + "  " + format(miss.rate) + "  " + format(hit.rate))
}
let spread = (nonMatchingRates.max()! / nonMatchingRates.min()!)
print(String(format: "non-matching max/min ratio across sizes: %.2f", spread))
