import Foundation
import InAppCore

/// An event of the AEP event hub (AEPCore `Event`): a name, a type and a source (the strings of `EventType` and
/// `EventSource`, or your own), optional data, and the identifiers that tie a response to the event it answers.
/// `MobileCore.dispatch(event:)` hands it to the environment's event hub: the extensions listening for its type and
/// source (AEPMessaging evaluates its in-app rules against every event) and the listeners registered with
/// `MobileCore.registerEventListener(type:source:listener:)`. With a `mask`, the hub also records it in event history.
public class Event: NSObject, Codable, @unchecked Sendable {
    public let name: String
    public private(set) var id = UUID()
    public let type: String
    public let source: String
    public private(set) var data: [String: Any]?
    public private(set) var timestamp = Date()
    /// For a response event: the `id` of the event it answers.
    public private(set) var responseID: UUID?
    /// For a chained event: the `id` of the event that caused it.
    public private(set) var parentID: UUID?
    /// The data keys that make two events the same for event history (nil: every key).
    public private(set) var mask: [String]?
    /// The number the event hub gave the event when it was dispatched (guarded by the hub's lock).
    var hubNumber: Int?

    public convenience init(name: String, type: String, source: String, data: [String: Any]?) {
        self.init(name: name, type: type, source: source, data: data, mask: nil)
    }

    public init(name: String, type: String, source: String, data: [String: Any]?, mask: [String]? = nil) {
        self.name = name
        self.type = type
        self.source = source
        self.data = data
        self.mask = mask
        super.init()
    }

    /// A response to this event (its `responseID` is this event's `id`), as an extension answers a request.
    public func createResponseEvent(name: String, type: String, source: String, data: [String: Any]?) -> Event {
        let response = Event(name: name, type: type, source: source, data: data)
        response.responseID = id
        return response
    }

    /// An event caused by this one (its `parentID` is this event's `id`).
    public func createChainedEvent(name: String, type: String, source: String, data: [String: Any]?,
                                   mask: [String]? = nil) -> Event {
        let chained = Event(name: name, type: type, source: source, data: data, mask: mask)
        chained.parentID = id
        return chained
    }

    override public var description: String {
        let payload = data.map { JSONValue(any: $0).description } ?? "nil"
        return "Event(name: \(name), type: \(type), source: \(source), id: \(id), data: \(payload))"
    }

    private enum CodingKeys: String, CodingKey {
        case name, id, type, source, data, timestamp, responseID, parentID, mask
    }

    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        type = try c.decode(String.self, forKey: .type)
        source = try c.decode(String.self, forKey: .source)
        id = try c.decodeIfPresent(UUID.self, forKey: .id) ?? UUID()
        timestamp = try c.decodeIfPresent(Date.self, forKey: .timestamp) ?? Date()
        responseID = try c.decodeIfPresent(UUID.self, forKey: .responseID)
        parentID = try c.decodeIfPresent(UUID.self, forKey: .parentID)
        mask = try c.decodeIfPresent([String].self, forKey: .mask)
        if let json = try c.decodeIfPresent(JSONValue.self, forKey: .data), case .object = json {
            data = json.foundationValue as? [String: Any]
        }
        super.init()
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encode(source, forKey: .source)
        try c.encode(timestamp, forKey: .timestamp)
        try c.encodeIfPresent(responseID, forKey: .responseID)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(mask, forKey: .mask)
        if let data { try c.encode(JSONValue(any: data), forKey: .data) }
    }
}
