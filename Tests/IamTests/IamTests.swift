import Foundation
import Testing
import InAppCore
@testable import iam

/// `iam simulate` and `iam render` run in process (`Iam.main` with a capturing console): what a marketer hands them
/// (HTML files, scenario files, vendor payloads), the traces they print and their exit statuses.
@Suite(.serialized) struct IamTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/Scripted").standardizedFileURL

    /// A fresh folder with the given files (text), for one test.
    static func folder(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("iam-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    /// A 1×1 PNG (its header is all the headless page reads of an image).
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
                           0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89])

    static let offerHTML = """
        <!DOCTYPE html><html><body><h1>Weekend sale</h1>
        <img src="hero.png" onload="console.log('hero loaded')" onerror="console.log('hero missing')">
        <button id="claim" onclick="brazeBridge.logClick('0'); brazeBridge.closeMessage()">Claim</button>
        <a id="more" href="more.html">More</a>
        <script>console.log('page at ' + document.baseURI)</script>
        </body></html>
        """

    struct Run {
        let status: Int32
        let output: String
        let errors: String
        var events: [TraceEvent] { (try? Trace.decode(jsonLines: output)) ?? [] }
        var steps: [TraceEvent] { events.filter { $0.kind == .scenario && $0.name == "step" } }
    }

    static func iam(_ arguments: String...) -> Run {
        let console = Console.capture()
        let status = Iam.main(arguments, console: console)
        return Run(status: status, output: console.output, errors: console.errors)
    }

    // MARK: --html FILE --vendor V

    @Test(arguments: ["braze", "adobe", "appboy"])
    func anHTMLFileIsDeliveredAsTheVendorsHTMLMessage(vendor: String) throws {
        let dir = try Self.folder(["offer.html": Self.offerHTML])
        try Self.png.write(to: dir.appendingPathComponent("hero.png"))
        let run = Self.iam("simulate", "--html", dir.appendingPathComponent("offer.html").path, "--vendor", vendor)
        #expect(run.status == 0, "\(run.errors)")
        let displayed = run.events.first { $0.kind == .state && $0.name == "displayed" }
        #expect(displayed?.messageID == "offer", "the message id is the file's name")
        #expect(run.steps.map { $0.details["index"] } == ["0"], "the delivery of the HTML file is step 0")
        #expect(run.steps.first?.details["kind"] == "deliver")
        let consoles = run.events.filter { $0.name == "console" }.compactMap { $0.details["message"] }
        #expect(consoles.contains { $0.hasPrefix("page at ") }, "the page's script ran: \(consoles)")
        if vendor != "adobe" {
            // Braze and Appboy messages take the file's folder as their base: the image beside it is an asset.
            #expect(consoles.contains("hero loaded"), "\(consoles)")
            #expect(consoles.contains("page at file:///message/"), "\(consoles)")
        } else {
            #expect(consoles.contains("page at file:///app/"), "Adobe's base is the app bundle, shown as file:///app/: \(consoles)")
        }
        #expect(!run.output.contains(dir.path), "no machine path in the trace")
    }

    @Test func htmlFileInADeliverStepResolvesBesideTheScenario() throws {
        let dir = try Self.folder(["offer.html": Self.offerHTML, "scenario.json": """
            {"vendor": "braze",
             "steps": [{"deliver": {"type": "HTML", "message_id": "sale", "message_close": "SWIPE", "html_file": "offer.html"}},
                       {"tap": {"selector": "#claim"}}]}
            """])
        try Self.png.write(to: dir.appendingPathComponent("hero.png"))
        let run = Self.iam("simulate", dir.appendingPathComponent("scenario.json").path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.events.contains { $0.name == "console" && $0.details["message"] == "hero loaded" && $0.messageID == "sale" })
        #expect(run.events.contains { $0.kind == .state && $0.name == "dismissed" && $0.messageID == "sale" })
    }

    @Test func aMissingHTMLFileIsBadInput() throws {
        let dir = try Self.folder(["scenario.json": #"{"vendor": "braze", "steps": [{"deliver": {"type": "HTML", "html_file": "gone.html"}}]}"#])
        let run = Self.iam("simulate", dir.appendingPathComponent("scenario.json").path)
        #expect(run.status == 2)
        #expect(run.errors.contains("step 1: deliver: gone.html: no such HTML file"), "\(run.errors)")
        #expect(run.output.isEmpty, "nothing ran")
    }

    // MARK: One bridge event, message ids, step markers

    @Test func eachBridgeCallIsOneEventUnderTheMessageID() throws {
        let dir = try Self.folder(["offer.html": Self.offerHTML, "s.json": """
            {"vendor": "braze", "html_file": "offer.html", "steps": [{"advance": 1}, {"tap": {"selector": "#claim"}}]}
            """])
        let run = Self.iam("simulate", dir.appendingPathComponent("s.json").path)
        #expect(run.status == 0, "\(run.errors)")
        let clicks = run.events.filter { $0.kind == .script && ($0.name == "logClick" || $0.details["method"] == "logClick") }
        #expect(clicks.count == 1, "one event for one brazeBridge.logClick: \(clicks)")
        #expect(clicks.first?.details["arguments"] == #"["0"]"#)
        #expect(!run.events.contains { $0.name == "bridgeCall" })
        let pageEvents = run.events.filter { $0.kind == .script || $0.kind == .navigation }
        #expect(!pageEvents.isEmpty)
        #expect(pageEvents.allSatisfy { $0.messageID == "offer" }, "\(pageEvents.filter { $0.messageID != "offer" })")
        #expect(run.steps.map { $0.details["index"] ?? "" } == ["0", "1", "2"])
        #expect(run.steps.map { $0.details["kind"] ?? "" } == ["deliver", "advance", "tap"])
        // The step marker comes before what the step caused.
        let tapMark = try #require(run.events.firstIndex { $0.kind == .scenario && $0.details["index"] == "2" })
        let click = try #require(run.events.firstIndex { $0.name == "logClick" })
        #expect(tapMark < click)
    }

    @Test func adobeTracesCarryNoBuildPath() throws {
        let dir = try Self.folder(["s.json": """
            {"vendor": "adobe",
             "steps": [{"deliver": {"id": "a1", "html": "<a id='go' href='next.html'>Go</a><script>console.log(location.href)</script>"}},
                       {"tap": {"selector": "#go"}}]}
            """])
        let run = Self.iam("simulate", dir.appendingPathComponent("s.json").path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.output.contains(".build"), "\(run.output)")
        #expect(!run.output.contains(Bundle.main.bundleURL.path))
        #expect(run.output.contains("file:///app/"))
        #expect(run.events.filter { $0.name == "console" }.allSatisfy { $0.messageID == "a1" })
    }

    // MARK: The scripted fixtures are scenarios

    @Test func everyScriptedFixtureLoadsAsAScenario() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".scenario.json") }
        #expect(names.count >= 12)
        for name in names {
            let path = Self.fixtures.appendingPathComponent(name).path
            let file = try loadScenario(InputRequest(path: path))
            let raw = try readJSONFile(path)
            guard case .object(let o) = raw, case .array(let scenarios)? = o["scenarios"] else { Issue.record("\(name)"); continue }
            #expect(file.runs.count == scenarios.count, "\(name)")
            #expect(file.opens, "\(name): its HTML is step 0")
            #expect(file.vendor.rawValue == name.split(separator: "-").first.map(String.init), "\(name)")
        }
    }

    @Test func aFixtureRunsThroughSimulate() throws {
        let run = Self.iam("simulate", Self.fixtures.appendingPathComponent("braze-modal.scenario.json").path, "--run", "later")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.events.first { $0.kind == .scenario }?.name == "run")
        #expect(run.events.contains { $0.name == "logClick" && $0.messageID == "braze-modal" })
        #expect(run.events.contains { $0.kind == .state && $0.name == "dismissed" && $0.messageID == "braze-modal" })
    }

    @Test func aRefusedTapInAFixtureIsAFailedStepUnlessKeepGoing() throws {
        let path = Self.fixtures.appendingPathComponent("braze-modal.scenario.json").path
        let stopped = Self.iam("simulate", path, "--run", "close twice")
        #expect(stopped.status == 1)
        #expect(stopped.errors.contains("step 2: tap: no HTML message is displayed"), "\(stopped.errors)")
        #expect(stopped.steps.map { $0.details["index"] ?? "" } == ["0", "1", "2"], "the trace up to the failed step")
        let all = Self.iam("simulate", path, "--run", "close twice", "--keep-going")
        #expect(all.status == 1)
        #expect(all.steps.count == 4)
        #expect(all.events.filter { $0.name == "stepFailed" }.count == 2)
    }

    // MARK: Exit statuses

    @Test func badInputExitsWithTwo() throws {
        let dir = try Self.folder(["broken.json": "{\"vendor\": \"braze\",\n  \"steps\": [{\"deliver\": {\"type\": \"HTML\",, }}]}",
                                   "unknown.json": #"{"vendor": "braze", "steps": [{"jump": 1}]}"#,
                                   "novendor.json": #"{"steps": [{"advance": 1}]}"#])
        let broken = Self.iam("simulate", dir.appendingPathComponent("broken.json").path)
        #expect(broken.status == 2)
        #expect(broken.errors.contains("broken.json:2:41: invalid JSON (byte 60)"), "\(broken.errors)")
        let missing = Self.iam("simulate", dir.appendingPathComponent("nothing.json").path)
        #expect(missing.status == 2)
        #expect(missing.errors.contains("no such file"))
        let unknown = Self.iam("simulate", dir.appendingPathComponent("unknown.json").path)
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("step 1: unknown step \"jump\""), "\(unknown.errors)")
        #expect(Self.iam("simulate", dir.appendingPathComponent("novendor.json").path).status == 2)
        let decide = try Self.folder(["d.json": #"{"vendor": "core", "steps": [{"advance": 1}, {"decide": "maybe"}]}"#])
        let badDecide = Self.iam("simulate", decide.appendingPathComponent("d.json").path)
        #expect(badDecide.status == 2)
        #expect(badDecide.errors.contains("step 2: decide is"), "\(badDecide.errors)")
        #expect(Self.iam("simulate", "--html", "x.html").status == 2, "--html without --vendor")
        #expect(Self.iam("render", dir.appendingPathComponent("broken.json").path).status == 2)
        #expect(Self.iam("render", "/nonexistent.json").status == 2)
    }

    @Test func aFailedStepExitsWithOneAfterTheTraceUpToIt() throws {
        let dir = try Self.folder(["s.json": """
            {"vendor": "core", "steps": [
              {"deliver": {"id": "m1", "content": {"structured": {"layout": "modal", "body": "Hi"}}}},
              {"tap": {"button": 7}},
              {"advance": 1}]}
            """])
        let run = Self.iam("simulate", dir.appendingPathComponent("s.json").path)
        #expect(run.status == 1)
        #expect(run.errors.contains("step 2: tap: message m1 has no button 7"), "\(run.errors)")
        #expect(run.steps.map { $0.details["index"] ?? "" } == ["1", "2"], "step 3 never ran")
        #expect(run.events.contains { $0.kind == .state && $0.name == "displayed" })
    }

    // MARK: decide

    @Test(arguments: ["core", "braze", "appboy"])
    func aStandaloneDecideAnswersTheDeliveryBeforeIt(vendor: String) throws {
        let message: String
        switch vendor {
        case "core": message = #"{"id": "m1", "content": {"structured": {"layout": "modal", "body": "Hi"}}}"#
        default: message = #"{"type": "MODAL", "message_id": "m1", "message": "Hi"}"#
        }
        let dir = try Self.folder(["s.json": #"{"vendor": "\#(vendor)", "steps": [{"deliver": \#(message)}, {"decide": "suppress"}]}"#])
        let run = Self.iam("simulate", dir.appendingPathComponent("s.json").path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.events.contains { $0.kind == .state && $0.name == "displayed" }, "the message was not shown")
        #expect(run.steps.last?.details["appliedBefore"] == "step 1")
    }

    // MARK: render takes the same inputs

    @Test func renderTakesEveryInputKind() throws {
        let dir = try Self.folder([
            "core.json": #"{"id": "core-1", "content": {"structured": {"layout": "modal", "header": "Core header", "body": "b"}}}"#,
            "braze.json": #"{"type": "MODAL", "message_id": "braze-1", "header": "Braze header", "message": "b"}"#,
            "appboy.json": #"{"type": "HTML", "message_id": "appboy-1", "message": "<p>Appboy</p>"}"#,
            "adobe.json": #"{"id": "adobe-1", "html": "<p>Adobe</p>"}"#,
            "ajo.json": #"{"propositions": [{"id": "p", "scope": "mobileapp://app", "items": [{"id": "ajo-1", "schema": "https://ns.adobe.com/personalization/message/in-app", "data": {"content": "<p>AJO</p>", "contentType": "text/html"}}]}]}"#,
            "offer.html": Self.offerHTML,
            "scenario.json": #"{"vendor": "braze", "steps": [{"advance": 1}, {"deliver": {"type": "HTML", "message_id": "sc-1", "html_file": "offer.html"}}]}"#,
        ])
        func draw(_ args: String...) throws -> String {
            let out = dir.appendingPathComponent("out.svg")
            try? FileManager.default.removeItem(at: out)
            let run = Self.iam(["render"] + args + ["-o", out.path])
            #expect(run.status == 0, "\(args): \(run.errors)")
            return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        }
        let p = { (name: String) in dir.appendingPathComponent(name).path }
        #expect(try draw(p("core.json")).contains("<title>core-1"))
        #expect(try draw(p("braze.json")).contains("Braze header"))
        #expect(try draw(p("appboy.json"), "--vendor", "appboy").contains("<title>appboy-1"))
        #expect(try draw(p("adobe.json")).contains("<title>adobe-1"))
        #expect(try draw(p("ajo.json")).contains("<title>ajo-1"), "an Adobe proposition envelope")
        #expect(try draw("--html", p("offer.html"), "--vendor", "braze").contains("<title>offer"))
        #expect(try draw(p("scenario.json")).contains("<title>sc-1"))
        #expect(try draw(Self.fixtures.appendingPathComponent("adobe-rating.scenario.json").path).contains("<title>adobe-rating"))
    }

    @Test func renderDrawsPerThemeOrientationAndDevice() throws {
        let dir = try Self.folder([
            "structured.json": ##"{"id": "s-1", "content": {"structured": {"layout": "modal", "header": "Hi", "body": "b", "themes": {"light": {"background": "#FFFFFF"}, "dark": {"background": "#222222"}}}}}"##,
            "page.html": """
            <style>body { margin: 0; background: #fff } .card { background: #eee; height: 100px }
            @media (prefers-color-scheme: dark) { .card { background: #303030 } }
            @media (orientation: landscape) { .card { height: 50px } }</style><div class="card">Hello</div>
            """,
        ])
        func draw(_ args: [String]) throws -> String {
            let out = dir.appendingPathComponent("out.svg")
            try? FileManager.default.removeItem(at: out)
            let run = Self.iam(["render"] + args + ["-o", out.path])
            #expect(run.status == 0, "\(args): \(run.errors)")
            return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        }
        let structured = dir.appendingPathComponent("structured.json").path, page = dir.appendingPathComponent("page.html").path
        for source in [[structured], ["--html", page, "--vendor", "braze"]] {
            let portrait = try draw(source), landscape = try draw(source + ["--orientation", "landscape"])
            #expect(portrait.contains(#"width="390" height="844""#), "\(source): the default device")
            #expect(landscape.contains(#"width="844" height="390""#), "\(source): landscape swaps the sides")
            #expect(try draw(source + ["--device", "iphone-se"]).contains(#"width="375" height="667""#))
            #expect(try draw(source + ["--device", "ipad", "--orientation", "landscape"]).contains(#"width="1180" height="820""#))
            #expect(try draw(source + ["--device", "360x780"]).contains(#"width="360" height="780""#))
        }
        #expect(try draw([structured, "--theme", "dark"]).contains(##"fill="#222222""##), "the dark theme's background")
        #expect(!(try draw([structured])).contains(##"fill="#222222""##))
        let page1 = try draw(["--html", page, "--vendor", "braze", "--theme", "dark"])
        #expect(page1.contains(##"fill="#303030""##), "the page's dark-scheme rule")
        #expect(try draw(["--html", page, "--vendor", "braze", "--orientation", "landscape"]).contains(##"height="50" fill="#EEEEEE""##),
                "the page's landscape rule")
        #expect(Self.iam("render", structured, "--device", "watch").status == 2)
        #expect(Self.iam("render", structured, "--device", "10x10").status == 2)
    }

    @Test func renderExplainsWhatItTakes() throws {
        let dir = try Self.folder(["odd.json": #"{"hello": 1}"#])
        let run = Self.iam("render", dir.appendingPathComponent("odd.json").path)
        #expect(run.status == 2)
        #expect(run.errors.contains("a Braze or Appboy payload"), "\(run.errors)")
    }

    // MARK: --table

    @Test func theTableWrapsLongNamesInsteadOfCutting() {
        let event = TraceEvent(sequence: 1, time: 0, messageID: "a-rather-long-message-id", kind: .callback,
                               name: "inAppMessage(_:displayChoiceForMessage:)", thread: "main", onMainThread: true,
                               details: ["k": "v"])
        let text = DemoScenario.table([event], labelWidth: 30)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2, "\(text)")
        #expect(lines[0].contains("a-rather-long-message-id"), "ids are not cut")
        let label = lines.map { $0.split(separator: " ").first { $0.contains("inAppMessage") || $0.hasPrefix("display") || $0.contains(":)") } ?? "" }.joined()
        #expect(label == "callback.inAppMessage(_:displayChoiceForMessage:)", "\(text)")
    }
}

extension IamTests {
    static func iam(_ arguments: [String]) -> Run {
        let console = Console.capture()
        let status = Iam.main(arguments, console: console)
        return Run(status: status, output: console.output, errors: console.errors)
    }

    // MARK: Braze's other channels

    @Test func aContentCardAndABannerAreDeliveredTappedAndTraced() throws {
        let dir = try Self.folder(["channels.json": """
            {"vendor": "braze", "steps": [
              {"contentCard": {"id": "c1", "type": "short_news", "title": "Sale", "description": "Half off",
                               "url": "https://example.com/sale"}},
              {"tapCard": "c1"},
              {"contentCard": {"id": "c2", "type": "short_news", "title": "News", "description": "Read"}},
              {"dismissCard": "c2"},
              {"banner": {"placementId": "home", "html": "<button id=b onclick=\\"brazeBridge.logClick('b1')\\">Shop</button>"}},
              {"tapBanner": {"selector": "#b"}}]}
            """])
        let run = Self.iam("simulate", dir.appendingPathComponent("channels.json").path)
        #expect(run.status == 0, "\(run.errors)")
        let cards = run.events.filter { $0.kind == .card }.map { "\($0.name) \($0.details["card"] ?? "")" }
        #expect(cards.contains("impression c1") && cards.contains("click c1") && cards.contains("dismissal c2"), "\(cards)")
        #expect(run.events.contains { $0.kind == .navigation && $0.details["url"] == "https://example.com/sale" },
                "a tapped card opens its URL")
        let banners = run.events.filter { $0.kind == .banner }
        #expect(banners.contains { $0.name == "impression" && $0.details["placement"] == "home" })
        #expect(banners.contains { $0.name == "click" && $0.details["buttonId"] == "b1" },
                "the banner's bridge call is its click: \(banners.map(\.name))")
    }

    @Test func aContentCardOfAnUnknownTypeIsBadInputNamingTheKnownTypes() throws {
        let dir = try Self.folder(["card.json": #"{"vendor": "braze", "steps": [{"contentCard": {"id": "c", "type": "classic"}}]}"#])
        let run = Self.iam("simulate", dir.appendingPathComponent("card.json").path)
        #expect(run.status == 2)
        #expect(run.errors.contains("short_news"), "\(run.errors)")
    }
}
