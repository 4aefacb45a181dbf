import XCTest
import Foundation
import AEPMessaging
import InAppTestSupport

/// `Messaging.loadPropositions` errors read as one line naming where the JSON is wrong (not "error 0").
final class PropositionErrorMessageTests: XCTestCase {
    private func message(_ json: String) -> String? {
        _ = Harness()
        do { try Messaging.loadPropositions(json); return nil } catch { return error.localizedDescription }
    }

    func test_loadErrorsNameWhereAndWhat() throws {
        XCTAssertEqual(message(#"{"propositions": 3}"#), #"Adobe propositions: "propositions" should be an array"#)
        XCTAssertEqual(message("42"), "Adobe propositions: the top level should be an object or array")
        let notJSON = try XCTUnwrap(message(#"{"propositions": ["#))
        XCTAssertTrue(notJSON.hasPrefix("Adobe propositions: invalid JSON at byte"), notJSON)
        let shape = try XCTUnwrap(message(#"{"hello": "world"}"#))
        XCTAssertTrue(shape.hasPrefix("Adobe propositions: the top level should be an Edge response"), shape)
        XCTAssertEqual(MessagingPropositionError.missingField(path: "propositions[0].id").localizedDescription,
                       #"Adobe propositions: the required field "propositions[0].id" is missing"#)
    }
}
