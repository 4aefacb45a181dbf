import Foundation
import InAppContent
import XCTest

/// The scripted fixtures (`Tests/Fixtures/Scripted`) played through OpenInApp's page with JavaScriptCore and compared
/// with what Chromium did (`expected/NAME.json`, recorded by `Benchmarks/browser/record-chromium.js`).
///
/// Compared per scenario, as the fixtures' README defines it: the ordered list of bridge calls (method and arguments),
/// handler posts (handler and body) and navigations (the resolved URL) must be equal; so must each step's outcome
/// (done, refused as unreachable, unchanged) and the names of uncaught errors. Console lines are compared in order.
/// A scenario listed in ``knownDifferences`` must still differ (the list can only shrink), with the reason given there.
final class ScriptedFixtureTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/Scripted").standardized

    /// Scenarios where OpenInApp does not yet do what Chromium does, each with the reason. Keyed "fixture / scenario".
    static let knownDifferences: [String: String] = [:]

    func testBrazeModal() throws { try check("braze-modal") }
    func testBrazeCarousel() throws { try check("braze-carousel") }
    func testBrazeSurvey() throws { try check("braze-survey") }
    func testBrazeSMSCapture() throws { try check("braze-sms-capture") }
    func testBrazeEmailCapture() throws { try check("braze-email-capture") }
    func testBrazeNPS() throws { try check("braze-nps") }
    func testBrazePushPrimer() throws { try check("braze-push-primer") }
    func testBrazeDarkMode() throws { try check("braze-dark-mode") }
    func testAppboyLegacyPoll() throws { try check("appboy-legacy-poll") }
    func testAdobeRating() throws { try check("adobe-rating") }
    func testAdobeFlashSale() throws { try check("adobe-flash-sale") }
    func testBrazeImageFallback() throws { try check("braze-image-fallback") }

    /// Your own messages, checked the same way: `OPENINAPP_SCRIPTED_FIXTURES=DIR swift test --filter ScriptedFixtureTests`
    /// plays every `DIR/NAME.scenario.json` (with `DIR/NAME.html`) and compares it with `DIR/expected/NAME.json`, which
    /// `node Benchmarks/browser/record-chromium.js --dir DIR` records in Chromium. Skipped when the variable is unset.
    func testFixturesOfAnotherFolder() throws {
        guard let dir = ProcessInfo.processInfo.environment["OPENINAPP_SCRIPTED_FIXTURES"], !dir.isEmpty else {
            throw XCTSkip("OPENINAPP_SCRIPTED_FIXTURES is not set (a folder of NAME.html, NAME.scenario.json and expected/NAME.json)")
        }
        let folder = URL(fileURLWithPath: dir).standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".scenario.json") }.map { String($0.dropLast(".scenario.json".count)) }.sorted()
        XCTAssertFalse(names.isEmpty, "no NAME.scenario.json in \(folder.path)")
        for name in names { try check(name, in: folder) }
    }

    /// Every fixture in the folder has a test above.
    func testEveryFixtureIsChecked() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".scenario.json") }.map { String($0.dropLast(".scenario.json".count)) }.sorted()
        XCTAssertEqual(names, ["adobe-flash-sale", "adobe-rating", "appboy-legacy-poll", "braze-carousel", "braze-dark-mode",
                               "braze-email-capture", "braze-image-fallback", "braze-modal", "braze-nps", "braze-push-primer", "braze-sms-capture",
                               "braze-survey"])
    }

    // MARK: Running a fixture

    func check(_ name: String, in folder: URL = ScriptedFixtureTests.folder, file: StaticString = #filePath, line: UInt = #line) throws {
        try requireJavaScriptCore()
        let scenarioFile = try Self.json(folder.appendingPathComponent("\(name).scenario.json"))
        let expectedFile = try Self.json(folder.appendingPathComponent("expected/\(name).json"))
        let html = try String(contentsOf: folder.appendingPathComponent(str(scenarioFile["fixture"]) ?? "\(name).html"), encoding: .utf8)
        let scenarios = scenarioFile["scenarios"] as? [[String: Any]] ?? []
        let expected = expectedFile["scenarios"] as? [[String: Any]] ?? []
        XCTAssertEqual(scenarios.count, expected.count, "\(name): scenario count", file: file, line: line)
        XCTAssertFalse(scenarios.isEmpty, name, file: file, line: line)
        for (scenario, chromium) in zip(scenarios, expected) {
            let title = "\(name) / \(str(scenario["name"]) ?? "?")"
            let run = ScriptedRun(fixture: name, html: html, file: scenarioFile, scenario: scenario)
            let ours = run.play()
            let differences = Self.compare(ours: ours, chromium: chromium)
            if let reason = Self.knownDifferences[title] {
                XCTAssertFalse(differences.isEmpty, "\(title) now agrees with Chromium: remove it from knownDifferences (\(reason))",
                               file: file, line: line)
            } else if !differences.isEmpty {
                XCTFail("\(title) differs from Chromium:\n" + differences.joined(separator: "\n"), file: file, line: line)
            }
        }
    }

    /// A JSON file as a value (JSON numbers, strings, booleans, null, arrays and objects kept apart).
    static func json(_ url: URL) throws -> [String: Any] {
        try JSONDecoder().decode(JSONDocument.self, from: Data(contentsOf: url)).value.plain as? [String: Any] ?? [:]
    }

    /// A value as canonical JSON text (sorted keys, integers without a fraction), so values compare as values.
    static func canonical(_ value: Any?) -> String {
        switch value {
        case let v as ScriptValue: return v == .undefined ? "null" : v.description
        case let a as [Any]: return "[" + a.map { canonical($0) }.joined(separator: ",") + "]"
        case let o as [String: Any]: return "{" + o.keys.sorted().map { ScriptValue.string($0).description + ":" + canonical(o[$0]) }.joined(separator: ",") + "}"
        case let s as String: return ScriptValue.string(s).description
        case .none: return "null"
        default: return "\(value!)"
        }
    }

    /// The record entries that must match, one line each.
    static func observable(_ record: [[String: Any]]) -> (calls: [String], console: [String], errors: [String]) {
        var calls: [String] = [], console: [String] = [], errors: [String] = []
        for e in record {
            switch str(e["kind"]) {
            case "bridgeCall": calls.append("bridgeCall \(str(e["method"]) ?? "") \(canonical(e["arguments"]))")
            case "handlerPost": calls.append("handlerPost \(str(e["handler"]) ?? "") \(canonical(e["body"]))")
            case "navigation": calls.append("navigation \(str(e["url"]) ?? "")")
            case "console": console.append("\(str(e["level"]) ?? "") \(str(e["text"]) ?? "")")
            case "error": errors.append(str(e["name"]) ?? "")
            default: break
            }
        }
        return (calls, console, errors)
    }

    static func outcome(_ step: [String: Any]) -> String {
        guard let o = step["outcome"] as? [String: Any] else { return "load" }
        if let r = str(o["unreachable"]) { return "unreachable \(r)" }
        if o["unchanged"] != nil { return "unchanged" }
        if let t = str(o["threw"]) { return "threw \(t)" }
        return "ok"
    }

    static func compare(ours: ScriptedRun.Result, chromium: [String: Any]) -> [String] {
        var out: [String] = []
        let theirs = observable(chromium["record"] as? [[String: Any]] ?? [])
        let mine = observable(ours.record)
        func diff(_ what: String, _ a: [String], _ b: [String]) {
            guard a != b else { return }
            let i = Array(zip(a, b)).firstIndex { $0.0 != $0.1 } ?? min(a.count, b.count)
            out.append("  \(what): first difference at entry \(i + 1)\n    Chromium:  \(i < b.count ? b[i] : "(end)")\n"
                       + "    OpenInApp: \(i < a.count ? a[i] : "(end)")\n    Chromium all:  \(b)\n    OpenInApp all: \(a)")
        }
        diff("bridge calls, handler posts, navigations", mine.calls, theirs.calls)
        diff("error names", mine.errors, theirs.errors)
        diff("console", mine.console, theirs.console)
        let steps = (chromium["steps"] as? [[String: Any]] ?? []).dropFirst().map(outcome)
        diff("step outcomes", ours.outcomes, Array(steps))
        return out
    }
}

