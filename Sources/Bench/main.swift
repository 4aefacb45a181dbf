import Foundation
import InAppCore
import InAppContent

// openinapp-bench — the project's performance figures in one table. Release build:
//   swift run -c release openinapp-bench [--quick] [--peers PEERS.jsonl] [FILE.html ...]   (--help: usage)
//   swift run -c release openinapp-bench --write-synthetic DIR      (writes the synthetic HTML files and exits)
// Benchmarks/run writes the synthetic files, runs the peers (lexbor via selectolax, libxml2 via lxml) on the same
// files, then runs this with --peers, so every ratio comes from one run on one machine.

let options: BenchOptions
switch BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .help: print(BenchOptions.usage); exit(0)
case .usageError(let message): fail(message, usage: true, code: 2)
case .run(let parsed): options = parsed
}
let quick = options.quick
if let dir = options.writeSyntheticDirectory {
    do {
        for path in try ContentBench.writeSynthetic(into: dir) { print(path) }
    } catch { fail("cannot write the synthetic files into \(dir): \(error)") }
    exit(0)
}
if let parses = options.parses {
    for file in options.files {
        do { print("\(file): \(try ContentBench.parseRepeatedly(file: file, times: parses)) interactive elements, \(parses) parses") }
        catch { fail("\(file): \(error)") }
    }
    exit(0)
}
if let pages = options.pages {
    for file in options.files {
        do { print("\(file): \(try ScriptBench.loadRepeatedly(file: file, times: pages)) pages (\(ScriptEngines.isJavaScriptCoreAvailable ? "JavaScriptCore" : "subset"))") }
        catch { fail("\(file): \(error)") }
    }
    exit(0)
}
if let layouts = options.layouts {
    for file in options.files {
        do { print("\(file): \(try LayoutBench.layoutRepeatedly(file: file, times: layouts)) bytes of SVG, \(layouts) layouts") }
        catch { fail("\(file): \(error)") }
    }
    exit(0)
}
let peersFile = options.peersFile
/// `--peer-command CMD`: run `CMD FILE` (printing peers.py JSON lines) right before timing our parser on FILE, so
/// both are measured within seconds of each other on a machine whose load changes.
let peerCommand = options.peerCommand
/// `--only content|triggers|pipeline` runs one section (for profiling).
let only = options.only
func wanted(_ section: String) -> Bool { only == nil || only == section }
var files = options.files
if files.isEmpty {
    let dir = NSTemporaryDirectory() + "openinapp-bench-\(getpid())"
    do {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        files = try ContentBench.writeSynthetic(into: dir)
    } catch { fail("cannot write the synthetic files into \(dir): \(error)") }
    let fixtures = "Tests/Fixtures/HTML"
    if let names = try? FileManager.default.contentsOfDirectory(atPath: fixtures) {
        files += names.filter { $0.hasSuffix(".html") }.sorted().map { "\(fixtures)/\($0)" }
    }
}
var peers: [String: [String: PeerResult]] = [:]
if let peersFile, let text = try? String(contentsOfFile: peersFile, encoding: .utf8) {
    for line in text.split(separator: "\n") {
        if let r = try? JSONDecoder().decode(PeerResult.self, from: Data(line.utf8)) { peers[r.file, default: [:]][r.peer] = r }
    }
}

print("CPU: \(cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) cores; medians of ≥ 5 samples after warm-up, (min–max)")
print("")
var lexborRatios: [Double] = []
if wanted("content") {
print("## Content model: parse + DOM + interactive index")
print("")
print("Ours: parse + DOM + interactive index. Peers: parse + tree only (less work), called from Python.")
print("")
print("| file | kB | ours MB/s | ours ms/doc | lexbor MB/s | lxml MB/s | ours ÷ lexbor | ours ÷ lxml |")
print("|---|---|---|---|---|---|---|---|")
var contentRates: [String: Double] = [:]
for file in files {
    if let peerCommand {
        for r in runPeers(peerCommand, file: file) { peers[file, default: [:]][r.peer] = r }
    }
    let r: ContentBench.Result
    do { r = try ContentBench.run(file: file, samples: quick ? 5 : 7) } catch { fail("\(file): \(error)") }
    contentRates[file] = r.mbPerSecond
    let name = (file as NSString).lastPathComponent
    let lex = peers[file]?["lexbor"], lx = peers[file]?["lxml"]
    func mbs(_ p: PeerResult?) -> String { p.map { fmt(Double($0.bytes) / 1e6 / $0.median_s, 0) } ?? "–" }
    func ratio(_ p: PeerResult?) -> String {
        guard let p else { return "–" }
        let value = p.median_s / r.sample.median
        return fmt(value, 2) + "×"
    }
    if let lex { lexborRatios.append(lex.median_s / r.sample.median) }
    print("| \(name) | \(fmt(Double(r.bytes) / 1000, 1)) | \(fmt(r.mbPerSecond, 0)) | \(fmt(r.sample.median * 1000, 3)) "
          + "(\(fmt(r.sample.min * 1000, 3))–\(fmt(r.sample.max * 1000, 3))) | \(mbs(lex)) | \(mbs(lx)) | \(ratio(lex)) | \(ratio(lx)) |")
}
if let small = files.first(where: { $0.hasSuffix("synthetic-15kB-message.html") }),
   let large = files.first(where: { $0.hasSuffix("synthetic-2MB-page.html") }),
   let a = contentRates[small], let b = contentRates[large] {
    print("")
    print("Scaling: 15 kB → 1.9 MB (×124 input): throughput ratio \(fmt(b / a, 2)) (1.00 = time linear in size).")
}
}

