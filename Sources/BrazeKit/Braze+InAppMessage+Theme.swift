extension Braze.InAppMessage {
    /// The colours of a message in one appearance.
    public struct Theme: Sendable, Hashable, Codable {
        public var backgroundColor: Color
        public var textColor: Color
        public var iconColor: Color
        public var iconBackgroundColor: Color
        public var headerTextColor: Color
        public var closeButtonColor: Color
        /// The backdrop behind modal and full messages.
        public var frameColor: Color

        public init(backgroundColor: Color = 0xFFFF_FFFF, textColor: Color = 0xFF33_3333, iconColor: Color = 0xFFFF_FFFF,
                    iconBackgroundColor: Color = 0xFF00_73D5, headerTextColor: Color = 0xFF33_3333,
                    closeButtonColor: Color = 0xFF9B_9B9B, frameColor: Color = 0xBF33_3333) {
            self.backgroundColor = backgroundColor; self.textColor = textColor; self.iconColor = iconColor
            self.iconBackgroundColor = iconBackgroundColor; self.headerTextColor = headerTextColor
            self.closeButtonColor = closeButtonColor; self.frameColor = frameColor
        }

        /// The stock light theme.
        public static let defaultLight = Theme()
        /// The stock dark theme.
        public static let defaultDark = Theme(backgroundColor: 0xFF1F_1F1F, textColor: 0xFFF2_F2F2, iconColor: 0xFFFF_FFFF,
                                              iconBackgroundColor: 0xFF4D_A3FF, headerTextColor: 0xFFF2_F2F2,
                                              closeButtonColor: 0xFFBB_BBBB, frameColor: 0xBF00_0000)
    }
}