/// One scenario played on a fresh page.
final class ScriptedRun: ContentNavigationDelegate {
    struct Result { var record: [[String: Any]] = []; var outcomes: [String] = [] }
    let fixture: String, html: String, file: [String: Any], scenario: [String: Any]
    private var result = Result()
    private var loaded = false

    init(fixture: String, html: String, file: [String: Any], scenario: [String: Any]) {
        self.fixture = fixture; self.html = html; self.file = file; self.scenario = scenario
    }

    func page(_ page: ContentPage, decidePolicyFor request: NavigationRequest, decisionHandler: @escaping (NavigationPolicy) -> Void) {
        guard loaded else { return decisionHandler(.allow) }
        // The in-app web view hands every navigation the page asks for to the app; the page stays.
        result.record.append(["kind": "navigation", "url": request.url.absoluteString])
        decisionHandler(.cancel)
    }

    func play() -> Result {
        let device = (scenario["device"] as? [String: Any]) ?? (file["device"] as? [String: Any]) ?? [:]
        let handlers = MessageHandlerRegistry()
        for name in strings(file["messageHandlers"]) ?? [] {
            _ = handlers.add(name: name) { [weak self] message in
                self?.result.record.append(["kind": "handlerPost", "handler": name, "body": message.value])
            }
        }
        let page = ContentPage(messageHandlers: handlers)
        page.viewport = ContentViewport(width: num(device["width"]) ?? 390, height: num(device["height"]) ?? 844,
                                        scale: num(device["deviceScaleFactor"]) ?? 3,
                                        darkMode: str(device["colorScheme"]) == "dark")
        page.clockOrigin = Date(timeIntervalSince1970: 1_767_225_600)
        page.navigationDelegate = self
        if bool(file["braze"]) ?? true {
            page.bridgeReceiver = { [weak self] call in
                self?.result.record.append(["kind": "bridgeCall", "method": call.path, "arguments": ScriptValue.array(call.arguments)])
            }
        }
        page.eventObserver = { [weak self] event in
            switch event.kind {
            case .console(let level, let message): self?.result.record.append(["kind": "console", "level": level, "text": message])
            case .scriptError(let failure): self?.result.record.append(["kind": "error", "name": failure.errorName])
            default: break
            }
        }
        _ = page.loadHTMLString(html, baseURL: URL(string: "https://fixtures.openinapp.invalid/\(fixture).html"))
        loaded = true
        for step in scenario["steps"] as? [[String: Any]] ?? [] {
            result.outcomes.append(perform(step, on: page))
        }
        if ProcessInfo.processInfo.environment["SCRIPTED_DEBUG"] != nil {
            print("EVENTS \(fixture) / \(str(scenario["name"]) ?? "")\n" + page.events.map { "  \($0)" }.joined(separator: "\n"))
        }
        return result
    }

