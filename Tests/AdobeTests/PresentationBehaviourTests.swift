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

/// adobe.md §5 A–E: delegate slot, show pipeline, one-at-a-time monitor, failures, dismiss vs hide.
final class PresentationBehaviourTests: AdobeTestCase {

    private func bareMessage(_ listener: (any FullscreenMessageDelegate)?, payload: String = "<p>hi</p>",
                             settings: MessageSettings? = nil) throws -> FullscreenMessage {
        try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: payload, listener: listener, isLocalImageUsed: false, settings: settings) as? FullscreenMessage)
    }

    // MARK: A. Delegate registration

    func test_F01_oneWeakSlotSharedByMobileCoreAndServiceProvider() {
        var delegate: RecordingDelegate? = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        XCTAssertTrue(ServiceProvider.shared.messagingDelegate === delegate)
        XCTAssertTrue(MobileCore.getMessagingDelegate() === delegate)
        weak let weakDelegate = delegate
        delegate = nil
        XCTAssertNil(weakDelegate, "the slot does not keep the delegate alive")
        XCTAssertNil(ServiceProvider.shared.messagingDelegate)
    }

    func test_F02_delegateReadAfreshAtEachCallback() throws {
        let first = RecordingDelegate(), second = RecordingDelegate()
        MobileCore.messagingDelegate = first
        let message = try makeMessage()
        showAndSettle(message)
        MobileCore.messagingDelegate = second
        message.dismiss()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(first.names, ["onShow"])
        XCTAssertEqual(second.names, ["onDismiss"])
    }

    func test_F03_listenerIsStrongAndFixedAtCreation() throws {
        var listener: RecordingListener? = RecordingListener()
        weak let weakListener = listener
        let message = try bareMessage(listener)
        let recorded = listener!
        listener = nil
        XCTAssertNotNil(weakListener, "the full-screen message keeps its listener")
        message.show()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(recorded.names.filter { !$0.hasPrefix("overrideUrlLoad") && $0 != "webViewDidFinishInitialLoading" }, ["onShow"])
    }

    // MARK: B. show pipeline

    func test_F04_fullscreenShowUsesDelegateControl() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let message = try bareMessage(nil)
        message.show()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"])
    }

    func test_F05_messageShowBypassesShouldShowMessage() throws {
        let delegate = RecordingDelegate()
        delegate.allow = false
        MobileCore.messagingDelegate = delegate
        let message = try makeMessage()
        showAndSettle(message)
        XCTAssertEqual(delegate.names, ["onShow"], "not consulted, but told")
        XCTAssertEqual(state(message), .displayed)
    }

    func test_F06_ruleTriggeredShowConsultsTheDelegate() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        try Messaging.loadPropositions(rulesetJSON(action: "purchase"))
        XCTAssertEqual(Messaging.track(action: "browse").count, 0)
        let shown = Messaging.track(action: "purchase")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(shown.map(\.id), ["ruled"])
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"])
        XCTAssertEqual(log.edgeEventTypes(for: "ruled"), [.trigger, .display])
    }

    func test_F07_existingWebViewIsReusedAndTheCheckRunsAgain() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let message = try bareMessage(nil)
        message.show()
        XCTAssertTrue(harness.settle())
        let view = try XCTUnwrap(message.webView)
        message.hide()
        XCTAssertTrue(harness.settle())
        message.show()
        XCTAssertTrue(harness.settle())
        XCTAssertTrue(message.webView === view, "same web view, no re-render")
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow", "shouldShowMessage", "onShow"])
        XCTAssertEqual(harness.trace.events.filter { $0.name == "webViewCreated" }.count, 1)
    }

    // A script among the message's remote assets runs from the cached copy: the headless page is given the local
    // file the asset map names (on a device the page reads it from the cache directory).
    func test_F08_cachedRemoteAssetScriptRunsFromItsLocalCopy() throws {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable,
                          "JavaScriptCore is not installed, so this test of the JavaScript path was skipped: \(ScriptEngines.availability)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("openinapp-aep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("app.js")
        try Data("document.getElementById('go').addEventListener('click', () => webkit.messageHandlers.clicked.postMessage('go'))".utf8).write(to: file)
        Messaging.cacheAsset("https://cdn.example.com/app.js", localPath: file.absoluteString)
        try Messaging.loadPropositions(propositionJSON(html: "<button id=go>Go</button><script src=\"https://cdn.example.com/app.js\"></script>",
                                                       remoteAssets: #"["https://cdn.example.com/app.js"]"#))
        let message = Messaging.makeMessage(try XCTUnwrap(Messaging.loadedItems.first))
        var received: [String] = []
        message.handleJavascriptMessage("clicked") { received.append("\($0 ?? "nil")") }
        showAndSettle(message)
        let web = try XCTUnwrap(webView(of: message))
        try web.tap(elementID: "go")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(received, ["go"])
    }

    // The page sees the message's visible size and the device's colour scheme, and follows both while shown.
    func test_F08_thePageFollowsTheDevicesAppearanceAndRotation() throws {
        try XCTSkipUnless(ScriptEngines.isJavaScriptCoreAvailable, "JavaScriptCore is not installed: \(ScriptEngines.availability)")
        try Messaging.loadPropositions(propositionJSON(html: Fixtures.screenProbeHTML))
        let message = Messaging.makeMessage(try XCTUnwrap(Messaging.loadedItems.first))
        showAndSettle(message)
        let web = try XCTUnwrap(webView(of: message))
        harness.setAppearance(.dark)
        harness.rotate(to: .landscapeLeft)
        XCTAssertEqual(web.page.consoleLines, ["initial false 390x844", "changed true", "resize 844x390"])
    }

    func test_F08_webViewBuiltOnMainWithHandlersAndLocalAssets() throws {
        Messaging.cacheAsset("https://cdn.example.com/a.png", localPath: "file:///cache/a.png")
        try Messaging.loadPropositions(propositionJSON(html: "<img src=\"https://cdn.example.com/a.png\">",
                                                       remoteAssets: #"["https://cdn.example.com/a.png"]"#))
        let message = Messaging.makeMessage(try XCTUnwrap(Messaging.loadedItems.first))
        var received: [String] = []
        message.handleJavascriptMessage("early") { received.append("\($0 ?? "nil")") }
        XCTAssertTrue(harness.settle())
        XCTAssertNil(message.view, "not built before show")
        showAndSettle(message)
        let created = try XCTUnwrap(harness.trace.events.first { $0.name == "webViewCreated" })
        XCTAssertTrue(created.onMainThread)
        XCTAssertEqual(created.details["handlers"], "early")
        XCTAssertEqual(created.details["localAssets"], "true")
        XCTAssertEqual(message.fullscreenMessage?.payloadUsingLocalAssets, "<img src=\"file:///cache/a.png\">")
        XCTAssertEqual(message.assets, ["https://cdn.example.com/a.png": "file:///cache/a.png"])
        webView(of: message)?.evaluateJavaScript("window.webkit.messageHandlers.early.postMessage('x')", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(received, ["x"])
    }

    func test_F09_pipelineOrderAndThreads() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        try Messaging.loadPropositions(propositionJSON())
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        let events = harness.trace.events(for: "abc").filter { [.callback, .state, .decision].contains($0.kind) }
            .filter { !$0.name.hasPrefix("listener.overrideUrlLoad") && $0.name != "listener.webViewDidFinishInitialLoading" }
        XCTAssertEqual(events.map(\.label), ["state.received", "state.deciding", "callback.shouldShowMessage", "decision.show",
                                             "state.presenting", "state.displayed", "callback.listener.onShow", "callback.onShow"])
        for event in events where event.kind == .callback { XCTAssertFalse(event.onMainThread, event.label) }
        XCTAssertEqual(delegate.all.map(\.onMain), [false, false])
        // on screen afterwards (main), after onShow
        let message = try XCTUnwrap(harness.trace.events.last { $0.name == "animation" })
        XCTAssertTrue(message.onMainThread)
    }

    func test_F10_emptyPayloadFiresOnShowButFreesTheMonitor() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let empty = try bareMessage(nil, payload: "")
        empty.show()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"])
        XCTAssertNil(empty.webView?.superview, "nothing added to the window")
        let other = try bareMessage(nil)
        other.show()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(other.service.engine.state(of: other.id), .displayed, "monitor was reset")
    }

    func test_F11_initialLoadFinishedOnceOnly() throws {
        let listener = RecordingListener()
        let message = try bareMessage(listener)
        message.show()
        XCTAssertTrue(harness.settle())
        (message.webView as? WKWebView)?.evaluateJavaScript("window.location = 'https://example.com/next'", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(listener.names.filter { $0 == "webViewDidFinishInitialLoading" }.count, 1)
        XCTAssertTrue(listener.names.contains("overrideUrlLoad https://example.com/next"))
        XCTAssertEqual(listener.onMain("webViewDidFinishInitialLoading"), true)
    }

    // MARK: C. One at a time

    func test_F12_oneMonitorPerServiceFreshPerEnvironment() throws {
        let a = try bareMessage(nil), b = try bareMessage(nil)
        XCTAssertTrue(a.service === b.service)
        a.show(); XCTAssertTrue(harness.settle())
        b.show(); XCTAssertTrue(harness.settle())
        XCTAssertEqual(a.service.engine.displayedMessage?.messageID, a.id)
        XCTAssertEqual(b.service.engine.state(of: b.id), .failed(.conflict))
        // a new environment (new harness) gets a new service and monitor
        let next = Harness()
        let c = try bareMessage(nil)
        XCTAssertFalse(c.service === a.service)
        c.show(); XCTAssertTrue(next.settle())
        XCTAssertEqual(c.service.engine.state(of: c.id), .displayed)
        harness.install()
    }

    func test_F13_conflictNeverReachesShouldShowMessage() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let listener = RecordingListener()
        let first = try bareMessage(nil), second = try bareMessage(listener)
        first.show(); XCTAssertTrue(harness.settle())
        second.show(); XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"], "asked once, for the first only")
        XCTAssertEqual(listener.errorReasons, ["Conflict"])
    }

    func test_F14_dismissOrHideOfANonDisplayedMessageIsIgnored() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let shown = try bareMessage(nil), other = try bareMessage(nil)
        other.dismiss(); other.hide()
        XCTAssertTrue(harness.settle())
        shown.show(); XCTAssertTrue(harness.settle())
        other.dismiss(); other.hide()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"], "no onDismiss")
        XCTAssertEqual(shown.service.engine.state(of: shown.id), .displayed)
        XCTAssertNotNil(shown.webView?.superview)
        XCTAssertTrue(harness.labels(kinds: [.diagnostic]).contains("diagnostic.dismissIgnored"))
    }

    func test_F15_hideFreesTheMonitor() throws {
        let a = try bareMessage(nil), b = try bareMessage(nil)
        a.show(); XCTAssertTrue(harness.settle())
        a.hide(); XCTAssertTrue(harness.settle())
        b.show(); XCTAssertTrue(harness.settle())
        XCTAssertEqual(b.service.engine.state(of: b.id), .displayed)
        XCTAssertEqual(a.service.engine.state(of: a.id), .hidden)
    }

    // MARK: D. Failures

    func test_F16_failureCallsOnShowFailureThenOnErrorAndNothingOnTheDelegate() throws {
        let delegate = RecordingDelegate()
        delegate.allow = false
        MobileCore.messagingDelegate = delegate
        let listener = RecordingListener()
        let message = try bareMessage(listener)
        message.show(); XCTAssertTrue(harness.settle())
        XCTAssertEqual(listener.names.filter { $0.hasPrefix("on") }, ["onShowFailure", "onError"])
        XCTAssertEqual(listener.onMain("onError"), false, "background thread")
        XCTAssertEqual(delegate.names, ["shouldShowMessage"])
    }

    func test_F17_reasonsAreConflictAndSuppressedByAppDeveloper() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let listener = RecordingListener()
        let blocker = try bareMessage(nil), message = try bareMessage(listener)
        blocker.show(); XCTAssertTrue(harness.settle())
        message.show(); XCTAssertTrue(harness.settle())
        blocker.dismiss(); XCTAssertTrue(harness.settle())
        delegate.allow = false
        message.show(); XCTAssertTrue(harness.settle())
        XCTAssertEqual(listener.errorReasons, ["Conflict", "SuppressedByAppDeveloper"])
        XCTAssertEqual(PresentationError(showFailure: "Conflict"), PresentationError.CONFLICT)
        XCTAssertEqual(PresentationError.SUPPRESSED_BY_APP_DEVELOPER.getReason(), "SuppressedByAppDeveloper")
    }

    func test_F18_messagingOnErrorTracksWhenAutoTrackAndAlwaysWritesHistory() throws {
        let delegate = RecordingDelegate()
        delegate.allow = false
        MobileCore.messagingDelegate = delegate
        let tracked = try makeMessage(itemId: "tracked")
        tracked.show(withMessagingDelegateControl: true)
        XCTAssertTrue(harness.settle())
        let quiet = try makeMessage(itemId: "quiet")
        quiet.autoTrack = false
        quiet.show(withMessagingDelegateControl: true)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(log.edgeEventTypes(for: "tracked"), [.suppressDisplay])
        XCTAssertEqual(log.edgeEvents.first?.interaction, "SuppressedByAppDeveloper")
        XCTAssertEqual(log.edgeEventTypes(for: "quiet"), [])
        XCTAssertEqual(log.historyRecords.map(\.action), ["SuppressedByAppDeveloper", "SuppressedByAppDeveloper"])
        XCTAssertEqual(log.historyEventTypes(for: "quiet"), [.suppressDisplay])
    }

    // MARK: E. dismiss vs hide

    func test_F19_dismissRemovesReleasesThenCallsListenerThenDelegateOnMain() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let listener = RecordingListener()
        let message = try bareMessage(listener)
        message.show(); XCTAssertTrue(harness.settle())
        let view = try XCTUnwrap(message.webView)
        XCTAssertNotNil(view.superview)
        message.dismiss(); XCTAssertTrue(harness.settle())
        XCTAssertNil(view.superview)
        XCTAssertNil(message.webView)
        XCTAssertEqual(listener.onMain("onDismiss"), true)
        XCTAssertEqual(delegate.all.last, RecordingDelegate.Call(name: "onDismiss", messageID: nil, onMain: true))
        let order = harness.callbacks(for: message.id).filter { $0.hasSuffix("onDismiss") }
        XCTAssertEqual(order, ["listener.onDismiss", "onDismiss"])
    }

    func test_F20_hideKeepsTheWebViewWithoutCallbacks() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let settings = MessageSettings().setHeight(50).setVerticalAlign(.top).setDisplayAnimation(.bottom)
        let message = try bareMessage(nil, settings: settings)
        message.show(); XCTAssertTrue(harness.settle())
        let view = try XCTUnwrap(message.webView)
        message.hide(); XCTAssertTrue(harness.settle())
        XCTAssertTrue(message.webView === view)
        XCTAssertNil(view.superview)
        XCTAssertEqual(view.frame, message.frames().beforeShow)
        XCTAssertEqual(view.frame.origin.y, 844, "frameBeforeShow for a bottom display animation")
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"], "no callbacks for hide")
        message.show(); XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow", "shouldShowMessage", "onShow"])
        XCTAssertEqual(view.frame, message.frames().visible)
    }

    func test_F21_showAfterDismissRebuildsTheWebView() throws {
        let message = try makeMessage()
        showAndSettle(message)
        let first = try XCTUnwrap(message.view)
        message.dismiss(); XCTAssertTrue(harness.settle())
        showAndSettle(message)
        let second = try XCTUnwrap(message.view)
        XCTAssertFalse(first === second)
        XCTAssertEqual(harness.trace.events.filter { $0.name == "webViewCreated" }.count, 2)
    }

    func test_F22_messageDismissSuppressAutoTrack() throws {
        let message = try makeMessage()
        showAndSettle(message)
        log.clear()
        message.dismiss(suppressAutoTrack: true)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(log.edgeEventTypes(for: "abc"), [.dismiss], "only the listener's inner dismiss() tracks")
        XCTAssertEqual(state(message), .dismissed)
    }

    func test_F23_doubleDismissEventForAppDismissSingleForContentDismiss() throws {
        let app = try makeMessage(itemId: "app")
        showAndSettle(app)
        app.dismiss()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(log.edgeEventTypes(for: "app"), [.display, .dismiss, .dismiss],
                       "display, then two dismiss events (upstream quirk kept)")
        XCTAssertEqual(log.historyEventTypes(for: "app"), [.display, .dismiss])

        let content = try makeMessage(itemId: "content")
        showAndSettle(content)
        navigate(content, to: "adbinapp://dismiss")
        XCTAssertEqual(log.edgeEventTypes(for: "content"), [.display, .dismiss])
        XCTAssertEqual(state(content), .dismissed)
    }

    func test_F24_backdropTapDismissesWithoutInteraction() throws {
        let message = try makeMessage(mobileParameters:
            #"{"uiTakeover": true, "displayAnimation": "top", "backdropColor": "000000", "backdropOpacity": 0.5}"#)
        showAndSettle(message)
        webView(of: message)?.tapBackground()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(state(message), .dismissed)
        XCTAssertFalse(log.edgeEventTypes(for: "abc").contains(.interact))
    }

    private func rulesetJSON(action: String) -> String {
        """
        {"id": "p1", "scope": "mobileapp://com.example.app", "scopeDetails": {"activity": {"id": "act"}},
         "items": [{"id": "ruleset", "schema": "https://ns.adobe.com/personalization/ruleset-item",
           "data": {"version": 1, "rules": [{
             "condition": {"type": "group", "definition": {"logic": "and", "conditions": [
                {"type": "matcher", "definition": {"key": "~type", "matcher": "eq", "values": ["com.adobe.eventType.generic.track"]}},
                {"type": "matcher", "definition": {"key": "action", "matcher": "eq", "values": ["\(action)"]}}]}},
             "consequences": [{"id": "c1", "type": "schema", "detail": {"id": "ruled",
                "schema": "https://ns.adobe.com/personalization/message/in-app",
                "data": {"content": "<p>rule</p>", "contentType": "text/html"}}}]}]}}]}
        """
    }
}

