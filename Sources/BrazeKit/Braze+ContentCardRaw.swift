import Foundation
import InAppCore

extension Braze {
    /// A content card as flat fields (what Objective-C and cross-platform bridges read), convertible both ways.
    public final class ContentCardRaw: @unchecked Sendable {
        /// The card kind.
        public enum CardType: String, Sendable, Hashable {
            case classic = "short_news", classicImage = "short_news_image", imageOnly = "banner_image",
                 captionedImage = "captioned_image", control = "control"
        }

        public var id: String
        public var type: CardType
        public var title: String?
        public var description: String?
        public var image: URL?
        public var imageAltText: String?
        public var imageAspectRatio: Double
        public var domain: String?
        public var url: URL?
        public var useWebView: Bool
        public var viewed: Bool
        public var dismissible: Bool
        public var removed: Bool
        public var pinned: Bool
        public var clicked: Bool
        public var test: Bool
        public var createdAt: TimeInterval
        public var expiresAt: TimeInterval
        public var language: String?
        public var extras: [String: Any]
        public var context: ContentCard.Context?

        public init(_ card: ContentCard) {
            let d = card.data
            id = d.id; viewed = d.viewed; dismissible = d.dismissible; removed = d.removed; pinned = d.pinned
            clicked = d.clicked; test = d.test; createdAt = d.createdAt; expiresAt = d.expiresAt; extras = d.extras
            url = d.clickAction?.url; useWebView = d.clickAction?.useWebView ?? false; context = d.context
            imageAspectRatio = 1
            switch card {
            case .classic(let c):
                type = .classic; title = c.title; description = c.description; domain = c.domain; language = c.language
            case .classicImage(let c):
                type = .classicImage; title = c.title; description = c.description; domain = c.domain; language = c.language
                image = c.image; imageAltText = c.imageAltText
            case .imageOnly(let c):
                type = .imageOnly; image = c.image; imageAltText = c.imageAltText; imageAspectRatio = c.imageAspectRatio ?? 1
                language = c.language
            case .captionedImage(let c):
                type = .captionedImage; title = c.title; description = c.description; domain = c.domain; language = c.language
                image = c.image; imageAltText = c.imageAltText; imageAspectRatio = c.imageAspectRatio ?? 1
            case .control:
                type = .control
            }
        }

        /// Reads a card from Braze's JSON field names (`id`, `type`, `title`, `description`, `image`, `url`,
        /// `viewed`, `pinned`, `created`, `expires_at`, `extras`…). Throws `ContentCardRawError` when the id or
        /// a known type is missing.
        public convenience init(json: Foundation.Data) throws {
            let value: JSONValue
            do { value = try JSONValue(parsing: json) } catch { throw ContentCardRawError.invalidJSON(String(describing: error)) }
            guard case .object(let o) = value else { throw ContentCardRawError.invalidJSON("not an object") }
            try self.init(object: o)
        }

        init(object o: [String: JSONValue]) throws {
            func string(_ k: String) -> String? { if case .string(let s)? = o[k] { return s }; return nil }
            func number(_ k: String) -> Double? { if case .number(let n)? = o[k] { return n }; return nil }
            func bool(_ k: String) -> Bool? { if case .bool(let b)? = o[k] { return b }; return nil }
            guard let id = string("id"), !id.isEmpty else { throw ContentCardRawError.missingField("id") }
            guard let typeName = string("type"), let type = CardType(rawValue: typeName) else {
                throw ContentCardRawError.unknownType(string("type") ?? "")
            }
            self.id = id; self.type = type
            title = string("title"); description = string("description"); domain = string("domain"); language = string("language")
            image = string("image").flatMap(URL.init(string:)); imageAltText = string("image_alt")
            imageAspectRatio = number("aspect_ratio") ?? 1
            url = string("url").flatMap(URL.init(string:)); useWebView = bool("use_webview") ?? false
            viewed = bool("viewed") ?? false; dismissible = bool("dismissible") ?? true; removed = bool("removed") ?? false
            pinned = bool("pinned") ?? false; clicked = bool("clicked") ?? false; test = bool("test") ?? false
            createdAt = number("created") ?? 0; expiresAt = number("expires_at") ?? 0
            if case .object(let e)? = o["extras"] { extras = e.mapValues { $0.foundationValue as Any } } else { extras = [:] }
        }

