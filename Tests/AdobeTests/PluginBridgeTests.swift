import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
import AEPServices
import AEPMessaging
import AEPEdge
import AEPEdgeIdentity
import AEPLifecycle
import AEPSignal
import AEPAssurance
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

// MARK: - The integration file (written the way a game-engine plugin's AEP bridge is written)

/// What the engine side of the plugin receives.
protocol EngineChannel: AnyObject {
    func send(_ event: String, _ payload: [String: String])
}

/// A plugin's bridge to the Adobe SDK: starts the SDK, decides on in-app messages, takes over the message's
/// `adbinapp://` links to forward them to the engine, and fetches code-based content for the engine's screens.
final class AEPMessagingBridge: NSObject, MessagingDelegate, WKNavigationDelegate {
    weak var engine: (any EngineChannel)?
    private var currentMessage: Message?
    private weak var sdkNavigationDelegate: (any WKNavigationDelegate)?
    private(set) weak var interceptedWebView: WKWebView?
    var suppressMessages = false

    init(engine: any EngineChannel) { self.engine = engine }

    func start(appId: String, completion: @escaping () -> Void) {
        MobileCore.setLogLevel(.debug)
        MobileCore.setWrapperType(.unity)
        MobileCore.registerExtensions([Messaging.self, Edge.self, Identity.self, Lifecycle.self, Signal.self, Assurance.self]) {
            MobileCore.configureWith(appId: appId)
            MobileCore.lifecycleStart(additionalContextData: ["plugin": "unity"])
            completion()
        }
        MobileCore.messagingDelegate = self
    }

    // MessagingDelegate

    func onShow(message: any Showable) {
        guard let fullscreen = message as? FullscreenMessage, let parent = fullscreen.parent else { return }
        engine?.send("messageShown", ["id": parent.id])
    }

    func onDismiss(message: any Showable) {
        guard let fullscreen = message as? FullscreenMessage, let parent = fullscreen.parent else { return }
        engine?.send("messageDismissed", ["id": parent.id])
        if currentMessage === parent { currentMessage = nil }
    }

    func shouldShowMessage(message: any Showable) -> Bool {
        guard let fullscreen = message as? FullscreenMessage, let parent = fullscreen.parent else { return true }
        if suppressMessages {
            parent.track("suppressed by game state", withEdgeEventType: .suppressDisplay)
            return false
        }
        currentMessage = parent
        parent.handleJavascriptMessage("engine") { [weak self] body in
            self?.engine?.send("script", ["body": (body as? String) ?? ""])
        }
        if let webView = parent.view as? WKWebView {
            sdkNavigationDelegate = webView.navigationDelegate
            webView.navigationDelegate = self
            interceptedWebView = webView
        }
        return true
    }

    func urlLoaded(_ url: URL, byMessage message: any Showable) {}

    // WKNavigationDelegate: adbinapp links go to the engine; everything else to the SDK's own handling.

    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        guard let url = navigationAction.request.url, url.scheme == "adbinapp" else {
            if let sdk = sdkNavigationDelegate {
                sdk.webView(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
            } else {
                decisionHandler(.allow)
            }
            return
        }
        decisionHandler(.cancel)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var query: [String: String] = [:]
        for item in items { query[item.name] = item.value ?? "" }
        if let interaction = query["interaction"], !interaction.isEmpty {
            currentMessage?.track(interaction, withEdgeEventType: .interact)
            engine?.send("interaction", ["id": currentMessage?.id ?? "", "interaction": interaction])
        }
        if url.host == "dismiss" {
            currentMessage?.dismiss(suppressAutoTrack: false)
        }
    }

    // Code-based content for a screen.

    func refreshContent(forScreen path: String) {
        let surface = Surface(path: path)
        Messaging.updatePropositionsForSurfaces([surface]) { [weak self] success in
            guard success else {
                self?.engine?.send("contentFailed", ["surface": surface.uri])
                return
            }
            Messaging.getPropositionsForSurfaces([surface]) { propositionsBySurface, error in
                guard error == nil, let propositions = propositionsBySurface?[surface] else { return }
                for proposition in propositions {
                    for item in proposition.items {
                        if let json = item.jsonContentDictionary, let title = json["title"] as? String {
                            self?.engine?.send("content", ["surface": surface.uri, "title": title])
                            item.track(withEdgeEventType: .display)
                        } else if let html = item.htmlContent {
                            self?.engine?.send("content", ["surface": surface.uri, "html": html])
                        }
                    }
                }
            }
        }
    }
}

