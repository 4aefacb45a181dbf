import Foundation
import XCTest
@testable import InAppContent

/// Issue #41's three layout differences from WebKitGTK, on the small pages of `Tests/Fixtures/Layout/Features/`
/// (`borders.html`, `flex-text.html`, `buttons.html`; their element boxes are held to WebKit's by
/// `WebKitLayoutTests.testFeaturePagesAgainstWebKit`). The text positions below are WebKit's line rectangles of each
/// text node (`Range.getClientRects()`, 390 × 844, Debian's default fonts), taken on the same pages.
final class WebKitDifferencesTests: XCTestCase {
    private func page(_ name: String) throws -> (ContentPage, ApproximateLayout) {
        let url = LayoutTests.directory.appendingPathComponent("Layout/Features/\(name).html")
        let page = try WebKitLayoutTests.load(url, width: 390, height: 844)
        return (page, page.approximateLayout())
    }

    /// Our lines of `text`, in order, as WebKit measures a line: its glyphs' content area (`height` px tall,
    /// centred in the line box).
    private func lines(_ layout: ApproximateLayout, containing words: String, height: Double = 16) -> [[Double]] {
        layout.textFragments.filter { !$0.text.isEmpty && words.contains($0.text) }
            .map { [$0.rect.x, $0.rect.y + ($0.rect.height - height) / 2, $0.rect.width] }
            .sorted { ($0[1], $0[0]) < ($1[1], $1[0]) }
    }

    private func assertLines(_ ours: [[Double]], _ webkit: [[Double]], _ what: String, tolerance: Double = 1.5,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(ours.count, webkit.count, "\(what): WebKit's lines \(webkit), ours \(ours)", file: file, line: line)
        for (o, w) in zip(ours, webkit) {
            // x and y within `tolerance`; widths within 3 px (advances added up without WebKit's shaping).
            XCTAssert(abs(o[0] - w[0]) <= tolerance && abs(o[1] - w[1]) <= tolerance && abs(o[2] - w[2]) <= 3,
                      "\(what): WebKit's line \(w), ours \(o)", file: file, line: line)
        }
    }

    // MARK: 1. border widths snap to device pixels

