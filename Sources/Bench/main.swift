import Foundation
import InAppCore

// openinapp-bench — prints the project's performance figures as one table. Build in release:
//   swift run -c release openinapp-bench [--quick]
// Benchmarks/run adds the peer parsers (lexbor via selectolax, libxml2 via lxml) side by side.

let quick = CommandLine.arguments.contains("--quick")
print("CPU: \(cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("")
print("| figure | input | result | median (min–max) |")
print("|---|---|---|---|")

var pipelineRates: [(Int, Double)] = []
for n in quick ? [1_000, 10_000] : [10_000, 100_000] {
    let r = CoreBench.pipeline(count: n)
    pipelineRates.append((n, r.perSecond))
    print("| pipeline (deliver→decide→present→tap→dismiss) | \(n) messages | \(rate(r.perSecond)) messages/s | "
          + "\(fmt(r.sample.median * 1000)) ms (\(fmt(r.sample.min * 1000))–\(fmt(r.sample.max * 1000))) |")
}
if pipelineRates.count == 2 {
    let ratio = pipelineRates[1].1 / pipelineRates[0].1
    print("| pipeline scaling | 10× messages | rate ratio \(fmt(ratio, 2)) (1.00 = linear time) | |")
}
for traced in [false, true] {
    for n in quick ? [10_000] : [10_000, 100_000] {
        let r = CoreBench.bytesPerStacked(count: n, traced: traced)
        print("| bytes per stacked message \(traced ? "(trace kept)" : "(trace bounded)") | \(n) messages | "
              + "\(fmt(r.total - r.payload, 0)) B beyond its \(fmt(r.payload, 0)) B payload (\(fmt(r.total, 0)) B in all) | |")
    }
}
