import XCTest
import Foundation
import InAppCore
import InAppTestSupport
import AEPCore
@testable import AEPServices
@testable import AEPMessaging
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// Ownership (no Message ⇄ FullscreenMessage leak), custom UI services, Android spellings, link taps.
final class LifecycleAndSpellingTests: AdobeTestCase {

    // MARK: Leaks (deinit counting through weak references)

    func test_shownAndDismissedMessageAndWebViewAreFreed() throws {
        weak var weakMessage: Message?
        weak var weakFullscreen: FullscreenMessage?
        weak var weakView: UIView?
        do {
            try Messaging.loadPropositions(propositionJSON())
            let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
            XCTAssertTrue(harness.settle())
            weakMessage = message
            weakFullscreen = message.fullscreenMessage
            weakView = message.view
            XCTAssertNotNil(weakView)
            message.dismiss()
            XCTAssertTrue(harness.settle())
        }
        XCTAssertTrue(harness.settle())
        XCTAssertNil(weakView, "web view freed")
        XCTAssertNil(weakFullscreen, "FullscreenMessage freed")
        XCTAssertNil(weakMessage, "Message freed")
    }

    func test_displayedMessageStaysAliveWithoutAppReferencesUntilDismissed() throws {
        weak var weakMessage: Message?
        var view: WKWebView?
        do {
            try Messaging.loadPropositions(propositionJSON())
            let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
            XCTAssertTrue(harness.settle())
            weakMessage = message
            view = message.view as? WKWebView
        }
        XCTAssertNotNil(weakMessage, "on screen: kept alive by the presentation")
        XCTAssertNotNil(weakMessage?.fullscreenMessage?.parent)
        try view?.tap(elementID: "close")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(log.edgeEventTypes(for: "abc"), [.trigger, .display, .interact, .dismiss], "content dismissal still tracked")
        XCTAssertNil(weakMessage, "freed once dismissed")
        view = nil
    }

    func test_suppressedMessageNobodyKeepsIsFreedOneTheAppKeepsStaysUsable() throws {
        let delegate = RecordingDelegate()
        delegate.allow = false
        MobileCore.messagingDelegate = delegate
        weak var dropped: Message?
        do {
            try Messaging.loadPropositions(propositionJSON(itemId: "dropped"))
            dropped = Messaging.showMessage(forItem: "dropped")
            XCTAssertTrue(harness.settle())
        }
        XCTAssertNil(dropped)
        try Messaging.loadPropositions(propositionJSON(itemId: "kept"))
        let kept = try XCTUnwrap(Messaging.showMessage(forItem: "kept"))
        XCTAssertTrue(harness.settle())
        kept.show()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(state(kept), .displayed)
        XCTAssertTrue(kept.fullscreenMessage?.parent === kept)
    }

