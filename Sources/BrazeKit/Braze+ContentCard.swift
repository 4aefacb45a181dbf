import Foundation
import InAppCore

extension Braze {
    /// A content card, by kind. The common fields are on `data` (and forwarded: `card.id`, `card.extras`…).
    public enum ContentCard: Sendable, Hashable, CustomDebugStringConvertible {
        case classic(Classic)
        case classicImage(ClassicImage)
        case imageOnly(ImageOnly)
        case captionedImage(CaptionedImage)
        case control(Control)

        /// What a card does when clicked.
        public enum ClickAction: Sendable, Hashable {
            case url(URL, useWebView: Bool)
            /// The URL opened, if any.
            public var url: URL? { if case .url(let url, _) = self { return url }; return nil }
            public var useWebView: Bool { if case .url(_, let web) = self { return web }; return false }
        }

        /// The fields every card has.
        public struct Data: @unchecked Sendable, Hashable {
            public var id: String
            public var viewed: Bool
            public var dismissible: Bool
            public var removed: Bool
            public var pinned: Bool
            public var clicked: Bool
            public var test: Bool
            /// Seconds since 1970.
            public var createdAt: TimeInterval
            /// Seconds since 1970; 0 or negative: never expires.
            public var expiresAt: TimeInterval
            public var extras: [String: Any]
            public var clickAction: ClickAction?
            /// Logs impressions, clicks and dismissals; nil for cards made by the app (not served by Braze).
            public var context: Context?

            /// The click action comes right after the id, as in upstream's initializer (apps write
            /// `.init(clickAction: …, pinned: true)`).
            public init(id: String = UUID().uuidString, clickAction: ClickAction? = nil, viewed: Bool = false,
                        dismissible: Bool = true, removed: Bool = false, pinned: Bool = false, clicked: Bool = false,
                        test: Bool = false, createdAt: TimeInterval = 0, expiresAt: TimeInterval = 0,
                        extras: [String: Any] = [:], context: Context? = nil) {
                self.id = id; self.viewed = viewed; self.dismissible = dismissible; self.removed = removed
                self.pinned = pinned; self.clicked = clicked; self.test = test; self.createdAt = createdAt
                self.expiresAt = expiresAt; self.extras = extras; self.clickAction = clickAction; self.context = context
            }

            public static func == (a: Data, b: Data) -> Bool {
                a.id == b.id && a.viewed == b.viewed && a.dismissible == b.dismissible && a.removed == b.removed
                    && a.pinned == b.pinned && a.clicked == b.clicked && a.test == b.test && a.createdAt == b.createdAt
                    && a.expiresAt == b.expiresAt && a.clickAction == b.clickAction
                    && JSONValue(any: a.extras) == JSONValue(any: b.extras)
            }
            public func hash(into hasher: inout Hasher) { hasher.combine(id) }
        }

        public struct Classic: Sendable, Hashable {
            public var data: Data
            public var language: String?
            public var title: String
            public var description: String
            public var domain: String?
            public init(data: Data = .init(), language: String? = nil, title: String = "", description: String = "", domain: String? = nil) {
                self.data = data; self.language = language; self.title = title; self.description = description; self.domain = domain
            }
        }

        public struct ClassicImage: Sendable, Hashable {
            public var data: Data
            public var image: URL
            public var imageAltText: String?
            public var language: String?
            public var title: String
            public var description: String
            public var domain: String?
            public init(data: Data = .init(), image: URL, imageAltText: String? = nil, language: String? = nil, title: String = "",
                        description: String = "", domain: String? = nil) {
                self.data = data; self.image = image; self.imageAltText = imageAltText; self.language = language
                self.title = title; self.description = description; self.domain = domain
            }
        }

        public struct ImageOnly: Sendable, Hashable {
            public var data: Data
            public var image: URL
            public var imageAltText: String?
            public var imageAspectRatio: Double?
            public var language: String?
            public init(data: Data = .init(), image: URL, imageAltText: String? = nil, imageAspectRatio: Double? = nil, language: String? = nil) {
                self.data = data; self.image = image; self.imageAltText = imageAltText
                self.imageAspectRatio = imageAspectRatio; self.language = language
            }
        }

        public struct CaptionedImage: Sendable, Hashable {
            public var data: Data
            public var image: URL
            public var imageAltText: String?
            public var imageAspectRatio: Double?
            public var language: String?
            public var title: String
            public var description: String
            public var domain: String?
            public init(data: Data = .init(), image: URL, imageAltText: String? = nil, imageAspectRatio: Double? = nil,
                        language: String? = nil, title: String = "", description: String = "", domain: String? = nil) {
                self.data = data; self.image = image; self.imageAltText = imageAltText; self.imageAspectRatio = imageAspectRatio
                self.language = language; self.title = title; self.description = description; self.domain = domain
            }
        }

