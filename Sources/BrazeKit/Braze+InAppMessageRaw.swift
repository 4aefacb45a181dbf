import Foundation
import InAppCore

extension Braze {
    /// The untyped form of an in-app message, as the Braze JSON payload carries it. Convert with
    /// `try Braze.InAppMessage(raw)` and `Braze.InAppMessageRaw(message)`.
    ///
    /// JSON keys (Braze payload names): `type` (`SLIDEUP`, `MODAL`, `FULL`, `HTML`, `HTML_FULL`, `CONTROL`),
    /// `message_id`/`trigger_id`, `message`, `header`, `extras`, `duration` (milliseconds), `click_action`
    /// (`URI`, `NONE`), `uri`, `use_webview`, `message_close` (`AUTO_DISMISS`, `SWIPE`), `orientation` (`ANY`,
    /// `PORTRAIT`, `LANDSCAPE`), `slide_from` (`TOP`, `BOTTOM`), `image_style` (`GRAPHIC`, `TOP`),
    /// `text_align_message`/`text_align_header` (`START`, `CENTER`, `END`), `icon`, `image_url`, the colours
    /// `bg_color`, `text_color`, `icon_color`, `icon_bg_color`, `header_text_color`, `close_btn_color`,
    /// `frame_color` (ARGB integers), `dark_theme` (an object with the same colour keys), `btns` (objects with
    /// `id`, `text`, `click_action`, `uri`, `use_webview`, `bg_color`, `text_color`, `border_color`,
    /// `dark_theme`), `animate_in`, `animate_out`, `is_control`, `base_url`, `asset_urls`, `image_alt`,
    /// `language`, `is_test_send`.
    public final class InAppMessageRaw: Decodable, @unchecked Sendable {
        public enum MessageType: String, Sendable, CaseIterable { case slideup = "SLIDEUP", modal = "MODAL", full = "FULL", html = "HTML", htmlFull = "HTML_FULL", control = "CONTROL" }
        public enum ImageStyle: String, Sendable { case graphic = "GRAPHIC", top = "TOP" }

        public var type: MessageType = .slideup
        public var identifier: String?
        public var message: String = ""
        public var header: String = ""
        public var extras: [String: JSONValue] = [:]
        /// Seconds before an auto-dismissing message closes.
        public var duration: TimeInterval = 5
        public var clickAction: Braze.InAppMessage.ClickAction = .none
        public var messageClose: Braze.InAppMessage.MessageClose = .auto(5)
        public var orientation: Braze.InAppMessage.Orientation = .any
        public var slideFrom: Braze.InAppMessage.SlideFrom = .bottom
        public var imageStyle: ImageStyle = .graphic
        public var messageTextAlignment: Braze.InAppMessage.TextAlignment = .center
        public var headerTextAlignment: Braze.InAppMessage.TextAlignment = .center
        public var icon: String?
        public var imageURL: URL?
        public var themes = Braze.InAppMessage.Themes(themes: ["light": .defaultLight])
        public var buttons: [Braze.InAppMessage.Button] = []
        public var animateIn = true
        public var animateOut = true
        public var isControl = false
        public var baseURL: URL?
        public var assetURLs: [URL] = []
        public var imageAltText: String?
        public var language: String?
        public var isTestSend = false
        public var context: Braze.InAppMessage.Context?

        public init() {}

        /// Parses a Braze JSON payload; throws `Braze.InAppMessage.PayloadError` on bad input.
        public convenience init(json: Foundation.Data) throws {
            let value: JSONValue
            do { value = try JSONValue(parsing: json) } catch {
                throw Braze.InAppMessage.PayloadError.invalidJSON(error.description)
            }
            try self.init(value: value)
        }

        public required convenience init(from decoder: any Decoder) throws {
            try self.init(value: try JSONValue(from: decoder))
        }