    func test_aStoredFullscreenMessageKeepsItsListenerWhenNotTheParent() throws {
        weak var weakListener: RecordingListener?
        let fullscreen: FullscreenMessage
        do {
            let listener = RecordingListener()
            weakListener = listener
            fullscreen = try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
                payload: "<p/>", listener: listener, isLocalImageUsed: false) as? FullscreenMessage)
        }
        fullscreen.show(); XCTAssertTrue(harness.settle())
        fullscreen.dismiss(); XCTAssertTrue(harness.settle())
        XCTAssertNotNil(weakListener, "a standalone listener stays strong (fact 3)")
    }

    // MARK: Custom UI service (§2.9)

    func test_customUIServiceWithoutFullscreenMessagesMakesUICallsNoOps() {
        ServiceProvider.shared.uiService = ForeignUIService()
        XCTAssertTrue(ServiceProvider.shared.uiService is ForeignUIService)
        let message = Message(id: "x", html: "<p/>")
        XCTAssertNil(message.fullscreenMessage)
        message.show(); message.dismiss()
        XCTAssertTrue(harness.settle())
        XCTAssertNil(message.view)
        XCTAssertEqual(harness.trace.events.filter { $0.kind == .state }.count, 0)
    }

    // MARK: Android spellings

    func test_androidDelegateSpellingsShareTheSlotAndHoldStrongly() {
        do {
            MobileCore.setMessagingDelegate(RecordingDelegate())
        }
        XCTAssertNotNil(MobileCore.getMessagingDelegate(), "Android spelling holds strongly")
        XCTAssertTrue(ServiceProvider.getInstance() === ServiceProvider.shared)
        let d = RecordingDelegate()
        ServiceProvider.getInstance().setMessageDelegate(d)
        XCTAssertTrue(ServiceProvider.shared.getMessageDelegate() === d)
        XCTAssertTrue(ServiceProvider.shared.messageDelegate === d)
        XCTAssertTrue(ServiceProvider.shared.messagingDelegate === d)
        ServiceProvider.shared.messageDelegate = nil
        XCTAssertNil(ServiceProvider.shared.messagingDelegate)
        do {
            MobileCore.messagingDelegate = RecordingDelegate()
        }
        XCTAssertNil(ServiceProvider.shared.messagingDelegate, "iOS spelling holds weakly")
    }

    func test_androidMessageAndFullscreenSpellings() throws {
        let message = try makeMessage()
        XCTAssertEqual(message.getId(), "abc")
        XCTAssertTrue(message.getAutoTrack())
        message.setAutoTrack(false)
        XCTAssertFalse(message.autoTrack)
        message.setAutoTrack(true)
        var strings: [String?] = []
        message.handleJavascriptMessage("s", { strings.append($0) })
        let fullscreen = try XCTUnwrap(message.fullscreenMessage)
        fullscreen.show(false)
        XCTAssertTrue(harness.settle())
        XCTAssertTrue(message.getWebView() === message.view)
        XCTAssertTrue(message.webView === message.view)
        XCTAssertTrue(fullscreen.getWebView() === fullscreen.webView)
        XCTAssertTrue(fullscreen.getParent() as? Message === message)
        XCTAssertTrue(fullscreen.getMessageSettings() === fullscreen.settings)
        XCTAssertTrue(fullscreen.messageSettings === fullscreen.settings)
        message.evaluateJavascript("webkit.messageHandlers.s.postMessage(7)")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(strings, ["7"])
        message.track("a", .interact)
        XCTAssertEqual(log.edgeEvents.last?.interaction, "a")
        fullscreen.openUrl("https://example.com/x")
        XCTAssertEqual(UIApplication.shared.openedURLs.last?.absoluteString, "https://example.com/x")
        let replacement = MessageSettings(parent: message).setUiTakeover(false)
        fullscreen.setMessageSetting(replacement)
        XCTAssertTrue(fullscreen.settings === replacement)
        message.dismiss(true)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(state(message), .dismissed)
        XCTAssertEqual(log.edgeEventTypes(for: "abc").filter { $0 == .dismiss }.count, 1, "suppressed: only the listener's")
    }

    func test_trailingClosureHandlerPicksTheIOSMethod() throws {
        let message = try makeMessage()
        var bodies: [Any?] = []
        message.handleJavascriptMessage("n") { body in bodies.append(body) }
        showAndSettle(message)
        webView(of: message)?.evaluateJavaScript("webkit.messageHandlers.n.postMessage(5)", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(bodies.first as? NSNumber, 5, "the body arrives as posted (a number), not as a String")
    }

    // MARK: Link taps and urlLoaded ordering

    func test_linkTapGoesThroughOverrideUrlLoadAndUrlLoadedComesBeforeOnDismiss() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let message = try makeMessage()
        showAndSettle(message)
        try XCTUnwrap(message.view as? WKWebView).tap(elementID: "close")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["onShow", "urlLoaded", "onDismiss"])
        XCTAssertEqual(delegate.loadedURLs.map(\.absoluteString), ["adbinapp://dismiss?interaction=closed"])
        XCTAssertEqual(log.edgeEvents.first { $0.eventType == .interact }?.interaction, "closed")
    }

    func test_F36_tapBackgroundGestureOnlyReachableAsARightSwipe() throws {
        let message = try makeMessage(mobileParameters:
            #"{"displayAnimation": "fade", "gestures": {"tapBackground": "adbinapp://dismiss?interaction=bg"}}"#)
        showAndSettle(message)
        let view = try XCTUnwrap(webView(of: message))
        view.tapBackground()   // a backdrop tap (animated takeover: there is a backdrop) is a plain dismiss, not the gesture URL
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(state(message), .dismissed)
        XCTAssertEqual(log.edgeEvents.filter { $0.eventType == .interact }.map(\.interaction), [])

        let swiped = try makeMessage(itemId: "swiped",
                                     mobileParameters: #"{"uiTakeover": false, "gestures": {"tapBackground": "adbinapp://dismiss?interaction=bg"}}"#)
        showAndSettle(swiped)
        let swipedView = try XCTUnwrap(webView(of: swiped))
        swipedView.tapBackground()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(state(swiped), .displayed, "no backdrop without uiTakeover")
        swipedView.swipe(.right)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(log.edgeEvents.first { $0.eventType == .interact }?.interaction, "bg")
    }
}
