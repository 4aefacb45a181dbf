import XCTest
import Foundation
import InAppTestSupport
import AEPCore
@testable import AEPServices
import AEPMessaging
import BrazeKit
import BrazeUI
#if canImport(WebKit)
import WebKit
#endif

// The integration code shown side by side in Compatibility/adobe-vs-braze.md. Each `// doc:begin NAME` …
// `// doc:end` region is copied into the document verbatim; ComparisonDocumentTests fails if they drift apart.

// doc:begin adobe-delegate
final class AdobeHandler: MessagingDelegate, @unchecked Sendable {
    var holdMessages = false
    var heldMessage: Message?

    func onShow(message: Showable) {}
    func onDismiss(message: Showable) {}

    // Called on a background thread before each rule-triggered display.
    func shouldShowMessage(message: Showable) -> Bool {
        if holdMessages {
            heldMessage = (message as? FullscreenMessage)?.parent   // keep it; show it later
            return false                                             // suppressed now
        }
        return true
    }
}
// doc:end

// doc:begin braze-delegate
final class BrazeHandler: BrazeInAppMessageUIDelegate {
    var holdMessages = false

    // Called on the presenting thread for each pending message.
    func inAppMessage(_ ui: BrazeInAppMessageUI,
                      displayChoiceForMessage message: Braze.InAppMessage) -> BrazeInAppMessageUI.DisplayChoice {
        holdMessages ? .reenqueue : .now        // .reenqueue puts it back on top of ui.stack
    }
}
// doc:end

/// Runs one vendor's integration code on a fresh harness and returns the trace lines worth comparing.
enum Scenario {
    static let heading = "<h1>Welcome</h1><p>Thanks for trying the app.</p>"

    static func lines(_ harness: Harness, _ id: String) -> [String] {
        harness.trace.events(for: MessageID(id))
            .filter { [.state, .callback, .decision, .analytics].contains($0.kind) }
            .map { e in e.kind == .callback ? "\(e.label)  [\(e.onMainThread ? "main" : "background")]" : e.label }
    }

    static func adobe(holdFirst: Bool) throws -> [String] {
        let harness = Harness(device: DeviceState(statusBarHeight: 0))
        ServiceProvider.shared.resetAppOnlyServices()
        Messaging.clearPropositions()
        let html = heading + #"<a id="close" href="adbinapp://dismiss?interaction=closed">Close</a>"#
        let json = try String(data: JSONSerialization.data(withJSONObject: ["propositions": [[
            "id": "prop-1", "scope": "mobileapp://com.example.app",
            "scopeDetails": ["activity": ["id": "activity-1"]],
            "items": [["id": "welcome", "schema": "https://ns.adobe.com/personalization/message/in-app",
                       "data": ["content": html, "contentType": "text/html"]]]]]]), encoding: .utf8)!
        // doc:begin adobe-register
        let handler = AdobeHandler()
        MobileCore.messagingDelegate = handler        // held weakly: keep `handler` alive
        // doc:end
        handler.holdMessages = holdFirst
        _ = try Messaging.loadPropositions(json)
        let triggered = Messaging.showMessage(forItem: "welcome")   // a rule fired: shown under delegate control
        harness.settle()
        if holdFirst {
            // doc:begin adobe-show-later
            handler.heldMessage?.show()                // shown without asking shouldShowMessage again
            // doc:end
            harness.settle()
        }
        let message = handler.heldMessage ?? triggered
        try (message?.view as? WKWebView)?.tap(elementID: "close")   // the user taps the close link
        harness.settle()
        MobileCore.messagingDelegate = nil
        withExtendedLifetime(handler) {}
        return lines(harness, "welcome")
    }

    static func braze(holdFirst: Bool) throws -> [String] {
        let harness = Harness()
        let html = heading + #"<a id="close" href="appboy://close">Close</a>"#
        // doc:begin braze-register
        let braze = Braze(configuration: Braze.Configuration(apiKey: "API-KEY", endpoint: "sdk.example.com"))
        let handler = BrazeHandler()
        let ui = BrazeInAppMessageUI()
        ui.delegate = handler                         // held weakly: keep `handler` alive
        braze.inAppMessagePresenter = ui
        // doc:end
        handler.holdMessages = holdFirst
        var message = Braze.InAppMessage.html(.init(data: .init(id: "welcome"), message: html))
        message.data.context = Braze.InAppMessage.Context(message: message, using: braze)
        braze.deliver(message)                        // a trigger fired: the SDK hands it to the presenter
        if holdFirst {
            handler.holdMessages = false
            // doc:begin braze-show-later
            ui.presentNext()                          // shows the top of ui.stack, without asking displayChoice
            // doc:end
        }
        try ui.messageView?.html?.webView?.tap(elementID: "close")   // the user taps the close link
        harness.settle()
        withExtendedLifetime(handler) {}
        return lines(harness, "welcome")
    }
}

