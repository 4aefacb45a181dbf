import Foundation
import InAppCore
import InAppTestSupport
import InAppContent

/// What a scenario can ask of a vendor: the same user-level actions, carried out through that vendor's API.
protocol ScenarioDriver {
    /// Delivers a message (the step's JSON object, in the driver's own message format).
    func deliver(_ message: JSONValue) throws
    func tap(button: Int?) throws
    func close() throws
    func dismiss() throws
    func presentNext() throws
    /// Sets what the app's delegate answers from now on: "show", "reenqueue", "discard" or "suppress".
    func setDecision(_ decision: String) throws
    /// The web page of the displayed HTML message, if any (for tap/type/check by selector or text).
    var htmlPage: ContentPage? { get }
    /// Hands the simulated Edge network a response envelope and fetches its surfaces (adobe only).
    func edgeResponse(_ envelope: JSONValue) throws
    /// An app event (`MobileCore.track(action:data:)`) that in-app rules are evaluated against (adobe only).
    func trackAction(_ value: JSONValue) throws
    /// Steps of other channels (BrazeChannels.swift); false when `key` is not one.
    func channelStep(_ key: String, _ value: JSONValue, _ harness: Harness) throws -> Bool
}

extension ScenarioDriver {
    var htmlPage: ContentPage? { nil }
    func edgeResponse(_ envelope: JSONValue) throws {
        throw ScenarioError(description: "edgeResponse: only for the adobe vendor")
    }
    func trackAction(_ value: JSONValue) throws {
        throw ScenarioError(description: "trackAction: only for the adobe vendor")
    }
}

/// Steps on the displayed HTML message's page: {"tap": {"selector": …, "at": [fx, fy]?}|{"text": …}}, {"type": {"selector": …,
/// "text": …}}, {"check": {"selector": …}}, {"uncheck": {"selector": …}}, {"press": {"key": "Enter", "selector": …?}}; and
/// {"evaluate": "js"}, the app's JavaScript in the page (its result or error is traced as `evaluated`). Bridge calls, handler posts, navigations, console lines and script
/// errors of the page are traced (`bridgeCall` with "method" and "arguments", …).
private func htmlStep(_ key: String, _ o: [String: JSONValue], _ driver: any ScenarioDriver, _ harness: Harness) throws {
    guard let page = driver.htmlPage else { throw ScenarioError(description: "\(key): no HTML message is displayed") }
    trace(page, into: harness)
    do {
        switch key {
        case "tap":
            if let sel = o["selector"]?.stringValue {
                // "at": [fx, fy], a point of the element's box (fractions of its width and height), by the approximate layout.
                if case .array(let at)? = o["at"] {
                    guard at.count == 2, let fx = at[0].numberValue, let fy = at[1].numberValue else {
                        throw ScenarioError(description: "tap: \"at\" takes [x, y], fractions of the element's width and height")
                    }
                    try page.tap(selector: sel, at: (fx, fy))
                } else {
                    try page.tap(selector: sel)
                }
            }
            else if let text = o["text"]?.stringValue { try page.tap(text: text) }
            else { throw ScenarioError(description: "tap: expected {\"button\": N}, {\"selector\": …} or {\"text\": …}") }
        case "type":
            guard let sel = o["selector"]?.stringValue, let text = o["text"]?.stringValue else {
                throw ScenarioError(description: "type: expected {\"selector\": …, \"text\": …}")
            }
            try page.type(text, intoSelector: sel)
        case "check", "uncheck":
            guard let sel = o["selector"]?.stringValue else { throw ScenarioError(description: "\(key): expected {\"selector\": …}") }
            guard let field = try page.document.querySelector(sel) else { throw ScenarioError(description: "\(key): no element matches \(sel)") }
            if page.isChecked(field) != (key == "check") { try page.tap(field) }
        case "press":
            guard let k = o["key"]?.stringValue else { throw ScenarioError(description: "press: expected {\"key\": \"Enter\"} (and an optional \"selector\")") }
            if let sel = o["selector"]?.stringValue { try page.press(k, inSelector: sel) } else { try page.press(k) }
        default: break
        }
    } catch let e as ScenarioError { throw e } catch { throw ScenarioError(description: "\(key): \(error)") }
    harness.settle()
}

