import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
#if canImport(UIKit)
import UIKit
#endif

/// braze.md §4 (HTML link conventions and the brazeBridge interface) and §5.6 (HTML clicks).
final class HtmlTests: XCTestCase {
    private func url(_ s: String) -> URL { URL(string: s)! }

    func test_4_2_abButtonIdLogsAButtonClickAndOpensHttpInTheWebView() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        b.deliver(html(), id: "h")
        XCTAssertTrue(b.ui.simulateLink(url("https://example.com/offer?abButtonId=0")))
        XCTAssertEqual(b.trace.events(for: "h").filter { $0.kind == .analytics && $0.name == "click" }.map { $0.details["buttonId"] }, ["0"])
        XCTAssertEqual(delegate.processed.first?.1, "0")
        XCTAssertEqual(delegate.processed.first?.0, .url(url("https://example.com/offer?abButtonId=0"), useWebView: true))
        XCTAssertEqual(b.navigations("h").map(\.name), ["navigation", "openURLInWebView"])
        XCTAssertEqual(b.state("h"), "dismissed")
    }

    func test_4_2_linkWithoutButtonIdLogsABodyClickOnlyForLegacyOrAutomaticBodyClicks() {
        let b = Bench()
        b.deliver(html(), id: "modern")
        b.ui.simulateLink(url("https://example.com/a"))
        XCTAssertEqual(b.harness.analytics(for: "modern"), ["impression"])
        XCTAssertEqual(b.state("modern"), "dismissed")
        b.deliver(html(legacy: true), id: "legacy")
        b.ui.simulateLink(url("https://example.com/a"))
        XCTAssertEqual(b.harness.analytics(for: "legacy"), ["impression", "click"])
        let delegate = RecordingDelegate()
        delegate.prepare = { $0.attributes?.html?.automaticBodyClicks = true }
        b.ui.delegate = delegate
        b.deliver(html(), id: "automatic")
        b.ui.simulateLink(url("https://example.com/a"))
        XCTAssertEqual(b.harness.analytics(for: "automatic"), ["impression", "click"])
    }

    func test_4_2_invalidButtonIdIsRejected() {
        let b = Bench()
        b.deliver(html(), id: "h")
        b.ui.simulateLink(url("https://example.com/?abButtonId=2"))
        XCTAssertEqual(b.harness.analytics(for: "h"), ["impression"])
        XCTAssertEqual(b.errors("h"), ["webViewQuery(\"invalidButtonId(2)\")"])
    }

    func test_4_2_externalOpenAndDeepLinkOpenOutsideTheWebView() {
        let b = Bench()
        for (id, link) in [("external", "https://example.com/x?abExternalOpen=true"), ("deep", "https://example.com/y?abDeepLink=true"),
                           ("scheme", "myapp://home")] {
            b.deliver(html(), id: id)
            b.ui.simulateLink(url(link))
            XCTAssertEqual(b.navigations(id).last?.name, "openURL", id)
            XCTAssertTrue(UIApplication.shared.openedURLs.contains(url(link)), id)
            XCTAssertEqual(b.state(id), "dismissed", id)
        }
    }

    func test_4_2_appboyCloseDismissesWithoutAClick() {
        let b = Bench()
        b.deliver(html(), id: "h")
        b.ui.simulateLink(url("appboy://close"))
        XCTAssertEqual(b.state("h"), "dismissed")
        XCTAssertEqual(b.harness.analytics(for: "h"), ["impression"])
    }

    func test_4_2_appboyCustomEventLogsTheEventAndKeepsTheMessage() {
        let b = Bench()
        let forwarded = Locked<[String]>([])
        b.braze.triggerEventSink = { _, event in
            if case .customEvent(let name, let props) = event { forwarded.withLock { $0.append("\(name) \(JSONValue.object(props))") } }
        }
        b.deliver(html(), id: "h")
        b.ui.simulateLink(url("appboy://customEvent?name=signup&plan=pro"))
        XCTAssertEqual(forwarded.snapshot, ["signup {\"plan\":\"pro\"}"])
        XCTAssertEqual(b.state("h"), "displayed")
        b.ui.simulateLink(url("appboy://customEvent?plan=pro"))
        XCTAssertEqual(b.errors("h").last, "webViewScheme(\"invalidCustomEvent(appboy://customEvent?plan=pro)\")")
    }

    func test_4_2_transientOpenKeepsTheMessage() {
        let b = Bench()
        b.deliver(html(), id: "h")
        b.ui.simulateLink(url("https://example.com/terms"), isTransientOpen: true)
        XCTAssertEqual(b.state("h"), "displayed")
        XCTAssertEqual(b.navigations("h").last?.name, "openURLInWebView")
        b.ui.simulateLink(url("myapp://x"), isTransientOpen: true)
        XCTAssertEqual(b.state("h"), "dismissed", "app schemes are never transient")
    }

    func test_4_1_bridgeCloseMessageAndLogClick() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        b.deliver(html(), id: "h")
        b.ui.simulateBridgeCall("brazeBridge.logClick")
        b.ui.simulateBridgeCall("brazeBridge.logClick", arguments: ["1"])
        b.ui.simulateBridgeCall("appboyBridge.logClick", arguments: ["custom_name"])
        b.ui.simulateBridgeCall("brazeBridge.logClick", arguments: [.array([])])
        let clicks = b.trace.events(for: "h").filter { $0.kind == .analytics && $0.name == "click" }
        XCTAssertEqual(clicks.map { $0.details["buttonId"] ?? "body" }, ["body", "1", "custom_name"])
        XCTAssertEqual(b.errors("h").count, 1, "an array is not a button id")
        XCTAssertEqual(delegate.processed.count, 0, "programmatic logClick does not call shouldProcess")
        XCTAssertEqual(b.state("h"), "displayed")
        b.ui.simulateBridgeCall("brazeBridge.closeMessage")
        XCTAssertEqual(b.state("h"), "dismissed")
    }

    func test_4_1_bridgeEventsPurchasesAndChangeUserReachTheSDK() {
        let b = Bench()
        b.deliver(html(), id: "h")
        b.ui.simulateBridgeCall("brazeBridge.logCustomEvent", arguments: ["viewed", ["screen": "home"]])
        b.ui.simulateBridgeCall("brazeBridge.logPurchase", arguments: ["sku-1", 9.99, "EUR", 2])
        b.ui.simulateBridgeCall("brazeBridge.logPurchase", arguments: ["sku-1", "free"])
        let delivery = b.trace.events.filter { $0.kind == .delivery }
        XCTAssertEqual(delivery.first { $0.name == "logCustomEvent" }?.details["properties"], "{\"screen\":\"home\"}")
        let purchase = delivery.first { $0.name == "logPurchase" }
        XCTAssertEqual(purchase?.details["currency"], "EUR")
        XCTAssertEqual(purchase?.details["quantity"], "2")
        XCTAssertEqual(delivery.filter { $0.name == "logPurchase" }.count, 1, "a non-numeric price is rejected")
        b.ui.simulateBridgeCall("brazeBridge.changeUser", arguments: ["carol"])
        XCTAssertEqual(b.braze.user.id, "carol")
        XCTAssertNil(b.ui.messageView, "changing user drops the message, as for any changeUser")
    }

    func test_4_htmlViewAnimationDurations() {
        XCTAssertEqual(BrazeInAppMessageUI.HtmlView(message: .init(legacy: true)).animationDuration, 0.4)
        XCTAssertEqual(BrazeInAppMessageUI.HtmlView(message: .init(legacy: false)).animationDuration, 0.25)
        var a = BrazeInAppMessageUI.HtmlView.Attributes()
        a.animation = .slide
        XCTAssertEqual(BrazeInAppMessageUI.HtmlView(message: .init(), attributes: a).animationDuration, 0.4)
    }
}
