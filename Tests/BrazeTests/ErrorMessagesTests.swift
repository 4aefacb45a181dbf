import XCTest
import Foundation
@testable import BrazeKit
@testable import BrazeUI
import InAppTestSupport

/// What a developer reads when something is wrong: payload errors name the field and what it accepts, and a
/// message presented without a context says why nothing was logged and how to fix it.
final class ErrorMessagesTests: XCTestCase {
    private func message(of json: String) -> String? {
        do { _ = try Braze.InAppMessage(json: Data(json.utf8)); return nil } catch { return error.localizedDescription }
    }

    func test_payloadErrorsNameTheFieldAndWhatItAccepts() throws {
        let cases: [(String, [String])] = [
            (#"{"type": "SLIDEUP", "duration": -5}"#, [#""duration" is -5"#, "milliseconds"]),
            (#"{"type": "SLIDEUP", "message_close": "NEVER"}"#, [#""message_close" is NEVER"#, "AUTO_DISMISS or SWIPE"]),
            (#"{"type": "SLIDEUP", "bg_color": "red"}"#, [#""bg_color""#, "ARGB"]),
            (#"{"type": "MODAL", "btns": [{"id": 1.5, "text": "x"}]}"#, [#""btns[0].id""#, "whole number"]),
            (#"{"type": "MODAL", "btns": ["ok"]}"#, [#""btns[0]""#, "a button object"]),
            (#"{"type": "SLIDEUP", "message": 5}"#, [#""message" is 5"#, "a string"]),
            (#"{"type": "SLIDEUP", "click_action": "URI"}"#, [#"the key "uri" is missing"#, "click action of URI"]),
            (#"{"message": "x"}"#, [#"the key "type" is missing"#]),
            (#"{"type": "CAROUSEL"}"#, [#""type" is "CAROUSEL""#, "SLIDEUP", "HTML_FULL"]),
            ("[1, 2]", ["must be a JSON object"]),
            (#"{"type": 1"#, ["invalid JSON at byte"]),
        ]
        for (json, parts) in cases {
            let text = try XCTUnwrap(message(of: json), json)
            XCTAssertTrue(text.hasPrefix("Braze in-app message payload: "), text)
            XCTAssertFalse(text.contains("error 0"), text)
            for part in parts { XCTAssertTrue(text.contains(part), "\(json): \(text) lacks \(part)") }
        }
        XCTAssertEqual("\(Braze.InAppMessage.PayloadError.missingKey("image_url"))",
                       #"Braze in-app message payload: the key "image_url" is missing (FULL messages and image-only modals need an image)"#)
    }

    func test_aMessageWithoutContextSaysWhyNothingWasLoggedAndHowToFixIt() throws {
        let harness = Harness()
        let braze = Braze(configuration: .init(apiKey: "k", endpoint: "sdk.example.com"))
        let ui = BrazeInAppMessageUI()
        braze.inAppMessagePresenter = ui
        let local = Braze.InAppMessage.slideup(.init(data: .init(id: "local", clickAction: .url(URL(string: "https://example.com")!, useWebView: false)),
                                                      message: "x"))
        ui.present(message: local)
        XCTAssertTrue(ui.simulateTap())
        let errors = harness.trace.events.filter { $0.label == "diagnostic.error" }
        XCTAssertEqual(errors.map { $0.details["error"] }, ["noContextLogImpression", "noContextLogClick", "noContextProcessClickAction"])
        for event in errors {
            let fix = try XCTUnwrap(event.details["fix"])
            XCTAssertTrue(fix.contains("no Braze context") && fix.contains("braze.startSession(campaigns:"), fix)
        }
        XCTAssertEqual(harness.analytics(for: "local"), [])

        // The fix the diagnostic names works: the same message with a context logs its impression and click.
        var withContext = local
        withContext.data.id = "fixed"
        withContext.data.context = .init(message: withContext, using: braze)
        ui.present(message: withContext)
        XCTAssertTrue(ui.simulateTap())
        XCTAssertEqual(harness.analytics(for: "fixed"), ["impression", "click"])
        XCTAssertFalse(harness.trace.events(for: "fixed").contains { $0.label == "diagnostic.error" })
    }

    func test_otherErrorsCarryNoFix() {
        XCTAssertNil(BrazeInAppMessageUI.Error.noMessageView.fixWithoutContext)
        XCTAssertNotNil(BrazeInAppMessageUI.Error.noContextLogClick.fixWithoutContext)
    }
}