/// Pages already traced (a scenario run keeps its pages alive, so identifiers are not reused).
private let tracedPages = Locked<Set<ObjectIdentifier>>([])

/// Sends the page's script-level events to the trace once per page.
func trace(_ page: ContentPage, into harness: Harness) {
    guard tracedPages.withLock({ $0.insert(ObjectIdentifier(page)).inserted }) else { return }
    let trace = harness.trace
    if page.scriptEngine == .subset {
        trace.record(.diagnostic, "scriptEngine", ["engine": "subset", "note": ScriptEngines.availability])
    }
    // What the page did before it was first seen here (its load: scripts' console lines, errors, bridge calls)
    // is traced first, then everything after as it happens.
    let previous = page.eventObserver
    let already = page.events
    page.eventObserver = { event in
        previous?(event)
        record(event)
    }
    for event in already { record(event) }
    func record(_ event: ContentEvent) {
        switch event.kind {
        case .bridgeCalled(let call):
            trace.record(.script, "bridgeCall", ["method": call.path,
                                                  "arguments": "[" + call.arguments.map(\.description).joined(separator: ",") + "]"])
        case .messagePosted(let handler, let body): trace.record(.script, "handlerPost", ["handler": handler, "body": body])
        case .console(let level, let message): trace.record(.script, "console", ["level": level, "message": message])
        case .scriptError(let f): trace.record(.script, "scriptError", failureFields(f))
        case .evaluationFailed(let f): trace.record(.script, "evaluationFailed", failureFields(f))
        case .navigationRequested(_, let url, let type): trace.record(.navigation, "pageNavigation", ["url": url.absoluteString, "type": type.rawValue])
        case .networkBlocked(let api, let url): trace.record(.script, "networkBlocked", ["api": api, "url": url])
        default: break
        }
    }
}

private func failureFields(_ f: ScriptFailure) -> [String: String] {
    ["message": f.message, "line": f.line.map(String.init) ?? "", "column": f.column.map(String.init) ?? "", "kind": f.kind.rawValue]
}

/// A scenario file: a device to start from and timed steps.
///
///     {"vendor": "core",
///      "device": {"orientation": "portrait", "appearance": "light"},
///      "steps": [{"at": 0, "deliver": {…message…}}, {"at": 1, "tap": {"button": 1}},
///                {"rotate": "landscape"}, {"appearance": "dark"}, {"background": true}, {"foreground": true},
///                {"keyboard": true}, {"decide": "reenqueue"}, {"presentNext": true}, {"dismiss": true},
///                {"close": true}, {"advance": 5}]}
///
/// Steps run in order; "at" first moves the virtual clock to that time (never backwards).
struct Scenario: Decodable {
    var vendor: String
    var device: DeviceSetup?
    var steps: [JSONValue]

    struct DeviceSetup: Decodable {
        var orientation: DeviceOrientation?
        var appearance: Appearance?
        var foreground: Bool?
        var keyboard: Bool?
    }
}

struct ScenarioError: Error, CustomStringConvertible {
    let description: String
}

/// Drives the core engine directly, with the rules both vendors share (stack when busy, orientation check).
final class CoreDriver: ScenarioDriver, @unchecked Sendable {
    let engine: PresentationEngine<InAppMessage>
    private let decision = Locked<Decision>(.show)

    init(harness: Harness) {
        engine = PresentationEngine(environment: harness.environment,
                                    rules: PresentationRules(whenBusy: .stack, checksOrientation: true))
        let trace = harness.trace
        var hooks = PresentationHooks<InAppMessage>()
        hooks.decide = { [decision] m in
            trace.record(.callback, "decide", message: m.id)
            return decision.snapshot
        }
        hooks.didPresent = { m in trace.record(.callback, "didPresent", message: m.id) }
        hooks.didDismiss = { m, cause in trace.record(.callback, "didDismiss", message: m.id, ["cause": cause.rawValue]) }
        hooks.clicked = { m, click in trace.record(.analytics, "click", message: m.id, ["button": click.buttonID ?? "body"]) }
        engine.hooks = hooks
    }

    func deliver(_ message: JSONValue) throws {
        let data = try JSONEncoder().encode(message)
        do { engine.present(try JSONDecoder().decode(InAppMessage.self, from: data)) }
        catch { throw ScenarioError(description: "deliver: not an OpenInApp message: \(error)") }
    }

