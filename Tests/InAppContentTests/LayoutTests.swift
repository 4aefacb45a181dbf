import Foundation
import XCTest
@testable import InAppContent

/// The approximate layout behind taps at a point, against Chromium's layout of the same pages
/// (`Tests/Fixtures/Layout/chromium-layout.json`, recorded by `python3 Benchmarks/browser/record-layout.py`: every
/// element of the scripted fixtures with a box, half a second after load, and what `elementFromPoint` finds at its
/// centre).
final class LayoutTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    struct Recorded: Decodable {
        struct Box: Decodable { let index: Int; let element: String; let box: [Double]; let hit: String? }
        let width: Double; let height: Double; let boxes: [Box]
    }

    static func name(_ node: HTMLNode?) -> String? {
        guard let node else { return nil }
        return node.tagName + (node.id.map { "#" + $0 } ?? "")
    }

    /// A page of a scripted fixture, loaded with its scripts (JavaScriptCore when present) at Chromium's viewport.
    static func page(_ fixture: String, width: Double, height: Double) throws -> ContentPage {
        let page = ContentPage()
        page.viewport = ContentViewport(width: width, height: height)
        page.bridgeReceiver = { _ in }
        page.loadHTMLString(try String(contentsOf: directory.appendingPathComponent("Scripted/\(fixture).html"), encoding: .utf8),
                            baseURL: URL(string: "https://fixtures.openinapp.invalid/\(fixture).html"))
        page.advanceTime(by: 0.5)
        return page
    }

    func testBoxesAndHitsAgreeWithChromium() throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("Layout/chromium-layout.json"))
        let recorded = try JSONDecoder().decode([String: Recorded].self, from: data)
        var boxes = 0, closeBoxes = 0, hits = 0, sameHits = 0
        var report: [String] = []
        for (fixture, chromium) in recorded.sorted(by: { $0.key < $1.key }) {
            let page = try Self.page(fixture, width: chromium.width, height: chromium.height)
            let layout = page.approximateLayout()
            let elements = page.document.body.descendants.filter(\.isElement)
            for entry in chromium.boxes {
                guard entry.index < elements.count else { report.append("\(fixture): no element \(entry.index)"); continue }
                let node = elements[entry.index]
                XCTAssertEqual(Self.name(node), entry.element, "\(fixture): the same element list as Chromium's")
                boxes += 1
                let b = entry.box
                if let ours = layout.box(of: node), abs(ours.x - b[0]) <= 12, abs(ours.y - b[1]) <= 12,
                   abs(ours.width - b[2]) <= 12, abs(ours.height - b[3]) <= 12 {
                    closeBoxes += 1
                } else {
                    report.append("\(fixture) \(entry.element): Chromium \(b), ours \(layout.box(of: node).map { "\($0)" } ?? "none")")
                }
                if let expected = entry.hit {
                    hits += 1
                    let ours = Self.name(layout.hitTest(x: b[0] + b[2] / 2, y: b[1] + b[3] / 2))
                    if ours == expected { sameHits += 1 } else { report.append("\(fixture) hit at the centre of \(entry.element): Chromium \(expected), ours \(ours ?? "nothing")") }
                }
            }
        }
        print("layout vs Chromium: \(closeBoxes)/\(boxes) boxes within 12 px on each edge, \(sameHits)/\(hits) hits the same")
        report.forEach { print("  " + $0) }
        XCTAssertGreaterThan(boxes, 150)
        // Floors from the run that introduced the layout; raise them when the layout improves.
        // (140/175 and 153/175 then: text widths are estimates, transitions are not run, no fonts are loaded).
        XCTAssertGreaterThanOrEqual(Double(closeBoxes) / Double(boxes), 0.78, report.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(Double(sameHits) / Double(hits), 0.85, report.joined(separator: "\n"))
    }
}

