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

/// Pictures of HTML messages drawn from the content model's layout (`ContentRenderer.picture`), as a person would
/// check them: what the stylesheet hides is not drawn, fields are, a modal card is centred, actions side by side.
final class HTMLPictureTests: XCTestCase {
    static let page = """
        <style>
          * { box-sizing: border-box; }
          body { margin: 0; font-family: helvetica, arial, sans-serif; }
          .overlay { position: fixed; inset: 0; display: flex; background: rgba(0, 0, 0, .7); }
          .card { margin: auto; width: 300px; padding: 20px; background: #fff; border-radius: 8px; }
          .desktop-only { display: none !important; }
          .desktop-only.wide { display: block; }
          .actions { display: flex; justify-content: space-between; }
          .btn { width: 120px; padding: 10px; background: #0099AE; color: #fff; border: 0; }
          .close { position: absolute; top: 10px; right: 10px; width: 30px; height: 30px; }
        </style>
        <div class="overlay"><div class="card" style="position: relative">
          <button class="close">x</button>
          <h1>Join us</h1>
          <p class="desktop-only wide">Only on wide screens</p>
          <input type="email" placeholder="you@example.com"> <input type="checkbox" checked>
          <select><option>Monthly</option><option selected>Weekly</option></select>
          <div class="actions"><button class="btn">Later</button><button class="btn">Sign up</button></div>
        </div></div>
        """

    func picture() throws -> (svg: String, boxes: RenderedMessage) {
        let message = InAppMessage(id: "p", content: .html(HTMLContent(html: Self.page)))
        let context = RenderContext(device: DeviceState())
        return (try ContentRenderer().picture(message, in: context), try ContentRenderer().render(message, in: context))
    }

    func testTheStylesheetDecidesWhatIsDrawn() throws {
        let (svg, _) = try picture()
        XCTAssertFalse(svg.contains("Only on wide screens"), "display: none !important from a <style> rule wins")
        XCTAssertTrue(svg.contains("aria-label=\"Join us\""))
        XCTAssertTrue(svg.contains("aria-label=\"you@example.com\""), "the field's placeholder is drawn")
        XCTAssertTrue(svg.contains("aria-label=\"Weekly\""), "a select shows its selected option")
        XCTAssertFalse(svg.contains("aria-label=\"Monthly\""))
        XCTAssertTrue(svg.contains("<path d=\"M"), "the checked box has its tick")
        XCTAssertTrue(svg.contains("fill=\"#0099AE\""), "the buttons' background colour")
        XCTAssertTrue(svg.contains("fill=\"#000000\" fill-opacity=\"0.70\""), "the dimmed overlay")
    }

    func testTheCardIsCentredAndTheActionsSitSideBySide() throws {
        let (_, rendered) = try picture()
        let screen = rendered.screen
        let buttons = rendered.boxes(.button)
        let later = try XCTUnwrap(buttons.first { $0.text == "Later" }), signUp = try XCTUnwrap(buttons.first { $0.text == "Sign up" })
        XCTAssertEqual(later.frame.y, signUp.frame.y, "one row")
        XCTAssertEqual(later.frame.width, 120)
        XCTAssertLessThan(later.frame.x + later.frame.width, signUp.frame.x)
        // The card is 300 px wide, centred by its auto margins: its content starts 20 px inside it.
        XCTAssertEqual(later.frame.x, (screen.width - 300) / 2 + 20, accuracy: 0.5)
        XCTAssertEqual(signUp.frame.x + signUp.frame.width, (screen.width + 300) / 2 - 20, accuracy: 0.5)
        let close = try XCTUnwrap(buttons.first { $0.text == "x" })
        XCTAssertEqual(close.frame.x + close.frame.width, (screen.width + 300) / 2 - 10, accuracy: 0.5, "pinned to the card's corner")
        XCTAssertEqual(rendered.boxes(.header).first?.text, "Join us")
    }

    func testStructuredMessagesKeepTheCoresDrawing() throws {
        let context = RenderContext(device: DeviceState())
        XCTAssertEqual(try ContentRenderer().picture(Fixtures.modalTwoButtons(), in: context),
                       try LayoutRenderer().render(Fixtures.modalTwoButtons(), in: context).svg())
    }

    func testAPNGComesFromRsvgConvertWhenInstalled() throws {
        guard SVGRasterizer.executable != nil else { throw XCTSkip("rsvg-convert is not installed") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("picture-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SVGRasterizer.writePNG(try picture().svg, to: path)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }
}

/// Snapshot tests of pictures: recorded once, matched after, a changed message gives a mismatch with files to look at.
final class PictureSnapshotTests: XCTestCase {
    func testRecordThenMatchThenMismatchWithADiff() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/modal.svg"
        let html = InAppMessage(id: "s", content: .html(HTMLContent(html: "<body style='background:#fff'><h1>Hello</h1><button>OK</button></body>")))
        XCTAssertEqual(try PictureSnapshot.check(html, against: path, mode: .recordMissing), .recorded(path: path))
        XCTAssertEqual(try PictureSnapshot.check(html, against: path, mode: .recordMissing), .matched, "the same message draws the same bytes")
        XCTAssertEqual(try PictureSnapshot.check(Fixtures.modalTwoButtons(), against: folder + "/structured.svg", mode: .recordMissing), .recorded(path: folder + "/structured.svg"))
        XCTAssertEqual(try PictureSnapshot.check(Fixtures.modalTwoButtons(), against: folder + "/structured.svg", mode: .recordMissing), .matched)
        let changed = InAppMessage(id: "s", content: .html(HTMLContent(html: "<body style='background:#fff'><h1>Hello!</h1><button>OK</button></body>")))
        XCTAssertThrowsError(try PictureSnapshot.check(changed, against: path, mode: .recordMissing)) { error in
            guard let mismatch = error as? PictureSnapshot.Mismatch else { return XCTFail("\(error)") }
            XCTAssertTrue(mismatch.firstDifference.actual.contains("aria-label=\"Hello!\""), mismatch.description)
            XCTAssertTrue(FileManager.default.fileExists(atPath: mismatch.actual))
            XCTAssertTrue((try? String(contentsOfFile: mismatch.diff, encoding: .utf8))?.contains("<image") ?? false)
        }
    }
}
