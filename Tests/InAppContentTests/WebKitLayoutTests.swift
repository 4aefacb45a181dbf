import Foundation
import XCTest
@testable import InAppContent

/// The layout against WebKit's (WebKitGTK, recorded by `xvfb-run -a python3 Benchmarks/browser/record-webkit.py`):
/// every element of a page with its border box, whether WebKit renders it at all, and what `elementFromPoint` finds
/// at its centre. Our own fixture pages' recording is committed (`Tests/Fixtures/Layout/webkit-layout.json`) and
/// ratcheted (`webkit-baseline.json`: counts that may only go up); public templates are compared from a local
/// folder named by `OPENINAPP_TEMPLATES` (its `*.html` pages and the recorder's `webkit-layout.json` for them).
final class WebKitLayoutTests: XCTestCase {
    struct Recorded: Decodable {
        struct Box: Decodable { let index: Int; let element: String; let box: [Double]; let hit: String? }
        struct Hidden: Decodable { let index: Int; let element: String }
        let width: Double; let height: Double; let boxes: [Box]; let hidden: [Hidden]
    }

    /// How close one page's (or a set of pages') layout is to WebKit's.
    struct Figures: Codable, Equatable {
        var boxes = 0, within2 = 0, within12 = 0, hits = 0, sameHits = 0, hidden = 0, hiddenGivenBoxes = 0
        var line: String {
            "\(within2)/\(boxes) boxes within 2 px of WebKit's, \(within12)/\(boxes) within 12 px, \(sameHits)/\(hits) hit tests "
                + "find WebKit's element, \(hiddenGivenBoxes)/\(hidden) elements WebKit does not render get a box"
        }
        static func += (a: inout Figures, b: Figures) {
            a.boxes += b.boxes; a.within2 += b.within2; a.within12 += b.within12; a.hits += b.hits; a.sameHits += b.sameHits
            a.hidden += b.hidden; a.hiddenGivenBoxes += b.hiddenGivenBoxes
        }
    }

    static func compare(_ page: ContentPage, with webkit: Recorded, name: String, report: inout [String]) -> Figures {
        var f = Figures()
        let layout = page.approximateLayout()
        let elements = page.document.body.descendants.filter(\.isElement)
        func close(_ a: LayoutRect, _ b: [Double], _ tolerance: Double) -> Bool {
            abs(a.x - b[0]) <= tolerance && abs(a.y - b[1]) <= tolerance && abs(a.width - b[2]) <= tolerance && abs(a.height - b[3]) <= tolerance
        }
        for entry in webkit.boxes {
            guard entry.index < elements.count, LayoutTests.name(elements[entry.index]) == entry.element else {
                report.append("\(name): element \(entry.index) is not \(entry.element) here"); continue
            }
            let node = elements[entry.index]
            f.boxes += 1
            let ours = layout.box(of: node)
            if let ours, close(ours, entry.box, 2) { f.within2 += 1 } else {
                let far = ours.map { !close($0, entry.box, 12) } ?? true
                report.append("\(name) \(entry.element) #\(entry.index)\(far ? "" : " (within 12 px)"): WebKit \(entry.box), ours \(ours.map { "\($0)" } ?? "none")")
            }
            if let ours, close(ours, entry.box, 12) { f.within12 += 1 }
            if let expected = entry.hit {
                f.hits += 1
                let hit = LayoutTests.name(layout.hitTest(x: entry.box[0] + entry.box[2] / 2, y: entry.box[1] + entry.box[3] / 2))
                if hit == expected { f.sameHits += 1 } else { report.append("\(name) hit at the centre of \(entry.element): WebKit \(expected), ours \(hit ?? "nothing")") }
            }
        }
        for entry in webkit.hidden where entry.index < elements.count {
            f.hidden += 1
            if let b = layout.box(of: elements[entry.index]), b.width > 0 || b.height > 0 {
                f.hiddenGivenBoxes += 1
                report.append("\(name) \(entry.element) #\(entry.index): WebKit renders nothing, ours \(b)")
            }
        }
        return f
    }

    static func load(_ url: URL, width: Double, height: Double) throws -> ContentPage {
        let page = ContentPage()
        page.viewport = ContentViewport(width: width, height: height)
        page.bridgeReceiver = { _ in }
        page.loadHTMLString(try String(contentsOf: url, encoding: .utf8), baseURL: URL(string: "https://fixtures.openinapp.invalid/" + url.lastPathComponent))
        page.advanceTime(by: 0.5)
        return page
    }

