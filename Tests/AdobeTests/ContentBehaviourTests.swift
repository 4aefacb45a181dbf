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

/// adobe.md §5 F–I: URL loading and the adbinapp grammar, script handlers, fit-to-content, gestures, backdrop.
final class ContentBehaviourTests: AdobeTestCase {

    // MARK: F. URL loading

    func test_F25_everyNavigationAsksTheListenerUrlLoadedOnlyWhenConsumed() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let listener = RecordingListener()
        let message = try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: "<p>x</p>", listener: listener, isLocalImageUsed: false) as? FullscreenMessage)
        message.show(); XCTAssertTrue(harness.settle())
        XCTAssertEqual(listener.names.filter { $0.hasPrefix("overrideUrlLoad") }.count, 1, "the initial load asks too")
        let view = try XCTUnwrap(message.webView as? WKWebView)
        view.evaluateJavaScript("window.location = 'https://example.com/a'", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(view.url?.absoluteString, "https://example.com/a", "allowed: the web view navigated")
        XCTAssertEqual(delegate.loadedURLs, [])
        listener.allowURLs = false
        view.evaluateJavaScript("window.location = 'https://example.com/b'", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(view.url?.absoluteString, "https://example.com/a", "cancelled")
        XCTAssertEqual(delegate.loadedURLs.map(\.absoluteString), ["https://example.com/b"])
        XCTAssertEqual(delegate.all.last?.onMain, true)

        // without a listener: allowed, urlLoaded never called
        message.dismiss(); XCTAssertTrue(harness.settle())
        let bare = try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: "<p>y</p>", listener: nil, isLocalImageUsed: false) as? FullscreenMessage)
        bare.show(); XCTAssertTrue(harness.settle())
        let bareView = try XCTUnwrap(bare.webView as? WKWebView)
        bareView.evaluateJavaScript("window.location = 'adbinapp://dismiss'", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.loadedURLs.count, 1)
        XCTAssertEqual(bare.service.engine.state(of: bare.id), .displayed)
    }

    func test_F26_messagingOverrideUrlLoadReturnValues() throws {
        let message = try makeMessage()
        let fullscreen = try XCTUnwrap(message.fullscreenMessage)
        XCTAssertTrue(message.overrideUrlLoad(message: fullscreen, url: nil))
        XCTAssertTrue(message.overrideUrlLoad(message: fullscreen, url: "https://www.adobe.com/"))
        XCTAssertTrue(message.overrideUrlLoad(message: fullscreen, url: "not a url with spaces"))
        XCTAssertFalse(message.overrideUrlLoad(message: fullscreen, url: "adbinapp://anything?x=1"))
        XCTAssertFalse(message.overrideUrlLoad(message: fullscreen, url: "adbinapp://dismiss?interaction=testing&link=https://www.adobe.com/"))
        XCTAssertEqual(log.edgeEvents.map(\.interaction), ["testing"])
        XCTAssertEqual(UIApplication.shared.openedURLs.map(\.absoluteString), ["https://www.adobe.com/"])
    }

    func test_F27_interactionTrackedEvenWithAutoTrackOff() throws {
        let message = try makeMessage()
        message.autoTrack = false
        showAndSettle(message)
        navigate(message, to: "adbinapp://dismiss?interaction=closed")
        XCTAssertEqual(log.edgeEventTypes(for: "abc"), [.interact])
        XCTAssertEqual(log.edgeEvents.first?.interaction, "closed")
        XCTAssertEqual(log.historyRecords.map(\.eventType), [.display, .interact, .dismiss])
        XCTAssertEqual(state(message), .dismissed)
        XCTAssertEqual(harness.analytics(for: "abc"), ["history.display", "edge.interact", "history.interact", "history.dismiss"])
    }

    func test_F27_bareDismissDismissesWithoutTrackingAnInteraction() throws {
        let message = try makeMessage()
        showAndSettle(message)
        navigate(message, to: "adbinapp://dismiss")
        XCTAssertFalse(log.edgeEventTypes(for: "abc").contains(.interact))
        XCTAssertEqual(state(message), .dismissed)
    }

    func test_F27_linkIsPercentDecodedAgainAndOpened() throws {
        let message = try makeMessage()
        showAndSettle(message)
        navigate(message, to: "adbinapp://dismiss?interaction=go&link=bos%3A%2F%2Fpal%3Fsport%3D3%26team%3Dceltics")
        XCTAssertEqual(UIApplication.shared.openedURLs.map(\.absoluteString), ["bos://pal?sport=3&team=celtics"])
        XCTAssertEqual(state(message), .dismissed)
    }

    func test_F27_rawAmpersandSplitsTheLinkAndOtherHostsDoNotDismiss() throws {
        let message = try makeMessage()
        showAndSettle(message)
        navigate(message, to: "adbinapp://foo?interaction=x&link=bos://pal?sport=3&team=celtics")
        XCTAssertEqual(UIApplication.shared.openedURLs.map(\.absoluteString), ["bos://pal?sport=3"], "team became its own param")
        XCTAssertEqual(log.edgeEventTypes(for: "abc"), [.display, .interact])
        XCTAssertEqual(state(message), .displayed, "only the dismiss host dismisses")
    }

    func test_F27_animateSetsTheDismissAnimationOnlyForDismiss() throws {
        let message = try makeMessage()
        let fullscreen = try XCTUnwrap(message.fullscreenMessage)
        showAndSettle(message)
        _ = message.overrideUrlLoad(message: fullscreen, url: "adbinapp://foo?animate=left")
        XCTAssertNil(fullscreen.settings?.dismissAnimation, "ignored for other hosts (bare settings: nil)")
        _ = message.overrideUrlLoad(message: fullscreen, url: "adbinapp://dismiss?animate=left")
        XCTAssertEqual(fullscreen.settings?.dismissAnimation, .left)
        _ = message.overrideUrlLoad(message: fullscreen, url: "adbinapp://dismiss?animate=notarealanimation")
        XCTAssertEqual(fullscreen.settings?.dismissAnimation, MessageAnimation.none)
        _ = message.overrideUrlLoad(message: fullscreen, url: "adbinapp://dismiss?animate=")
        XCTAssertEqual(fullscreen.settings?.dismissAnimation, MessageAnimation.none)
        XCTAssertTrue(harness.settle())
        XCTAssertFalse(log.edgeEventTypes(for: "abc").contains(.interact))
    }

    func test_F27_queryParamMapRules() {
        XCTAssertEqual(URL(string: "adbinapp://dismiss?param=")!.queryParamMap(), ["param": ""])
        XCTAssertEqual(URL(string: "adbinapp://dismiss?link=bos://pal?sport=3")!.queryParamMap(), ["link": "bos://pal?sport=3"])
        XCTAssertEqual(URL(string: "adbinapp://dismiss?link=bos://pal?sport=3&team=celtics")!.queryParamMap(),
                       ["link": "bos://pal?sport=3", "team": "celtics"])
        XCTAssertEqual(URL(string: "adbinapp://dismiss?link=a%26b")!.queryParamMap(), ["link": "a&b"])
        XCTAssertEqual(URL(string: "adbinapp://dismiss?a=1&a=2&p=x+y")!.queryParamMap(), ["a": "2", "p": "x+y"])
        XCTAssertEqual(URL(string: "adbinapp://dismiss")!.queryParamMap(), [:])
    }

    func test_F27_handlerWithoutParentStillAnswersButDoesNothing() throws {
        let listenerMessage = try makeMessage()
        let orphan = try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: "<p/>", listener: nil, isLocalImageUsed: false) as? FullscreenMessage)
        XCTAssertFalse(listenerMessage.overrideUrlLoad(message: orphan, url: "adbinapp://dismiss?interaction=x&link=https://a.b"))
        XCTAssertTrue(listenerMessage.overrideUrlLoad(message: orphan, url: "https://a.b"))
        listenerMessage.onShow(message: orphan)
        listenerMessage.onError(message: orphan, error: PresentationError(showFailure: "Conflict"))
        listenerMessage.onDismiss(message: orphan)
        XCTAssertEqual(log.edgeEvents, [])
        XCTAssertEqual(log.historyRecords, [])
        XCTAssertEqual(UIApplication.shared.openedURLs, [])
    }

    // MARK: G. Script handlers

    func test_F29_firstHandlerWinsAndLateRegistrationReachesTheLiveWebView() throws {
        let message = try makeMessage()
        showAndSettle(message)
        var calls: [String] = []
        message.handleJavascriptMessage("late") { _ in calls.append("first") }
        message.handleJavascriptMessage("late") { _ in calls.append("second") }
        XCTAssertEqual(message.fullscreenMessage?.scriptHandlerNames, [], "registered on a later main-queue turn")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(message.fullscreenMessage?.scriptHandlerNames, ["late"])
        webView(of: message)?.evaluateJavaScript("window.webkit.messageHandlers.late.postMessage('x')", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(calls, ["first"])
        // a Message without a full-screen message does nothing
        ServiceProvider.shared.uiService = ForeignUIService()
        let foreign = Message(id: "foreign", html: "<p/>")
        foreign.handleJavascriptMessage("x") { _ in calls.append("foreign") }
        foreign.show()
        XCTAssertTrue(harness.settle())
        XCTAssertNil(foreign.view)
        XCTAssertEqual(calls, ["first"])
    }

    func test_F30_bodiesArriveAsPostedOnMainUnknownNamesIgnored() throws {
        let message = try makeMessage()
        showAndSettle(message)
        var bodies: [String] = []
        var onMain: [Bool] = []
        message.handleJavascriptMessage("h") { body in
            onMain.append(Thread.isMainThread)
            switch body {
            case let s as String: bodies.append("string \(s)")
            case let n as NSNumber: bodies.append("number \(n)")
            case let d as [String: Any]: bodies.append("object \(d.keys.sorted())")
            default: bodies.append("other")
            }
        }
        XCTAssertTrue(harness.settle())   // the handler is registered on a later main-queue turn
        let view = webView(of: message)
        view?.evaluateJavaScript("window.webkit.messageHandlers.h.postMessage('content')", completionHandler: nil)
        view?.evaluateJavaScript("window.webkit.messageHandlers.h.postMessage(42)", completionHandler: nil)
        view?.evaluateJavaScript(#"window.webkit.messageHandlers.h.postMessage({"a": 1})"#, completionHandler: nil)
        view?.evaluateJavaScript("window.webkit.messageHandlers.nobody.postMessage('x')", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(bodies, ["string content", "number 42", "object [\"a\"]"])
        XCTAssertEqual(onMain, [true, true, true])
    }

    // MARK: H. fitToContent

    func test_F32_F33_fitToContentHandlerAndHeight() throws {
        let message = try makeMessage(mobileParameters: #"{"fitToContent": true, "uiTakeover": false}"#)
        showAndSettle(message)
        let fullscreen = try XCTUnwrap(message.fullscreenMessage)
        XCTAssertEqual(fullscreen.scriptHandlerNames, ["inAppContentHeightHandler"])
        let view = try XCTUnwrap(webView(of: message))
        XCTAssertEqual(view.frame.height, 844)
        for ignored in ["'-1.0'", "'not a number'", "100"] {  // the last is a number, not a String
            view.evaluateJavaScript("window.webkit.messageHandlers.inAppContentHeightHandler.postMessage(\(ignored))", completionHandler: nil)
        }
        XCTAssertTrue(harness.settle())
        XCTAssertNil(fullscreen.fitToContentHeight)
        view.evaluateJavaScript("window.webkit.messageHandlers.inAppContentHeightHandler.postMessage('200.0')", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(fullscreen.fitToContentHeight, 200)
        XCTAssertEqual(view.frame.height, 200)
        XCTAssertEqual(view.frame.origin.y, (844 - 200) / 2)
        view.evaluateJavaScript("window.webkit.messageHandlers.inAppContentHeightHandler.postMessage('5000')", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(view.frame.height, 844, "capped at the screen height")
    }

    // MARK: I. Gestures and backdrop

    func test_F35_gestureLoadsItsUrlThroughTheUrlFlow() throws {
        let message = try makeMessage(mobileParameters:
            #"{"gestures": {"swipeUp": "adbinapp://dismiss?interaction=swipeUp", "bogus": "adbinapp://x"}}"#)
        let fullscreen = try XCTUnwrap(message.fullscreenMessage)
        XCTAssertEqual(fullscreen.settings?.gestures?.count, 1, "unknown gesture names are dropped")
        showAndSettle(message)
        let view = try XCTUnwrap(webView(of: message))
        XCTAssertFalse(view.scrollView.isScrollEnabled, "gestures disable scrolling")
        view.swipe(.down)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(state(message), .displayed, "no URL for that gesture")
        view.swipe(.up)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(state(message), .dismissed)
        XCTAssertEqual(log.edgeEvents.first { $0.eventType == .interact }?.interaction, "swipeUp")
    }

    func test_F37_uiTakeoverBackdropCoversTheWindowInTheBackdropColour() throws {
        // The backdrop exists only on the animated display path (see EdgeBehaviourTests for the default path).
        let message = try makeMessage(mobileParameters:
            #"{"uiTakeover": true, "displayAnimation": "bottom", "backdropColor": "000000", "backdropOpacity": 0.3, "width": 80, "height": 50}"#)
        showAndSettle(message)
        let view = try XCTUnwrap(webView(of: message))
        let backdrop = try XCTUnwrap(view.superview)
        XCTAssertEqual(backdrop.frame, CGRect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(backdrop.backgroundColor, message.fullscreenMessage?.settings?.getBackgroundColor())
        XCTAssertEqual(backdrop.backgroundColor, UIColor(red: 0, green: 0, blue: 0, alpha: 0.3))
        XCTAssertTrue(backdrop.superview is UIWindow)

        message.dismiss(); XCTAssertTrue(harness.settle())
        let plain = try makeMessage(itemId: "plain", mobileParameters: #"{"uiTakeover": false}"#)
        showAndSettle(plain)
        XCTAssertTrue(webView(of: plain)?.superview is UIWindow, "no backdrop without uiTakeover")
    }
}

/// A UI service that does not produce `FullscreenMessage`s (upstream: such Messages have no full-screen message).
final class ForeignUIService: UIService {
    final class Presentable: FullscreenPresentable {
        func show() {}
        func dismiss() {}
    }
    func createFullscreenMessage(payload: String, listener: (any FullscreenMessageDelegate)?,
                                 isLocalImageUsed: Bool) -> any FullscreenPresentable { Presentable() }
}
