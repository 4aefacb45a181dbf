import Foundation

/// A rectangle in points.
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// One box of a laid-out message: what it is, where it is, what it says and how it is coloured.
public struct LayoutBox: Hashable, Sendable, Codable {
    public enum Role: String, Hashable, Sendable, Codable {
        case backdrop, container, image, icon, header, body, button, closeButton, webContent
    }
    public var role: Role
    public var frame: Rect
    public var text: String?
    public var fill: RGBAColor?
    public var textColor: RGBAColor?
    public var border: RGBAColor?
    /// For buttons: the button id.
    public var buttonID: Int?
    public var cornerRadius: Double

    public init(role: Role, frame: Rect, text: String? = nil, fill: RGBAColor? = nil, textColor: RGBAColor? = nil,
                border: RGBAColor? = nil, buttonID: Int? = nil, cornerRadius: Double = 0) {
        self.role = role; self.frame = frame; self.text = text; self.fill = fill; self.textColor = textColor
        self.border = border; self.buttonID = buttonID; self.cornerRadius = cornerRadius
    }
}

/// The headless picture of a message on a screen.
public struct RenderedMessage: Hashable, Sendable, Codable {
    public var messageID: MessageID
    public var screen: Size
    public var appearance: Appearance
    public var orientation: DeviceOrientation
    /// Back to front.
    public var boxes: [LayoutBox]
    /// Whether the status bar is hidden while this message is displayed.
    public var hidesStatusBar: Bool

    public init(messageID: MessageID, screen: Size, appearance: Appearance, orientation: DeviceOrientation,
                boxes: [LayoutBox], hidesStatusBar: Bool) {
        self.messageID = messageID; self.screen = screen; self.appearance = appearance
        self.orientation = orientation; self.boxes = boxes; self.hidesStatusBar = hidesStatusBar
    }

    public func boxes(_ role: LayoutBox.Role) -> [LayoutBox] { boxes.filter { $0.role == role } }
}

/// What a renderer needs to know about the screen.
public struct RenderContext: Hashable, Sendable {
    public var device: DeviceState
    public init(device: DeviceState) { self.device = device }
}

/// Why a message could not be rendered.
public enum RenderError: Error, Hashable, Sendable {
    /// The message has nothing a renderer can draw (e.g. an image layout without an image).
    case missingContent(String)
    /// This renderer does not handle the content kind.
    case unsupportedContent(String)
}

/// Turns a message into boxes. The core ships `LayoutRenderer` for structured content; the content model
/// provides one for HTML. Renderers must be pure: same message and context, same result.
public protocol MessageRenderer: Sendable {
    func render(_ message: InAppMessage, in context: RenderContext) throws -> RenderedMessage
}

/// Lays out structured messages with fixed, documented metrics (no fonts are measured: a line of text is
/// 20 pt high and wraps every 40 characters). HTML content becomes one `webContent` box filling the screen,
/// unless another renderer is installed for it.
public struct LayoutRenderer: MessageRenderer {
    public init() {}

