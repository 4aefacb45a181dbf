import Foundation
import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport

/// `Braze.delegate`'s `braze(_:shouldOpenURL:)`, written as the Braze deep-linking guide writes it: handle one
/// domain, let the SDK open the rest.
final class BrazeDelegateTests: XCTestCase {
    final class URLDelegate: NSObject, BrazeDelegate {
        var contexts: [Braze.URLContext] = []
        func braze(_ braze: Braze, shouldOpenURL context: Braze.URLContext) -> Bool {
            contexts.append(context)
            if context.url.host?.lowercased() == "my-domain.com" {
                return false    // the app routes it
            }
            return true
        }
    }

    func test_theDelegateDecidesWhetherTheSDKOpensAClickedURL() {
        let b = Bench()
        let delegate = URLDelegate()
        b.braze.delegate = delegate
        var message = slideup(action: .url(URL(string: "https://MY-DOMAIN.com/offer")!, useWebView: true))
        message.extras = ["screen": "offer"]
        b.deliver(message, id: "mine")
        XCTAssertTrue(b.ui.simulateTap())
        b.harness.settle()
        XCTAssertEqual(delegate.contexts.map(\.url.absoluteString), ["https://MY-DOMAIN.com/offer"])
        XCTAssertEqual(delegate.contexts.first?.channel, .inAppMessage)
        XCTAssertEqual(delegate.contexts.first?.useWebView, true)
        XCTAssertEqual(delegate.contexts.first?.extras["screen"] as? String, "offer")
        XCTAssertEqual(delegate.contexts.first?.isUniversalLink, false)
        #if canImport(UIKit)
        XCTAssertNil(delegate.contexts.first?.targetScene)
        #endif
        XCTAssertEqual(b.navigations("mine").map(\.name), ["urlHandledByApp"], "the app handles it: nothing opened")
        XCTAssertEqual(b.state("mine"), "dismissed", "the click still closes the message")

        b.deliver(slideup(), id: "other")
        XCTAssertTrue(b.ui.simulateTap())
        b.harness.settle()
        XCTAssertEqual(delegate.contexts.count, 2)
        XCTAssertEqual(b.navigations("other").map(\.name), ["openURL"], "any other URL: the SDK opens it")
    }

    func test_theDelegateIsHeldWeaklyAndItsDefaultOpensTheURL() {
        final class Defaulted: NSObject, BrazeDelegate {}
        let b = Bench()
        var delegate: Defaulted? = Defaulted()
        weak let gone = delegate
        b.braze.delegate = delegate
        b.deliver(slideup(), id: "a")
        XCTAssertTrue(b.ui.simulateTap())
        b.harness.settle()
        XCTAssertEqual(b.harness.callbacks(for: "a").filter { $0.hasPrefix("braze(") }, ["braze(_:shouldOpenURL:)"])
        XCTAssertEqual(b.navigations("a").map(\.name), ["openURL"])
        delegate = nil
        XCTAssertNil(gone)
        XCTAssertNil(b.braze.delegate, "held weakly, as upstream (keep your own reference)")
    }
}
