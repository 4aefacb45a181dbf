import XCTest
@testable import InAppContent

/// Records navigation callbacks; `policy` returns nil to keep the decision for later.
final class RecordingDelegate: ContentNavigationDelegate {
    var log: [String] = []
    var requests: [NavigationRequest] = []
    var errors: [any Error] = []
    var policy: (NavigationRequest) -> NavigationPolicy? = { _ in .allow }
    var deferred: [(NavigationRequest, (NavigationPolicy) -> Void)] = []

    func page(_ page: ContentPage, decidePolicyFor request: NavigationRequest, decisionHandler: @escaping (NavigationPolicy) -> Void) {
        requests.append(request)
        log.append("decide \(request.type.rawValue) \(request.url.absoluteString)")
        if let p = policy(request) { decisionHandler(p) } else { deferred.append((request, decisionHandler)) }
    }
    func page(_ page: ContentPage, didStart request: NavigationRequest) { log.append("start \(request.id)") }
    func page(_ page: ContentPage, didFinish request: NavigationRequest) { log.append("finish \(request.url.absoluteString)") }
    func page(_ page: ContentPage, didFail request: NavigationRequest, error: any Error) {
        errors.append(error); log.append("fail \(request.id)")
    }
}

final class PageTests: XCTestCase {
    let base = URL(string: "https://cdn.example/iam/")!
    let message = """
    <html><head><title>Spring Sale</title></head><body>
    <div id="card">
      <h1>Spring <em>Sale</em></h1>
      <a id="shop" href="products/shoes?abButtonId=0"><span class="label">Shop now</span></a>
      <a id="ext" href="https://partner.example/" target="_blank">Partner</a>
      <a id="frag" href="#details">Details</a>
      <a id="jslink" href="javascript:brazeBridge.logClick('1');brazeBridge.closeMessage()">Close via link</a>
      <button id="buy" onclick="webkit.messageHandlers.buttonClicked.postMessage({id: 'buy', qty: 2})">Buy</button>
      <button id="go" onclick="window.location.href = 'https://shop.example/cart'">Cart</button>
      <button id="stay" onclick="brazeBridge.logClick('0'); return false"><a href="https://never.example">x</a></button>
      <button id="off" disabled onclick="brazeBridge.closeMessage()">Off</button>
      <div id="tile" onclick="brazeBridge.logCustomEvent('tile', {n: 1})"><img alt="Tile"><span id="inner">Tile text</span></div>
      <button id="dead" type="button">Listener only</button>
      <span id="unsupported" onclick="alert('hi'); brazeBridge.closeMessage()">Weird</span>
    </div>
    </body></html>
    """

    func loadedPage(_ delegate: RecordingDelegate? = nil) -> ContentPage {
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = delegate
        page.loadHTMLString(message, baseURL: base)
        return page
    }

    // MARK: Initial load

    func testInitialLoadAsksPolicyThenParsesThenFinishes() {
        let d = RecordingDelegate()
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        XCTAssertNil(page.url)
        let id = page.loadHTMLString(message, baseURL: base)
        XCTAssertEqual(d.log, ["decide other https://cdn.example/iam/", "start \(id)", "finish https://cdn.example/iam/"])
        XCTAssertEqual(page.url, base)
        XCTAssertEqual(page.title, "Spring Sale")
        XCTAssertFalse(page.isLoading)
        XCTAssertEqual(page.document.element(id: "buy")?.visibleText, "Buy")
        XCTAssertEqual(page.events.map(\.kind).prefix(3), [.navigationRequested(id: id, url: base, type: .other), .navigationAllowed(id: id), .navigationStarted(id: id)])
    }

    func testLoadWithoutBaseURLIsAboutBlank() {
        let d = RecordingDelegate()
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        page.loadHTMLString("<p>x</p>", baseURL: nil)
        XCTAssertEqual(page.url?.absoluteString, "about:blank")
        XCTAssertEqual(d.requests.first?.url.absoluteString, "about:blank")
    }

