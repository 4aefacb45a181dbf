import Foundation
import InAppCore
import InAppRendering

extension Command {
    static let render = Command(
        name: "render",
        summary: "draw a message (JSON) as an SVG picture",
        help: """
        usage: iam render MESSAGE.json [--theme light|dark] [--orientation portrait|landscape] [-o out.svg]

        Lays the message out headlessly (the same layout tests see) and writes an SVG: an HTML message as its
        page's layout draws it (the cascade, fonts, form controls, images from its assets), a structured one as
        screen, status bar, boxes, text, buttons and colours. An -o path ending in .png is rasterized with
        rsvg-convert (Debian's librsvg2-bin). MESSAGE.json is an OpenInApp message, e.g.
          {"id": "m1", "content": {"structured": {"layout": "modal", "header": "Hi", "body": "…",
            "buttons": [{"id": 0, "text": "OK"}], "themes": {"light": {"background": "#FFFFFF"}}}}}
        Without -o the SVG goes to standard output.

        options:
          --theme light|dark              device appearance (default light)
          --orientation portrait|landscape  device orientation (default portrait)
          -o FILE                         write the SVG (or, for FILE.png, a PNG) to FILE
        """,
        run: { args in
            let o = try Options(args, valued: ["--theme", "--orientation", "-o"], flags: [])
            guard o.positional.count == 1 else { throw UsageError(message: "give exactly one MESSAGE.json") }
            let message = try loadMessage(o.positional[0])
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
                throw InputError(message: "\(o.positional[0]): cannot be drawn: \(error)")
            }
            if let path = o.values["-o"] {
                do {
                    if path.lowercased().hasSuffix(".png") { try SVGRasterizer.writePNG(svg, to: path) }
                    else { try svg.write(toFile: path, atomically: true, encoding: .utf8) }
                } catch { throw InputError(message: "cannot write \(path): \(error)") }
            } else {
                print(svg, terminator: "")
            }
        })
}

/// Reads an OpenInApp message from a JSON file, turning every failure into one readable line.
func loadMessage(_ path: String) throws -> InAppMessage {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw InputError(message: "\(path): cannot read the file")
    }
    do {
        return try JSONDecoder().decode(InAppMessage.self, from: data)
    } catch let DecodingError.dataCorrupted(context) {
        throw InputError(message: "\(path): \(describe(context))")
    } catch let DecodingError.keyNotFound(key, context) {
        throw InputError(message: "\(path): missing \"\(key.stringValue)\" at \(pathText(context.codingPath))")
    } catch let DecodingError.typeMismatch(type, context) {
        throw InputError(message: "\(path): expected \(type) at \(pathText(context.codingPath))")
    } catch let DecodingError.valueNotFound(type, context) {
        throw InputError(message: "\(path): expected \(type) at \(pathText(context.codingPath))")
    } catch {
        throw InputError(message: "\(path): \(error.localizedDescription)")
    }
}

private func pathText(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
}

private func describe(_ context: DecodingError.Context) -> String {
    let underlying = (context.underlyingError as NSError?)?.localizedDescription
    return "\(context.debugDescription)\(underlying.map { " (\($0))" } ?? "") at \(pathText(context.codingPath))"
}
