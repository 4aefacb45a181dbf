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

/// A messaging delegate that records what it is told, on which thread, and answers `shouldShowMessage`
/// with `allow`.
final class RecordingDelegate: MessagingDelegate, @unchecked Sendable {
    struct Call: Equatable {
        var name: String
        var messageID: String?
        var onMain: Bool
    }
    private let calls = Locked([Call]())
    private let allowStore = Locked(true)
    private let urls = Locked([URL]())
    var allow: Bool {
        get { allowStore.snapshot }
        set { allowStore.withLock { $0 = newValue } }
    }
    /// Extra work done inside shouldShowMessage (runs on the background thread).
    var onShouldShow: ((FullscreenMessage?) -> Void)?

    var names: [String] { calls.snapshot.map(\.name) }
    var all: [Call] { calls.snapshot }
    var loadedURLs: [URL] { urls.snapshot }

    private func record(_ name: String, _ message: any Showable) {
        let id = (message as? FullscreenMessage)?.parent?.id
        calls.withLock { $0.append(Call(name: name, messageID: id, onMain: Thread.isMainThread)) }
    }

    func onShow(message: any Showable) { record("onShow", message) }
    func onDismiss(message: any Showable) { record("onDismiss", message) }
    func shouldShowMessage(message: any Showable) -> Bool {
        record("shouldShowMessage", message)
        onShouldShow?(message as? FullscreenMessage)
        return allow
    }
    func urlLoaded(_ url: URL, byMessage message: any Showable) {
        urls.withLock { $0.append(url) }
        record("urlLoaded", message)
    }
}

/// A per-message listener that records its callbacks (for FullscreenMessage used without AEPMessaging).
final class RecordingListener: FullscreenMessageDelegate, @unchecked Sendable {
    private let calls = Locked([String]())
    private let errors = Locked([String]())
    private let threads = Locked([String: Bool]())
    var allowURLs = true
    var names: [String] { calls.snapshot }
    var errorReasons: [String] { errors.snapshot }
    func onMain(_ name: String) -> Bool? { threads.snapshot[name] }
    private func record(_ name: String) {
        calls.withLock { $0.append(name) }
        threads.withLock { $0[name] = Thread.isMainThread }
    }
    func onShow(message: FullscreenMessage) { record("onShow") }
    func onDismiss(message: FullscreenMessage) { record("onDismiss") }
    func overrideUrlLoad(message: FullscreenMessage, url: String?) -> Bool { record("overrideUrlLoad \(url ?? "nil")"); return allowURLs }
    func webViewDidFinishInitialLoading(webView: WKWebView) { record("webViewDidFinishInitialLoading") }
    func onShowFailure() { record("onShowFailure") }
    func onError(message: FullscreenMessage, error: PresentationError) {
        record("onError")
        errors.withLock { $0.append(error.getReason()) }
    }
}

/// Common set-up: a fresh harness (virtual clock, own trace and event log), no delegate, the built-in UI
/// service, no loaded propositions, no recorded opened URLs.
class AdobeTestCase: XCTestCase {
    var harness: Harness!

    override func setUp() {
        super.setUp()
        harness = Harness(device: DeviceState(statusBarHeight: 0))
        ServiceProvider.shared.messagingDelegate = nil
        ServiceProvider.shared.resetAppOnlyServices()
        UIApplication.shared.resetOpenedURLs()
        Messaging.clearPropositions()
        Messaging.clearAssetCache()
    }

    override func tearDown() {
        ServiceProvider.shared.messagingDelegate = nil
        ServiceProvider.shared.resetAppOnlyServices()
        super.tearDown()
    }

    var log: MessagingEventLog { MessagingEventLog.current }

    static let html = "<html><body><p>Hello</p><a id=\"close\" href=\"adbinapp://dismiss?interaction=closed\">Close</a></body></html>"

    /// Proposition JSON with one in-app item.
    func propositionJSON(itemId: String = "abc", html: String = AdobeTestCase.html, mobileParameters: String? = nil,
                         meta: String? = nil, remoteAssets: String? = nil, activityId: String = "activity-1") -> String {
        var data = #""content": \#(jsonString(html)), "contentType": "text/html""#
        if let mobileParameters { data += #", "mobileParameters": \#(mobileParameters)"# }
        if let meta { data += #", "meta": \#(meta)"# }
        if let remoteAssets { data += #", "remoteAssets": \#(remoteAssets)"# }
        return """
        {"propositions": [{"id": "prop-\(itemId)", "scope": "mobileapp://com.example.app",
          "scopeDetails": {"decisionProvider": "AJO", "activity": {"id": "\(activityId)"}},
          "items": [{"id": "\(itemId)", "schema": "https://ns.adobe.com/personalization/message/in-app",
                     "data": {\(data)}}]}]}
        """
    }

    func jsonString(_ text: String) -> String {
        String(data: try! JSONEncoder().encode(text), encoding: .utf8)!
    }

    /// A Message built from a proposition (with tracking info) but not shown yet.
    func makeMessage(itemId: String = "abc", html: String = AdobeTestCase.html, mobileParameters: String? = nil,
                     meta: String? = nil) throws -> Message {
        try Messaging.loadPropositions(propositionJSON(itemId: itemId, html: html, mobileParameters: mobileParameters, meta: meta))
        let items = Messaging.instance.itemsSnapshot
        let item = try XCTUnwrap(items.first { $0.itemId == itemId })
        return Messaging.makeMessage(item)
    }

    /// Shows a message (no delegate control) and waits until it is displayed.
    func showAndSettle(_ message: Message) {
        message.show()
        XCTAssertTrue(harness.settle())
    }

    func webView(of message: Message, file: StaticString = #filePath, line: UInt = #line) -> WKWebView? {
        let view = message.view as? WKWebView
        XCTAssertNotNil(view, "message has no WKWebView", file: file, line: line)
        return view
    }

    /// Makes the message's content navigate to `url`, as a link tap or script would.
    func navigate(_ message: Message, to url: String) {
        webView(of: message)?.evaluateJavaScript("window.location = '\(url)'", completionHandler: nil)
        XCTAssertTrue(harness.settle())
    }

    func state(_ message: Message) -> PresentationState? {
        guard let fullscreen = message.fullscreenMessage else { return nil }
        return fullscreen.service.engine.state(of: fullscreen.id)
    }

    func delegateCalls(_ delegate: RecordingDelegate) -> [String] { delegate.names }
}

extension Messaging {
    var itemsSnapshot: [Item] { Messaging.loadedItems }
}
