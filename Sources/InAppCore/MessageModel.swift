import Foundation

/// A colour as red, green, blue and alpha components in 0...1.
public struct RGBAColor: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        self.red = clamp(red); self.green = clamp(green); self.blue = clamp(blue); self.alpha = clamp(alpha)
    }

    /// From a 32-bit `0xAARRGGBB` value.
    public init(argb: UInt32) {
        self.init(red: Double((argb >> 16) & 0xFF) / 255, green: Double((argb >> 8) & 0xFF) / 255,
                  blue: Double(argb & 0xFF) / 255, alpha: Double((argb >> 24) & 0xFF) / 255)
    }

    /// The `0xAARRGGBB` form, each component rounded to 8 bits.
    public var argb: UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(alpha) << 24 | byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// Parses `RRGGBB`, `#RRGGBB`, `AARRGGBB` or `#AARRGGBB`; throws `ColorError` otherwise.
    public init(hex: String) throws {
        var text = Substring(hex.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("#") { text = text.dropFirst() }
        guard text.count == 6 || text.count == 8, let value = UInt32(text, radix: 16) else {
            throw ColorError.invalidHex(hex)
        }
        self.init(argb: text.count == 6 ? 0xFF00_0000 | value : value)
    }

    /// `#RRGGBBAA`-free CSS-style text: `rgba(r,g,b,a)` with 0–255 components.
    public var css: String {
        "rgba(\(Int((red * 255).rounded())),\(Int((green * 255).rounded())),\(Int((blue * 255).rounded())),\(alpha))"
    }

    /// `#RRGGBB` (alpha dropped).
    public var hexRGB: String {
        String(format: "#%02X%02X%02X", Int((red * 255).rounded()), Int((green * 255).rounded()), Int((blue * 255).rounded()))
    }

    public var description: String { String(format: "#%08X", argb) }

    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
}

/// Why a colour could not be read.
public enum ColorError: Error, Hashable, Sendable {
    case invalidHex(String)
}

/// The colours a message is drawn with in one appearance.
public struct Theme: Hashable, Sendable, Codable {
    public var background: RGBAColor
    public var text: RGBAColor
    public var header: RGBAColor
    public var icon: RGBAColor
    public var iconBackground: RGBAColor
    public var closeButton: RGBAColor
    /// The backdrop behind modal and full messages.
    public var frame: RGBAColor

    public init(background: RGBAColor = .white, text: RGBAColor = RGBAColor(argb: 0xFF33_3333),
                header: RGBAColor = RGBAColor(argb: 0xFF33_3333), icon: RGBAColor = .white,
                iconBackground: RGBAColor = RGBAColor(argb: 0xFF00_76FF), closeButton: RGBAColor = RGBAColor(argb: 0xFF9B_9B9B),
                frame: RGBAColor = RGBAColor(argb: 0xB333_3333)) {
        self.background = background; self.text = text; self.header = header; self.icon = icon
        self.iconBackground = iconBackground; self.closeButton = closeButton; self.frame = frame
    }

    public static let defaultLight = Theme()
    public static let defaultDark = Theme(background: RGBAColor(argb: 0xFF1F_1F1F), text: .white, header: .white,
                                          closeButton: RGBAColor(argb: 0xFFBB_BBBB), frame: RGBAColor(argb: 0xB300_0000))
}

/// A light theme and, optionally, a dark one.
public struct ThemeSet: Hashable, Sendable, Codable {
    public var light: Theme
    public var dark: Theme?
    public init(light: Theme = .defaultLight, dark: Theme? = nil) { self.light = light; self.dark = dark }

    /// The theme used for `appearance`: dark only when asked for and present, light otherwise.
    public func resolved(for appearance: Appearance) -> Theme {
        appearance == .dark ? (dark ?? light) : light
    }
}

/// The colours of a button in one appearance.
public struct ButtonTheme: Hashable, Sendable, Codable {
    public var text: RGBAColor
    public var background: RGBAColor
    public var border: RGBAColor
    public init(text: RGBAColor = .white, background: RGBAColor = RGBAColor(argb: 0xFF1B_78CF),
                border: RGBAColor = RGBAColor(argb: 0xFF1B_78CF)) {
        self.text = text; self.background = background; self.border = border
    }
    public static let defaultLight = ButtonTheme()
    public static let defaultDark = ButtonTheme(text: .black, background: RGBAColor(argb: 0xFF4D_A3FF),
                                                border: RGBAColor(argb: 0xFF4D_A3FF))
}

/// A button's light theme and optional dark theme.
public struct ButtonThemeSet: Hashable, Sendable, Codable {
    public var light: ButtonTheme
    public var dark: ButtonTheme?
    public init(light: ButtonTheme = .defaultLight, dark: ButtonTheme? = nil) { self.light = light; self.dark = dark }
    public func resolved(for appearance: Appearance) -> ButtonTheme {
        appearance == .dark ? (dark ?? light) : light
    }
}

/// What happens when the user taps a message or a button.
public enum ClickAction: Hashable, Sendable, Codable {
    /// Nothing beyond logging the click and closing the message.
    case none
    /// Open a URL; `inWebView` asks for an in-app browser rather than the system.
    case url(URL, inWebView: Bool)
}

