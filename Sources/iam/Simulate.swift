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
    /// The page events the vendor facade already records itself (with the message id), so that the scenario's
    /// trace has each of them once.
    var facadeTraces: PageTracing { get }
    /// Steps of other channels (BrazeChannels.swift); false when `key` is not one.
    func channelStep(_ key: String, _ value: JSONValue, _ harness: Harness) throws -> Bool
}

/// Kinds of page events a facade may record itself.
struct PageTracing: OptionSet, Sendable {
    let rawValue: Int
    /// `brazeBridge`/`appboyBridge` calls (Braze and Appboy: `script.<method>` with `arguments`).
    static let bridgeCalls = PageTracing(rawValue: 1)
    /// `webkit.messageHandlers` posts to registered handlers (Adobe: `script.message`).
    static let handlerPosts = PageTracing(rawValue: 2)
    /// Navigations the page asks for (Braze and Appboy: `navigation.navigation`; Adobe: `navigation.allow`/`cancel`).
    static let navigations = PageTracing(rawValue: 4)
}

extension ScenarioDriver {
    var htmlPage: ContentPage? { nil }
    var facadeTraces: PageTracing { [] }
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
    guard let page = driver.htmlPage else { throw StepFailed(description: "\(key): no HTML message is displayed") }
    observePage(driver, harness)
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
            guard let field = try page.document.querySelector(sel) else { throw StepFailed(description: "\(key): no element matches \(sel)") }
            if page.isChecked(field) != (key == "check") { try toggle(field, on: page) }
        case "press":
            guard let k = o["key"]?.stringValue else { throw ScenarioError(description: "press: expected {\"key\": \"Enter\"} (and an optional \"selector\")") }
            if let sel = o["selector"]?.stringValue { try page.press(k, inSelector: sel) } else { try page.press(k) }
        default: break
        }
    } catch let e as ScenarioError { throw e } catch let e as StepFailed { throw e } catch {
        throw StepFailed(description: "\(key): \(error)")
    }
    harness.settle()
}

/// Taps a check box or radio button; one a person cannot reach (custom-styled, hidden behind its label) through its
/// first label, as the scripted fixtures' steps do.
private func toggle(_ field: HTMLNode, on page: ContentPage) throws(InAppContent.InputError) {
    do { _ = try page.tap(field) } catch .unreachable(let element, let reason) {
        let id = field["id"] ?? ""
        let label = page.document.elements(tag: "label").first { !id.isEmpty && $0["for"] == id }
            ?? field.ancestors.first { $0.tagName == "label" }
        guard let label else { throw .unreachable(element: element, reason: reason) }
        _ = try page.tap(label)
    }
}

/// Pages already traced, held so that their identifiers are not reused by later pages (of later runs).
private let tracedPages = Locked<[ObjectIdentifier: ContentPage]>([:])

/// Sends the displayed page's events to the trace (once per page), under the id of the message it shows, leaving
/// out what the driver's facade records itself.
func observePage(_ driver: any ScenarioDriver, _ harness: Harness) {
    guard let page = driver.htmlPage else { return }
    trace(page, into: harness, messageID: displayedID(harness), skipping: driver.facadeTraces)
}

/// The message displayed last (a page is made when its message is displayed, so it is that page's message).
func displayedID(_ harness: Harness) -> MessageID? {
    harness.trace.events.last { $0.kind == .state && $0.name == "displayed" }?.messageID
}

