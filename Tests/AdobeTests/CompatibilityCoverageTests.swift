import XCTest
import Foundation
import InAppCore
import InAppTestSupport
import AEPCore
import AEPServices
import AEPMessaging
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// Tests for Adobe symbols in Compatibility/status/adobe-*.tsv that no behaviour test exercised directly:
/// the protocol spellings, the Android `show(_:)` flag, animations, every gesture, the optional
/// `createFullscreenMessage` and optional-requirement defaults, and `parent` once a message is idle.
/// Public API only; the harness from `AdobeTestCase` supplies the virtual clock.
final class CompatibilityCoverageTests: AdobeTestCase {

    private func fullscreen(_ listener: (any FullscreenMessageDelegate)? = nil, payload: String = "<p>hi</p>",
                            settings: MessageSettings? = nil) throws -> FullscreenMessage {
        try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: payload, listener: listener, isLocalImageUsed: false, settings: settings) as? FullscreenMessage)
    }

    private var animationEvents: [TraceEvent] { harness.trace.events.filter { $0.kind == .timer && $0.name == "animation" } }

    // MARK: Showable, Dismissible, FullscreenPresentable

    func test_protocolSpellingsShowUnderDelegateControlAndDismiss() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let listener = RecordingListener()
        let presentable: any FullscreenPresentable = ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: "<p>hi</p>", listener: listener, isLocalImageUsed: false)
        let concrete = try XCTUnwrap(presentable as? FullscreenMessage)

        let showable: any Showable = presentable
        showable.show()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"], "Showable.show() asks the delegate")
        XCTAssertNotNil(concrete.webView?.superview, "on screen")

        let dismissible: any Dismissible = presentable
        dismissible.dismiss()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow", "onDismiss"])
        XCTAssertEqual(listener.names.filter { $0 == "onShow" || $0 == "onDismiss" }, ["onShow", "onDismiss"])
        XCTAssertNil(concrete.webView, "dismissal releases the web view")
    }

    // MARK: Android FullscreenMessage.show(boolean)

    func test_androidShowFlagChoosesWhetherTheDelegateIsAsked() throws {
        let delegate = RecordingDelegate()
        delegate.allow = false
        MobileCore.messagingDelegate = delegate
        let message = try fullscreen()
        message.show(true)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage"])
        XCTAssertNil(message.webView?.superview, "refused by the delegate")
        message.show(false)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"], "not asked, but told")
        XCTAssertNotNil(message.webView?.superview)
    }

    // MARK: MessageAnimation (instant, traced)

    func test_everyAnimationCompletesAtOnceAndIsTraced() throws {
        let listener = RecordingListener()
        let animations: [MessageAnimation] = [.left, .right, .top, .bottom, .center, .fade]
        let start = harness.now
        for (index, animation) in animations.enumerated() {
            let settings = MessageSettings().setWidth(80).setHeight(50)
                .setDisplayAnimation(animation).setDismissAnimation(animation)
            let message = try fullscreen(listener, settings: settings)
            message.show()
            XCTAssertTrue(harness.settle())
            let view = try XCTUnwrap(message.webView)
            XCTAssertEqual(view.frame, CGRect(x: 39, y: 211, width: 312, height: 422), "\(animation): at its visible frame at once")
            XCTAssertEqual(view.alpha, 1, "\(animation)")
            message.dismiss()
            XCTAssertTrue(harness.settle())
            XCTAssertNil(view.superview, "\(animation): removed at once")
            XCTAssertEqual(listener.names.filter { $0 == "onDismiss" }.count, index + 1, "\(animation): onDismiss without waiting")
            let traced = animationEvents.suffix(2)
            XCTAssertEqual(traced.map { $0.details["phase"] }, ["display", "dismiss"])
            XCTAssertEqual(traced.map { $0.details["animation"] }, ["\(animation)", "\(animation)"])
            XCTAssertEqual(traced.map { $0.details["duration"] }, ["0 (upstream 0.3)", "0 (upstream 0.3)"])
        }
        XCTAssertEqual(harness.now, start, "no virtual time passes for any animation")
    }

    // MARK: MessageGesture (each gesture, and tapBackground as a right swipe)

    func test_eachSwipeLoadsItsOwnURLAndTapBackgroundStandsInForSwipeRight() throws {
        let url = { (name: String) in URL(string: "https://example.com/\(name)")! }
        let listener = RecordingListener()
        let all = try fullscreen(listener, settings: MessageSettings().setUiTakeover(false).setGestures([
            .swipeUp: url("up"), .swipeDown: url("down"), .swipeLeft: url("left"), .swipeRight: url("right"),
            .tapBackground: url("background")]))
        all.show()
        XCTAssertTrue(harness.settle())
        let view = try XCTUnwrap(all.webView as? WKWebView)
        XCTAssertFalse(view.scrollView.isScrollEnabled, "gestures turn scrolling off")
        listener.allowURLs = false   // keep the page; each gesture URL still reaches the listener
        view.swipe(.up); view.swipe(.down); view.swipe(.left); view.swipe(.right)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(listener.names.filter { $0.hasPrefix("overrideUrlLoad https://example.com/") }, [
            "overrideUrlLoad https://example.com/up", "overrideUrlLoad https://example.com/down",
            "overrideUrlLoad https://example.com/left", "overrideUrlLoad https://example.com/right"])
        all.dismiss()
        XCTAssertTrue(harness.settle())

        let backgroundOnly = RecordingListener()
        let tap = try fullscreen(backgroundOnly, settings: MessageSettings().setUiTakeover(false)
            .setGestures([.tapBackground: url("background")]))
        tap.show()
        XCTAssertTrue(harness.settle())
        backgroundOnly.allowURLs = false
        let tapView = try XCTUnwrap(tap.webView as? WKWebView)
        tapView.swipe(.up)
        tapView.swipe(.right)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(backgroundOnly.names.filter { $0.hasPrefix("overrideUrlLoad https://example.com/") },
                       ["overrideUrlLoad https://example.com/background"], "only a right swipe reaches tapBackground")
    }

    // MARK: UIService's optional four-argument createFullscreenMessage

    func test_aServiceWithOnlyTheThreeArgumentCreateGivesMessagesAFullscreenMessageWithoutSettings() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let service = ThreeArgumentUIService(forwardingTo: ServiceProvider.shared.uiService)
        ServiceProvider.shared.uiService = service
        let message = Message(id: "custom", html: "<p>custom</p>", mobileParameters: ["width": 50, "uiTakeover": false])
        XCTAssertEqual(service.created, 1, "the four-argument call fell through to the three-argument one")
        message.show()
        XCTAssertTrue(harness.settle())
        let view = try XCTUnwrap(message.view, "upstream the message would have no full-screen message and never show")
        XCTAssertNotNil(view.superview)
        XCTAssertEqual(view.frame.width, 390, "the settings (width 50%) were not passed on")
        XCTAssertEqual(delegate.all.map(\.messageID), [nil], "no settings, so the full-screen message has no parent")
    }

    // MARK: Optional requirements (no-op defaults)

    func test_optionalRequirementsLeftOutFallBackToNoOps() throws {
        let delegate = RequiredOnlyDelegate()
        MobileCore.messagingDelegate = delegate
        let listener = RequiredOnlyListener()
        let first = try fullscreen(listener), second = try fullscreen(listener)
        first.show()
        XCTAssertTrue(harness.settle())
        second.show()
        XCTAssertTrue(harness.settle())
        let view = try XCTUnwrap(first.webView as? WKWebView)
        view.evaluateJavaScript("window.location = 'adbinapp://consumed'", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(listener.names, ["onShow", "onShowFailure"], "the conflict reaches the required onShowFailure")
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"], "the second show conflicts before the delegate is asked")
        let called = harness.trace.events.filter { $0.kind == .callback }.map(\.name)
        XCTAssertTrue(called.contains("listener.webViewDidFinishInitialLoading"), "default ran")
        XCTAssertTrue(called.contains("listener.onError"), "default ran")
        XCTAssertTrue(called.contains("urlLoaded"), "default ran for the consumed URL")
        XCTAssertNotNil(first.webView?.superview, "still displayed")
    }

    // MARK: Initial load timing (headless loads are synchronous)

    func test_initialLoadFinishesBeforeTheDelegateIsAsked() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let listener = RecordingListener()
        let message = try fullscreen(listener)
        message.show()
        XCTAssertTrue(harness.settle())
        let called = harness.trace.events.filter { $0.kind == .callback }.map(\.name)
        let finished = try XCTUnwrap(called.firstIndex(of: "listener.webViewDidFinishInitialLoading"))
        let asked = try XCTUnwrap(called.firstIndex(of: "shouldShowMessage"))
        XCTAssertLessThan(finished, asked, "upstream the load usually finishes after the delegate was asked")
        XCTAssertEqual(listener.names.filter { $0 == "webViewDidFinishInitialLoading" }.count, 1)
    }

    // MARK: parent once the message is idle (no Message ⇄ FullscreenMessage leak)

    func test_aFullscreenMessageKeptWithoutItsMessageLosesItsParentOnceIdle() throws {
        let delegate = RecordingDelegate()
        var kept: FullscreenMessage?
        delegate.onShouldShow = { kept = $0 }
        MobileCore.messagingDelegate = delegate
        try Messaging.loadPropositions(propositionJSON())
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        let fullscreen = try XCTUnwrap(kept)
        XCTAssertEqual(fullscreen.parent?.id, "abc", "displayed: the parent is held")
        XCTAssertEqual((fullscreen.getParent() as? Message)?.id, "abc")
        XCTAssertEqual((fullscreen.settings?.parent as? Message)?.id, "abc")
        fullscreen.dismiss()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(log.edgeEventTypes(for: "abc"), [.trigger, .display, .dismiss])
        XCTAssertNil(fullscreen.parent, "idle and unreferenced: the Message was freed (upstream it leaks)")
        XCTAssertNil(fullscreen.getParent())
        XCTAssertNil(fullscreen.settings?.parent)
    }
}

