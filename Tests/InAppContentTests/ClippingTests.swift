import Foundation
import XCTest
@testable import InAppContent

/// `overflow` clipping in hit testing and pictures. The points and their elements are WebKitGTK's
/// (`document.elementFromPoint` on the same page).
final class ClippingTests: XCTestCase {
    static let html = """
        <!DOCTYPE html><html><head><style>
        body { margin: 0; }
        #clip { width: 200px; height: 100px; overflow: hidden; background: #eee; }
        #wide { width: 400px; height: 50px; background: #c00; }
        #gone { position: relative; left: 300px; width: 50px; height: 20px; background: #0cc; }
        #escape { position: absolute; left: 250px; top: 60px; width: 60px; height: 30px; background: #0c0; }
        #frame { position: relative; margin-top: 20px; width: 150px; height: 80px; overflow: hidden; border: 5px solid #000; }
        #inner { position: absolute; left: 100px; top: 10px; width: 200px; height: 40px; background: #00c; }
        </style></head><body>
        <div id="clip"><div id="wide"></div><div id="gone"></div><div id="escape"></div></div>
        <div id="frame"><div id="inner"></div></div>
        </body></html>
        """

    func page() -> ContentPage {
        let page = ContentPage()
        page.viewport = ContentViewport(width: 390, height: 844)
        page.loadHTMLString(Self.html, baseURL: nil)
        return page
    }

    func testTapsOutsideAClippingBoxMissWhatItClips() {
        let page = page()
        let expected: [(Double, Double, String)] = [(100, 25, "div#wide"), (300, 25, "body"), (280, 75, "div#escape"),
                                                    (50, 150, "div#frame"), (200, 150, "body"), (158, 150, "div#frame"), (250, 150, "body")]
        for (x, y, name) in expected {
            XCTAssertEqual(LayoutTests.name(page.element(atX: x, y: y)), name, "at (\(x), \(y))")
        }
        XCTAssertEqual(page.evaluate("document.elementFromPoint(300, 25) === document.body"), .success(.bool(true)))
    }

    func testPicturesDropOrClipWhatOverflowHides() throws {
        let page = page()
        let list = page.paintList()
        func item(_ color: PaintColor) -> (index: Int, rect: LayoutRect)? {
            for (i, item) in list.items.enumerated() {
                if case let .box(box, _) = item, box.background == color { return (i, box.rect) }
            }
            return nil
        }
        let wide = try XCTUnwrap(item(PaintColor(red: 0xcc, green: 0, blue: 0)))
        XCTAssertEqual(wide.rect.width, 400, "the item keeps its box")
        XCTAssertEqual(list.clips[wide.index], LayoutRect(x: 0, y: 0, width: 200, height: 100), "and is drawn inside its clip")
        XCTAssertNil(item(PaintColor(red: 0, green: 0xcc, blue: 0xcc)), "wholly outside the clip: not drawn")
        let escape = try XCTUnwrap(item(PaintColor(red: 0, green: 0xcc, blue: 0)))
        XCTAssertNil(list.clips[escape.index], "its containing block is outside the clipping box")
        let inner = try XCTUnwrap(item(PaintColor(red: 0, green: 0, blue: 0xcc)))
        XCTAssertEqual(list.clips[inner.index], LayoutRect(x: 5, y: 125, width: 150, height: 80), "the frame's padding box")
        let grey = try XCTUnwrap(item(PaintColor(red: 0xee, green: 0xee, blue: 0xee)))
        XCTAssertNil(list.clips[grey.index], "a clipping box does not clip itself")
    }
}

/// Absolutely positioned `::before`/`::after` boxes: where WebKitGTK's `elementFromPoint` finds their element, and
/// what the picture draws.
final class PositionedGeneratedBoxTests: XCTestCase {
    static let html = """
        <!DOCTYPE html><html><head><style>
        body { margin: 0; font-family: sans-serif; }
        #card { position: relative; margin: 40px; height: 100px; background: #eee; }
        #card::before { content: ""; position: absolute; top: -10px; right: -10px; width: 24px; height: 24px; background: #c00; border-radius: 12px; }
        #card::after { content: "NEW"; position: absolute; left: 10px; bottom: 10px; padding: 2px 6px; background: #00c; color: #fff; font-size: 12px; }
        #plain { margin: 40px; height: 50px; background: #ddd; }
        #plain::after { content: ""; position: absolute; left: 300px; top: 250px; width: 40px; height: 20px; background: #0c0; }
        </style></head><body><div id="card">Card</div><div id="plain"></div></body></html>
        """

