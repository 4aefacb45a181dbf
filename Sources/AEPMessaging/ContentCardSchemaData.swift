import Foundation
import InAppCore

/// The data of a content-card item (AEPMessaging `ContentCardSchemaData`):
/// `{"content": {...}, "contentType": "application/json", "publishedDate": 1700000000, "expiryDate": ..., "meta": {...}}`.
/// `content` holds the card's template data (`title`, `body`, `image`, `buttons`, `dismissBtn`, `actionUrl`) and
/// `meta.adobe.template` names its template (`SmallImage`, `LargeImage`, `ImageOnly`). Content that is not an object
/// does not decode.
public class ContentCardSchemaData: NSObject, Codable, @unchecked Sendable {
    /// The card's content: a `[String: Any]` (a string for a non-JSON content type).
    public let content: Any
    public let contentType: ContentType
    /// Seconds since 1970.
    public let publishedDate: Int?
    /// Seconds since 1970.
    public let expiryDate: Int?
    public let meta: [String: Any]?
    /// The item this data came from (for tracking).
    weak var parent: PropositionItem?
    let json: [String: JSONValue]

    enum CodingKeys: String, CodingKey { case content, contentType, publishedDate, expiryDate, meta }

    init(json o: [String: JSONValue]) throws {
        let type = o["contentType"]?.stringValue.map(ContentType.init(from:)) ?? .applicationJson
        switch (o["content"], type) {
        case (.object?, .applicationJson): break
        case (.string?, let t) where t != .applicationJson: break
        default: throw MessagingPropositionError.unexpectedType(path: "data.content", expected: "object")
        }
        json = o
        content = o["content"]!.foundationPreservingIntegers
        contentType = type
        publishedDate = o["publishedDate"]?.intValue
        expiryDate = o["expiryDate"]?.intValue
        meta = o["meta"]?.foundationPreservingIntegers as? [String: Any]
    }

    public required convenience init(from decoder: any Decoder) throws {
        guard case .object(let o) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an object"))
        }
        try self.init(json: o)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(json["content"] ?? .null, forKey: .content)
        try c.encode(contentType.toString(), forKey: .contentType)
        try c.encodeIfPresent(publishedDate, forKey: .publishedDate)
        try c.encodeIfPresent(expiryDate, forKey: .expiryDate)
        if let m = json["meta"] { try c.encode(m, forKey: .meta) }
    }

    /// Tracks an interaction with the card through its item (`PropositionItem.track`); nothing is sent when the
    /// data was not read from an item that still has its proposition.
    public func track(_ interaction: String? = nil, withEdgeEventType eventType: MessagingEdgeEventType) {
        guard let parent else {
            MessagingEnvironment.current.trace.record(.diagnostic, "trackIgnored", ["eventType": eventType.toString(),
                                                                                     "reason": "no proposition item"])
            return
        }
        parent.track(interaction, withEdgeEventType: eventType)
    }

    /// `meta.adobe.template`, the card's template name.
    var templateName: String? { ((meta?["adobe"] as? [String: Any])?["template"]) as? String }
    var contentDictionary: [String: Any]? { content as? [String: Any] }
}

extension PropositionItem {
    /// For a `contentCard` item whose data decodes: its content-card data (tracking through this item).
    public var contentCardSchemaData: ContentCardSchemaData? {
        guard schema == .contentCard, let typed = try? ContentCardSchemaData(json: data) else { return nil }
        typed.parent = self
        return typed
    }

    /// For an `eventHistoryOperation` item whose data decodes: its operation.
    public var eventHistoryOperationSchemaData: EventHistoryOperationSchemaData? {
        guard schema == .eventHistoryOperation else { return nil }
        return try? EventHistoryOperationSchemaData(json: data)
    }
}
