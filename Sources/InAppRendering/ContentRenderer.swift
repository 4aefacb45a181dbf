import Foundation
import InAppCore
@_exported import InAppContent

/// A `MessageRenderer` that draws HTML messages through the headless content model and structured messages with
/// the core's `LayoutRenderer`. This is where the content model plugs in behind the core's renderer protocol; the
/// core itself knows nothing of HTML.
///
/// HTML layout is a simple block flow inside a card (no CSS box model, no fonts): headings become `header` boxes,
/// paragraphs and list items `body` boxes, images `image` boxes, and links, buttons and `onclick` elements `button`
/// boxes labelled as the content model labels them for taps. Inline `style` colours (`background`,
/// `background-color`, `color`) on `body` and on buttons are honoured. Hidden elements (`hidden`,
/// `display:none`) and `script`/`style`/`template`/`head` content are skipped. What does not fit the screen is left out.
public struct ContentRenderer: MessageRenderer {
    public let limits: ContentLimits
    public init(limits: ContentLimits = .default) { self.limits = limits }

    public func render(_ message: InAppMessage, in context: RenderContext) throws -> RenderedMessage {
        guard case .html(let html) = message.content else {
            return try LayoutRenderer().render(message, in: context)
        }
        var document: HTMLDocument
        do { document = try HTMLDocument.parse(html.html, limits: limits) }
        catch { throw RenderError.unsupportedContent("HTML could not be loaded: \(error)") }
        if document.scriptCount > 0 && ScriptEngines.isJavaScriptCoreAvailable {
            // Draw what the page's scripts build (score scales, dots, texts), as a device shows it after load.
            let page = ContentPage(limits: limits)
            page.bridgeReceiver = { _ in }
            page.viewport = ContentViewport(width: context.device.screenSize.width, height: context.device.screenSize.height,
                                            scale: 3, darkMode: context.device.appearance == .dark)
            page.loadHTMLString(html.html, baseURL: html.baseURL)
            if page.scriptEngine == .javaScriptCore { document = page.document }
        }
        return layout(message.id, document, context.device)
    }

    private static let headings: Set<String> = ["h1", "h2", "h3"]
    private static let blocks: Set<String> = ["p", "li", "h4", "h5", "h6", "blockquote", "figcaption", "label", "dt", "dd", "td", "th"]
    private static let skipped: Set<String> = ["script", "style", "template", "head", "noscript", "svg", "iframe"]

    private func layout(_ id: MessageID, _ document: HTMLDocument, _ device: DeviceState) -> RenderedMessage {
        let screen = device.screenSize
        let width = min(screen.width - 40, 450)
        let x = (screen.width - width) / 2
        let bodyStyle = Self.style(document.body.attribute("style"))
        let background = bodyStyle.background ?? (device.appearance == .dark ? RGBAColor(argb: 0xFF1E_1E1E) : .white)
        let ink = bodyStyle.color ?? (device.appearance == .dark ? RGBAColor(argb: 0xFFEE_EEEE) : RGBAColor(argb: 0xFF22_2222))
        let top = 20.0
        let bottom = screen.height - 20
        var cursor = top + 20
        var content: [LayoutBox] = []
        var skipUntilOutside: HTMLNode?

        func lines(_ text: String, width: Double, lineHeight: Double) -> Double {
            let perLine = max(10, Int(width / 8))
            return Double((text.count + perLine - 1) / perLine) * lineHeight
        }
        func place(_ role: LayoutBox.Role, text: String?, height: Double, fill: RGBAColor? = nil,
                   textColor: RGBAColor? = nil, radius: Double = 0) {
            guard cursor + height <= bottom - 20 else { return }
            content.append(LayoutBox(role: role, frame: Rect(x: x + 20, y: cursor, width: width - 40, height: height),
                                     text: text, fill: fill, textColor: textColor, border: fill, cornerRadius: radius))
            cursor += height + 8
        }

        for node in document.body.descendants where node.isElement {
            if let outer = skipUntilOutside, outer.contains(node) { continue }
            skipUntilOutside = nil
            let tag = node.tagName
            let style = Self.style(node.attribute("style"))
            if Self.skipped.contains(tag) || node.hasAttribute("hidden") || style.hidden {
                skipUntilOutside = node
                continue
            }
            if Self.headings.contains(tag) {
                let text = node.visibleText
                if !text.isEmpty { place(.header, text: text, height: lines(text, width: width - 40, lineHeight: 26), textColor: style.color ?? ink) }
                skipUntilOutside = node
            } else if tag == "img" {
                place(.image, text: node.attribute("src"), height: min(160, (width - 40) * 0.5))
            } else if tag == "button" || (tag == "a" && node.hasAttribute("href")) || node.hasAttribute("onclick")
                        || (tag == "input" && ["button", "submit"].contains(node.attribute("type")?.lowercased() ?? "")) {
                let label = ContentPage.label(of: node)
                place(.button, text: label.isEmpty ? tag : label, height: 44,
                      fill: style.background ?? RGBAColor(argb: 0xFF1B_78CF), textColor: style.color ?? .white, radius: 6)
                skipUntilOutside = node
            } else if Self.blocks.contains(tag) {
                let text = node.visibleText
                if !text.isEmpty { place(.body, text: text, height: lines(text, width: width - 40, lineHeight: 20), textColor: style.color ?? ink) }
                skipUntilOutside = node
            }
        }

        let cardHeight = max(60, cursor - top + 12)
        let cardY = max(top, (screen.height - cardHeight) / 2)
        let shift = cardY - top
        let boxes = [LayoutBox(role: .backdrop, frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height),
                               fill: RGBAColor(argb: 0x9900_0000)),
                     LayoutBox(role: .container, frame: Rect(x: x, y: cardY, width: width, height: min(cardHeight, bottom - cardY)),
                               fill: background, cornerRadius: 12)]
            + content.map { var b = $0; b.frame.y += shift; return b }
        return RenderedMessage(messageID: id, screen: screen, appearance: device.appearance, orientation: device.orientation,
                               boxes: boxes, hidesStatusBar: true)
    }

    /// The few inline style properties the layout honours.
    struct InlineStyle {
        var background: RGBAColor?
        var color: RGBAColor?
        var hidden = false
    }

    static func style(_ text: String?) -> InlineStyle {
        var result = InlineStyle()
        guard let text else { return result }
        for declaration in text.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "background", "background-color": result.background = color(parts[1]) ?? result.background
            case "color": result.color = color(parts[1]) ?? result.color
            case "display": result.hidden = result.hidden || parts[1] == "none"
            case "visibility": result.hidden = result.hidden || parts[1] == "hidden"
            default: break
            }
        }
        return result
    }

    /// `#rgb`, `#rrggbb`, `white`, `black`, `transparent`; anything else is ignored.
    static func color(_ value: String) -> RGBAColor? {
        let v = value.split(separator: " ").first.map(String.init) ?? value
        switch v {
        case "white": return .white
        case "black": return .black
        case "transparent": return .clear
        default: break
        }
        guard v.hasPrefix("#") else { return nil }
        let hex = v.dropFirst()
        if hex.count == 3 {
            let doubled = hex.map { "\($0)\($0)" }.joined()
            return try? RGBAColor(hex: doubled)
        }
        return try? RGBAColor(hex: String(hex))
    }
}
