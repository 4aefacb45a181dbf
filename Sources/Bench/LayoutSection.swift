import Foundation
import InAppContent

/// Laying a loaded page out (boxes and lines of text), and that plus its paint list, per fixture: median seconds
/// over ≥ 5 samples after warm-up.
enum LayoutBench {
    struct Result {
        let name: String
        let elements: Int
        let layout: Sample
        let paint: Sample
    }

    static func run(samples: Int, folder: String = "Tests/Fixtures/Scripted") -> [Result] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".html") }.sorted()
        return names.compactMap { name in
            guard let html = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { return nil }
            let page = ContentPage()
            page.viewport = ContentViewport(width: 390, height: 844)
            page.bridgeReceiver = { _ in }
            page.loadHTMLString(html, baseURL: URL(string: "https://fixtures.openinapp.invalid/" + name))
            let elements = page.document.allElements.count
            let layout = measure(runs: max(5, samples), warmups: 1) { _ = page.layoutSnapshot() }
            let paint = measure(runs: max(5, samples), warmups: 1) { _ = page.layoutSnapshot().paintList() }
            return Result(name: String(name.dropLast(5)), elements: elements, layout: layout, paint: paint)
        }
    }
}