    func tap(button: Int?) throws {
        guard let shown = engine.displayedMessage else { throw ScenarioError(description: "tap: no message is displayed") }
        let content = shown.content.structured
        if let button {
            guard let b = content?.buttons.first(where: { $0.id == button }) else {
                throw ScenarioError(description: "tap: message \(shown.id) has no button \(button)")
            }
            engine.click(shown.id, Click(target: .button(id: String(b.id)), action: b.action))
        } else {
            engine.click(shown.id, Click(target: .body, action: content?.clickAction ?? .none))
        }
    }

    func close() throws { engine.dismiss(nil, cause: .user) }
    func dismiss() throws { engine.dismiss(nil, cause: .app) }
    func presentNext() throws { engine.presentNext() }

    func setDecision(_ d: String) throws {
        let value: Decision
        switch d {
        case "show": value = .show
        case "reenqueue": value = .reenqueue
        case "discard": value = .discard(.discardedByDecision)
        case "suppress": value = .suppress(.suppressedByDecision)
        default: throw ScenarioError(description: "decide: expected show, reenqueue, discard or suppress, not \(d)")
        }
        decision.withLock { $0 = value }
    }
}

/// The drivers `simulate` knows, by vendor name.
nonisolated(unsafe) var scenarioDrivers: [String: (Harness) -> any ScenarioDriver] = [
    "core": { CoreDriver(harness: $0) },
    "adobe": { AdobeDriver(harness: $0) },
    "braze": { BrazeDriver(harness: $0) },
    "appboy": { AppboyDriver(harness: $0) },
]

func runScenario(_ scenario: Scenario) throws -> Trace {
    var state = DeviceState()
    if let d = scenario.device {
        state.orientation = d.orientation ?? state.orientation
        state.appearance = d.appearance ?? state.appearance
        state.isInForeground = d.foreground ?? true
        state.isKeyboardVisible = d.keyboard ?? false
    }
    let harness = Harness(device: state)
    guard let make = scenarioDrivers[scenario.vendor] else {
        throw ScenarioError(description: "unknown vendor \"\(scenario.vendor)\" (known: \(scenarioDrivers.keys.sorted().joined(separator: ", ")))")
    }
    let driver = make(harness)
    for (index, step) in scenario.steps.enumerated() {
        guard case .object(let fields) = step else { throw ScenarioError(description: "step \(index + 1): not an object") }
        do {
            if let at = fields["at"] {
                guard let t = at.numberValue, t.isFinite else { throw ScenarioError(description: "\"at\" must be a number") }
                if t > harness.now { harness.advance(by: t - harness.now) }
            }
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) where key != "at" {
                try apply(key, value, driver, harness)
            }
            harness.settle()
        } catch let e as ScenarioError {
            throw ScenarioError(description: "step \(index + 1): \(e.description)")
        }
    }
    return harness.trace
}

