import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
#if canImport(UIKit)
import UIKit
#endif

/// A Braze instance, a BrazeInAppMessageUI set as its presenter, and a harness (manual clock, device, trace).
final class Bench {
    let harness: Harness
    let braze: Braze
    let ui: BrazeInAppMessageUI

    init(device: DeviceState = DeviceState(), presenter: Bool = true) {
        harness = Harness(device: device)
        braze = Braze(configuration: Braze.Configuration(apiKey: "api-key", endpoint: "sdk.example.com"))
        ui = BrazeInAppMessageUI()
        if presenter { braze.inAppMessagePresenter = ui }
    }

    /// `message` as Braze would deliver it: with the campaign id `id` and a context from `braze`.
    func triggered(_ message: Braze.InAppMessage, id: String) -> Braze.InAppMessage {
        var m = message
        m.data.id = id
        m.data.context = Braze.InAppMessage.Context(message: m, using: braze)
        return m
    }

    /// Delivers like the SDK does (to the current presenter).
    func deliver(_ message: Braze.InAppMessage, id: String) {
        braze.deliver(triggered(message, id: id))
    }

    var trace: Trace { harness.trace }

    /// Callback names and analytics names for one message, in order ("callback.x", "analytics.y").
    func lifecycle(_ id: String) -> [String] {
        harness.labels(for: MessageID(id), kinds: [.callback, .analytics])
    }

    func navigations(_ id: String) -> [TraceEvent] {
        trace.events(for: MessageID(id)).filter { $0.kind == .navigation }
    }

    func errors(_ id: String? = nil) -> [String] {
        trace.events.filter { $0.name == "error" && (id == nil || $0.messageID == MessageID(id!)) }.compactMap { $0.details["error"] }
    }

    func state(_ id: String) -> String? { harness.states(of: MessageID(id)).last }
}

/// A delegate that records every call and answers from settable closures.
final class RecordingDelegate: BrazeInAppMessageUIDelegate {
    var calls: [String] = []
    var choice: (Braze.InAppMessage) -> BrazeInAppMessageUI.DisplayChoice = { _ in .now }
    var prepare: (inout BrazeInAppMessageUI.PresentationContext) -> Void = { _ in }
    var shouldProcess: (Braze.InAppMessage.ClickAction, String?) -> Bool = { _, _ in true }
    var onWillPresent: (Braze.InAppMessage) -> Void = { _ in }
    var onDidPresent: (Braze.InAppMessage) -> Void = { _ in }
    var onWillDismiss: (Braze.InAppMessage) -> Void = { _ in }
    var onDidDismiss: (Braze.InAppMessage) -> Void = { _ in }
    var presented: [Braze.InAppMessage] = []
    var processed: [(Braze.InAppMessage.ClickAction, String?)] = []

    func inAppMessage(_ ui: BrazeInAppMessageUI, displayChoiceForMessage message: Braze.InAppMessage)
        -> BrazeInAppMessageUI.DisplayChoice {
        calls.append("displayChoice \(message.data.id ?? "-")")
        return choice(message)
    }
    func inAppMessage(_ ui: BrazeInAppMessageUI, prepareWith context: inout BrazeInAppMessageUI.PresentationContext) {
        calls.append("prepareWith \(context.message.data.id ?? "-")")
        prepare(&context)
    }
    func inAppMessage(_ ui: BrazeInAppMessageUI, willPresent message: Braze.InAppMessage, view: any InAppMessageView) {
        calls.append("willPresent \(message.data.id ?? "-")")
        presented.append(message)
        onWillPresent(message)
    }
    func inAppMessage(_ ui: BrazeInAppMessageUI, didPresent message: Braze.InAppMessage, view: any InAppMessageView) {
        calls.append("didPresent \(message.data.id ?? "-")")
        onDidPresent(message)
    }
    func inAppMessage(_ ui: BrazeInAppMessageUI, willDismiss message: Braze.InAppMessage, view: any InAppMessageView) {
        calls.append("willDismiss \(message.data.id ?? "-")")
        onWillDismiss(message)
    }
    func inAppMessage(_ ui: BrazeInAppMessageUI, didDismiss message: Braze.InAppMessage, view: any InAppMessageView) {
        calls.append("didDismiss \(message.data.id ?? "-")")
        onDidDismiss(message)
    }
    func inAppMessage(_ ui: BrazeInAppMessageUI, shouldProcess clickAction: Braze.InAppMessage.ClickAction,
                      buttonId: String?, message: Braze.InAppMessage, view: any InAppMessageView) -> Bool {
        calls.append("shouldProcess \(message.data.id ?? "-") \(buttonId ?? "nil")")
        processed.append((clickAction, buttonId))
        return shouldProcess(clickAction, buttonId)
    }
}

let landingURL = URL(string: "https://example.com/landing")!
let imageURL = URL(string: "https://example.com/image.png")!
let lightTheme = Braze.InAppMessage.Theme(backgroundColor: 0xFFFF_FFFF, textColor: 0xFF00_0000)
let darkTheme = Braze.InAppMessage.Theme(backgroundColor: 0xFF00_0000, textColor: 0xFFFF_FFFF)
let lightButton = Braze.InAppMessage.ButtonTheme(textColor: 0xFFFF_FFFF, borderColor: 0xFF00_00FF, backgroundColor: 0xFF00_00FF)
let darkButton = Braze.InAppMessage.ButtonTheme(textColor: 0xFF00_0000, borderColor: 0xFF88_88FF, backgroundColor: 0xFF88_88FF)
let bothThemes: Braze.InAppMessage.Themes = ["light": lightTheme, "dark": darkTheme]

/// Buttons id 0 "Cancel" (no action) and id 1 "OK" (opens `landingURL`), each with light and dark themes.
let twoButtons = [
    Braze.InAppMessage.Button(id: 0, text: "Cancel", clickAction: .none, themes: ["light": lightButton, "dark": darkButton]),
    Braze.InAppMessage.Button(id: 1, text: "OK", clickAction: .url(landingURL, useWebView: false),
                              themes: ["light": lightButton, "dark": darkButton]),
]

func slideup(_ close: Braze.InAppMessage.MessageClose = .userInteraction, action: Braze.InAppMessage.ClickAction = .url(landingURL, useWebView: false),
             orientation: Braze.InAppMessage.Orientation = .any) -> Braze.InAppMessage {
    .slideup(.init(data: .init(clickAction: action, messageClose: close, orientation: orientation), message: "Hi", themes: bothThemes))
}
func modal(buttons: [Braze.InAppMessage.Button] = twoButtons, orientation: Braze.InAppMessage.Orientation = .any) -> Braze.InAppMessage {
    .modal(.init(data: .init(clickAction: .url(landingURL, useWebView: false), orientation: orientation),
                 header: "Header", message: "Body", buttons: buttons, themes: bothThemes))
}
func modalImage() -> Braze.InAppMessage { .modalImage(.init(imageURL: imageURL, buttons: twoButtons, themes: bothThemes)) }
func full() -> Braze.InAppMessage { .full(.init(imageURL: imageURL, header: "H", message: "M", buttons: twoButtons, themes: bothThemes)) }
func fullImage() -> Braze.InAppMessage { .fullImage(.init(imageURL: imageURL, buttons: twoButtons, themes: bothThemes)) }
func html(legacy: Bool = false) -> Braze.InAppMessage { .html(.init(message: "<p>hi</p>", legacy: legacy)) }
func control() -> Braze.InAppMessage { .control(.init()) }
