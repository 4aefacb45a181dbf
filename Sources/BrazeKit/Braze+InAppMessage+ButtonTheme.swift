extension Braze.InAppMessage {
    /// The colours of a button in one appearance.
    public struct ButtonTheme: Sendable, Hashable, Codable {
        public var textColor: Color
        public var borderColor: Color
        public var backgroundColor: Color

        public init(textColor: Color = 0xFFFF_FFFF, borderColor: Color = 0xFF1B_78CF, backgroundColor: Color = 0xFF1B_78CF) {
            self.textColor = textColor; self.borderColor = borderColor; self.backgroundColor = backgroundColor
        }

        /// Filled button (the stock first choice).
        public static let primary = ButtonTheme()
        /// Outlined button.
        public static let secondary = ButtonTheme(textColor: 0xFF1B_78CF, borderColor: 0xFF1B_78CF, backgroundColor: 0xFFFF_FFFF)
        /// Filled button for dark mode.
        public static let primaryDark = ButtonTheme(textColor: 0xFF00_0000, borderColor: 0xFF4D_A3FF, backgroundColor: 0xFF4D_A3FF)
    }
}
