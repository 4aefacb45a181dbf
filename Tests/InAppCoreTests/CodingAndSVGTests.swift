import XCTest
import InAppTestSupport

final class CodingAndSVGTests: XCTestCase {
    func testHandWrittenMessageTakesDefaults() throws {
        let json = #"""
        {"id": "m1", "closeBehavior": {"automatic": 4},
         "content": {"structured": {"layout": "modal", "header": "Hi",
           "buttons": [{"id": 0, "text": "OK", "action": {"url": "https://example.com"}}],
           "themes": {"light": {"background": "#102030"}}}}}
        """#
        let m = try JSONDecoder().decode(InAppMessage.self, from: Data(json.utf8))
        XCTAssertEqual(m.id, "m1")
        XCTAssertEqual(m.closeBehavior, .automatic(after: 4))
        XCTAssertEqual(m.supportedOrientations, .any)
        XCTAssertEqual(m.priority, 0)
        let c = try XCTUnwrap(m.content.structured)
        XCTAssertEqual(c.buttons.first?.action, .url(URL(string: "https://example.com")!, inWebView: false))
        XCTAssertEqual(c.themes.light.background, try RGBAColor(hex: "102030"))
        XCTAssertEqual(c.themes.light.text, Theme.defaultLight.text)
        XCTAssertNil(c.themes.dark)
    }

    func testBadMessagesAreTypedErrors() {
        let bad = [
            #"{"id": "x"}"#,                                                            // no content
            #"{"id": "x", "content": {}}"#,                                              // neither kind
            #"{"id": "x", "content": {"structured": {"layout": "banner"}}}"#,             // unknown layout
            #"{"id": "x", "closeBehavior": {"automatic": -1}, "content": {"html": {"html": ""}}}"#,
            ##"{"id": "x", "content": {"structured": {"layout": "modal", "themes": {"light": {"text": "#GG0000"}}}}}"##,
            #"{"id": "x", "content": {"structured": {"layout": "modal", "clickAction": "sometimes"}}}"#,
            "[]", "", "\u{0}",
        ]
        for text in bad {
            XCTAssertThrowsError(try JSONDecoder().decode(InAppMessage.self, from: Data(text.utf8)), text) {
                XCTAssertTrue($0 is DecodingError, "\(text): \($0)")
            }
        }
    }

    func testSVGShowsTextButtonsAndColours() throws {
        let picture = try LayoutRenderer().render(Fixtures.modalTwoButtons(), in: RenderContext(device: DeviceState()))
        let svg = picture.svg()
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.contains(">Two buttons</text>"))
        XCTAssertTrue(svg.contains(">Cancel</text>"))
        XCTAssertTrue(svg.contains(">OK</text>"))
        XCTAssertTrue(svg.contains(ButtonTheme.defaultLight.background.hexRGB))
        XCTAssertEqual(svg, picture.svg(), "deterministic")
        var escaped = Fixtures.modal(header: "<b>&\"")
        escaped.id = "e"
        XCTAssertTrue(try LayoutRenderer().render(escaped, in: RenderContext(device: DeviceState())).svg()
            .contains("&lt;b&gt;&amp;&quot;"))
    }

    func testEveryKindFitsOnScreenInBothOrientations() throws {
        for orientation in [DeviceOrientation.portrait, .landscapeLeft] {
            for m in Fixtures.all {
                let out = try LayoutRenderer().render(m, in: RenderContext(device: DeviceState(orientation: orientation)))
                for box in out.boxes {
                    XCTAssertGreaterThanOrEqual(box.frame.y, 0, "\(m.id) \(box.role) \(orientation)")
                    XCTAssertLessThanOrEqual(box.frame.y + box.frame.height, out.screen.height + 0.001,
                                             "\(m.id) \(box.role) \(orientation)")
                }
            }
        }
    }
}