// MARK: - The test

final class RecordingEngine: EngineChannel, @unchecked Sendable {
    let events = Locked([String]())
    func send(_ event: String, _ payload: [String: String]) {
        let text = payload.keys.sorted().map { "\($0)=\(payload[$0]!)" }.joined(separator: " ")
        events.withLock { $0.append("\(event) \(text)") }
    }
}

final class PluginBridgeTests: AdobeTestCase {
    func test_pluginBridgeStartsTheSDKInterceptsLinksTracksAndRefreshesContent() throws {
        MobileCore.resetSetup()
        defer { MobileCore.resetSetup() }
        let network = EdgeNetwork.current
        network.bundleIdentifier = "com.example.game"
        let engine = RecordingEngine()
        let bridge = AEPMessagingBridge(engine: engine)
        let started = Locked(false)
        bridge.start(appId: "launch-abc") { started.withLock { $0 = true } }
        XCTAssertTrue(harness.settle())
        XCTAssertTrue(started.snapshot)
        XCTAssertEqual(MobileCore.extensionVersion, "5.11.0-U")

        // The server has an in-app rule for the app surface and content for the home screen.
        let app = Surface()
        let home = Surface(path: "game/home")
        let html = #"<html><body><a id="buy" href="adbinapp://dismiss?interaction=buy-gems">Buy</a></body></html>"#
        network.respond(toSurface: app.uri, with: [[
            "id": "iam-prop", "scope": .string(app.uri), "scopeDetails": ["activity": ["id": "iam-activity"]],
            "items": [["id": "ruleset", "schema": "https://ns.adobe.com/personalization/ruleset-item", "data": [
                "version": 1, "rules": [[
                    "condition": ["type": "matcher", "definition": ["key": "action", "matcher": "eq", "values": ["level_complete"]]],
                    "consequences": [["id": "gems-offer", "type": "schema", "detail": [
                        "id": "gems-offer", "schema": "https://ns.adobe.com/personalization/message/in-app",
                        "data": ["content": .string(html), "contentType": "text/html",
                                 "mobileParameters": ["uiTakeover": true, "displayAnimation": "bottom"]]]]]]]]]]]])
        network.respond(toSurface: home.uri, with: [[
            "id": "home-prop", "scope": .string(home.uri), "scopeDetails": ["activity": ["id": "home-activity"]],
            "items": [["id": "banner", "schema": "https://ns.adobe.com/personalization/json-content-item",
                       "data": ["content": ["title": "Double XP weekend"]]]]]])

        Messaging.refreshInAppMessages()
        bridge.refreshContent(forScreen: "game/home")
        XCTAssertTrue(harness.settle())
        XCTAssertTrue(engine.events.snapshot.contains("content surface=\(home.uri) title=Double XP weekend"))

        // The game reports a level; the rule fires, the bridge decides and takes over the links.
        MobileCore.track(action: "level_complete", data: ["level": "3"])
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(harness.states(of: "gems-offer").last, "displayed")
        let webView = try XCTUnwrap(bridge.interceptedWebView)
        XCTAssertTrue(webView.navigationDelegate === bridge)
        try webView.tap(elementID: "buy")
        XCTAssertTrue(harness.settle())

        XCTAssertEqual(engine.events.snapshot.filter { !$0.hasPrefix("content") },
                       ["messageShown id=gems-offer", "interaction id=gems-offer interaction=buy-gems",
                        "messageDismissed id=gems-offer"])
        XCTAssertEqual(harness.states(of: "gems-offer").last, "dismissed")
        // What AEP would have sent: the request events, the message's lifecycle and the bridge's interaction,
        // the content display.
        XCTAssertEqual(network.xdmEventTypes, [
            "personalization.request", "personalization.request", "decisioning.propositionDisplay",
            "decisioning.propositionTrigger", "decisioning.propositionDisplay", "decisioning.propositionInteract",
            "decisioning.propositionDismiss", "decisioning.propositionDismiss"])
        XCTAssertTrue(harness.trace.events.contains { $0.label == "diagnostic.log" && $0.details["level"] == "DEBUG" },
                      "setLogLevel(.debug) lets debug lines into the trace")
    }
}
