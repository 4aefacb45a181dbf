/// The template a content card is drawn with (`meta.adobe.template`).
public enum ContentCardTemplateType: String, Sendable {
    case smallImage = "SmallImage"
    case largeImage = "LargeImage"
    case imageOnly = "ImageOnly"
    case unknown = "Unknown"

    init(from string: String?) { self = string.flatMap(ContentCardTemplateType.init(rawValue:)) ?? .unknown }
}
