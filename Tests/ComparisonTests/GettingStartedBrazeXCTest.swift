// The XCTest variant of Docs/GettingStarted-Braze.md's tests (copied into the page verbatim;
// ComparisonDocumentTests checks).

// doc:begin gs-braze-xctest
import Foundation
import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
// doc:show @testable import MyMessaging

final class InAppMessagesXCTests: XCTestCase {
    func testTheButtonOpensTheCartInsideTheApp() throws {
        let harness = Harness()                        // first: what is created afterwards lives in its world
        let braze = Braze(configuration: .init(apiKey: "API-KEY", endpoint: "sdk.example.com"))
        let messages = InAppMessages(braze: braze)
        braze.startSession(campaigns: [.init(message: cartReminder(), triggers: [.customEvent("opened_cart")])])

        braze.logCustomEvent(name: "opened_cart")
        XCTAssertTrue(messages.ui.simulateTapButton(id: 0))

        XCTAssertEqual(messages.routedLinks, [URL(string: "myapp://cart")!])
        XCTAssertEqual(harness.analytics(for: "cart-reminder"), ["impression", "click"])
    }

    func testTheMessageClosesItselfAfterEightSeconds() {
        let harness = Harness()
        let braze = Braze(configuration: .init(apiKey: "API-KEY", endpoint: "sdk.example.com"))
        let messages = InAppMessages(braze: braze)
        braze.startSession(campaigns: [.init(message: cartReminder(), triggers: [.customEvent("opened_cart")])])

        braze.logCustomEvent(name: "opened_cart")
        harness.advance(by: 8)
        XCTAssertNil(messages.ui.messageView)
        XCTAssertEqual(harness.states(of: "cart-reminder").last, "dismissed")
    }
}
// doc:end
