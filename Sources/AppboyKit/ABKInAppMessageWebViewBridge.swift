import Foundation
import InAppContent
import InAppCore
import InAppRendering

/// The headless web view of a displayed HTML message, with its script bridge (upstream: the HTML message view
/// controller's `WKWebView` and `ABKInAppMessageWebViewBridge`). The message's document loads into a
/// ``ContentPage`` with the page's own JavaScript (JavaScriptCore; the documented subset without it), sized and
/// themed by the simulated device. `appboyBridge` (and its newer name `brazeBridge`) calls and the page's
/// navigations are translated as the legacy SDK does on a device:
///
/// - `closeMessage()` dismisses; `logClick(id?)` logs a button click (a body click without an id) and keeps the
///   message; `logCustomEvent(name, props?)` and `logPurchase(...)` go to `Appboy.sharedInstance()` (so they can
///   trigger other messages); every call, `requestImmediateDataFlush()` and `getUser().set…` included, is a
///   `script` trace event named after the method, with its arguments as JSON.
/// - `appboy://close` dismisses; `appboy://customEvent?name=N&k=v…` logs a custom event with string properties and
///   keeps the message; other `appboy://` hosts (`feed`: the News Feed is gone) are recorded and ignored.
/// - Any other navigation is a click: `abButtonId=0|1` names the button (a body click otherwise), the URL opens in
///   the in-app web view when it is `http(s)` without `abExternalOpen=true`/`abDeepLink=true`, outside otherwise
///   (the trace's `openURL`), and the message is dismissed.
///
/// The message's `assetUrls` that the SDK cached when its campaign arrived (the delivery engine prefetches them) are
/// served to the page for those URLs, as the localized copies are on a device: a `<script src>`, stylesheet or image
/// of the message's assets loads without a network. The page belongs to the display: made when the message is
/// presented, dropped when it is dismissed.
final class ABKInAppMessageWebViewBridge: ContentNavigationDelegate, @unchecked Sendable {
    let page: ContentPage
    let messageID: MessageID
    private let message: ABKInAppMessageHTMLBase
    private weak var controller: ABKInAppMessageController?
    private var initialLoadPending = true
    private var deviceToken: Int?
    private let device: Device

    init(message: ABKInAppMessageHTMLBase, id: MessageID, controller: ABKInAppMessageController) {
        self.messageID = id
        self.message = message
        self.controller = controller
        page = ContentPage()
        // The page's timers run on the environment's clock, in time order with the message's own.
        page.clock = controller.environment.contentClock
        device = controller.environment.device
        Self.follow(device.state, on: page)
        page.navigationDelegate = self
        page.bridgeReceiver = { [weak self] call in self?.handle(call) }
        // The message's assets the SDK cached when its campaign arrived are the page's local copies, as on a device.
        if let cache = controller.appboy?.deliveryEngine {
            for url in message.assetURLList {
                if let data = cache.cachedAsset(url) { page.registerAsset(data, for: url) }
            }
        }
        page.loadHTMLString(message.message, baseURL: message.baseURL ?? Self.defaultBaseURL)
        // The page's screen follows the device (rotation, dark mode) while the message is shown.
        deviceToken = device.addObserver { [weak page] change in
            guard let page else { return }
            Self.follow(change.new, on: page)
        }
    }

    deinit { if let deviceToken { device.removeObserver(deviceToken) } }

    private static func follow(_ device: DeviceState, on page: ContentPage) {
        page.viewport = ContentViewport(width: device.screenSize.width, height: device.screenSize.height, scale: 3,
                                        darkMode: device.appearance == .dark)
    }

    /// Where relative URLs of a message without local assets resolve.
    static let defaultBaseURL = URL(string: "https://appboy-images.com/")!

    private var trace: Trace? { controller?.environment.trace }

    // MARK: Navigation

    func page(_ page: ContentPage, decidePolicyFor request: NavigationRequest,
              decisionHandler: @escaping (NavigationPolicy) -> Void) {
        if initialLoadPending && request.type == .other {
            initialLoadPending = false
            return decisionHandler(.allow)
        }
        if request.url.isFileURL || request.isSameDocument { return decisionHandler(.allow) }
        decisionHandler(.cancel)
        process(request.url)
    }

