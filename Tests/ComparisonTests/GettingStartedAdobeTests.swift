// The Swift Testing tests of Docs/GettingStarted-Adobe.md (copied into the page verbatim; ComparisonDocumentTests
// checks). `// doc:show` lines appear in the page without the marker: here the code under test is in this module.

// doc:begin gs-adobe-test
import Foundation
import Testing
import AEPCore
import AEPServices
import AEPMessaging
import WebKit                                          // Linux: OpenInApp's headless WKWebView
import InAppTestSupport
// doc:show @testable import MyMessaging

/// What Adobe Journey Optimizer sends the app: an in-app message whose rule fires on the `opened_cart` action.
let cartOfferRules = #"""
{"propositions": [{
  "id": "proposition-1", "scope": "mobileapp://com.example.shop",
  "scopeDetails": {"activity": {"id": "activity-1"}},
  "items": [{"id": "ruleset-1", "schema": "https://ns.adobe.com/personalization/ruleset-item",
    "data": {"version": 1, "rules": [{
      "condition": {"type": "matcher", "definition": {"key": "action", "matcher": "eq", "values": ["opened_cart"]}},
      "consequences": [{"id": "cart-offer", "type": "schema", "detail": {
        "id": "cart-offer", "schema": "https://ns.adobe.com/personalization/message/in-app",
        "data": {"contentType": "text/html", "content":
          "<h1>10% off today</h1><a id='close' href='adbinapp://dismiss?interaction=closed'>Not now</a>"}}}]
    }]}}]
}]}
"""#

@Suite(.inAppHarness)                                  // every test gets its own world: clock, device, trace
struct OfferMessagesTests {
    let handler = OfferMessages()

    @Test func theOfferShowsWhenTheCartOpensAndItsLinkClosesIt() throws {
        let harness = try #require(Harness.current)
        MobileCore.messagingDelegate = handler         // held weakly: the test keeps `handler`
        try Messaging.loadPropositions(cartOfferRules)

        MobileCore.track(action: "opened_cart", data: nil)  // what the app sends; the rule matches
        harness.settle()                               // shouldShowMessage and onShow run off the main thread
        #expect(handler.shownIDs == ["cart-offer"])

        let page = try #require(handler.displayedMessage?.view as? WKWebView)
        try page.tap(elementID: "close")               // as a person would: the link must be visible
        harness.settle()
        #expect(handler.dismissedIDs == ["cart-offer"])
        #expect(harness.states(inOrder: ["displayed", "dismissed"], of: "cart-offer").holds)
        // What the SDK sent Adobe (autoTrack is on by default): trigger, display, the "closed" interaction, dismissal.
        #expect(EdgeNetwork.current.xdmEventTypes == ["decisioning.propositionTrigger", "decisioning.propositionDisplay",
                                                      "decisioning.propositionInteract", "decisioning.propositionDismiss"])
    }

    @Test func duringCheckoutTheOfferWaitsAndIsShownAfterwards() throws {
        let harness = try #require(Harness.current)
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(cartOfferRules)
        handler.isCheckingOut = true

        MobileCore.track(action: "opened_cart", data: nil)
        harness.settle()
        #expect(handler.shownIDs == [])
        #expect(handler.heldMessage?.id == "cart-offer")

        handler.checkoutFinished()
        harness.settle()
        #expect(handler.shownIDs == ["cart-offer"])
        #expect(harness.callbacks(for: "cart-offer").filter { $0 == "shouldShowMessage" }.count == 1)

        harness.advance(by: 600)                       // ten virtual minutes, at once
        #expect(harness.states(of: "cart-offer").last == "displayed")  // Adobe messages never close by themselves
    }
}
// doc:end