    func testWithoutDelegateEverythingIsAllowed() {
        let page = loadedPage()
        XCTAssertEqual(page.document.elements(tag: "button").count, 5)
        XCTAssertNoThrow(try page.tap(elementID: "shop"))
        XCTAssertEqual(page.url?.absoluteString, "https://cdn.example/iam/products/shoes?abButtonId=0")
    }

    func testCancelledInitialLoadKeepsPreviousDocument() {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        d.policy = { _ in .cancel }
        d.log.removeAll()
        let id = page.loadHTMLString("<p>other</p>", baseURL: URL(string: "https://other.example/"))
        XCTAssertEqual(d.log, ["decide other https://other.example/"])
        XCTAssertEqual(page.title, "Spring Sale")
        XCTAssertEqual(page.url, base)
        XCTAssertFalse(page.isLoading)
        XCTAssertEqual(page.events.last?.kind, .navigationCancelled(id: id))
    }

    func testDeferredDecisionKeepsLoadingUntilCalled() throws {
        let d = RecordingDelegate()
        d.policy = { _ in nil }
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        page.loadHTMLString(message, baseURL: base)
        XCTAssertTrue(page.isLoading)
        XCTAssertNil(page.title)
        XCTAssertEqual(d.log.count, 1)
        let (_, decide) = try XCTUnwrap(d.deferred.first)
        decide(.allow)
        XCTAssertFalse(page.isLoading)
        XCTAssertEqual(page.title, "Spring Sale")
        XCTAssertEqual(d.log.last, "finish https://cdn.example/iam/")
    }

    func testDeferredCancelAndSecondDecisionIsIgnored() throws {
        let d = RecordingDelegate()
        d.policy = { _ in nil }
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        let id = page.loadHTMLString(message, baseURL: base)
        let (_, decide) = try XCTUnwrap(d.deferred.first)
        decide(.cancel)
        XCTAssertFalse(page.isLoading)
        decide(.allow)
        XCTAssertNil(page.title, "the second call must not load the document")
        XCTAssertEqual(page.events.last?.kind, .decisionIgnored(id: id, reason: "decision handler called more than once"))
    }

    func testNewNavigationSupersedesAPendingOne() throws {
        let d = RecordingDelegate()
        d.policy = { _ in nil }
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        let first = page.loadHTMLString("<title>first</title>", baseURL: nil)
        let second = page.loadHTMLString("<title>second</title>", baseURL: nil)
        XCTAssertEqual(d.deferred.count, 2)
        d.deferred[0].1(.allow)
        XCTAssertNil(page.title)
        XCTAssertTrue(page.events.contains { $0.kind == .navigationSuperseded(id: first) })
        XCTAssertTrue(page.events.contains { $0.kind == .decisionIgnored(id: first, reason: "navigation no longer pending") })
        d.deferred[1].1(.allow)
        XCTAssertEqual(page.title, "second")
        XCTAssertTrue(page.events.contains { $0.kind == .navigationFinished(id: second, url: URL(string: "about:blank")!) })
    }

    func testStopLoadingAbandonsPendingNavigation() throws {
        let d = RecordingDelegate()
        d.policy = { _ in nil }
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        page.loadHTMLString("<title>t</title>", baseURL: nil)
        page.stopLoading()
        XCTAssertFalse(page.isLoading)
        d.deferred[0].1(.allow)
        XCTAssertNil(page.title)
    }

    func testParseFailureCallsDidFailAndKeepsDocument() {
        let d = RecordingDelegate()
        let page = ContentPage(limits: ContentLimits(maxDocumentBytes: 100))
        page.navigationDelegate = d
        page.loadHTMLString("<title>small</title>", baseURL: nil)
        page.loadHTMLString("<title>big</title>" + String(repeating: "x", count: 200), baseURL: URL(string: "https://big.example/"))
        XCTAssertEqual(page.title, "small")
        XCTAssertEqual(page.url?.absoluteString, "about:blank")
        XCTAssertEqual(d.errors.last as? ContentError, .documentTooLarge(bytes: 218, limit: 100))
        XCTAssertTrue(d.log.last?.hasPrefix("fail") ?? false)
    }