    func testBorderWidthsFloorToDevicePixelsWithAOnePixelMinimum() {
        // WebKitGTK at scale 1 (borders.html) and at GDK_SCALE=2 (the same page).
        let scale1: [(Double, Double)] = [(0, 0), (0.25, 1), (0.5, 1), (1, 1), (1.5, 1), (1.9, 1), (2.5, 2), (3.7, 3)]
        for (css, used) in scale1 { XCTAssertEqual(DevicePixels.borderWidth(css), used, "\(css)px at scale 1") }
        let scale2: [(Double, Double)] = [(0, 0), (0.25, 0.5), (0.5, 0.5), (1, 1), (1.5, 1.5), (1.9, 1.5), (2.5, 2.5), (3.7, 3.5)]
        for (css, used) in scale2 { XCTAssertEqual(DevicePixels.borderWidth(css, scale: 2), used, "\(css)px at scale 2") }
        // The same rule at 3 device pixels per CSS pixel (thirds of a pixel).
        XCTAssertEqual(DevicePixels.borderWidth(0.2, scale: 3), 1.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(DevicePixels.borderWidth(1.5, scale: 3), 4.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(DevicePixels.borderWidth(-1), 0)
        XCTAssertEqual(DevicePixels.borderWidth(.nan), 0)
    }

    func testFractionalBordersTakeTheRoomWebKitGivesThem() throws {
        let (page, layout) = try page("borders")
        func box(_ id: String) -> [Double] {
            guard let n = page.document.element(id: id), let b = layout.box(of: n) else { return [] }
            return [b.x, b.y, b.width, b.height]
        }
        // WebKit's boxes: a 1.5px border is 1 px on each side, 2.5px is 2 px, 0.5px is 1 px; padding stays fractional.
        XCTAssertEqual(box("b15"), [10, 56, 102, 22])
        XCTAssertEqual(box("i15"), [11, 57, 10, 10])
        XCTAssertEqual(box("b25"), [10, 108, 104, 24])
        XCTAssertEqual(box("b05"), [10, 4, 102, 22])
        XCTAssertEqual(box("bs"), [10, 166, 102, 22])
        XCTAssertEqual(box("bt"), [10, 192, 101, 23])
        XCTAssertEqual(box("ibox"), [13.5, 246.5, 10, 10])
    }

    // MARK: 2. text directly in a flex container

    func testTextInAFlexContainerIsAnAnonymousItemWithLines() throws {
        let (_, layout) = try page("flex-text")
        // The consent text beside a check box wraps in the room the check box leaves.
        assertLines(lines(layout, containing: "I agree to receive text messages at the number given above; reply STOP to opt out at any time."),
                    [[34, 11, 275.1], [34, 29, 250.7], [34, 47, 138]], "label text")
        assertLines(lines(layout, containing: "Short consent"), [[34, 75, 98]], "short label text")
        // Runs of text on either side of an element are items of their own; white space alone makes none.
        assertLines(lines(layout, containing: "Before"), [[10, 103, 47.7]], "text before an element")
        assertLines(lines(layout, containing: "after"), [[106.7, 103, 33.8]], "text after an element")
        // In a column the anonymous item is as wide as the column.
        assertLines(lines(layout, containing: "Column text that is long enough to wrap onto more lines"),
                    [[10, 159, 167.8], [10, 177, 188.7], [10, 195, 33]], "column text")
    }

    // MARK: 3. a button's content centred vertically

    func testButtonContentIsCentredInATallerBox() throws {
        let (page, layout) = try page("buttons")
        // height, min-height, padding, no padding, a stretched flex item and a centred one.
        assertLines(lines(layout, containing: "Sixty high"), [[50.5, 27.5, 69]], "height: 60px")
        assertLines(lines(layout, containing: "Min fifty"), [[57.1, 88.5, 55.8]], "min-height: 50px")
        assertLines(lines(layout, containing: "Padded"), [[22, 150, 52.4]], "padding: 20px 10px")
        assertLines(lines(layout, containing: "No padding"), [[29.5, 210, 81]], "height: 48px, no padding")
        assertLines(lines(layout, containing: "Stretched"), [[18, 380.5, 68.7]], "stretched flex item")
        assertLines(lines(layout, containing: "Centred"), [[110.7, 380.5, 56.7]], "centred flex item")
        // Elements inside move with the content; three lines centre as one block.
        func box(_ id: String) -> [Double] {
            guard let n = page.document.element(id: id), let b = layout.box(of: n) else { return [] }
            return [b.x, b.y, b.width, b.height]
        }
        for (id, webkit) in [("sp", [52.5, 451.5, 75, 16]), ("sp6", [18.2, 511.5, 63.7, 48]), ("sp8", [46.1, 645, 67.8, 16]),
                             ("sp9", [41, 701, 78, 16])] {
            let ours = box(id)
            XCTAssertEqual(ours.count, 4, "#\(id) has a box")
            XCTAssert(zip(ours, webkit).allSatisfy { abs($0 - $1) <= 1.5 }, "#\(id): WebKit \(webkit), ours \(ours)")
        }
        // A line taller than the button (line-height 45px in a 40px button) starts at the top, as in WebKit.
        let sp7 = box("sp7")
        XCTAssert(sp7.count == 4 && abs(sp7[1] - 598) <= 1.5, "#sp7: WebKit y 598, ours \(sp7)")
    }
}

extension WebKitDifferencesTests {
    /// A relatively positioned inline element's words are drawn where its box is (Braze's survey template nudges its
    /// Submit label up with `position: relative; top: -2px`).
    func testRelativeInlineOffsetMovesItsWords() {
        let page = ContentPage(scriptEngine: .subset)
        page.viewport = ContentViewport(width: 390, height: 844)
        page.loadHTMLString("""
            <!doctype html><html><head><style>body{margin:0;font:14px helvetica}
            button{width:140px;height:40px;line-height:45px;border:none} span{position:relative;top:-2px;left:3px}</style></head>
            <body><button><span id="s">Submit</span></button></body></html>
            """, baseURL: nil)
        let layout = page.approximateLayout()
        guard let span = page.document.element(id: "s"), let box = layout.box(of: span),
              let words = layout.textFragments.first(where: { $0.text == "Submit" }) else { return XCTFail("no span or no words") }
        // WebKit: the span's box at y 15 (its line at the button's top, 2 px up), its words inside it.
        XCTAssertEqual(box.y, 15, accuracy: 1.5)
        XCTAssertEqual(words.rect.x, box.x, accuracy: 0.01)
        XCTAssertEqual(words.rect.y + words.rect.height / 2, box.y + box.height / 2, accuracy: 1)
    }
}