        /// The card as JSON with Braze's field names.
        public func json() -> Foundation.Data? {
            var o: [String: JSONValue] = ["id": .string(id), "type": .string(type.rawValue), "viewed": .bool(viewed),
                                          "dismissible": .bool(dismissible), "removed": .bool(removed), "pinned": .bool(pinned),
                                          "clicked": .bool(clicked), "test": .bool(test), "created": .number(createdAt),
                                          "expires_at": .number(expiresAt), "use_webview": .bool(useWebView),
                                          "extras": JSONValue(any: extras)]
            if let title { o["title"] = .string(title) }
            if let description { o["description"] = .string(description) }
            if let domain { o["domain"] = .string(domain) }
            if let image { o["image"] = .string(image.absoluteString); o["aspect_ratio"] = .number(imageAspectRatio) }
            if let imageAltText { o["image_alt"] = .string(imageAltText) }
            if let url { o["url"] = .string(url.absoluteString) }
            if let language { o["language"] = .string(language) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try? encoder.encode(JSONValue.object(o))
        }

    }

    /// Why a raw card cannot become a `ContentCard`.
    public enum ContentCardRawError: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        case invalidJSON(String)
        case missingField(String)
        case unknownType(String)

        public var description: String {
            switch self {
            case .invalidJSON(let why): return "content card: invalid JSON (\(why))"
            case .missingField(let field): return "content card: \"\(field)\" is missing"
            case .unknownType(let name):
                let known = ["short_news", "short_news_image", "banner_image", "captioned_image", "control"]
                let found = name.isEmpty ? "missing" : "\"\(name)\""
                return "content card: \"type\" is \(found); expected one of \(known.joined(separator: ", "))"
            }
        }
    }
}

extension Braze.ContentCard {
    /// The typed card for `raw`; throws when a kind with an image has none.
    public init(_ raw: Braze.ContentCardRaw) throws {
        let data = Data(id: raw.id, clickAction: raw.url.map { .url($0, useWebView: raw.useWebView) }, viewed: raw.viewed,
                        dismissible: raw.dismissible, removed: raw.removed, pinned: raw.pinned, clicked: raw.clicked,
                        test: raw.test, createdAt: raw.createdAt, expiresAt: raw.expiresAt, extras: raw.extras,
                        context: raw.context)
        func image() throws -> URL {
            guard let image = raw.image else { throw Braze.ContentCardRawError.missingField("image") }
            return image
        }
        switch raw.type {
        case .classic:
            self = .classic(Classic(data: data, language: raw.language, title: raw.title ?? "", description: raw.description ?? "",
                                    domain: raw.domain))
        case .classicImage:
            self = .classicImage(ClassicImage(data: data, image: try image(), imageAltText: raw.imageAltText, language: raw.language,
                                              title: raw.title ?? "", description: raw.description ?? "", domain: raw.domain))
        case .imageOnly:
            self = .imageOnly(ImageOnly(data: data, image: try image(), imageAltText: raw.imageAltText,
                                        imageAspectRatio: raw.imageAspectRatio, language: raw.language))
        case .captionedImage:
            self = .captionedImage(CaptionedImage(data: data, image: try image(), imageAltText: raw.imageAltText,
                                                  imageAspectRatio: raw.imageAspectRatio, language: raw.language,
                                                  title: raw.title ?? "", description: raw.description ?? "", domain: raw.domain))
        case .control:
            self = .control(Control(data: data))
        }
    }
}