    // MARK: Links, location, redirects

    func testLinkTapAllowedRecordsURLWithoutContent() throws {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        d.log.removeAll()
        let result = try page.tap(elementID: "shop")
        let target = URL(string: "https://cdn.example/iam/products/shoes?abButtonId=0")!
        XCTAssertEqual(d.requests.last?.type, .linkActivated)
        XCTAssertEqual(d.requests.last?.sourceElement?.id, "shop")
        XCTAssertEqual(result.actions, [.navigation(id: d.requests.last!.id, url: target)])
        XCTAssertEqual(page.url, target)
        XCTAssertNil(page.title, "nothing is fetched: the page is empty")
        XCTAssertTrue(page.events.contains { $0.kind == .navigationWithoutContent(id: d.requests.last!.id, url: target) })
        XCTAssertEqual(d.log.last, "finish \(target.absoluteString)")
    }

    func testAllowedCustomSchemeFailsLikeWebKitAndKeepsPage() throws {
        let d = RecordingDelegate()
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        page.loadHTMLString("<title>t</title><a id=tel href='tel:+15551234'>Call</a><a id=self href=''>Reload</a>", baseURL: base)
        try page.tap(elementID: "tel")
        XCTAssertEqual(d.requests.last?.url.absoluteString, "tel:+15551234")
        XCTAssertEqual(d.errors.last as? ContentError, .unsupportedURL(URL(string: "tel:+15551234")!))
        XCTAssertEqual(page.url, base)
        XCTAssertEqual(page.title, "t")
        // A link to the current URL reloads it: policy asked, finish reported, document kept.
        d.log.removeAll()
        try page.tap(elementID: "self")
        XCTAssertEqual(d.log.first, "decide linkActivated https://cdn.example/iam/")
        XCTAssertEqual(d.log.last, "finish https://cdn.example/iam/")
        XCTAssertEqual(page.title, "t")
    }

    func testLinkTapCancelledByPolicyKeepsDocument() throws {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        d.policy = { $0.type == .linkActivated ? .cancel : .allow }
        try page.tap(selector: "#shop .label")   // a tap on the span inside the link follows the link
        XCTAssertEqual(d.requests.last?.url.absoluteString, "https://cdn.example/iam/products/shoes?abButtonId=0")
        XCTAssertEqual(page.url, base)
        XCTAssertEqual(page.title, "Spring Sale")
    }

    func testLinkWithBlankTargetHasNoTargetFrameAndKeepsPage() throws {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        try page.tap(elementID: "ext")
        XCTAssertEqual(d.requests.last?.targetsNewWindow, true)
        XCTAssertEqual(page.url, base)
        XCTAssertTrue(page.events.contains { if case .newWindowRequested = $0.kind { return true }; return false })
    }

    func testFragmentLinkIsSameDocumentNavigation() throws {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        d.log.removeAll()
        try page.tap(elementID: "frag")
        XCTAssertEqual(d.requests.last?.isSameDocument, true)
        XCTAssertEqual(d.log, ["decide linkActivated https://cdn.example/iam/#details"])
        XCTAssertEqual(page.url?.absoluteString, "https://cdn.example/iam/#details")
        XCTAssertEqual(page.title, "Spring Sale")
    }

    func testWindowLocationFromScriptAndFromOnclick() throws {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        let result = page.evaluate("window.location = 'https://shop.example/a'")
        XCTAssertEqual(result, .success(.string("https://shop.example/a")))
        XCTAssertEqual(d.requests.last?.type, .other)
        XCTAssertEqual(page.url?.absoluteString, "https://shop.example/a")

        page.loadHTMLString(message, baseURL: base)
        d.policy = { $0.url.host == "shop.example" ? .cancel : .allow }
        try page.tap(elementID: "go")
        XCTAssertEqual(d.requests.last?.url.absoluteString, "https://shop.example/cart")
        XCTAssertEqual(d.requests.last?.sourceElement?.id, "go")
        XCTAssertEqual(page.url, base, "cancelled by policy")
    }