if wanted("triggers") {
print("")
print("## Trigger evaluation (events/s)")
print("")
print("| campaigns | non-matching events/s | matching events/s (delivered to a no-op presenter) |")
print("|---|---|---|")
let events = quick ? 200_000 : 2_000_000
var nonMatching: [Int: Double] = [:]
for n in [10, 1_000, 100_000] {
    let engine = TriggerBench.engine(campaigns: n)
    let misses = (0..<1024).map { TriggerEvent.customEvent("unmatched-\($0)") }
    let hits = (0..<1024).map { TriggerEvent.customEvent("event-\($0 % n)") }
    let (miss, missDelivered) = TriggerBench.rate(engine, misses, count: events)
    let (hit, hitDelivered) = TriggerBench.rate(engine, hits, count: events / 20)
    precondition(missDelivered == 0 && hitDelivered == events / 20, "unexpected trigger outcome")
    nonMatching[n] = miss.median
    print("| \(n) | \(rate(miss.median)) (\(rate(miss.min))–\(rate(miss.max))) | \(rate(hit.median)) (\(rate(hit.min))–\(rate(hit.max))) |")
}
if let a = nonMatching[10], let b = nonMatching[100_000] {
    print("")
    print("Scaling: 10 → 100 000 campaigns: non-matching rate ratio \(fmt(b / a, 2)) (1.00 = flat, cost independent of campaigns).")
}
}