    private func perform(_ step: [String: Any], on page: ContentPage) -> String {
        do {
            if let tap = step["tap"] as? [String: Any] {
                let r: TapResult = try { () throws(InputError) -> TapResult in
                    if let s = str(tap["selector"]) {
                        // "at": a point of the element's box, as fractions of its width and height.
                        if let at = (tap["at"] as? [Any])?.compactMap({ num($0) }), at.count == 2 { return try page.tap(selector: s, at: (at[0], at[1])) }
                        return try page.tap(selector: s)
                    }
                    return try page.tap(text: str(tap["text"]) ?? "")
                }()
                return Self.outcome(r)
            }
            if let type = step["type"] as? [String: Any] {
                try page.type(str(type["text"]) ?? "", intoSelector: str(type["selector"]) ?? "")
                return "ok"
            }
            if let press = step["press"] as? [String: Any] {
                if let s = str(press["selector"]) { try page.press(str(press["key"]) ?? "", inSelector: s) }
                else { try page.press(str(press["key"]) ?? "") }
                return "ok"
            }
            if let c = step["check"] as? [String: Any] { return try toggle(str(c["selector"]) ?? "", to: true, on: page) }
            if let c = step["uncheck"] as? [String: Any] { return try toggle(str(c["selector"]) ?? "", to: false, on: page) }
            if let seconds = num(step["advance"]) { page.advanceTime(by: seconds); return "ok" }
            if let source = str(step["evaluate"]) {
                switch page.evaluate(source) {
                case .success: return "ok"
                case .failure(.exception(let failure)): return "threw \(failure.errorName)"
                case .failure(let error): return "failed \(error)"
                }
            }
            if let scheme = str(step["colorScheme"]) {
                let dark = scheme == "dark"
                guard page.viewport.darkMode != dark else { return "unchanged" }
                page.viewport.darkMode = dark
                return "ok"
            }
            return "unknown step \(step)"
        } catch .unreachable(_, let reason) {
            return "unreachable \(Self.chromiumName(reason))"
        } catch .noSuchElement {
            return "unreachable not-found"
        } catch {
            return "failed \(error)"
        }
    }