        /// A control card: shown to nobody, counted for the campaign's control group (log its impression).
        public struct Control: Sendable, Hashable {
            public var data: Data
            public init(data: Data = .init()) { self.data = data }
        }

        // MARK: Common fields

        public var data: Data {
            get {
                switch self {
                case .classic(let c): return c.data
                case .classicImage(let c): return c.data
                case .imageOnly(let c): return c.data
                case .captionedImage(let c): return c.data
                case .control(let c): return c.data
                }
            }
            set {
                switch self {
                case .classic(var c): c.data = newValue; self = .classic(c)
                case .classicImage(var c): c.data = newValue; self = .classicImage(c)
                case .imageOnly(var c): c.data = newValue; self = .imageOnly(c)
                case .captionedImage(var c): c.data = newValue; self = .captionedImage(c)
                case .control(var c): c.data = newValue; self = .control(c)
                }
            }
        }

        public var id: String { data.id }
        public var viewed: Bool { get { data.viewed } set { data.viewed = newValue } }
        public var dismissible: Bool { get { data.dismissible } set { data.dismissible = newValue } }
        public var removed: Bool { get { data.removed } set { data.removed = newValue } }
        public var pinned: Bool { get { data.pinned } set { data.pinned = newValue } }
        public var clicked: Bool { get { data.clicked } set { data.clicked = newValue } }
        public var test: Bool { data.test }
        public var createdAt: TimeInterval { data.createdAt }
        public var expiresAt: TimeInterval { data.expiresAt }
        public var extras: [String: Any] { data.extras }
        public var clickAction: ClickAction? { data.clickAction }
        /// Set by apps that build cards themselves, to decide what logging and clicks do.
        public var context: Context? { get { data.context } set { data.context = newValue } }

        public var classic: Classic? { if case .classic(let c) = self { return c }; return nil }
        public var classicImage: ClassicImage? { if case .classicImage(let c) = self { return c }; return nil }
        public var imageOnly: ImageOnly? { if case .imageOnly(let c) = self { return c }; return nil }
        public var captionedImage: CaptionedImage? { if case .captionedImage(let c) = self { return c }; return nil }
        public var control: Control? { if case .control(let c) = self { return c }; return nil }

        /// The kind's name as Braze's JSON spells it.
        public var typeName: String {
            switch self {
            case .classic: return "short_news"
            case .classicImage: return "short_news_image"
            case .imageOnly: return "banner_image"
            case .captionedImage: return "captioned_image"
            case .control: return "control"
            }
        }

        /// The card's title (nil for image-only and control cards, where setting it does nothing).
        public var title: String? {
            get {
                switch self {
                case .classic(let c): return c.title
                case .classicImage(let c): return c.title
                case .captionedImage(let c): return c.title
                case .imageOnly, .control: return nil
                }
            }
            set {
                guard let newValue else { return }
                switch self {
                case .classic(var c): c.title = newValue; self = .classic(c)
                case .classicImage(var c): c.title = newValue; self = .classicImage(c)
                case .captionedImage(var c): c.title = newValue; self = .captionedImage(c)
                case .imageOnly, .control: break
                }
            }
        }

        /// The card's description text (nil for image-only and control cards, where setting it does nothing).
        public var description: String? {
            get {
                switch self {
                case .classic(let c): return c.description
                case .classicImage(let c): return c.description
                case .captionedImage(let c): return c.description
                case .imageOnly, .control: return nil
                }
            }
            set {
                guard let newValue else { return }
                switch self {
                case .classic(var c): c.description = newValue; self = .classic(c)
                case .classicImage(var c): c.description = newValue; self = .classicImage(c)
                case .captionedImage(var c): c.description = newValue; self = .captionedImage(c)
                case .imageOnly, .control: break
                }
            }
        }

        /// The card's domain line, when its kind has one.
        public var domain: String? {
            switch self {
            case .classic(let c): return c.domain
            case .classicImage(let c): return c.domain
            case .captionedImage(let c): return c.domain
            case .imageOnly, .control: return nil
            }
        }

        /// The card's image, when its kind has one.
        public var image: URL? {
            switch self {
            case .classicImage(let c): return c.image
            case .imageOnly(let c): return c.image
            case .captionedImage(let c): return c.image
            case .classic, .control: return nil
            }
        }

        /// The card's image URL, when its kind has one (the same as `image`).
        public var imageURL: URL? { image }

        public var debugDescription: String { "ContentCard(\(typeName), id: \(id), viewed: \(viewed), pinned: \(pinned))" }

        /// The card as JSON (the fields of `ContentCardRaw`).
        public func json() -> Foundation.Data? { ContentCardRaw(self).json() }
    }
}
