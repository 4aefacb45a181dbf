import Foundation
import AEPServices
import InAppCore

/// The data of an event-history operation item (AEPMessaging `EventHistoryOperationSchemaData`):
/// `{"operation": "insert" | "insertIfNotExists" | "delete", "content": {...}}`, an instruction to record (or
/// remove) an event in the device's event history. `content` usually carries `messageId` and `eventType`
/// (`iam.eventType`). Data without an `operation` string or a `content` object does not decode.
public class EventHistoryOperationSchemaData: NSObject, Codable, @unchecked Sendable {
    public let operation: String
    public let content: [String: AnyCodable]

    enum CodingKeys: String, CodingKey { case operation, content }

    init(json o: [String: JSONValue]) throws {
        guard let operation = o["operation"]?.stringValue else {
            throw MessagingPropositionError.missingField(path: "data.operation")
        }
        guard case .object(let c)? = o["content"] else {
            throw MessagingPropositionError.unexpectedType(path: "data.content", expected: "object")
        }
        self.operation = operation
        content = c.mapValues { AnyCodable($0.foundationPreservingIntegers) }
    }

    public required convenience init(from decoder: any Decoder) throws {
        guard case .object(let o) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an object"))
        }
        try self.init(json: o)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(operation, forKey: .operation)
        try c.encode(content, forKey: .content)
    }

    /// `content.messageId` (or `content["iam.id"]`).
    var messageId: String? { content["messageId"]?.stringValue ?? content["iam.id"]?.stringValue }
    /// `content.eventType` (or `content["iam.eventType"]`).
    var eventType: String? { content["eventType"]?.stringValue ?? content["iam.eventType"]?.stringValue }
}