private func apply(_ key: String, _ value: JSONValue, _ driver: any ScenarioDriver, _ harness: Harness) throws {
    switch key {
    case "deliver":
        try driver.deliver(value)
        harness.settle()
        if let page = driver.htmlPage { trace(page, into: harness) }
    case "tap":
        if case .object(let o) = value, o["selector"] != nil || o["text"] != nil { try htmlStep(key, o, driver, harness) }
        else if case .object(let o) = value, let b = o["button"]?.numberValue { try driver.tap(button: Int(b)) }
        else { try driver.tap(button: nil) }
    case "evaluate":
        // The app runs JavaScript in the displayed page (WKWebView.evaluateJavaScript, Adobe's evaluateJavascript).
        guard let source = value.stringValue else { throw ScenarioError(description: "evaluate needs the JavaScript as a string") }
        guard let page = driver.htmlPage else { throw ScenarioError(description: "evaluate: no HTML message is displayed") }
        trace(page, into: harness)
        switch page.evaluate(source) {
        case .success(let result): harness.trace.record(.script, "evaluated", ["result": result == .undefined ? "undefined" : result.description])
        case .failure(let error): harness.trace.record(.script, "evaluated", ["error": error.description])
        }
        harness.settle()
    case "type", "check", "uncheck", "press":
        guard case .object(let o) = value else { throw ScenarioError(description: "\(key) needs an object") }
        try htmlStep(key, o, driver, harness)
    case "close": try driver.close()
    case "dismiss": try driver.dismiss()
    case "presentNext": try driver.presentNext()
    case "decide":
        guard let d = value.stringValue else { throw ScenarioError(description: "decide needs a string") }
        try driver.setDecision(d)
    case "advance":
        guard let s = value.numberValue, s.isFinite, s >= 0 else { throw ScenarioError(description: "advance needs seconds ≥ 0") }
        harness.advance(by: s)
        if let page = driver.htmlPage { trace(page, into: harness); page.advanceTime(by: s); harness.settle() }
    case "rotate":
        switch value.stringValue {
        case "portrait"?: harness.rotate(to: .portrait)
        case "landscape"?, "landscapeLeft"?: harness.rotate(to: .landscapeLeft)
        case "landscapeRight"?: harness.rotate(to: .landscapeRight)
        case "portraitUpsideDown"?: harness.rotate(to: .portraitUpsideDown)
        default: throw ScenarioError(description: "rotate: portrait, landscape, landscapeRight or portraitUpsideDown")
        }
    case "appearance":
        guard let a = value.stringValue.flatMap(Appearance.init(rawValue:)) else { throw ScenarioError(description: "appearance: light or dark") }
        harness.setAppearance(a)
    case "background": harness.moveToBackground()
    case "foreground": harness.moveToForeground()
    case "keyboard": harness.setKeyboardVisible(value.boolValue ?? true)
    case "edgeResponse": try driver.edgeResponse(value)
    case "trackAction": try driver.trackAction(value)
    default: if try !driver.channelStep(key, value, harness) { throw ScenarioError(description: "unknown action \"\(key)\"") }
    }
}

extension Command {
    static let simulate = Command(
        name: "simulate",
        summary: "run a scenario (messages, taps, device changes) and print the trace as JSON lines",
        help: """
        usage: iam simulate SCENARIO.json [--table]

        SCENARIO.json: {"vendor": "core", "device": {...}, "steps": [...]}. Each step may carry "at" (virtual
        seconds) and one or more actions: deliver (a message), tap ({"button": N} or {} for the body), close,
        dismiss, presentNext, decide ("show" | "reenqueue" | "discard" | "suppress"), advance (seconds),
        rotate ("portrait" | "landscape"), appearance ("light" | "dark"), background, foreground, keyboard.
        Vendors: core (OpenInApp messages), adobe (deliver {"id", "html", "mobileParameters"?}, run as an AJO
        proposition through AEPMessaging; edgeResponse {"requestId"?, "handle": [{"type":
        "personalization:decisions", "payload": [...]}]} hands the simulated Edge network that response and
        fetches its surfaces with updatePropositionsForSurfaces; trackAction "name" or {"action", "data"?} sends
        an app event the in-app rules are evaluated against), braze (deliver a Braze in-app message JSON payload, presented by
        BrazeInAppMessageUI; contentCard, tapCard, dismissCard, banner, tapBanner: see BrazeChannels.swift), appboy (deliver {"type": "HTML" | "HTML_FULL", "message_id", "message"}, or any other
        type in the Braze payload format, shown by the legacy Appboy controller and its built-in UI; tap and close go
        through that UI as a person's would). HTML messages: tap {"selector", "at"?} or {"text"}, type
        {"selector", "text"}, check/uncheck {"selector"}, press {"key", "selector"?}, evaluate "js" (the app's
        JavaScript; traced as evaluated); advance fires page timers.

        Prints one JSON object per trace event (or a table with --table). A bad file or step gives one error
        line and exit status 2.
        """,
        run: { args in
            let o = try Options(args, valued: [], flags: ["--table"])
            guard o.positional.count == 1 else { throw UsageError(message: "give exactly one SCENARIO.json") }
            let path = o.positional[0]
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError(message: "\(path): cannot read the file")
            }
            let scenario: Scenario
            do { scenario = try JSONDecoder().decode(Scenario.self, from: data) }
            catch { throw InputError(message: "\(path): not a scenario: \(error)") }
            let trace: Trace
            do { trace = try runScenario(scenario) }
            catch let e as ScenarioError { throw InputError(message: "\(path): \(e.description)") }
            print(o.flags.contains("--table") ? DemoScenario.table(trace.events) : trace.jsonLines())
        })
}
