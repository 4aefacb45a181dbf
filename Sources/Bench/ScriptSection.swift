// The scripts section: per HTML message with JavaScript, load + scripts run to idle + one tap (the first button),
// in a new ContentPage each time; memory per live page. Benchmarks/jsdom-peer.js measures jsdom the same way.
import Foundation
import InAppContent

enum ScriptBench {
    struct Result { let sample: Sample; let shared: Sample; let newVM: Sample; let mbPerPage: Double; let engine: ScriptEngineKind }

    static func once(_ html: String, vm: ScriptVirtualMachine? = nil) -> ContentPage {
        let page = ContentPage(virtualMachine: vm)
        page.bridgeReceiver = { _ in }
        page.loadHTMLString(html, baseURL: URL(string: "https://appboy-images.com/"))
        if let first = page.document.elements(tag: "button").first { _ = try? page.tap(first) }
        return page
    }

    /// Loads `file` `times` times in one shared VM, untimed (`--pages`, for profiles).
    static func loadRepeatedly(file: String, times: Int) throws -> Int {
        let html = try String(contentsOfFile: file, encoding: .utf8)
        let vm = ScriptVirtualMachine()
        for _ in 0..<times { _ = once(html, vm: vm) }
        return times
    }

    /// Three ways to give pages a VM: the default (a page takes an idle VM from the pool, as a browser reuses a warm
    /// web-content process), one VM for all pages (`ScriptVirtualMachine`, like one `WKProcessPool`), and a new VM
    /// for every page (what isolation costs at most).
    static func run(file: String, samples: Int) throws -> Result {
        let html = try String(contentsOfFile: file, encoding: .utf8)
        var engine = ScriptEngineKind.subset
        let sample = measure(runs: samples, warmups: 3) { engine = once(html).scriptEngine }
        // Memory: resident growth per live page between 20 and 60 live pages (the first 20 may reuse memory that
        // earlier pages returned to the allocator; the next 40 have nothing left to reuse), each reading after a
        // garbage collection of every live page's VM (as the jsdom peer collects before its readings) and a pause in
        // which the engine's allocator gives freed pages back to the system (it does so from a background thread:
        // without the pause, memory freed by the timing runs above is returned during the reading).
        var live: [ContentPage] = []
        for _ in 0..<20 { live.append(once(html)) }
        let settled = {
            live.forEach { $0.collectScriptGarbage() }
            Thread.sleep(forTimeInterval: 1)
            return residentBytes()
        }
        let at20 = settled()
        for _ in 0..<40 { live.append(once(html)) }
        let perPage = Double(settled() - at20) / 40 / 1e6
        live.removeAll()
        let vm = ScriptVirtualMachine()
        let shared = measure(runs: samples, warmups: 3) { _ = once(html, vm: vm) }
        let newVM = measure(runs: max(5, samples / 3), warmups: 1) { _ = once(html, vm: ScriptVirtualMachine()) }
        return Result(sample: sample, shared: shared, newVM: newVM, mbPerPage: perPage, engine: engine)
    }
}
