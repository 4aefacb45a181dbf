import Foundation
import XCTest
@testable import InAppContent

/// A page lays out once per tree version: scripts reading geometry in a loop, taps and pictures of an unchanged tree
/// share one layout, and a change that cannot move a box keeps it.
final class LayoutCacheTests: XCTestCase {
    static let html = """
        <!doctype html><html><head><style>
        body { margin: 0; font: 16px sans-serif }
        .card { margin: 20px; padding: 12px; border: 2px solid #333 }
        .wide { width: 300px }
        [data-state=open] .panel { display: block }
        .panel { display: none }
        </style></head><body>
        <div class=card id=card data-x=1><p id=text>Hello there, a line of text</p><button id=ok>OK</button></div>
        <div class=panel id=panel><span id=hidden>secret text</span></div>
        <div id=tip aria-label=tip>tip</div>
        </body></html>
        """

    func page() throws -> ContentPage {
        try requireJavaScriptCore()
        let page = ContentPage()
        page.viewport = ContentViewport(width: 400, height: 700)
        page.loadHTMLString(Self.html, baseURL: URL(string: "https://example.com/"))
        return page
    }

    func rect(_ page: ContentPage, _ id: String) -> String {
        guard case .success(.string(let s)) = page.evaluate("(r => [r.x, r.y, r.width, r.height].join(','))(document.getElementById('\(id)').getBoundingClientRect())") else { return "?" }
        return s
    }

    func testGeometryReadInALoopTapsAndPicturesShareOneLayout() throws {
        let page = try page()
        let before = page.layoutsMade
        let answer = page.evaluate("""
            let sum = 0;
            for (let i = 0; i < 100; i++) { const r = document.getElementById('ok').getBoundingClientRect(); sum += r.width + r.top; }
            for (let i = 0; i < 20; i++) { sum += document.getElementById('text').offsetHeight; document.elementFromPoint(30, 30); }
            sum > 0
            """)
        XCTAssertEqual(answer, .success(.bool(true)))
        XCTAssertEqual(page.layoutsMade - before, 1, "120 geometry reads of an unchanged tree cost one layout")
        let ok = try XCTUnwrap(page.document.element(id: "ok"))
        XCTAssertNotNil(page.layoutBox(of: ok))
        _ = try page.tap(ok, at: (0.5, 0.5))
        _ = page.layoutSnapshot().paintList()
        XCTAssertEqual(page.layoutsMade - before, 1, "taps and pictures reuse the scripts' layout")
    }

    func testAChangeThatMovesBoxesLaysOutAgain() throws {
        let page = try page()
        let narrow = rect(page, "card")
        let before = page.layoutsMade
        _ = page.evaluate("document.getElementById('card').classList.add('wide')")
        let wide = rect(page, "card")
        XCTAssertNotEqual(narrow, wide)
        XCTAssertEqual(page.layoutsMade - before, 1)
        // A data- attribute a selector reads may move boxes too: the panel is shown.
        XCTAssertEqual(rect(page, "panel"), "0,0,0,0")
        _ = page.evaluate("document.body.setAttribute('data-state', 'open')")
        XCTAssertNotEqual(rect(page, "panel"), "0,0,0,0")
        XCTAssertEqual(page.layoutsMade - before, 2)
    }

    func testChangesThatCannotMoveBoxesKeepTheLayout() throws {
        let page = try page()
        let card = rect(page, "card"), text = rect(page, "text")
        let before = page.layoutsMade
        // A data- attribute no stylesheet names, an aria- attribute, text under display: none.
        _ = page.evaluate("document.getElementById('card').dataset.x = '2'")
        XCTAssertEqual(rect(page, "card"), card)
        _ = page.evaluate("document.getElementById('card').setAttribute('data-seen', 'yes')")
        XCTAssertEqual(rect(page, "text"), text)
        _ = page.evaluate("document.getElementById('tip').setAttribute('aria-label', 'a longer tip')")
        _ = page.evaluate("document.getElementById('hidden').firstChild.data = 'another secret, rather longer than before'")
        XCTAssertEqual(rect(page, "card"), card)
        XCTAssertEqual(page.layoutsMade - before, 0, "no change above can move a box")
        // The kept layout answers for the new tree: taps and hit tests find its elements.
        let ok = try XCTUnwrap(page.document.element(id: "ok"))
        XCTAssertEqual(try page.tap(ok, at: (0.5, 0.5)).element, ok)
        XCTAssertEqual(page.evaluate("document.elementFromPoint(30, 30) === document.getElementById('text') || document.elementFromPoint(30, 30) === document.getElementById('card')"),
                       .success(.bool(true)))
        XCTAssertEqual(page.layoutsMade - before, 0)
        // Shown text does move boxes.
        _ = page.evaluate("document.getElementById('text').firstChild.data = 'Hello there, a line of text that is long enough to wrap onto a second line'")
        XCTAssertNotEqual(rect(page, "card"), card)
        XCTAssertEqual(page.layoutsMade - before, 1)
    }
}