    private func toggle(_ selector: String, to checked: Bool, on page: ContentPage) throws(InputError) -> String {
        let found: HTMLNode?
        do { found = try page.document.querySelector(selector) } catch { throw .invalidSelector(error) }
        guard let field = found else { throw .noSuchElement("selector '\(selector)'") }
        guard page.isChecked(field) != checked else { return "unchanged" }
        do { return Self.outcome(try page.tap(field)) } catch .unreachable(let element, let reason) {
            // A custom-styled box is hidden behind its label: a person taps the label.
            let id = field["id"] ?? ""
            let label = page.document.elements(tag: "label").first { !id.isEmpty && $0["for"] == id }
                ?? field.ancestors.first { $0.tagName == "label" }
            guard let label else { throw .unreachable(element: element, reason: reason) }
            return Self.outcome(try page.tap(label))
        }
    }

    static func outcome(_ r: TapResult) -> String {
        for action in r.actions { if case .blocked(let reason) = action { return "unreachable \(chromiumName(reason))" } }
        return "ok"
    }

    /// OpenInApp's reason for a refused tap, in the recorder's vocabulary.
    static func chromiumName(_ reason: String) -> String {
        let r = reason.lowercased()
        if r.contains("disabled") { return "disabled" }
        if r.contains("display") { return "display-none" }
        if r.contains("visibility") { return "visibility-hidden" }
        if r.contains("opacity") { return "opacity-zero" }
        if r.contains("pointer-events") { return "pointer-events-none" }
        if r.contains("hidden") { return "hidden" }
        if r.contains("has no size") { return "zero-size" }
        if r.contains("is covered by") { return "covered" }
        return reason
    }
}

func str(_ v: Any?) -> String? { (v as? String) ?? (v as? ScriptValue)?.stringValue }
func num(_ v: Any?) -> Double? { if case .number(let d)? = v as? ScriptValue { return d } else { return nil } }
func bool(_ v: Any?) -> Bool? { if case .bool(let b)? = v as? ScriptValue { return b } else { return nil } }
func strings(_ v: Any?) -> [String]? { (v as? [Any])?.compactMap(str) }

/// Decodes any JSON into a tree of plain values: objects `[String: Any]`, arrays `[Any]`, and leaves as ``ScriptValue``
/// (so a JSON `true` and `1` stay apart, which Foundation's bridged numbers do not guarantee).
struct JSONDocument: Decodable {
    let value: Node
    indirect enum Node {
        case leaf(ScriptValue), array([Node]), object([String: Node])
        var plain: Any {
            switch self {
            case .leaf(let v): return v
            case .array(let a): return a.map(\.plain)
            case .object(let o): return o.mapValues(\.plain)
            }
        }
    }
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { value = .leaf(.null) }
        else if let b = try? c.decode(Bool.self) { value = .leaf(.bool(b)) }
        else if let n = try? c.decode(Double.self) { value = .leaf(.number(n)) }
        else if let s = try? c.decode(String.self) { value = .leaf(.string(s)) }
        else if let a = try? c.decode([JSONDocument].self) { value = .array(a.map(\.value)) }
        else { value = .object(try c.decode([String: JSONDocument].self).mapValues(\.value)) }
    }
}
