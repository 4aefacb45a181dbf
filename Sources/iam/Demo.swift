import Foundation
import InAppCore
import InAppTestSupport
import InAppContent

extension Command {
    static let demo = Command(
        name: "demo",
        summary: "run a scripted message sequence through the core and print its trace",
        help: """
        usage: iam demo [--json]

        Runs a short scripted scenario on a virtual clock and prints every trace event:
          1. a modal with two buttons is delivered and displayed,
          2. a slideup arrives while the modal is up and goes on the stack,
          3. the device turns dark and rotates,
          4. the user taps the modal's "OK" button (logged, processed, dismissed),
          5. the app presents the next stacked message (the slideup),
          6. five virtual seconds later the slideup closes itself,
          7. an HTML message is delivered and loaded into the headless content model: the user taps its
             "Accept" button (its onclick posts to a script handler), then its close link (an adbinapp://dismiss
             navigation, cancelled by the navigation policy, dismisses the message).

        options:
          --json   print JSON lines (one event per line) instead of a table
        """,
        run: { args, console in
            let options = try Options(args, valued: [], flags: ["--json"])
            guard options.positional.isEmpty else { throw UsageError(message: "unexpected argument \(options.positional[0])") }
            let trace = DemoScenario.run()
            if options.flags.contains("--json") {
                console.print(trace.jsonLines())
            } else {
                console.print(DemoScenario.table(trace.events))
            }
        })
}

/// The scripted scenario behind `iam demo`.
enum DemoScenario {
    static func run() -> Trace {
        let harness = Harness()
        let engine = PresentationEngine<InAppMessage>(environment: harness.environment,
                                                      rules: PresentationRules(whenBusy: .stack, checksOrientation: true))
        let trace = harness.trace
        var hooks = PresentationHooks<InAppMessage>()
        hooks.decide = { m in trace.record(.callback, "decide", message: m.id); return .show }
        hooks.didPresent = { m in
            trace.record(.callback, "didPresent", message: m.id)
            if let picture = try? harness.environment.renderer.render(m, in: RenderContext(device: harness.device.state)) {
                trace.record(.analytics, "impression", message: m.id, ["boxes": String(picture.boxes.count)])
            }
        }
        hooks.clicked = { m, click in trace.record(.analytics, "click", message: m.id, ["button": click.buttonID ?? "body"]) }
        hooks.processClick = { m, click in
            if case .url(let url, _) = click.action { trace.record(.navigation, "openURL", message: m.id, ["url": url.absoluteString]) }
        }
        hooks.didDismiss = { m, cause in trace.record(.callback, "didDismiss", message: m.id, ["cause": cause.rawValue]) }
        engine.hooks = hooks

        engine.present(Fixtures.modalTwoButtons(id: "welcome-modal"))
        harness.advance(by: 1)
        engine.present(Fixtures.slideup(id: "promo-slideup", close: .automatic(after: 5)))
        harness.setAppearance(.dark)
        harness.rotate(to: .landscapeLeft)
        harness.advance(by: 2)
        let ok = Fixtures.twoButtons[1]
        engine.click("welcome-modal", Click(target: .button(id: String(ok.id)), action: ok.action))
        harness.advance(by: 1)
        engine.presentNext()
        harness.advance(by: 5)

        // An HTML message, run in the content model.
        let html = Fixtures.html(id: "html-survey")
        engine.present(html)
        let page = ContentPage()
        let navigator = DemoNavigator(engine: engine, trace: trace, id: html.id)
        page.navigationDelegate = navigator
        page.addMessageHandler(name: "buttonClicked") { message in
            trace.record(.script, "postMessage", message: html.id, ["handler": message.name, "body": message.value.description])
        }
        page.loadHTMLString(html.content.html?.html ?? "", baseURL: nil)
        trace.record(.navigation, "loaded", message: html.id, ["title": page.title ?? "", "interactive": String(page.document.interactiveElements.count)])
        harness.advance(by: 1)
        _ = try? page.tap(elementID: "accept")
        harness.advance(by: 1)
        _ = try? page.tap(elementID: "close")
        harness.settle()
        return trace
    }

    /// The events as a table: time, message id, label, details. Columns fit the longest id and label up to
    /// `labelWidth`; a longer label wraps (at a `.`, `(`, `:` or `_` where it can) onto continuation lines,
    /// nothing is cut.
    static func table(_ events: [TraceEvent], labelWidth: Int = 44) -> String {
        let idWidth = max(1, events.map { ($0.messageID?.rawValue ?? "-").count }.max() ?? 1)
        let width = max(8, min(labelWidth, events.map(\.label.count).max() ?? 8))
        let blank = String(repeating: " ", count: "t=  0.000  ".count + idWidth + 1)
        return events.map { e in
            let time = String(format: "%7.3f", e.time)
            let id = (e.messageID?.rawValue ?? "-").padding(toLength: idWidth, withPad: " ", startingAt: 0)
            let pieces = wrap(e.label, width: width)
            let details = e.details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            var lines = ["t=\(time)  \(id) \(pieces[0].padding(toLength: width, withPad: " ", startingAt: 0)) \(details)"]
            lines += pieces.dropFirst().map { blank + $0 }
            return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `text` in pieces of at most `width` characters, broken after a `.`, `(`, `:` or `_` when one is in the
    /// second half of a piece.
    static func wrap(_ text: String, width: Int) -> [String] {
        var rest = Substring(text)
        var pieces: [String] = []
        while rest.count > width {
            let window = rest.prefix(width)
            var cut = window.endIndex
            if let i = window.lastIndex(where: { ".(:_".contains($0) }), window.distance(from: window.startIndex, to: i) >= width / 2 {
                cut = window.index(after: i)
            }
            pieces.append(String(rest[..<cut]))
            rest = rest[cut...]
        }
        pieces.append(String(rest))
        return pieces
    }
}

/// The demo's navigation policy: adbinapp:// links are handled natively (cancelled, and `dismiss` closes the
/// message); every other navigation is allowed.
final class DemoNavigator: ContentNavigationDelegate {
    let engine: PresentationEngine<InAppMessage>
    let trace: Trace
    let id: MessageID
    init(engine: PresentationEngine<InAppMessage>, trace: Trace, id: MessageID) { self.engine = engine; self.trace = trace; self.id = id }

    func page(_ page: ContentPage, decidePolicyFor request: NavigationRequest,
              decisionHandler: @escaping (NavigationPolicy) -> Void) {
        let native = request.url.scheme == "adbinapp"
        trace.record(.navigation, native ? "cancel" : "allow", message: id, ["url": request.url.absoluteString])
        decisionHandler(native ? .cancel : .allow)
        if native && request.url.host == "dismiss" { engine.dismiss(id, cause: .content) }
    }
}
