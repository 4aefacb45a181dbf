import Foundation
import XCTest
@testable import InAppContent

/// Line boxes (baselines, `vertical-align`, inline boxes' heights, buttons), check boxes and the shapes inside an
/// inline SVG, against the boxes WebKitGTK gives the same pages (recorded with
/// `xvfb-run -a python3 Benchmarks/browser/record-webkit.py PAGE.html -o OUT.json` at 390 × 844).
final class LineBoxLayoutTests: XCTestCase {
    private func layout(_ body: String, style: String) -> (ContentPage, ApproximateLayout) {
        let page = ContentPage(scriptEngine: .subset)
        page.viewport = ContentViewport(width: 390, height: 844)
        page.loadHTMLString("<!doctype html><html><head><style>body{margin:0}\(style)</style></head><body>\(body)</body></html>", baseURL: nil)
        return (page, page.approximateLayout())
    }

    private func assertBox(_ page: ContentPage, _ layout: ApproximateLayout, _ id: String, _ webkit: [Double],
                           file: StaticString = #filePath, line: UInt = #line) {
        guard let node = page.document.element(id: id), let b = layout.box(of: node) else {
            return XCTFail("#\(id) has no box", file: file, line: line)
        }
        let ours = [b.x, b.y, b.width, b.height]
        // Within 1.5 px: text widths here add up advances without WebKit's shaping and rounding.
        XCTAssert(zip(ours, webkit).allSatisfy { abs($0 - $1) <= 1.5 }, "#\(id): WebKit \(webkit), ours \(ours)", file: file, line: line)
    }

    func testPiecesOfALineSitOnItsBaseline() {
        let (page, layout) = layout("""
            <div class="t"><button id="p"><svg id="ps" width="8" height="11" viewBox="0 0 8 11"><path d="M0 0L8 11"/></svg></button></div>
            <div class="t"><button id="q">
               <svg id="qs" width="8" height="11" viewBox="0 0 8 11"><path d="M0 0L8 11"/></svg>
             </button></div>
            <div><button id="r" class="b"><span id="rs">Submit</span></button></div>
            <div><button id="s" class="b" style="line-height:20px"><span id="ss">Submit</span></button></div>
            <div><button id="t">Hi <span id="ts" style="font-size:30px">Big</span></button></div>
            <div id="u" style="line-height:30px">nnnn <img id="ui" width="20" height="40"> nn <span id="us" style="font-size:10px">small</span> <span id="um" style="vertical-align:middle;display:inline-block;width:10px;height:10px"></span></div>
            <div id="v"><span id="vs" style="display:inline-block">a<br>b</span> c</div>
            """, style: """
            body{font-family:helvetica;font-size:16px} button{border:none;font:inherit;background:transparent}
            .t{display:flex;justify-content:center;align-items:center;padding:10px} .t button{height:24px}
            .b{width:140px;height:40px;font-size:14px;line-height:45px} .b span{position:relative;top:-2px}
            """)
        // A button is as wide as its content and WebKit's padding (white space around it takes no room); an SVG in
        // it sits on the strut's baseline.
        assertBox(page, layout, "p", [185, 10, 20, 24])
        assertBox(page, layout, "ps", [191, 14, 8, 11])
        assertBox(page, layout, "q", [185, 54, 20, 24])
        assertBox(page, layout, "qs", [191, 58, 8, 11])
        // An inline element's box is its font's content area; a button centres a line that fits and starts one
        // that does not.
        assertBox(page, layout, "rs", [48, 103, 44, 14])
        assertBox(page, layout, "ss", [48, 138.5, 44, 14])
        // A larger font makes the line (and the button) taller, on one baseline.
        assertBox(page, layout, "t", [0, 168, 76, 41])
        assertBox(page, layout, "ts", [26, 173, 44, 30])
        // An image on the baseline, smaller text on it, a box in the middle.
        assertBox(page, layout, "u", [0, 209, 390, 53])
        assertBox(page, layout, "ui", [40, 209, 20, 40])
        assertBox(page, layout, "us", [86, 242, 23, 10])
        assertBox(page, layout, "um", [113, 239.9, 10, 10])
        // An inline block sits on its last line's baseline.
        assertBox(page, layout, "vs", [0, 262, 9, 38])
    }

