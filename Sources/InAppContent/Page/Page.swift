// ContentPage: the headless stand-in for a web view. It owns the current document, asks its delegate
// about every navigation, runs the script subset, delivers handler messages and bridge calls, and
// records everything in an event log. All callbacks happen before the triggering call returns, unless
// the delegate keeps a decision handler to call later.
import Foundation

/// Receives navigation decisions and progress. Every method has a default: allow, and do nothing.
public protocol ContentNavigationDelegate: AnyObject {
    /// Decide whether `request` may proceed. Call `decisionHandler` exactly once, now or later; while it is
    /// pending the page is loading. Later calls are ignored and logged.
    func page(_ page: ContentPage, decidePolicyFor request: NavigationRequest,
              decisionHandler: @escaping (NavigationPolicy) -> Void)
    /// An allowed navigation (other than a same-document or new-window one) starts.
    func page(_ page: ContentPage, didStart request: NavigationRequest)
    /// The navigation committed: the new document (possibly empty) and URL are in place.
    func page(_ page: ContentPage, didFinish request: NavigationRequest)
    /// The navigation failed; the previous document stays.
    func page(_ page: ContentPage, didFail request: NavigationRequest, error: any Error)
    /// An allowed navigation targets a new window (`target="_blank"`); the page itself stays.
    func page(_ page: ContentPage, didRequestNewWindowFor request: NavigationRequest)
}

public extension ContentNavigationDelegate {
    func page(_ page: ContentPage, decidePolicyFor request: NavigationRequest,
              decisionHandler: @escaping (NavigationPolicy) -> Void) { decisionHandler(.allow) }
    func page(_ page: ContentPage, didStart request: NavigationRequest) {}
    func page(_ page: ContentPage, didFinish request: NavigationRequest) {}
    func page(_ page: ContentPage, didFail request: NavigationRequest, error: any Error) {}
    func page(_ page: ContentPage, didRequestNewWindowFor request: NavigationRequest) {}
}

/// Named script message handlers. Shareable between pages (WebKit shares them through the configuration).
public final class MessageHandlerRegistry: @unchecked Sendable {
    /// A handler receives each message posted under its name.
    public typealias Handler = (ScriptMessage) -> Void
    private let lock = NSLock()
    private var handlers: [String: Handler] = [:]

    public init() {}

    /// Registers `handler` under `name`. Returns false, changing nothing, when the name is taken.
    @discardableResult
    public func add(name: String, handler: @escaping Handler) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard handlers[name] == nil else { return false }
        handlers[name] = handler
        return true
    }

    /// Removes the handler registered under `name`, if any.
    public func remove(name: String) { lock.lock(); handlers[name] = nil; lock.unlock() }
    /// Removes every handler.
    public func removeAll() { lock.lock(); handlers.removeAll(); lock.unlock() }
    /// Registered names, sorted.
    public var names: [String] { lock.lock(); defer { lock.unlock() }; return handlers.keys.sorted() }
    /// The handler for `name`.
    public func handler(named name: String) -> Handler? { lock.lock(); defer { lock.unlock() }; return handlers[name] }
}

/// Why running a script failed.
public enum ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The script lies outside the subset; nothing ran.
    case unsupported(ScriptUnsupported)
    /// `webkit.messageHandlers.NAME` is not registered (JavaScript would throw a TypeError); later statements did not run.
    case messageHandlerMissing(String)
    /// A bridge call was made but no bridge receiver is installed (JavaScript would throw); later statements did not run.
    case bridgeUnavailable(BridgeCall)
    /// A location assignment could not become a navigation (invalid URL, `javascript:`).
    case invalidNavigation(String)
    /// JavaScript threw or hit a limit (JavaScriptCore pages).
    case exception(ScriptFailure)

    public var description: String {
        switch self {
        case .unsupported(let u): return u.description
        case .messageHandlerMissing(let n): return "no message handler named '\(n)'"
        case .bridgeUnavailable(let c): return "no bridge receiver for \(c)"
        case .invalidNavigation(let s): return "cannot navigate to '\(s)'"
        case .exception(let f): return f.description
        }
    }
}

/// Errors of simulated input.
public enum InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing matched the target (id, selector, text or button index).
    case noSuchElement(String)
    /// The selector could not be parsed.
    case invalidSelector(SelectorError)
    /// The node belongs to a document that is no longer loaded.
    case staleElement
    /// A person could not tap the element now; the reason names the element and the style or attribute
    /// that hides it (`display: none`, `visibility: hidden`, `pointer-events: none`, `opacity: 0`, `hidden`).
    case unreachable(element: String, reason: String)

    public var description: String {
        switch self {
        case .noSuchElement(let t): return "no element matches \(t)"
        case .invalidSelector(let e): return e.description
        case .staleElement: return "the element belongs to a document that is no longer loaded"
        case .unreachable(let element, let reason): return "\(element) cannot be tapped: \(reason)"
        }
    }
}

/// What one tap did.
public enum TapAction: Sendable, Equatable {
    /// An `onclick`/`javascript:` script ran through the subset.
    case script(source: String)
    /// A script was outside the subset or failed; nothing (or only its first part) ran.
    case scriptFailed(source: String, error: ScriptError)
    /// A navigation was requested (its policy may still be pending).
    case navigation(id: Int, url: URL)
    /// A form submission was requested.
    case formSubmission(id: Int, url: URL)
    /// A checkbox or radio button changed state.
    case toggled(checked: Bool)
    /// The target refused to act (disabled, invalid or forbidden URL).
    case blocked(reason: String)
}

/// The outcome of a simulated tap.
public struct TapResult: Sendable, Equatable {
    /// The element that was tapped.
    public let element: HTMLNode
    /// Everything the tap caused, in order. Empty when the element has no action the model can see.
    public let actions: [TapAction]
    /// The navigation id of the first navigation or form submission, if any.
    public var navigationID: Int? {
        for a in actions {
            switch a {
            case .navigation(let id, _), .formSubmission(let id, _): return id
            default: continue
            }
        }
        return nil
    }
}