        private convenience init(value: JSONValue) throws {
            typealias E = Braze.InAppMessage.PayloadError
            guard case .object(let o) = value else { throw E.notAnObject }
            self.init()
            func string(_ key: String) throws -> String? {
                guard let v = o[key], v != .null else { return nil }
                guard let s = v.stringValue else { throw E.invalidValue(key: key, value: v.description) }
                return s
            }
            func bool(_ key: String) throws -> Bool? {
                guard let v = o[key], v != .null else { return nil }
                guard let b = v.boolValue else { throw E.invalidValue(key: key, value: v.description) }
                return b
            }
            func url(_ key: String) throws -> URL? {
                guard let s = try string(key), !s.isEmpty else { return nil }
                guard let u = URL(string: s) else { throw E.invalidValue(key: key, value: s) }
                return u
            }
            func enumValue<T: RawRepresentable>(_ key: String, _ map: [String: T]) throws -> T? where T.RawValue == String {
                guard let s = try string(key) else { return nil }
                guard let v = map[s.uppercased()] else { throw E.invalidValue(key: key, value: s) }
                return v
            }
            guard let typeName = try string("type") else { throw E.missingKey("type") }
            guard let t = MessageType(rawValue: typeName.uppercased()) else { throw E.unsupportedType(typeName) }
            type = t
            identifier = try string("message_id") ?? string("trigger_id")
            message = try string("message") ?? ""
            header = try string("header") ?? ""
            if let ex = o["extras"], ex != .null {
                guard case .object(let e) = ex else { throw E.invalidValue(key: "extras", value: ex.description) }
                extras = e
            }
            if let d = o["duration"], d != .null {
                guard let ms = d.numberValue, ms >= 0, ms.isFinite else { throw E.invalidValue(key: "duration", value: d.description) }
                duration = ms / 1000
            }
            let use = try bool("use_webview") ?? false
            clickAction = try Self.clickAction(o, prefix: "", useWebView: use)
            let close = try string("message_close")?.uppercased() ?? "AUTO_DISMISS"
            switch close {
            case "AUTO_DISMISS": messageClose = .auto(duration)
            case "SWIPE", "USER_INTERACTION": messageClose = .userInteraction
            default: throw E.invalidValue(key: "message_close", value: close)
            }
            orientation = try enumValue("orientation", ["ANY": .any, "PORTRAIT": .portrait, "LANDSCAPE": .landscape]) ?? .any
            slideFrom = try enumValue("slide_from", ["TOP": .top, "BOTTOM": .bottom]) ?? .bottom
            imageStyle = try enumValue("image_style", ["GRAPHIC": .graphic, "TOP": .top]) ?? .graphic
            let align: [String: Braze.InAppMessage.TextAlignment] = ["START": .leading, "CENTER": .center, "END": .trailing]
            messageTextAlignment = try enumValue("text_align_message", align) ?? .center
            headerTextAlignment = try enumValue("text_align_header", align) ?? .center
            icon = try string("icon")
            imageURL = try url("image_url")
            let light = try Self.theme(o, base: .defaultLight)
            var all: [String: Braze.InAppMessage.Theme] = ["light": light]
            if let dark = o["dark_theme"], dark != .null {
                guard case .object(let d) = dark else { throw E.invalidValue(key: "dark_theme", value: dark.description) }
                all["dark"] = try Self.theme(d, base: .defaultDark)
            }
            themes = Braze.InAppMessage.Themes(themes: all)
            if let b = o["btns"], b != .null {
                guard case .array(let items) = b else { throw E.invalidValue(key: "btns", value: b.description) }
                buttons = try items.enumerated().map { index, item in try Self.button(item, index: index) }
            }
            animateIn = try bool("animate_in") ?? true
            animateOut = try bool("animate_out") ?? true
            isControl = try bool("is_control") ?? (type == .control)
            baseURL = try url("base_url")
            if let a = o["asset_urls"], a != .null {
                guard case .array(let items) = a else { throw E.invalidValue(key: "asset_urls", value: a.description) }
                assetURLs = try items.map { v in
                    guard let s = v.stringValue, let u = URL(string: s) else { throw E.invalidValue(key: "asset_urls", value: v.description) }
                    return u
                }
            }
            imageAltText = try string("image_alt")
            language = try string("language")
            isTestSend = try bool("is_test_send") ?? false
        }

