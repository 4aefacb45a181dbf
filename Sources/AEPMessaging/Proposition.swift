import Foundation
import InAppCore

/// A decision from Adobe Journey Optimizer for one surface (AEPMessaging `Proposition`): `{"id", "scope",
/// "scopeDetails", "items"}`. As upstream, `id` and `scope` are required and `scopeDetails` must be a non-empty
/// object, or the proposition does not decode; items that do not decode leave the proposition with no items.
public class Proposition: NSObject, Codable, @unchecked Sendable {
    /// The proposition's id.
    public let uniqueId: String
    /// The surface URI it is for.
    public let scope: String
    let scopeDetails: JSONValue
    private let propositionItems: [PropositionItem]

    /// `scopeDetails.activity.priority`, or 0.
    public var priority: Int {
        if case .object(let d) = scopeDetails, case .object(let activity)? = d["activity"] {
            return activity["priority"]?.intValue ?? 0
        }
        return 0
    }

    /// The items, each pointing back at this proposition (for `track`; set once, when the proposition is made).
    public var items: [PropositionItem] { propositionItems }

    enum CodingKeys: String, CodingKey { case id, scope, scopeDetails, items }

    init(uniqueId: String, scope: String, scopeDetails: JSONValue, items: [PropositionItem]) {
        self.uniqueId = uniqueId
        self.scope = scope
        self.scopeDetails = scopeDetails
        propositionItems = items
        super.init()
        for item in items { item.proposition = self }
    }

    /// Reads one proposition the way upstream decodes it (see the type); throws `MessagingPropositionError`.
    convenience init(json: JSONValue, path: String, trace: Trace? = nil) throws {
        guard case .object(let p) = json else { throw MessagingPropositionError.unexpectedType(path: path, expected: "object") }
        guard let id = p["id"]?.stringValue else { throw MessagingPropositionError.missingField(path: path + ".id") }
        guard let scope = p["scope"]?.stringValue else { throw MessagingPropositionError.missingField(path: path + ".scope") }
        guard case .object(let details)? = p["scopeDetails"], !details.isEmpty else {
            throw MessagingPropositionError.missingField(path: path + ".scopeDetails")
        }
        var items: [PropositionItem] = []
        if case .array(let list)? = p["items"] {
            for (i, item) in list.enumerated() {
                guard let parsed = try? PropositionItem(json: item, path: "\(path).items[\(i)]") else {
                    items = []   // as upstream: one undecodable item empties the list
                    (trace ?? MessagingEnvironment.current.trace).record(.diagnostic, "itemSkipped",
                                                              ["path": "\(path).items[\(i)]", "reason": "item does not decode"])
                    break
                }
                items.append(parsed)
            }
        }
        self.init(uniqueId: id, scope: scope, scopeDetails: .object(details), items: items)
    }

    public required convenience init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do { try self.init(json: value, path: "proposition") } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(uniqueId, forKey: .id)
        try c.encode(scope, forKey: .scope)
        try c.encode(scopeDetails, forKey: .scopeDetails)
        try c.encode(propositionItems, forKey: .items)
    }

    /// As upstream, two propositions are equal when their activity ids are.
    override public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Proposition else { return false }
        return info.activityId == other.info.activityId
    }
    override public var hash: Int { info.activityId.hashValue }

    var info: PropositionInfo { PropositionInfo(id: uniqueId, scope: scope, scopeDetails: scopeDetails) }

    /// `scopeDetails.rank`, or -1 (propositions are processed in rank order).
    var rank: Int {
        if case .object(let d) = scopeDetails { return d["rank"]?.intValue ?? -1 }
        return -1
    }

    override public var description: String { "Proposition(id: \(uniqueId), scope: \(scope), items: \(propositionItems.count))" }
}
