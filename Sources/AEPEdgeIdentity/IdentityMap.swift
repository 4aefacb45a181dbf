import Foundation
import InAppCore

/// How sure the app is of an identity (AEPEdgeIdentity `AuthenticatedState`); its raw value is the XDM string.
public enum AuthenticatedState: Int, Codable, Sendable {
    case ambiguous = 0
    case authenticated = 1
    case loggedOut = 2

    /// `ambiguous`, `authenticated` or `loggedOut`.
    public var name: String {
        switch self {
        case .ambiguous: return "ambiguous"
        case .authenticated: return "authenticated"
        case .loggedOut: return "loggedOut"
        }
    }
}

/// One identity (AEPEdgeIdentity `IdentityItem`). Two items are equal when their ids are (case-insensitively).
public class IdentityItem: NSObject, Codable, @unchecked Sendable {
    public let id: String
    public let authenticatedState: AuthenticatedState
    public let primary: Bool

    public init(id: String, authenticatedState: AuthenticatedState = .ambiguous, primary: Bool = false) {
        self.id = id
        self.authenticatedState = authenticatedState
        self.primary = primary
    }

    override public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? IdentityItem else { return false }
        return id.lowercased() == other.id.lowercased()
    }
    override public var hash: Int { id.lowercased().hashValue }

    var json: JSONValue {
        ["id": .string(id), "authenticatedState": .string(authenticatedState.name), "primary": .bool(primary)]
    }
}

/// Identities by namespace (AEPEdgeIdentity `IdentityMap`).
public class IdentityMap: NSObject, Codable, @unchecked Sendable {
    private var items: [String: [IdentityItem]] = [:]
    private var order: [String] = []

    public override init() {}

    /// Whether there is no identity.
    public var isEmpty: Bool { items.isEmpty }
    /// The namespaces, in the order they were added.
    public var namespaces: [String] { order.filter { items[$0] != nil } }

    /// Adds `item` (an item with the same id replaces the earlier one); an empty id or namespace is ignored.
    public func add(item: IdentityItem, withNamespace: String) {
        guard !item.id.isEmpty, !withNamespace.isEmpty else { return }
        if items[withNamespace] == nil { order.append(withNamespace) }
        var list = items[withNamespace] ?? []
        if let i = list.firstIndex(of: item) { list[i] = item } else { list.append(item) }
        items[withNamespace] = list
    }

    /// Removes `item` from the namespace.
    public func remove(item: IdentityItem, withNamespace: String) {
        guard var list = items[withNamespace] else { return }
        list.removeAll { $0 == item }
        items[withNamespace] = list.isEmpty ? nil : list
    }

    /// The items of a namespace, or nil.
    public func getItems(withNamespace: String) -> [IdentityItem]? { items[withNamespace] }

    var json: JSONValue {
        ["identityMap": .object(items.mapValues { .array($0.map(\.json)) })]
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(items)
    }

    public required init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        items = try c.decode([String: [IdentityItem]].self)
        order = items.keys.sorted()
    }
}
