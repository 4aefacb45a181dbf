import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore

/// The Consent for Edge Network extension (AEPEdgeConsent `Consent`), headless: one set of consent preferences per
/// environment (per test). `update(with:)` merges the given `consents` into it (a key given replaces the stored one),
/// stamps `metadata.time`, records the update on `EdgeNetwork.current` (type `com.adobe.eventType.edgeConsent`) and
/// dispatches a "Consent Update Request" event (`edgeConsent` / `updateConsent`) on the event hub. Registered, the
/// extension answers each such request with the merged preferences: its XDM shared state and a
/// "Consent Preferences Updated" event (`edgeConsent` / `responseContent`). Completions run on a background thread.
///
/// Bad input (no `consents` dictionary, or an empty one) changes nothing and is logged.
public class Consent: NSObject, Extension {
    public static let extensionVersion = "5.0.0"
    public let name = Consent.extensionName
    public let friendlyName = "Consent"
    public let metadata: [String: String]? = nil
    public let runtime: any ExtensionRuntime
    static let extensionName = "com.adobe.edge.consent"
    static let consentsKey = "consents"

    public required init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    /// The stored preferences, the inner `consents` object (`[:]` until the first update).
    private final class Store: Sendable { let consents = Locked<[String: JSONValue]>([:]) }
    private static var store: Locked<[String: JSONValue]> {
        MessagingEnvironment.current.shared(Store.self) { Store() }.consents
    }

    /// The preferences as apps read them: `["consents": [...]]`, or `[:]` before any update.
    static var current: [String: Any] {
        let consents = store.snapshot
        guard !consents.isEmpty else { return [:] }
        return [consentsKey: JSONValue.object(consents).foundationValue]
    }

    /// Calls `completion` with the current consent preferences (`["consents": ...]`; empty before any update).
    public static func getConsents(completion: @escaping ([String: Any]?, (any Error)?) -> Void) {
        let value = Unchecked(current)
        let done = Unchecked(completion)
        MessagingEnvironment.current.background.execute { done.value(value.value, nil) }
    }

    /// Merges `consents` (`["consents": ["collect": ["val": "y"]], ...]`) into the stored preferences.
    public static func update(with consents: [String: Any]) {
        guard let inner = consents[consentsKey], case .object(let given) = JSONValue(any: inner), !given.isEmpty else {
            AdobeLog.log(.debug, label: "AEPEdgeConsent", "Consent update ignored: no consents given.")
            return
        }
        let time = ISO8601DateFormatter().string(from: Date())
        store.withLock { stored in
            for (key, value) in given { stored[key] = value }
            stored["metadata"] = .object(["time": .string(time)])
        }
        var request = given
        request["metadata"] = .object(["time": .string(time)])
        let data = JSONValue.object([consentsKey: .object(request)])
        EdgeNetwork.current.record(name: "Consent Update Request", type: EventType.edgeConsent,
                                   source: EventSource.updateConsent, data: data)
        MobileCore.dispatch(event: Event(name: "Consent Update Request", type: EventType.edgeConsent,
                                         source: EventSource.updateConsent, data: data.foundationValue as? [String: Any]))
    }

    /// Listens for consent update requests and publishes the merged preferences (XDM shared state and a
    /// "Consent Preferences Updated" event).
    public func onRegistered() {
        registerListener(type: EventType.edgeConsent, source: EventSource.updateConsent) { [weak self] event in
            let merged = Consent.current
            MessagingEnvironment.current.trace.record(.delivery, "consentsUpdated", ["extension": Consent.extensionName])
            self?.createXDMSharedState(data: merged, event: event)
            self?.dispatch(event: Event(name: "Consent Preferences Updated", type: EventType.edgeConsent,
                                        source: EventSource.responseContent, data: merged))
        }
    }

    public func onUnregistered() {}
}

struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