    func testRelativeLocationResolvesAgainstBase() {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        page.evaluate("location.href = 'next.html'")
        XCTAssertEqual(d.requests.last?.url.absoluteString, "https://cdn.example/iam/next.html")
    }

    func testRedirectAsksPolicyAgain() {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        let target = URL(string: "https://cdn.example/landing")!
        let id = page.simulateRedirect(to: target, html: "<title>Landing</title>")
        XCTAssertNotNil(id)
        XCTAssertEqual(d.requests.last?.isRedirect, true)
        XCTAssertEqual(d.requests.last?.redirectedFrom, base)
        XCTAssertEqual(page.url, target)
        XCTAssertEqual(page.title, "Landing")

        d.policy = { $0.isRedirect ? .cancel : .allow }
        page.simulateRedirect(to: URL(string: "https://evil.example/")!)
        XCTAssertEqual(page.url, target)
        XCTAssertEqual(page.title, "Landing")
    }

    func testJavascriptLinkRunsSubsetWithoutNavigation() throws {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        var calls: [BridgeCall] = []
        page.bridgeReceiver = { calls.append($0) }
        let before = d.requests.count
        let result = try page.tap(elementID: "jslink")
        XCTAssertEqual(calls.map(\.path), ["logClick", "closeMessage"])
        XCTAssertEqual(calls.first?.arguments, [.string("1")])
        XCTAssertEqual(d.requests.count, before, "javascript: URLs are not navigations")
        XCTAssertEqual(result.actions.count, 1)
        XCTAssertNil(page.load(url: URL(string: "javascript:alert(1)")!))
    }

    func testFileNavigationsOnlyUnderReadableDirectory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("iam-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let index = dir.appendingPathComponent("index.html")
        try "<title>Index</title><a id=n href='next.html'>n</a><a id=out href='/etc/passwd'>x</a>".write(to: index, atomically: true, encoding: .utf8)
        try "<title>Next</title>".write(to: dir.appendingPathComponent("next.html"), atomically: true, encoding: .utf8)

        let d = RecordingDelegate()
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        XCTAssertNil(page.loadFileURL(URL(fileURLWithPath: "/etc/hostname"), allowingReadAccessTo: dir))
        XCTAssertTrue(d.requests.isEmpty)
        XCTAssertNotNil(page.loadFileURL(index, allowingReadAccessTo: dir))
        XCTAssertEqual(page.title, "Index")

        let blocked = try page.tap(elementID: "out")
        XCTAssertEqual(d.requests.count, 1, "a file outside the directory is refused before the policy")
        XCTAssertEqual(blocked.actions.count, 1)
        if case .blocked = blocked.actions[0] {} else { XCTFail("\(blocked.actions)") }

        try page.tap(elementID: "n")
        XCTAssertEqual(page.title, "Next")
        XCTAssertEqual(page.url?.lastPathComponent, "next.html")

        page.loadFileURL(dir.appendingPathComponent("missing.html"), allowingReadAccessTo: dir)
        XCTAssertEqual(page.title, "Next")
        if case .fileUnreadable? = d.errors.last as? ContentError {} else { XCTFail("\(d.errors)") }
    }

    // MARK: Script bridge

