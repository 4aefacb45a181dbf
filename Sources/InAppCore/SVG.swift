import Foundation

extension RenderedMessage {
    /// The message drawn as a standalone SVG document: the screen, the status bar (unless the message hides it),
    /// then every box back to front with its fill, border and text. Deterministic: same input, same bytes.
    public func svg(title: String? = nil) -> String {
        let w = screen.width, h = screen.height
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(w))" height="\(n(h))" viewBox="0 0 \(n(w)) \(n(h))" \
        font-family="Helvetica, Arial, sans-serif">

        """
        out += "<title>\(escape(title ?? "\(messageID) — \(appearance.rawValue), \(orientation.rawValue)"))</title>\n"
        let page = appearance == .dark ? "#202124" : "#F2F2F7"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"\(page)\"/>\n"
        if !hidesStatusBar {
            let ink = appearance == .dark ? "#FFFFFF" : "#000000"
            out += "<text x=\"16\" y=\"30\" font-size=\"15\" fill=\"\(ink)\">9:41</text>\n"
        }
        for box in boxes { out += draw(box) }
        out += "</svg>\n"
        return out
    }

    private func draw(_ b: LayoutBox) -> String {
        let f = b.frame
        var s = ""
        let rect = "x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\""
        let radius = b.cornerRadius > 0 ? " rx=\"\(n(b.cornerRadius))\"" : ""
        switch b.role {
        case .image:
            s += "<rect \(rect)\(radius) fill=\"#B0BEC5\" stroke=\"#78909C\" stroke-dasharray=\"6 4\"/>\n"
            s += "<text x=\"\(n(f.x + f.width / 2))\" y=\"\(n(f.y + f.height / 2))\" font-size=\"13\" fill=\"#37474F\" text-anchor=\"middle\">image</text>\n"
            return s
        case .webContent:
            s += "<rect \(rect) fill=\"#FFFFFF\" stroke=\"#9E9E9E\"/>\n"
            s += "<text x=\"\(n(f.x + f.width / 2))\" y=\"\(n(f.y + f.height / 2))\" font-size=\"15\" fill=\"#616161\" text-anchor=\"middle\">\(escape(b.text ?? "HTML content"))</text>\n"
            return s
        default:
            break
        }
        if let fill = b.fill {
            s += "<rect \(rect)\(radius) fill=\"\(fill.hexRGB)\" fill-opacity=\"\(n(fill.alpha))\""
            if let border = b.border { s += " stroke=\"\(border.hexRGB)\" stroke-opacity=\"\(n(border.alpha))\"" }
            s += "/>\n"
        }
        if let text = b.text, !text.isEmpty {
            let color = b.textColor ?? .black
            let size: Double = b.role == .header ? 20 : (b.role == .closeButton ? 18 : 15)
            let weight = b.role == .header || b.role == .button ? " font-weight=\"bold\"" : ""
            let centred = b.role == .button || b.role == .closeButton || b.role == .icon
            let lines = wrap(text, width: f.width, size: size)
            for (i, line) in lines.enumerated() {
                let x = centred ? f.x + f.width / 2 : f.x
                let y = centred ? f.y + f.height / 2 + size / 3 : f.y + size + Double(i) * 20
                s += "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\"\(weight) fill=\"\(color.hexRGB)\" fill-opacity=\"\(n(color.alpha))\"\(centred ? " text-anchor=\"middle\"" : "")>\(escape(line))</text>\n"
            }
        }
        return s
    }

    private func wrap(_ text: String, width: Double, size: Double) -> [String] {
        let perLine = max(4, Int(width / (size * 0.55)))
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty { current = String(word) }
            else if current.count + 1 + word.count <= perLine { current += " " + word }
            else { lines.append(current); current = String(word) }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private func n(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v)
    }

    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