extension LayoutTests {
    /// A person taps the middle of a modal message and the dimmed backdrop above it: the first lands on the card
    /// (so the page's backdrop handler does nothing), the second on the body (the page closes the message).
    func testTapsAtPointsLandOnTheCardOrTheBackdrop() throws {
        let page = ContentPage()
        page.viewport = ContentViewport(width: 390, height: 844)
        var calls: [String] = []
        page.bridgeReceiver = { calls.append($0.path) }
        page.loadHTMLString(try String(contentsOf: Self.directory.appendingPathComponent("Scripted/braze-modal.html"), encoding: .utf8),
                            baseURL: nil)
        let body = page.document.body
        let card = try XCTUnwrap(page.document.element(id: "card"))
        let cardBox = try XCTUnwrap(page.layoutBox(of: card))
        XCTAssertEqual(cardBox.width, 343.2, accuracy: 0.1, "88vw of 390")
        XCTAssertTrue(cardBox.contains(x: 195, y: 422), "\(cardBox)")
        let centre = try page.tap(body, at: (0.5, 0.5))
        XCTAssertTrue(centre.element.ancestors.contains(card), "\(centre.element)")
        XCTAssertEqual(calls, [])
        let top = try page.tap(body, at: (0.5, 0.05))
        XCTAssertEqual(top.element, body)
        XCTAssertEqual(calls, ["closeMessage"])
        XCTAssertThrowsError(try page.tap(selector: "#claim", at: (0.5, 3))) { error in
            guard case InputError.unreachable(_, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("covered by <body>"), reason)
        }
        XCTAssertEqual(page.element(atX: 10, y: 10), body)
        XCTAssertEqual(page.evaluate("document.elementFromPoint(195, 60) === document.body && document.elementFromPoint(195, 422).closest('#card') !== null"),
                       .success(.bool(true)))
    }
}

extension LayoutTests {
    /// Pages are untrusted: extreme nesting, sizes and fonts give boxes or a typed error, never a trap or a hang.
    func testHostileStylesAndNestingStayBounded() throws {
        let deep = String(repeating: "<div style='padding:1px;display:flex'>", count: 800) + "<button id=deep>x</button>"
        let html = """
            <style>
              * { font-size: 0; letter-spacing: -5px; }
              .huge { width: 1e308px; height: 1e308px; margin: -1e308px auto; padding: 50%; border: 1e308px solid; }
              .grid { display: grid; grid-template-columns: repeat(99999, 1fr); gap: 1e9px; }
              .abs { position: absolute; inset: -1e308px; z-index: 99999999999999999999; transform: translate(1e308px, -50%); }
              .flex { display: flex; flex-wrap: wrap; flex: 1e308 -1 0; min-width: 1e308px; }
              .huge::before, .flex::after { content: "\\41 x"; display: block; width: 1e308px; height: calc(1e308px * 10); margin: -1e308px; }
              p::after { content: "\\"; font-size: 1e308px; border: 1e308px solid; }
            </style>
            <div class=huge><div class=grid><a class=abs id=a href=#>a</a><span class=flex>t e x t</span></div></div>
            <p style="font-size: 12px; letter-spacing: -12px; white-space: nowrap">\(String(repeating: "word ", count: 2_000))</p>
            \(deep)
            """
        let page = ContentPage(scriptEngine: .subset)
        page.loadHTMLString(html, baseURL: nil)
        for selector in ["#a", ".huge", ".grid", "p", "#deep", "body"] {
            for point in [(0.5, 0.5), (0.0, 0.0), (0.99, 0.99)] {
                do { _ = try page.tap(selector: selector, at: point) } catch {
                    guard case .unreachable = error else { return XCTFail("\(selector): \(error)") }
                }
            }
        }
        XCTAssertNil(page.layoutBox(of: try XCTUnwrap(page.document.element(id: "deep"))), "beyond the layout's depth bound")
        XCTAssertNotNil(page.element(atX: 100, y: 100))
    }
}

/// How the style sheets behind taps and layout are read: comments, @media (applying or not, nested), @supports,
/// blocks skipped whole (@keyframes, @font-face), statements (@import), several selectors per rule, `!important`,
/// capitals in names and values.
final class StyleSheetReadingTests: XCTestCase {
    func testRulesDeclarationsAndMediaQueriesAreReadAsTheSheetSays() {
        let css = """
        /* a comment { with: braces } */ @import url(x.css);
        .a, #b > p { Display: NONE !important; color : Red }
        @media (max-width: 600px) { .narrow { visibility: hidden } @media (prefers-color-scheme: dark) { .dark { opacity: 0 } } }
        @media print { .print { display: none } }
        @keyframes spin { from { opacity: 0 } to { opacity: 1 } }
        @supports (display: grid) { .grid { pointer-events: none; } }
        @font-face { font-family: x; src: url(y) }
        .last{display:block}
        """
        var rules: [String] = []
        HitStyleSheet.parse(css, viewport: ContentViewport(width: 390, height: 844, darkMode: false)) { selector, text in
            rules.append(selector + " => " + BoxStyleSheet.declarations(text).map { "\($0.0)=\($0.1)" }.joined(separator: ","))
        }
        XCTAssertEqual(rules, [".a, #b > p => display=none,color=red", ".narrow => visibility=hidden",
                               ".grid => pointer-events=none", ".last => display=block"])
        var dark: [String] = []
        HitStyleSheet.parse(css, viewport: ContentViewport(width: 390, height: 844, darkMode: true)) { selector, _ in dark.append(selector) }
        XCTAssertEqual(dark, [".a, #b > p", ".narrow", ".dark", ".grid", ".last"])
        XCTAssertEqual(BoxStyleSheet.declarations("opacity: 0; display: flex", keeping: ["display"]).map { $0.0 }, ["display"])
        let landscape = ContentViewport(width: 844, height: 390)
        XCTAssertTrue(MediaQuery.matches("screen and (orientation: landscape)", landscape))
        XCTAssertFalse(MediaQuery.matches("(orientation: portrait)", landscape))
        XCTAssertTrue(MediaQuery.matches("print, (min-width: 800px)", landscape))
        XCTAssertTrue(MediaQuery.matches("not print", landscape))
        XCTAssertFalse(MediaQuery.matches("(max-height: 300PX)", landscape))
    }

