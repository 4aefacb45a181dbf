// A headless stand-in for Apple's WebKit, built only where WebKit does not exist (see Package.swift).
// `WKWebView` wraps an InAppContent `ContentPage`: HTML is parsed into a DOM, navigations go through the
// navigation delegate, `webkit.messageHandlers` posts reach the user content controller's handlers, and
// scripts run through the documented subset (Docs/ContentModel.md). Callbacks are synchronous: they all
// happen before the triggering call returns, unless a delegate keeps its decision handler for later.
@_exported import UIKit
@_exported import InAppContent
import Foundation
#if canImport(FoundationNetworking)
// URLRequest lives here on Linux; re-exported because WebKit's API is spelled with it.
@_exported import FoundationNetworking
#endif

// MARK: - Navigation values

/// Why a navigation happens.
public enum WKNavigationType: Int, Sendable {
    case linkActivated = 0, formSubmitted = 1, backForward = 2, reload = 3, formResubmitted = 4, other = -1

    init(_ type: NavigationType) {
        switch type {
        case .linkActivated: self = .linkActivated
        case .formSubmitted: self = .formSubmitted
        case .backForward: self = .backForward
        case .reload: self = .reload
        case .formResubmitted: self = .formResubmitted
        case .other: self = .other
        }
    }
}

/// Whether a navigation may proceed.
public enum WKNavigationActionPolicy: Int, Sendable {
    case cancel = 0, allow = 1
}

/// Identifies one navigation; the object returned by a load is the one passed to `didFinish`/`didFail`.
public final class WKNavigation: Sendable {
    /// The `ContentPage` navigation id (headless extra).
    public let navigationID: Int
    init(navigationID: Int) { self.navigationID = navigationID }
}

/// The frame a navigation comes from or goes to. Headless pages have one frame, the main frame.
open class WKFrameInfo: @unchecked Sendable {
    /// Always true here (no iframes are loaded).
    public let isMainFrame: Bool
    /// The frame's current request.
    public let request: URLRequest
    public init(isMainFrame: Bool = true, request: URLRequest) {
        self.isMainFrame = isMainFrame; self.request = request
    }
}

/// A navigation awaiting a policy decision.
open class WKNavigationAction: @unchecked Sendable {
    /// The request, with `httpMethod`/`httpBody` for form submissions.
    open var request: URLRequest
    /// Why it happens.
    open var navigationType: WKNavigationType
    /// nil when a link or form targets a new window (`target="_blank"`).
    open var targetFrame: WKFrameInfo?
    /// The frame that started the navigation.
    open var sourceFrame: WKFrameInfo
    /// The underlying content-model request, when created by a `WKWebView` (headless extra).
    public let contentRequest: NavigationRequest?

    public init(request: URLRequest, navigationType: WKNavigationType, targetFrame: WKFrameInfo?,
                sourceFrame: WKFrameInfo, contentRequest: NavigationRequest? = nil) {
        self.request = request; self.navigationType = navigationType
        self.targetFrame = targetFrame; self.sourceFrame = sourceFrame; self.contentRequest = contentRequest
    }
}

// MARK: - Delegates

/// Decides navigations and observes their progress. All methods have defaults (allow; no-op).
public protocol WKNavigationDelegate: AnyObject {
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void)
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    /// The page's web content was stopped: here, its scripts used up their budget (``ContentPage/scriptTermination``).
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

public extension WKNavigationDelegate {
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) { decisionHandler(.allow) }
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}
}

/// A message a page posted with `webkit.messageHandlers.NAME.postMessage(body)`.
open class WKScriptMessage {
    /// `String`, `NSNumber`, `Bool`, `[String: Any]`, `[Any]` or `NSNull`.
    open var body: Any
    /// The handler name.
    open var name: String
    /// The web view whose page posted the message.
    open weak var webView: WKWebView?
    /// The posting frame (always the main frame here).
    open var frameInfo: WKFrameInfo

    public init(body: Any, name: String, webView: WKWebView?) {
        self.body = body; self.name = name; self.webView = webView
        frameInfo = WKFrameInfo(request: URLRequest(url: webView?.url ?? URL(string: "about:blank")!))
    }
}