/// Sends the page's script-level events to the trace once per page.
func trace(_ page: ContentPage, into harness: Harness, messageID id: MessageID? = nil, skipping: PageTracing = []) {
    guard tracedPages.withLock({ pages in
        guard pages[ObjectIdentifier(page)] == nil else { return false }
        pages[ObjectIdentifier(page)] = page
        return true
    }) else { return }
    let trace = harness.trace
    if page.scriptEngine == .subset {
        trace.record(.diagnostic, "scriptEngine", message: id, ["engine": "subset", "note": ScriptEngines.availability])
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
            guard !skipping.contains(.bridgeCalls) else { return }
            trace.record(.script, "bridgeCall", message: id, ["method": call.path,
                                                               "arguments": "[" + call.arguments.map(\.description).joined(separator: ",") + "]"])
        case .messagePosted(let handler, let body):
            guard !skipping.contains(.handlerPosts) else { return }
            trace.record(.script, "handlerPost", message: id, ["handler": handler, "body": body])
        case .console(let level, let message): trace.record(.script, "console", message: id, ["level": level, "message": message])
        case .scriptError(let f): trace.record(.script, "scriptError", message: id, failureFields(f))
        case .evaluationFailed(let f): trace.record(.script, "evaluationFailed", message: id, failureFields(f))
        case .navigationRequested(_, let url, let type):
            guard !skipping.contains(.navigations) else { return }
            trace.record(.navigation, "pageNavigation", message: id, ["url": url.absoluteString, "type": type.rawValue])
        case .networkBlocked(let api, let url): trace.record(.script, "networkBlocked", message: id, ["api": api, "url": url])
        case .scriptsTerminated(let reason): trace.record(.script, "scriptsTerminated", message: id, ["reason": reason.description])
        default: break
        }
    }
}

private func failureFields(_ f: ScriptFailure) -> [String: String] {
    ["message": f.message, "line": f.line.map(String.init) ?? "", "column": f.column.map(String.init) ?? "", "kind": f.kind.rawValue]
}

/// A scenario file: the one format `iam simulate` and `iam render` read, and the scripted fixtures'
/// (`Tests/Fixtures/Scripted/*.scenario.json`) are written in.
///
///     {"vendor": "braze",                              // core | adobe | braze | appboy (or --vendor)
///      "html_file": "message.html",                    // optional: delivered as the vendor's HTML message first
///      "device": {"orientation": "portrait", "appearance": "light"},
///      "steps": [{"at": 0, "deliver": {…message…}}, {"tap": {"selector": "#ok"}}, {"advance": 5}]}
///
/// or, in place of "steps", several named runs, each from a fresh device and app:
/// `"scenarios": [{"name": "…", "device": {…}?, "steps": [...]}]`. `"fixture"` is another name for `"html_file"`;
/// `"messageHandlers"` names the `webkit.messageHandlers` the app registers (Adobe); `"primary"` and `"braze"` are
/// read by the fixture recorders and ignored here. Steps run in order; "at" first moves the virtual clock to that
/// time (never backwards). A `deliver` payload may carry `"html_file"` (relative to the scenario's folder) in place
/// of its inline HTML.
struct ScenarioFile {
    var vendor: Vendor
    var device: DeviceSetup = DeviceSetup()
    var folder: URL
    /// Handler names the app registers on HTML messages' pages (Adobe `handleJavascriptMessage`).
    var messageHandlers: [String] = []
    var runs: [Run]
    /// Whether each run opens with the delivery of the file's HTML message (its step 0).
    var opens = false
    /// The folders of the HTML files the payloads came from (by payload text), for messages' assets.
    var htmlFolders: [String: URL] = [:]
    /// Every folder an HTML file was read from (shown as `file:///message/` in traces).
    var folders: [URL] = []

    struct Run {
        var name: String?
        var device: DeviceSetup?
        var steps: [JSONValue]
    }

    static let actions: Set<String> = ["deliver", "tap", "evaluate", "type", "check", "uncheck", "press", "close", "dismiss",
                                       "presentNext", "decide", "advance", "rotate", "appearance", "colorScheme", "background",
                                       "foreground", "keyboard", "edgeResponse", "trackAction",
                                       // Braze's other channels (BrazeChannels.swift).
                                       "contentCard", "tapCard", "dismissCard", "banner", "tapBanner"]
    static let fileKeys: Set<String> = ["vendor", "device", "steps", "scenarios", "html_file", "fixture", "messageHandlers",
                                        "braze", "primary", "name", "description"]

    static func looksLikeScenario(_ value: JSONValue) -> Bool {
        guard case .object(let o) = value else { return false }
        return o["steps"] != nil || o["scenarios"] != nil || o["fixture"] != nil || (o["html_file"] != nil && o["type"] == nil && o["id"] == nil)
    }

    /// A scenario for `--html FILE` alone: the file delivered, nothing else.
    init(vendor: Vendor, folder: URL, opening: HTMLFile, runs: [Run]) {
        self.vendor = vendor
        self.folder = folder
        self.runs = runs
        open(with: opening)
    }