        private static func clickAction(_ o: [String: JSONValue], prefix: String, useWebView: Bool) throws -> Braze.InAppMessage.ClickAction {
            typealias E = Braze.InAppMessage.PayloadError
            let name = (o["click_action"]?.stringValue ?? "NONE").uppercased()
            switch name {
            case "NONE", "NEWS_FEED": return .none
            case "URI", "URL":
                guard let s = o["uri"]?.stringValue, let u = URL(string: s) else { throw E.missingKey(prefix + "uri") }
                return .url(u, useWebView: useWebView)
            default: throw E.invalidValue(key: prefix + "click_action", value: name)
            }
        }

        private static func color(_ o: [String: JSONValue], _ key: String, _ fallback: Braze.InAppMessage.Color) throws -> Braze.InAppMessage.Color {
            guard let v = o[key], v != .null else { return fallback }
            // Range-checked as a Double first: converting 1e300 (or an infinity) to Int64 would trap.
            guard let n = v.numberValue, n.rounded() == n, n >= Double(Int32.min), n <= Double(UInt32.max) else {
                throw Braze.InAppMessage.PayloadError.invalidValue(key: key, value: v.description)
            }
            // Accept signed 32-bit (as Java/ObjC servers write them) and unsigned values.
            let i = Int64(n)
            guard i >= Int64(Int32.min), i <= Int64(UInt32.max) else {
                throw Braze.InAppMessage.PayloadError.invalidValue(key: key, value: v.description)
            }
            return Braze.InAppMessage.Color(rawValue: UInt32(truncatingIfNeeded: i))
        }

        private static func theme(_ o: [String: JSONValue], base: Braze.InAppMessage.Theme) throws -> Braze.InAppMessage.Theme {
            Braze.InAppMessage.Theme(backgroundColor: try color(o, "bg_color", base.backgroundColor),
                                     textColor: try color(o, "text_color", base.textColor),
                                     iconColor: try color(o, "icon_color", base.iconColor),
                                     iconBackgroundColor: try color(o, "icon_bg_color", base.iconBackgroundColor),
                                     headerTextColor: try color(o, "header_text_color", base.headerTextColor),
                                     closeButtonColor: try color(o, "close_btn_color", base.closeButtonColor),
                                     frameColor: try color(o, "frame_color", base.frameColor))
        }

        private static func button(_ v: JSONValue, index: Int) throws -> Braze.InAppMessage.Button {
            typealias E = Braze.InAppMessage.PayloadError
            let key = "btns[\(index)]"
            guard case .object(let o) = v else { throw E.invalidValue(key: key, value: v.description) }
            var id = index
            if let raw = o["id"], raw != .null {
                guard let n = raw.numberValue, n.rounded() == n, abs(n) < 1e9 else { throw E.invalidValue(key: key + ".id", value: raw.description) }
                id = Int(n)
            }
            let action = try clickAction(o, prefix: key + ".", useWebView: o["use_webview"]?.boolValue ?? false)
            func bt(_ o: [String: JSONValue], _ base: Braze.InAppMessage.ButtonTheme) throws -> Braze.InAppMessage.ButtonTheme {
                Braze.InAppMessage.ButtonTheme(textColor: try color(o, "text_color", base.textColor),
                                               borderColor: try color(o, "border_color", base.borderColor),
                                               backgroundColor: try color(o, "bg_color", base.backgroundColor))
            }
            var themes: [String: Braze.InAppMessage.ButtonTheme] = ["light": try bt(o, .primary)]
            if case .object(let d)? = o["dark_theme"] { themes["dark"] = try bt(d, .primaryDark) }
            return Braze.InAppMessage.Button(id: id, text: o["text"]?.stringValue ?? "", clickAction: action,
                                             themes: Braze.InAppMessage.ButtonThemes(themes: themes))
        }