/// Receives script messages.
public protocol WKScriptMessageHandler: AnyObject {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// Window features of a `window.open`/`target="_blank"` request (all unspecified here).
open class WKWindowFeatures: @unchecked Sendable {
    open var menuBarVisibility: NSNumber?
    open var statusBarVisibility: NSNumber?
    open var toolbarsVisibility: NSNumber?
    open var allowsResizing: NSNumber?
    public init() {}
}

/// UI callbacks. Only new-window requests are modelled: after a `target="_blank"` navigation is allowed,
/// `webView(_:createWebViewWith:for:windowFeatures:)` is asked; a returned web view is sent the request.
public protocol WKUIDelegate: AnyObject {
    func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
                 for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView?
}

public extension WKUIDelegate {
    func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
                 for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView? { nil }
}

// MARK: - Configuration

/// Script preferences; recorded only (scripts never run beyond the subset).
open class WKPreferences: @unchecked Sendable {
    open var javaScriptEnabled = true
    open var javaScriptCanOpenWindowsAutomatically = false
    open var minimumFontSize: CGFloat = 0
    public init() {}
}

/// Per-navigation preferences; recorded only.
open class WKWebpagePreferences: @unchecked Sendable {
    open var allowsContentJavaScript = true
    public init() {}
}

/// Media types that need a user gesture to play; recorded only.
public struct WKAudiovisualMediaTypes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let audio = WKAudiovisualMediaTypes(rawValue: 1)
    public static let video = WKAudiovisualMediaTypes(rawValue: 2)
    public static let all: WKAudiovisualMediaTypes = [.audio, .video]
}

/// When a user script is injected: before the page's scripts, or after them (before `DOMContentLoaded`).
/// User scripts run where JavaScriptCore is available; with the script subset they are stored only.
public enum WKUserScriptInjectionTime: Int, Sendable {
    case atDocumentStart = 0, atDocumentEnd = 1
}

/// A script injected into every page the web view loads (JavaScriptCore pages).
open class WKUserScript: @unchecked Sendable {
    public let source: String
    public let injectionTime: WKUserScriptInjectionTime
    public let isForMainFrameOnly: Bool
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.source = source; self.injectionTime = injectionTime; self.isForMainFrameOnly = forMainFrameOnly
    }
}

/// Holds script message handlers (shared by every web view created with the configuration).
/// Like WebKit, it keeps strong references to its handlers until they are removed.
/// Adding a second handler under a taken name (an exception in WebKit) is ignored and recorded in
/// ``ignoredDuplicateNames``.
open class WKUserContentController: @unchecked Sendable {
    /// The content-model registry behind this controller.
    public let registry = MessageHandlerRegistry()
    private let lock = NSLock()
    private var duplicates: [String] = []
    private var scripts: [WKUserScript] = []

    public init() {}

    /// Registers `scriptMessageHandler` under `name`, reachable from pages as `webkit.messageHandlers.<name>`.
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
        let added = registry.add(name: name) { [weak self] message in
            guard let self else { return }
            let webView = message.page?.host as? WKWebView
            scriptMessageHandler.userContentController(self, didReceive: WKScriptMessage(body: message.body, name: message.name, webView: webView))
        }
        if !added { lock.lock(); duplicates.append(name); lock.unlock() }
    }

    /// Removes the handler registered under `name`.
    open func removeScriptMessageHandler(forName name: String) { registry.remove(name: name) }
    /// Removes every handler.
    open func removeAllScriptMessageHandlers() { registry.removeAll() }
    /// Stores a user script (never executed).
    open func addUserScript(_ userScript: WKUserScript) { lock.lock(); scripts.append(userScript); lock.unlock() }
    /// Removes the stored user scripts.
    open func removeAllUserScripts() { lock.lock(); scripts.removeAll(); lock.unlock() }
    /// Stored user scripts.
    open var userScripts: [WKUserScript] { lock.lock(); defer { lock.unlock() }; return scripts }
    /// Names of the registered handlers, sorted (headless extra).
    public var handlerNames: [String] { registry.names }
    /// Names whose duplicate registration was ignored, oldest first (headless extra).
    public var ignoredDuplicateNames: [String] { lock.lock(); defer { lock.unlock() }; return duplicates }
}

