extension Braze.InAppMessage {
    /// A message's themes by name: `"light"` (always present) and optionally `"dark"`.
    public struct Themes: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral {
        /// Every theme, by name.
        public var themes: [String: Theme]

        /// From a dictionary; a missing `"light"` entry becomes `Theme.defaultLight`.
        public init(themes: [String: Theme]) {
            var all = themes
            if all["light"] == nil { all["light"] = .defaultLight }
            self.themes = all
        }

        public init(dictionaryLiteral elements: (String, Theme)...) {
            self.init(themes: Dictionary(elements, uniquingKeysWith: { _, last in last }))
        }

        /// The light theme (used unless the device is dark and `dark` exists).
        public var light: Theme {
            get { themes["light"] ?? .defaultLight }
            set { themes["light"] = newValue }
        }

        /// The dark theme; set nil to show the light theme in dark mode too.
        public var dark: Theme? {
            get { themes["dark"] }
            set { themes["dark"] = newValue }
        }

        /// The stock light and dark themes.
        public static let defaults: Themes = ["light": .defaultLight, "dark": .defaultDark]
    }
}