/// A headless web page: load HTML, decide navigations, run the script subset, simulate input.
/// Thread-safe: state is behind a lock, and no callback is made while holding it.
public final class ContentPage: @unchecked Sendable {
    private enum Payload {
        case html(String)
        case file(URL)
        case none          // http(s)/about: nothing is fetched; an empty document is shown
        case keep          // the current URL again (a reload): the current document stays
        case unsupported   // a scheme web views cannot load: the navigation fails
    }
    private struct Pending {
        let request: NavigationRequest
        let payload: Payload
        let baseURL: URL?
        let readAccess: URL?
    }
    private final class Once: @unchecked Sendable {
        private let lock = NSLock()
        private var used = false
        func take() -> Bool { lock.lock(); defer { lock.unlock() }; if used { return false }; used = true; return true }
    }

    private let lock = NSLock()
    private var _document: HTMLDocument = .empty
    private var _url: URL?
    private var _baseURL: URL?
    private var _readAccess: URL?
    private var pending: Pending?
    private var nextID = 1
    private var _events: [ContentEvent] = []
    private var fieldValues: [Int32: String] = [:]
    private var checkedState: [Int32: Bool] = [:]
    private weak var _delegate: (any ContentNavigationDelegate)?
    private weak var _host: AnyObject?
    private var _bridgeReceiver: ((BridgeCall) -> Void)?
    private var _gestureReceiver: ((ContentGesture) -> Void)?
    private var _eventObserver: ((ContentEvent) -> Void)?
    /// The live DOM and JavaScript context of the loaded document (JavaScriptCore pages only).
    var scripting: PageScripting?
    /// Serializes everything that touches `scripting` (re-entrant: host functions call back into the page).
    let scriptLock = NSRecursiveLock()
    /// How deep `scriptLock` is held (under it): the outermost hold is one call into the page.
    var scriptCallDepth = 0
    private var _viewport = ContentViewport.phone
    private var _clockOrigin: Date?
    private var _clock: (any ContentClock)?
    private var _userScriptSource: (@Sendable () -> [ContentUserScript])?
    private var assets: [String: Data] = [:]

    /// Registers the bytes served for `url` (a `<script src>` of the message's asset bundle, say). Nothing else is
    /// fetched: unregistered http(s) URLs fail as offline; `file:` URLs load from inside the readable directory.
    public func registerAsset(_ data: Data, for url: URL) { locked { assets[url.absoluteString] = data; assetsVersion &+= 1 } }
    /// Counts `registerAsset` calls: a linked stylesheet may arrive after the hit-test rules were read.
    private var assetsVersion: UInt64 = 0
    /// The hit-test rules of one snapshot, viewport and set of assets (taps ask for them on every tap).
    private var hitSheetCache: (document: HTMLDocument, viewport: ContentViewport, assets: UInt64, sheet: HitStyleSheet)?

    /// The page's hit-test style rules for `document`, parsed once per snapshot, viewport and asset set: taps ask
    /// for them on every tap and scripts in loops (computed style). The snapshot is held, not identified by address (a
    /// freed snapshot's address can come back for the next one).
    func hitStyleSheet(for document: HTMLDocument) -> HitStyleSheet {
        let (viewport, version, cached) = locked { (_viewport, assetsVersion, hitSheetCache) }
        if let c = cached, c.document === document, c.viewport == viewport, c.assets == version { return c.sheet }
        let sheet = HitStyleSheet(document: document, viewport: viewport, linked: linkedStyleSheet)
        locked { hitSheetCache = (document, viewport, version, sheet) }
        return sheet
    }

    /// The page's layout of `document` at its viewport, made once per snapshot, viewport and asset set (taps,
    /// `layoutBox(of:)` and pictures ask for it repeatedly; a finished layout is only read).
    func layout(of document: HTMLDocument, make: (ContentViewport) -> ApproximateLayout) -> ApproximateLayout {
        let (viewport, version, cached) = locked { (_viewport, assetsVersion, layoutCache) }
        if let c = cached, c.document === document, c.viewport == viewport, c.assets == version { return c.layout }
        // A change that cannot move a box (LayoutReuse.swift) keeps the layout.
        if let c = cached, c.viewport == viewport, c.assets == version, let kept = c.layout.reused(for: document) {
            locked { layoutCache = (document, viewport, version, kept) }
            return kept
        }
        let layout = make(viewport)
        locked { layoutCache = (document, viewport, version, layout); _layoutsMade &+= 1 }
        return layout
    }
    private var layoutCache: (document: HTMLDocument, viewport: ContentViewport, assets: UInt64, layout: ApproximateLayout)?
    private var _layoutsMade = 0
    /// How many layouts the page has computed (not found in its cache): taps, scripts' geometry and pictures of an
    /// unchanged tree share one.
    var layoutsMade: Int { locked { _layoutsMade } }

    /// Whether `url` would load with no network: a `data:` URL, a registered asset, or a file inside the readable
    /// directory (images: `load` if so, `error` as offline otherwise).
    func hasSubresource(_ url: URL) -> Bool {
        if url.scheme?.lowercased() == "data" { return true }
        let (registered, root) = locked { (assets[url.absoluteString] != nil, readableRoot) }
        if registered { return true }
        guard url.isFileURL, let root, ContentPage.isFile(url, inside: root) else { return false }
        return FileManager.default.fileExists(atPath: url.path)
    }