/// Settings for a web view.
/// Web views whose configurations share a process pool run their pages' JavaScript in one JavaScriptCore VM
/// (cheaper page loads; their scripts run one at a time). Each configuration gets its own pool by default.
open class WKProcessPool: @unchecked Sendable {
    private let lock = NSLock()
    private var vm: ScriptVirtualMachine??
    public init() {}
    /// The shared VM, created on first use (nil where JavaScriptCore is not available).
    public var virtualMachine: ScriptVirtualMachine? {
        lock.lock(); defer { lock.unlock() }
        if let vm { return vm }
        let made = ScriptVirtualMachine()
        vm = .some(made)
        return made
    }
}

open class WKWebViewConfiguration: @unchecked Sendable {
    /// Message handlers and user scripts.
    open var userContentController = WKUserContentController()
    /// The JavaScript VM of the web views using this configuration.
    open var processPool = WKProcessPool()
    /// Recorded only.
    open var allowsInlineMediaPlayback = false
    /// Recorded only.
    open var suppressesIncrementalRendering = false
    /// Recorded only.
    open var preferences = WKPreferences()
    /// Recorded only.
    open var defaultWebpagePreferences = WKWebpagePreferences()
    /// Recorded only.
    open var mediaTypesRequiringUserActionForPlayback: WKAudiovisualMediaTypes = .all
    /// Document size and depth limits for pages of web views using this configuration (headless extra).
    open var contentLimits = ContentLimits.default
    /// Bounds on the scripts of pages of web views using this configuration: each run, each call into the page, the
    /// page's life (headless extra). A page that uses up its budget is stopped and the navigation delegate is told
    /// through `webViewWebContentProcessDidTerminate(_:)`.
    open var scriptLimits = ScriptLimits.default
    public init() {}
}

/// The scrolling part of a web view; headless, its settings are plain state.
open class WKWebViewScrollView: UIView {
    open var isScrollEnabled = true
    open var bounces = true
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var contentOffset = CGPoint.zero
}

// MARK: - WKWebView

/// A headless web view over an InAppContent ``ContentPage``.
///
/// Loads parse HTML synchronously; allowed navigations to non-file URLs record the URL and show an empty
/// document (there is no network). State is lock-protected, so it may be used from any thread; delegates
/// are called on the calling thread and never while a lock is held.
open class WKWebView: UIView, @unchecked Sendable {
    /// The configuration the view was created with.
    public let configuration: WKWebViewConfiguration
    /// The content model behind the view (headless extra).
    public let page: ContentPage
    /// Scrolling settings.
    public let scrollView = WKWebViewScrollView(frame: .zero)
    private let lock = NSLock()
    private var _isOpaque = true
    private var _customUserAgent: String?
    private weak var _navigationDelegate: (any WKNavigationDelegate)?
    private weak var _uiDelegate: (any WKUIDelegate)?
    private var flags: [String: Bool] = [:]

    private func flag(_ name: String, _ fallback: Bool) -> Bool { lock.lock(); defer { lock.unlock() }; return flags[name] ?? fallback }
    private func setFlag(_ name: String, _ value: Bool) { lock.lock(); flags[name] = value; lock.unlock() }

    /// Asked to create a web view for `target="_blank"` navigations; weak.
    open var uiDelegate: (any WKUIDelegate)? {
        get { lock.lock(); defer { lock.unlock() }; return _uiDelegate }
        set { lock.lock(); _uiDelegate = newValue; lock.unlock() }
    }
    /// Recorded only.
    open var allowsLinkPreview: Bool { get { flag("linkPreview", true) } set { setFlag("linkPreview", newValue) } }
    /// Recorded only.
    open var allowsBackForwardNavigationGestures: Bool { get { flag("backForward", false) } set { setFlag("backForward", newValue) } }
    /// Recorded only.
    open var isInspectable: Bool { get { flag("inspectable", false) } set { setFlag("inspectable", newValue) } }

    /// Recorded only.
    open var isOpaque: Bool {
        get { lock.lock(); defer { lock.unlock() }; return _isOpaque }
        set { lock.lock(); _isOpaque = newValue; lock.unlock() }
    }
    /// Recorded only.
    open var customUserAgent: String? {
        get { lock.lock(); defer { lock.unlock() }; return _customUserAgent }
        set { lock.lock(); _customUserAgent = newValue; lock.unlock() }
    }
    private var navigations: [Int: WKNavigation] = [:]
    private let adapter = Adapter()

