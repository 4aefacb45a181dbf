import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport

/// Braze.logCustomEvent / logPurchase feed the core delivery engine, whose choices reach the presenter.
final class DeliveryWiringTests: XCTestCase {
    func test_customEventTriggersTheCampaignMessageWithAContext() {
        let b = Bench()
        var message = modal()
        message.data.id = "welcome"
        b.braze.startSession(campaigns: [.init(message: message, triggers: [.customEvent("signed_up")])])
        XCTAssertNil(b.ui.messageView)
        b.braze.logCustomEvent(name: "signed_up")
        XCTAssertEqual(b.ui.presentationContext?.message.modal?.header, "Header")
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "welcome")
        XCTAssertNotNil(b.ui.presentationContext?.message.context)
        XCTAssertEqual(b.harness.analytics(for: "welcome"), ["impression"])
    }

    func test_propertyFiltersAndPurchasesAndPriority() {
        let b = Bench()
        b.braze.configuration.triggerMinimumTimeInterval = 0
        let b2 = Braze(configuration: b.braze.configuration)
        b2.inAppMessagePresenter = b.ui
        var pro = slideup(); pro.data.id = "pro"
        var low = slideup(); low.data.id = "low"
        var high = slideup(); high.data.id = "high"
        var bought = modal(); bought.data.id = "bought"
        b2.startSession(campaigns: [
            .init(message: pro, triggers: [.customEvent("upgrade", filters: [.equals("plan", .string("pro"))])]),
            .init(message: low, triggers: [.customEvent("tie")], priority: 1),
            .init(message: high, triggers: [.customEvent("tie")], priority: 5),
            .init(message: bought, triggers: [.purchase(productID: "sku", filters: [])]),
        ])
        b2.logCustomEvent(name: "upgrade", properties: ["plan": "basic"])
        XCTAssertNil(b.ui.messageView)
        b2.logCustomEvent(name: "upgrade", properties: ["plan": "pro"])
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "pro")
        b.ui.dismiss()
        b2.logCustomEvent(name: "tie")
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "high")
        b.ui.dismiss()
        b2.logPurchase(productId: "sku", currency: "USD", price: 3)
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "bought")
    }

    func test_triggerMinimumTimeIntervalRateLimitsOnTheVirtualClock() {
        let b = Bench()
        var first = slideup(); first.data.id = "first"
        var second = slideup(); second.data.id = "second"
        b.braze.startSession(campaigns: [.init(message: first, triggers: [.customEvent("a")]),
                                         .init(message: second, triggers: [.customEvent("b")])])
        b.braze.logCustomEvent(name: "a")
        b.ui.dismiss()
        b.harness.advance(by: 10)
        b.braze.logCustomEvent(name: "b")
        XCTAssertNil(b.ui.messageView, "within 30 s of the last triggered display")
        XCTAssertTrue(b.harness.labels().contains("delivery.rateLimited"))
        b.harness.advance(by: 25)
        b.braze.logCustomEvent(name: "b")
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "second")
    }

    func test_coreCampaignsReachTheBrazeUIAsBrazeMessages() {
        let b = Bench()
        b.braze.deliveryEngine.startSession(with: [Campaign(message: Fixtures.modalTwoButtons(), triggers: [.sessionStart])])
        let modal = b.ui.presentationContext?.message.modal
        XCTAssertEqual(modal?.header, "Two buttons")
        XCTAssertEqual(modal?.buttons.map(\.id), [0, 1])
        XCTAssertEqual(modal?.buttons[1].clickAction, .url(Fixtures.clickURL, useWebView: false))
        b.ui.simulateTapButton(at: 1)
        XCTAssertEqual(b.harness.analytics(for: "modalTwoButtons"), ["impression", "click"])
    }

    func test_changeUserInvalidatesMessagesTriggeredForThePreviousUser() {
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.choice = { _ in .reenqueue }
        b.ui.delegate = delegate
        var m = slideup(); m.data.id = "m"
        b.braze.startSession(campaigns: [.init(message: m, triggers: [.customEvent("go")])])
        b.braze.logCustomEvent(name: "go")
        XCTAssertEqual(b.ui.stack.count, 1)
        b.braze.changeUser(userId: "next")
        XCTAssertEqual(b.ui.stack.count, 0)
    }
}