    func testHandlersRegisteredBeforeAndAfterLoad() throws {
        let page = ContentPage(scriptEngine: .subset)
        var received: [(String, Any)] = []
        page.addMessageHandler(name: "early") { received.append(($0.name, $0.body)) }
        page.loadHTMLString("<button id=a onclick=\"webkit.messageHandlers.early.postMessage('e')\">a</button><button id=b onclick=\"webkit.messageHandlers.late.postMessage([1,'x'])\">b</button>", baseURL: nil)
        try page.tap(elementID: "a")
        let failed = try page.tap(elementID: "b")
        XCTAssertEqual(failed.actions, [.scriptFailed(source: "webkit.messageHandlers.late.postMessage([1,'x'])", error: .messageHandlerMissing("late"))])
        page.addMessageHandler(name: "late") { received.append(($0.name, $0.body)) }
        try page.tap(elementID: "b")
        XCTAssertEqual(received.map(\.0), ["early", "late"])
        XCTAssertEqual(received[0].1 as? String, "e")
        let arr = try XCTUnwrap(received[1].1 as? [Any])
        XCTAssertEqual(arr[0] as? Int, 1)
        XCTAssertEqual(arr[1] as? String, "x")
    }

    func testDuplicateHandlerIsIgnoredAndLogged() {
        let page = ContentPage(scriptEngine: .subset)
        var which: [String] = []
        XCTAssertTrue(page.addMessageHandler(name: "h") { _ in which.append("first") })
        XCTAssertFalse(page.addMessageHandler(name: "h") { _ in which.append("second") })
        page.evaluate("webkit.messageHandlers.h.postMessage(1)")
        XCTAssertEqual(which, ["first"])
        XCTAssertTrue(page.events.contains { $0.kind == .messageHandlerDuplicate(name: "h") })
        page.messageHandlers.remove(name: "h")
        XCTAssertEqual(page.evaluate("webkit.messageHandlers.h.postMessage(1)"), .failure(.messageHandlerMissing("h")))
    }

    func testMissingHandlerStopsLaterStatements() {
        let page = ContentPage(scriptEngine: .subset)
        var calls = 0
        page.bridgeReceiver = { _ in calls += 1 }
        let r = page.evaluate("webkit.messageHandlers.nope.postMessage(1); brazeBridge.closeMessage()")
        XCTAssertEqual(r, .failure(.messageHandlerMissing("nope")))
        XCTAssertEqual(calls, 0)
    }

    func testUnsupportedScriptRunsNothingAndIsLogged() {
        let page = ContentPage(scriptEngine: .subset)
        var posts = 0
        page.addMessageHandler(name: "h") { _ in posts += 1 }
        var gotError: (any Error)?
        var gotValue: Any?
        page.evaluateJavaScript("webkit.messageHandlers.h.postMessage(1); document.body.innerHTML = ''") { v, e in
            gotValue = v; gotError = e
        }
        XCTAssertEqual(posts, 0)
        XCTAssertNil(gotValue)
        if case .unsupported(let u)? = gotError as? ScriptError {
            XCTAssertGreaterThanOrEqual(u.offset, "webkit.messageHandlers.h.postMessage(1); ".count, "the second statement is the problem")
        } else { XCTFail("\(String(describing: gotError))") }
        XCTAssertTrue(page.events.contains { if case .scriptUnsupported = $0.kind { return true }; return false })
    }

    func testEvaluateJavaScriptResults() {
        let page = loadedPage()
        var results: [Any?] = []
        page.evaluateJavaScript("document.title") { v, _ in results.append(v) }
        page.evaluateJavaScript("location.href") { v, _ in results.append(v) }
        page.evaluateJavaScript("[1, {a: 2}]") { v, _ in results.append(v) }
        page.evaluateJavaScript("42") { v, _ in results.append(v) }
        page.evaluateJavaScript("brazeBridge.closeMessage()") { v, e in results.append(v); XCTAssertNotNil(e) }
        XCTAssertEqual(results[0] as? String, "Spring Sale")
        XCTAssertEqual(results[1] as? String, "https://cdn.example/iam/")
        XCTAssertEqual(((results[2] as? [Any])?[1] as? [String: Any])?["a"] as? Int, 2)
        XCTAssertEqual(results[3] as? Int, 42)
        XCTAssertNil(results[4] ?? nil)
    }

