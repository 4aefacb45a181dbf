import Foundation

extension Braze.InAppMessage {
    /// A centred card with an optional graphic, a header, a body and up to two buttons.
    public struct Modal: Sendable, Equatable, Codable, BrazeInAppMessageThemeable {
        public var data: Data
        public var graphic: Graphic?
        public var imageAltText: String?
        public var language: String?
        public var header: String
        public var headerTextAlignment: TextAlignment
        public var message: String
        public var messageTextAlignment: TextAlignment
        public var buttons: [Button]
        public var themes: Themes

        public init(data: Data = .init(), graphic: Graphic? = nil, imageAltText: String? = nil, language: String? = nil,
                    header: String = "", headerTextAlignment: TextAlignment = .center, message: String = "",
                    messageTextAlignment: TextAlignment = .center, buttons: [Button] = [], themes: Themes = .defaults) {
            self.data = data; self.graphic = graphic; self.imageAltText = imageAltText; self.language = language
            self.header = header; self.headerTextAlignment = headerTextAlignment; self.message = message
            self.messageTextAlignment = messageTextAlignment; self.buttons = buttons; self.themes = themes
        }
    }
}

extension Braze.InAppMessage.Modal {

    // Forwarded `Data` fields.
    public var clickAction: Braze.InAppMessage.ClickAction {
        get { data.clickAction }
        set { data.clickAction = newValue }
    }
    public var messageClose: Braze.InAppMessage.MessageClose {
        get { data.messageClose }
        set { data.messageClose = newValue }
    }
    public var orientation: Braze.InAppMessage.Orientation {
        get { data.orientation }
        set { data.orientation = newValue }
    }
    public var extras: [String: Any] {
        get { data.extras }
        set { data.extras = newValue }
    }
    public var animateIn: Bool {
        get { data.animateIn }
        set { data.animateIn = newValue }
    }
    public var animateOut: Bool {
        get { data.animateOut }
        set { data.animateOut = newValue }
    }
    public var context: Braze.InAppMessage.Context? { data.context }
    public var isTestSend: Bool { data.isTestSend }
}
