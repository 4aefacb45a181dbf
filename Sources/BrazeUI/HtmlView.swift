import Foundation
import BrazeKit
import InAppCore
import InAppRendering
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

extension BrazeInAppMessageUI {
    /// The stock view of an HTML message: a `WKWebView` (the headless content model on Linux) loads the
    /// document; link navigations are intercepted and handled with Braze's link conventions, and
    /// `brazeBridge` / `appboyBridge` calls reach `handleBridgeCall(_:arguments:)`. Drive it through
    /// `webView` (`tap(elementID:)`, `evaluateJavaScript`) or the UI's simulation API (Docs/Braze.md).
    open class HtmlView: UIView, InAppMessageView, WKNavigationDelegate {
        /// How the view animates in and out.
        public enum Animation: Sendable, Hashable {
            /// Slide for legacy messages, fade otherwise.
            case auto
            case fade
            case slide
        }

        public struct Attributes: Sendable {
            public var animation = Animation.auto
            /// Count links without `abButtonId` as body clicks (always the case for legacy messages).
            public var automaticBodyClicks = false
            /// Honour `target="_blank"` links by opening them over the message (the message stays).
            public var linkTargetSupport = true
            public var allowInspector = true
            /// Configures the web view before it is created.
            public var configure: (@Sendable (WKWebViewConfiguration) -> Void)?
            public var onPresent: (@Sendable (HtmlView) -> Void)?
            public var onLayout: (@Sendable (HtmlView) -> Void)?
            public var onTheme: (@Sendable (HtmlView) -> Void)?
            public init() {}

            // Process-wide as upstream; a test with its own environment (parallel tests) sets and sees its own.
            private static let store = EnvironmentSetting(Attributes())
            public static var defaults: Attributes {
                get { store.value }
                set { store.value = newValue }
            }
        }

        public var message: Braze.InAppMessage.Html
        public let attributes: Attributes
        public private(set) var presented: Bool
        let environment: MessagingEnvironment
        /// The web view showing the message (created by `setupWebView()`, when the view is presented).
        public private(set) var webView: WKWebView?
        /// The base URL of documents loaded without assets.
        public static let defaultBaseURL = URL(string: "https://iamcache.braze")!
        private var initialLoadPending = false

        public init(message: Braze.InAppMessage.Html, attributes: Attributes = .defaults, presented: Bool = false) {
            self.message = message; self.attributes = attributes; self.presented = presented
            environment = MessagingEnvironment.current
            super.init(frame: .zero)
            prefersStatusBarHidden = true
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("init(coder:) is not available") }


        /// Animation length in seconds: 0.4 for slide (or auto on a legacy message), else 0.25.
        public var animationDuration: Double {
            attributes.animation == .slide || (attributes.animation == .auto && message.legacy) ? 0.4 : 0.25
        }

        open func present(completion: (() -> Void)? = nil) {
            prefersStatusBarHidden = true
            if webView == nil {
                setupWebView()
                loadMessage()
            }
            StockView.present(self, setPresented: { presented = $0 }, onPresent: { attributes.onPresent?(self) },
                              completion: completion)
        }

        /// Creates the web view: configuration (passed to `attributes.configure`), navigation delegate, bridge.
        open func setupWebView() {
            let configuration = WKWebViewConfiguration()
            attributes.configure?(configuration)
            let view = WKWebView(frame: .zero, configuration: configuration)
            view.navigationDelegate = self
            #if !canImport(Darwin)
            // The page's timers run on the environment's clock, in time order with the message's own.
            view.page.clock = environment.contentClock
            view.bridgeReceiver = { [weak self] call in
                self?.handleBridgeCall("\(call.root.rawValue).\(call.path)",
                                       arguments: call.arguments.map { JSONValue(any: $0.foundationValue) })
            }
            #endif
            addSubview(view)
            webView = view
        }