    func testBridgeCallsReachReceiverAsTypedValues() throws {
        let page = loadedPage()
        var calls: [BridgeCall] = []
        page.bridgeReceiver = { calls.append($0) }
        try page.tap(elementID: "tile")
        page.evaluate("appboyBridge.getUser().setEmail('a@b.c'); brazeBridge.logPurchase('sku', 9.99, 'EUR', 1, {gift: true})")
        XCTAssertEqual(calls.map(\.description), [
            "brazeBridge.logCustomEvent(\"tile\",{\"n\":1})",
            "appboyBridge.getUser().setEmail(\"a@b.c\")",
            "brazeBridge.logPurchase(\"sku\",9.99,\"EUR\",1,{\"gift\":true})",
        ])
        XCTAssertEqual(calls[2].foundationArguments[1] as? Double, 9.99)
        XCTAssertEqual(calls[1].method, "setEmail")
        XCTAssertTrue(page.events.contains { $0.kind == .bridgeCalled(calls[0]) })
    }

    func testBridgeWithoutReceiverFails() throws {
        let page = loadedPage()
        let r = try page.tap(elementID: "tile")
        XCTAssertEqual(r.actions.count, 1)
        if case .scriptFailed(_, .bridgeUnavailable(let call)) = r.actions[0] { XCTAssertEqual(call.path, "logCustomEvent") } else { XCTFail() }
    }

    // MARK: Simulated input

    func testTapByEveryTargetKind() throws {
        let page = loadedPage()
        var posted: [Any] = []
        page.addMessageHandler(name: "buttonClicked") { posted.append($0.body) }
        try page.tap(text: "Buy")
        try page.tapButton(at: 0)
        try page.tap(selector: "button[onclick*=buttonClicked]")
        try page.tap(elementID: "buy")
        XCTAssertEqual(posted.count, 4)
        XCTAssertEqual((posted[0] as? [String: Any])?["qty"] as? Int, 2)
        XCTAssertThrowsError(try page.tap(elementID: "nope")) { XCTAssertEqual($0 as? InputError, .noSuchElement("id 'nope'")) }
        XCTAssertThrowsError(try page.tap(selector: "a:no-such-state")) { if case .invalidSelector? = $0 as? InputError {} else { XCTFail() } }
        XCTAssertThrowsError(try page.tapButton(at: 99))
        XCTAssertThrowsError(try page.tap(text: "No such label"))
    }

    func testButtonIndexOrderAndTextMatching() throws {
        let page = loadedPage()
        XCTAssertEqual(page.document.buttons.map { $0.id ?? "" }, ["buy", "go", "stay", "off", "dead"])
        var calls: [BridgeCall] = []
        page.bridgeReceiver = { calls.append($0) }
        try page.tap(text: "Tile")   // partial text match on the clickable div's text
        XCTAssertEqual(calls.map(\.path), ["logCustomEvent"])
    }

    func testOnclickReturnFalsePreventsDefaultAndDisabledDoesNothing() throws {
        let d = RecordingDelegate()
        let page = loadedPage(d)
        var calls: [String] = []
        page.bridgeReceiver = { calls.append($0.path) }
        let before = d.requests.count
        try page.tap(selector: "#stay a")   // onclick on the ancestor button runs and returns false
        XCTAssertEqual(calls, ["logClick"])
        XCTAssertEqual(d.requests.count, before)
        let off = try page.tap(elementID: "off")
        XCTAssertEqual(off.actions, [.blocked(reason: "disabled")])
        XCTAssertEqual(calls, ["logClick"])
    }

    func testButtonInsideLinkFollowsTheLink() throws {
        let d = RecordingDelegate()
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        page.loadHTMLString("<a href='https://shop.example/'><button id=b>Shop</button></a><form action='/f'><a href='/x'><button id=s>S</button></a></form>", baseURL: base)
        d.policy = { _ in .cancel }
        let r = try page.tap(elementID: "b")
        XCTAssertEqual(r.actions, [.navigation(id: d.requests.last!.id, url: URL(string: "https://shop.example/")!)])
        try page.tap(elementID: "s")   // a submit button with a form submits, even inside a link
        XCTAssertEqual(d.requests.last?.type, .formSubmitted)
    }

