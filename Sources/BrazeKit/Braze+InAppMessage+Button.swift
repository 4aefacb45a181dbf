extension Braze.InAppMessage {
    /// A button of a modal, modal image, full or full image message.
    public struct Button: Sendable, Hashable, Codable {
        /// The button's id. For messages made on the dashboard it equals the button's index in `buttons`.
        public var id: Int
        public var text: String
        public var clickAction: ClickAction
        public var themes: ButtonThemes

        public init(id: Int, text: String, clickAction: ClickAction = .none, themes: ButtonThemes = .defaults) {
            self.id = id; self.text = text; self.clickAction = clickAction; self.themes = themes
        }
    }
}