    public func render(_ message: InAppMessage, in context: RenderContext) throws -> RenderedMessage {
        let device = context.device
        let screen = device.screenSize
        switch message.content {
        case .html:
            return RenderedMessage(messageID: message.id, screen: screen, appearance: device.appearance,
                                   orientation: device.orientation,
                                   boxes: [LayoutBox(role: .webContent, frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height))],
                                   hidesStatusBar: true)
        case .structured(let content):
            return try layout(message.id, content, device)
        }
    }

    /// Height of `text` wrapped to `width`: 8 pt per character, `lineHeight` per line, plus 8 pt of spacing.
    private func lines(_ text: String?, width: Double, lineHeight: Double = 20) -> Double {
        guard let text, !text.isEmpty else { return 0 }
        let perLine = max(10, Int(width / 8))
        return Double((text.count + perLine - 1) / perLine) * lineHeight + 8
    }

    private func layout(_ id: MessageID, _ c: StructuredContent, _ device: DeviceState) throws -> RenderedMessage {
        let screen = device.screenSize
        let theme = c.themes.resolved(for: device.appearance)
        let top = device.statusBarHeight
        var boxes: [LayoutBox] = []
        var hidesStatusBar = false
        let needsImage: Set<MessageLayout> = [.modalImage, .fullImage]
        if needsImage.contains(c.layout) && c.imageURL == nil {
            throw RenderError.missingContent("\(c.layout.rawValue) message without an image")
        }

        func buttons(in area: Rect) -> [LayoutBox] {
            guard !c.buttons.isEmpty else { return [] }
            let gap = 8.0
            let width = (area.width - gap * Double(c.buttons.count - 1)) / Double(c.buttons.count)
            return c.buttons.enumerated().map { i, b in
                let t = b.themes.resolved(for: device.appearance)
                return LayoutBox(role: .button, frame: Rect(x: area.x + Double(i) * (width + gap), y: area.y, width: width, height: area.height),
                                 text: b.text, fill: t.background, textColor: t.text, border: t.border, buttonID: b.id, cornerRadius: 6)
            }
        }

        switch c.layout {
        case .control:
            return RenderedMessage(messageID: id, screen: screen, appearance: device.appearance,
                                   orientation: device.orientation, boxes: [], hidesStatusBar: false)
        case .slideup:
            let width = min(screen.width - 20, 450)
            let height = max(60, lines(c.body, width: width - 70) + 20)
            let x = (screen.width - width) / 2
            let y = c.slideFrom == .top ? top + 10 : screen.height - height - 34
            let card = Rect(x: x, y: y, width: width, height: height)
            boxes.append(LayoutBox(role: .container, frame: card, fill: theme.background, cornerRadius: 8))
            if c.imageURL != nil || c.icon != nil {
                boxes.append(LayoutBox(role: c.imageURL != nil ? .image : .icon, frame: Rect(x: x + 10, y: y + (height - 40) / 2, width: 40, height: 40),
                                       text: c.icon, fill: theme.iconBackground, textColor: theme.icon))
            }
            boxes.append(LayoutBox(role: .body, frame: Rect(x: x + 60, y: y + 10, width: width - 90, height: height - 20),
                                   text: c.body, textColor: theme.text))
            boxes.append(LayoutBox(role: .closeButton, frame: Rect(x: x + width - 24, y: y + (height - 16) / 2, width: 16, height: 16),
                                   text: "›", textColor: theme.closeButton))
        case .modal, .modalImage:
            let width = min(screen.width - 40, 450)
            let textHeight = c.layout == .modalImage ? 0
                : lines(c.header, width: width - 40, lineHeight: 26) + lines(c.body, width: width - 40)
            let buttonsHeight = c.buttons.isEmpty ? 0 : 64.0
            // The image takes what is left of the screen (20 pt margins) after text and buttons, up to its natural size.
            let room = max(0, screen.height - 40 - top - textHeight - buttonsHeight - 40)
            let imageHeight = c.imageURL != nil ? min(c.layout == .modalImage ? width : width * 0.5, room) : 0
            let height = imageHeight + textHeight + buttonsHeight + 40
            let x = (screen.width - width) / 2, y = max(top + 20, (screen.height - height) / 2)
            boxes.append(LayoutBox(role: .backdrop, frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height), fill: theme.frame))
            boxes.append(LayoutBox(role: .container, frame: Rect(x: x, y: y, width: width, height: height), fill: theme.background, cornerRadius: 8))
            var cursor = y + 20
            if c.imageURL != nil {
                boxes.append(LayoutBox(role: .image, frame: Rect(x: x, y: y, width: width, height: imageHeight), text: c.imageURL?.absoluteString))
                cursor = y + imageHeight + 20
            }
            if c.layout == .modal {
                let h = lines(c.header, width: width - 40, lineHeight: 26)
                if h > 0 { boxes.append(LayoutBox(role: .header, frame: Rect(x: x + 20, y: cursor, width: width - 40, height: h), text: c.header, textColor: theme.header)) }
                cursor += h
                let b = lines(c.body, width: width - 40)
                if b > 0 { boxes.append(LayoutBox(role: .body, frame: Rect(x: x + 20, y: cursor, width: width - 40, height: b), text: c.body, textColor: theme.text)) }
                cursor += b
            }
            boxes += buttons(in: Rect(x: x + 20, y: y + height - 60, width: width - 40, height: 44))
            boxes.append(LayoutBox(role: .closeButton, frame: Rect(x: x + width - 32, y: y + 8, width: 24, height: 24), text: "✕", textColor: theme.closeButton))
        case .full, .fullImage:
            hidesStatusBar = true
            boxes.append(LayoutBox(role: .container, frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height), fill: theme.background))
            let imageHeight = c.layout == .fullImage ? screen.height : (c.imageURL != nil ? screen.height * 0.5 : 0)
            if c.imageURL != nil {
                boxes.append(LayoutBox(role: .image, frame: Rect(x: 0, y: 0, width: screen.width, height: imageHeight), text: c.imageURL?.absoluteString))
            }
            if c.layout == .full {
                var cursor = imageHeight + 20
                let h = lines(c.header, width: screen.width - 40, lineHeight: 26)
                if h > 0 { boxes.append(LayoutBox(role: .header, frame: Rect(x: 20, y: cursor, width: screen.width - 40, height: h), text: c.header, textColor: theme.header)) }
                cursor += h
                let b = lines(c.body, width: screen.width - 40)
                if b > 0 { boxes.append(LayoutBox(role: .body, frame: Rect(x: 20, y: cursor, width: screen.width - 40, height: b), text: c.body, textColor: theme.text)) }
            }
            boxes += buttons(in: Rect(x: 20, y: screen.height - 84, width: screen.width - 40, height: 44))
            boxes.append(LayoutBox(role: .closeButton, frame: Rect(x: screen.width - 44, y: top + 8, width: 24, height: 24), text: "✕", textColor: theme.closeButton))
        }
        return RenderedMessage(messageID: id, screen: screen, appearance: device.appearance, orientation: device.orientation,
                               boxes: boxes, hidesStatusBar: hidesStatusBar)
    }
}