    func testTheyAreWhereTheirInsetsPutThemAndHitTheirElement() throws {
        let page = ContentPage()
        page.viewport = ContentViewport(width: 390, height: 844)
        page.loadHTMLString(Self.html, baseURL: nil)
        let expected: [(Double, Double, String)] = [(356, 46, "div#card"), (335, 35, "html"), (60, 125, "div#card"),
                                                    (320, 260, "div#plain"), (250, 260, "html")]
        for (x, y, name) in expected {
            XCTAssertEqual(LayoutTests.name(page.element(atX: x, y: y)), name, "at (\(x), \(y))")
        }
        let boxes = page.paintList().items.compactMap { item -> (LayoutRect, PaintColor?)? in
            if case let .box(box, _) = item { return (box.rect, box.background) }
            return nil
        }
        let dot = try XCTUnwrap(boxes.first { $0.1 == PaintColor(red: 0xcc, green: 0, blue: 0) })
        XCTAssertEqual(dot.0, LayoutRect(x: 336, y: 30, width: 24, height: 24))
        let badge = try XCTUnwrap(boxes.first { $0.1 == PaintColor(red: 0, green: 0, blue: 0xcc) })
        XCTAssertEqual(badge.0.x, 50)
        XCTAssertEqual(badge.0.y + badge.0.height, 130, "10 px above the card's bottom")
        let green = try XCTUnwrap(boxes.first { $0.1 == PaintColor(red: 0, green: 0xcc, blue: 0) })
        XCTAssertEqual(green.0, LayoutRect(x: 300, y: 250, width: 40, height: 20), "the viewport is its containing block")
    }
}

/// Background images drawn by `background-size` and `background-position` (a 40 × 20 image in 200 × 100 boxes).
final class BackgroundImageTests: XCTestCase {
    static let image = "data:image/gif;base64,R0lGODlhKAAUAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="

    func drawn(_ style: String) throws -> (rect: LayoutRect, clip: LayoutRect?) {
        let page = ContentPage()
        page.viewport = ContentViewport(width: 390, height: 844)
        page.loadHTMLString("<body style=\"margin:0\"><div style=\"width:200px;height:100px;background-image:url('\(Self.image)');\(style)\"></div></body>",
                            baseURL: URL(string: "https://fixtures.openinapp.invalid/background.html"))
        let list = page.paintList()
        for (i, item) in list.items.enumerated() { if case let .image(rect, _, _) = item { return (rect, list.clips[i]) } }
        XCTFail("no image item"); return (LayoutRect(x: 0, y: 0, width: 0, height: 0), nil)
    }

    func testSizeAndPositionPlaceTheImage() throws {
        XCTAssertEqual(try drawn("").rect, LayoutRect(x: 0, y: 0, width: 40, height: 20), "its own size at the top left")
        XCTAssertEqual(try drawn("background-size:cover;background-position:center").rect, LayoutRect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual(try drawn("background-size:contain;background-position:center").rect, LayoutRect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual(try drawn("background-size:100px;background-position:right bottom").rect, LayoutRect(x: 100, y: 50, width: 100, height: 50))
        XCTAssertEqual(try drawn("background-size:80px 40px;background-position:50% 50%").rect, LayoutRect(x: 60, y: 30, width: 80, height: 40))
        XCTAssertEqual(try drawn("background-position:10px 20px").rect, LayoutRect(x: 10, y: 20, width: 40, height: 20))
        let wide = try drawn("background-size:400px auto;background-position:center")
        XCTAssertEqual(wide.rect, LayoutRect(x: -100, y: 0, width: 400, height: 200).offsetY(-50))
        XCTAssertEqual(wide.clip, LayoutRect(x: 0, y: 0, width: 200, height: 100), "clipped to its box")
    }
}

private extension LayoutRect {
    func offsetY(_ dy: Double) -> LayoutRect { LayoutRect(x: x, y: y + dy, width: width, height: height) }
}
