// The layout section: per page at 390 × 844, a layout from nothing of the loaded page (style cascade, boxes, lines
// of text), its paint list, the paint list written as SVG, and load + layout (parse, scripts to idle, layout) in a
// new page. Benchmarks/browser/webkit-layout-time.py measures WebKitGTK on the same pages (its load + layout and a
// relayout of the loaded page), and the table puts the two side by side as ratios.
import Foundation
import InAppContent
import InAppRendering

enum LayoutBench {
    struct Result {
        let file: String
        let bytes: Int
        let elements: Int
        /// A new layout of the loaded page: the page's cache is invalidated before each sample.
        let layout: Sample
        /// The paint list of one layout.
        let paint: Sample
        /// The paint list written as an SVG document.
        let svg: Sample
        /// A new page: load (parse, scripts to idle) and its first layout.
        let loadAndLayout: Sample
    }

    /// WebKitGTK's figures for one page (JSON lines of Benchmarks/browser/webkit-layout-time.py).
    struct Peer: Decodable {
        let file: String
        let load_ms: Double
        let relayout_ms: Double
    }

    /// The pages: the scripted fixtures (messages of 3–8 kB) and the three fixtures of 14–17 kB.
    static func defaultFiles() -> [String] {
        func html(_ folder: String, _ keep: (String) -> Bool = { _ in true }) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".html") && keep($0) }.sorted().map { folder + "/" + $0 }
        }
        return html("Tests/Fixtures/Scripted") + html("Tests/Fixtures/HTML") { ["13-", "14-", "15-"].contains(String($0.prefix(3))) }
    }

    static func page(_ html: String, file: String) -> ContentPage {
        let page = ContentPage()
        page.viewport = ContentViewport(width: 390, height: 844)
        page.bridgeReceiver = { _ in }
        page.loadHTMLString(html, baseURL: URL(fileURLWithPath: file))
        return page
    }

    static func run(file: String, samples: Int) throws -> Result {
        let html = try String(contentsOfFile: file, encoding: .utf8)
        let loaded = page(html, file: file)
        let body = loaded.document.body
        // Registering an asset nobody uses changes the page's asset set, so the next snapshot lays the page out anew
        // (a layout is kept per snapshot, viewport and asset set).
        var n = 0
        let invalidate = {
            n += 1
            loaded.registerAsset(Data(), for: URL(string: "https://bench.invalid/\(n)")!)
        }
        let layout = measure(runs: samples, warmups: 2) {
            invalidate()
            _ = loaded.layoutSnapshot().box(of: body)
        }
        let snapshot = loaded.layoutSnapshot()
        let paint = measure(runs: samples, warmups: 2) { _ = snapshot.paintList() }
        let list = snapshot.paintList()
        let svg = measure(runs: samples, warmups: 2) { _ = list.svg() }
        let loadAndLayout = measure(runs: samples, warmups: 2) {
            let p = page(html, file: file)
            _ = p.layoutSnapshot().box(of: p.document.body)
        }
        return Result(file: file, bytes: html.utf8.count, elements: loaded.document.allElements.count, layout: layout,
                      paint: paint, svg: svg, loadAndLayout: loadAndLayout)
    }

    /// Lays out and paints `file` `times` times, untimed (`--layouts N`, for profiles of layout + paint + SVG).
    static func layoutRepeatedly(file: String, times: Int) throws -> Int {
        let html = try String(contentsOfFile: file, encoding: .utf8)
        let loaded = page(html, file: file)
        var bytes = 0
        for i in 0..<times {
            loaded.registerAsset(Data(), for: URL(string: "https://bench.invalid/\(i)")!)
            bytes += loaded.layoutSnapshot().paintList().svg().utf8.count
        }
        return bytes
    }

    /// Reads the peer's JSON lines (from a file), keyed by the file they measured.
    static func peers(_ path: String?) -> [String: Peer] {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var result: [String: Peer] = [:]
        for line in text.split(separator: "\n") {
            if let p = try? JSONDecoder().decode(Peer.self, from: Data(line.utf8)) { result[p.file] = p }
        }
        return result
    }
}
