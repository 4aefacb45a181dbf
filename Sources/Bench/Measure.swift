import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Timing helpers: medians of repeated batches after a warm-up, wall clock, monotonic.
struct Sample {
    var median: Double
    var min: Double
    var max: Double
}

func now() -> Double { ProcessInfo.processInfo.systemUptime }

/// Runs `body` `warmups` times, then `runs` times, and returns seconds per run (median, min, max).
func measure(runs: Int = 7, warmups: Int = 2, _ body: () -> Void) -> Sample {
    for _ in 0..<warmups { body() }
    var times: [Double] = []
    for _ in 0..<runs {
        let t0 = now()
        body()
        times.append(now() - t0)
    }
    times.sort()
    return Sample(median: times[times.count / 2], min: times.first!, max: times.last!)
}

/// Bytes malloc has handed out and not taken back (glibc `mallinfo2`: `uordblks + hblkhd`).
///
/// Swift's Glibc module does not import `<malloc.h>`, so the function is looked up with `dlsym`. On x86-64 a C
/// function returning an 80-byte struct receives the address to write it to as a hidden first argument, so calling
/// it with our own buffer as the only argument is the C ABI. Elsewhere (or without glibc) resident memory is used.
func allocatedBytes() -> Int {
    #if canImport(Glibc) && arch(x86_64)
    typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") {
        let call = unsafeBitCast(symbol, to: MallInfo2.self)
        var fields = [Int](repeating: 0, count: 10)  // arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost
        fields.withUnsafeMutableBytes { _ = call($0.baseAddress!) }
        return fields[7] + fields[4]
    }
    #endif
    return residentBytes()
}

func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
        return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }
    return "unknown CPU"
}

func fmt(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }

/// Human form of a rate: 1234567 → "1.23M".
func rate(_ v: Double) -> String {
    if v >= 1e6 { return fmt(v / 1e6, 2) + "M" }
    if v >= 1e3 { return fmt(v / 1e3, 1) + "k" }
    return fmt(v, 0)
}