    /// The pixel size of the image at `src` (resolved against the page) when it loads with no network (a `data:` URL,
    /// a registered asset, a readable file) and its first bytes say it (ImageSize.swift); nil otherwise.
    func imageSize(src: String) -> (width: Double, height: Double)? {
        guard let url = resolve(href: src) else { return nil }
        if url.scheme?.lowercased() == "data" { return ImageSize.data(ofDataURL: url).flatMap(ImageSize.of) }
        let (registered, root) = locked { (assets[url.absoluteString], readableRoot) }
        if let registered { return ImageSize.of(registered) }
        guard url.isFileURL, let root, ContentPage.isFile(url, inside: root), let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 65_536)).flatMap(ImageSize.of)
    }

    /// The bytes of a subresource the page may load (a registered asset, or a file inside the readable directory).
    func subresourceData(_ url: URL) -> Data? {
        let (registered, root) = locked { (assets[url.absoluteString], readableRoot) }
        if let registered { return registered }
        guard url.isFileURL, let root, ContentPage.isFile(url, inside: root) else { return nil }
        return FileManager.default.contents(atPath: url.path)
    }

    /// The text of a subresource the page may load: a registered asset, or a file inside the readable directory.
    func subresource(_ url: URL) -> String? {
        let (registered, root) = locked { (assets[url.absoluteString], readableRoot) }
        if let registered { return String(decoding: registered, as: UTF8.self) }
        guard url.isFileURL, let root, ContentPage.isFile(url, inside: root),
              let data = FileManager.default.contents(atPath: url.path), data.count <= limits.maxDocumentBytes else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Asked at every document load for the scripts the app adds to pages (the WebKit shim answers with its
    /// `WKUserContentController.userScripts`). JavaScriptCore pages only.
    public var userScriptSource: (@Sendable () -> [ContentUserScript])? {
        get { locked { _userScriptSource } }
        set { locked { _userScriptSource = newValue } }
    }

    /// Limits applied to every document this page loads.
    public let limits: ContentLimits
    /// Message handlers scripts can post to.
    public let messageHandlers: MessageHandlerRegistry

    /// Creates an empty page (`url` nil, empty document).
    /// - Parameters:
    ///   - limits: size, depth and node limits for every document the page loads.
    ///   - messageHandlers: the handlers `webkit.messageHandlers.NAME.postMessage` reaches.
    ///   - scriptEngine: `.javaScriptCore` (the default) runs pages' JavaScript where the library is available
    ///     (see ``ScriptEngines/availability``); `.subset` keeps the statement subset only.
    ///   - scriptLimits: time and memory bounds for each script, event handler and timer callback.
    ///   - virtualMachine: a JavaScript VM shared with other pages (cheaper page loads; runs serialize per VM).
    public init(limits: ContentLimits = .default, messageHandlers: MessageHandlerRegistry = MessageHandlerRegistry(),
                scriptEngine: ScriptEngineKind = .javaScriptCore, scriptLimits: ScriptLimits = .default,
                virtualMachine: ScriptVirtualMachine? = nil) {
        self.limits = limits
        self.messageHandlers = messageHandlers
        self.preferredEngine = scriptEngine
        self.scriptLimits = scriptLimits
        self.virtualMachine = virtualMachine
    }

    /// The JavaScript VM this page's contexts live in, when shared with other pages; nil: one VM per document.
    public let virtualMachine: ScriptVirtualMachine?

    /// The engine asked for at creation; ``scriptEngine`` says which one runs the loaded document.
    public let preferredEngine: ScriptEngineKind
    /// Bounds on each script run.
    public let scriptLimits: ScriptLimits

    /// The wall-clock time a document's scripts read from `Date.now()` and `new Date()` when it loads; virtual time
    /// moves it on from there (``advanceTime(by:)``). Nil, the default: the real time at load. Set it to make dates a
    /// page computes (countdowns, "in 7 days") the same on every run, e.g. to the harness clock's date.
    public var clockOrigin: Date? {
        get { locked { _clockOrigin } }
        set { locked { _clockOrigin = newValue } }
    }

    /// The time line the page's timers, animation frames and clock readings (`Date.now()`, `performance.now()`)
    /// follow, for documents loaded after it is set. Nil, the default: the page's own, moved by ``advanceTime(by:)``.
    /// A message's page shares its environment's clock (the facades and `ContentRenderer` set it), so its timers fire
    /// in time order with the engine's own (auto-close, delivery) as that clock moves.
    public var clock: (any ContentClock)? {
        get { locked { _clock } }
        set { locked { _clock = newValue } }
    }

    /// The simulated screen scripts see. Changing it fires `resize`, `orientationchange` and `matchMedia`
    /// change events in the loaded page.
    public var viewport: ContentViewport {
        get { locked { _viewport } }
        set {
            let old = locked { () -> ContentViewport in let o = _viewport; _viewport = newValue; return o }
            guard old != newValue else { return }
            withScripting { s in
                s.call("__oiaInternal.deviceChanged", [.bool(old.darkMode), .bool(old.width > old.height),
                                                       .number(old.width), .number(old.height)])
            }
        }
    }

    private func locked<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }

    // MARK: State

    /// The loaded document (an empty one before the first load).
    public var document: HTMLDocument { locked { _document } }
    /// The URL of the current page: the base URL of loaded HTML (`about:blank` without one), or the last
    /// allowed navigation's URL.
    public var url: URL? { locked { _url } }
    /// True while a navigation waits for its policy decision.
    public var isLoading: Bool { locked { pending != nil } }
    /// The document title.
    public var title: String? { document.title }
    /// Asked about every navigation; weak.
    public var navigationDelegate: (any ContentNavigationDelegate)? {
        get { locked { _delegate } }
        set { locked { _delegate = newValue } }
    }
    /// The object wrapping this page (a `WKWebView` in the WebKit shim); weak.
    public var host: AnyObject? {
        get { locked { _host } }
        set { locked { _host = newValue } }
    }
    /// Receives `brazeBridge`/`appboyBridge` calls. Without one, bridge calls fail as in a page without the bridge.
    public var bridgeReceiver: ((BridgeCall) -> Void)? {
        get { locked { _bridgeReceiver } }
        set { locked { _bridgeReceiver = newValue } }
    }
    /// Receives swipes and background taps.
    public var gestureReceiver: ((ContentGesture) -> Void)? {
        get { locked { _gestureReceiver } }
        set { locked { _gestureReceiver = newValue } }
    }
    /// Called with every new event, after it is logged.
    public var eventObserver: ((ContentEvent) -> Void)? {
        get { locked { _eventObserver } }
        set { locked { _eventObserver = newValue } }
    }
    /// The event log, oldest first.
    public var events: [ContentEvent] { locked { _events } }
    /// Empties the event log.
    public func clearEvents() { locked { _events.removeAll() } }

    /// Registers a message handler, logging and ignoring a duplicate name. Returns whether it was added.
    @discardableResult
    public func addMessageHandler(name: String, handler: @escaping MessageHandlerRegistry.Handler) -> Bool {
        let added = messageHandlers.add(name: name, handler: handler)
        if !added { emit(.messageHandlerDuplicate(name: name)) }
        return added
    }

    /// Installs the document scripts changed (the live DOM's snapshot); field state stays in the scripts.
    func adoptScriptDocument(_ doc: HTMLDocument) { locked { _document = doc } }

    func emit(_ kind: ContentEvent.Kind) {
        lock.lock()
        let event = ContentEvent(sequence: (_events.last?.sequence ?? 0) + 1, kind: kind)
        _events.append(event)
        let observer = _eventObserver
        lock.unlock()
        observer?(event)
    }

    // MARK: Loading

    /// Loads an HTML string. The navigation goes to `baseURL` (or `about:blank`), asks the delegate, parses
    /// and finishes, all before returning unless the delegate defers its decision. Returns the navigation id.
    @discardableResult
    public func loadHTMLString(_ html: String, baseURL: URL?) -> Int {
        let target = baseURL ?? URL(string: "about:blank")!
        return navigate(to: target, type: .other, payload: .html(html), baseURL: baseURL, readAccess: nil)
    }

    /// Loads a local HTML file. `url` must lie inside `readAccessURL`; otherwise nothing happens, the refusal
    /// is logged and nil is returned. The directory becomes the root under which `file:` links may load.
    @discardableResult
    public func loadFileURL(_ url: URL, allowingReadAccessTo readAccessURL: URL) -> Int? {
        guard ContentPage.isFile(url, inside: readAccessURL) else {
            emit(.blocked(url: url.absoluteString, reason: ContentError.fileOutsideReadAccess(url: url, readAccess: readAccessURL).description))
            return nil
        }
        return navigate(to: url, type: .other, payload: .file(url), baseURL: url, readAccess: readAccessURL)
    }

    /// Navigates to `url` as a program would (`WKWebView.load(_:)`). Nothing is fetched: an allowed
    /// http(s) navigation records the URL and shows an empty document; the current URL again keeps the
    /// current document (a reload); `file:` URLs under the readable root are read and parsed; other schemes
    /// (`tel:`, `myapp://`) fail with ``ContentError/unsupportedURL(_:)`` and the page stays.
    @discardableResult
    public func load(url: URL, type: NavigationType = .other) -> Int? {
        startNavigation(to: url, type: type, source: nil, method: "GET", body: nil, newWindow: false, redirectFrom: nil, html: nil)
    }

    /// Simulates a server redirect of the current page to `url`: the delegate is asked again (the request has
    /// `isRedirect` set); if allowed, the page shows `html` (or an empty document) at `url`.
    @discardableResult
    public func simulateRedirect(to url: URL, html: String? = nil) -> Int? {
        startNavigation(to: url, type: .other, source: nil, method: "GET", body: nil, newWindow: false,
                        redirectFrom: self.url ?? URL(string: "about:blank")!, html: html)
    }

    /// Reloads the current URL (type `.reload`): the policy is asked, the current document stays.
    @discardableResult
    public func reload() -> Int? {
        guard let current = url else { return nil }
        return startNavigation(to: current, type: .reload, source: nil, method: "GET", body: nil, newWindow: false,
                               redirectFrom: nil, html: nil)
    }

    /// Abandons a navigation waiting for its decision; a later decision for it is ignored.
    public func stopLoading() {
        let dropped: Int? = locked {
            let id = pending?.request.id
            pending = nil
            return id
        }
        if let dropped { emit(.navigationSuperseded(id: dropped)) }
    }

    static func isFile(_ url: URL, inside root: URL) -> Bool {
        guard url.isFileURL, root.isFileURL else { return false }
        let path = url.standardizedFileURL.path
        var rootPath = root.standardizedFileURL.path
        if path == rootPath { return true }
        if !rootPath.hasSuffix("/") { rootPath += "/" }
        return path.hasPrefix(rootPath)
    }

    /// The directory under which `file:` navigations may load.
    private var readableRoot: URL? {
        if let r = _readAccess { return r }
        guard let base = _baseURL, base.isFileURL else { return nil }
        return base.hasDirectoryPath ? base : base.deletingLastPathComponent()
    }

    /// Central navigation start for links, scripts, forms, redirects and program loads.
    func startNavigation(to url: URL, type: NavigationType, source: HTMLNode?, method: String, body: Data?,
                                 newWindow: Bool, redirectFrom: URL?, html: String?) -> Int? {
        if url.scheme?.lowercased() == "javascript" {
            emit(.blocked(url: url.absoluteString, reason: "javascript: URLs run only through the script subset"))
            return nil
        }
        let (current, root) = locked { (_url, readableRoot) }
        var payload: Payload = html.map { .html($0) } ?? .none
        if html == nil, type == .reload, let current, url.absoluteString == current.absoluteString {
            payload = .keep
        } else if url.isFileURL && html == nil {
            guard let root, ContentPage.isFile(url, inside: root) else {
                emit(.blocked(url: url.absoluteString, reason: "file: URL outside the readable directory"))
                return nil
            }
            payload = .file(url)
        } else if html == nil {
            let scheme = url.scheme?.lowercased() ?? ""
            if !["http", "https", "about", "data", "blob"].contains(scheme) { payload = .unsupported }
            else if let current, url.absoluteString == current.absoluteString, redirectFrom == nil { payload = .keep }
        }
        var sameDocument = false
        if let current, redirectFrom == nil, !newWindow, html == nil, method == "GET", url.fragment != nil,
           ContentPage.withoutFragment(url) == ContentPage.withoutFragment(current) {
            sameDocument = true
        }
        return navigate(to: url, type: type, payload: payload, baseURL: url, readAccess: nil, source: source,
                        method: method, body: body, newWindow: newWindow, redirectFrom: redirectFrom,
                        sameDocument: sameDocument)
    }

    static func withoutFragment(_ url: URL) -> String {
        let s = url.absoluteString
        if let hash = s.firstIndex(of: "#") { return String(s[..<hash]) }
        return s
    }

    private func navigate(to url: URL, type: NavigationType, payload: Payload, baseURL: URL?, readAccess: URL?,
                          source: HTMLNode? = nil, method: String = "GET", body: Data? = nil, newWindow: Bool = false,
                          redirectFrom: URL? = nil, sameDocument: Bool = false) -> Int {
        lock.lock()
        let id = nextID
        nextID += 1
        let request = NavigationRequest(id: id, url: url, type: type, httpMethod: method, httpBody: body,
                                        targetsNewWindow: newWindow, isRedirect: redirectFrom != nil,
                                        redirectedFrom: redirectFrom, isSameDocument: sameDocument,
                                        sourceElement: source)
        let superseded = pending?.request.id
        pending = Pending(request: request, payload: payload, baseURL: baseURL, readAccess: readAccess)
        let delegate = _delegate
        lock.unlock()

        if let superseded { emit(.navigationSuperseded(id: superseded)) }
        emit(.navigationRequested(id: id, url: url, type: type))
        if let delegate {
            let once = Once()
            delegate.page(self, decidePolicyFor: request) { [weak self] policy in
                guard let self else { return }
                guard once.take() else {
                    self.emit(.decisionIgnored(id: id, reason: "decision handler called more than once"))
                    return
                }
                self.resolve(id, policy)
            }
        } else {
            resolve(id, .allow)
        }
        return id
    }

    private func resolve(_ id: Int, _ policy: NavigationPolicy) {
        lock.lock()
        guard let p = pending, p.request.id == id else {
            lock.unlock()
            emit(.decisionIgnored(id: id, reason: "navigation no longer pending"))
            return
        }
        if policy == .cancel { pending = nil }
        let delegate = _delegate
        lock.unlock()

        guard policy == .allow else { emit(.navigationCancelled(id: id)); return }
        emit(.navigationAllowed(id: id))
        let request = p.request

        if request.targetsNewWindow {
            locked { if pending?.request.id == id { pending = nil } }
            emit(.newWindowRequested(id: id, url: request.url))
            (_delegateSnapshot() ?? delegate)?.page(self, didRequestNewWindowFor: request)
            return
        }
        if request.isSameDocument {
            locked { if pending?.request.id == id { pending = nil; _url = request.url } }
            emit(.sameDocumentNavigation(id: id, url: request.url))
            return
        }

        emit(.navigationStarted(id: id))
        delegate?.page(self, didStart: request)

        let result: Result<HTMLDocument, ContentError>
        var hasContent = true
        switch p.payload {
        case .html(let html):
            result = Result { () throws(ContentError) in try HTMLDocument.parse(html, limits: limits) }
        case .file(let fileURL):
            result = Result { () throws(ContentError) in try readFile(fileURL) }
        case .none:
            hasContent = false
            result = .success(.empty)
        case .keep:
            result = .success(document)
        case .unsupported:
            result = .failure(.unsupportedURL(request.url))
        }

        lock.lock()
        guard pending?.request.id == id else { lock.unlock(); return }  // superseded while starting
        pending = nil
        let oldDocument = _document
        if case .success(let doc) = result {
            let replaced = doc !== _document
            _document = doc
            _url = request.url
            if replaced { _baseURL = hasContent ? (p.baseURL ?? request.url) : request.url }
            if let r = p.readAccess { _readAccess = r }
            if replaced {
                fieldValues.removeAll()
                checkedState.removeAll()
            }
        }
        let finalDelegate = _delegate ?? delegate
        var newDocument: HTMLDocument?
        if case .success(let doc) = result, doc !== oldDocument { newDocument = doc }
        lock.unlock()

        if let newDocument { startScripting(newDocument) }

        switch result {
        case .success:
            if !hasContent { emit(.navigationWithoutContent(id: id, url: request.url)) }
            emit(.navigationFinished(id: id, url: request.url))
            finalDelegate?.page(self, didFinish: request)
        case .failure(let error):
            emit(.navigationFailed(id: id, reason: error.description))
            finalDelegate?.page(self, didFail: request, error: error)
        }
    }

    private func _delegateSnapshot() -> (any ContentNavigationDelegate)? { locked { _delegate } }

    private func readFile(_ url: URL) throws(ContentError) -> HTMLDocument {
        let size: Int
        do {
            let attrs = try FileManager.default.attributesOfItem(atPath: url.path)
            size = (attrs[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw .fileUnreadable(url: url, reason: "\(error.localizedDescription)")
        }
        guard size <= limits.maxDocumentBytes else { throw .documentTooLarge(bytes: size, limit: limits.maxDocumentBytes) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .fileUnreadable(url: url, reason: "\(error.localizedDescription)") }
        return try HTMLDocument.parse(bytes: [UInt8](data), limits: limits)
    }

    // MARK: Scripts

    /// Runs `source` through the script subset and returns the value of its last statement (a literal, the
    /// assigned URL of a location assignment, `document.title`, `location.href`; `.undefined` for calls).
    @discardableResult
    public func evaluate(_ source: String) -> Result<ScriptValue, ScriptError> {
        if let r = evaluateInEngine(source, forNative: false) { return r }
        return run(source, javascriptURL: false, element: nil)
    }

    /// WebKit's signature: the completion handler receives the result as a Foundation value (nil for
    /// `undefined`) or a ``ScriptError``. It is called before this method returns.
    public func evaluateJavaScript(_ source: String, completionHandler: ((Any?, (any Error)?) -> Void)? = nil) {
        switch evaluateInEngine(source, forNative: true) ?? evaluate(source) {
        case .success(let v): completionHandler?(v.foundationValue, nil)
        case .failure(let e): completionHandler?(nil, e)
        }
    }

    private func run(_ source: String, javascriptURL: Bool, element: HTMLNode?) -> Result<ScriptValue, ScriptError> {
        let program: ScriptProgram
        do {
            program = javascriptURL ? try ScriptProgram(javascriptURL: source) : try ScriptProgram(source)
        } catch {
            emit(.scriptUnsupported(source: source, reason: error.reason))
            return .failure(.unsupported(error))
        }
        emit(.scriptRan(source: source))
        var last: ScriptValue = .undefined
        for statement in program.statements {
            switch statement {
            case .value(let v):
                last = v
            case .read(.title):
                last = document.title.map { .string($0) } ?? .string("")
            case .read(.url):
                last = .string(url?.absoluteString ?? "about:blank")
            case .navigate(let target):
                guard let resolved = resolve(href: target), resolved.scheme?.lowercased() != "javascript",
                      startNavigation(to: resolved, type: .other, source: element, method: "GET", body: nil,
                                      newWindow: false, redirectFrom: nil, html: nil) != nil else {
                    emit(.scriptFailed(source: source, reason: "cannot navigate to '\(target)'"))
                    return .failure(.invalidNavigation(target))
                }
                last = .string(target)
            case .postMessage(let name, let body):
                guard let handler = messageHandlers.handler(named: name) else {
                    emit(.messageHandlerMissing(handler: name))
                    emit(.scriptFailed(source: source, reason: "no message handler named '\(name)'"))
                    return .failure(.messageHandlerMissing(name))
                }
                emit(.messagePosted(handler: name, body: body.description))
                handler(ScriptMessage(name: name, value: body, page: self, sourceElement: element))
                last = .undefined
            case .bridge(let call):
                guard let receiver = bridgeReceiver else {
                    emit(.bridgeReceiverMissing(call))
                    emit(.scriptFailed(source: source, reason: "no bridge receiver for \(call.root.rawValue)"))
                    return .failure(.bridgeUnavailable(call))
                }
                emit(.bridgeCalled(call))
                receiver(call)
                last = .undefined
            }
        }
        return .success(last)
    }

    // MARK: Links

    /// The URL against which relative links resolve: the document's `<base href>`, else the page URL.
    public var documentBaseURL: URL? {
        let (doc, base, current) = locked { (_document, _baseURL, _url) }
        let pageBase = base ?? current
        if let href = doc.baseHref, let u = ContentPage.makeURL(href, relativeTo: pageBase) { return u }
        return pageBase
    }

    /// Resolves `href` as the current document would.
    public func resolve(href: String) -> URL? {
        ContentPage.makeURL(href, relativeTo: documentBaseURL)
    }

    static func makeURL(_ raw: String, relativeTo base: URL?) -> URL? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return base?.absoluteURL }   // an empty reference means the document itself
        if let u = URL(string: trimmed, relativeTo: base), u.scheme != nil || base != nil { return u.absoluteURL }
        let allowed = CharacterSet.urlQueryAllowed.union(.urlPathAllowed).union(CharacterSet(charactersIn: "#%"))
        if let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: allowed),
           let u = URL(string: escaped, relativeTo: base), u.scheme != nil { return u.absoluteURL }
        return nil
    }

    // MARK: Input

    /// Taps the element with this `id`.
    @discardableResult
    public func tap(elementID id: String) throws(InputError) -> TapResult {
        guard let node = document.element(id: id) else { emit(.tapTargetMissing(target: "#" + id)); throw .noSuchElement("id '\(id)'") }
        return try tap(node)
    }

    /// Taps the first element matching a CSS selector.
    @discardableResult
    public func tap(selector: String) throws(InputError) -> TapResult {
        let found: HTMLNode?
        do { found = try document.querySelector(selector) } catch { throw .invalidSelector(error) }
        guard let node = found else { emit(.tapTargetMissing(target: selector)); throw .noSuchElement("selector '\(selector)'") }
        return try tap(node)
    }

    /// Taps the interactive element whose visible text (or `aria-label`, `value`, `alt`) equals `text`
    /// after white space is collapsed; failing that, the innermost element of the body whose text is exactly
    /// `text` (a person taps the words they read, wherever a script put them); failing that, the first interactive
    /// element whose text contains it.
    @discardableResult
    public func tap(text: String) throws(InputError) -> TapResult {
        let wanted = text.collapsingWhitespace
        let candidates = document.interactiveElements.filter { $0.kind != .form }.map(\.node)
        let node = candidates.first { ContentPage.label(of: $0) == wanted }
            ?? innermostElement(withText: wanted)
            ?? candidates.first { ContentPage.label(of: $0).contains(wanted) && !wanted.isEmpty }
        guard let node else { emit(.tapTargetMissing(target: "text '\(text)'")); throw .noSuchElement("text '\(text)'") }
        return try tap(node)
    }

    /// The last element in document order (so the innermost) whose collapsed text is exactly `wanted`. Only small
    /// subtrees are read: such an element holds a few nodes, and reading every large one's text would cost its whole
    /// subtree for each element of a large document.
    private func innermostElement(withText wanted: String) -> HTMLNode? {
        guard !wanted.isEmpty else { return nil }
        let skipped: Set<String> = ["script", "style", "template"]
        for node in document.body.descendants.reversed() where node.isElement && node.record.end - node.index < 64 {
            if !skipped.contains(node.tagName) && node.textContent.collapsingWhitespace == wanted { return node }
        }
        return nil
    }

    /// Taps `document.buttons[index]`.
    @discardableResult
    public func tapButton(at index: Int) throws(InputError) -> TapResult {
        let buttons = document.buttons
        guard buttons.indices.contains(index) else {
            emit(.tapTargetMissing(target: "button \(index)"))
            throw .noSuchElement("button index \(index) (document has \(buttons.count))")
        }
        return try tap(buttons[index])
    }

    /// The label a user would read for an element. Like an accessible name: `aria-label`, else the visible text, else `value`, `alt`, `title`,
    /// `placeholder`, `name`, else the `alt` of a contained image.
    public static func label(of node: HTMLNode) -> String {
        if let aria = node["aria-label"]?.collapsingWhitespace, !aria.isEmpty { return aria }
        let text = node.visibleTextPrefix()
        if !text.isEmpty { return text }
        for attr in ["value", "alt", "title", "placeholder", "name"] {
            if let v = node[attr]?.collapsingWhitespace, !v.isEmpty { return v }
        }
        let scanEnd = min(node.record.end, node.index + 256)
        if scanEnd > node.index, let img = (node.index + 1...scanEnd).lazy.map({ HTMLNode(document: node.document, index: $0) })
            .first(where: { $0.tagName == "img" }), let alt = img["alt"] { return alt.collapsingWhitespace }
        return ""
    }

    /// Taps `node` as a person does, where the page's layout shows it: at the centre of its box, else at the first
    /// point of a 7 × 7 grid over it where it (or a descendant) is on top, after scrolling it into view if the
    /// document can (TapLanding.swift). The tap goes to the element on top there. Throws
    /// ``InputError/unreachable(element:reason:)`` when `node` is hidden, has no size, or is covered everywhere (or
    /// lies off the viewport in a `position: fixed` box that cannot scroll); a disabled control takes the tap and
    /// does nothing (``TapAction/blocked(reason:)``). With scripts, the page's listeners and the browser's default
    /// actions run; otherwise `onclick` handlers from the element up through its ancestors, then, unless one
    /// returned `false`, the default action of the nearest link, submit button, checkbox or radio.
    @discardableResult
    public func tap(_ node: HTMLNode) throws(InputError) -> TapResult {
        guard node.document === document else { throw .staleElement }
        if let reason = hiddenReason(node) {
            emit(.noAction(element: node.description, reason: reason))
            throw .unreachable(element: node.description, reason: reason)
        }
        // A disabled control is refused as disabled wherever it is (the engine reports it below).
        guard unreachableReason(node) == nil else { return try dispatchTap(node) }
        switch tapLanding(of: node) {
        case .reached(let hit) where hit != node && unreachableReason(hit) != nil:
            // The tap lands on a disabled control inside the element: it swallows the click, and the tap itself
            // was made (a browser reports no refusal either).
            emit(.tapped(element: node.description))
            emit(.noAction(element: node.description, reason: "the tap landed on \(hit.description), which is disabled"))
            return TapResult(element: node, actions: [])
        case .reached(let hit): return try dispatchTap(hit)
        case .refused(let reason):
            emit(.noAction(element: node.description, reason: reason))
            throw .unreachable(element: node.description, reason: reason)
        }
    }

    /// Delivers a tap to `node`, the element on top at the point tapped.
    func dispatchTap(_ node: HTMLNode) throws(InputError) -> TapResult {
        if let result = try tapInEngine(node) { return result }
        emit(.tapped(element: node.description))
        var actions: [TapAction] = []
        let chain = [node] + node.ancestors.filter(\.isElement)

        // A disabled control swallows the click.
        if let control = chain.first(where: { ["button", "input", "select", "textarea"].contains($0.tagName) }),
           control.hasAttribute("disabled") {
            emit(.noAction(element: node.description, reason: "disabled"))
            return TapResult(element: node, actions: [.blocked(reason: "disabled")])
        }

        var prevented = false
        for element in chain {
            guard let onclick = element["onclick"] else { continue }
            switch run(onclick, javascriptURL: false, element: element) {
            case .success(let v):
                actions.append(.script(source: onclick))
                if v == .bool(false) { prevented = true }
            case .failure(let e):
                actions.append(.scriptFailed(source: onclick, error: e))
            }
        }

        if !prevented {
            actions += defaultAction(for: chain)
        }
        if actions.isEmpty {
            emit(.noAction(element: node.description, reason: "no link, inline handler or form action"))
        }
        return TapResult(element: node, actions: actions)
    }

    private func defaultAction(for chain: [HTMLNode]) -> [TapAction] {
        for element in chain {
            let tag = element.tagName
            if (tag == "a" || tag == "area"), let href = element["href"] {
                return follow(href: href, from: element)
            }
            if tag == "input" {
                let type = (element["type"] ?? "text").lowercased()
                if type == "checkbox" || type == "radio" { return [toggle(element, radio: type == "radio")] }
                if (type == "submit" || type == "image") && formOwner(of: element) != nil { return submitAction(from: element) }
                if type == "reset" { return [] }
            }
            if tag == "button" {
                // A submit button with a form submits it; otherwise the click goes on to an enclosing link
                // (`<a href=…><button>…</button></a>` navigates in browsers).
                let type = (element["type"] ?? "submit").lowercased()
                if type == "submit" && formOwner(of: element) != nil { return submitAction(from: element) }
                if type == "reset" { return [] }
            }
            if tag == "label" {
                // A label activates its control: the element named by `for`, else the first input inside it.
                let field = element["for"].flatMap { document.element(id: $0) }
                    ?? element.descendants.first { $0.tagName == "input" }
                if let field, field.tagName == "input", !field.hasAttribute("disabled"), !chain.contains(field) {
                    let type = (field["type"] ?? "text").lowercased()
                    if type == "checkbox" || type == "radio" { return [toggle(field, radio: type == "radio")] }
                }
                return []
            }
        }
        return []
    }

    func follow(href: String, from element: HTMLNode?, target: String? = nil) -> [TapAction] {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix("javascript:") {
            if let r = evaluateJavaScriptURL(trimmed) { return [r] }
            switch run(trimmed, javascriptURL: true, element: element) {
            case .success: return [.script(source: trimmed)]
            case .failure(let e): return [.scriptFailed(source: trimmed, error: e)]
            }
        }
        guard let url = resolve(href: trimmed) else {
            emit(.blocked(url: href, reason: "invalid URL"))
            return [.blocked(reason: "invalid URL '\(href)'")]
        }
        let newWindow = (target ?? element?["target"] ?? "").lowercased() == "_blank"
        guard let id = startNavigation(to: url, type: .linkActivated, source: element, method: "GET", body: nil,
                                       newWindow: newWindow, redirectFrom: nil, html: nil) else {
            return [.blocked(reason: "navigation to \(url.absoluteString) refused")]
        }
        return [.navigation(id: id, url: url)]
    }

    private func toggle(_ field: HTMLNode, radio: Bool) -> TapAction {
        let checked: Bool = locked {
            let now = checkedState[field.index] ?? field.hasAttribute("checked")
            let next = radio ? true : !now
            if radio, let name = field["name"] {
                // Unchecking the other radios of the group.
                for other in field.document.elements(attribute: "name", value: name) where other.tagName == "input" && other != field {
                    checkedState[other.index] = false
                }
            }
            checkedState[field.index] = next
            return next
        }
        emit(.valueChanged(element: field.description, value: checked ? "checked" : "unchecked"))
        return .toggled(checked: checked)
    }

    /// Whether a checkbox or radio is checked (simulated state, else its `checked` attribute).
    public func isChecked(_ field: HTMLNode) -> Bool {
        if let v = engineFieldState(field, checked: true) { return v == .bool(true) }
        return locked { checkedState[field.index] } ?? field.hasAttribute("checked")
    }

    /// Simulates typing: sets the value of an `input`, `textarea` or `select` (an option's value).
    public func setValue(_ value: String, for field: HTMLNode) throws(InputError) {
        guard field.document === document else { throw .staleElement }
        if try setValueInEngine(value, for: field) { return }
        locked { fieldValues[field.index] = value }
        emit(.valueChanged(element: field.description, value: value))
    }

    /// Sets the value of the field with this `id`.
    public func setValue(_ value: String, forElementID id: String) throws(InputError) {
        guard let node = document.element(id: id) else { throw .noSuchElement("id '\(id)'") }
        try setValue(value, for: node)
    }

    /// The current value of a field: what ``setValue(_:for:)`` set, else what the markup says.
    public func value(of field: HTMLNode) -> String {
        if case .string(let v)? = engineFieldState(field, checked: false) { return v }
        if let v = locked({ fieldValues[field.index] }) { return v }
        switch field.tagName {
        case "textarea": return field.textContent
        case "select":
            let options = field.descendants.filter { $0.tagName == "option" }
            let chosen = options.first { $0.hasAttribute("selected") } ?? options.first
            return chosen.map { $0["value"] ?? $0.visibleText } ?? ""
        default:
            let type = (field["type"] ?? "text").lowercased()
            return field["value"] ?? ((type == "checkbox" || type == "radio") ? "on" : "")
        }
    }

    private func formOwner(of element: HTMLNode) -> HTMLNode? {
        if let formID = element["form"], let f = document.element(id: formID), f.tagName == "form" { return f }
        return element.closestAncestor { $0.tagName == "form" }
    }

    private func submitAction(from submitter: HTMLNode) -> [TapAction] {
        guard let form = formOwner(of: submitter) else { return [] }
        return submit(form, submitter: submitter)
    }

    /// Submits a form as its submit button would (after its `onsubmit`, which may return `false`).
    @discardableResult
    public func submit(form: HTMLNode) throws(InputError) -> TapResult {
        guard form.document === document else { throw .staleElement }
        guard form.tagName == "form" else { throw .noSuchElement("form \(form)") }
        if let r = submitInEngine(form) { return r }
        return TapResult(element: form, actions: submit(form, submitter: nil))
    }

    private func submit(_ form: HTMLNode, submitter: HTMLNode?) -> [TapAction] {
        var actions: [TapAction] = []
        if let onsubmit = form["onsubmit"] {
            switch run(onsubmit, javascriptURL: false, element: form) {
            case .success(let v):
                actions.append(.script(source: onsubmit))
                if v == .bool(false) { return actions }
            case .failure(let e):
                return actions + [.scriptFailed(source: onsubmit, error: e)]
            }
        }
        var pairs: [(String, String)] = []
        for field in form.descendants where field.isElement {
            guard let name = field["name"], !name.isEmpty, !field.hasAttribute("disabled") else { continue }
            switch field.tagName {
            case "input":
                let type = (field["type"] ?? "text").lowercased()
                if ["submit", "button", "reset", "image", "file"].contains(type) { continue }
                if (type == "checkbox" || type == "radio") && !isChecked(field) { continue }
                pairs.append((name, value(of: field)))
            case "textarea", "select":
                pairs.append((name, value(of: field)))
            default:
                continue
            }
        }
        if let submitter, let name = submitter["name"], !name.isEmpty { pairs.append((name, submitter["value"] ?? "")) }
        return actions + submitNavigation(attribute: { form[$0] }, source: submitter ?? form, pairs: pairs, element: form)
    }

    /// The navigation of a form submission whose data set is `pairs` (after `submit` events and validation).
    func submitNavigation(attribute: (String) -> String?, source: HTMLNode?, pairs: [(String, String)], element: HTMLNode?) -> [TapAction] {
        let actions: [TapAction] = []
        let method = (attribute("method") ?? "get").lowercased() == "post" ? "POST" : "GET"
        let actionText = attribute("action") ?? ""
        guard var target = actionText.isEmpty ? url : resolve(href: actionText) else {
            emit(.blocked(url: actionText, reason: "invalid form action"))
            return actions + [.blocked(reason: "invalid form action '\(actionText)'")]
        }
        var body: Data?
        let encoded = ContentPage.formEncode(pairs)
        if method == "GET" {
            var comps = URLComponents(url: target, resolvingAgainstBaseURL: false)
            comps?.percentEncodedQuery = encoded.isEmpty ? nil : encoded
            comps?.fragment = nil
            if let u = comps?.url { target = u }
        } else {
            body = Data(encoded.utf8)
        }
        let newWindow = (attribute("target") ?? "").lowercased() == "_blank"
        if target.scheme?.lowercased() == "javascript" {
            if let r = evaluateJavaScriptURL(target.absoluteString) { return actions + [r] }
            switch run(target.absoluteString, javascriptURL: true, element: element) {
            case .success: return actions + [.script(source: target.absoluteString)]
            case .failure(let e): return actions + [.scriptFailed(source: target.absoluteString, error: e)]
            }
        }
        guard let id = startNavigation(to: target, type: .formSubmitted, source: source, method: method,
                                       body: body, newWindow: newWindow, redirectFrom: nil, html: nil) else {
            return actions + [.blocked(reason: "submission to \(target.absoluteString) refused")]
        }
        return actions + [.formSubmission(id: id, url: target)]
    }

    static func formEncode(_ pairs: [(String, String)]) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._")
        func enc(_ s: String) -> String {
            (s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s).replacingOccurrences(of: "%20", with: "+")
        }
        return pairs.map { enc($0.0) + "=" + enc($0.1) }.joined(separator: "&")
    }

    /// Simulates a swipe over the content; delivered to ``gestureReceiver``.
    public func swipe(_ direction: SwipeDirection) {
        emit(.swiped(direction))
        gestureReceiver?(.swipe(direction))
    }

    /// Simulates a tap outside the content; delivered to ``gestureReceiver``.
    public func tapBackground() {
        emit(.backgroundTapped)
        gestureReceiver?(.backgroundTap)
    }
}
