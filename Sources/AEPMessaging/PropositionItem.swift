import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore

/// One item of a proposition (AEPMessaging `PropositionItem`): `{"id", "schema", "data"}` — `data` must be an
/// object. Typed views of `data`: `htmlContent`, `jsonContentDictionary` / `jsonContentArray`, `inappSchemaData`.
public class PropositionItem: NSObject, Codable, @unchecked Sendable {
    public let itemId: String
    public let schema: SchemaType
    /// `data` as Foundation values (integral numbers as `Int`).
    public let itemData: [String: Any]
    let data: [String: JSONValue]
    /// The proposition it belongs to (held weakly, as upstream; `track` needs it).
    weak var proposition: Proposition?

    enum CodingKeys: String, CodingKey { case id, schema, data }

    init(itemId: String, schema: SchemaType, data: [String: JSONValue]) {
        self.itemId = itemId
        self.schema = schema
        self.data = data
        itemData = data.mapValues(\.foundationPreservingIntegers)
    }

    convenience init(json: JSONValue, path: String) throws {
        guard case .object(let o) = json else { throw MessagingPropositionError.unexpectedType(path: path, expected: "object") }
        guard let id = o["id"]?.stringValue else { throw MessagingPropositionError.missingField(path: path + ".id") }
        guard let schema = o["schema"]?.stringValue else { throw MessagingPropositionError.missingField(path: path + ".schema") }
        guard case .object(let data)? = o["data"] else {
            throw MessagingPropositionError.unexpectedType(path: path + ".data", expected: "object")
        }
        self.init(itemId: id, schema: SchemaType(from: schema), data: data)
    }

    public required convenience init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do { try self.init(json: value, path: "item") } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(itemId, forKey: .id)
        try c.encode(schema.toString(), forKey: .schema)
        try c.encode(JSONValue.object(data), forKey: .data)
    }

    override public var description: String { "PropositionItem(id: \(itemId), schema: \(schema.toString()))" }
}

extension PropositionItem {
    /// Sends an interaction event for this item, as AEPMessaging does: an event-history record ("Write IAM event to
    /// history") when the proposition has an activity id, then a "Track propositions" request (`messaging` /
    /// `requestContent`, data `{"trackpropositions": true, "propositioninteraction": <generateInteractionXdm>}`)
    /// that the Messaging extension turns into an Edge "Messaging interaction event". Nothing is sent when the item
    /// no longer has its proposition (it is held weakly). Also recorded at once in `MessagingEventLog.current` and
    /// the trace.
    public func track(_ interaction: String? = nil, withEdgeEventType eventType: MessagingEdgeEventType,
                      forTokens tokens: [String]? = nil) {
        let environment = MessagingEnvironment.current
        let traceID = MessageID(itemId)
        Messaging.register()
        if let proposition {
            PropositionInteraction.recordHistory(about: itemId, eventType: eventType, activityId: proposition.info.activityId,
                                                 interaction: interaction, environment: environment, traceID: traceID)
        }
        guard let xdm = interactionXdm(interaction, eventType: eventType, tokens: tokens) else {
            environment.trace.record(.diagnostic, "trackIgnored", message: traceID,
                                     ["eventType": eventType.toString(), "reason": "no proposition"])
            return
        }
        PropositionInteraction.log(xdm: xdm, about: itemId, eventType: eventType, interaction: interaction,
                                   environment: environment, traceID: traceID)
        MobileCore.dispatch(event: Event(name: Messaging.Names.trackPropositions, type: EventType.messaging,
                                         source: EventSource.requestContent,
                                         data: [Messaging.Keys.trackPropositions: true,
                                                Messaging.Keys.propositionInteraction: xdm.foundationPreservingIntegers]))
    }

    /// The interaction XDM for this item (see `track`), or nil when the item no longer has its proposition.
    public func generateInteractionXdm(_ interaction: String? = nil, withEdgeEventType eventType: MessagingEdgeEventType,
                                       forTokens tokens: [String]? = nil) -> [String: Any]? {
        interactionXdm(interaction, eventType: eventType, tokens: tokens)?.foundationPreservingIntegers as? [String: Any]
    }

    func interactionXdm(_ interaction: String?, eventType: MessagingEdgeEventType, tokens: [String]?) -> JSONValue? {
        guard let proposition else { return nil }
        return PropositionInteraction.xdm(eventType: eventType, interaction: interaction, info: proposition.info,
                                          itemId: itemId, tokens: tokens)
    }

    /// For a `jsonContent` item whose content is an object: that object.
    public var jsonContentDictionary: [String: Any]? {
        guard schema == .jsonContent, let typed = try? JsonContentSchemaData(json: data) else { return nil }
        return typed.content as? [String: Any]
    }

    /// For a `jsonContent` item whose content is an array: that array.
    public var jsonContentArray: [Any]? {
        guard schema == .jsonContent, let typed = try? JsonContentSchemaData(json: data) else { return nil }
        return typed.content as? [Any]
    }

    /// For an `htmlContent` item: its HTML.
    public var htmlContent: String? {
        guard schema == .htmlContent else { return nil }
        return (try? HtmlContentSchemaData(json: data))?.content
    }

    /// For an `inapp` item whose data decodes: its in-app data.
    public var inappSchemaData: InAppSchemaData? {
        guard schema == .inapp else { return nil }
        return try? InAppSchemaData(.object(data), path: "data")
    }
}