    func testFixturesAgainstWebKit() throws {
        let folder = LayoutTests.directory.appendingPathComponent("Layout")
        let recorded = try JSONDecoder().decode([String: Recorded].self, from: Data(contentsOf: folder.appendingPathComponent("webkit-layout.json")))
        var total = Figures(), report: [String] = []
        for (name, webkit) in recorded.sorted(by: { $0.key < $1.key }) {
            let scripted = LayoutTests.directory.appendingPathComponent("Scripted/\(name).html")
            let url = FileManager.default.fileExists(atPath: scripted.path) ? scripted : folder.appendingPathComponent("\(name).html")
            total += Self.compare(try Self.load(url, width: webkit.width, height: webkit.height), with: webkit, name: name, report: &report)
        }
        print("layout vs WebKit, fixtures: " + total.line)
        report.forEach { print("  " + $0) }
        let baseline = try JSONDecoder().decode(Figures.self, from: Data(contentsOf: folder.appendingPathComponent("webkit-baseline.json")))
        XCTAssertEqual(total.boxes, baseline.boxes, "the recording and the baseline are of the same pages")
        XCTAssertGreaterThanOrEqual(total.within2, baseline.within2, "boxes within 2 px may only go up")
        XCTAssertGreaterThanOrEqual(total.within12, baseline.within12, "boxes within 12 px may only go up")
        XCTAssertGreaterThanOrEqual(total.sameHits, baseline.sameHits, "hit tests like WebKit's may only go up")
        XCTAssertLessThanOrEqual(total.hiddenGivenBoxes, baseline.hiddenGivenBoxes, "hidden elements with boxes may only go down")
    }

    /// Small pages of one feature each (`Tests/Fixtures/Layout/Features/`: grids, `display: contents`), recorded with
    /// `xvfb-run -a python3 Benchmarks/browser/record-webkit.py Tests/Fixtures/Layout/Features/*.html -o
    /// Tests/Fixtures/Layout/Features/webkit-layout.json`: every box within 2 px and every centre hit WebKit's.
    func testFeaturePagesAgainstWebKit() throws {
        let folder = LayoutTests.directory.appendingPathComponent("Layout/Features")
        let recorded = try JSONDecoder().decode([String: Recorded].self, from: Data(contentsOf: folder.appendingPathComponent("webkit-layout.json")))
        var total = Figures(), report: [String] = []
        for (name, webkit) in recorded.sorted(by: { $0.key < $1.key }) {
            total += Self.compare(try Self.load(folder.appendingPathComponent("\(name).html"), width: webkit.width, height: webkit.height),
                                  with: webkit, name: name, report: &report)
        }
        XCTAssertGreaterThan(total.boxes, 0)
        XCTAssertEqual(total.within2, total.boxes, report.joined(separator: "\n"))
        XCTAssertEqual(total.sameHits, total.hits, report.joined(separator: "\n"))
        XCTAssertEqual(total.hiddenGivenBoxes, 0, report.joined(separator: "\n"))
    }

    /// `OPENINAPP_TEMPLATES=/path/to/folder swift test --filter WebKitLayoutTests`: public templates, never committed.
    func testPublicTemplatesAgainstWebKit() throws {
        guard let path = ProcessInfo.processInfo.environment["OPENINAPP_TEMPLATES"] else {
            throw XCTSkip("set OPENINAPP_TEMPLATES to a folder of pages and their webkit-layout.json")
        }
        let folder = URL(fileURLWithPath: path)
        let recorded = try JSONDecoder().decode([String: Recorded].self, from: Data(contentsOf: folder.appendingPathComponent("webkit-layout.json")))
        var total = Figures(), report: [String] = []
        for (name, webkit) in recorded.sorted(by: { $0.key < $1.key }) {
            total += Self.compare(try Self.load(folder.appendingPathComponent("\(name).html"), width: webkit.width, height: webkit.height),
                                  with: webkit, name: name, report: &report)
        }
        print("layout vs WebKit, \(recorded.count) pages of \(path): " + total.line)
        report.forEach { print("  " + $0) }
        XCTAssertGreaterThan(total.boxes, 0)
    }
}