    func testTapWithoutActionIsReported() throws {
        let page = loadedPage()
        let r = try page.tap(elementID: "dead")
        XCTAssertTrue(r.actions.isEmpty)
        XCTAssertTrue(page.events.contains { if case .noAction = $0.kind { return true }; return false })
        let stale = page.document.element(id: "buy")!
        page.loadHTMLString("<p>new</p>", baseURL: nil)
        XCTAssertThrowsError(try page.tap(stale)) { XCTAssertEqual($0 as? InputError, .staleElement) }
    }

    func testFormSubmissionGetWithFieldsAndToggles() throws {
        let d = RecordingDelegate()
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        page.loadHTMLString("""
        <form id=f action="/survey" onsubmit="webkit.messageHandlers.s.postMessage('sent')">
          <input name=email id=email value="">
          <input type=checkbox name=news id=news value=yes>
          <input type=radio name=r id=r1 value=1 checked><input type=radio name=r id=r2 value=2>
          <select name=size><option value=s>S<option value=m selected>M</select>
          <textarea name=comment>Great &amp; fast</textarea>
          <input type=hidden name=campaign value=spring>
          <input type=text name=off disabled value=x>
          <button id=send name=action value=send>Send</button>
        </form>
        """, baseURL: URL(string: "https://app.example/m/")!)
        var sent: [String] = []
        page.addMessageHandler(name: "s") { sent.append($0.body as? String ?? "") }
        try page.setValue("a b@c.d", forElementID: "email")
        let news = try page.tap(elementID: "news")
        XCTAssertEqual(news.actions, [.toggled(checked: true)])
        try page.tap(elementID: "r2")
        XCTAssertFalse(page.isChecked(page.document.element(id: "r1")!))
        d.policy = { $0.type == .formSubmitted ? .cancel : .allow }
        let r = try page.tap(text: "Send")
        XCTAssertEqual(sent, ["sent"])
        let req = try XCTUnwrap(d.requests.last)
        XCTAssertEqual(req.type, .formSubmitted)
        XCTAssertEqual(req.httpMethod, "GET")
        XCTAssertEqual(req.url.absoluteString,
                       "https://app.example/survey?email=a+b%40c.d&news=yes&r=2&size=m&comment=Great+%26+fast&campaign=spring&action=send")
        XCTAssertEqual(r.navigationID, req.id)
        XCTAssertEqual(page.title, nil)
        XCTAssertEqual(page.url?.absoluteString, "https://app.example/m/", "cancelled submission keeps the page")
    }

    func testFormPostAndOnsubmitReturnFalse() throws {
        let d = RecordingDelegate()
        let page = ContentPage(scriptEngine: .subset)
        page.navigationDelegate = d
        page.loadHTMLString("<form id=p method=post action='https://api.example/x'><input name=a value=1><input type=submit id=s value=Go></form><form id=q onsubmit='return false'><button>Q</button></form>", baseURL: nil)
        try page.tap(elementID: "s")
        XCTAssertEqual(d.requests.last?.httpMethod, "POST")
        XCTAssertEqual(d.requests.last?.httpBody.map { String(decoding: $0, as: UTF8.self) }, "a=1")
        XCTAssertEqual(d.requests.last?.url.absoluteString, "https://api.example/x")
        page.loadHTMLString("<form id=q onsubmit='return false'><button>Q</button></form>", baseURL: nil)
        let count = d.requests.count
        let r = try page.submit(form: page.document.element(id: "q")!)
        XCTAssertEqual(r.actions, [.script(source: "return false")])
        XCTAssertEqual(d.requests.count, count)
    }

    func testSwipesAndBackgroundTap() {
        let page = loadedPage()
        var gestures: [ContentGesture] = []
        page.gestureReceiver = { gestures.append($0) }
        for direction in SwipeDirection.allCases { page.swipe(direction) }
        page.tapBackground()
        XCTAssertEqual(gestures, [.swipe(.up), .swipe(.down), .swipe(.left), .swipe(.right), .backgroundTap])
        XCTAssertEqual(page.events.suffix(5).map(\.kind), [.swiped(.up), .swiped(.down), .swiped(.left), .swiped(.right), .backgroundTapped])
    }