    /// Creates a web view with `configuration`; its handlers are shared with the configuration.
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        self.configuration = configuration
        self.page = ContentPage(limits: configuration.contentLimits,
                                messageHandlers: configuration.userContentController.registry,
                                scriptLimits: configuration.scriptLimits,
                                virtualMachine: configuration.processPool.virtualMachine)
        super.init(frame: frame)
        adapter.webView = self
        page.host = self
        page.navigationDelegate = adapter
        let controller = configuration.userContentController
        page.userScriptSource = { [weak controller] in
            (controller?.userScripts ?? []).map {
                ContentUserScript(source: $0.source, atDocumentStart: $0.injectionTime == .atDocumentStart)
            }
        }
        addSubview(scrollView)
    }

    /// Creates a web view with a new configuration.
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, configuration: WKWebViewConfiguration())
    }

    /// Archives do not exist headlessly; declared because UIView requires it, as on a device.
    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not available") }

    /// Asked about every navigation and told about its progress; weak.
    open var navigationDelegate: (any WKNavigationDelegate)? {
        get { lock.lock(); defer { lock.unlock() }; return _navigationDelegate }
        set { lock.lock(); _navigationDelegate = newValue; lock.unlock() }
    }

    /// The current URL (`about:blank` after loading HTML without a base URL).
    open var url: URL? { page.url }
    /// True while a navigation waits for its decision.
    open var isLoading: Bool { page.isLoading }
    /// The document's title.
    open var title: String? { page.title }

    func navigation(for id: Int) -> WKNavigation {
        lock.lock(); defer { lock.unlock() }
        if let n = navigations[id] { return n }
        let n = WKNavigation(navigationID: id)
        navigations[id] = n
        if navigations.count > 64, let oldest = navigations.keys.min() { navigations[oldest] = nil }
        return n
    }

    /// Loads HTML; see ``ContentPage/loadHTMLString(_:baseURL:)``.
    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        navigation(for: page.loadHTMLString(string, baseURL: baseURL))
    }

    /// Loads a local file inside `readAccessURL`; returns nil (and logs) when it lies outside.
    @discardableResult
    open func loadFileURL(_ URL: URL, allowingReadAccessTo readAccessURL: URL) -> WKNavigation? {
        page.loadFileURL(URL, allowingReadAccessTo: readAccessURL).map(navigation(for:))
    }

    /// Navigates to the request's URL (nothing is fetched; see ``ContentPage/load(url:type:)``).
    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? {
        guard let url = request.url else { return nil }
        return page.load(url: url).map(navigation(for:))
    }

    /// Runs a script through the supported subset; the handler is called before this returns.
    open func evaluateJavaScript(_ javaScriptString: String, completionHandler: ((Any?, (any Error)?) -> Void)? = nil) {
        page.evaluateJavaScript(javaScriptString, completionHandler: completionHandler)
    }

    /// Abandons a navigation waiting for its decision.
    open func stopLoading() { page.stopLoading() }

    /// Reloads the current URL (asks the navigation delegate with type `.reload`; the document stays).
    @discardableResult
    open func reload() -> WKNavigation? { page.reload().map(navigation(for:)) }

    /// There is no history: always false.
    open var canGoBack: Bool { false }
    /// There is no history: always false.
    open var canGoForward: Bool { false }
    /// There is no history: does nothing and returns nil.
    @discardableResult open func goBack() -> WKNavigation? { nil }
    /// There is no history: does nothing and returns nil.
    @discardableResult open func goForward() -> WKNavigation? { nil }

    // MARK: Headless extras

    /// The loaded document.
    public var document: HTMLDocument { page.document }
    /// The page's event log.
    public var events: [ContentEvent] { page.events }
    /// Called for every new event (for forwarding into a facade's trace).
    public var eventObserver: ((ContentEvent) -> Void)? {
        get { page.eventObserver }
        set { page.eventObserver = newValue }
    }
    /// Receives `brazeBridge`/`appboyBridge` calls.
    public var bridgeReceiver: ((BridgeCall) -> Void)? {
        get { page.bridgeReceiver }
        set { page.bridgeReceiver = newValue }
    }
    /// Receives swipes and background taps.
    public var gestureReceiver: ((ContentGesture) -> Void)? {
        get { page.gestureReceiver }
        set { page.gestureReceiver = newValue }
    }
    /// Taps the element with this id.
    @discardableResult public func tap(elementID: String) throws(InputError) -> TapResult { try page.tap(elementID: elementID) }
    /// Taps the first element matching a CSS selector.
    @discardableResult public func tap(selector: String) throws(InputError) -> TapResult { try page.tap(selector: selector) }
    /// Taps the interactive element with this visible text.
    @discardableResult public func tap(text: String) throws(InputError) -> TapResult { try page.tap(text: text) }
    /// Taps the `index`-th button of the document.
    @discardableResult public func tapButton(at index: Int) throws(InputError) -> TapResult { try page.tapButton(at: index) }
    /// Swipes over the content.
    public func swipe(_ direction: SwipeDirection) { page.swipe(direction) }
    /// Taps outside the content.
    public func tapBackground() { page.tapBackground() }
    /// Which interactive elements a headless run can exercise.
    public func coverageReport() -> CoverageReport { page.coverageReport() }
    /// Simulates a server redirect of the current page (asks the navigation delegate again).
    @discardableResult
    public func simulateRedirect(to url: URL, html: String? = nil) -> WKNavigation? {
        page.simulateRedirect(to: url, html: html).map(navigation(for:))
    }

    /// Translates content-model callbacks into WebKit delegate calls.
    private final class Adapter: ContentNavigationDelegate, ContentScriptTerminationDelegate {
        weak var webView: WKWebView?

        func page(_ page: ContentPage, decidePolicyFor request: NavigationRequest,
                  decisionHandler: @escaping (NavigationPolicy) -> Void) {
            guard let webView, let delegate = webView.navigationDelegate else { decisionHandler(.allow); return }
            _ = webView.navigation(for: request.id)
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.httpMethod
            urlRequest.httpBody = request.httpBody
            let main = WKFrameInfo(isMainFrame: true, request: URLRequest(url: webView.url ?? URL(string: "about:blank")!))
            let action = WKNavigationAction(request: urlRequest, navigationType: WKNavigationType(request.type),
                                            targetFrame: request.targetsNewWindow ? nil : main, sourceFrame: main,
                                            contentRequest: request)
            delegate.webView(webView, decidePolicyFor: action) { policy in
                decisionHandler(policy == .allow ? .allow : .cancel)
            }
        }

        func page(_ page: ContentPage, didRequestNewWindowFor request: NavigationRequest) {
            guard let webView, let ui = webView.uiDelegate else { return }
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.httpMethod
            urlRequest.httpBody = request.httpBody
            let main = WKFrameInfo(isMainFrame: true, request: URLRequest(url: webView.url ?? URL(string: "about:blank")!))
            let action = WKNavigationAction(request: urlRequest, navigationType: WKNavigationType(request.type),
                                            targetFrame: nil, sourceFrame: main, contentRequest: request)
            if let created = ui.webView(webView, createWebViewWith: webView.configuration, for: action,
                                        windowFeatures: WKWindowFeatures()) {
                created.load(urlRequest)
            }
        }

        func page(_ page: ContentPage, didStart request: NavigationRequest) {
            guard let webView, let delegate = webView.navigationDelegate else { return }
            delegate.webView(webView, didStartProvisionalNavigation: webView.navigation(for: request.id))
        }

        func page(_ page: ContentPage, didFinish request: NavigationRequest) {
            guard let webView, let delegate = webView.navigationDelegate else { return }
            delegate.webView(webView, didFinish: webView.navigation(for: request.id))
        }

        func page(_ page: ContentPage, didFail request: NavigationRequest, error: any Error) {
            guard let webView, let delegate = webView.navigationDelegate else { return }
            delegate.webView(webView, didFail: webView.navigation(for: request.id), withError: error)
        }

        func page(_ page: ContentPage, scriptsDidTerminate reason: ScriptTermination) {
            guard let webView, let delegate = webView.navigationDelegate else { return }
            delegate.webViewWebContentProcessDidTerminate(webView)
        }
    }
}
