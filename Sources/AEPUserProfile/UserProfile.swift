import Foundation
import InAppCore
import AEPCore

/// The User Profile extension (AEPUserProfile `UserProfile`), headless: user attributes kept in memory by the
/// registered extension, one set per environment (per test), shared as its state (`userprofiledata`). The public
/// API talks to the extension through the event hub as upstream: "UserProfileUpdate" (`userProfile` /
/// `requestProfile`, `{"userprofileupdatekey": {...}}`), "userprofileremovekeys" (`userProfile` / `requestReset`)
/// and "getuserattributes" (`userProfile` / `requestProfile`), answered with a `responseProfile` event. Without
/// the extension registered, `getUserAttributes` times out (`AEPError.callbackTimeout`) as upstream. Nothing is
/// persisted.
public class UserProfile: NSObject, Extension {
    public static let extensionVersion = "5.0.1"
    public let name = "com.adobe.module.userProfile"
    public let friendlyName = "UserProfile"
    public let metadata: [String: String]? = nil
    public let runtime: any ExtensionRuntime

    enum Keys {
        static let update = "userprofileupdatekey"
        static let remove = "userprofileremovekeys"
        static let get = "getuserattributes"
        static let shared = "userprofiledata"
    }

    private final class Store: Sendable { let attributes = Locked([String: Any]()) }
    private var attributes: Locked<[String: Any]> { environment.shared(Store.self) { Store() }.attributes }
    private let environment: MessagingEnvironment

    public required init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        environment = MessagingEnvironment.current
        super.init()
    }

    public func onRegistered() {
        registerListener(type: EventType.userProfile, source: EventSource.requestProfile) { [weak self] event in
            self?.handleRequest(event)
        }
        registerListener(type: EventType.userProfile, source: EventSource.requestReset) { [weak self] event in
            guard let self, let names = event.data?[Keys.remove] as? [String] else { return }
            let removed = self.attributes.withLock { a in names.compactMap { a.removeValue(forKey: $0) }.count }
            guard removed > 0 else { return }
            self.share(event)
        }
    }

    public func onUnregistered() {}

    private func handleRequest(_ event: Event) {
        if let update = event.data?[Keys.update] as? [String: Any] {
            attributes.withLock { a in
                for (key, value) in update {
                    // As upstream, a null value removes the attribute.
                    if value is NSNull { a[key] = nil } else { a[key] = value }
                }
            }
            share(event)
        } else if let names = event.data?[Keys.get] as? [String] {
            let found = attributes.withLock { a in names.reduce(into: [String: Any]()) { $0[$1] = a[$1] } }
            dispatch(event: event.createResponseEvent(name: "UserProfile Response Event", type: EventType.userProfile,
                                                      source: EventSource.responseProfile, data: [Keys.get: found]))
        }
    }

    private func share(_ event: Event) {
        let all = attributes.withLock { $0 }
        createSharedState(data: [Keys.shared: all], event: event)
        dispatch(event: Event(name: "UserProfile Response Event", type: EventType.userProfile, source: EventSource.responseProfile,
                              data: [Keys.shared: all]))
    }
}

extension UserProfile {
    /// Adds or replaces user attributes (a null value removes one). An empty dictionary sends nothing.
    public static func updateUserAttributes(attributeDict: [String: Any]) {
        guard !attributeDict.isEmpty else { return }
        MobileCore.dispatch(event: Event(name: "UserProfileUpdate", type: EventType.userProfile, source: EventSource.requestProfile,
                                         data: [Keys.update: attributeDict]))
    }

    /// Removes user attributes. An empty list sends nothing.
    public static func removeUserAttributes(attributeNames: [String]) {
        guard !attributeNames.isEmpty else { return }
        MobileCore.dispatch(event: Event(name: Keys.remove, type: EventType.userProfile, source: EventSource.requestReset,
                                         data: [Keys.remove: attributeNames]))
    }

    /// Calls `completion` with the named attributes that exist (`AEPError.none`), `AEPError.callbackTimeout` when the
    /// extension does not answer within a second of the environment's clock. An empty list answers `(nil, .none)` at once.
    public static func getUserAttributes(attributeNames: [String], completion: @escaping ([String: Any]?, AEPError) -> Void) {
        guard !attributeNames.isEmpty else {
            completion(nil, .none)
            return
        }
        let done = Callback(completion)
        MobileCore.dispatch(event: Event(name: Keys.get, type: EventType.userProfile, source: EventSource.requestProfile,
                                         data: [Keys.get: attributeNames])) { response in
            guard let response else { done.value(nil, .callbackTimeout); return }
            done.value(response.data?[Keys.get] as? [String: Any], .none)
        }
    }
}

private struct Callback<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
