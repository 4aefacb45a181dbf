import Foundation
import InAppCore

/// The data of a JSON code-based item (AEPMessaging `JsonContentSchemaData`): `{"content": {...} or [...],
/// "format": "application/json"}`; a missing format is `.applicationJson`. Content that is neither an object nor
/// an array does not decode.
public class JsonContentSchemaData: NSObject, Codable, @unchecked Sendable {
    /// A `[String: Any]` or an `[Any]`.
    public let content: Any
    public let format: ContentType?
    let json: JSONValue

    enum CodingKeys: String, CodingKey { case content, format }

    init(json o: [String: JSONValue]) throws {
        switch o["content"] {
        case .object? , .array?: json = o["content"]!
        default: throw MessagingPropositionError.unexpectedType(path: "data.content", expected: "object or array")
        }
        content = json.foundationPreservingIntegers
        format = o["format"]?.stringValue.map(ContentType.init(from:)) ?? .applicationJson
    }

    public required convenience init(from decoder: any Decoder) throws {
        guard case .object(let o) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an object"))
        }
        try self.init(json: o)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode((format ?? .applicationJson).toString(), forKey: .format)
        try c.encode(json, forKey: .content)
    }
}
