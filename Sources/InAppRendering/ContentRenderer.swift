import Foundation
import InAppCore
@_exported import InAppContent

/// A `MessageRenderer` that draws HTML messages through the headless content model and structured messages with
/// the core's `LayoutRenderer`. This is where the content model plugs in behind the core's renderer protocol; the
/// core itself knows nothing of HTML.
///
/// An HTML message is loaded into a `ContentPage` the size of the device's screen (its scripts run when
/// JavaScriptCore is present, as a device shows the page after load) and laid out by the content model's layout,
/// the one taps and scripts read. ``render(_:in:)`` describes it with the core's boxes: the page as a `container`
/// (its background colour), headings as `header` boxes, paragraphs and list items as `body` boxes, images as `image`
/// boxes and links, buttons and `onclick` elements as `button` boxes labelled as the content model labels them for
/// taps, each where the layout puts it, with its computed colours; what is not rendered (`display: none` from any
/// rule, `visibility: hidden`) or lies beyond the screen is left out. ``picture(_:in:)`` draws the page itself from
/// the layout's paint list.
public struct ContentRenderer: MessageRenderer {
    public let limits: ContentLimits
    /// The time the page's scripts read (`Date.now()`, `new Date()`) when it loads; nil, the default, is the real
    /// time. Give a fixed date for pictures that must be the same on every run (a countdown, "ends on …").
    public let clockOrigin: Date?
    /// Seconds of the page's (virtual) time that pass after load before it is drawn: timers and animation frames due
    /// by then run (an entrance that adds a class in `requestAnimationFrame`), as a person sees the message half a
    /// second after it appears. Transitions are not run: boxes are drawn where they end.
    public let settle: Double
    public init(limits: ContentLimits = .default, clockOrigin: Date? = nil, settle: Double = 0.5) {
        self.limits = limits
        self.clockOrigin = clockOrigin
        self.settle = settle
    }

    public func render(_ message: InAppMessage, in context: RenderContext) throws -> RenderedMessage {
        guard case .html(let html) = message.content else {
            return try LayoutRenderer().render(message, in: context)
        }
        let page = try load(html, context.device)
        return boxes(message.id, page, context.device)
    }

    /// The message drawn as an SVG document: an HTML message from the layout's paint list, at the device's screen
    /// size; a structured message as the core's layout draws it.
    public func picture(_ message: InAppMessage, in context: RenderContext) throws -> String {
        guard case .html(let html) = message.content else {
            return try LayoutRenderer().render(message, in: context).svg()
        }
        let page = try load(html, context.device)
        let appearance = context.device.appearance.rawValue, orientation = context.device.orientation.rawValue
        return page.paintList().svg(title: "\(message.id) — \(appearance), \(orientation)")
    }

    private func load(_ html: HTMLContent, _ device: DeviceState) throws -> ContentPage {
        do { _ = try HTMLDocument.parse(html.html, limits: limits) }
        catch { throw RenderError.unsupportedContent("HTML could not be loaded: \(error)") }
        // Draw what the page's scripts build (score scales, dots, texts), as a device shows it after load.
        let page = ContentPage(limits: limits, scriptEngine: ScriptEngines.isJavaScriptCoreAvailable ? .javaScriptCore : .subset)
        page.bridgeReceiver = { _ in }
        page.clockOrigin = clockOrigin
        page.viewport = ContentViewport(width: device.screenSize.width, height: device.screenSize.height,
                                        scale: 3, darkMode: device.appearance == .dark)
        page.loadHTMLString(html.html, baseURL: html.baseURL)
        if settle > 0 { page.advanceTime(by: settle) }
        return page
    }

    private static let headings: Set<String> = ["h1", "h2", "h3"]
    private static let blocks: Set<String> = ["p", "li", "h4", "h5", "h6", "blockquote", "figcaption", "label", "dt", "dd", "td", "th"]

    private func boxes(_ id: MessageID, _ page: ContentPage, _ device: DeviceState) -> RenderedMessage {
        let screen = device.screenSize
        let layout = page.layoutSnapshot()
        let document = page.document
        func rgba(_ c: PaintColor?) -> RGBAColor? {
            c.map { RGBAColor(red: Double($0.red) / 255, green: Double($0.green) / 255, blue: Double($0.blue) / 255, alpha: $0.alpha) }
        }
        let canvas = layout.paintList().background
        var boxes = [LayoutBox(role: .container, frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height), fill: rgba(canvas))]
        var skipUntilOutside: HTMLNode?
        for node in document.body.descendants where node.isElement {
            if let outer = skipUntilOutside, outer.contains(node) { continue }
            skipUntilOutside = nil
            let tag = node.tagName
            let role: LayoutBox.Role
            if Self.headings.contains(tag) { role = .header }
            else if tag == "img" { role = .image }
            else if tag == "button" || (tag == "a" && node.hasAttribute("href")) || node.hasAttribute("onclick")
                        || (tag == "input" && ["button", "submit"].contains(node.attribute("type")?.lowercased() ?? "")) { role = .button }
            else if Self.blocks.contains(tag) { role = .body }
            else { continue }
            // Not rendered, hidden, or off the screen: nothing inside is drawn either.
            guard let b = layout.box(of: node), b.width > 0, b.height > 0, page.hiddenReason(node) == nil,
                  b.x < screen.width, b.y < screen.height, b.x + b.width > 0, b.y + b.height > 0,
                  b.y + b.height <= screen.height else {
                skipUntilOutside = node
                continue
            }
            skipUntilOutside = node
            let text: String?
            switch role {
            case .button: let label = ContentPage.label(of: node); text = label.isEmpty ? tag : label
            case .image: text = node.attribute("src")
            default: text = node.visibleText
            }
            if role == .header || role == .body, text?.isEmpty ?? true { continue }
            let background = layout.color("background-color", of: node).flatMap { $0.alpha > 0 ? $0 : nil }
            let radius = Double(layout.computedValue("border-top-left-radius", of: node).replacingOccurrences(of: "px", with: "")) ?? 0
            boxes.append(LayoutBox(role: role, frame: Rect(x: b.x, y: b.y, width: b.width, height: b.height), text: text,
                                   fill: rgba(background), textColor: rgba(layout.color("color", of: node)),
                                   border: rgba(background), cornerRadius: radius))
        }
        return RenderedMessage(messageID: id, screen: screen, appearance: device.appearance, orientation: device.orientation,
                               boxes: boxes, hidesStatusBar: true)
    }
}
