import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore

/// The Edge Identity extension (AEPEdgeIdentity `Identity`), headless: one identity map per environment (per test), an ECID made
/// up on first use, and every update or removal recorded as an identity event on `EdgeNetwork.current` (type
/// `com.adobe.eventType.edgeIdentity`). Completions run on a background thread.
public class Identity: NSObject, Extension {
    public static let extensionVersion = "5.0.0"
    public static var extensionName: String { "com.adobe.edge.identity" }
    public static var friendlyName: String { "Edge Identity" }

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
    }

    /// Removes one identity; recorded as an identity removal.
    public static func removeIdentity(item: IdentityItem, withNamespace: String) {
        state.withLock { $0.map.remove(item: item, withNamespace: withNamespace) }
        let removed = IdentityMap()
        removed.add(item: item, withNamespace: withNamespace)
        EdgeNetwork.current.record(name: "Edge Identity Remove Identities", type: "com.adobe.eventType.edgeIdentity",
                                   source: "com.adobe.eventSource.removeIdentity", data: removed.json)
    }

    /// When registered, listens for `MobileCore.resetIdentities()` (installed once per process; the reset applies to
    /// the environment the request was dispatched in, and only where Identity is registered there).
    public static func onRegistered() {
        listenForReset.run()
    }

    private static let listenForReset = Once {
        MobileCore.addEventListener { type, source, _ in
            guard type == EventType.genericIdentity, source == EventSource.requestReset,
                  MobileCore.isRegistered(extensionName: Identity.extensionName) else { return }
            state.withLock { $0 = State() }
            MessagingEnvironment.current.trace.record(.delivery, "identitiesReset", ["extension": Identity.extensionName])
        }
    }

    /// Forgets the ECID and the identity map (for tests; not an AEP API).
    @_spi(OpenInApp) public static func resetIdentities() { state.withLock { $0 = State() } }
}

/// Runs its work the first time `run()` is called.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var work: (() -> Void)?
    init(_ work: @escaping () -> Void) { self.work = work }
    func run() {
        lock.lock(); let pending = work; work = nil; lock.unlock()
        pending?()
    }
}

struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