    /// Reads a scenario file's JSON; every problem is an `InputError` naming where it is.
    init(parsing value: JSONValue, source: String, folder: URL, vendor override: Vendor?, html: HTMLFile?) throws {
        guard case .object(let o) = value else { throw InputError(message: "\(source): a scenario is a JSON object") }
        if let unknown = o.keys.sorted().first(where: { !Self.fileKeys.contains($0) }) {
            throw InputError(message: "\(source): unknown key \"\(unknown)\" (a scenario has \(Self.fileKeys.sorted().joined(separator: ", ")))")
        }
        let named = try o["vendor"].map { v -> Vendor in
            guard let n = v.stringValue else { throw InputError(message: "\(source): \"vendor\" is a string") }
            do { return try Vendor.named(n) } catch let e as InputError { throw InputError(message: "\(source): \(e.message)") }
        }
        if let named, let override, named != override {
            throw InputError(message: "\(source): the scenario is for \(named.rawValue), not \(override.rawValue) (--vendor)")
        }
        guard let vendor = override ?? named else {
            throw InputError(message: "\(source): no vendor: add \"vendor\": \"braze\" (or adobe, appboy, core), or pass --vendor")
        }
        self.vendor = vendor
        self.folder = folder
        self.device = try DeviceSetup(o["device"], source: "\(source): device")
        if let h = o["messageHandlers"] {
            guard case .array(let names) = h, names.allSatisfy({ $0.stringValue != nil }) else {
                throw InputError(message: "\(source): \"messageHandlers\" is a list of names")
            }
            messageHandlers = names.compactMap(\.stringValue)
        }
        switch (o["steps"], o["scenarios"]) {
        case (.some, .some): throw InputError(message: "\(source): give \"steps\" or \"scenarios\", not both")
        case (.some(let steps), nil):
            guard case .array(let list) = steps else { throw InputError(message: "\(source): \"steps\" is a list") }
            runs = [Run(name: nil, device: nil, steps: list)]
        case (nil, .some(let scenarios)):
            guard case .array(let list) = scenarios else { throw InputError(message: "\(source): \"scenarios\" is a list") }
            runs = try list.enumerated().map { i, item in
                guard case .object(let r) = item, case .array(let steps)? = r["steps"] else {
                    throw InputError(message: "\(source): scenarios[\(i)] is {\"name\": …, \"steps\": [...]}")
                }
                return Run(name: r["name"]?.stringValue ?? "\(i + 1)", device: try r["device"].map { try DeviceSetup($0, source: "\(source): scenarios[\(i)].device") },
                           steps: steps)
            }
        case (nil, nil): runs = [Run(name: nil, device: nil, steps: [])]
        }
        // Every step is checked before anything runs: a bad step is bad input (exit 2), not a failure halfway.
        for r in runs.indices {
            for i in runs[r].steps.indices {
                let place = "\(source): \(runs[r].name.map { "scenario \"\($0)\", " } ?? "")step \(i + 1)"
                guard case .object(var step) = runs[r].steps[i] else { throw InputError(message: "\(place): a step is a JSON object") }
                if let unknown = step.keys.sorted().first(where: { $0 != "at" && !Self.actions.contains($0) }) {
                    throw InputError(message: "\(place): unknown step \"\(unknown)\" (steps: \(Self.actions.sorted().joined(separator: ", ")))")
                }
                if let d = step["decide"], !["show", "reenqueue", "discard", "suppress"].contains(d.stringValue ?? "") {
                    throw InputError(message: "\(place): decide is \"show\", \"reenqueue\", \"discard\" or \"suppress\", not \(d)")
                }
                if let at = step["at"], at.numberValue.map({ !$0.isFinite }) ?? true {
                    throw InputError(message: "\(place): \"at\" is a number of seconds")
                }
                if let payload = step["deliver"] {
                    do {
                        let (resolved, file) = try resolvingHTMLFile(payload, vendor: vendor, folder: folder)
                        step["deliver"] = resolved
                        if let file { htmlFolders[payloadKey(resolved)] = file.folder; folders.append(file.folder) }
                    } catch let e as InputError { throw InputError(message: "\(place): deliver: \(e.message)") }
                    runs[r].steps[i] = .object(step)
                }
            }
        }
        let top = o["html_file"] ?? o["fixture"]
        if html != nil, top != nil { throw InputError(message: "\(source): the scenario names its HTML file; --html is not needed") }
        if let top {
            guard let path = top.stringValue else { throw InputError(message: "\(source): \"html_file\" takes a path (a string)") }
            open(with: try HTMLFile(path: path, relativeTo: folder))
        } else if let html {
            open(with: html)
        }
    }

    /// Makes every run start with the delivery of `html` as the vendor's HTML message (step 0), its id the file's name.
    private mutating func open(with html: HTMLFile) {
        let payload = html.payload(for: vendor, id: html.stem)
        htmlFolders[payloadKey(payload)] = html.folder
        folders.append(html.folder)
        for r in runs.indices { runs[r].steps.insert(["deliver": payload], at: 0) }
        opens = true
    }
}