        /// Loads the document: `message.message` with `baseURL` (or `https://iamcache.braze`). The message's
        /// `assetURLs` that the SDK has cached (its delivery engine prefetches them when campaigns arrive) are served
        /// to the page for those URLs, as the localized copies are on a device: a `<script src>`, stylesheet or image
        /// of the message's assets loads without a network.
        open func loadMessage() {
            guard let webView else { return }
            #if !canImport(Darwin)
            syncPageViewport()
            if !message.assetURLs.isEmpty, let engine = hostingUI?.brazeInstance(for: self)?.deliveryEngine {
                for url in message.assetURLs {
                    if let data = engine.cachedAsset(url) { webView.page.registerAsset(data, for: url) }
                }
            }
            #endif
            initialLoadPending = true
            _ = webView.loadHTMLString(message.message, baseURL: message.baseURL ?? Self.defaultBaseURL)
        }

        /// What the page's scripts see of the screen: the simulated device's screen and dark mode (`innerWidth`,
        /// `matchMedia`, `resize` and media `change` events follow rotation and appearance changes).
        func syncPageViewport() {
            #if !canImport(Darwin)
            guard let webView else { return }
            let device = environment.device.state
            webView.page.viewport = ContentViewport(width: device.screenSize.width, height: device.screenSize.height, scale: 3,
                                                    darkMode: device.appearance == .dark)
            #endif
        }

        /// Lets the initial load and file URLs through; intercepts link activations, new-window requests and
        /// main-frame navigations (cancelled, then handled by `processNavigation(to:isTransientOpen:)`).
        open func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                          decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
            guard let url = navigationAction.request.url, !url.isFileURL else { return decisionHandler(.allow) }
            if initialLoadPending && navigationAction.navigationType == .other {
                initialLoadPending = false
                return decisionHandler(.allow)
            }
            let newWindow = navigationAction.targetFrame == nil
            guard newWindow || navigationAction.targetFrame?.isMainFrame == true else { return decisionHandler(.allow) }
            decisionHandler(.cancel)
            processNavigation(to: url, isTransientOpen: newWindow && navigationAction.navigationType == .linkActivated)
        }