/// A custom UI service that implements only the required three-argument `createFullscreenMessage` and hands
/// the work to another service.
private final class ThreeArgumentUIService: UIService {
    let inner: any UIService
    private(set) var created = 0
    init(forwardingTo inner: any UIService) { self.inner = inner }
    func createFullscreenMessage(payload: String, listener: (any FullscreenMessageDelegate)?,
                                 isLocalImageUsed: Bool) -> any FullscreenPresentable {
        created += 1
        return inner.createFullscreenMessage(payload: payload, listener: listener, isLocalImageUsed: isLocalImageUsed)
    }
}

/// A messaging delegate with only the required members.
private final class RequiredOnlyDelegate: MessagingDelegate, @unchecked Sendable {
    private let calls = Locked([String]())
    var names: [String] { calls.snapshot }
    func onShow(message: any Showable) { calls.withLock { $0.append("onShow") } }
    func onDismiss(message: any Showable) { calls.withLock { $0.append("onDismiss") } }
    func shouldShowMessage(message: any Showable) -> Bool { calls.withLock { $0.append("shouldShowMessage") }; return true }
}

/// A full-screen listener with only the required members; it consumes `adbinapp` URLs.
private final class RequiredOnlyListener: FullscreenMessageDelegate, @unchecked Sendable {
    private let calls = Locked([String]())
    var names: [String] { calls.snapshot }
    func onShow(message: FullscreenMessage) { calls.withLock { $0.append("onShow") } }
    func onDismiss(message: FullscreenMessage) { calls.withLock { $0.append("onDismiss") } }
    func overrideUrlLoad(message: FullscreenMessage, url: String?) -> Bool { !(url ?? "").hasPrefix("adbinapp:") }
    func onShowFailure() { calls.withLock { $0.append("onShowFailure") } }
}
