import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore
@_spi(OpenInApp) import AEPServices

/// The Adobe Experience Platform Edge extension (AEPEdge `Edge`), headless: it carries every `edge` /
/// `requestContent` event dispatched on the hub to the simulated Edge network of its environment
/// (`EdgeNetwork.current`), which records it, and dispatches the network's answer as AEP's Edge does:
/// one "AEP Response Event Handle" per handle (type `edge`, source the handle's type — e.g.
/// `personalization:decisions` — data the handle plus `requestEventId`, the request's id), one "AEP Error Response"
/// per error (`edge` / `errorResponseContent`), then "AEP Response Complete" (`edge` / `contentComplete`,
/// `{"requestEventId"}`). A personalization request (`query.personalization.surfaces`) is answered with the
/// propositions the test set; any other event with the experience-event handles the test set
/// (`respondToExperienceEvents(with:)`). An unreachable network answers nothing. Nothing leaves the process.
///
/// AEPMessaging and `Edge.sendEvent` make the extension run on the hub when the app has not registered it.
public class Edge: NSObject, Extension {
    public static let extensionVersion = "5.0.3"
    public let name = "com.adobe.edge"
    public let friendlyName = "AEPEdge"
    public let metadata: [String: String]? = nil
    public let runtime: any ExtensionRuntime

    static let requestName = "AEP Request Event"
    static let handleName = "AEP Response Event Handle"
    static let errorName = "AEP Error Response"
    static let completeName = "AEP Response Complete"
    static let personalizationTimeout: TimeInterval = 10

    public required init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    public func onRegistered() {
        registerListener(type: EventType.edge, source: EventSource.requestContent) { [weak self] event in
            self?.send(event)
        }
    }

    public func onUnregistered() {}

    /// Sends an experience event (an "AEP Request Event" through the hub). As upstream, an event without XDM is not
    /// sent (logged). `completion` receives the response handles on a background thread once the response is
    /// complete.
    public static func sendEvent(experienceEvent: ExperienceEvent, _ completion: (([EdgeEventHandle]) -> Void)? = nil) {
        guard let xdm = experienceEvent.xdm, !xdm.isEmpty else {
            AdobeLog.log(.debug, label: "AEPEdge", "Failed to dispatch the experience event because the XDM data was nil/empty.")
            return
        }
        MobileCore.attachImplicitly(Edge.self)
        let event = Event(name: requestName, type: EventType.edge, source: EventSource.requestContent,
                          data: experienceEvent.eventData.foundationValue as? [String: Any])
        if let completion {
            let box = Unchecked(completion)
            completions.withLock { $0[event.id] = { box.value($0) } }
        }
        MobileCore.dispatch(event: event)
    }

    /// `sendEvent` completions waiting for their response, by request event id (one table per environment).
    private final class Completions: Sendable {
        let table = Locked([UUID: @Sendable ([EdgeEventHandle]) -> Void]())
    }
    private static var completions: Locked<[UUID: @Sendable ([EdgeEventHandle]) -> Void]> {
        MessagingEnvironment.current.shared(Completions.self) { Completions() }.table
    }

    private func send(_ event: Event) {
        let network = EdgeNetwork.current
        let data = JSONValue(any: event.data ?? [:])
        let runtime = Unchecked(self.runtime)
        let request = Unchecked(event)
        if let surfaces = Edge.personalizationSurfaces(data) {
            network.requestPropositions(event: event.name, data: data, surfaces: surfaces,
                                        timeout: Edge.personalizationTimeout) { response in
                guard let response else { return }
                Edge.answer(request.value, handles: response.handles, errors: response.errors, runtime: runtime.value)
            }
        } else if event.name == Edge.requestName {
            let waiting = Edge.completions.withLock { $0.removeValue(forKey: event.id) }
            network.sendExperienceEvent(data: data) { handles in
                Edge.answer(request.value, handles: handles, errors: [], runtime: runtime.value)
                waiting?(handles.compactMap(EdgeEventHandle.init(json:)))
            }
        } else {
            network.record(name: event.name, type: event.type, source: event.source, data: data)
        }
    }

    static func personalizationSurfaces(_ data: JSONValue) -> [String]? {
        guard case .object(let o) = data, case .object(let query)? = o["query"],
              case .object(let personalization)? = query["personalization"],
              case .array(let list)? = personalization["surfaces"] else { return nil }
        return list.compactMap(\.stringValue)
    }

    /// Dispatches the network's answer to `request`: its handles, its errors, then the completion.
    static func answer(_ request: Event, handles: [JSONValue], errors: [JSONValue], runtime: any ExtensionRuntime) {
        let requestEventId = request.id.uuidString
        for handle in handles {
            guard case .object(var h) = handle else { continue }
            h["requestEventId"] = .string(requestEventId)
            let source = h["type"]?.stringValue ?? EventSource.responseContent
            runtime.dispatch(event: request.createChainedEvent(name: handleName, type: EventType.edge, source: source,
                                                              data: integral(.object(h))))
        }
        for error in errors {
            guard case .object(var e) = error else { continue }
            e["requestEventId"] = .string(requestEventId)
            runtime.dispatch(event: request.createChainedEvent(name: errorName, type: EventType.edge,
                                                              source: EventSource.errorResponseContent, data: integral(.object(e))))
        }
        runtime.dispatch(event: request.createChainedEvent(name: completeName, type: EventType.edge,
                                                          source: EventSource.contentComplete,
                                                          data: ["requestEventId": requestEventId]))
    }

    /// Foundation values with integral numbers as `Int`, as event data carries them.
    static func integral(_ value: JSONValue) -> [String: Any]? {
        func convert(_ v: JSONValue) -> Any {
            switch v {
            case .number(let n) where n.rounded() == n && abs(n) < 9.0e15: return Int(n)
            case .array(let a): return a.map(convert)
            case .object(let o): return o.mapValues(convert)
            default: return v.foundationValue
            }
        }
        return convert(value) as? [String: Any]
    }
}

struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
