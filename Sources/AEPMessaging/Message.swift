import Foundation
import InAppCore
@_spi(OpenInApp) import AEPServices
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// An in-app message from Adobe Journey Optimizer (AEPMessaging `Message`). `Messaging` creates one each time
/// a rule qualifies an in-app proposition item; it wraps a `FullscreenMessage` and is that message's listener
/// (see `Message+FullscreenMessageDelegate.swift`).
///
/// Tracking: with `autoTrack` (default true) the message sends `trigger`, `display`, `dismiss` and
/// `suppressDisplay` Edge events itself; interactions from `adbinapp://` links are always sent. Messages that did
/// not come from a proposition (e.g. built with `init(id:html:mobileParameters:)`) send nothing. Sent events are in
/// `MessagingEventLog.current`, `EdgeNetwork.current.events` and the trace.
public class Message: NSObject, Identifiable, @unchecked Sendable {
    private struct State {
        var id: String
        var autoTrack = true
        var metadata: [String: Any] = [:]
        var fullscreenMessage: FullscreenMessage?
        var assets: [String: String]?
    }
    private let state: Locked<State>
    /// The Messaging extension that created the message.
    weak var parent: Messaging?
    let propositionInfo: PropositionInfo?
    let environment: MessagingEnvironment

    init(parent: Messaging?, id: String, propositionInfo: PropositionInfo?) {
        state = Locked(State(id: id))
        self.parent = parent
        self.propositionInfo = propositionInfo
        environment = MessagingEnvironment.current
        super.init()
    }

    /// Builds a message outside of any proposition (no tracking), for tests of integration code:
    /// `html` is the content, `mobileParameters` the AJO layout parameters (see `MessageSettings`), `metadata` the
    /// campaign's meta. Its full-screen message comes from `ServiceProvider.shared.uiService`.
    public convenience init(id: String, html: String, mobileParameters: [String: Any]? = nil, metadata: [String: Any] = [:]) {
        self.init(parent: nil, id: id, propositionInfo: nil)
        self.metadata = metadata
        let parameters = mobileParameters.map { JSONValue(any: $0) }
        attachFullscreenMessage(html: html, settings: InAppSchemaData.messageSettings(from: parameters, parent: self),
                                remoteAssets: nil)
    }

    /// Creates the full-screen message through the UI service (as upstream, a custom service that returns
    /// something else leaves the message without one, and its UI calls do nothing).
    func attachFullscreenMessage(html: String, settings: MessageSettings, remoteAssets: [String]?) {
        let usesLocalImages = !(remoteAssets ?? []).isEmpty
        let presentable = ServiceProvider.provider(for: environment).uiService.createFullscreenMessage(
            payload: html, listener: self, isLocalImageUsed: usesLocalImages, settings: settings)
        let fullscreen = presentable as? FullscreenMessage
        state.withLock { $0.fullscreenMessage = fullscreen }
        if usesLocalImages {
            let map = Messaging.cachedAssetMap(for: remoteAssets ?? [], in: environment)
            state.withLock { $0.assets = map }
            fullscreen?.setAssetMap(map)
        }
    }

    /// The proposition item id.
    public var id: String {
        get { state.withLock { $0.id } }
        set { state.withLock { $0.id = newValue } }
    }

    /// Whether the message tracks its own lifecycle events (default true).
    public var autoTrack: Bool {
        get { state.withLock { $0.autoTrack } }
        set { state.withLock { $0.autoTrack = newValue } }
    }

    /// The message's web view (a `WKWebView`) once built; it exists when the delegate is asked
    /// `shouldShowMessage`, and is nil after dismissal.
    public var view: UIView? { fullscreenMessage?.webView }

    /// The campaign's `meta` values.
    public var metadata: [String: Any] {
        get { state.withLock { $0.metadata } }
        set { state.withLock { $0.metadata = newValue } }
    }

    var fullscreenMessage: FullscreenMessage? { state.withLock { $0.fullscreenMessage } }
    var assets: [String: String]? { state.withLock { $0.assets } }

    /// Shows the message **without** asking the delegate's `shouldShowMessage` (it still gets `onShow`).
    public func show() { show(withMessagingDelegateControl: false) }

    /// Shows the message; with `callDelegate` the delegate's `shouldShowMessage` decides (rule-triggered shows).
    func show(withMessagingDelegateControl callDelegate: Bool) {
        fullscreenMessage?.show(withMessagingDelegateControl: callDelegate)
    }