    /// A sheet's text is parsed once per viewport and property set; the dark-mode viewport gets its own parse (its
    /// @media blocks differ), and the cache stays within its bounds, dropping the least recently used sheet.
    func testParsedSheetsAreReusedPerViewportAndBounded() {
        let sheets = ParsedSheets(capacity: 2, byteBudget: 1 << 20)
        let css = ".a, .b { display: none; color: red } @media (prefers-color-scheme: dark) { .c { opacity: 0 } }"
        let light = ContentViewport(), dark = ContentViewport(darkMode: true)
        let hit: Set<String> = ["display", "opacity"]
        let first = sheets.rules(css, viewport: light, properties: hit)
        XCTAssertEqual(first.map { $0.selector.text }, [".a", ".b"])
        XCTAssertEqual(first.map { $0.declarations.map(\.0) }, [["display"], ["display"]])
        XCTAssertEqual(sheets.rules(css, viewport: light, properties: hit).map(\.selector), first.map(\.selector))
        XCTAssertEqual(sheets.count, 1)
        XCTAssertEqual(sheets.rules(css, viewport: dark, properties: hit).map { $0.selector.text }, [".a", ".b", ".c"])
        XCTAssertEqual(sheets.rules(css, viewport: light, properties: nil).first?.declarations.map(\.0), ["display", "color"])
        XCTAssertEqual(sheets.count, 2)   // the dark entry, used least recently, left
        XCTAssertEqual(sheets.rules(".x { display: block }", viewport: light, properties: hit).count, 1)
        XCTAssertEqual(sheets.count, 2)
        let tiny = ParsedSheets(capacity: 8, byteBudget: 16)
        XCTAssertEqual(tiny.rules(css, viewport: light, properties: hit).count, 2)   // larger than the budget: parsed, not kept
        XCTAssertEqual(tiny.count, 0)
    }
}

/// The caches of parsed text hand back what leaves them, so that their owner can release it.
final class LeastRecentlyUsedTests: XCTestCase {
    func testStoreAnswersWhatLeftByAgeAndBudget() {
        var kept = LeastRecentlyUsed<String, Int>(capacity: 2, byteBudget: 10) { $0.utf8.count }
        XCTAssertEqual(kept.store(1, for: "aaa"), [])
        XCTAssertEqual(kept.store(2, for: "bbb"), [])
        XCTAssertEqual(kept.lookUp("aaa"), 1)                    // "bbb" is now the least recently used
        XCTAssertEqual(kept.store(3, for: "ccc"), [2])
        XCTAssertEqual(kept.store(4, for: "ccc"), [3])           // a new value for a kept key gives the old one back
        XCTAssertEqual(kept.store(5, for: "dddddddd"), [1, 4])   // over the byte budget: the oldest leave until it fits
        XCTAssertEqual(kept.store(6, for: "eeeeeeeeeeee"), [6])  // larger than the whole budget: not kept
        XCTAssertEqual(kept.count, 1)
        XCTAssertNil(kept.lookUp("aaa"))
        XCTAssertEqual(kept.lookUp("dddddddd"), 5)
    }
}

/// A class attribute as the DOM's ordered token set: split on ASCII whitespace (a CR LF pair included), duplicates
/// dropped in order.
final class TokenSetTests: XCTestCase {
    func testTokensSplitOnEveryASCIIWhitespaceAndDropDuplicates() {
        XCTAssertEqual(TokenSet("a\r\nb\t a\u{0C}c ").tokens, ["a", "b", "c"])
        XCTAssertEqual(TokenSet(nil).tokens, [])
    }
}
