#if !canImport(Darwin)
import XCTest
import WebKit

/// A navigation delegate written as app code would write it against Apple's WebKit.
final class AppNavigationDelegate: NSObject, WKNavigationDelegate {
    var log: [String] = []
    var actions: [WKNavigationAction] = []
    var finished: [WKNavigation] = []
    var keep: ((WKNavigationActionPolicy) -> Void)?
    var deferDecisions = false

    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        actions.append(navigationAction)
        log.append("decide \(navigationAction.navigationType.rawValue) \(navigationAction.request.url?.absoluteString ?? "")")
        if deferDecisions { keep = decisionHandler; return }
        // Adobe-style: the SDK's own scheme is handled natively and cancelled.
        if navigationAction.request.url?.scheme == "adbinapp" { decisionHandler(.cancel); return }
        decisionHandler(.allow)
    }
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) { log.append("start") }
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) { finished.append(navigation); log.append("finish") }
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) { log.append("fail") }
}

/// A delegate implementing nothing: every navigation is allowed by the protocol's defaults.
final class SilentDelegate: WKNavigationDelegate {}

final class MessageCollector: NSObject, WKScriptMessageHandler {
    var messages: [WKScriptMessage] = []
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        messages.append(message)
    }
}

final class WebKitShimTests: XCTestCase {
    let html = """
    <html><head><title>Adobe message</title></head><body>
    <a id="dismiss" href="adbinapp://dismiss?interaction=closed">Close</a>
    <a id="web" href="https://adobe.example/offer" target="_blank">Offer</a>
    <button id="native" onclick="webkit.messageHandlers.buttonClicked.postMessage({id: 'native', n: 3})">Native</button>
    </body></html>
    """