    /// Dismisses the message. With `autoTrack` and without `suppressAutoTrack` it first sends a `dismiss` event;
    /// the listener's `onDismiss` then sends another one (upstream's double dismiss event, kept on purpose).
    public func dismiss(suppressAutoTrack: Bool = false) {
        if autoTrack && !suppressAutoTrack { track(nil, withEdgeEventType: .dismiss) }
        fullscreenMessage?.dismiss()
    }

    /// Writes a `display` event-history record without sending an Edge event (keeps frequency rules accurate
    /// when the app shows the message itself or suppresses it).
    public func recordDisplay() { recordEventHistory(eventType: .display, interaction: nil) }

    /// Sends an Edge tracking event for this message; a silent no-op when it did not come from a proposition.
    /// `autoTrack` is not consulted.
    public func track(_ interaction: String? = nil, withEdgeEventType eventType: MessagingEdgeEventType) {
        guard let info = propositionInfo else {
            environment.trace.record(.diagnostic, "trackIgnored", message: traceID,
                                     ["eventType": eventType.toString(), "reason": "no proposition info"])
            return
        }
        let xdm = PropositionInteraction.xdm(eventType: eventType, interaction: interaction ?? "", info: info,
                                             itemId: nil, tokens: nil)
        PropositionInteraction.send(xdm: xdm, about: id, eventType: eventType, interaction: interaction,
                                    environment: environment, traceID: traceID)
    }

    /// Writes an event-history record (skipped without proposition info or activity id).
    func recordEventHistory(eventType: MessagingEdgeEventType, interaction: String?) {
        PropositionInteraction.recordHistory(about: id, eventType: eventType, activityId: propositionInfo?.activityId ?? "",
                                             interaction: interaction, environment: environment, traceID: traceID)
    }

    /// A rule qualified the message: `trigger` event (autoTrack) and history record.
    func trigger() {
        if autoTrack { track(nil, withEdgeEventType: .trigger) }
        recordEventHistory(eventType: .trigger, interaction: nil)
    }

    /// Registers a handler for script messages named `name` posted by the message's HTML; the first handler for a
    /// name wins. Does nothing when the message has no full-screen message.
    public func handleJavascriptMessage(_ name: String, withHandler handler: @escaping (Any?) -> Void) {
        fullscreenMessage?.handleJavascriptMessage(name, withHandler: handler)
    }

    /// The id used for this message in the trace: its full-screen message's (normally `id`).
    var traceID: MessageID { fullscreenMessage?.traceID ?? MessageID(id) }

    public override var description: String { "Message(id: \(id))" }

    // MARK: Android (messaging 2.x) spellings

    /// Android `getId()`.
    public func getId() -> String { id }
    /// Android `getWebView()`.
    public func getWebView() -> UIView? { view }
    /// Kotlin property spelling of `getWebView()`.
    public var webView: UIView? { view }
    /// Android `dismiss(boolean suppressAutoTrack)`.
    public func dismiss(_ suppressAutoTrack: Bool) { dismiss(suppressAutoTrack: suppressAutoTrack) }
    /// Android `track(String interaction, MessagingEdgeEventType eventType)`.
    public func track(_ interaction: String?, _ eventType: MessagingEdgeEventType) {
        track(interaction, withEdgeEventType: eventType)
    }
    /// Android `handleJavascriptMessage(String name, AdobeCallback<String> callback)`: the body arrives as a
    /// String (non-string bodies as their description). Disfavoured so a trailing closure picks the iOS method.
    @_disfavoredOverload
    public func handleJavascriptMessage(_ name: String, _ callback: @escaping (String?) -> Void) {
        handleJavascriptMessage(name, withHandler: { body in
            callback(body.map { ($0 as? String) ?? String(describing: $0) })
        })
    }
    /// Android `evaluateJavascript(String content)`: runs `content` in the message's web view, if any.
    public func evaluateJavascript(_ content: String) {
        guard let webView = view as? WKWebView else {
            environment.trace.record(.diagnostic, "evaluateJavascriptIgnored", message: traceID, ["reason": "no web view"])
            return
        }
        let box = UncheckedWebView(webView: webView)
        environment.main.execute { box.webView.evaluateJavaScript(content, completionHandler: nil) }
    }
    /// Android `getParent()`: the Messaging extension that created the message (not a `Message`).
    public func getParent() -> Any? { parent }
    /// Android `setAutoTrack(boolean)`.
    public func setAutoTrack(_ enabled: Bool) { autoTrack = enabled }
    /// Android `getAutoTrack()`.
    public func getAutoTrack() -> Bool { autoTrack }
}

private struct UncheckedWebView: @unchecked Sendable { let webView: WKWebView }
