import Foundation

// Hand-written JSON forms for the message model: readable when written by hand (for `iam render` and scenario
// files), tolerant of missing optional fields (they take the documented defaults), strict about types.
//
//   { "id": "m1", "priority": 2, "closeBehavior": {"automatic": 5} | "userAction",
//     "supportedOrientations": "any", "extras": {...},
//     "content": { "structured": { "layout": "modal", "header": "…", "body": "…",
//                                  "buttons": [{"id": 0, "text": "OK", "action": {"url": "https://…"}}],
//                                  "themes": {"light": {...}, "dark": {...}} } }
//              | { "html": { "html": "<p>…</p>", "baseURL": "https://…" } } }

extension ClickAction {
    private enum Keys: String, CodingKey { case url, inWebView }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard text == "none" else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "a click action is \"none\" or {\"url\": …}")
            }
            self = .none
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        self = .url(try c.decode(URL.self, forKey: .url), inWebView: try c.decodeIfPresent(Bool.self, forKey: .inWebView) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .none:
            var c = encoder.singleValueContainer()
            try c.encode("none")
        case .url(let url, let inWebView):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(url, forKey: .url)
            try c.encode(inWebView, forKey: .inWebView)
        }
    }
}

extension CloseBehavior {
    private enum Keys: String, CodingKey { case automatic }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard text == "userAction" else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "closeBehavior is \"userAction\" or {\"automatic\": seconds}")
            }
            self = .userAction
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        let seconds = try c.decode(Double.self, forKey: .automatic)
        guard seconds.isFinite, seconds >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .automatic, in: c, debugDescription: "seconds must be finite and ≥ 0")
        }
        self = .automatic(after: seconds)
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .userAction:
            var c = encoder.singleValueContainer()
            try c.encode("userAction")
        case .automatic(let seconds):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(seconds, forKey: .automatic)
        }
    }
}

extension MessageContent {
    private enum Keys: String, CodingKey { case structured, html }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        if let s = try c.decodeIfPresent(StructuredContent.self, forKey: .structured) {
            self = .structured(s)
        } else if let h = try c.decodeIfPresent(HTMLContent.self, forKey: .html) {
            self = .html(h)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "content needs a \"structured\" or an \"html\" object"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .structured(let s): try c.encode(s, forKey: .structured)
        case .html(let h): try c.encode(h, forKey: .html)
        }
    }
}

extension RGBAColor {
    /// Colours read as "#RRGGBB"/"#AARRGGBB" text or as {"red":…,"green":…,"blue":…,"alpha":…} in 0…1.
    private enum Keys: String, CodingKey { case red, green, blue, alpha }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            do { try self.init(hex: text) } catch {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "invalid colour \"\(text)\"")
            }
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(red: try c.decode(Double.self, forKey: .red), green: try c.decode(Double.self, forKey: .green),
                  blue: try c.decode(Double.self, forKey: .blue), alpha: try c.decodeIfPresent(Double.self, forKey: .alpha) ?? 1)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(String(format: "#%08X", argb))
    }
}

extension Theme {
    private enum Keys: String, CodingKey { case background, text, header, icon, iconBackground, closeButton, frame }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let d = Theme.defaultLight
        self.init(background: try c.decodeIfPresent(RGBAColor.self, forKey: .background) ?? d.background,
                  text: try c.decodeIfPresent(RGBAColor.self, forKey: .text) ?? d.text,
                  header: try c.decodeIfPresent(RGBAColor.self, forKey: .header) ?? d.header,
                  icon: try c.decodeIfPresent(RGBAColor.self, forKey: .icon) ?? d.icon,
                  iconBackground: try c.decodeIfPresent(RGBAColor.self, forKey: .iconBackground) ?? d.iconBackground,
                  closeButton: try c.decodeIfPresent(RGBAColor.self, forKey: .closeButton) ?? d.closeButton,
                  frame: try c.decodeIfPresent(RGBAColor.self, forKey: .frame) ?? d.frame)
    }
}

