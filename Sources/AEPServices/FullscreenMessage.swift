import Foundation
import InAppCore
import InAppRendering
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// An HTML message presented over the app (AEPServices `FullscreenMessage`). Create one with
/// `ServiceProvider.shared.uiService.createFullscreenMessage(...)`; AEPMessaging's `Message` wraps one.
///
/// Presentation state, the one-at-a-time rule and the delegate decision live in the core `PresentationEngine`
/// of the UI service that created the message; this class translates between it and the vendor API.
///
/// - `show()` builds the `WKWebView` (on main) if there is none, then asks the engine to present: a conflict
///   check, then (with delegate control) `MessagingDelegate.shouldShowMessage` on a background thread, then
///   `onShow` on the listener and the delegate (background), then the view is added to the key window (main).
/// - `hide()` takes it off screen and keeps the web view; no callbacks. `dismiss()` takes it off screen,
///   releases the web view and calls `onDismiss` on the listener, then the delegate (main). Both are ignored
///   unless this message is the one displayed. Both complete asynchronously, on a later turn of the main queue.
/// - Animations complete immediately (upstream animates for 0.3 s); the chosen animation is traced.
///
/// **Ownership.** Upstream, `Message` → `FullscreenMessage` → listener/`settings.parent` → `Message` is a strong
/// cycle that never frees. Here, when the listener is also the settings' parent (AEPMessaging's arrangement),
/// this message holds it strongly only while a show is in progress or the message is on screen; once every
/// show has ended (dismissed, hidden, refused) it holds it weakly, so both are freed when the app lets go.
public class FullscreenMessage: NSObject, FullscreenPresentable, WKNavigationDelegate, WKScriptMessageHandler,
    @unchecked Sendable {
    static let FIT_TO_CONTENT_HANDLER_NAME = "inAppContentHeightHandler"
    static let ANIMATION_DURATION = 0.3

    /// The message's id in the engine and the trace.
    let id: MessageID
    let service: AEPUIService
    let isLocalImageUsed: Bool

    private struct State {
        var payload: String
        var payloadUsingLocalAssets: String?
        /// The local copies the asset map named (what the HTML now references instead of the remote URLs).
        var localAssetPaths: [String] = []
        var settings: MessageSettings?
        var webView: UIView?
        var backdrop: UIView?
        var strongListener: (any FullscreenMessageDelegate)?
        weak var weakListener: (any FullscreenMessageDelegate)?
        var scriptHandlers: [String: (Any?) -> Void] = [:]
        var fitToContentHeight: CGFloat?
        var initialLoadFinished = false
        /// Shows started and not yet ended (refused, dismissed or hidden).
        var activeShows = 0
        var listener: (any FullscreenMessageDelegate)? { strongListener ?? weakListener }
    }
    private let state: Locked<State>
    private lazy var scriptProxy = ScriptHandlerProxy(target: self)

    init(payload: String, listener: (any FullscreenMessageDelegate)?, isLocalImageUsed: Bool,
         service: AEPUIService, settings: MessageSettings? = nil) {
        self.service = service
        self.isLocalImageUsed = isLocalImageUsed
        id = service.makeID(parent: settings?.parent)
        state = Locked(State(payload: payload, settings: settings, strongListener: listener, weakListener: listener))
        super.init()
        releaseParentIfIdle()
    }

    private var environment: MessagingEnvironment { service.environment }
    private var trace: Trace { environment.trace }

    /// Read afresh at every callback.
    var messagingDelegate: (any MessagingDelegate)? { ServiceProvider.provider(for: service.environment).messagingDelegate }
    var listener: (any FullscreenMessageDelegate)? { state.withLock { $0.listener } }
    var payload: String { state.withLock { $0.payload } }
    var payloadUsingLocalAssets: String? { state.withLock { $0.payloadUsingLocalAssets } }
    var scriptHandlerNames: [String] { state.withLock { $0.scriptHandlers.keys.sorted() } }
    var fitToContentHeight: CGFloat? { state.withLock { $0.fitToContentHeight } }

    // MARK: Public API

    /// Size, position, animations and backdrop. Read when the web view is built and when it is laid out.
    public var settings: MessageSettings? {
        get { state.withLock { $0.settings } }
        set { state.withLock { $0.settings = newValue } }
    }

    /// The message's `WKWebView` once built (`show()` builds it before the delegate is asked); nil after dismissal.
    public internal(set) var webView: UIView? {
        get { state.withLock { $0.webView } }
        set { state.withLock { $0.webView = newValue } }
    }

    /// Same as `show(withMessagingDelegateControl: true)`.
    public func show() { show(withMessagingDelegateControl: true) }

    /// Shows the message. With `delegateControl` the messaging delegate's `shouldShowMessage` decides (on a
    /// background thread); without it the delegate is not asked, but still gets `onShow`.
    public func show(withMessagingDelegateControl delegateControl: Bool) {
        holdParent()
        if webView != nil {
            present(consultingDelegate: delegateControl)
            return
        }
        environment.main.execute { [self] in
            if webView == nil { buildWebView() }
            present(consultingDelegate: delegateControl)
        }
    }

    /// Takes the message off screen but keeps its web view (and its state) for a later `show()`; frees the
    /// display for another message. No callbacks. Ignored unless this message is displayed.
    public func hide() {
        onMainLater { [self] in
            guard service.engine.hide(id) else { return }
            let (view, backdrop) = state.withLock { ($0.webView, $0.backdrop) }
            backdrop?.removeFromSuperview()
            view?.removeFromSuperview()
            view?.frame = frames().beforeShow
            recordAnimation("hide", settings?.dismissAnimation)
            endShow()
        }
    }

    /// Takes the message off screen, releases its web view and calls `onDismiss` on the listener and the
    /// delegate (main thread). Ignored unless this message is displayed.
    public func dismiss() { dismiss(cause: .app) }

    /// Registers `handler` for script messages named `name` (`window.webkit.messageHandlers.<name>.postMessage(x)`);
    /// it receives the posted body on main. The first handler for a name wins; later ones are ignored. Registration
    /// happens on a later turn of the main queue, even when called on main (as upstream).
    public func handleJavascriptMessage(_ name: String, withHandler handler: @escaping (Any?) -> Void) {
        let box = UncheckedBox(handler)
        // Always a later turn of the main queue, as upstream (`DispatchQueue.main.async`), even when called on main.
        onMainLater { [self] in
            let (added, view) = state.withLock { s -> (Bool, UIView?) in
                if s.scriptHandlers[name] != nil { return (false, nil) }
                s.scriptHandlers[name] = box.value
                return (true, s.webView)
            }
            guard added else {
                trace.record(.script, "handlerIgnored", message: id, ["name": name, "reason": "already registered"])
                return
            }
            trace.record(.script, "handlerRegistered", message: id, ["name": name])
            (view as? WKWebView)?.configuration.userContentController.add(scriptProxy, name: name)
        }
    }

    /// Replaces, in a copy of the payload used when local images are on, each key (a remote URL) by its value
    /// (a local path). nil or empty clears that copy.
    public func setAssetMap(_ map: [String: String]?) {
        state.withLock { s in
            guard let map, !map.isEmpty else { s.payloadUsingLocalAssets = nil; s.localAssetPaths = []; return }
            s.localAssetPaths = Array(map.values)
            var text = s.payload
            for (remote, local) in map { text = text.replacingOccurrences(of: remote, with: local) }
            s.payloadUsingLocalAssets = text
        }
    }

    // MARK: WKScriptMessageHandler

    public func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        let name = message.name
        let body = UncheckedBox(message.body as Any?)
        environment.main.execute { [self] in
            guard let handler = state.withLock({ $0.scriptHandlers[name] }) else {
                trace.record(.script, "messageIgnored", message: id, ["name": name])
                return
            }
            trace.record(.script, "message", message: id, ["name": name, "body": String(describing: body.value ?? "nil")])
            handler(body.value)
        }
    }

    // MARK: WKNavigationDelegate

    public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        guard let url = navigationAction.request.url else {
            trace.record(.navigation, "allow", message: id, ["reason": "no URL"])
            decisionHandler(.allow)
            return
        }
        guard let listener else {
            trace.record(.navigation, "allow", message: id, ["url": url.absoluteString, "reason": "no listener"])
            decisionHandler(.allow)
            return
        }
        trace.record(.callback, "listener.overrideUrlLoad", message: id, ["url": url.absoluteString])
        if listener.overrideUrlLoad(message: self, url: url.absoluteString) {
            trace.record(.navigation, "allow", message: id, ["url": url.absoluteString])
            decisionHandler(.allow)
        } else {
            trace.record(.navigation, "cancel", message: id, ["url": url.absoluteString])
            decisionHandler(.cancel)
            if let delegate = messagingDelegate {
                trace.record(.callback, "urlLoaded", message: id, ["url": url.absoluteString])
                delegate.urlLoaded(url, byMessage: self)
            }
        }
    }

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        let first = state.withLock { s -> Bool in
            defer { s.initialLoadFinished = true }
            return !s.initialLoadFinished
        }
        trace.record(.navigation, "didFinish", message: id, ["initial": String(first)])
        guard first, let listener else { return }
        trace.record(.callback, "listener.webViewDidFinishInitialLoading", message: id)
        listener.webViewDidFinishInitialLoading(webView: webView)
    }

    // MARK: Android (core 2.x) spellings

    /// Android `getParent()`: the settings' parent (AEPMessaging: the `Message`).
    public func getParent() -> Any? { settings?.parent }
    /// Android `getWebView()`.
    public func getWebView() -> UIView? { webView }
    /// Android `show(boolean withMessagingDelegateControl)`.
    public func show(_ withMessagingDelegateControl: Bool) { show(withMessagingDelegateControl: withMessagingDelegateControl) }
    /// Android `openUrl(String)`: opens `url` with `UIApplication.shared.open` (ignored when it does not parse).
    public func openUrl(_ url: String) {
        guard let parsed = URL(string: url) else {
            trace.record(.diagnostic, "openUrlIgnored", message: id, ["url": url])
            return
        }
        trace.record(.navigation, "openURL", message: id, ["url": url])
        UIApplication.shared.open(parsed)
    }
    /// Android `setLocalAssetsMap(Map)`.
    public func setLocalAssetsMap(_ assetMap: [String: String]?) { setAssetMap(assetMap) }
    /// Android `setMessageSetting(MessageSettings)`.
    public func setMessageSetting(_ messageSettings: MessageSettings?) { settings = messageSettings }
    /// Android `getMessageSettings()`.
    public func getMessageSettings() -> MessageSettings? { settings }
    /// Kotlin property spelling of `getMessageSettings()`.
    public var messageSettings: MessageSettings? { settings }

    // MARK: Engine hooks

    /// Decision hook (background executor): ask the delegate, if any.
    func decideDisplay() -> Decision {
        guard let delegate = messagingDelegate else { return .show }
        trace.record(.callback, "shouldShowMessage", message: id)
        if delegate.shouldShowMessage(message: self) { return .show }
        return .suppress(Reason(PresentationError.SUPPRESSED_BY_APP_DEVELOPER.getReason()))
    }

    /// Displayed (background executor): `onShow` on listener then delegate, then put it on screen (main).
    func didShow() {
        if let listener {
            trace.record(.callback, "listener.onShow", message: id)
            listener.onShow(message: self)
        }
        if let delegate = messagingDelegate {
            trace.record(.callback, "onShow", message: id)
            delegate.onShow(message: self)
        }
        environment.main.execute { [self] in attach() }
    }

    /// A show attempt ended without display (background executor).
    func showFailed(_ reason: Reason) {
        let error = reason.code == PresentationError.SUPPRESSED_BY_APP_DEVELOPER.getReason()
            ? PresentationError.SUPPRESSED_BY_APP_DEVELOPER : PresentationError.CONFLICT
        if let listener {
            trace.record(.callback, "listener.onShowFailure", message: id)
            listener.onShowFailure()
            trace.record(.callback, "listener.onError", message: id, ["reason": error.getReason()])
            listener.onError(message: self, error: error)
        }
        endShow()
    }

    /// Dismissed (main): remove the views, release the web view, then `onDismiss` on listener and delegate.
    func didDismiss() {
        let (view, backdrop) = state.withLock { s -> (UIView?, UIView?) in
            defer { s.webView = nil; s.backdrop = nil; s.initialLoadFinished = false }
            return (s.webView, s.backdrop)
        }
        recordAnimation("dismiss", settings?.dismissAnimation)
        view?.removeFromSuperview()
        backdrop?.removeFromSuperview()
        if let listener {
            trace.record(.callback, "listener.onDismiss", message: id)
            listener.onDismiss(message: self)
        }
        if let delegate = messagingDelegate {
            trace.record(.callback, "onDismiss", message: id)
            delegate.onDismiss(message: self)
        }
        endShow()
    }

    func dismiss(cause: DismissCause) {
        onMainLater { [self] in service.engine.dismiss(id, cause: cause) }
    }

    // MARK: Internals

    private func present(consultingDelegate: Bool) {
        service.engine.present(PresentedFullscreenMessage(message: self), consultingDecision: consultingDelegate)
    }

    /// Runs `work` on a later turn of the main queue (as upstream's `DispatchQueue.main.async`), tracked so
    /// `settle()` waits for it.
    private func onMainLater(_ work: @escaping @Sendable () -> Void) {
        let main = environment.main
        if Thread.isMainThread {
            environment.background.execute { main.execute(work) }
        } else {
            main.execute(work)
        }
    }

    /// Builds the web view from the current settings and handlers and starts loading the HTML (main).
    private func buildWebView() {
        let configuration = WKWebViewConfiguration()
        configuration.allowsInlineMediaPlayback = true
        let view = WKWebView(frame: .zero, configuration: configuration)
        view.navigationDelegate = self
        view.isOpaque = false
        view.backgroundColor = .clear
        view.scrollView.bounces = false
        view.scrollView.isScrollEnabled = (settings?.gestures ?? [:]).isEmpty
        // As upstream: the settings' corner radius rounds the content (its scroll view's layer).
        view.scrollView.layer.cornerRadius = settings?.cornerRadius ?? 0
        view.scrollView.layer.masksToBounds = (settings?.cornerRadius ?? 0) > 0
        // One recognizer per configured gesture, on the web view.
        for (gesture, url) in (settings?.gestures ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let recognizer = MessageGestureRecognizer(gesture: gesture, dismissAnimation: settings?.dismissAnimation, url: url)
            #if !canImport(Darwin)
            recognizer.addHandler { [weak self] r in
                guard r.state == .ended, let r = r as? MessageGestureRecognizer else { return }
                self?.recognizerEnded(r)
            }
            #endif
            view.addGestureRecognizer(recognizer)
        }
        #if !canImport(Darwin)
        // Headless content model only (the WebKit shim): swipes and backdrop taps arrive here.
        view.gestureReceiver = { [weak self] gesture in self?.gestureRecognized(gesture) }
        // The page's timers run on the environment's clock, in time order with the message's own.
        view.page.clock = environment.contentClock
        #endif
        let fit = settings?.fitToContent == true
        if fit {
            state.withLock { s in
                if s.scriptHandlers[Self.FIT_TO_CONTENT_HANDLER_NAME] == nil {
                    s.scriptHandlers[Self.FIT_TO_CONTENT_HANDLER_NAME] = { [weak self] body in self?.contentHeightPosted(body) }
                }
            }
        }
        let (names, html, local, localPaths) = state.withLock { s -> ([String], String, Bool, [String]) in
            s.webView = view
            s.initialLoadFinished = false
            let local = isLocalImageUsed && s.payloadUsingLocalAssets != nil
            return (s.scriptHandlers.keys.sorted(), local ? s.payloadUsingLocalAssets! : s.payload, local, s.localAssetPaths)
        }
        view.frame = frames().beforeShow
        for name in names { configuration.userContentController.add(scriptProxy, name: name) }
        trace.record(.navigation, "webViewCreated", message: id, ["handlers": names.joined(separator: ","),
                                                                  "gestures": String(settings?.gestures?.count ?? 0),
                                                                  "localAssets": String(local)])
        #if !canImport(Darwin)
        // On a device the page reads the cached copies from disk; the headless page is given the files that exist,
        // under the URLs the document's references resolve to.
        if local {
            for path in localPaths {
                guard let url = URL(string: path, relativeTo: Bundle.main.bundleURL)?.absoluteURL, url.isFileURL,
                      let data = FileManager.default.contents(atPath: url.path) else { continue }
                view.page.registerAsset(data, for: url)
            }
        }
        #endif
        syncPageViewport()
        view.loadHTMLString(html, baseURL: Bundle.main.bundleURL)
    }

    /// What the page's scripts see of the screen (main): the message's visible size, the device's dark mode. A page's
    /// `innerWidth`, `matchMedia('(prefers-color-scheme: dark)')` and `resize`/`change` events follow the device.
    func syncPageViewport() {
        #if !canImport(Darwin)
        guard let view = webView as? WKWebView else { return }
        let f = frames().visible
        let device = environment.device.state
        view.page.viewport = ContentViewport(width: Double(f.width), height: Double(f.height), scale: 3,
                                             darkMode: device.appearance == .dark)
        #endif
    }

    /// A gesture on the content (main). Swipes load the URL `settings.gestures` has for them
    /// (`window.location = '<url>'`, so it goes through `overrideUrlLoad`). As upstream, a `tapBackground`
    /// entry is only reachable as a rightward swipe (its recognizer keeps UIKit's default direction) when there
    /// is no `swipeRight` entry; a tap on the backdrop of a `uiTakeover` message (attached only when it has a display
    /// animation) dismisses it directly.
    private func gestureRecognized(_ gesture: ContentGesture) {
        let displayed = service.engine.state(of: id) == .displayed
        switch gesture {
        case .backgroundTap:
            guard displayed, settings?.uiTakeover == true, state.withLock({ $0.backdrop }) != nil else {
                trace.record(.diagnostic, "backdropTapIgnored", message: id)
                return
            }
            trace.record(.navigation, "backdropTap", message: id)
            dismiss(cause: .user)
        case .swipe(let direction):
            let gestures = settings?.gestures ?? [:]
            let url: URL?
            switch direction {
            case .up: url = gestures[.swipeUp]
            case .down: url = gestures[.swipeDown]
            case .left: url = gestures[.swipeLeft]
            case .right: url = gestures[.swipeRight] ?? gestures[.tapBackground]
            }
            guard displayed, let url, let view = webView as? WKWebView else {
                trace.record(.diagnostic, "gestureIgnored", message: id, ["swipe": direction.rawValue])
                return
            }
            trace.record(.navigation, "gesture", message: id, ["swipe": direction.rawValue, "url": url.absoluteString])
            view.evaluateJavaScript("window.location = '\(url.absoluteString)'", completionHandler: nil)
        }
    }

    /// A gesture recognizer of the web view ended (main): as upstream's handler, the recognizer's URL is loaded
    /// (`window.location`, so it goes through `overrideUrlLoad`) while the message is displayed.
    private func recognizerEnded(_ recognizer: MessageGestureRecognizer) {
        guard service.engine.state(of: id) == .displayed, let url = recognizer.actionUrl, let view = webView as? WKWebView else {
            trace.record(.diagnostic, "gestureIgnored", message: id, ["recognizer": "\(recognizer.gesture)"])
            return
        }
        trace.record(.navigation, "gesture", message: id, ["recognizer": "\(recognizer.gesture)", "url": url.absoluteString])
        view.evaluateJavaScript("window.location = '\(url.absoluteString)'", completionHandler: nil)
    }

    /// The fit-to-content handler: only a String body holding a number > 0 counts.
    private func contentHeightPosted(_ body: Any?) {
        guard let text = body as? String, let value = Double(text), value > 0 else {
            trace.record(.diagnostic, "contentHeightIgnored", message: id, ["body": String(describing: body ?? "nil")])
            return
        }
        state.withLock { $0.fitToContentHeight = CGFloat(value) }
        if service.engine.state(of: id) == .displayed { webView?.frame = frames().visible }
    }

    /// Puts the displayed message on screen (main).
    private func attach() {
        guard service.engine.state(of: id) == .displayed, let view = webView else { return }
        if payload.isEmpty {
            trace.record(.diagnostic, "emptyPayload", message: id)
            if service.engine.hide(id) { endShow() }
            return
        }
        let f = frames()
        let settings = self.settings
        service.window.frame = CGRect(x: 0, y: 0, width: f.screenWidth, height: f.fullHeight)
        view.frame = f.visible
        view.alpha = 1
        // As upstream, the takeover backdrop is attached only on the animated path: with no display animation (the
        // default) the web view goes straight onto the window, nothing is dimmed and there is no backdrop to tap.
        if settings?.uiTakeover == true, let animation = settings?.displayAnimation, animation != .none {
            let backdrop = UIView(frame: f.backdrop)
            backdrop.backgroundColor = settings?.getBackgroundColor()
            backdrop.addSubview(view)
            state.withLock { $0.backdrop = backdrop }
            service.window.addSubview(backdrop)
        } else {
            service.window.addSubview(view)
        }
        recordAnimation("display", settings?.displayAnimation)
    }

    /// Lays the displayed message out again after the screen changed (rotation), as upstream does when the key
    /// window's frame changes (main).
    func reframe() {
        guard service.engine.state(of: id) == .displayed, let view = webView else { return }
        let f = frames()
        service.window.frame = CGRect(x: 0, y: 0, width: f.screenWidth, height: f.fullHeight)
        view.frame = f.visible
        state.withLock { $0.backdrop }?.frame = f.backdrop
        syncPageViewport()
        trace.record(.device, "messageReframed", message: id, ["width": "\(f.visible.width)", "height": "\(f.visible.height)"])
    }

    private func recordAnimation(_ phase: String, _ animation: MessageAnimation?) {
        let name = animation.map { String(describing: $0) } ?? "none"
        trace.record(.timer, "animation", message: id, ["phase": phase, "animation": name,
                                                        "duration": "0 (upstream \(name == "none" ? 0 : Self.ANIMATION_DURATION))"])
    }

    // MARK: Ownership (see the type's documentation)

    private func holdParent() {
        state.withLock { s in
            s.activeShows += 1
            if s.strongListener == nil, let l = s.weakListener { s.strongListener = l }
            s.settings?.strengthenParent()
        }
    }

    private func endShow() {
        state.withLock { s in s.activeShows = max(0, s.activeShows - 1) }
        releaseParentIfIdle()
    }

    private func releaseParentIfIdle() {
        // The released parent may be freed as soon as the last strong reference goes: keep it until the lock is
        // no longer held, so its deinit never runs under this message's lock.
        let released: (any FullscreenMessageDelegate)? = state.withLock { s in
            guard s.activeShows == 0, let listener = s.listener, let settings = s.settings,
                  settings.parentIs(listener) else { return nil }
            s.weakListener = listener
            s.strongListener = nil
            settings.weakenParent()
            return listener
        }
        withExtendedLifetime(released) {}
    }

    // MARK: Layout (points)

    struct Frames {
        var visible: CGRect
        var beforeShow: CGRect
        var afterDismiss: CGRect
        var backdrop: CGRect
        var screenWidth: CGFloat
        var fullHeight: CGFloat
    }

    /// Upstream's frame math on the simulated device: the status bar height is the safe top.
    func frames() -> Frames {
        let device = environment.device.state
        let s = settings
        let screenW = CGFloat(device.screenSize.width)
        let fullH = CGFloat(device.screenSize.height)
        let safeTop = CGFloat(device.statusBarHeight)
        let screenH = s?.verticalAlign == .bottom ? fullH : fullH - safeTop
        var width = s?.width.map { screenW * CGFloat($0) / 100 } ?? screenW
        if let maxWidth = s?.maxWidth { width = min(width, CGFloat(maxWidth)) }
        let height = fitToContentHeight.map { min($0, screenH) } ?? (s?.height.map { screenH * CGFloat($0) / 100 } ?? screenH)
        let x: CGFloat
        let y: CGFloat
        if let s {
            let hInset = s.horizontalInset.map { screenW * CGFloat($0) / 100 }
            switch s.horizontalAlign {
            case .left?: x = hInset ?? 0
            case .right?: x = screenW - width - (hInset ?? 0)
            default: x = (screenW - width) / 2
            }
            let vInset = s.verticalInset.map { screenH * CGFloat($0) / 100 }
            switch s.verticalAlign {
            case .top?: y = (vInset ?? 0) + safeTop
            case .bottom?: y = screenH - height - (vInset ?? 0)
            default: y = (screenH - height) / 2 + safeTop
            }
        } else {
            x = 0
            y = safeTop
        }
        let visible = CGRect(x: x, y: y, width: width, height: height)
        func offscreen(_ animation: MessageAnimation?) -> CGRect {
            switch animation {
            case .top?: return CGRect(x: x, y: -(height + y), width: width, height: height)
            case .bottom?: return CGRect(x: x, y: screenH, width: width, height: height)
            case .right?: return CGRect(x: screenW, y: y, width: width, height: height)
            case .left?: return CGRect(x: -(screenW + x), y: y, width: width, height: height)
            case .center?: return CGRect(x: screenW / 2, y: screenH / 2, width: 0, height: 0)
            default: return visible
            }
        }
        return Frames(visible: visible, beforeShow: offscreen(s?.displayAnimation), afterDismiss: offscreen(s?.dismissAnimation),
                      backdrop: CGRect(x: 0, y: 0, width: screenW, height: screenH + safeTop),
                      screenWidth: screenW, fullHeight: fullH)
    }
}

/// Registered with the web view's content controller instead of the message itself, so the web view does not
/// keep the message alive.
private final class ScriptHandlerProxy: WKScriptMessageHandler {
    weak var target: FullscreenMessage?
    init(target: FullscreenMessage) { self.target = target }
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        target?.userContentController(userContentController, didReceive: message)
    }
}

/// Carries a value the compiler cannot prove `Sendable` across an executor hop; the code using it makes sure
/// the value is used safely (handlers run on main, bodies are read once).
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension FullscreenMessage {
    /// The id this message has in the core engine and the trace (for AEPMessaging's analytics records).
    @_spi(OpenInApp) public var traceID: MessageID { id }
    /// The environment whose engine presents this message.
    @_spi(OpenInApp) public var traceEnvironment: MessagingEnvironment { service.environment }
}
