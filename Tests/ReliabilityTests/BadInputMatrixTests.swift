import XCTest
import Foundation
import InAppTestSupport
import InAppContent
import AEPCore
@testable import AEPServices
@_spi(OpenInApp) @testable import AEPMessaging
@testable import BrazeKit
@testable import BrazeUI
@testable import AppboyKit
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// Malformed input, one row each: every row names what it expects (a typed error, or the documented recovery)
/// and checks the trace entry or error value that shows it. None may crash.
final class BadInputMatrixTests: XCTestCase {
    /// One row: `run` returns nil when the expectation holds, else what happened instead.
    struct Row {
        let name: String
        let expects: String
        let run: (Harness) throws -> String?
    }

    override func tearDown() {
        ServiceProvider.shared.messagingDelegate = nil
        ServiceProvider.shared.resetAppOnlyServices()
        Messaging.clearPropositions()
        UIApplication.shared.resetOpenedURLs()
        super.tearDown()
    }

    func testEveryMalformedInputGivesATypedErrorOrDocumentedRecovery() {
        let rows = Self.contentRows + Self.brazePayloadRows + Self.brazeUIRows + Self.adobeRows + Self.appboyRows + Self.coreRows
        XCTAssertGreaterThanOrEqual(rows.count, 50)
        XCTAssertEqual(Set(rows.map(\.name)).count, rows.count, "row names are unique")
        var failures: [String] = []
        for row in rows {
            let h = Harness(device: DeviceState(statusBarHeight: 0))
            ServiceProvider.shared.messagingDelegate = nil
            ServiceProvider.shared.resetAppOnlyServices()
            Messaging.clearPropositions()
            UIApplication.shared.resetOpenedURLs()
            do {
                if let problem = try row.run(h) { failures.append("\(row.name) — expected \(row.expects); got \(problem)") }
            } catch {
                failures.append("\(row.name) — expected \(row.expects); threw \(error)")
            }
            h.settle()
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(rows.count) rows failed:\n" + failures.joined(separator: "\n"))
    }

    // MARK: Helpers

    /// nil when `body` throws an error of type E for which `matches` holds.
    static func expectError<E: Error>(_ type: E.Type, _ body: () throws -> Void, _ matches: (E) -> Bool = { _ in true }) -> String? {
        do { try body() } catch let e as E { return matches(e) ? nil : "error \(e)" } catch { return "other error \(error)" }
        return "no error"
    }

    static func has(_ h: Harness, _ label: String, _ detail: ((TraceEvent) -> Bool)? = nil) -> String? {
        h.trace.events.contains { $0.label == label && (detail?($0) ?? true) } ? nil : "no \(label) in trace \(h.trace.events.suffix(12).map(\.label))"
    }

    static func pageEvents(_ page: ContentPage) -> [String] { page.events.map { "\($0.kind)" } }

    static func deep(_ n: Int, open: String = "<div>", close: String = "</div>") -> String {
        String(repeating: open, count: n) + "x" + String(repeating: close, count: n)
    }

    // MARK: HTML / content model (InAppContent)

    static var contentRows: [Row] { [
        Row(name: "html.truncated", expects: "recovery: the partial document parses, text kept") { _ in
            let d = try HTMLDocument.parse("<html><body><p class=\"a\">Hel")
            return d.body.visibleText == "Hel" ? nil : "text \(d.body.visibleText)"
        },
        Row(name: "html.truncatedAttribute", expects: "recovery: an unterminated attribute ends the document") { _ in
            let d = try HTMLDocument.parse("<a href=\"https://example.com/x")
            return d.nodeCount >= 1 ? nil : "no nodes"
        },
        Row(name: "html.unterminatedComment", expects: "recovery: the comment runs to the end, no element after it") { _ in
            let d = try HTMLDocument.parse("<p>a</p><!-- open <button>b</button>")
            return d.buttons.isEmpty ? nil : "button parsed inside a comment"
        },
        Row(name: "html.deep100k.defaultLimits", expects: "recovery: 100 000-deep nesting parses and is walkable") { _ in
            let d = try HTMLDocument.parse(deep(100_000))
            let text = d.body.textContent
            _ = d.interactiveElements
            _ = try d.querySelectorAll("div > div")
            return text == "x" && d.nodeCount > 100_000 ? nil : "text \(text.prefix(10)) nodes \(d.nodeCount)"
        },
        Row(name: "html.deep100k.limited", expects: "ContentError.nestingTooDeep") { _ in
            expectError(ContentError.self, { _ = try HTMLDocument.parse(deep(100_000), limits: ContentLimits(maxDepth: 1_000)) }) {
                $0 == .nestingTooDeep(limit: 1_000)
            }
        },
        Row(name: "html.50MB", expects: "ContentError.documentTooLarge under a 32 MB limit") { _ in
            let big = String(repeating: "<p>0123456789abcdef</p>", count: 50 << 20 / 23 + 1)
            return expectError(ContentError.self, { _ = try HTMLDocument.parse(big, limits: ContentLimits(maxDocumentBytes: 32 << 20)) }) {
                if case .documentTooLarge(let bytes, _) = $0 { return bytes >= 50 << 20 } else { return false }
            }
        },
        Row(name: "html.50MB.webView", expects: "recovery: the web view's load fails with navigationFailed, page stays empty") { _ in
            let configuration = WKWebViewConfiguration()
            configuration.contentLimits = ContentLimits(maxDocumentBytes: 32 << 20)
            let view = WKWebView(frame: .zero, configuration: configuration)
            view.loadHTMLString(String(repeating: "a", count: 50 << 20), baseURL: nil)
            let failed = view.events.contains { if case .navigationFailed = $0.kind { return true } else { return false } }
            return failed ? nil : "events \(pageEvents(view.page))"
        },
        Row(name: "html.invalidUTF8", expects: "recovery: invalid bytes become U+FFFD, the rest parses") { _ in
            let d = try HTMLDocument.parse(bytes: Array("<p id=\"a\">ok ".utf8) + [0xC3, 0x28, 0xFF, 0xFE, 0xED, 0xA0, 0x80] + Array("</p>".utf8))
            let text = d.element(id: "a")?.textContent ?? ""
            return text.hasPrefix("ok ") && text.contains("\u{FFFD}") ? nil : "text \(text.debugDescription)"
        },
        Row(name: "html.nulBytes", expects: "recovery: NUL bytes do not end the document") { _ in
            let d = try HTMLDocument.parse("<p>a\u{0}b</p><button id=\"b\u{0}\">x</button><p id=\"z\">end</p>")
            return d.element(id: "z") != nil ? nil : "document cut at NUL"
        },
        Row(name: "html.badEntities", expects: "recovery: unknown and out-of-range entities kept or replaced") { _ in
            let d = try HTMLDocument.parse("<p id=\"e\">&bogus; &#x110000; &#0; &#xD800; &amp</p>")
            return (d.element(id: "e")?.textContent ?? "").contains("&bogus;") ? nil : "text \(d.element(id: "e")?.textContent ?? "nil")"
        },
        Row(name: "html.misnested", expects: "recovery: misnested and stray end tags parse, later elements kept") { _ in
            let d = try HTMLDocument.parse("<b><i>x</b></i></div></table><p id=\"after\">y</p>")
            return d.element(id: "after") != nil ? nil : "element after misnesting lost"
        },
        Row(name: "selector.invalid", expects: "SelectorError for a malformed selector") { _ in
            let d = try HTMLDocument.parse("<p>x</p>")
            return expectError(SelectorError.self, { _ = try d.querySelectorAll("p[[") })
        },
        Row(name: "input.unknownElement", expects: "InputError, tapTargetMissing event") { _ in
            let page = ContentPage()
            page.loadHTMLString("<p>x</p>", baseURL: nil)
            if let e = expectError(InputError.self, { _ = try page.tap(elementID: "missing") }) { return e }
            return pageEvents(page).contains { $0.hasPrefix("tapTargetMissing") } ? nil : "events \(pageEvents(page))"
        },
        Row(name: "script.syntaxError", expects: "ScriptError.unsupported, scriptUnsupported event") { _ in
            let page = ContentPage()
            guard case .failure(.unsupported) = page.evaluate("window.location = ('") else { return "no unsupported error" }
            return pageEvents(page).contains { $0.hasPrefix("scriptUnsupported") } ? nil : "events \(pageEvents(page))"
        },
        Row(name: "script.missingHandler", expects: "ScriptError.messageHandlerMissing, messageHandlerMissing event") { _ in
            let page = ContentPage()
            guard case .failure(.messageHandlerMissing("nope")) = page.evaluate("window.webkit.messageHandlers.nope.postMessage(1)") else {
                return "no messageHandlerMissing error"
            }
            return pageEvents(page).contains { $0.hasPrefix("messageHandlerMissing") } ? nil : "events \(pageEvents(page))"
        },
        Row(name: "script.javascriptNavigation", expects: "ScriptError.invalidNavigation for location = 'javascript:…'") { _ in
            let page = ContentPage()
            guard case .failure(.invalidNavigation) = page.evaluate("window.location = 'javascript:alert(1)'") else { return "navigated" }
            return nil
        },
        Row(name: "script.bridgeWithoutReceiver", expects: "ScriptError.bridgeUnavailable, bridgeReceiverMissing event") { _ in
            let page = ContentPage()
            guard case .failure(.bridgeUnavailable) = page.evaluate("brazeBridge.closeMessage()") else { return "no bridgeUnavailable" }
            return pageEvents(page).contains { $0.hasPrefix("bridgeReceiverMissing") } ? nil : "events \(pageEvents(page))"
        },
        Row(name: "link.javascript", expects: "recovery: a javascript: href runs through the script subset, no navigation") { _ in
            let page = ContentPage()
            page.loadHTMLString("<a id=\"j\" href=\"javascript:void(0)\">j</a>", baseURL: URL(string: "https://example.com/"))
            _ = try page.tap(elementID: "j")
            let navigated = page.events.contains { if case .navigationRequested(_, let url, _) = $0.kind { return url.scheme == "javascript" } else { return false } }
            return navigated ? "javascript: URL navigated" : (page.url?.host == "example.com" ? nil : "url \(String(describing: page.url))")
        },
        Row(name: "link.fileOutsideRoot", expects: "recovery: file: link outside the readable directory blocked (blocked event)") { _ in
            let page = ContentPage()
            page.loadHTMLString("<a id=\"f\" href=\"file:///etc/passwd\">f</a>", baseURL: URL(string: "https://example.com/"))
            _ = try? page.tap(elementID: "f")
            let blocked = page.events.contains { if case .blocked = $0.kind { return true } else { return false } }
            return blocked && page.url?.isFileURL != true ? nil : "events \(pageEvents(page))"
        },
        Row(name: "link.invalidHref", expects: "recovery: an unparseable href is blocked (blocked event), page unchanged") { _ in
            let page = ContentPage()
            page.loadHTMLString("<a id=\"b\" href=\"http://[::1\">b</a>", baseURL: nil)
            let before = page.url
            _ = try? page.tap(elementID: "b")
            return page.url == before ? nil : "navigated to \(String(describing: page.url))"
        },
        Row(name: "script.loopingClick.thrice", expects: "ScriptFailure.timeout on each of 3 taps of a for(;;){} click handler, page goes on") { _ in
            let page = loopingPage("<button id=b onclick='for(;;){}'>b</button>")
            for i in 1...3 {
                let r = try page.tap(elementID: "b")
                guard r.actions.contains(where: { if case .scriptFailed(_, .exception(let f)) = $0 { return f.kind == .timeout } else { return false } })
                else { return "tap \(i): \(r.actions)" }
            }
            return page.evaluate("'alive'") == .success(.string("alive")) ? nil : "page stopped answering"
        },
        Row(name: "script.loopingInput", expects: "ScriptFailure.timeout per typed character of a looping input handler, text typed") { _ in
            let page = loopingPage("<input id=f oninput='while(true){}'>")
            try page.type("ab", intoSelector: "#f")
            return timeouts(page) == 2 && page.value(of: page.document.element(id: "f")!) == "ab" ? nil : "events \(pageEvents(page))"
        },
        Row(name: "script.loopingTimer", expects: "ScriptFailure.timeout each time a looping interval fires") { _ in
            let page = loopingPage("<script>setInterval(() => { for(;;){} }, 50)</script>")
            page.advanceTime(by: 0.12)
            return timeouts(page) == 2 ? nil : "events \(pageEvents(page))"
        },
        Row(name: "script.loopingEvaluate.twice", expects: "ScriptError.exception(timeout) for each looping evaluation") { _ in
            let page = loopingPage("<p>x</p>")
            for i in 1...2 {
                guard case .failure(.exception(let f)) = page.evaluate("for(;;){}"), f.kind == .timeout else { return "evaluation \(i) did not time out" }
            }
            return nil
        },
        Row(name: "script.loopingInterval.oneAdvance", expects: "one advanceTime of a looping 1 ms interval ends at the call budget: ScriptTermination.callTime, one scriptsTerminated event, timers cancelled") { _ in
            let page = ContentPage(scriptLimits: ScriptLimits(timeLimit: 0.05, callTimeLimit: 0.2))
            page.loadHTMLString("<script>setInterval(function () { while (true) {} }, 1)</script>", baseURL: nil)
            page.advanceTime(by: 60)
            guard case .callTime? = page.scriptTermination else { return "termination: \(String(describing: page.scriptTermination))" }
            let events = page.events.filter { if case .scriptsTerminated = $0.kind { return true } else { return false } }.count
            return events == 1 && page.pendingTimerCount == 0 ? nil : "\(events) termination events, \(page.pendingTimerCount) timers left"
        },
        Row(name: "script.memoryKeptByTimers", expects: "memory a page's timers keep, 32 MB per callback, ends at the page's memory budget: ScriptTermination.memory") { _ in
            let page = ContentPage(scriptLimits: ScriptLimits(pageMemoryLimit: 128 << 20))
            page.loadHTMLString("<script>var k = []; setInterval(function () { k.push(new Float64Array(4 << 20).fill(2)) }, 10)</script>", baseURL: nil)
            page.advanceTime(by: 30)
            guard case .memory? = page.scriptTermination else { return "termination: \(String(describing: page.scriptTermination))" }
            return nil
        },
    ] }

    /// A page whose scripts may run 0.2 s per entry (the bad-input rows stay fast).
    static func loopingPage(_ html: String) -> ContentPage {
        let page = ContentPage(scriptLimits: ScriptLimits(timeLimit: 0.2))
        page.loadHTMLString(html, baseURL: nil)
        return page
    }

    static func timeouts(_ page: ContentPage) -> Int {
        page.events.filter { if case .scriptError(let f) = $0.kind { return f.kind == .timeout } else { return false } }.count
    }

    // MARK: Braze payloads (BrazeKit)

    static func payload(_ json: String) -> () throws -> Void { { _ = try Braze.InAppMessage(json: Data(json.utf8)) } }
    typealias PE = Braze.InAppMessage.PayloadError

    static var brazePayloadRows: [Row] { [
        Row(name: "braze.json.invalid", expects: "PayloadError.invalidJSON") { _ in
            expectError(PE.self, payload("{\"type\": ")) { if case .invalidJSON = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.notObject", expects: "PayloadError.notAnObject") { _ in
            expectError(PE.self, payload("[1, 2]")) { $0 == .notAnObject }
        },
        Row(name: "braze.json.unknownKind", expects: "PayloadError.unsupportedType") { _ in
            expectError(PE.self, payload(#"{"type": "CAROUSEL", "message": "x"}"#)) { $0 == .unsupportedType("CAROUSEL") }
        },
        Row(name: "braze.json.missingType", expects: "PayloadError.missingKey(type)") { _ in
            expectError(PE.self, payload(#"{"message": "x"}"#)) { $0 == .missingKey("type") }
        },
        Row(name: "braze.json.fullWithoutImage", expects: "PayloadError.missingKey(image_url)") { _ in
            expectError(PE.self, payload(#"{"type": "FULL", "header": "h"}"#)) { $0 == .missingKey("image_url") }
        },
        Row(name: "braze.json.uriMissing", expects: "PayloadError.missingKey(uri)") { _ in
            expectError(PE.self, payload(#"{"type": "SLIDEUP", "click_action": "URI"}"#)) { $0 == .missingKey("uri") }
        },
        Row(name: "braze.json.colourString", expects: "PayloadError.invalidValue(bg_color)") { _ in
            expectError(PE.self, payload(#"{"type": "SLIDEUP", "bg_color": "red"}"#)) { if case .invalidValue(key: "bg_color", _) = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.colourFraction", expects: "PayloadError.invalidValue(text_color)") { _ in
            expectError(PE.self, payload(#"{"type": "SLIDEUP", "text_color": 1.5}"#)) { if case .invalidValue(key: "text_color", _) = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.colourHuge", expects: "PayloadError.invalidValue(bg_color) for 1e300 (was a trap converting to Int64)") { _ in
            expectError(PE.self, payload(#"{"type": "SLIDEUP", "bg_color": 1e300}"#)) { if case .invalidValue(key: "bg_color", _) = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.colourOutOfRange", expects: "PayloadError.invalidValue(bg_color) above UInt32.max") { _ in
            expectError(PE.self, payload(#"{"type": "SLIDEUP", "bg_color": 4294967296}"#)) { if case .invalidValue(key: "bg_color", _) = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.negativeDuration", expects: "PayloadError.invalidValue(duration)") { _ in
            expectError(PE.self, payload(#"{"type": "SLIDEUP", "duration": -5}"#)) { if case .invalidValue(key: "duration", _) = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.unknownClose", expects: "PayloadError.invalidValue(message_close)") { _ in
            expectError(PE.self, payload(#"{"type": "SLIDEUP", "message_close": "NEVER"}"#)) { if case .invalidValue(key: "message_close", _) = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.buttonIdHuge", expects: "PayloadError.invalidValue(btns[0].id)") { _ in
            expectError(PE.self, payload(#"{"type": "MODAL", "btns": [{"id": 1e12, "text": "x"}]}"#)) { if case .invalidValue(key: "btns[0].id", _) = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.buttonNotObject", expects: "PayloadError.invalidValue(btns[0])") { _ in
            expectError(PE.self, payload(#"{"type": "MODAL", "btns": ["ok"]}"#)) { if case .invalidValue(key: "btns[0]", _) = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.badAssetURL", expects: "PayloadError.invalidValue(asset_urls)") { _ in
            expectError(PE.self, payload(#"{"type": "HTML", "asset_urls": [3]}"#)) { if case .invalidValue(key: "asset_urls", _) = $0 { return true } else { return false } }
        },
        Row(name: "braze.json.invalidUTF8", expects: "PayloadError.invalidJSON") { _ in
            expectError(PE.self, { _ = try Braze.InAppMessage(json: Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])) }) {
                if case .invalidJSON = $0 { return true } else { return false }
            }
        },
        Row(name: "braze.json.nulInMessage", expects: "recovery: a NUL character in the text is kept") { _ in
            let m = try Braze.InAppMessage(json: Data(#"{"type": "SLIDEUP", "message": "a\u0000b"}"#.utf8))
            guard case .slideup(let s) = m else { return "kind \(m)" }
            return s.message == "a\u{0}b" ? nil : "message \(s.message.debugDescription)"
        },
        Row(name: "braze.json.deepNesting", expects: "PayloadError.invalidJSON or notAnObject for 100 000-deep arrays") { _ in
            let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            return expectError(PE.self, payload(json)) { if case .invalidJSON = $0 { return true } else { return $0 == .notAnObject } }
        },
        Row(name: "braze.raw.presentUnconvertible", expects: "rawToTypedConversion error in the trace, nothing displayed") { h in
            let ui = BrazeInAppMessageUI()
            let raw = Braze.InAppMessageRaw()
            raw.type = .full
            ui.present(message: raw)
            if ui.messageView != nil { return "displayed" }
            return has(h, "diagnostic.error") { $0.details["error"]?.contains("rawToTypedConversion") == true }
        },
    ] }

    // MARK: Braze UI (BrazeUI)

    static func brazeBench(_ h: Harness) -> (Braze, BrazeInAppMessageUI) {
        let braze = Braze(configuration: Braze.Configuration(apiKey: "k", endpoint: "e"))
        let ui = BrazeInAppMessageUI()
        braze.inAppMessagePresenter = ui
        return (braze, ui)
    }

    static func triggered(_ message: Braze.InAppMessage, id: String, _ braze: Braze) -> Braze.InAppMessage {
        var m = message
        m.data.id = id
        m.data.context = Braze.InAppMessage.Context(message: m, using: braze)
        return m
    }

    static let htmlPage = "<a id=\"j\" href=\"javascript:void(0)\">j</a><a id=\"f\" href=\"file:///etc/passwd\">f</a>"
        + "<a id=\"d\" href=\"data:text/html,hi\">d</a><a id=\"rel\" href=\"next.html\">r</a>"

    static var brazeUIRows: [Row] { [
        Row(name: "braze.ui.buttonIndexOutOfRange", expects: "false + diagnostic.inputIgnored, message stays") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.modal(.init(message: "m", buttons: [.init(id: 0, text: "ok")])), id: "m", braze))
            if ui.simulateTapButton(at: 5) { return "tap applied" }
            if ui.messageView == nil { return "dismissed" }
            return has(h, "diagnostic.inputIgnored")
        },
        Row(name: "braze.ui.buttonIdUnknown", expects: "false + diagnostic.inputIgnored") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.modal(.init(message: "m", buttons: [.init(id: 0, text: "ok")])), id: "m", braze))
            return ui.simulateTapButton(id: 99) ? "tap applied" : has(h, "diagnostic.inputIgnored")
        },
        Row(name: "braze.ui.tapWithNothingDisplayed", expects: "false + diagnostic.inputIgnored(nothingDisplayed)") { h in
            let (_, ui) = brazeBench(h)
            return ui.simulateTap() ? "tap applied" : has(h, "diagnostic.inputIgnored") { $0.details["reason"] == "nothingDisplayed" }
        },
        Row(name: "braze.link.abButtonIdOutOfRange", expects: "webViewQuery error logged, no click logged, message dismissed") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: "<p>x</p>")), id: "h", braze))
            _ = ui.simulateLink(URL(string: "https://example.com/?abButtonId=7")!)
            if h.trace.events.contains(where: { $0.label == "analytics.click" }) { return "click logged" }
            return has(h, "diagnostic.error") { $0.details["error"]?.contains("webViewQuery") == true }
        },
        Row(name: "braze.link.customEventWithoutName", expects: "webViewScheme error, message kept") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: "<p>x</p>")), id: "h", braze))
            _ = ui.simulateLink(URL(string: "appboy://customEvent?name=")!)
            if ui.messageView == nil { return "dismissed" }
            return has(h, "diagnostic.error") { $0.details["error"]?.contains("invalidCustomEvent") == true }
        },
        Row(name: "braze.link.unknownAppboyHost", expects: "webViewScheme invalidAction error, message kept") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: "<p>x</p>")), id: "h", braze))
            _ = ui.simulateLink(URL(string: "appboy://explode")!)
            if ui.messageView == nil { return "dismissed" }
            return has(h, "diagnostic.error") { $0.details["error"]?.contains("invalidAction") == true }
        },
        Row(name: "braze.link.javascriptHref", expects: "recovery: runs in the page, no click, no URL opened, message kept") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: htmlPage)), id: "h", braze))
            _ = try ui.messageView?.html?.webView?.tap(elementID: "j")
            if ui.messageView == nil { return "dismissed" }
            return UIApplication.shared.openedURLs.isEmpty ? nil : "opened \(UIApplication.shared.openedURLs)"
        },
        Row(name: "braze.link.fileHref", expects: "recovery: file: navigation left to the web view (blocked outside its directory), message kept") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: htmlPage)), id: "h", braze))
            _ = try? ui.messageView?.html?.webView?.tap(elementID: "f")
            if ui.messageView == nil { return "dismissed" }
            return UIApplication.shared.openedURLs.isEmpty ? nil : "opened \(UIApplication.shared.openedURLs)"
        },
        Row(name: "braze.link.dataHref", expects: "recovery: handled as a click action (upstream: the URL goes to the app), message dismissed, navigation traced") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: htmlPage)), id: "h", braze))
            _ = try ui.messageView?.html?.webView?.tap(elementID: "d")
            if ui.messageView != nil { return "still displayed" }
            return has(h, "navigation.navigation") { $0.details["url"]?.hasPrefix("data:") == true }
        },
        Row(name: "braze.link.relativeHref", expects: "recovery: resolved against the message base URL, opened in the in-app web view") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: htmlPage)), id: "h", braze))
            _ = try ui.messageView?.html?.webView?.tap(elementID: "rel")
            return has(h, "navigation.navigation") { $0.details["url"] == "https://iamcache.braze/next.html" }
        },
        Row(name: "braze.bridge.badArguments", expects: "webViewScript invalidArg errors, message kept") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: "<p>x</p>")), id: "h", braze))
            _ = ui.simulateBridgeCall("logCustomEvent", arguments: [.number(3)])
            _ = ui.simulateBridgeCall("logPurchase", arguments: ["p", "free"])
            _ = ui.simulateBridgeCall("logClick", arguments: ["<script>"])
            if ui.messageView == nil { return "dismissed" }
            let errors = h.trace.events.filter { $0.details["error"]?.contains("invalidArg") == true }
            return errors.count == 3 ? nil : "\(errors.count) invalidArg errors"
        },
        Row(name: "braze.bridge.hugeQuantity", expects: "webViewScript invalidArg(index 3) for a quantity beyond Int (was a trap), no purchase logged, message kept") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: "<p>x</p>")), id: "h", braze))
            _ = ui.simulateBridgeCall("logPurchase", arguments: ["p", .number(1), "USD", .number(1e300)])
            _ = ui.messageView?.html?.webView?.evaluateJavaScript("brazeBridge.logPurchase('q', 2, 'EUR', -1e300)", completionHandler: nil)
            _ = ui.simulateBridgeCall("logPurchase", arguments: ["ok", .number(1), "USD", .number(2.0)])
            let purchases = h.trace.events.filter { $0.label == "delivery.logPurchase" }
            let errors = h.trace.events.filter { $0.details["error"]?.contains("invalidArg(action: logPurchase, index: 3") == true }
            if ui.messageView == nil { return "dismissed" }
            return purchases.count == 1 && errors.count == 2 ? nil : "\(purchases.count) purchases, \(errors.count) errors"
        },
        Row(name: "braze.bridge.unknownFunction", expects: "webViewScript unknown error") { h in
            let (braze, ui) = brazeBench(h)
            ui.present(message: triggered(.html(.init(message: "<p>x</p>")), id: "h", braze))
            _ = ui.simulateBridgeCall("brazeBridge.selfDestruct")
            return has(h, "diagnostic.error") { $0.details["error"]?.contains("unknown(selfDestruct)") == true }
        },
        Row(name: "braze.delegateNilMidPresentation", expects: "recovery: dismissal completes without delegate calls; state dismissed") { h in
            let (braze, ui) = brazeBench(h)
            var delegate: Recorder? = Recorder()
            ui.delegate = delegate
            ui.present(message: triggered(.slideup(.init(message: "s")), id: "s", braze))
            ui.delegate = nil
            delegate = nil
            ui.dismiss()
            if ui.messageView != nil { return "still displayed" }
            return ui.engine.state(of: "s") == .dismissed ? nil : "state \(String(describing: ui.engine.state(of: "s")))"
        },
        Row(name: "braze.delegateFreedMidPresentation", expects: "recovery: the weak delegate goes away, auto-dismiss still runs") { h in
            let (braze, ui) = brazeBench(h)
            do {
                let delegate = Recorder()
                ui.delegate = delegate
                ui.present(message: triggered(.slideup(.init(data: .init(messageClose: .auto(2)), message: "s")), id: "s", braze))
            }
            if ui.delegate != nil { return "delegate retained" }
            h.advance(by: 3)
            return ui.engine.state(of: "s") == .dismissed ? nil : "state \(String(describing: ui.engine.state(of: "s")))"
        },
        Row(name: "braze.changeUserWithStack", expects: "stacked messages discarded (reset), never shown to the new user") { h in
            let (braze, ui) = brazeBench(h)
            let recorder = Recorder()
            ui.delegate = recorder
            braze.changeUser(userId: "old")
            for id in ["a", "b", "c"] { braze.deliver(triggered(.slideup(.init(message: id)), id: id, braze)) }
            if ui.stack.count != 2 { return "stack \(ui.stack.count)" }
            braze.changeUser(userId: "new")
            ui.presentNext()
            ui.presentNext()
            if !ui.stack.isEmpty || ui.messageView != nil { return "stack \(ui.stack.count), displayed \(ui.messageView != nil)" }
            for id in ["b", "c"] {
                guard case .discarded(let r)? = ui.engine.state(of: MessageID(id)), r.code == Reason.reset.code else {
                    return "\(id) state \(String(describing: ui.engine.state(of: MessageID(id))))"
                }
            }
            if recorder.presented.contains(where: { $0 != "a" }) { return "presented \(recorder.presented)" }
            return has(h, "delivery.changeUser") { $0.details["userId"] == "new" }
        },
        Row(name: "braze.staleMessageAfterChangeUser", expects: "messageContextInvalid error, not displayed") { h in
            let (braze, ui) = brazeBench(h)
            braze.changeUser(userId: "old")
            let stale = triggered(.slideup(.init(message: "s")), id: "stale", braze)
            braze.changeUser(userId: "new")
            braze.deliver(stale)
            if ui.messageView != nil { return "stale message displayed" }
            return has(h, "diagnostic.error") { $0.details["error"]?.contains("messageContextInvalid") == true }
        },
        Row(name: "braze.wipeDataWithStack", expects: "stack and displayed message dropped, contexts invalid") { h in
            let (braze, ui) = brazeBench(h)
            for id in ["a", "b"] { braze.deliver(triggered(.slideup(.init(message: id)), id: id, braze)) }
            braze.wipeData()
            return ui.stack.isEmpty && ui.messageView == nil ? nil : "stack \(ui.stack.count), displayed \(ui.messageView != nil)"
        },
    ] }

    final class Recorder: BrazeInAppMessageUIDelegate {
        var presented: [String] = []
        func inAppMessage(_ ui: BrazeInAppMessageUI, didPresent message: Braze.InAppMessage, view: any InAppMessageView) {
            presented.append(message.data.id ?? "-")
        }
    }

    // MARK: Adobe (AEPMessaging, AEPServices)

    static func load(_ json: String) -> () throws -> Void { { _ = try Messaging.loadPropositions(json) } }
    typealias ME = MessagingPropositionError

    static func item(_ data: String, id: String = "m", schema: String = "https://ns.adobe.com/personalization/message/in-app") -> String {
        #"{"propositions": [{"id": "p", "scope": "s", "scopeDetails": {"activity": {"id": "a"}}, "items": [{"id": "\#(id)", "schema": "\#(schema)", "data": \#(data)}]}]}"#
    }

    /// Shows an AJO message (no delegate control) and returns it once displayed.
    static func shownMessage(_ h: Harness, html: String = "<p>x</p>", mobileParameters: String? = nil) throws -> Message? {
        var data = #"{"contentType": "text/html", "content": \#(String(data: try JSONEncoder().encode(html), encoding: .utf8)!)"#
        if let mobileParameters { data += #", "mobileParameters": \#(mobileParameters)"# }
        try Messaging.loadPropositions(item(data + "}"))
        guard let it = Messaging.loadedItems.first else { return nil }
        let m = Messaging.makeMessage(it)
        m.show()
        h.settle()
        return m
    }

    static func navigate(_ h: Harness, _ m: Message, _ url: String) -> Bool {
        guard let view = m.view as? WKWebView, let u = URL(string: url) else { return false }
        view.load(URLRequest(url: u))
        h.settle()
        return true
    }

    static var adobeRows: [Row] { [
        Row(name: "ajo.json.invalid", expects: "MessagingPropositionError.invalidJSON") { _ in
            expectError(ME.self, load("{\"propositions\": [")) { if case .invalidJSON = $0 { return true } else { return false } }
        },
        Row(name: "ajo.json.scalarRoot", expects: "MessagingPropositionError.unexpectedType($)") { _ in
            expectError(ME.self, load("42")) { $0 == .unexpectedType(path: "$", expected: "object or array") }
        },
        Row(name: "ajo.json.propositionsNotArray", expects: "MessagingPropositionError.unexpectedType(propositions)") { _ in
            expectError(ME.self, load(#"{"propositions": {}}"#)) { $0 == .unexpectedType(path: "propositions", expected: "array") }
        },
        Row(name: "ajo.json.missingPropositionId", expects: "recovery: proposition skipped, diagnostic.propositionSkipped") { h in
            let ids = try Messaging.loadPropositions(#"{"propositions": [{"scope": "s", "items": []}]}"#)
            return ids.isEmpty ? has(h, "diagnostic.propositionSkipped") : "loaded \(ids)"
        },
        Row(name: "ajo.json.missingItemData", expects: "recovery: item skipped, diagnostic.itemSkipped") { h in
            let ids = try Messaging.loadPropositions(#"{"propositions": [{"id": "p", "scope": "s", "scopeDetails": {"a": 1}, "items": [{"id": "m", "schema": "https://ns.adobe.com/personalization/message/in-app"}]}]}"#)
            return ids.isEmpty ? has(h, "diagnostic.itemSkipped") : "loaded \(ids)"
        },
        Row(name: "ajo.json.unrecognisedShape", expects: "MessagingPropositionError.unexpectedType($)") { _ in
            expectError(ME.self, load(#"{"hello": "world"}"#)) { if case .unexpectedType(path: "$", _) = $0 { return true }; return false }
        },
        Row(name: "ajo.json.contentNotHTML", expects: "recovery: item skipped, diagnostic.itemSkipped") { h in
            let ids = try Messaging.loadPropositions(item(#"{"content": {"a": 1}, "contentType": "application/json"}"#))
            return ids.isEmpty ? has(h, "diagnostic.itemSkipped") : "loaded \(ids)"
        },
        Row(name: "ajo.json.unknownSchema", expects: "recovery: item skipped, diagnostic.itemSkipped") { h in
            let ids = try Messaging.loadPropositions(item("{}", schema: "https://ns.adobe.com/personalization/unknown"))
            return ids.isEmpty ? has(h, "diagnostic.itemSkipped") : "loaded \(ids)"
        },
        Row(name: "edge.respondNotJSON", expects: "JSONParseError from EdgeNetwork.respond(toSurface:withJSON:)") { _ in
            expectError(JSONParseError.self, { try EdgeNetwork.current.respond(toSurface: "mobileapp://x", withJSON: "{nope") })
        },
        Row(name: "edge.envelopeWithoutPropositions", expects: "recovery: no surface registered") { _ in
            let surfaces = EdgeNetwork.current.respond(withEnvelope: ["handle": [["type": "state:store", "payload": []]]])
            return surfaces.isEmpty ? nil : "registered \(surfaces)"
        },
        Row(name: "edge.garbagePropositionsForASurface", expects: "recovery: completion(true), nothing cached, diagnostic.propositionSkipped") { h in
            EdgeNetwork.current.respond(toSurface: "mobileapp://x/s", with: [42, "text", ["id": 1], .null])
            let done = Locked<Bool?>(nil)
            Messaging.updatePropositionsForSurfaces([Surface(uri: "mobileapp://x/s")]) { ok in
                done.withLock { $0 = ok }
            }
            h.settle()
            return done.snapshot == true ? has(h, "diagnostic.propositionSkipped") : "completion \(String(describing: done.snapshot))"
        },
        Row(name: "surfaces.noneValid", expects: "AEPError.invalidRequest at once") { _ in
            var error: (any Error)?
            Messaging.getPropositionsForSurfaces([Surface(uri: "")]) { _, e in error = e }
            return (error as? AEPError) == .invalidRequest ? nil : "got \(String(describing: error))"
        },
        Row(name: "ajo.json.deepNesting", expects: "MessagingPropositionError.invalidJSON or unexpectedType for 100 000-deep arrays") { _ in
            let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            return expectError(ME.self, load(json))
        },
        Row(name: "ajo.unknownItem", expects: "nil + diagnostic.unknownItem") { h in
            Messaging.showMessage(forItem: "nope") == nil ? has(h, "diagnostic.unknownItem") : "a message"
        },
        Row(name: "ajo.badMobileParameters", expects: "recovery: bad colour, negative width, huge height fall back; message displayed") { h in
            guard let m = try shownMessage(h, mobileParameters: #"{"width": -5, "height": 1e308, "backdropColor": "zzz", "uiTakeover": true, "displayAnimation": "sideways"}"#) else { return "no message" }
            return m.fullscreenMessage.map { $0.service.engine.state(of: $0.id) == .displayed } == true ? nil : "not displayed"
        },
        Row(name: "adbinapp.percentEncodingError", expects: "recovery: a malformed %-escape is not tracked, dismiss still happens") { h in
            guard let m = try shownMessage(h) else { return "no message" }
            _ = navigate(h, m, "adbinapp://dismiss?interaction=%E0%A4%A")
            if h.trace.events.contains(where: { $0.label == "analytics.edge.interact" && $0.details["interaction"]?.isEmpty == false && $0.details["interaction"] != "%E0%A4%A" }) { return "tracked a decoded interaction" }
            return m.view == nil ? has(h, "navigation.cancel") : "not dismissed"
        },
        Row(name: "adbinapp.linkNotDecodable", expects: "recovery: link=%ZZ is not opened, message dismissed") { h in
            guard let m = try shownMessage(h) else { return "no message" }
            _ = navigate(h, m, "adbinapp://dismiss?link=%25ZZ")
            if !UIApplication.shared.openedURLs.isEmpty { return "opened \(UIApplication.shared.openedURLs)" }
            return m.view == nil ? nil : "not dismissed"
        },
        Row(name: "adbinapp.noHost", expects: "recovery: interaction tracked, message kept (only host dismiss dismisses)") { h in
            guard let m = try shownMessage(h) else { return "no message" }
            _ = navigate(h, m, "adbinapp://?interaction=tapped")
            if m.view == nil { return "dismissed" }
            return has(h, "analytics.edge.interact") { $0.details["interaction"] == "tapped" }
        },
        Row(name: "adbinapp.unknownHost", expects: "recovery: navigation cancelled, message kept") { h in
            guard let m = try shownMessage(h) else { return "no message" }
            _ = navigate(h, m, "adbinapp://explode?x=1")
            return m.view != nil ? has(h, "navigation.cancel") : "dismissed"
        },
        Row(name: "adbinapp.invalidURLString", expects: "recovery: overrideUrlLoad answers true (load) for a string that is not a URL") { h in
            guard let m = try shownMessage(h), let fs = m.fullscreenMessage else { return "no message" }
            return m.overrideUrlLoad(message: fs, url: "ht tp://bad url\u{0}") ? nil : "refused"
        },
        Row(name: "adbinapp.relativeURL", expects: "recovery: a relative URL is not adbinapp: allowed, message kept") { h in
            guard let m = try shownMessage(h), let fs = m.fullscreenMessage else { return "no message" }
            return m.overrideUrlLoad(message: fs, url: "next.html?interaction=x") && m.view != nil ? nil : "refused or dismissed"
        },
        Row(name: "adbinapp.nilURL", expects: "recovery: overrideUrlLoad(nil) answers true") { h in
            guard let m = try shownMessage(h), let fs = m.fullscreenMessage else { return "no message" }
            return m.overrideUrlLoad(message: fs, url: nil) ? nil : "refused"
        },
        Row(name: "adbinapp.javascriptLink", expects: "vendor behaviour: link= is handed to UIApplication.open as is (traced openURL), message dismissed") { h in
            guard let m = try shownMessage(h) else { return "no message" }
            _ = navigate(h, m, "adbinapp://dismiss?link=javascript%3Aalert(1)")
            if m.view != nil { return "not dismissed" }
            return has(h, "navigation.openURL") { $0.details["url"] == "javascript:alert(1)" }
        },
        Row(name: "adbinapp.fileLinkInContent", expects: "recovery: a file: href outside the bundle is blocked by the content model, message kept") { h in
            guard let m = try shownMessage(h, html: "<a id=\"f\" href=\"file:///etc/passwd\">f</a>"), let view = m.view as? WKWebView else { return "no message" }
            _ = try? view.tap(elementID: "f")
            h.settle()
            let blocked = view.events.contains { if case .blocked = $0.kind { return true } else { return false } }
            return blocked && m.view != nil ? nil : "events \(pageEvents(view.page))"
        },
        Row(name: "adobe.delegateNilMidPresentation", expects: "recovery: listener.onDismiss runs, no delegate onDismiss, state dismissed") { h in
            let delegate = AdobeRecorder()
            MobileCore.messagingDelegate = delegate
            guard let m = try shownMessage(h), let fs = m.fullscreenMessage else { return "no message" }
            MobileCore.messagingDelegate = nil
            m.dismiss()
            h.settle()
            if delegate.dismisses.snapshot != 0 { return "delegate told after removal" }
            if fs.service.engine.state(of: fs.id) != .dismissed { return "state \(String(describing: fs.service.engine.state(of: fs.id)))" }
            return has(h, "callback.listener.onDismiss")
        },
        Row(name: "adobe.delegateFreedMidPresentation", expects: "recovery: the weakly held delegate is gone, dismissal completes") { h in
            var delegate: AdobeRecorder? = AdobeRecorder()
            MobileCore.messagingDelegate = delegate
            guard let m = try shownMessage(h), let fs = m.fullscreenMessage else { return "no message" }
            delegate = nil
            if ServiceProvider.shared.messagingDelegate != nil { return "delegate retained by the slot" }
            m.dismiss()
            h.settle()
            return fs.service.engine.state(of: fs.id) == .dismissed ? nil : "state \(String(describing: fs.service.engine.state(of: fs.id)))"
        },
        Row(name: "adobe.showWhileAnotherDisplayed", expects: "onError(conflict) on the listener, suppressDisplay tracked") { h in
            guard try shownMessage(h) != nil else { return "no message" }
            let it = Messaging.loadedItems[0]
            let second = Messaging.makeMessage(it)
            second.show()
            h.settle()
            guard let fs = second.fullscreenMessage, case .failed(let r)? = fs.service.engine.state(of: fs.id) else { return "second not failed" }
            return r.code.isEmpty ? "no reason" : has(h, "callback.listener.onError")
        },
    ] }

    final class AdobeRecorder: MessagingDelegate, @unchecked Sendable {
        let dismisses = Locked(0)
        func onShow(message: any Showable) {}
        func onDismiss(message: any Showable) { dismisses.withLock { $0 += 1 } }
        func shouldShowMessage(message: any Showable) -> Bool { true }
    }

    // MARK: Appboy (AppboyKit)

    final class AppboyRecorder: NSObject, ABKInAppMessageControllerDelegate, @unchecked Sendable {
        let unmatched = Locked([String]())
        func noMatchingTrigger(for eventType: ABKTriggerEventType, name: String?) {
            unmatched.withLock { $0.append(name ?? "nil") }
        }
    }

    static func appboy(_ delegate: AppboyRecorder? = nil) -> Appboy {
        var options: [AnyHashable: Any] = [:]
        if let delegate { options[ABKInAppMessageControllerDelegateKey] = delegate }
        Appboy.start(withApiKey: "k", in: UIApplication.shared, withLaunchOptions: nil, withAppboyOptions: options)
        return Appboy.sharedInstance()!
    }

    static var appboyRows: [Row] { [
        Row(name: "appboy.displayNextWithEmptyStack", expects: "documented no-op: nothing displayed, stack still empty") { _ in
            let a = appboy()
            a.inAppMessageController.displayNextInAppMessage()
            a.inAppMessageController.displayNextInAppMessage(with: nil)
            let c = a.inAppMessageController
            return c.presenter.displayedMessage == nil && c.inAppMessagesRemainingOnStack() == 0 ? nil : "something displayed"
        },
        Row(name: "appboy.eventWithoutCampaign", expects: "noMatchingTrigger(for:name:) on the delegate, traced") { h in
            let delegate = AppboyRecorder()
            let a = appboy(delegate)
            a.logCustomEvent("nobody-listens", withProperties: [1: Date(), "object": NSObject(), "nan": Double.nan])
            h.settle()
            if delegate.unmatched.snapshot != ["nobody-listens"] { return "unmatched \(delegate.unmatched.snapshot)" }
            return has(h, "callback.noMatchingTrigger(for:name:)")
        },
    ] }

    // MARK: Core

    static var coreRows: [Row] { [
        Row(name: "core.json.unknownKind", expects: "DecodingError for an unknown content kind") { _ in
            expectError(DecodingError.self, { _ = try JSONDecoder().decode(InAppMessage.self, from: Data(#"{"id": "x", "content": {"carousel": {}}}"#.utf8)) })
        },
        Row(name: "core.json.missingId", expects: "DecodingError for a message without id") { _ in
            expectError(DecodingError.self, { _ = try JSONDecoder().decode(InAppMessage.self, from: Data(#"{"content": {"html": {"html": "x"}}}"#.utf8)) })
        },
        Row(name: "core.dismissUnknownId", expects: "false, no state change") { h in
            let engine = PresentationEngine<InAppMessage>(environment: h.environment, rules: PresentationRules())
            return engine.dismiss("nobody", cause: .app) ? "dismissed something" : nil
        },
        Row(name: "core.presentSameIdTwice", expects: "the second present while displayed is stacked or refused with a reason; invariants hold") { h in
            let engine = PresentationEngine<InAppMessage>(environment: h.environment, rules: PresentationRules(whenBusy: .stack))
            engine.present(Fixtures.modal(id: "x"), consultingDecision: false)
            engine.present(Fixtures.modal(id: "x"), consultingDecision: false)
            h.settle()
            return engine.invariantViolations.isEmpty && engine.displayedMessage?.id == "x" ? nil : "violations \(engine.invariantViolations)"
        },
    ] }
}