extension ButtonTheme {
    private enum Keys: String, CodingKey { case text, background, border }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let d = ButtonTheme.defaultLight
        self.init(text: try c.decodeIfPresent(RGBAColor.self, forKey: .text) ?? d.text,
                  background: try c.decodeIfPresent(RGBAColor.self, forKey: .background) ?? d.background,
                  border: try c.decodeIfPresent(RGBAColor.self, forKey: .border) ?? d.border)
    }
}

extension ThemeSet {
    private enum Keys: String, CodingKey { case light, dark }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(light: try c.decodeIfPresent(Theme.self, forKey: .light) ?? .defaultLight,
                  dark: try c.decodeIfPresent(Theme.self, forKey: .dark))
    }
}

extension ButtonThemeSet {
    private enum Keys: String, CodingKey { case light, dark }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(light: try c.decodeIfPresent(ButtonTheme.self, forKey: .light) ?? .defaultLight,
                  dark: try c.decodeIfPresent(ButtonTheme.self, forKey: .dark))
    }
}

extension MessageButton {
    private enum Keys: String, CodingKey { case id, text, action, themes }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(id: try c.decode(Int.self, forKey: .id), text: try c.decode(String.self, forKey: .text),
                  action: try c.decodeIfPresent(ClickAction.self, forKey: .action) ?? .none,
                  themes: try c.decodeIfPresent(ButtonThemeSet.self, forKey: .themes) ?? ButtonThemeSet())
    }
}

extension StructuredContent {
    private enum Keys: String, CodingKey {
        case layout, header, body, imageURL, icon, buttons, clickAction, themes, slideFrom, dismissesOnBackgroundTap
    }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(layout: try c.decode(MessageLayout.self, forKey: .layout),
                  header: try c.decodeIfPresent(String.self, forKey: .header),
                  body: try c.decodeIfPresent(String.self, forKey: .body),
                  imageURL: try c.decodeIfPresent(URL.self, forKey: .imageURL),
                  icon: try c.decodeIfPresent(String.self, forKey: .icon),
                  buttons: try c.decodeIfPresent([MessageButton].self, forKey: .buttons) ?? [],
                  clickAction: try c.decodeIfPresent(ClickAction.self, forKey: .clickAction) ?? .none,
                  themes: try c.decodeIfPresent(ThemeSet.self, forKey: .themes) ?? ThemeSet(),
                  slideFrom: try c.decodeIfPresent(ScreenEdge.self, forKey: .slideFrom) ?? .bottom,
                  dismissesOnBackgroundTap: try c.decodeIfPresent(Bool.self, forKey: .dismissesOnBackgroundTap) ?? false)
    }
}

extension HTMLContent {
    private enum Keys: String, CodingKey { case html, baseURL, assetURLs }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(html: try c.decode(String.self, forKey: .html),
                  baseURL: try c.decodeIfPresent(URL.self, forKey: .baseURL),
                  assetURLs: try c.decodeIfPresent([URL].self, forKey: .assetURLs) ?? [])
    }
}

extension InAppMessage {
    private enum Keys: String, CodingKey {
        case id, content, extras, supportedOrientations, priority, closeBehavior, animatesIn, animatesOut, origin, expiresAt
    }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(id: try c.decode(MessageID.self, forKey: .id),
                  content: try c.decode(MessageContent.self, forKey: .content),
                  extras: try c.decodeIfPresent([String: JSONValue].self, forKey: .extras) ?? [:],
                  supportedOrientations: try c.decodeIfPresent(OrientationSupport.self, forKey: .supportedOrientations) ?? .any,
                  priority: try c.decodeIfPresent(Int.self, forKey: .priority) ?? 0,
                  closeBehavior: try c.decodeIfPresent(CloseBehavior.self, forKey: .closeBehavior) ?? .userAction,
                  animatesIn: try c.decodeIfPresent(Bool.self, forKey: .animatesIn) ?? true,
                  animatesOut: try c.decodeIfPresent(Bool.self, forKey: .animatesOut) ?? true,
                  origin: try c.decodeIfPresent(MessageOrigin.self, forKey: .origin) ?? .remote,
                  expiresAt: try c.decodeIfPresent(Double.self, forKey: .expiresAt))
    }
}