    // MARK: Coverage, events, threads

    func testCoverageReportExplainsEachInteractiveElement() throws {
        let page = loadedPage()
        page.addMessageHandler(name: "buttonClicked") { _ in }
        var report = page.coverageReport()
        func entry(_ id: String) -> CoverageEntry? { report.entries.first { $0.element.id == id } }
        XCTAssertEqual(report.entries.count, 12, "11 with ids plus the link nested in #stay")
        XCTAssertEqual(entry("shop")?.isRunnable, true)
        XCTAssertEqual(entry("shop")?.action, "link https://cdn.example/iam/products/shoes?abButtonId=0")
        XCTAssertEqual(entry("shop")?.label, "Shop now")
        XCTAssertEqual(entry("buy")?.isRunnable, true)
        XCTAssertEqual(entry("jslink")?.isRunnable, false, "no bridge receiver yet")
        XCTAssertEqual(entry("off")?.reason, "disabled")
        XCTAssertEqual(entry("dead")?.isRunnable, false)
        XCTAssertTrue(entry("unsupported")?.reason?.contains("outside the supported subset") ?? false)
        XCTAssertEqual(entry("tile")?.kind, .clickHandler)
        page.bridgeReceiver = { _ in }
        report = page.coverageReport()
        XCTAssertEqual(entry("jslink")?.isRunnable, true)
        XCTAssertEqual(entry("tile")?.isRunnable, true)
        XCTAssertEqual(report.notRunnable.compactMap { $0.element.id }, ["off", "dead", "unsupported"])
        XCTAssertTrue(report.description.hasPrefix("coverage: 9 of 12 interactive elements runnable"))
    }

    func testDeeplyNestedClickHandlersStayLinear() throws {
        let depth = 10_000
        let html = String(repeating: "<span onclick=\"brazeBridge.closeMessage()\">", count: depth) + "<b>Deep</b>"
        let page = ContentPage(scriptEngine: .subset)
        var calls = 0
        page.bridgeReceiver = { _ in calls += 1 }
        page.loadHTMLString(html, baseURL: nil)
        let report = page.coverageReport()
        XCTAssertEqual(report.entries.count, depth)
        XCTAssertEqual(report.runnable.count, depth)
        // Labels read only the first descendants: the outermost span has none, the innermost reads "Deep".
        XCTAssertEqual(report.entries.first?.label, "")
        XCTAssertEqual(report.entries.last?.label, "Deep")
        try page.tap(selector: "b")              // bubbles through all 10 000 handlers
        XCTAssertEqual(calls, depth)
    }

    func testEventObserverSeesEveryEventInOrder() throws {
        let page = ContentPage(scriptEngine: .subset)
        var seen: [ContentEvent] = []
        page.eventObserver = { seen.append($0) }
        page.loadHTMLString("<a id=a href='#x'>a</a>", baseURL: URL(string: "https://e.example/")!)
        try page.tap(elementID: "a")
        XCTAssertEqual(seen, page.events)
        XCTAssertEqual(seen.map(\.sequence), Array(1...seen.count))
        page.clearEvents()
        XCTAssertTrue(page.events.isEmpty)
    }

    func testConcurrentUseFromManyThreads() {
        let page = loadedPage()
        let counter = Counter()
        page.addMessageHandler(name: "buttonClicked") { _ in counter.increment() }
        let (html, base) = (message, base)
        DispatchQueue.concurrentPerform(iterations: 200) { i in
            if i % 10 == 0 { page.loadHTMLString(html, baseURL: base) }
            page.evaluate("webkit.messageHandlers.buttonClicked.postMessage(\(i))")
            _ = page.coverageReport()
        }
        XCTAssertEqual(counter.value, 200)
        XCTAssertEqual(page.title, "Spring Sale")
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