        /// The raw form of a typed message.
        public convenience init(_ message: Braze.InAppMessage) {
            self.init()
            let d = message.data
            identifier = d.id
            extras = d.jsonExtras
            clickAction = d.clickAction
            messageClose = d.messageClose
            if case .auto(let t) = d.messageClose { duration = t }
            orientation = d.orientation
            animateIn = d.animateIn
            animateOut = d.animateOut
            isTestSend = d.isTestSend
            context = d.context
            func graphic(_ g: Braze.InAppMessage.Graphic?) {
                switch g {
                case .icon(let s)?: icon = s
                case .image(let u)?: imageURL = u
                case nil: break
                }
            }
            switch message {
            case .slideup(let m):
                type = .slideup; self.message = m.message; slideFrom = m.slideFrom; themes = m.themes
                graphic(m.graphic); imageAltText = m.imageAltText; language = m.language
            case .modal(let m):
                type = .modal; header = m.header; self.message = m.message; headerTextAlignment = m.headerTextAlignment
                messageTextAlignment = m.messageTextAlignment; buttons = m.buttons; themes = m.themes
                graphic(m.graphic); imageAltText = m.imageAltText; language = m.language
            case .modalImage(let m):
                type = .modal; imageStyle = .top; imageURL = m.imageURL; buttons = m.buttons; themes = m.themes
                imageAltText = m.imageAltText; language = m.language
            case .full(let m):
                type = .full; imageURL = m.imageURL; header = m.header; self.message = m.message
                headerTextAlignment = m.headerTextAlignment; messageTextAlignment = m.messageTextAlignment
                buttons = m.buttons; themes = m.themes; imageAltText = m.imageAltText; language = m.language
            case .fullImage(let m):
                type = .full; imageStyle = .top; imageURL = m.imageURL; buttons = m.buttons; themes = m.themes
                imageAltText = m.imageAltText; language = m.language
            case .html(let m):
                type = m.legacy ? .html : .htmlFull; self.message = m.message; baseURL = m.baseURL; assetURLs = m.assetURLs
            case .control:
                type = .control; isControl = true
            }
        }

        /// The Braze JSON payload of this message (the keys listed on the type).
        public func json() -> Foundation.Data? {
            var o: [String: JSONValue] = ["type": .string(type.rawValue), "message": .string(message), "header": .string(header),
                                          "extras": .object(extras), "duration": .number(duration * 1000),
                                          "orientation": .string(orientation.rawValue.uppercased()),
                                          "slide_from": .string(slideFrom.rawValue.uppercased()),
                                          "image_style": .string(imageStyle.rawValue),
                                          "animate_in": .bool(animateIn), "animate_out": .bool(animateOut),
                                          "is_control": .bool(isControl), "is_test_send": .bool(isTestSend)]
            let align: [Braze.InAppMessage.TextAlignment: String] = [.leading: "START", .center: "CENTER", .trailing: "END"]
            o["text_align_message"] = .string(align[messageTextAlignment] ?? "CENTER")
            o["text_align_header"] = .string(align[headerTextAlignment] ?? "CENTER")
            if let identifier { o["message_id"] = .string(identifier) }
            func action(_ a: Braze.InAppMessage.ClickAction, into o: inout [String: JSONValue]) {
                switch a {
                case .none: o["click_action"] = "NONE"
                case .url(let u, let w): o["click_action"] = "URI"; o["uri"] = .string(u.absoluteString); o["use_webview"] = .bool(w)
                }
            }
            action(clickAction, into: &o)
            switch messageClose {
            case .userInteraction: o["message_close"] = "SWIPE"
            case .auto(let t): o["message_close"] = "AUTO_DISMISS"; o["duration"] = .number(t * 1000)
            }
            func colors(_ t: Braze.InAppMessage.Theme) -> [String: JSONValue] {
                ["bg_color": .number(Double(t.backgroundColor.rawValue)), "text_color": .number(Double(t.textColor.rawValue)),
                 "icon_color": .number(Double(t.iconColor.rawValue)), "icon_bg_color": .number(Double(t.iconBackgroundColor.rawValue)),
                 "header_text_color": .number(Double(t.headerTextColor.rawValue)),
                 "close_btn_color": .number(Double(t.closeButtonColor.rawValue)), "frame_color": .number(Double(t.frameColor.rawValue))]
            }
            o.merge(colors(themes.light)) { _, new in new }
            if let dark = themes.dark { o["dark_theme"] = .object(colors(dark)) }
            if let icon { o["icon"] = .string(icon) }
            if let imageURL { o["image_url"] = .string(imageURL.absoluteString) }
            if let baseURL { o["base_url"] = .string(baseURL.absoluteString) }
            if !assetURLs.isEmpty { o["asset_urls"] = .array(assetURLs.map { .string($0.absoluteString) }) }
            if let imageAltText { o["image_alt"] = .string(imageAltText) }
            if let language { o["language"] = .string(language) }
            if !buttons.isEmpty {
                o["btns"] = .array(buttons.map { b in
                    var bo: [String: JSONValue] = ["id": .number(Double(b.id)), "text": .string(b.text)]
                    action(b.clickAction, into: &bo)
                    func bt(_ t: Braze.InAppMessage.ButtonTheme) -> [String: JSONValue] {
                        ["text_color": .number(Double(t.textColor.rawValue)), "border_color": .number(Double(t.borderColor.rawValue)),
                         "bg_color": .number(Double(t.backgroundColor.rawValue))]
                    }
                    bo.merge(bt(b.themes.light)) { _, new in new }
                    if let d = b.themes.dark { bo["dark_theme"] = .object(bt(d)) }
                    return .object(bo)
                })
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try? encoder.encode(JSONValue.object(o))
        }
    }
}

extension Braze.InAppMessage {
    /// Why a JSON payload or raw message could not become a typed message.
    public enum PayloadError: Error, Hashable, Sendable {
        /// The bytes are not JSON.
        case invalidJSON(String)
        /// The JSON is not an object.
        case notAnObject
        /// A required key is absent.
        case missingKey(String)
        /// A key holds a value of the wrong type or outside its allowed set.
        case invalidValue(key: String, value: String)
        /// The `type` is not a known message type.
        case unsupportedType(String)
    }

