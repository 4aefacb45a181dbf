import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore

/// The Experience Cloud Identity extension (AEPIdentity `Identity`), headless: one Experience Cloud ID (made up on
/// first use, 38 digits) and one set of synced customer identifiers per environment (per test). Nothing is sent to
/// the identity service (there is no network): a sync is dispatched on the event hub as upstream's request
/// ("IdentityRequestIdentity", `generic.identity` / `requestIdentity`) and traced. Completions run on the
/// environment's background executor.
///
/// Apps register it beside Edge Identity (`AEPIdentity.Identity.self`, `AEPEdgeIdentity.Identity.self`): both
/// modules name their extension `Identity`, as upstream.
public class Identity: NSObject, Extension {
    public static let extensionVersion = "5.6.0"
    public let name = Identity.extensionName
    public let friendlyName = "Identity"
    public let metadata: [String: String]? = nil
    public let runtime: any ExtensionRuntime
    static let extensionName = "com.adobe.module.identity"

    public required init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    struct State {
        var ecid: String?
        /// Synced identifiers by type, in the order their types were first synced.
        var identifiers: [CustomIdentity] = []
    }
    private final class Store: Sendable { let state = Locked(State()) }
    static var state: Locked<State> { MessagingEnvironment.current.shared(Store.self) { Store() }.state }

    static var ecid: String {
        state.withLock { s in
            if let e = s.ecid { return e }
            let digits = (0..<38).map { i in String(i == 0 ? Int.random(in: 1...9) : Int.random(in: 0...9)) }.joined()
            s.ecid = digits
            return digits
        }
    }

    /// Shares the ECID (`mid`) as the extension's state; forgets identities on `MobileCore.resetIdentities()`.
    public func onRegistered() {
        createSharedState(data: ["mid": Identity.ecid], event: nil)
        registerListener(type: EventType.genericIdentity, source: EventSource.requestReset) { [weak self] event in
            Identity.state.withLock { $0 = State() }
            MessagingEnvironment.current.trace.record(.delivery, "identitiesReset", ["extension": Identity.extensionName])
            self?.createSharedState(data: ["mid": Identity.ecid], event: event)
        }
    }

    public func onUnregistered() {}
}

extension Identity {
    /// Appends the visitor's identifiers to `url` as upstream's `adobe_mc` query item
    /// (`TS=<seconds>|MCMID=<ECID>|MCORGID=<experienceCloud.org>`). A nil or unusable URL gives
    /// `AEPError.invalidRequest`.
    public static func appendTo(url: URL?, completion: @escaping (URL?, (any Error)?) -> Void) {
        let done = Unchecked(completion)
        let background = MessagingEnvironment.current.background
        guard let url, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            background.execute { done.value(nil, AEPError.invalidRequest) }
            return
        }
        var items = parts.queryItems ?? []
        items.append(URLQueryItem(name: "adobe_mc", value: visitorPayload()))
        parts.queryItems = items
        let result = parts.url
        background.execute { done.value(result, result == nil ? AEPError.unexpected : nil) }
    }

    /// Calls `completion` with the `adobe_mc=...` query string `appendTo(url:completion:)` would append.
    public static func getUrlVariables(completion: @escaping (String?, (any Error)?) -> Void) {
        var parts = URLComponents()
        parts.queryItems = [URLQueryItem(name: "adobe_mc", value: visitorPayload())]
        let value = parts.percentEncodedQuery
        let done = Unchecked(completion)
        MessagingEnvironment.current.background.execute { done.value(value, nil) }
    }

    /// Calls `completion` with the synced customer identifiers.
    public static func getIdentifiers(completion: @escaping ([any Identifiable]?, (any Error)?) -> Void) {
        let list = state.withLock { $0.identifiers }
        let done = Unchecked(completion)
        MessagingEnvironment.current.background.execute { done.value(list.map { $0 as any Identifiable }, nil) }
    }

    /// Calls `completion` with the Experience Cloud ID.
    public static func getExperienceCloudId(completion: @escaping (String?, (any Error)?) -> Void) {
        let value = ecid
        let done = Unchecked(completion)
        MessagingEnvironment.current.background.execute { done.value(value, nil) }
    }

    /// Syncs one identifier (replacing the one of the same type).
    public static func syncIdentifier(identifierType: String, identifier: String,
                                      authenticationState: MobileVisitorAuthenticationState) {
        syncIdentifiers(identifiers: [identifierType: identifier], authenticationState: authenticationState)
    }

    /// Syncs identifiers with an unknown authentication state.
    public static func syncIdentifiers(identifiers: [String: String]?) {
        syncIdentifiers(identifiers: identifiers, authenticationState: .unknown)
    }

    /// Syncs identifiers (type → identifier); empty types or identifiers are skipped, as upstream.
    public static func syncIdentifiers(identifiers: [String: String]?, authenticationState: MobileVisitorAuthenticationState) {
        let valid = (identifiers ?? [:]).filter { !$0.key.isEmpty && !$0.value.isEmpty }
        state.withLock { s in
            for type in valid.keys.sorted() {
                let entry = CustomIdentity(type: type, identifier: valid[type]!, authenticationState: authenticationState)
                if let k = s.identifiers.firstIndex(where: { $0.type == type }) { s.identifiers[k] = entry } else { s.identifiers.append(entry) }
            }
        }
        MessagingEnvironment.current.trace.record(.delivery, "identitySync", [
            "types": valid.keys.sorted().joined(separator: ","), "authenticationState": String(authenticationState.rawValue)])
        MobileCore.dispatch(event: Event(name: "IdentityRequestIdentity", type: EventType.genericIdentity,
                                         source: EventSource.requestIdentity,
                                         data: ["visitoridentifiers": valid, "authenticationstate": authenticationState.rawValue,
                                                "forcesync": false, "issyncevent": true]))
    }

    /// The `adobe_mc` value: timestamp, ECID and (when configured) the Experience Cloud organization.
    static func visitorPayload() -> String {
        var parts = ["TS=\(Int(Date().timeIntervalSince1970))", "MCMID=\(ecid)"]
        if let org = MobileCore.currentConfiguration["experienceCloud.org"]?.stringValue, !org.isEmpty {
            parts.append("MCORGID=\(org)")
        }
        return parts.joined(separator: "|")
    }
}

struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
