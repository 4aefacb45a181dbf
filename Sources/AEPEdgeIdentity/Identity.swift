import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore

/// The Edge Identity extension (AEPEdgeIdentity `Identity`), headless: one identity map per environment (per test), an ECID made
/// up on first use, and every update or removal recorded as an identity event on `EdgeNetwork.current` (type
/// `com.adobe.eventType.edgeIdentity`) and dispatched on the event hub ("Edge Identity Update Identities" /
/// "Edge Identity Remove Identities", sources `updateIdentity` / `removeIdentity`). Completions run on a background
/// thread.
public class Identity: NSObject, Extension {
    public static let extensionVersion = "5.0.0"
    public let name = Identity.extensionName
    public let friendlyName = "Edge Identity"
    public let metadata: [String: String]? = nil
    public let runtime: any ExtensionRuntime
    static let extensionName = "com.adobe.edge.identity"

    public required init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    private struct State {
        var ecid: String?
        var map = IdentityMap()
    }
    /// One identity map and ECID per `MessagingEnvironment` (each test its own).
    private final class Store: Sendable { let state = Locked(State()) }
    private static var state: Locked<State> { MessagingEnvironment.current.shared(Store.self) { Store() }.state }

    private static var ecid: String {
        state.withLock { s in
            if let e = s.ecid { return e }
            // 38 decimal digits, as an ECID has.
            let digits = (0..<38).map { i in String(i == 0 ? Int.random(in: 1...9) : Int.random(in: 0...9)) }.joined()
            s.ecid = digits
            return digits
        }
    }

    /// Calls `completion` with the Experience Cloud ID.
    public static func getExperienceCloudId(completion: @escaping (String?, (any Error)?) -> Void) {
        let value = ecid
        let done = Unchecked(completion)
        MessagingEnvironment.current.background.execute { done.value(value, nil) }
    }

    /// Calls `completion` with the identities: the ECID (namespace `ECID`) and those added with `updateIdentities`.
    public static func getIdentities(completion: @escaping (IdentityMap?, (any Error)?) -> Void) {
        let id = ecid
        let map = IdentityMap()
        map.add(item: IdentityItem(id: id), withNamespace: "ECID")
        let current = state.withLock { $0.map }
        for namespace in current.namespaces {
            for item in current.getItems(withNamespace: namespace) ?? [] { map.add(item: item, withNamespace: namespace) }
        }
        let done = Unchecked(completion)
        MessagingEnvironment.current.background.execute { done.value(map, nil) }
    }

    /// Adds or updates identities (an `ECID` namespace is ignored, as upstream); recorded as an identity update.
    public static func updateIdentities(with map: IdentityMap) {
        state.withLock { s in
            for namespace in map.namespaces where namespace.uppercased() != "ECID" {
                for item in map.getItems(withNamespace: namespace) ?? [] { s.map.add(item: item, withNamespace: namespace) }
            }
        }
        EdgeNetwork.current.record(name: "Edge Identity Update Identities", type: "com.adobe.eventType.edgeIdentity",
                                   source: "com.adobe.eventSource.updateIdentity", data: map.json)
        MobileCore.dispatch(event: Event(name: "Edge Identity Update Identities", type: EventType.edgeIdentity,
                                         source: EventSource.updateIdentity, data: map.json.foundationValue as? [String: Any]))
    }

    /// Removes one identity; recorded as an identity removal.
    public static func removeIdentity(item: IdentityItem, withNamespace: String) {
        state.withLock { $0.map.remove(item: item, withNamespace: withNamespace) }
        let removed = IdentityMap()
        removed.add(item: item, withNamespace: withNamespace)
        EdgeNetwork.current.record(name: "Edge Identity Remove Identities", type: "com.adobe.eventType.edgeIdentity",
                                   source: "com.adobe.eventSource.removeIdentity", data: removed.json)
        MobileCore.dispatch(event: Event(name: "Edge Identity Remove Identities", type: EventType.edgeIdentity,
                                         source: EventSource.removeIdentity, data: removed.json.foundationValue as? [String: Any]))
    }

    /// Listens for `MobileCore.resetIdentities()` ("Reset Identities Request", `generic.identity` /
    /// `requestReset`): forgets the identity map and the ECID (a new one is made on next use) and publishes the
    /// emptied identity map as its XDM shared state.
    public func onRegistered() {
        registerListener(type: EventType.genericIdentity, source: EventSource.requestReset) { [weak self] event in
            Identity.state.withLock { $0 = State() }
            MessagingEnvironment.current.trace.record(.delivery, "identitiesReset", ["extension": Identity.extensionName])
            self?.createXDMSharedState(data: ["identityMap": [String: Any]()], event: event)
        }
    }

    public func onUnregistered() {}

    /// Forgets the ECID and the identity map (for tests; not an AEP API).
    @_spi(OpenInApp) public static func resetIdentities() { state.withLock { $0 = State() } }
}

struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
