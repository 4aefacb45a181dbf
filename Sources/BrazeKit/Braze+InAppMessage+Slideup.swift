import Foundation

extension Braze.InAppMessage {
    /// A banner that slides in from the top or bottom edge.
    public struct Slideup: Sendable, Equatable, Codable, BrazeInAppMessageThemeable {
        public var data: Data
        public var graphic: Graphic?
        public var imageAltText: String?
        public var language: String?
        public var message: String
        public var slideFrom: SlideFrom
        public var themes: Themes

        public init(data: Data = .init(), graphic: Graphic? = nil, imageAltText: String? = nil, language: String? = nil,
                    message: String = "", slideFrom: SlideFrom = .bottom, themes: Themes = .defaults) {
            self.data = data; self.graphic = graphic; self.imageAltText = imageAltText; self.language = language
            self.message = message; self.slideFrom = slideFrom; self.themes = themes
        }
    }
}

extension Braze.InAppMessage.Slideup {

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