    /// Converts a raw message into a typed one. Throws `PayloadError` when a required part is missing
    /// (e.g. a modal image or full message without an image URL).
    public init(_ raw: Braze.InAppMessageRaw) throws {
        var data = Data(id: raw.identifier, clickAction: raw.clickAction, messageClose: raw.messageClose,
                        orientation: raw.orientation, extras: raw.extras.mapValues(\.foundationValue),
                        animateIn: raw.animateIn, animateOut: raw.animateOut, isTestSend: raw.isTestSend, context: raw.context)
        if let id = raw.identifier { data.localID = id }
        if raw.isControl || raw.type == .control {
            self = .control(Control(data: data))
            return
        }
        let graphic: Graphic? = raw.icon.map { .icon($0) } ?? raw.imageURL.map { .image($0) }
        switch raw.type {
        case .slideup:
            self = .slideup(Slideup(data: data, graphic: graphic, imageAltText: raw.imageAltText, language: raw.language,
                                    message: raw.message, slideFrom: raw.slideFrom, themes: raw.themes))
        case .modal where raw.imageStyle == .top:
            guard let url = raw.imageURL else { throw PayloadError.missingKey("image_url") }
            self = .modalImage(ModalImage(data: data, imageURL: url, imageAltText: raw.imageAltText, language: raw.language,
                                          buttons: raw.buttons, themes: raw.themes))
        case .modal:
            self = .modal(Modal(data: data, graphic: graphic, imageAltText: raw.imageAltText, language: raw.language,
                                header: raw.header, headerTextAlignment: raw.headerTextAlignment, message: raw.message,
                                messageTextAlignment: raw.messageTextAlignment, buttons: raw.buttons, themes: raw.themes))
        case .full:
            guard let url = raw.imageURL else { throw PayloadError.missingKey("image_url") }
            if raw.imageStyle == .top {
                self = .fullImage(FullImage(data: data, imageURL: url, imageAltText: raw.imageAltText, language: raw.language,
                                            buttons: raw.buttons, themes: raw.themes))
            } else {
                self = .full(Full(data: data, imageURL: url, imageAltText: raw.imageAltText, language: raw.language,
                                  header: raw.header, headerTextAlignment: raw.headerTextAlignment, message: raw.message,
                                  messageTextAlignment: raw.messageTextAlignment, buttons: raw.buttons, themes: raw.themes))
            }
        case .html, .htmlFull:
            self = .html(Html(data: data, message: raw.message, baseURL: raw.baseURL, assetURLs: raw.assetURLs,
                              legacy: raw.type == .html))
        case .control:
            self = .control(Control(data: data))
        }
    }