        open func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            initialLoadPending = false
        }

        /// A failed load dismisses the message without animation (`webViewNavigation` logged).
        open func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Swift.Error) {
            logError(.webViewNavigation(String(describing: error)))
            message.animateOut = false
            dismiss(completion: nil)
        }

        open func dismiss(completion: (() -> Void)? = nil) {
            StockView.dismiss(self, setPresented: { presented = $0 }, completion: completion)
        }

        // MARK: Links

        private static let transientSchemes: Set<String> = ["http", "https", "mailto", "tel", "facetime", "facetime-audio", "sms"]

        /// Handles a navigation the message's document started.
        ///
        /// - `appboy://close` dismisses; `appboy://customEvent?name=N&k=v…` logs a custom event (string
        ///   properties) and keeps the message; other `appboy://` hosts are ignored (recorded).
        /// - Otherwise the link is a click: `abButtonId=0|1` logs a button click (other values are rejected
        ///   with `webViewQuery`); without it a body click is logged only for legacy messages or with
        ///   `automaticBodyClicks`. `abExternalOpen=true` or `abDeepLink=true` open outside the in-app web view;
        ///   plain http(s) links open in it. Then `shouldProcess` is asked and, unless the navigation is a
        ///   transient open (`isTransientOpen` with link target support and a web/contact scheme), the
        ///   message is dismissed.
        open func processNavigation(to url: URL, isTransientOpen: Bool = false) {
            guard let ui = hostingUI else { return }
            let trace = environment.trace
            trace.record(.navigation, "navigation", message: ui.displayedID(of: self), ["url": url.absoluteString])
            if url.scheme?.lowercased() == "appboy" {
                switch url.host?.lowercased() {
                case "close":
                    dismiss(completion: nil)
                case "customevent":
                    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                    guard let name = items.first(where: { $0.name == "name" })?.value, !name.isEmpty else {
                        logError(.webViewScheme("invalidCustomEvent(\(url.absoluteString))"))
                        return
                    }
                    var props: [String: Any] = [:]
                    for item in items where item.name != "name" { props[item.name] = item.value ?? "" }
                    if let braze = ui.brazeInstance(for: self) {
                        braze.logCustomEvent(name: name, properties: props)
                    } else {
                        logError(.webViewScheme("noBrazeInstance(\(url.absoluteString))"))
                    }
                default:
                    logError(.webViewScheme("invalidAction(\(url.absoluteString))"))
                }
                return
            }
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func flag(_ name: String) -> Bool { query.first { $0.name == name }?.value?.lowercased() == "true" }
            var buttonId: String?
            var logsClick = message.legacy || attributes.automaticBodyClicks
            if let raw = query.first(where: { $0.name == "abButtonId" }) {
                if raw.value == "0" || raw.value == "1" {
                    buttonId = raw.value
                    logsClick = true
                } else {
                    logError(.webViewQuery("invalidButtonId(\(raw.value ?? "nil"))"))
                    logsClick = false
                }
            }
            let scheme = url.scheme?.lowercased() ?? ""
            let web = scheme == "http" || scheme == "https"
            let external = flag("abExternalOpen") || flag("abDeepLink")
            let action = Braze.InAppMessage.ClickAction.url(url, useWebView: web && !external)
            let transient = isTransientOpen && attributes.linkTargetSupport && Self.transientSchemes.contains(scheme)
            ui.click(on: self, buttonId: buttonId, action: action, keepsMessage: transient, logsClick: logsClick)
        }

        // MARK: Script bridge

        /// Handles a call of the message's JavaScript interface (`brazeBridge.<name>(…)`, or the deprecated
        /// `appboyBridge`): `closeMessage`, `logClick`, `logCustomEvent`, `logPurchase`, `changeUser`,
        /// `requestImmediateDataFlush`, `requestPushPermission`, `getUser().<setter>` (named
        /// `"getUser().setFirstName"` etc.). Bad arguments are logged as `webViewScript` errors.
        open func handleBridgeCall(_ name: String, arguments: [JSONValue] = []) {
            guard let ui = hostingUI else { return }
            let id = ui.displayedID(of: self)
            var function = name
            for prefix in ["brazeBridge.", "appboyBridge."] where function.hasPrefix(prefix) { function.removeFirst(prefix.count) }
            environment.trace.record(.script, function, message: id, ["arguments": JSONValue.array(arguments).description])
            func string(_ i: Int) -> String? { i < arguments.count ? arguments[i].stringValue : nil }
            func bad(_ i: Int, _ type: String) { logError(.webViewScript("invalidArg(action: \(function), index: \(i), type: \(type))")) }
            let braze = ui.brazeInstance(for: self)
            switch function {
            case "closeMessage":
                dismiss(completion: nil)
            case "logClick":
                if arguments.isEmpty || arguments[0] == .null || arguments[0] == "" {
                    logClick(buttonId: nil)
                } else if let b = string(0), b.count <= 255,
                          b.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "_" || $0 == "-" }) {
                    logClick(buttonId: b)
                } else {
                    bad(0, "button id")
                }
            case "logCustomEvent":
                guard let n = string(0), !n.isEmpty else { return bad(0, "string") }
                var props: [String: Any]?
                if arguments.count > 1, case .object(let o) = arguments[1] { props = o.mapValues(\.foundationValue) }
                braze?.logCustomEvent(name: n, properties: props)
            case "logPurchase":
                guard let product = string(0) else { return bad(0, "string") }
                guard arguments.count > 1, let price = arguments[1].numberValue else { return bad(1, "number") }
                let currency = string(2) ?? "USD"
                var quantity = 1
                if arguments.count > 3, let q = arguments[3].numberValue {
                    // A quantity beyond Int (1e300, from the page's script) is a bad argument, not a trap.
                    guard let whole = Int(exactly: q.rounded(.towardZero)) else { return bad(3, "integer") }
                    quantity = whole
                }
                var props: [String: Any]?
                if arguments.count > 4, case .object(let o) = arguments[4] { props = o.mapValues(\.foundationValue) }
                braze?.logPurchase(productId: product, currency: currency, price: price, quantity: quantity, properties: props)
            case "changeUser":
                guard let user = string(0) else { return bad(0, "string") }
                braze?.changeUser(userId: user, sdkAuthSignature: string(1))
            case "requestImmediateDataFlush":
                braze?.requestImmediateDataFlush()
            case "requestPushPermission", "web.registerAppboyPushMessages":
                break
            default:
                guard function.hasPrefix("getUser().") else { return logError(.webViewScript("unknown(\(function))")) }
                if let problem = braze?.user.applyBridgeCall(String(function.dropFirst("getUser().".count)), arguments) {
                    logError(.webViewScript(problem))
                }
            }
        }
    }
}
