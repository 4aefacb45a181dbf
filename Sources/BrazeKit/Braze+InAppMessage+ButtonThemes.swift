extension Braze.InAppMessage {
    /// A button's themes by name: `"light"` (always present) and optionally `"dark"`.
    public struct ButtonThemes: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral {
        /// Every theme, by name.
        public var themes: [String: ButtonTheme]

        /// From a dictionary; a missing `"light"` entry becomes `ButtonTheme.primary`.
        public init(themes: [String: ButtonTheme]) {
            var all = themes
            if all["light"] == nil { all["light"] = .primary }
            self.themes = all
        }

        public init(dictionaryLiteral elements: (String, ButtonTheme)...) {
            self.init(themes: Dictionary(elements, uniquingKeysWith: { _, last in last }))
        }

        public var light: ButtonTheme {
            get { themes["light"] ?? .primary }
            set { themes["light"] = newValue }
        }

        public var dark: ButtonTheme? {
            get { themes["dark"] }
            set { themes["dark"] = newValue }
        }

        /// Primary light and dark themes.
        public static let defaults: ButtonThemes = ["light": .primary, "dark": .primaryDark]
    }
}
