import Foundation
import InAppCore
import InAppTestSupport
import InAppContent
@_spi(OpenInApp) import AEPCore
import AEPServices
@_spi(OpenInApp) import AEPMessaging
import BrazeKit
import BrazeUI
import AppboyKit
import AppboyUI
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// Scenario steps carried out through the Adobe facade. `deliver` takes {"id": …, "html": …,
/// "mobileParameters": {…}?}: the message is loaded as an AJO proposition and triggered, so the delegate is asked.
/// Adobe's delegate only answers yes or no: "show" → true; "suppress", "discard" and "reenqueue" → false, and the
/// app keeps the suppressed message so that `presentNext` can show it later (`Message.show()`).
final class AdobeDriver: ScenarioDriver, MessagingDelegate, @unchecked Sendable {
    private let allow = Locked(true)
    private let held = Locked<[Message]>([])
    private let shown = Locked<Message?>(nil)
    private let harness: Harness
    private let messageHandlers: [String]
    /// The facade records handler posts (`script.message`) and navigation decisions itself.
    var facadeTraces: PageTracing { [.handlerPosts, .navigations] }

    init(harness: Harness, messageHandlers: [String] = []) {
        self.harness = harness
        self.messageHandlers = messageHandlers
        Messaging.clearPropositions()
        MobileCore.messagingDelegate = self
    }

    func onShow(message: any Showable) { shown.withLock { $0 = (message as? FullscreenMessage)?.parent } }
    func onDismiss(message: any Showable) {}
    func shouldShowMessage(message: any Showable) -> Bool {
        // The app's handlers for the page's `webkit.messageHandlers.NAME.postMessage` (the scenario's "messageHandlers").
        if let m = (message as? FullscreenMessage)?.parent {
            for name in messageHandlers { m.handleJavascriptMessage(name) { (_: Any?) in } }
        }
        if allow.snapshot { return true }
        if let m = (message as? FullscreenMessage)?.parent { held.withLock { $0.append(m) } }
        return false
    }

    func deliver(_ message: JSONValue) throws {
        guard case .object(let o) = adobeMessagePayload(message), let id = o["id"]?.stringValue, let html = o["html"]?.stringValue else {
            throw ScenarioError(description: "deliver (adobe): expected {\"id\": …, \"html\": …} or an in-app message proposition item")
        }
        var data: [String: JSONValue] = ["content": .string(html), "contentType": "text/html"]
        if let p = o["mobileParameters"] { data["mobileParameters"] = p }
        let proposition: JSONValue = ["propositions": [[
            "id": .string("prop-" + id), "scope": "mobileapp://scenario",
            "scopeDetails": ["activity": ["id": .string("activity-" + id)]],
            "items": [["id": .string(id), "schema": "https://ns.adobe.com/personalization/message/in-app", "data": .object(data)]],
        ]]]
        do { _ = try Messaging.loadPropositions(proposition.description) }
        catch { throw ScenarioError(description: "deliver (adobe): \(error)") }
        Messaging.showMessage(forItem: id)
        harness.settle()
    }

    private var webView: WKWebView? { shown.snapshot?.view as? WKWebView }
    var htmlPage: ContentPage? { webView?.page }

    func tap(button: Int?) throws {
        guard let web = webView else { throw StepFailed(description: "tap: no message is displayed") }
        do {
            if let button { try web.tapButton(at: button) } else { web.tapBackground() }
        } catch { throw StepFailed(description: "tap: \(error)") }
        harness.settle()
    }

    func close() throws {
        guard let message = shown.snapshot else { throw StepFailed(description: "close: no message is displayed") }
        message.dismiss()
        harness.settle()
    }

    func dismiss() throws { try close() }

    func presentNext() throws {
        guard let next = held.withLock({ $0.popLast() }) else { throw StepFailed(description: "presentNext: no held message") }
        next.show()
        harness.settle()
    }

    func setDecision(_ d: String) throws {
        guard ["show", "suppress", "discard", "reenqueue"].contains(d) else {
            throw ScenarioError(description: "decide: expected show, suppress, discard or reenqueue, not \(d)")
        }
        allow.withLock { $0 = d == "show" }
    }

