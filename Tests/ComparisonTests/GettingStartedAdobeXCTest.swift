// The XCTest variant of Docs/GettingStarted-Adobe.md's tests (copied into the page verbatim;
// ComparisonDocumentTests checks).

// doc:begin gs-adobe-xctest
import Foundation
import XCTest
import AEPCore
import AEPServices
import AEPMessaging
import WebKit
import InAppTestSupport
// doc:show @testable import MyMessaging

final class OfferMessagesXCTests: XCTestCase {
    func testTheOfferShowsWhenTheCartOpensAndItsLinkClosesIt() throws {
        let harness = Harness()                        // first: what is created afterwards lives in its world
        let handler = OfferMessages()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(cartOfferRules)

        MobileCore.track(action: "opened_cart", data: nil)
        harness.settle()
        XCTAssertEqual(handler.shownIDs, ["cart-offer"])

        let page = try XCTUnwrap(handler.displayedMessage?.view as? WKWebView)
        try page.tap(elementID: "close")
        harness.settle()
        XCTAssertEqual(handler.dismissedIDs, ["cart-offer"])
        XCTAssertEqual(harness.states(of: "cart-offer").last, "dismissed")
    }
}
// doc:end