    func process(_ url: URL) {
        guard let controller else { return }
        trace?.record(.navigation, "navigation", message: messageID, ["url": url.absoluteString])
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let rawButtonID = query.first(where: { $0.name == "abButtonId" })?.value
        let builtIn = controller.builtInUI
        // The built-in UI, as upstream's: every followed link replaces the click it remembers with the link's button
        // id (any id; none for a link without one, except that a full-page HTML message counts that as a body click
        // unless the UI delegate takes the link over); the remembered click is logged as the message leaves.
        let remembered: Click.Target? = rawButtonID.flatMap { $0.isEmpty ? nil : Click.Target.button(id: $0) }
        func rememberedClick(_ action: ClickAction, bodyCounts: Bool, keepsMessage: Bool) -> Click {
            let body = bodyCounts && message is ABKInAppMessageHTMLFull
            return Click(target: remembered ?? .body, action: action, keepsMessage: keepsMessage,
                         logging: remembered != nil || body ? .whenDismissed : .clearsRemembered)
        }
        // The built-in UI's delegate sees every followed link first (close and custom-event links too); taking it
        // over leaves the message on screen with nothing else done, as upstream.
        if let ui = builtIn, ui.uiDelegateHandlesHTMLClick(message, url: url, buttonID: rawButtonID ?? "") {
            _ = controller.presenter.click(messageID, rememberedClick(.none, bodyCounts: false, keepsMessage: true))
            return
        }
        if url.scheme?.lowercased() == "appboy" {
            switch url.host?.lowercased() {
            case "close":
                if builtIn != nil {
                    _ = controller.presenter.click(messageID, rememberedClick(.none, bodyCounts: true, keepsMessage: true))
                }
                _ = controller.presenter.dismiss(messageID, cause: .user)
            case "customevent":
                if builtIn != nil {
                    _ = controller.presenter.click(messageID, rememberedClick(.none, bodyCounts: false, keepsMessage: true))
                }
                let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                guard let name = items.first(where: { $0.name == "name" })?.value, !name.isEmpty else {
                    trace?.record(.diagnostic, "invalidCustomEventLink", message: messageID, ["url": url.absoluteString])
                    return
                }
                var properties: [AnyHashable: Any] = [:]
                for item in items where item.name != "name" { properties[item.name] = item.value ?? "" }
                Appboy.sharedInstance()?.logCustomEvent(name, withProperties: properties)
            default:
                trace?.record(.diagnostic, "unsupportedAppboyLink", message: messageID, ["url": url.absoluteString])
            }
            return
        }
        func flag(_ name: String) -> Bool { query.first { $0.name == name }?.value?.lowercased() == "true" }
        let scheme = url.scheme?.lowercased() ?? ""
        let inWebView = (scheme == "http" || scheme == "https") && !flag("abExternalOpen") && !flag("abDeepLink")
        if builtIn != nil {
            _ = controller.presenter.click(messageID, rememberedClick(.url(url, inWebView: inWebView), bodyCounts: true, keepsMessage: false))
            return
        }
        var target = Click.Target.body
        if let raw = rawButtonID {
            if raw == "0" || raw == "1" { target = .button(id: raw) }
            else { trace?.record(.diagnostic, "invalidButtonId", message: messageID, ["abButtonId": raw]) }
        }
        _ = controller.presenter.click(messageID, Click(target: target, action: .url(url, inWebView: inWebView)))
    }

    // MARK: Script bridge

    func handle(_ call: BridgeCall) {
        guard let controller else { return }
        let arguments = call.arguments
        trace?.record(.script, call.path, message: messageID, ["arguments": ScriptValue.array(arguments).description])
        func string(_ i: Int) -> String? { i < arguments.count ? arguments[i].stringValue : nil }
        func bad(_ i: Int, _ expected: String) {
            trace?.record(.diagnostic, "invalidBridgeArgument", message: messageID,
                          ["method": call.path, "index": String(i), "expected": expected])
        }
        switch call.path {
        case "closeMessage":
            _ = controller.presenter.dismiss(messageID, cause: .user)
        case "logClick":
            let id = string(0).flatMap { $0.isEmpty ? nil : $0 }
            _ = controller.presenter.click(messageID, Click(target: id.map { .button(id: $0) } ?? .body, action: .none,
                                                            keepsMessage: true))
        case "logCustomEvent":
            guard let name = string(0), !name.isEmpty else { return bad(0, "string") }
            var properties: [AnyHashable: Any]?
            if arguments.count > 1, case .object(let o) = arguments[1] {
                properties = Dictionary(uniqueKeysWithValues: o.compactMap { k, v in v.foundationValue.map { (AnyHashable(k), $0) } })
            }
            Appboy.sharedInstance()?.logCustomEvent(name, withProperties: properties)
        case "logPurchase":
            guard let product = string(0) else { return bad(0, "string") }
            guard arguments.count > 1, case .number(let price) = arguments[1] else { return bad(1, "number") }
            Appboy.sharedInstance()?.logPurchase(product, inCurrency: string(2) ?? "USD",
                                                 atPrice: NSDecimalNumber(value: price))
        default:
            break   // getUser().set…, requestImmediateDataFlush, …: recorded above
        }
    }
}
