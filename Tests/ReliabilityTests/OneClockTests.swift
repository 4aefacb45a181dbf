import XCTest
import Foundation
import InAppTestSupport
import InAppContent
import InAppRendering
import AEPCore
@testable import AEPServices
@testable import BrazeKit
@testable import BrazeUI
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// A message's page runs its timers on the environment's clock: under a harness, `harness.advance(by:)` fires a page
/// timer due at 1.5 s at 1.5 s (trace time 1.5), before an auto-close due at 5 s, in every vendor path.
final class OneClockTests: XCTestCase {
    override func tearDown() {
        ServiceProvider.shared.messagingDelegate = nil
        ServiceProvider.shared.resetAppOnlyServices()
        super.tearDown()
    }

    private func requireJavaScriptCore() throws {
        if !ScriptEngines.isJavaScriptCoreAvailable { throw XCTSkip("JavaScriptCore is not installed: \(ScriptEngines.availability)") }
    }

    /// Braze HTML through `BrazeInAppMessageUI`: the page's 1.5 s timer clicks and closes at 1.5, before the 5 s
    /// auto-close; `performance.now()` in the timer reads 1500.
    func testBrazeHTMLPageTimerFiresAtItsTimeBeforeTheAutoClose() throws {
        try requireJavaScriptCore()
        let h = Harness()
        let braze = Braze(configuration: Braze.Configuration(apiKey: "k", endpoint: "e"))
        let ui = BrazeInAppMessageUI()
        braze.inAppMessagePresenter = ui
        var message = Braze.InAppMessage.html(.init(message: """
        <p>Offer</p><script>
        setTimeout(() => { brazeBridge.logClick(String(Math.round(performance.now()))); brazeBridge.closeMessage() }, 1500)
        </script>
        """))
        message.data.id = "h"
        message.data.messageClose = .auto(5)
        message.data.context = Braze.InAppMessage.Context(message: message, using: braze)
        ui.present(message: message)
        h.settle()
        XCTAssertEqual(h.trace.events(for: "h").last { $0.name == "autoCloseScheduled" }?.details["after"], "5.0")

        h.advance(by: 10)
        let click = try XCTUnwrap(h.trace.events(for: "h").first { $0.kind == .analytics && $0.name == "click" })
        XCTAssertEqual(click.time, 1.5)
        XCTAssertEqual(click.details["buttonId"], "1500", "performance.now() reads the shared clock")
        let dismissed = try XCTUnwrap(h.trace.events(for: "h").first { $0.kind == .state && $0.name == "dismissed" })
        XCTAssertEqual(dismissed.time, 1.5)
        XCTAssertNotEqual(dismissed.details["cause"], "timeout")
        XCTAssertEqual(h.now, 10)
    }

    /// Adobe `FullscreenMessage` HTML: the page's 1.5 s timer navigates to `adbinapp://dismiss` at 1.5, before an
    /// engine timer at 5 s on the same clock.
    func testAdobeFullscreenPageTimerFiresAtItsTime() throws {
        try requireJavaScriptCore()
        let h = Harness(device: DeviceState(statusBarHeight: 0))
        let order = Locked<[String]>([])
        final class Listener: FullscreenMessageDelegate, @unchecked Sendable {
            let record: (String) -> Void
            init(_ record: @escaping (String) -> Void) { self.record = record }
            func onShow(message: FullscreenMessage) {}
            func onDismiss(message: FullscreenMessage) {}
            func overrideUrlLoad(message: FullscreenMessage, url: String?) -> Bool {
                if url?.hasPrefix("adbinapp:") == true { record(url ?? "") }
                return true
            }
            func onShowFailure() {}
        }
        let listener = Listener { [h] url in order.withLock { $0.append("\(url) at \(h.now)") } }
        let message = try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: "<p>hi</p><script>setTimeout(() => { location.href = 'adbinapp://dismiss?t=' + Date.now() % 100000 }, 1500)</script>",
            listener: listener, isLocalImageUsed: false) as? FullscreenMessage)
        message.show()
        h.settle()
        h.clock.schedule(after: 5) { order.withLock { $0.append("engine timer at 5.0") } }
        h.advance(by: 10)
        let lines = order.snapshot
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.first?.hasPrefix("adbinapp://dismiss?t=") == true && lines.first?.hasSuffix(" at 1.5") == true, "\(lines)")
        XCTAssertEqual(lines.last, "engine timer at 5.0")
    }

    /// The core: `ContentPresenter` keeps the displayed HTML message's page on the engine's clock; its 1.5 s timer's
    /// bridge call is traced at 1.5 and dismisses before the 5 s auto-close.
    func testCorePageTimerFiresAtItsTimeBeforeTheAutoClose() throws {
        try requireJavaScriptCore()
        let h = Harness()
        let engine = PresentationEngine<InAppMessage>(environment: h.environment)
        let pages = ContentPresenter(engine: engine)
        engine.present(InAppMessage(id: "c", content: .html(HTMLContent(html: """
        <p>Offer</p><script>setTimeout(() => { brazeBridge.logClick('t'); brazeBridge.closeMessage() }, 1500)</script>
        """)), closeBehavior: .automatic(after: 5)))
        h.settle()
        XCTAssertNotNil(pages.page, "the displayed message has its page")
        XCTAssertEqual(pages.page?.pendingTimerCount, 1)
        h.advance(by: 10)
        let calls = h.trace.events(for: "c").filter { $0.name == "bridgeCall" }
        XCTAssertEqual(calls.map { $0.details["method"] }, ["logClick", "closeMessage"])
        XCTAssertEqual(calls.map(\.time), [1.5, 1.5])
        let dismissed = try XCTUnwrap(h.trace.events(for: "c").first { $0.kind == .state && $0.name == "dismissed" })
        XCTAssertEqual(dismissed.time, 1.5)
        XCTAssertEqual(dismissed.details["cause"], "user")
        XCTAssertNil(pages.page(for: "c"), "the page goes with the display")
        XCTAssertEqual(h.states(of: "c").filter { $0 == "dismissed" }.count, 1, "the auto-close did not fire after")
    }

    /// Without a harness step, a page that shares the clock fires nothing; `page.advanceTime(by:)` on it moves the
    /// shared clock (everything on it), and `Date.now()` moves with it.
    func testAdvanceTimeOnASharedPageMovesTheSharedClock() throws {
        try requireJavaScriptCore()
        let h = Harness()
        let page = ContentPage()
        page.clock = h.environment.contentClock
        page.loadHTMLString("<script>var t0 = Date.now(), fired = []; setTimeout(() => fired.push(performance.now()), 1500)</script>", baseURL: nil)
        let engineFired = Locked<TimeInterval?>(nil)
        h.clock.schedule(after: 1) { engineFired.withLock { $0 = h.now } }
        page.advanceTime(by: 2)
        XCTAssertEqual(h.now, 2)
        XCTAssertEqual(engineFired.snapshot, 1)
        XCTAssertEqual(page.evaluate("fired.join()"), .success(.string("1500")))
        XCTAssertEqual(page.evaluate("Date.now() - t0"), .success(.number(2000)))
        h.advance(by: 1)
        XCTAssertEqual(page.evaluate("performance.now()"), .success(.number(3000)))
    }
}