if wanted("pipeline") {
print("")
print("## Headless pipeline and memory")
print("")
print("| figure | input | result | median (min–max) |")
print("|---|---|---|---|")
var pipelineRates: [(Int, Double)] = []
for n in quick ? [1_000, 10_000] : [10_000, 100_000] {
    let r = CoreBench.pipeline(count: n)
    pipelineRates.append((n, r.perSecond))
    print("| pipeline: deliver → decide → present → tap → dismiss, every hook | \(n) messages | \(rate(r.perSecond)) messages/s | "
          + "\(fmt(r.sample.median * 1000)) ms (\(fmt(r.sample.min * 1000))–\(fmt(r.sample.max * 1000))) |")
}
var stackCosts: [Double] = []
for n in quick ? [10_000] : [10_000, 100_000] {
    let r = CoreBench.bytesPerStacked(count: n, traced: false)
    stackCosts.append(r.total - r.payload)
    print("| bytes per stacked message beyond its payload (trace bounded) | \(n) messages | "
          + "\(fmt(r.total - r.payload, 0)) B (payload \(fmt(r.payload, 0)) B, \(fmt(r.total, 0)) B in all) | |")
}
let traced = CoreBench.bytesPerStacked(count: quick ? 10_000 : 100_000, traced: true)
print("| bytes per stacked message beyond its payload (whole trace kept) | \(quick ? 10_000 : 100_000) messages | "
      + "\(fmt(traced.total - traced.payload, 0)) B | |")
print("")
if pipelineRates.count == 2 {
    print("Scaling: pipeline at 10× messages: rate ratio \(fmt(pipelineRates[1].1 / pipelineRates[0].1, 2)) (1.00 = linear time).")
}
if stackCosts.count == 2 {
    print("Scaling: stack at 10× messages: bytes per message ratio \(fmt(stackCosts[1] / stackCosts[0], 2)) (1.00 = linear memory).")
}
}
var jsdomRatios: [Double] = []
if wanted("scripts") {
    print("")
    print("## HTML messages with JavaScript: load + scripts to idle + one tap")
    print("")
    print(ScriptEngines.availability)
    print("")
    print("| file | ours ms/message | ours, one VM for all pages | ours, a new VM per page | ours MB/live page | jsdom ms/message | jsdom MB/live page | ours ÷ jsdom |")
    print("|---|---|---|---|---|---|---|---|")
    let jsFiles = ((try? FileManager.default.contentsOfDirectory(atPath: "Tests/Fixtures/HTML/js")) ?? [])
        .filter { $0.hasSuffix(".html") }.sorted().map { "Tests/Fixtures/HTML/js/\($0)" }
    var jsdom: [String: (Double, Double)] = [:]
    if let jsdomCommand = ProcessInfo.processInfo.environment["OPENINAPP_JSDOM"], !jsFiles.isEmpty {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", jsdomCommand + " " + jsFiles.joined(separator: " ")]
        let pipe = Pipe()
        p.standardOutput = pipe
        try? p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let f = o["file"] as? String,
               let ms = o["median_ms"] as? Double, let mb = o["mb_per_page"] as? Double { jsdom[f] = (ms, mb) }
        }
    }
    for file in jsFiles {
        let r: ScriptBench.Result
        do { r = try ScriptBench.run(file: file, samples: quick ? 9 : 25) } catch { fail("\(file): \(error)") }
        let ms = r.sample.median * 1000
        let peer = jsdom[file]
        if let peer { jsdomRatios.append(peer.0 / ms) }
        print("| \((file as NSString).lastPathComponent) | \(fmt(ms, 3)) (\(fmt(r.sample.min * 1000, 3))–\(fmt(r.sample.max * 1000, 3))) | "
              + "\(fmt(r.shared.median * 1000, 3)) | \(fmt(r.newVM.median * 1000, 3)) | \(fmt(r.mbPerPage, 2)) | "
              + "\(peer.map { fmt($0.0, 3) } ?? "–") | \(peer.map { fmt($0.1, 2) } ?? "–") | \(peer.map { fmt($0.0 / ms, 1) + "×" } ?? "–") |")
    }
}
var layoutRatios: [Double] = []
if wanted("layout") {
    print("")
    print("## Layout and paint (390 × 844, after load)")
    print("")
    print("Ours: a new layout of the loaded page (cascade, boxes, lines), its paint list, the list as SVG, and a new page's")
    print("load (parse, scripts to idle) + first layout. WebKitGTK (Benchmarks/browser/webkit-layout-time.py): the page")
    print("loaded into a 390 × 844 frame up to its load event with a layout forced there, and a relayout of the loaded page")
    print("(body display:none, then back). Ratios: WebKit's time ÷ ours (above 1: we are faster).")
    print("")
    print("| page | kB | elements | layout ms | paint list ms | SVG ms | load + layout ms | WebKit load + layout ms | ratio | WebKit relayout ms | ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    let webkit = LayoutBench.peers(options.webkitLayoutFile)
    let layoutFiles = options.files.isEmpty || only == nil ? LayoutBench.defaultFiles() : options.files
    for file in layoutFiles {
        let r: LayoutBench.Result
        do { r = try LayoutBench.run(file: file, samples: quick ? 7 : 15) } catch { fail("\(file): \(error)") }
        func ms(_ s: Sample) -> String { "\(fmt(s.median * 1000, 3)) (\(fmt(s.min * 1000, 3))–\(fmt(s.max * 1000, 3)))" }
        let peer = webkit[file]
        if let peer { layoutRatios.append(peer.load_ms / (r.loadAndLayout.median * 1000)) }
        print("| \((file as NSString).lastPathComponent) | \(fmt(Double(r.bytes) / 1000, 1)) | \(r.elements) | \(ms(r.layout)) | "
              + "\(fmt(r.paint.median * 1000, 3)) | \(fmt(r.svg.median * 1000, 3)) | \(ms(r.loadAndLayout)) | "
              + "\(peer.map { fmt($0.load_ms, 1) } ?? "–") | \(peer.map { fmt($0.load_ms / (r.loadAndLayout.median * 1000), 1) + "×" } ?? "–") | "
              + "\(peer.map { fmt($0.relayout_ms, 2) } ?? "–") | \(peer.map { fmt($0.relayout_ms / (r.layout.median * 1000), 1) + "×" } ?? "–") |")
    }
}
print("")
if let worst = jsdomRatios.min() { print("min throughput ratio vs jsdom: \(fmt(worst, 1))") }
if let worst = layoutRatios.min() { print("min load + layout ratio vs WebKit: \(fmt(worst, 1))") }
if let worst = lexborRatios.min() {
    print("min ratio vs lexbor: \(fmt(worst, 2))")
} else {
    print("min ratio vs lexbor: n/a (no peer results; run Benchmarks/run)")
}