/// The device a scenario starts from: `orientation` (portrait, landscape, landscapeLeft, landscapeRight,
/// portraitUpsideDown), `appearance` or `colorScheme` (light, dark), `foreground`, `keyboard`, and the fixtures'
/// `width`/`height` (the portrait screen size in points; `deviceScaleFactor` is ignored).
struct DeviceSetup {
    var orientation: DeviceOrientation?
    var appearance: Appearance?
    var foreground: Bool?
    var keyboard: Bool?
    var size: Size?

    init() {}

    init(_ value: JSONValue?, source: String) throws {
        guard let value else { return }
        guard case .object(let o) = value else { throw InputError(message: "\(source) is a JSON object") }
        let known: Set<String> = ["orientation", "appearance", "colorScheme", "foreground", "keyboard", "width", "height", "deviceScaleFactor"]
        if let unknown = o.keys.sorted().first(where: { !known.contains($0) }) {
            throw InputError(message: "\(source): unknown key \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
        if let v = o["orientation"] {
            guard let o = v.stringValue.flatMap(orientation(named:)) else {
                throw InputError(message: "\(source): orientation is portrait, landscape, landscapeLeft, landscapeRight or portraitUpsideDown")
            }
            orientation = o
        }
        if let v = o["appearance"] ?? o["colorScheme"] {
            guard let a = v.stringValue.flatMap(Appearance.init(rawValue:)) else { throw InputError(message: "\(source): appearance is light or dark") }
            appearance = a
        }
        foreground = o["foreground"]?.boolValue
        keyboard = o["keyboard"]?.boolValue
        if let w = o["width"]?.numberValue, let h = o["height"]?.numberValue, w > 0, h > 0, w.isFinite, h.isFinite {
            size = Size(width: min(w, h), height: max(w, h))
            if w > h && orientation == nil { orientation = .landscapeLeft }
        }
    }

    func apply(to state: inout DeviceState) {
        state.orientation = orientation ?? state.orientation
        state.appearance = appearance ?? state.appearance
        state.isInForeground = foreground ?? state.isInForeground
        state.isKeyboardVisible = keyboard ?? state.isKeyboardVisible
        if let size { state.portraitScreenSize = size }
    }
}

func orientation(named name: String) -> DeviceOrientation? {
    switch name {
    case "landscape": return .landscapeLeft
    default: return DeviceOrientation(rawValue: name)
    }
}

/// A step that is not well formed (a wrong value for its action): bad input, exit status 2.
struct ScenarioError: Error, CustomStringConvertible {
    let description: String
}

/// A step that could not be carried out (nothing displayed, no such element, not reachable): exit status 1.
struct StepFailed: Error, CustomStringConvertible {
    let description: String
}

/// A run that stopped at a step: the traces so far (every run's, this one's last) and why.
struct ScenarioStopped: Error {
    let traces: [Trace]
    let place: String
    let error: any Error
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
        guard let shown = engine.displayedMessage else { throw StepFailed(description: "tap: no message is displayed") }
        let content = shown.content.structured
        if let button {
            guard let b = content?.buttons.first(where: { $0.id == button }) else {
                throw StepFailed(description: "tap: message \(shown.id) has no button \(button)")
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

/// Makes the driver of a vendor for one run (a fresh app on `harness`).
func makeDriver(_ vendor: Vendor, _ harness: Harness, _ file: ScenarioFile) -> any ScenarioDriver {
    switch vendor {
    case .core: return CoreDriver(harness: harness)
    case .adobe: return AdobeDriver(harness: harness, messageHandlers: file.messageHandlers)
    case .braze: return BrazeDriver(harness: harness)
    case .appboy: return AppboyDriver(harness: harness)
    }
}

/// Runs every run of `file`, each on its own harness (a fresh device and app), and returns their traces. A step that
/// stops a run throws `ScenarioStopped` with the traces so far. With `keepGoing`, a step that could not be carried out
/// (`StepFailed`) is traced as `scenario.stepFailed` and the run goes on; `failures` lists them.
func runScenario(_ file: ScenarioFile, keepGoing: Bool = false, failures: inout [String]) throws -> [Trace] {
    var traces: [Trace] = []
    for run in file.runs {
        var state = DeviceState()
        file.device.apply(to: &state)
        run.device?.apply(to: &state)
        let harness = Harness(device: state)
        traces.append(harness.trace)
        if file.runs.count > 1 || run.name != nil {
            harness.trace.record(.scenario, "run", ["name": run.name ?? ""])
        }
        let driver = makeDriver(file.vendor, harness, file)
        // Decisions given by a standalone `decide` step right after a delivery, applied before that delivery.
        var decidedEarly: [Int: Int] = [:]
        for (i, step) in run.steps.enumerated() {
            // Steps are numbered from 1 as written; the opening delivery of the file's HTML is step 0.
            let number = file.opens ? i : i + 1
            guard case .object(let fields) = step else { continue }
            let actions = fields.keys.filter { $0 != "at" }.sorted { order($0) < order($1) }
            // A step with only "at" waits until then.
            var details = ["index": String(number), "kind": actions.isEmpty ? "at" : actions.joined(separator: "+")]
            if let of = decidedEarly[i] { details["appliedBefore"] = "step \(of)" }
            harness.trace.record(.scenario, "step", details)
            do {
                if let t = fields["at"]?.numberValue, t > harness.now { harness.advance(by: t - harness.now) }
                if fields["deliver"] != nil, i + 1 < run.steps.count, case .object(let next) = run.steps[i + 1],
                   next.keys.sorted() == ["decide"], let d = next["decide"] {
                    // `{"decide": …}` on its own after a delivery answers that delivery's decision.
                    try apply("decide", d, driver, harness)
                    decidedEarly[i + 1] = number
                }
                for key in actions where !(key == "decide" && decidedEarly[i] != nil) {
                    try apply(key, fields[key]!, driver, harness)
                }
                harness.settle()
            } catch {
                let place = "\(run.name.map { "scenario \"\($0)\", " } ?? "")step \(number)"
                guard keepGoing, let failed = error as? StepFailed else {
                    throw ScenarioStopped(traces: traces, place: place, error: error)
                }
                harness.trace.record(.scenario, "stepFailed", message: displayedID(harness), ["index": String(number), "error": failed.description])
                failures.append("\(place): \(failed.description)")
                harness.settle()
            }
        }
        observePage(driver, harness)
    }
    return traces
}

/// The order of a step's actions: the decision first (so it answers the delivery in the same step), then the
/// delivery, then the rest by name.
private func order(_ key: String) -> String {
    switch key {
    case "decide": return "0"
    case "deliver": return "1"
    default: return "2" + key
    }
}

private func apply(_ key: String, _ value: JSONValue, _ driver: any ScenarioDriver, _ harness: Harness) throws {
    switch key {
    case "deliver":
        try driver.deliver(value)
        harness.settle()
        observePage(driver, harness)
    case "tap":
        if case .object(let o) = value, o["selector"] != nil || o["text"] != nil { try htmlStep(key, o, driver, harness) }
        else if case .object(let o) = value, let b = o["button"]?.numberValue { try driver.tap(button: Int(b)) }
        else { try driver.tap(button: nil) }
    case "evaluate":
        // The app runs JavaScript in the displayed page (WKWebView.evaluateJavaScript, Adobe's evaluateJavascript).
        guard let source = value.stringValue else { throw ScenarioError(description: "evaluate needs the JavaScript as a string") }
        guard let page = driver.htmlPage else { throw StepFailed(description: "evaluate: no HTML message is displayed") }
        observePage(driver, harness)
        switch page.evaluate(source) {
        case .success(let result):
            harness.trace.record(.script, "evaluated", message: displayedID(harness), ["result": result == .undefined ? "undefined" : result.description])
        case .failure(let error): harness.trace.record(.script, "evaluated", message: displayedID(harness), ["error": error.description])
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
        // The page's timers are on the harness clock: traced as they fire, in time order with the engine's.
        if let page = driver.htmlPage { trace(page, into: harness) }
        harness.advance(by: s)
        observePage(driver, harness)
    case "rotate":
        switch value.stringValue {
        case "portrait"?: harness.rotate(to: .portrait)
        case "landscape"?, "landscapeLeft"?: harness.rotate(to: .landscapeLeft)
        case "landscapeRight"?: harness.rotate(to: .landscapeRight)
        case "portraitUpsideDown"?: harness.rotate(to: .portraitUpsideDown)
        default: throw ScenarioError(description: "rotate: portrait, landscape, landscapeRight or portraitUpsideDown")
        }
    case "appearance", "colorScheme":
        guard let a = value.stringValue.flatMap(Appearance.init(rawValue:)) else { throw ScenarioError(description: "\(key): light or dark") }
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
        summary: "run a scenario or an HTML file (messages, taps, typing, device changes) and print the trace",
        help: """
        usage: iam simulate SCENARIO.json [--vendor V] [--run NAME] [--keep-going] [--table]
               iam simulate --html FILE.html --vendor braze|adobe|appboy [SCENARIO.json] [--table]
               iam simulate MESSAGE.json [--vendor V]         (a message payload alone: delivered, nothing else)

        SCENARIO.json (one format; Tests/Fixtures/Scripted/*.scenario.json are scenarios too):
          {"vendor": "braze", "html_file": "offer.html"?, "device": {...}?, "steps": [...]}
        or several runs, each from a fresh app and device, in place of "steps":
          "scenarios": [{"name": "…", "device": {...}?, "steps": [...]}]
        "html_file" (or "fixture") is an HTML file, relative to the scenario's folder, delivered as the vendor's
        HTML message before the steps (its step 0; the message id is the file name without .html). --html FILE
        does the same from the command line. "device": orientation (portrait | landscape), appearance or
        colorScheme (light | dark), foreground, keyboard, width and height (points). "messageHandlers": names
        the app registers for webkit.messageHandlers (adobe). "primary" and "braze" (fixture recorders) are ignored.

        Steps run in order; each may carry "at" (virtual seconds; the clock moves there first) and actions:
          deliver {…message…}   in the vendor's format: core {"id", "content"}; braze a Braze payload {"type",
                                "message_id", …}; appboy {"type": "HTML", "message_id", "message"} or any Braze
                                payload type; adobe {"id", "html", "mobileParameters"?} (an AJO proposition).
                                "html_file": "page.html" may stand in for the inline HTML (relative to the
                                scenario's folder); files beside it (images) are the message's assets.
          tap {"button": N} | {} (the body) | {"selector": "#ok", "at": [fx, fy]?} | {"text": "OK"}
          type {"selector", "text"}, check/uncheck {"selector"}, press {"key", "selector"?},
          evaluate "js" (the app's JavaScript in the page; traced as evaluated),
          close, dismiss, presentNext, decide "show" | "reenqueue" | "discard" | "suppress" (what the app's
          delegate answers from then on; a decide step right after a deliver step answers that delivery),
          advance SECONDS (also fires page timers), rotate "portrait" | "landscape", appearance or colorScheme
          "light" | "dark", background, foreground, keyboard true|false,
          edgeResponse {"handle": [{"type": "personalization:decisions", "payload": [...]}]} and
          trackAction "name" | {"action", "data"?} (adobe: the simulated Edge network and in-app rules),
          contentCard {"id", "type" (short_news | short_news_image | captioned_image | banner_image | control),
                       "title"?, "description"?, "url"?, "image"?}, tapCard "id", dismissCard "id",
          banner {"placementId", "html"}, tapBanner {"selector"} | {"text"}
                                (braze: content cards and banners from the simulated server).

        Prints one JSON object per trace event (or a table with --table). Each step opens with a
        scenario.step event (index, kind); each run of "scenarios" with scenario.run (name). Events of an HTML
        message's page carry the message id; a bridge call is one event (braze, appboy: script.<method> with
        arguments; adobe handler posts: script.message). Machine paths never appear: the folder of an HTML file
        reads file:///message/, the app bundle (Adobe's base URL) file:///app/.

        Exit status: 0 done; 1 a step could not be carried out (nothing displayed, no such element, not
        reachable): the trace up to it is printed, then the error (with --keep-going the failed step is traced
        as scenario.stepFailed, the runs go on to their end, and the exit status is 1); 2 bad input (a missing file, malformed JSON
        with its line, column and byte, an unknown step or key, a wrong value): one error line.
        """,
        run: { args, console in
            let o = try Options(args, valued: ["--html", "--vendor", "--run"], flags: ["--table", "--keep-going"])
            guard o.positional.count <= 1 else { throw UsageError(message: "give one SCENARIO.json") }
            let vendor = try o.values["--vendor"].map { try Vendor.named($0) }
            if o.values["--html"] != nil {
                guard let vendor else { throw UsageError(message: "--html needs --vendor braze|adobe|appboy") }
                guard vendor != .core else { throw UsageError(message: "--html takes --vendor braze, adobe or appboy") }
            }
            guard !o.positional.isEmpty || o.values["--html"] != nil else { throw UsageError(message: "give a SCENARIO.json or --html FILE") }
            let file = try loadScenario(InputRequest(path: o.positional.first, htmlPath: o.values["--html"], vendor: vendor,
                                                     runName: o.values["--run"]))
            let show = { (traces: [Trace]) in
                let redaction = PathRedaction(htmlFolders: file.folders)
                let events = traces.flatMap(\.events).map(redaction.apply)
                guard !events.isEmpty else { return }
                console.print(o.flags.contains("--table") ? DemoScenario.table(events) : events.map(Trace.jsonLine).joined(separator: "\n"))
            }
            do {
                var failures: [String] = []
                show(try runScenario(file, keepGoing: o.flags.contains("--keep-going"), failures: &failures))
                if let first = failures.first {
                    let source = o.positional.first ?? o.values["--html"] ?? ""
                    throw RunFailure(message: "\(source): \(failures.count) step\(failures.count == 1 ? "" : "s") failed, first \(first)")
                }
            } catch let stopped as ScenarioStopped {
                show(stopped.traces)
                let source = o.positional.first ?? o.values["--html"] ?? ""
                switch stopped.error {
                case let e as ScenarioError: throw InputError(message: "\(source): \(stopped.place): \(e.description)")
                case let e as InputError: throw InputError(message: "\(source): \(stopped.place): \(e.message)")
                default: throw RunFailure(message: "\(source): \(stopped.place): \(stopped.error)")
                }
            }
        })
}

/// Machine paths out of traces: an HTML file's folder becomes `file:///message/`, the app bundle (the base URL the
/// Adobe facade loads messages with, as on a device) `file:///app/`.
struct PathRedaction {
    static let messageFolder = "file:///message/"
    static let appBundle = "file:///app/"
    private let replacements: [(String, String)]

    init(htmlFolders: [URL]) {
        var list: [(String, String)] = []
        for folder in htmlFolders {
            list.append((folder.absoluteString, Self.messageFolder))
            list.append((folder.path.hasSuffix("/") ? folder.path : folder.path + "/", "/message/"))
        }
        let bundle = Bundle.main.bundleURL.standardizedFileURL
        let bundleText = bundle.absoluteString.hasSuffix("/") ? bundle.absoluteString : bundle.absoluteString + "/"
        list.append((bundleText, Self.appBundle))
        list.append((String(bundleText.dropLast()), String(Self.appBundle.dropLast())))
        // Longest first, so a folder inside another is replaced as itself.
        replacements = list.sorted { $0.0.count > $1.0.count }
    }

    func apply(_ text: String) -> String {
        var t = text
        for (path, placeholder) in replacements where t.contains(path) { t = t.replacingOccurrences(of: path, with: placeholder) }
        return t
    }

    func apply(_ event: TraceEvent) -> TraceEvent {
        var e = event
        e.details = e.details.mapValues(apply)
        return e
    }
}
