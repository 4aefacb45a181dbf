import XCTest
import InAppTestSupport
import InAppRendering

final class ContentRendererTests: XCTestCase {
    func testHTMLMessageIsDrawnThroughTheContentModel() throws {
        let picture = try ContentRenderer().render(Fixtures.html(), in: RenderContext(device: DeviceState()))
        XCTAssertEqual(picture.boxes(.header).map(\.text), ["Welcome & hello"])
        XCTAssertEqual(picture.boxes(.body).map(\.text), ["Tap a button."])
        XCTAssertEqual(picture.boxes(.button).map(\.text), ["Accept", "Close", "More"])
        XCTAssertTrue(picture.hidesStatusBar)
        XCTAssertTrue(picture.svg().contains(">Accept</text>"))
    }

    func testHiddenScriptAndStyleContentIsSkippedAndColoursHonoured() throws {
        let html = """
        <body style="background-color:#102030; color:#fff"><style>p{}</style><script>var x = "<p>no</p>";</script>
        <p hidden>secret</p><div style="display:none"><p>gone</p></div><p>shown</p>
        <button style="background:#00ff00;color:black">Go</button></body>
        """
        let m = InAppMessage(id: "h", content: .html(HTMLContent(html: html)))
        let picture = try ContentRenderer().render(m, in: RenderContext(device: DeviceState()))
        XCTAssertEqual(picture.boxes(.body).map(\.text), ["shown"])
        XCTAssertEqual(picture.boxes(.container).first?.fill, try RGBAColor(hex: "102030"))
        XCTAssertEqual(picture.boxes(.body).first?.textColor, .white)
        XCTAssertEqual(picture.boxes(.button).first?.fill, try RGBAColor(hex: "00FF00"))
        XCTAssertEqual(picture.boxes(.button).first?.textColor, .black)
    }

    func testStructuredMessagesFallBackToTheCoreLayout() throws {
        let device = RenderContext(device: DeviceState())
        XCTAssertEqual(try ContentRenderer().render(Fixtures.modalTwoButtons(), in: device),
                       try LayoutRenderer().render(Fixtures.modalTwoButtons(), in: device))
    }

    func testOversizedHTMLIsATypedErrorAndLongContentIsClipped() throws {
        let big = InAppMessage(id: "big", content: .html(HTMLContent(html: String(repeating: "<p>x</p>", count: 20))))
        XCTAssertThrowsError(try ContentRenderer(limits: ContentLimits(maxDocumentBytes: 10)).render(big, in: RenderContext(device: DeviceState()))) {
            guard case RenderError.unsupportedContent = $0 else { return XCTFail("\($0)") }
        }
        let long = InAppMessage(id: "long", content: .html(HTMLContent(html: String(repeating: "<p>line of text</p>", count: 500))))
        let picture = try ContentRenderer().render(long, in: RenderContext(device: DeviceState()))
        XCTAssertLessThan(picture.boxes(.body).count, 500)
        for b in picture.boxes { XCTAssertLessThanOrEqual(b.frame.y + b.frame.height, picture.screen.height) }
    }
}