    func edgeResponse(_ envelope: JSONValue) throws {
        let network = EdgeNetwork.network(for: harness.environment)
        let surfaces = network.respond(withEnvelope: envelope)
        guard !surfaces.isEmpty else {
            throw ScenarioError(description: "edgeResponse: no personalization:decisions proposition with a scope")
        }
        let trace = harness.trace
        Messaging.updatePropositionsForSurfaces(surfaces.map(Surface.init(uri:))) { success in
            trace.record(.callback, "updatePropositionsForSurfaces", ["success": String(success)])
        }
        harness.settle()
    }

    func trackAction(_ value: JSONValue) throws {
        var action = value.stringValue
        var data: [String: Any] = [:]
        if case .object(let o) = value {
            action = o["action"]?.stringValue
            if case .object(let d)? = o["data"] { data = d.mapValues(\.foundationValue) }
        }
        guard let action else { throw ScenarioError(description: "trackAction: expected \"name\" or {\"action\": …}") }
        MobileCore.track(action: action, data: data)
        harness.settle()
    }
}

/// Scenario steps carried out through the Braze facade. `deliver` takes a Braze in-app message JSON payload
/// (e.g. {"type": "MODAL", "message_id": "m1", "header": …, "message": …, "btns": […]}); it is presented by a
/// `BrazeInAppMessageUI` installed as the presenter, whose delegate answers the display choice.
final class BrazeDriver: ScenarioDriver, BrazeInAppMessageUIDelegate, @unchecked Sendable {
    let braze = Braze(configuration: Braze.Configuration(apiKey: "scenario", endpoint: "sdk.example.com"))
    private let ui = BrazeInAppMessageUI()
    private let choice = Locked(BrazeInAppMessageUI.DisplayChoice.now)
    private let harness: Harness
    /// The facade records bridge calls (`script.<method>`) and navigations itself.
    var facadeTraces: PageTracing { [.bridgeCalls, .navigations] }

    init(harness: Harness) {
        self.harness = harness
        ui.delegate = self
        braze.inAppMessagePresenter = ui
    }

    func inAppMessage(_ ui: BrazeInAppMessageUI, displayChoiceForMessage message: Braze.InAppMessage) -> BrazeInAppMessageUI.DisplayChoice {
        choice.snapshot
    }

    func deliver(_ message: JSONValue) throws {
        var m: Braze.InAppMessage
        do { m = try Braze.InAppMessage(json: Data(message.description.utf8)) }
        catch { throw ScenarioError(description: "deliver (braze): not a Braze payload: \(error)") }
        m.data.context = Braze.InAppMessage.Context(message: m, using: braze)
        braze.deliver(m)   // to the presenter, as a trigger does
    }

    var htmlPage: ContentPage? { (ui.messageView as? BrazeInAppMessageUI.HtmlView)?.webView?.page }

    func tap(button: Int?) throws {
        let ok = button.map { ui.simulateTapButton(id: $0) } ?? ui.simulateTap()
        if !ok { throw StepFailed(description: "tap: nothing to tap\(button.map { " (button \($0))" } ?? "")") }
    }

    func close() throws {
        if !ui.simulateClose() { throw StepFailed(description: "close: no message is displayed") }
    }

    func dismiss() throws { ui.dismiss() }
    func presentNext() throws { ui.presentNext() }

    func setDecision(_ d: String) throws {
        switch d {
        case "show": choice.withLock { $0 = .now }
        case "reenqueue": choice.withLock { $0 = .reenqueue }
        case "discard", "suppress": choice.withLock { $0 = .discard }
        default: throw ScenarioError(description: "decide: expected show, reenqueue or discard, not \(d)")
        }
    }
}

/// Scenario steps carried out through the legacy Appboy facade (`AppboyKit`, with its built-in UI `AppboyUI`).
/// `deliver` takes a message as the SDK receives it: HTML ({"type": "HTML" or "HTML_FULL", "message_id": …,
/// "message": "<html>…"}) or any other type in the Braze payload format (slideup, modal, full…; tapped with
/// `tap` {"button": id} or {} for the body, closed with `close`, through the built-in UI as a person would);
/// it is delivered as a campaign triggered at session start and shown by `Appboy.sharedInstance()`'s controller,
/// whose delegate answers the display choice. Its page runs the message's JavaScript: tap, type, check, press and
/// advance drive it; `appboyBridge` calls and `appboy://` links reach the SDK as on a device.
final class AppboyDriver: ScenarioDriver, ABKInAppMessageControllerDelegate, @unchecked Sendable {
    private let appboy: Appboy
    private let choice = Locked(ABKInAppMessageDisplayChoice.displayInAppMessageNow)
    /// The facade records bridge calls (`script.<method>`) and navigations itself.
    var facadeTraces: PageTracing { [.bridgeCalls, .navigations] }