    /// Parses a Braze JSON payload into a typed message; throws `PayloadError` on bad input.
    public init(json: Foundation.Data) throws {
        try self.init(Braze.InAppMessageRaw(json: json))
    }

    /// Parses a Braze JSON payload; nil on bad input (use `init(json:)` to learn why).
    public static func decoding(json: Foundation.Data) -> Self? {
        try? Self(json: json)
    }

    /// The Braze JSON payload of this message.
    public func json() -> Foundation.Data? {
        Braze.InAppMessageRaw(self).json()
    }
}

extension Braze.InAppMessage.PayloadError: CustomStringConvertible, LocalizedError {
    /// One line naming the field and what is wrong with it, e.g.
    /// `Braze in-app message payload: "duration" is -5; expected milliseconds, a number ≥ 0`.
    public var description: String {
        let prefix = "Braze in-app message payload: "
        switch self {
        case .invalidJSON(let reason):
            return prefix + (reason.hasPrefix("invalid JSON") ? reason : "not valid JSON: \(reason)")
        case .notAnObject:
            return prefix + "the top level must be a JSON object ({\"type\": …, \"message\": …}), not an array or a single value"
        case .missingKey(let key):
            return prefix + "the key \"\(key)\" is missing" + Self.whyRequired(key)
        case .invalidValue(let key, let value):
            return prefix + "\"\(key)\" is \(value)" + (Self.expected(key).map { "; expected \($0)" } ?? "; not a valid value for this key")
        case .unsupportedType(let type):
            return prefix + "\"type\" is \"\(type)\"; expected "
                + Braze.InAppMessageRaw.MessageType.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    public var errorDescription: String? { description }

    private static func whyRequired(_ key: String) -> String {
        switch key {
        case "type": return " (it names the message kind: SLIDEUP, MODAL, FULL, HTML…)"
        case "image_url": return " (FULL messages and image-only modals need an image)"
        default: return key.hasSuffix("uri") ? " (a click action of URI needs the URL to open)" : ""
        }
    }

    /// What a key accepts, for the keys whose check can fail.
    private static func expected(_ key: String) -> String? {
        let leaf = key.split(separator: ".").last.map(String.init) ?? key
        if leaf.hasPrefix("btns["), leaf.hasSuffix("]") { return "a button object ({\"id\", \"text\", …})" }
        let bare = leaf.replacingOccurrences(of: #"\[\d+\]"#, with: "", options: .regularExpression)
        switch bare {
        case "duration": return "milliseconds, a number ≥ 0"
        case "message_close": return "AUTO_DISMISS or SWIPE"
        case "click_action": return "NONE or URI (with \"uri\")"
        case "extras", "dark_theme": return "a JSON object"
        case "btns": return "an array of button objects ({\"id\", \"text\", …})"
        case "asset_urls": return "an array of URL strings"
        case "id": return "a whole number (the button id)"
        case "uri", "image_url", "base_url": return "a URL string"
        case "orientation": return "ANY, PORTRAIT or LANDSCAPE"
        case "slide_from": return "TOP or BOTTOM"
        case "image_style": return "GRAPHIC or TOP"
        case "text_align_message", "text_align_header": return "START, CENTER or END"
        case "use_webview", "animate_in", "animate_out", "is_control", "is_test_send": return "true or false"
        case "type", "message_id", "trigger_id", "message", "header", "icon", "image_alt", "language", "text":
            return "a string"
        default:
            if bare.hasSuffix("color") { return "an ARGB colour as an integer from 0 to 4294967295" }
            return nil
        }
    }
}
