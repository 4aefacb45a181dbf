import Foundation
import InAppCore

/// One handle of an Edge response (AEPEdge `EdgeEventHandle`): its `type` (e.g. `personalization:decisions`) and
/// `payload`.
public class EdgeEventHandle: NSObject, Codable, @unchecked Sendable {
    public let type: String?
    public let payload: [[String: Any]]?
    private let payloadJSON: [JSONValue]?

    enum CodingKeys: String, CodingKey { case type, payload }

    init?(json: JSONValue) {
        guard case .object(let o) = json else { return nil }
        type = o["type"]?.stringValue
        if case .array(let list)? = o["payload"] {
            let objects = list.filter { if case .object = $0 { return true } else { return false } }
            payloadJSON = objects
            payload = objects.compactMap { $0.foundationValue as? [String: Any] }
        } else {
            payloadJSON = nil
            payload = nil
        }
    }

    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        let list = try c.decodeIfPresent([JSONValue].self, forKey: .payload)
        payloadJSON = list
        payload = list?.compactMap { $0.foundationValue as? [String: Any] }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(payloadJSON, forKey: .payload)
    }
}
