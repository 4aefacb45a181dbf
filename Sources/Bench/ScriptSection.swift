// The scripts section: per HTML message with JavaScript, load + scripts run to idle + one tap (the first button),
// in a fresh ContentPage each time; memory per live page. Benchmarks/jsdom-peer.js measures jsdom the same way.
import Foundation
import InAppContent

enum ScriptBench {
    struct Result { let sample: Sample; let shared: Sample; let mbPerPage: Double; let engine: ScriptEngineKind }

    static func once(_ html: String, vm: ScriptVirtualMachine? = nil) -> ContentPage {
        let page = ContentPage(virtualMachine: vm)
        page.bridgeReceiver = { _ in }
        page.loadHTMLString(html, baseURL: URL(string: "https://appboy-images.com/"))
        if let first = page.document.elements(tag: "button").first { _ = try? page.tap(first) }
        return page
    }

    static func run(file: String, samples: Int) throws -> Result {
        let html = try String(contentsOfFile: file, encoding: .utf8)
        var engine = ScriptEngineKind.subset
        let sample = measure(runs: samples, warmups: 3) { engine = once(html).scriptEngine }
        let vm = ScriptVirtualMachine()
        let shared = measure(runs: samples, warmups: 3) { _ = once(html, vm: vm) }
        let before = residentBytes()
        var live: [ContentPage] = []
        for _ in 0..<20 { live.append(once(html)) }
        let perPage = Double(residentBytes() - before) / 20 / 1e6
        withExtendedLifetime(live) {}
        return Result(sample: sample, shared: shared, mbPerPage: perPage, engine: engine)
    }
}