/// One button of a message.
public struct MessageButton: Hashable, Sendable, Codable {
    /// The button's id; for messages built on a dashboard it equals the button's index.
    public var id: Int
    public var text: String
    public var action: ClickAction
    public var themes: ButtonThemeSet

    public init(id: Int, text: String, action: ClickAction = .none, themes: ButtonThemeSet = ButtonThemeSet()) {
        self.id = id; self.text = text; self.action = action; self.themes = themes
    }
}

/// The shape of a structured message.
public enum MessageLayout: String, Hashable, Sendable, Codable, CaseIterable {
    /// A banner sliding in from an edge.
    case slideup
    /// A centred card with optional image, header, body and buttons.
    case modal
    /// A centred card that is only an image (with optional buttons).
    case modalImage
    /// A full-screen message with image, header, body and buttons.
    case full
    /// A full-screen image (with optional buttons).
    case fullImage
    /// A message that is never drawn: it only records that it would have been shown.
    case control
}

/// Where a slideup enters from.
public enum ScreenEdge: String, Hashable, Sendable, Codable { case top, bottom }

/// Content given as fields rather than HTML.
public struct StructuredContent: Hashable, Sendable, Codable {
    public var layout: MessageLayout
    public var header: String?
    public var body: String?
    public var imageURL: URL?
    /// An icon glyph or name shown beside the text (slideups, modals).
    public var icon: String?
    public var buttons: [MessageButton]
    /// The action of a tap on the message itself (used when it has no buttons).
    public var clickAction: ClickAction
    public var themes: ThemeSet
    public var slideFrom: ScreenEdge
    public var dismissesOnBackgroundTap: Bool

    public init(layout: MessageLayout, header: String? = nil, body: String? = nil, imageURL: URL? = nil,
                icon: String? = nil, buttons: [MessageButton] = [], clickAction: ClickAction = .none,
                themes: ThemeSet = ThemeSet(), slideFrom: ScreenEdge = .bottom, dismissesOnBackgroundTap: Bool = false) {
        self.layout = layout; self.header = header; self.body = body; self.imageURL = imageURL; self.icon = icon
        self.buttons = buttons; self.clickAction = clickAction; self.themes = themes; self.slideFrom = slideFrom
        self.dismissesOnBackgroundTap = dismissesOnBackgroundTap
    }
}

/// Content given as an HTML document.
public struct HTMLContent: Hashable, Sendable, Codable {
    public var html: String
    public var baseURL: URL?
    /// Remote assets the document uses, to be fetched before display.
    public var assetURLs: [URL]
    public init(html: String, baseURL: URL? = nil, assetURLs: [URL] = []) {
        self.html = html; self.baseURL = baseURL; self.assetURLs = assetURLs
    }
}

/// What a message shows. Stored out of line (`indirect`): the payload is large, and messages are copied often.
public indirect enum MessageContent: Hashable, Sendable, Codable {
    case structured(StructuredContent)
    case html(HTMLContent)

    public var structured: StructuredContent? { if case .structured(let s) = self { return s }; return nil }
    public var html: HTMLContent? { if case .html(let h) = self { return h }; return nil }
}

/// How a message closes.
public enum CloseBehavior: Hashable, Sendable, Codable {
    /// It stays until the user or the app closes it.
    case userAction
    /// It closes by itself `after` seconds once displayed.
    case automatic(after: TimeInterval)
}

/// Where a message came from. Local messages are made in the app; vendors record no analytics for them.
public enum MessageOrigin: String, Hashable, Sendable, Codable { case remote, local }

/// Anything the engine can present. The engine only needs identity, the orientations it may show in
/// and how it closes; facades present their own vendor types through it.
public protocol PresentableMessage: Sendable {
    var messageID: MessageID { get }
    var supportedOrientations: OrientationSupport { get }
    var closeBehavior: CloseBehavior { get }
    /// Clock time after which the message may no longer be displayed (nil: never expires).
    var expiresAt: TimeInterval? { get }
}

/// The vendor-neutral in-app message.
public struct InAppMessage: Hashable, Sendable, Codable, PresentableMessage {
    public var id: MessageID
    public var content: MessageContent
    /// Free-form key/values set by the campaign author (vendors call these extras or metadata).
    public var extras: [String: JSONValue]
    public var supportedOrientations: OrientationSupport
    /// Higher wins when one event makes several messages eligible.
    public var priority: Int
    public var closeBehavior: CloseBehavior
    public var animatesIn: Bool
    public var animatesOut: Bool
    public var origin: MessageOrigin
    /// Clock time after which the message may no longer be displayed (nil: never expires).
    public var expiresAt: TimeInterval?

    public init(id: MessageID, content: MessageContent, extras: [String: JSONValue] = [:],
                supportedOrientations: OrientationSupport = .any, priority: Int = 0,
                closeBehavior: CloseBehavior = .userAction, animatesIn: Bool = true, animatesOut: Bool = true,
                origin: MessageOrigin = .remote, expiresAt: TimeInterval? = nil) {
        self.id = id; self.content = content; self.extras = extras
        self.supportedOrientations = supportedOrientations; self.priority = priority
        self.closeBehavior = closeBehavior; self.animatesIn = animatesIn; self.animatesOut = animatesOut
        self.origin = origin; self.expiresAt = expiresAt
    }

    public var messageID: MessageID { id }

    /// The layout, or nil for HTML content.
    public var layout: MessageLayout? { content.structured?.layout }
}
