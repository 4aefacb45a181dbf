import XCTest
import Foundation
import InAppTestSupport
import AEPCore
import InAppCore
@testable import AEPServices
@testable import AEPMessaging
@testable import BrazeKit
@testable import BrazeUI
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// Objects a presented-then-dismissed message leaves behind must be freed; delegates are held weakly where the
/// vendor holds them weakly; a long run through the core engine keeps no message alive.
final class LeakTests: XCTestCase {
    override func tearDown() {
        ServiceProvider.shared.messagingDelegate = nil
        ServiceProvider.shared.resetAppOnlyServices()
        Messaging.clearPropositions()
        super.tearDown()
    }

    /// Counts live instances (incremented in init, decremented in deinit).
    final class Tracked: @unchecked Sendable {
        static let live = Locked(0)
        init() { Self.live.withLock { $0 += 1 } }
        deinit { Self.live.withLock { $0 -= 1 } }
    }

    final class Weak<T: AnyObject> { weak var value: T?; init(_ v: T?) { value = v } }

    // MARK: Adobe

    func testAdobeMessageFullscreenMessageWebViewAndHandlersAreFreedAfterDismissal() throws {
        let h = Harness()
        let before = Tracked.live.snapshot
        let refs: (Weak<Message>, Weak<FullscreenMessage>, Weak<WKWebView>) = try {
            try Messaging.loadPropositions(#"""
            {"propositions": [{"id": "p", "scope": "s", "scopeDetails": {"activity": {"id": "a"}}, "items": [{"id": "m",
              "schema": "https://ns.adobe.com/personalization/message/in-app", "data": {"contentType": "text/html", "content":
              "<p>x</p><button onclick=\"window.webkit.messageHandlers.cta.postMessage('go')\">go</button><a id='c' href='adbinapp://dismiss?interaction=closed'>c</a>",
              "mobileParameters": {"uiTakeover": true, "gestures": {"swipeDown": "adbinapp://dismiss?interaction=swipe"}}}}]}]}
            """#)
            let message = try XCTUnwrap(Messaging.showMessage(forItem: "m"))
            let captured = Tracked()
            message.handleJavascriptMessage("cta") { _ in _ = captured }
            h.settle()
            let fullscreen = try XCTUnwrap(message.fullscreenMessage)
            let view = try XCTUnwrap(message.view as? WKWebView)
            XCTAssertEqual(fullscreen.service.engine.state(of: fullscreen.id), .displayed)
            _ = try view.tap(text: "go")          // the handler ran
            _ = try view.tap(elementID: "c")      // adbinapp://dismiss from the content
            h.settle()
            XCTAssertEqual(fullscreen.service.engine.state(of: fullscreen.id), .dismissed)
            XCTAssertNil(message.view, "the web view is released on dismissal")
            return (Weak(message), Weak(fullscreen), Weak(view))
        }()
        h.settle()
        XCTAssertNil(refs.2.value, "WKWebView freed")
        XCTAssertNil(refs.1.value, "FullscreenMessage freed")
        XCTAssertNil(refs.0.value, "Message freed")
        XCTAssertEqual(Tracked.live.snapshot, before, "the script handler and what it captured are freed")
    }

    func testSurfaceRequestsKeepNeitherTheHarnessEnvironmentNorThePropositionsAlive() throws {
        weak var weakEnvironment: MessagingEnvironment?
        weak var weakNetwork: EdgeNetwork?
        weak var weakProposition: Proposition?
        try {
            let h = Harness()
            weakEnvironment = h.environment
            let network = EdgeNetwork.current
            weakNetwork = network
            network.bundleIdentifier = "com.example.app"
            let home = Surface(path: "home")
            try network.respond(toSurface: home.uri, withJSON: #"""
            [{"id": "p", "scope": "mobileapp://com.example.app/home", "scopeDetails": {"activity": {"id": "a"}},
              "items": [{"id": "i", "schema": "https://ns.adobe.com/personalization/json-content-item", "data": {"content": {"k": 1}}}]}]
            """#)
            let got = Locked<Proposition?>(nil)
            Messaging.updatePropositionsForSurfaces([home]) { _ in }
            Messaging.getPropositionsForSurfaces([home]) { map, _ in got.withLock { $0 = map?[home]?.first } }
            h.settle()
            let proposition = try XCTUnwrap(got.withLock { p in defer { p = nil }; return p })
            proposition.items.first?.track(withEdgeEventType: .display)
            h.settle()   // the tracking goes through the event hub (background work) before the world is dropped
            weakProposition = proposition
            Messaging.clearPropositions()
        }()
        _ = Harness()   // a new current environment replaces the old one
        XCTAssertNil(weakProposition, "propositions are freed once the cache and the app let go")
        XCTAssertNil(weakEnvironment, "pending (cancelled) time-outs do not keep the harness environment alive")
        _ = EdgeNetwork.current   // the registry drops networks of freed environments at its next lookup
        XCTAssertNil(weakNetwork, "the simulated network goes with its environment")
    }

    func testAdobeMessageBuiltByTheAppIsFreedAfterShowAndDismiss() {
        let h = Harness()
        weak var weakMessage: Message?
        weak var weakView: UIView?
        do {
            let message = Message(id: "local", html: "<p>x</p>")
            message.show()
            h.settle()
            weakView = message.view
            XCTAssertNotNil(weakView)
            message.dismiss()
            h.settle()
            weakMessage = message
        }
        h.settle()
        XCTAssertNil(weakView)
        XCTAssertNil(weakMessage)
    }

    func testMobileCoreMessagingDelegateIsHeldWeakly() {
        final class Delegate: MessagingDelegate, @unchecked Sendable {
            func onShow(message: any Showable) {}
            func onDismiss(message: any Showable) {}
            func shouldShowMessage(message: any Showable) -> Bool { true }
        }
        weak var weakDelegate: Delegate?
        do {
            let delegate = Delegate()
            MobileCore.messagingDelegate = delegate
            weakDelegate = delegate
            XCTAssertTrue(ServiceProvider.shared.messagingDelegate === delegate)
        }
        XCTAssertNil(weakDelegate, "MobileCore.messagingDelegate does not retain (as AEPCore)")
        XCTAssertNil(ServiceProvider.shared.messagingDelegate)
    }

    // MARK: Braze

    func testBrazeMessageViewsAndUIAreFreedAfterDismissal() {
        let h = Harness()
        var refs: [(String, Weak<AnyObject>)] = []
        do {
            let braze = Braze(configuration: Braze.Configuration(apiKey: "k", endpoint: "e"))
            let ui = BrazeInAppMessageUI()
            braze.inAppMessagePresenter = ui
            let messages: [Braze.InAppMessage] = [
                .slideup(.init(message: "s")),
                .modal(.init(message: "m", buttons: [.init(id: 0, text: "ok")])),
                .full(.init(imageURL: URL(string: "https://example.com/i.png")!, header: "h", message: "m")),
                .html(.init(message: "<a id='c' href='appboy://close'>x</a>")),
            ]
            for (i, message) in messages.enumerated() {
                var m = message
                m.data.id = "m\(i)"
                m.data.context = Braze.InAppMessage.Context(message: m, using: braze)
                braze.deliver(m)
                guard let view = ui.messageView else { XCTFail("m\(i) not displayed"); continue }
                refs.append(("view m\(i)", Weak(view as AnyObject)))
                if let web = view.html?.webView { refs.append(("web view m\(i)", Weak(web))) }
                if let button = view.modal?.buttons.first { refs.append(("button m\(i)", Weak(button))) }
                ui.dismiss()
                XCTAssertNil(ui.messageView)
            }
            refs.append(("ui", Weak(ui)))
            refs.append(("braze", Weak(braze)))
        }
        h.settle()
        XCTAssertEqual(refs.filter { $0.1.value != nil }.map(\.0), [], "still alive after dismissal")
        XCTAssertEqual(refs.count, 4 + 1 + 1 + 2)
    }

    func testBrazeInAppMessageUIDelegateIsHeldWeakly() {
        _ = Harness()
        final class Delegate: BrazeInAppMessageUIDelegate {}
        let ui = BrazeInAppMessageUI()
        weak var weakDelegate: Delegate?
        do {
            let delegate = Delegate()
            ui.delegate = delegate
            weakDelegate = delegate
            XCTAssertNotNil(ui.delegate)
        }
        XCTAssertNil(weakDelegate, "BrazeInAppMessageUI.delegate does not retain (as BrazeUI)")
        XCTAssertNil(ui.delegate)
    }

    // MARK: Core

    struct Counted: PresentableMessage {
        final class Payload: @unchecked Sendable {
            static let live = Locked(0)
            init() { Self.live.withLock { $0 += 1 } }
            deinit { Self.live.withLock { $0 -= 1 } }
        }
        let messageID: MessageID
        let payload = Payload()
        var supportedOrientations: OrientationSupport { .any }
        var closeBehavior: CloseBehavior
        var expiresAt: TimeInterval? { nil }
    }

    func testHundredThousandMessagesThroughTheEngineLeaveNoLiveMessage() {
        let h = Harness(traceLimit: 1_000)
        let engine = PresentationEngine<Counted>(environment: h.environment, rules: PresentationRules(whenBusy: .stack))
        var hooks = PresentationHooks<Counted>()
        hooks.decide = { m in
            switch m.messageID.rawValue.utf8.last! % 5 {
            case 0: return .discard(.discardedByDecision)
            case 1: return .suppress(.suppressedByDecision)
            default: return .show
            }
        }
        engine.hooks = hooks
        let base = Counted.Payload.live.snapshot
        for i in 0..<100_000 {
            engine.present(Counted(messageID: MessageID("c\(i)"), closeBehavior: i % 3 == 0 ? .automatic(after: 1) : .userAction),
                           consultingDecision: true)
            switch i % 4 {
            case 0: engine.dismiss()
            case 1: h.clock.advance(by: 1)
            case 2: engine.presentNext(consultingDecision: false)
            default: if i % 1_000 == 3 { engine.reset(reason: Reason("batch")) }
            }
        }
        XCTAssertGreaterThan(Counted.Payload.live.snapshot - base, 0, "the run leaves some messages stacked")
        engine.reset(reason: Reason("end"))
        if let shown = engine.displayedMessage { _ = engine.dismiss(shown.messageID, cause: .app) }
        h.clock.runAll()
        XCTAssertTrue(h.settle())
        XCTAssertNil(engine.displayedMessage)
        XCTAssertEqual(engine.stack.count, 0)
        XCTAssertEqual(engine.invariantViolations, [])
        XCTAssertEqual(Counted.Payload.live.snapshot - base, 0, "messages still alive after the run")
    }
}