    init(harness: Harness) {
        Appboy.start(withApiKey: "scenario", in: UIApplication.shared, withLaunchOptions: nil,
                     withAppboyOptions: [ABKMinimumTriggerTimeIntervalKey: 0])
        appboy = Appboy.sharedInstance()!
        appboy.inAppMessageController.delegate = self
    }

    func before(inAppMessageDisplayed inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice { choice.snapshot }

    func deliver(_ message: JSONValue) throws {
        guard case .object(let o) = message, let type = o["type"]?.stringValue,
              let id = o["message_id"]?.stringValue, let html = o["message"]?.stringValue else {
            throw ScenarioError(description: "deliver (appboy): expected {\"type\": \"HTML\", \"message_id\": …, \"message\": \"<html>…\"}")
        }
        guard ["HTML", "HTML_FULL"].contains(type.uppercased()) else {
            // The other types in the payload format both SDKs receive.
            var core: InAppMessage
            do { core = try Braze.InAppMessage(json: Data(message.description.utf8)).coreMessage }
            catch { throw ScenarioError(description: "deliver (appboy): not an in-app message payload: \(error)") }
            core.id = MessageID(rawValue: id)
            core.origin = .remote   // a campaign's message, with impressions and clicks
            appboy.deliveryEngine.startSession(with: [Campaign(message: core, triggers: [.sessionStart])])
            return
        }
        // "base_url": the folder the document's relative URLs (its images) resolve against.
        let base = o["base_url"]?.stringValue.flatMap { URL(string: $0) }
        let core = InAppMessage(id: MessageID(rawValue: id), content: .html(HTMLContent(html: html, baseURL: base)))
        appboy.deliveryEngine.startSession(with: [Campaign(message: core, triggers: [.sessionStart])])
    }

    /// The built-in UI (AppboyUI), which takes a person's taps on messages that are not HTML.
    private var ui: ABKInAppMessageUIController? {
        appboy.inAppMessageController.inAppMessageUIController as? ABKInAppMessageUIController
    }

    var htmlPage: ContentPage? { appboy.inAppMessageController.htmlPage }

    func tap(button: Int?) throws {
        if htmlPage != nil {
            throw ScenarioError(description: "tap (appboy): HTML messages are tapped by {\"selector\": …} or {\"text\": …}")
        }
        guard let ui else { throw StepFailed(description: "tap (appboy): the built-in UI is not linked") }
        let ok: Bool
        if let id = button {
            let buttons = (ui.inAppMessageViewController?.inAppMessage as? ABKInAppMessageImmersive)?.buttons ?? []
            ok = buttons.firstIndex { $0.buttonID == id }.map { ui.simulateTapButton(at: $0) } ?? false
        } else {
            ok = ui.simulateTap()
        }
        if !ok { throw StepFailed(description: "tap: nothing to tap\(button.map { " (button \($0))" } ?? "")") }
    }

    func close() throws {
        if let page = htmlPage {
            _ = page.evaluate("appboyBridge.closeMessage()")
            return
        }
        // A person closes a slideup by swiping it away, the others with their close button.
        let isSlideup = ui?.inAppMessageViewController?.inAppMessage is ABKInAppMessageSlideup
        guard let ui, isSlideup ? ui.simulateSwipe() : ui.simulateClose() else {
            throw StepFailed(description: "close: no message is displayed")
        }
    }

    func dismiss() throws { try close() }
    func presentNext() throws { appboy.inAppMessageController.displayNextInAppMessage() }

    func setDecision(_ d: String) throws {
        switch d {
        case "show": choice.withLock { $0 = .displayInAppMessageNow }
        case "reenqueue": choice.withLock { $0 = .reenqueueInAppMessage }
        case "discard", "suppress": choice.withLock { $0 = .discardInAppMessage }
        default: throw ScenarioError(description: "decide: expected show, reenqueue or discard, not \(d)")
        }
    }
}
