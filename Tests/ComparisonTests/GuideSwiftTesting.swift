import Testing
import Foundation
import InAppTestSupport
import BrazeKit
import BrazeUI

// The Swift Testing examples of Docs/Testing.md (copied into the page verbatim; ComparisonDocumentTests checks).

// doc:begin testing-parallel
@Test(arguments: 0..<100)                             // a hundred cases at once, each in its own world
func everyCaseSeesOnlyItsOwnMessage(i: Int) {
    let harness = Harness()                           // current for this test case only
    let engine = PresentationEngine<InAppMessage>(environment: harness.environment)
    engine.present(Fixtures.modal(id: "promo-\(i)"))
    #expect(harness.states(inOrder: ["received", "displayed"], of: "promo-\(i)").holds)
    #expect(harness.trace.events.allSatisfy { $0.messageID == nil || $0.messageID == "promo-\(i)" })
}
// doc:end

/// A failed order check says what is missing and prints the trace around it.
@Test(.inAppHarness)
func aFailedOrderCheckDescribesTheTrace() {
    let harness = Harness.current!
    let engine = PresentationEngine<InAppMessage>(environment: harness.environment)
    engine.present(Fixtures.slideup(id: "s", close: .automatic(after: 5)))
    let order = harness.states(inOrder: ["displayed", "dismissed"], of: "s")
    #expect(!order.holds)
    #expect(order.firstMissing == "dismissed")
    #expect(order.description.contains("missing \"dismissed\" after \"displayed\""))
    #expect(order.description.contains("trace excerpt:"))
    #expect(order.description.contains("state.displayed s"))
    harness.advance(by: 5)
    #expect(harness.states(inOrder: ["displayed", "dismissed"], of: "s").holds)
    #expect(harness.analytics(inOrder: [], for: "s").holds)
    #expect(!harness.labels(inOrder: ["state.dismissed", "state.displayed"], for: "s").holds)
}

/// Interpolated ids, property values and JSON strings.
@Test func identifiersAcceptInterpolation() {
    let i = 7
    let id: MessageID = "promo-\(i)"
    #expect(id == MessageID("promo-7"))
    let value: EventPropertyValue = "sku-\(i)"
    #expect(value == .string("sku-7"))
    let json: JSONValue = ["name": "user-\(i)"]
    #expect(json == .object(["name": .string("user-7")]))
}
