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
          --device NAME|WxH               the screen: iphone (390 x 844, the default), iphone-se (375 x 667),
                                          iphone-pro-max (430 x 932), ipad (820 x 1180, a tablet), or a portrait
                                          size in points such as 360x780
          -o FILE                         write the SVG (or, for FILE.png, a PNG) to FILE
        """,
        run: { args, console in
            let o = try Options(args, valued: ["--theme", "--orientation", "--device", "-o", "--html", "--vendor", "--run"], flags: [])
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
            if let name = o.values["--device"] {
                guard let screen = RenderDevice(name) else {
                    throw UsageError(message: "--device must be iphone, iphone-se, iphone-pro-max, ipad or WIDTHxHEIGHT, not \(name)")
                }
                screen.apply(to: &device)
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

/// A screen `iam render --device` names: a known model or a portrait size in points.
struct RenderDevice {
    var size: Size
    var statusBarHeight: Double
    var isTablet: Bool

    init?(_ name: String) {
        switch name.lowercased() {
        case "iphone": self.init(size: Size(width: 390, height: 844), statusBarHeight: 47, isTablet: false)
        case "iphone-se": self.init(size: Size(width: 375, height: 667), statusBarHeight: 20, isTablet: false)
        case "iphone-pro-max": self.init(size: Size(width: 430, height: 932), statusBarHeight: 59, isTablet: false)
        case "ipad": self.init(size: Size(width: 820, height: 1180), statusBarHeight: 24, isTablet: true)
        default:
            let parts = name.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite,
                  w >= 100, h >= 100, w <= 4096, h <= 4096 else { return nil }
            self.init(size: Size(width: min(w, h), height: max(w, h)), statusBarHeight: 47, isTablet: min(w, h) >= 600)
        }
    }

    init(size: Size, statusBarHeight: Double, isTablet: Bool) {
        self.size = size; self.statusBarHeight = statusBarHeight; self.isTablet = isTablet
    }

    func apply(to state: inout DeviceState) {
        state.portraitScreenSize = size
        state.statusBarHeight = statusBarHeight
        state.isTablet = isTablet
    }
}