    func testCheckBoxesTakeNoRoomForPaddingOrBorders() {
        let (page, layout) = layout("""
            <div><input type="checkbox" id="a" style="width:0;height:0;padding:6px 12px;margin:0"></div>
            <div><input type="checkbox" id="c" style="width:20px;height:20px;padding:5px;border:3px solid red;margin:0"></div>
            <div><input type="radio" id="d" style="width:0;height:0;padding:6px 12px;margin:0;border:2px solid"></div>
            """, style: "body{font-family:helvetica}")
        assertBox(page, layout, "a", [0, 13, 0, 0])
        assertBox(page, layout, "c", [0, 19, 20, 20])
        assertBox(page, layout, "d", [0, 58, 0, 0])
    }

    func testControlsTakeTheirOwnFontUnlessTheyInheritIt() {
        let (page, layout) = layout("""
            <div class="c"><button id="a">Copy</button></div>
            <div class="c i"><button id="b">Copy</button></div>
            """, style: """
            .c{font:700 18px/1 monospace;letter-spacing:2px} .c button{border:0;padding:6px 10px;font-size:12px}
            .i button{font-weight:inherit;letter-spacing:inherit;border:0;padding:0}
            """)
        // Not the bold weight, letter spacing or line height around them…
        assertBox(page, layout, "a", [0, 0, 50, 26])
        // …unless a rule says `inherit`.
        assertBox(page, layout, "b", [0, 31, 42, 14])
    }

    func testFlexItemsAlignedOnTheirBaselines() {
        let (page, layout) = layout("""
            <header id="f"><h1 id="h">Help</h1><button id="b">Skip</button><span id="s" style="font-size:30px">Big</span></header>
            """, style: "body{font-family:sans-serif} header{display:flex;align-items:baseline} h1{font-size:19px;margin:0} button{border:0;font-size:14px;padding:6px}")
        assertBox(page, layout, "f", [0, 0, 390, 37])
        assertBox(page, layout, "h", [0, 10, 50, 22])
        assertBox(page, layout, "b", [50, 9, 42, 28])
        assertBox(page, layout, "s", [92, 0, 48, 35])
    }

    func testShapesInAnSVGHaveTheirGeometrysBoxes() {
        let (page, layout) = layout("""
            <svg id="s1" width="100" height="50" viewBox="0 0 20 20"><path id="p1" d="M2 2 C 2 -2, 18 -2, 18 2 L 18 18 Z"/><circle id="c1" cx="10" cy="10" r="3"/></svg>
            <svg id="s2" width="60" height="60" style="padding:5px;border:2px solid"><g id="g2" transform="translate(10 5)"><rect id="r2" x="1" y="2" width="10" height="20" transform="scale(2)"/><line id="l2" x1="0" y1="0" x2="30" y2="4"/></g></svg>
            <svg id="s3" width="80" height="40" viewBox="0 0 40 40" preserveAspectRatio="xMinYMax slice"><polygon id="q3" points="5,5 35,10 20,30"/><path id="a3" d="M10 20 a10 10 0 0 1 20 0"/></svg>
            """, style: "")
        // viewBox scaled to fit and centred (a curve's own extent, not its control points').
        assertBox(page, layout, "p1", [30, 21.5, 40, 47.5])
        assertBox(page, layout, "c1", [42.5, 41.5, 15, 15])
        // Without a viewBox, user units are pixels from the content box; transforms nest; a group is its union.
        assertBox(page, layout, "g2", [122, 12, 30, 44])
        assertBox(page, layout, "r2", [124, 16, 20, 40])
        assertBox(page, layout, "l2", [122, 12, 30, 4])
        // `slice` covers the box; an arc's extent.
        assertBox(page, layout, "q3", [194, 4, 60, 50])
        assertBox(page, layout, "a3", [204, 14, 40, 20])
        // A tap at a shape finds it; beside it, the SVG.
        XCTAssertEqual(layout.hitTest(x: 50, y: 50)?.id, "c1")
        XCTAssertEqual(layout.hitTest(x: 210, y: 70)?.id, "s3")
    }
}
