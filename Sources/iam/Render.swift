import Foundation
import InAppCore
import InAppRendering

extension Command {
    static let render = Command(
        name: "render",
        summary: "draw a message (a payload, an HTML file, a scenario's first message) as SVG or PNG",
        help: """
        usage: iam render MESSAGE.json [--vendor V] [options]
               iam render --html FILE.html --vendor braze|adobe|appboy [options]
               iam render SCENARIO.json [--run NAME] [options]

        Lays the message out headlessly (the same layout tests see) and writes an SVG: an HTML message as its
        page's layout draws it (the cascade, fonts, form controls, images from its assets), a structured one as
        screen, status bar, boxes, text, buttons and colours. An -o path ending in .png is rasterized with
        rsvg-convert (Debian's librsvg2-bin). It reads what `iam simulate` reads:
          - a message payload: an OpenInApp message {"id", "content"}, e.g.
              {"id": "m1", "content": {"structured": {"layout": "modal", "header": "Hi", "body": "…",
                "buttons": [{"id": 0, "text": "OK"}], "themes": {"light": {"background": "#FFFFFF"}}}}}
            or {"id": "m2", "content": {"html": {"html": "<p>Hi</p>"}}}; a Braze or Appboy payload
            {"type": "MODAL" | "HTML" | …, "message_id", …}; an Adobe payload {"id", "html"} (or an AJO in-app
            proposition item {"id", "schema", "data": {"content"}}, or {"propositions": [...]}). The format is
            recognised by its fields; --vendor names it when they are ambiguous. "html_file" may stand in for
            the inline HTML, relative to the payload's folder;
          - --html FILE --vendor V: the file as that vendor's HTML message (images beside it are its assets);
          - a scenario file: the first message it delivers (its html_file, else its first deliver step).
        Without -o the SVG goes to standard output. Exit status 2 for bad input (missing file, malformed JSON
        with its position, not a message).

        options:
          --vendor core|braze|adobe|appboy  the payload's format (default: recognised from its fields)
          --html FILE                     an HTML file, delivered as --vendor's HTML message
          --run NAME                      the scenario (of a file's "scenarios") whose message to draw
          --theme light|dark              device appearance (default light)
          --orientation portrait|landscape  device orientation (default portrait)
          -o FILE                         write the SVG (or, for FILE.png, a PNG) to FILE
        """,
        run: { args, console in
            let o = try Options(args, valued: ["--theme", "--orientation", "-o", "--html", "--vendor", "--run"], flags: [])
            guard o.positional.count + (o.values["--html"] == nil ? 0 : 1) == 1 else {
                throw UsageError(message: "give exactly one MESSAGE.json, SCENARIO.json or --html FILE")
            }
            let vendor = try o.values["--vendor"].map { try Vendor.named($0) }
            let message = try loadMessage(InputRequest(path: o.positional.first, htmlPath: o.values["--html"], vendor: vendor,
                                                       runName: o.values["--run"]))
            let source = o.positional.first ?? o.values["--html"] ?? ""
            var device = DeviceState()
            switch o.values["--theme"] ?? "light" {
            case "light": device.appearance = .light
            case "dark": device.appearance = .dark
            case let other: throw UsageError(message: "--theme must be light or dark, not \(other)")
            }
            switch o.values["--orientation"] ?? "portrait" {
            case "portrait": device.orientation = .portrait
            case "landscape": device.orientation = .landscapeLeft
            case let other: throw UsageError(message: "--orientation must be portrait or landscape, not \(other)")
            }
            let svg: String
            do {
                svg = try ContentRenderer().picture(message, in: RenderContext(device: device))
            } catch {
                throw InputError(message: "\(source): cannot be drawn: \(error)")
            }
            if let path = o.values["-o"] {
                do {
                    if path.lowercased().hasSuffix(".png") { try SVGRasterizer.writePNG(svg, to: path) }
                    else { try svg.write(toFile: path, atomically: true, encoding: .utf8) }
                } catch { throw InputError(message: "cannot write \(path): \(error)") }
            } else {
                console.print(svg, terminator: "")
            }
        })
}
