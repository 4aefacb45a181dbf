import Foundation

extension Braze.InAppMessage {
    /// A centred card that is an image, with optional buttons.
    public struct ModalImage: Sendable, Equatable, Codable, BrazeInAppMessageThemeable {
        public var data: Data
        public var imageURL: URL
        public var imageAltText: String?
        public var language: String?
        public var buttons: [Button]
        public var themes: Themes

        public init(data: Data = .init(), imageURL: URL, imageAltText: String? = nil, language: String? = nil,
                    buttons: [Button] = [], themes: Themes = .defaults) {
            self.data = data; self.imageURL = imageURL; self.imageAltText = imageAltText; self.language = language
            self.buttons = buttons; self.themes = themes
        }
    }
}

extension Braze.InAppMessage.ModalImage {

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