    func testInitialLoadCallbacksAndReturnedNavigation() {
        let webView = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), configuration: WKWebViewConfiguration())
        let delegate = AppNavigationDelegate()
        webView.navigationDelegate = delegate
        let base = URL(string: "file:///app/bundle/")!
        let navigation = webView.loadHTMLString(html, baseURL: base)
        XCTAssertEqual(delegate.log, ["decide -1 file:///app/bundle/", "start", "finish"])
        XCTAssertTrue(delegate.finished.first === navigation)
        XCTAssertEqual(delegate.actions.first?.navigationType, .other)
        XCTAssertEqual(delegate.actions.first?.targetFrame?.isMainFrame, true)
        XCTAssertEqual(webView.url, base)
        XCTAssertEqual(webView.title, "Adobe message")
        XCTAssertFalse(webView.isLoading)
        XCTAssertEqual(webView.frame.width, 320)
    }

    func testLinkTapsReachTheDelegateWithWebKitTypes() throws {
        let webView = WKWebView()
        let delegate = AppNavigationDelegate()
        webView.navigationDelegate = delegate
        webView.loadHTMLString(html, baseURL: nil)
        try webView.tap(elementID: "dismiss")
        let action = try XCTUnwrap(delegate.actions.last)
        XCTAssertEqual(action.navigationType, .linkActivated)
        XCTAssertEqual(action.request.url?.host, "dismiss")
        XCTAssertEqual(webView.url?.absoluteString, "about:blank", "cancelled by the delegate")
        XCTAssertEqual(webView.title, "Adobe message")

        try webView.tap(text: "Offer")
        XCTAssertNil(delegate.actions.last?.targetFrame, "target=_blank has no target frame")
        XCTAssertEqual(delegate.actions.last?.sourceFrame.isMainFrame, true)
    }

    func testReloadAsksDelegateAndKeepsDocument() {
        let webView = WKWebView()
        let delegate = AppNavigationDelegate()
        webView.navigationDelegate = delegate
        webView.loadHTMLString(html, baseURL: URL(string: "https://adobe.example/m"))
        let nav = webView.reload()
        XCTAssertEqual(delegate.actions.last?.navigationType, .reload)
        XCTAssertTrue(delegate.finished.last === nav)
        XCTAssertEqual(webView.title, "Adobe message")
        XCTAssertFalse(webView.canGoBack)
        XCTAssertNil(webView.goBack())
    }

    func testDefaultDelegateMethodsAllow() throws {
        let webView = WKWebView()
        let delegate = SilentDelegate()
        webView.navigationDelegate = delegate
        webView.loadHTMLString(html, baseURL: nil)
        webView.evaluateJavaScript("location.href = 'https://adobe.example/next'")
        XCTAssertEqual(webView.url?.absoluteString, "https://adobe.example/next")
    }

    func testScriptMessageHandlersBeforeAndAfterLoadAndWebViewBackReference() throws {
        let config = WKWebViewConfiguration()
        let early = MessageCollector()
        config.userContentController.add(early, name: "buttonClicked")
        let webView = WKWebView(frame: .zero, configuration: config)
        webView.loadHTMLString(html, baseURL: nil)
        try webView.tap(elementID: "native")
        let message = try XCTUnwrap(early.messages.first)
        XCTAssertEqual(message.name, "buttonClicked")
        XCTAssertTrue(message.webView === webView)
        let body = try XCTUnwrap(message.body as? [String: Any])
        XCTAssertEqual(body["id"] as? String, "native")
        XCTAssertEqual(body["n"] as? Int, 3)

        let late = MessageCollector()
        config.userContentController.add(late, name: "fit")
        webView.evaluateJavaScript("webkit.messageHandlers.fit.postMessage(200.5)")
        XCTAssertEqual(late.messages.first?.body as? Double, 200.5)

        config.userContentController.add(MessageCollector(), name: "fit")
        XCTAssertEqual(config.userContentController.ignoredDuplicateNames, ["fit"])
        XCTAssertEqual(config.userContentController.handlerNames, ["buttonClicked", "fit"])
        config.userContentController.removeScriptMessageHandler(forName: "fit")
        var error: (any Error)?
        webView.evaluateJavaScript("webkit.messageHandlers.fit.postMessage(1)") { _, e in error = e }
        if ScriptEngines.isJavaScriptCoreAvailable {
            // JavaScript: `webkit.messageHandlers.fit` is undefined once removed, so the call throws a TypeError.
            guard case .exception(let f)? = error as? ScriptError else { return XCTFail("\(String(describing: error))") }
            XCTAssertTrue(f.message.contains("TypeError"), f.message)
        } else {
            XCTAssertEqual(error as? ScriptError, .messageHandlerMissing("fit"))
        }
        config.userContentController.removeAllScriptMessageHandlers()
        XCTAssertTrue(config.userContentController.handlerNames.isEmpty)
    }

    func testEvaluateJavaScriptCompletionAndUnsupported() {
        let webView = WKWebView()
        webView.loadHTMLString(html, baseURL: nil)
        var title: Any?
        webView.evaluateJavaScript("document.title") { v, _ in title = v }
        XCTAssertEqual(title as? String, "Adobe message")
        var failure: (any Error)?
        if ScriptEngines.isJavaScriptCoreAvailable {
            // JavaScript runs it; a result native code cannot receive is an error, as in WebKit.
            webView.evaluateJavaScript("document.querySelector('a')") { _, e in failure = e }
            guard case .exception(let f)? = failure as? ScriptError else { return XCTFail("\(String(describing: failure))") }
            XCTAssertEqual(f.kind, .unsupportedResult)
        } else {
            webView.evaluateJavaScript("document.querySelector('a').click()") { _, e in failure = e }
            if case .unsupported? = failure as? ScriptError {} else { XCTFail("\(String(describing: failure))") }
        }
    }

    func testDeferredDecisionAndDoubleCall() throws {
        let webView = WKWebView()
        let delegate = AppNavigationDelegate()
        delegate.deferDecisions = true
        webView.navigationDelegate = delegate
        webView.loadHTMLString(html, baseURL: nil)
        XCTAssertTrue(webView.isLoading)
        XCTAssertNil(webView.title)
        let decide = try XCTUnwrap(delegate.keep)
        decide(.allow)
        XCTAssertFalse(webView.isLoading)
        XCTAssertEqual(webView.title, "Adobe message")
        decide(.cancel)
        XCTAssertEqual(webView.title, "Adobe message")
        XCTAssertTrue(webView.events.contains { if case .decisionIgnored = $0.kind { return true }; return false })
    }

    func testRedirectAndBridgeAndGestures() throws {
        let webView = WKWebView()
        let delegate = AppNavigationDelegate()
        webView.navigationDelegate = delegate
        webView.loadHTMLString("<a id=c href=\"javascript:brazeBridge.closeMessage()\">x</a>", baseURL: URL(string: "https://iamcache.braze/"))
        var calls: [BridgeCall] = []
        webView.bridgeReceiver = { calls.append($0) }
        try webView.tap(elementID: "c")
        XCTAssertEqual(calls.map(\.path), ["closeMessage"])
        webView.simulateRedirect(to: URL(string: "adbinapp://dismiss")!)
        XCTAssertEqual(delegate.actions.last?.contentRequest?.isRedirect, true)
        XCTAssertEqual(webView.url?.absoluteString, "https://iamcache.braze/")
        var gestures: [ContentGesture] = []
        webView.gestureReceiver = { gestures.append($0) }
        webView.swipe(.down)
        webView.tapBackground()
        XCTAssertEqual(gestures, [.swipe(.down), .backgroundTap])
        XCTAssertEqual(webView.coverageReport().entries.count, 1)
    }

    final class PopupMaker: WKUIDelegate {
        var requested: [URL] = []
        var created: WKWebView?
        func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
                     for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView? {
            requested.append(navigationAction.request.url!)
            XCTAssertNil(navigationAction.targetFrame)
            created = WKWebView(frame: .zero, configuration: configuration)
            return created
        }
    }

    func testBlankTargetAsksUIDelegateForANewWebView() throws {
        let webView = WKWebView()
        let ui = PopupMaker()
        webView.uiDelegate = ui
        webView.loadHTMLString(html, baseURL: nil)
        try webView.tap(elementID: "web")
        XCTAssertEqual(ui.requested.map(\.absoluteString), ["https://adobe.example/offer"])
        XCTAssertEqual(ui.created?.url?.absoluteString, "https://adobe.example/offer")
        XCTAssertEqual(webView.url?.absoluteString, "about:blank", "the message stays")
        webView.configuration.preferences.javaScriptCanOpenWindowsAutomatically = true
        webView.allowsLinkPreview = false
        webView.isInspectable = true
        XCTAssertFalse(webView.allowsLinkPreview)
        XCTAssertTrue(webView.isInspectable)
    }

    func testViewPropertiesAndCastFromUIView() {
        let webView = WKWebView()
        webView.scrollView.isScrollEnabled = false
        webView.scrollView.bounces = false
        webView.isOpaque = false
        let asView: UIView? = webView
        let cast = asView as? WKWebView
        XCTAssertNotNil(cast)
        XCTAssertFalse(cast?.scrollView.isScrollEnabled ?? true)
        XCTAssertFalse(cast?.isOpaque ?? true)
        XCTAssertTrue(webView.subviews.contains { $0 === webView.scrollView })
    }

    func testNavigationDelegateIsWeak() {
        let webView = WKWebView()
        var delegate: AppNavigationDelegate? = AppNavigationDelegate()
        weak let weakDelegate = delegate
        webView.navigationDelegate = delegate
        delegate = nil
        XCTAssertNil(weakDelegate)
        XCTAssertNil(webView.navigationDelegate)
        webView.loadHTMLString("<title>t</title>", baseURL: nil)
        XCTAssertEqual(webView.title, "t")
    }

    func testLoadFileURLOutsideReadAccessAndLoadRequest() {
        let webView = WKWebView()
        let dir = URL(fileURLWithPath: "/tmp/iam-read-access/", isDirectory: true)
        XCTAssertNil(webView.loadFileURL(URL(fileURLWithPath: "/etc/hostname"), allowingReadAccessTo: dir))
        let nav = webView.load(URLRequest(url: URL(string: "https://example.com/page")!))
        XCTAssertNotNil(nav)
        XCTAssertEqual(webView.url?.absoluteString, "https://example.com/page")
        XCTAssertNil(webView.title)
    }

    func testLoadFileURLInsideReadAccessAndConfigurationLimits() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wk-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("temp_42.html")
        try "<title>cached</title><p>x</p>".write(to: file, atomically: true, encoding: .utf8)
        let delegate = AppNavigationDelegate()
        let webView = WKWebView()
        webView.navigationDelegate = delegate
        let nav = webView.loadFileURL(file, allowingReadAccessTo: dir)
        XCTAssertNotNil(nav)
        XCTAssertTrue(delegate.finished.last === nav)
        XCTAssertEqual(webView.title, "cached")
        XCTAssertEqual(webView.url?.lastPathComponent, "temp_42.html")

        let config = WKWebViewConfiguration()
        config.contentLimits = ContentLimits(maxDocumentBytes: 10)
        let small = WKWebView(frame: .zero, configuration: config)
        small.navigationDelegate = delegate
        small.loadHTMLString("<p>too long for the limit</p>", baseURL: nil)
        XCTAssertEqual(delegate.log.last, "fail")
        XCTAssertNil(small.title)
    }

    func testUseFromBackgroundThread() {
        let webView = WKWebView()
        let collector = MessageCollector()
        webView.configuration.userContentController.add(collector, name: "bg")
        let done = expectation(description: "background")
        let box = UncheckedBox(webView)
        DispatchQueue.global().async {
            box.value.loadHTMLString("<title>bg</title>", baseURL: nil)
            box.value.evaluateJavaScript("webkit.messageHandlers.bg.postMessage('hi')")
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(webView.title, "bg")
        XCTAssertEqual(collector.messages.first?.body as? String, "hi")
    }
    func testWebViewsSharingAProcessPoolShareOneVMButNotTheirPages() throws {
        try requireJavaScriptCore()
        let configuration = WKWebViewConfiguration()
        let first = WKWebView(frame: .zero, configuration: configuration)
        let second = WKWebView(frame: .zero, configuration: configuration)
        let vm = try XCTUnwrap(configuration.processPool.virtualMachine)
        XCTAssertTrue(configuration.processPool.virtualMachine === vm, "a pool makes its VM once")
        XCTAssertFalse(WKWebViewConfiguration().processPool.virtualMachine === vm, "each configuration has its own pool")

        first.loadHTMLString("<script>var visits = 1; document.title = 'first'</script>", baseURL: nil)
        second.loadHTMLString("<script>document.title = typeof visits</script>", baseURL: nil)
        XCTAssertEqual(first.title, "first")
        XCTAssertEqual(second.title, "undefined", "pages in one VM keep separate globals")
        var result: Any?
        first.evaluateJavaScript("visits + 1") { value, _ in result = value }
        XCTAssertEqual((result as? NSNumber)?.intValue, 2)
    }
}

struct UncheckedBox<T>: @unchecked Sendable { let value: T; init(_ v: T) { value = v } }

extension WebKitShimTests {
    func testUserScriptsRunAtDocumentStartAndEnd() throws {
        try requireJavaScriptCore()
        let config = WKWebViewConfiguration()
        config.userContentController.add(MessageCollector(), name: "log")
        config.userContentController.addUserScript(WKUserScript(source: "window.order = ['start:' + typeof document.body.querySelector]",
                                                                injectionTime: .atDocumentStart, forMainFrameOnly: true))
        config.userContentController.addUserScript(WKUserScript(source: "order.push('end:' + document.querySelectorAll('p').length)",
                                                                injectionTime: .atDocumentEnd, forMainFrameOnly: true))
        let webView = WKWebView(frame: .zero, configuration: config)
        webView.loadHTMLString("<p>a</p><script>order.push('page')</script><p>b</p>", baseURL: nil)
        var result: Any?
        webView.evaluateJavaScript("order.join(',')") { v, _ in result = v }
        XCTAssertEqual(result as? String, "start:function,page,end:2")
    }
}
#endif
