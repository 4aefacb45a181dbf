import Foundation
import Testing
import XCTest
import InAppTestSupport
import InAppRendering

/// Pictures of the repository's own messages compared with baselines committed under Tests/Fixtures/Snapshots
/// (recorded with `OPENINAPP_RECORD_SNAPSHOTS=1 swift test --filter PictureBaseline`). A change in the layout, the
/// paint list or the SVG writer that moves a pixel fails here, with the files to look at named in the issue.
enum SnapshotFiles {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let baselines = tests.appendingPathComponent("Fixtures/Snapshots")
    static func baseline(_ name: String) -> String { baselines.appendingPathComponent(name + ".svg").path }

    /// A scripted fixture as an HTML message whose images resolve beside it.
    static func message(_ fixture: String) throws -> InAppMessage {
        let url = tests.appendingPathComponent("Fixtures/Scripted/\(fixture).html")
        return InAppMessage(id: MessageID(rawValue: fixture), content: .html(HTMLContent(html: try String(contentsOf: url, encoding: .utf8), baseURL: url)))
    }
}

@Suite struct PictureBaselineTests {
    @Test(arguments: ["braze-modal", "braze-survey", "adobe-flash-sale", "braze-email-capture"])
    func fixtureMatchesItsBaseline(_ fixture: String) throws {
        #expect(PictureSnapshot.expectMatch(try SnapshotFiles.message(fixture), baseline: SnapshotFiles.baseline(fixture)))
    }

    @Test func darkModeFixtureMatchesItsBaseline() throws {
        let dark = DeviceState(appearance: .dark)
        #expect(PictureSnapshot.expectMatch(try SnapshotFiles.message("braze-dark-mode"), device: dark,
                                            baseline: SnapshotFiles.baseline("braze-dark-mode.dark")))
    }

    @Test func aPageAfterATapMatchesItsBaseline() throws {
        // A live page after the person tapped "Copy": the toast under the card says so (it leaves after 1.8 s).
        let url = SnapshotFiles.tests.appendingPathComponent("Fixtures/Scripted/braze-modal.html")
        let page = ContentPage()
        page.clockOrigin = PictureSnapshot.fixedDate
        page.viewport = ContentViewport(width: 390, height: 844)
        page.bridgeReceiver = { _ in }
        page.loadHTMLString(try String(contentsOf: url, encoding: .utf8), baseURL: url)
        page.advanceTime(by: 0.5)
        _ = try page.tap(selector: "#copy-code")
        let path = SnapshotFiles.baseline("braze-modal.copied")
        try PictureSnapshot.check(page, against: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("aria-label=\"Code WKND25 copied\""), "the toast is in the picture")
    }

    @Test func aChangedPictureFailsAndLeavesADiff() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/braze-modal.svg"
        try FileManager.default.copyItem(atPath: SnapshotFiles.baseline("braze-modal"), toPath: copy)
        var message = try SnapshotFiles.message("braze-modal")
        guard case .html(var html) = message.content else { Issue.record("not HTML"); return }
        html.html = html.html.replacingOccurrences(of: "<body", with: "<body style=\"padding-top: 40px\"")
        message = InAppMessage(id: message.id, content: .html(html))
        let error = #expect(throws: PictureSnapshot.Mismatch.self) {
            try PictureSnapshot.check(message, against: copy, mode: .verify)
        }
        #expect(error?.differingLines ?? 0 > 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/braze-modal.actual.svg"))
        let diff = try String(contentsOfFile: folder + "/braze-modal.diff.svg", encoding: .utf8)
        #expect(diff.contains("mix-blend-mode: difference"))
        if SVGRasterizer.executable != nil {
            #expect(FileManager.default.fileExists(atPath: folder + "/braze-modal.diff.png"))
        }
    }

    @Test func inCIAMissingBaselineIsAnError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).svg").path
        #expect(throws: PictureSnapshot.MissingBaseline.self) {
            try PictureSnapshot.check(try SnapshotFiles.message("braze-modal"), against: path, mode: .verify)
        }
        #expect(!FileManager.default.fileExists(atPath: path), "verify mode records nothing")
    }
}

/// The same API from XCTest: `try` in a throwing test method; a mismatch fails the test with its description.
final class PictureBaselineXCTests: XCTestCase {
    func testAStructuredMessageMatchesItsBaseline() throws {
        XCTAssertEqual(try PictureSnapshot.check(Fixtures.modalTwoButtons(), against: SnapshotFiles.baseline("structured-modal")), .matched)
    }
}
