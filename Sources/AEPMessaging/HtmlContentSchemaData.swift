import Foundation
import InAppCore

/// The data of an HTML code-based item (AEPMessaging `HtmlContentSchemaData`): `{"content": "<html>",
/// "format": "text/html"}`; a missing format is `.textHtml`.
public class HtmlContentSchemaData: NSObject, Codable, @unchecked Sendable {
    public let content: String
    public let format: ContentType?

    enum CodingKeys: String, CodingKey { case content, format }

    init(json: [String: JSONValue]) throws {
        guard let content = json["content"]?.stringValue else {
            throw MessagingPropositionError.unexpectedType(path: "data.content", expected: "string")
        }
        self.content = content
        format = json["format"]?.stringValue.map(ContentType.init(from:)) ?? .textHtml
    }

    public required convenience init(from decoder: any Decoder) throws {
        guard case .object(let o) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an object"))
        }
        try self.init(json: o)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode((format ?? .textHtml).toString(), forKey: .format)
        try c.encode(content, forKey: .content)
    }
}
