import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
@testable import AEPServices
@_spi(OpenInApp) @testable import AEPMessaging
import AEPEdge
@_spi(OpenInApp) import AEPEdgeIdentity
import AEPLifecycle
import AEPSignal
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// An app's own extension, written the way Adobe's documentation shows one: it listens for Messaging's requests and
/// the Edge requests, answers its own lookup requests and publishes a shared state.
final class CompanionExtension: NSObject, Extension {
    let name = "com.example.companion"
    let friendlyName = "Companion"
    static let extensionVersion = "1.2.0"
    let metadata: [String: String]? = ["team": "mobile"]
    let runtime: any ExtensionRuntime
    let heard = Locked([String]())
    let unregistered = Locked(false)

    init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    func onRegistered() {
        registerListener(type: EventType.messaging, source: EventSource.requestContent) { [weak self] event in
            self?.heard.withLock { $0.append(event.name) }
        }
        registerListener(type: EventType.edge, source: EventSource.requestContent) { [weak self] event in
            self?.heard.withLock { $0.append(event.name) }
        }
        registerListener(type: "com.example.lookup", source: EventSource.requestContent) { [weak self] request in
            let key = request.data?["key"] as? String ?? ""
            self?.dispatch(event: request.createResponseEvent(name: "Lookup Response", type: "com.example.lookup",
                                                              source: EventSource.responseContent,
                                                              data: ["key": key, "value": key.count]))
        }
        createSharedState(data: ["ready": true], event: nil)
    }

    func onUnregistered() { unregistered.withLock { $0 = true } }
}

/// An extension that holds its events until it is opened, to show per-extension ordered delivery.
final class GatedExtension: NSObject, Extension {
    let name = "com.example.gated"
    let friendlyName = "Gated"
    static let extensionVersion = "1.0.0"
    let metadata: [String: String]? = nil
    let runtime: any ExtensionRuntime
    let open = Locked(false)
    let heard = Locked([String]())

    init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    func onRegistered() {
        registerListener(type: "com.example.gate", source: EventSource.wildcard) { [weak self] event in
            self?.heard.withLock { $0.append(event.name) }
        }
    }

    func onUnregistered() {}

    func readyForEvent(_ event: Event) -> Bool { open.snapshot }
}

/// An extension that refuses to be made.
final class RefusingExtension: NSObject, Extension {
    let name = "com.example.refusing"
    let friendlyName = "Refusing"
    static let extensionVersion = "0.0.1"
    let metadata: [String: String]? = nil
    let runtime: any ExtensionRuntime
    init?(runtime: any ExtensionRuntime) { return nil }
    func onRegistered() {}
    func onUnregistered() {}
}

/// What a listener heard: name, type, source, data, ids.
struct HeardEvent {
    var name: String
    var type: String
    var source: String
    var data: JSONValue
    var mask: [String]?
    var id: UUID
    var responseID: UUID?
}

/// The event hub with the stand-in extensions on it: Messaging's public calls produce and consume AEP's events
/// (names, types, sources and data keys as AEPMessaging's), an app's own extension takes part, and timeouts run
/// on the virtual clock.
final class HubExtensionTests: AdobeTestCase {
    var network: EdgeNetwork { EdgeNetwork.current }
    let appSurface = "mobileapp://com.example.app"

    override func setUp() {
        super.setUp()
        MobileCore.resetSetup()
        network.bundleIdentifier = "com.example.app"
    }

    override func tearDown() {
        MobileCore.resetSetup()
        super.tearDown()
    }

    /// Every event dispatched from now on, as a wildcard listener hears it.
    func listenToEverything() -> Locked<[HeardEvent]> {
        let heard = Locked([HeardEvent]())
        MobileCore.registerEventListener(type: EventType.wildcard, source: EventSource.wildcard) { event in
            heard.withLock {
                $0.append(HeardEvent(name: event.name, type: event.type, source: event.source, data: JSONValue(any: event.data),
                                     mask: event.mask, id: event.id, responseID: event.responseID))
            }
        }
        return heard
    }

    func codeBased(_ id: String, surface: String) -> String {
        #"{"id": "\#(id)", "scope": "\#(surface)", "scopeDetails": {"activity": {"id": "act-\#(id)"}}, "items": [{"id": "item-\#(id)", "schema": "https://ns.adobe.com/personalization/json-content-item", "data": {"content": {"n": 1}}}]}"#
    }

    func companion() throws -> CompanionExtension {
        try XCTUnwrap(MobileCore.attachImplicitly(CompanionExtension.self) as? CompanionExtension)
    }

    // MARK: An app's own extension

    func test_appExtensionRegistersHearsMessagingAndEdgeEventsAndAnswersItsOwnRequests() throws {
        let home = "\(appSurface)/home"
        try network.respond(toSurface: home, withJSON: "[" + codeBased("p1", surface: home) + "]")
        MobileCore.registerExtensions([Messaging.self, Edge.self, CompanionExtension.self])
        XCTAssertTrue(harness.settle())
        let shared = try JSONValue(parsing: MobileCore.getRegisteredExtensions())
        guard case .object(let root) = shared, case .object(let extensions)? = root["extensions"] else {
            return XCTFail("no extensions in \(shared)")
        }
        XCTAssertEqual(extensions["com.example.companion"], ["version": "1.2.0", "friendlyName": "Companion",
                                                              "metadata": ["team": "mobile"]])
        XCTAssertNotNil(extensions["com.adobe.messaging"])
        XCTAssertNotNil(extensions["com.adobe.edge"])

        let updated = Locked<Bool?>(nil)
        Messaging.updatePropositionsForSurfaces([Surface(path: "home")]) { ok in updated.withLock { $0 = ok } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(updated.snapshot, true)
        let ext = try companion()
        XCTAssertEqual(ext.heard.snapshot, ["Update propositions", "Retrieve message definitions"])

        // Its own requests: a response through dispatch(event:timeout:responseCallback:).
        let answer = Locked<Event?>(nil)
        let lookup = Event(name: "Lookup", type: "com.example.lookup", source: EventSource.requestContent, data: ["key": "abcd"])
        MobileCore.dispatch(event: lookup, timeout: 1) { response in answer.withLock { $0 = response } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(answer.snapshot?.responseID, lookup.id)
        XCTAssertEqual(answer.snapshot?.data?["value"] as? Int, 4)

        // Shared states: its own, and the Configuration extension's after a configuration update.
        XCTAssertEqual(ext.getSharedState(extensionName: "com.example.companion", event: nil)?.value?["ready"] as? Bool, true)
        MobileCore.updateConfigurationWith(configDict: ["messaging.useSandbox": true])
        XCTAssertTrue(harness.settle())
        let configuration = ext.getSharedState(extensionName: "com.adobe.module.configuration", event: nil)
        XCTAssertEqual(configuration?.status, .set)
        XCTAssertEqual(configuration?.value?["messaging.useSandbox"] as? Bool, true)
        XCTAssertNil(ext.getSharedState(extensionName: "com.example.nobody", event: nil), "no such extension")

        // Unregistered: onUnregistered runs, it hears nothing more and leaves the list.
        MobileCore.unregisterExtension(CompanionExtension.self)
        XCTAssertTrue(harness.settle())
        XCTAssertTrue(ext.unregistered.snapshot)
        Messaging.refreshInAppMessages()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(ext.heard.snapshot.count, 2)
        XCTAssertFalse(MobileCore.getRegisteredExtensions().contains("com.example.companion"))
    }

    func test_anExtensionThatRefusesIsNotRegisteredAndTheOthersAre() {
        MobileCore.registerExtensions([RefusingExtension.self, Edge.self])
        XCTAssertTrue(harness.settle())
        let names = harness.trace.events.filter { $0.label == "delivery.extensionRegistered" }.compactMap { $0.details["extension"] }
        XCTAssertEqual(names, ["com.adobe.module.configuration", "com.adobe.edge"])
        XCTAssertEqual(harness.trace.events.filter { $0.name == "extensionRefused" }.count, 1)
    }

    func test_eachExtensionHearsItsEventsInOrderAndReadyForEventHoldsThem() throws {
        MobileCore.registerExtensions([GatedExtension.self])
        XCTAssertTrue(harness.settle())
        let gated = try XCTUnwrap(MobileCore.attachImplicitly(GatedExtension.self) as? GatedExtension)
        for name in ["A", "B"] {
            MobileCore.dispatch(event: Event(name: name, type: "com.example.gate", source: "s", data: nil))
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(gated.heard.snapshot, [], "not ready: held")
        gated.open.withLock { $0 = true }
        MobileCore.dispatch(event: Event(name: "C", type: "com.example.gate", source: "s", data: nil))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(gated.heard.snapshot, ["A", "B", "C"])

        gated.stopEvents()
        MobileCore.dispatch(event: Event(name: "D", type: "com.example.gate", source: "s", data: nil))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(gated.heard.snapshot, ["A", "B", "C"], "stopped")
        gated.startEvents()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(gated.heard.snapshot, ["A", "B", "C", "D"])
    }

    func test_sharedStatesAreVersionedByEventPendingUntilResolvedAndAnnounced() throws {
        let heard = listenToEverything()
        MobileCore.registerExtensions([GatedExtension.self])
        XCTAssertTrue(harness.settle())
        let gated = try XCTUnwrap(MobileCore.attachImplicitly(GatedExtension.self) as? GatedExtension)
        let first = Event(name: "first", type: "x", source: "y", data: nil)
        let second = Event(name: "second", type: "x", source: "y", data: nil)
        MobileCore.dispatch(event: first)
        MobileCore.dispatch(event: second)
        let resolve = gated.createPendingSharedState(event: second)
        XCTAssertEqual(gated.getSharedState(extensionName: gated.name, event: second)?.status, .pending)
        XCTAssertEqual(gated.getSharedState(extensionName: gated.name, event: first)?.status, SharedStateStatus.none)
        resolve(["v": 2])
        XCTAssertEqual(gated.getSharedState(extensionName: gated.name, event: second)?.value?["v"] as? Int, 2)
        XCTAssertEqual(gated.getSharedState(extensionName: gated.name, event: nil)?.status, .set)

        let third = Event(name: "third", type: "x", source: "y", data: nil)
        MobileCore.dispatch(event: third)
        _ = gated.createPendingSharedState(event: third)
        XCTAssertEqual(gated.getSharedState(extensionName: gated.name, event: nil, resolution: .any)?.status, .pending)
        let lastSet = gated.getSharedState(extensionName: gated.name, event: nil, resolution: .lastSet)
        XCTAssertEqual(lastSet?.status, .set)
        XCTAssertEqual(lastSet?.value?["v"] as? Int, 2)

        XCTAssertTrue(harness.settle())
        let changes = heard.snapshot.filter { $0.name == "Shared state change" && $0.data == ["stateowner": "com.example.gated"] }
        XCTAssertEqual(changes.count, 1, "announced once, when set")
        XCTAssertEqual(changes.first?.type, EventType.hub)
        XCTAssertEqual(changes.first?.source, EventSource.sharedState)
    }

    // MARK: Messaging's requests and responses

    func test_refreshUpdateAndGetDispatchMessagingRequestsAndTheGetIsAnsweredByAResponse() throws {
        let home = Surface(path: "home")
        try network.respond(toSurface: home.uri, withJSON: "[" + codeBased("p1", surface: home.uri) + "]")
        let heard = listenToEverything()

        Messaging.refreshInAppMessages()
        XCTAssertTrue(harness.settle())
        let refresh = try XCTUnwrap(heard.snapshot.first { $0.name == "Refresh in-app messages" })
        XCTAssertEqual(refresh.type, "com.adobe.eventType.messaging")
        XCTAssertEqual(refresh.source, "com.adobe.eventSource.requestContent")
        XCTAssertEqual(refresh.data, ["refreshmessages": true])
        let retrieve = try XCTUnwrap(heard.snapshot.first { $0.name == "Retrieve message definitions" })
        XCTAssertEqual(retrieve.type, "com.adobe.eventType.edge")
        XCTAssertEqual(retrieve.source, "com.adobe.eventSource.requestContent")
        guard case .object(let query)? = retrieve.data.objectValue?["query"]?.objectValue?["personalization"] else {
            return XCTFail("no query.personalization in \(retrieve.data)")
        }
        XCTAssertEqual(query["surfaces"], [.string(appSurface)])
        XCTAssertEqual(retrieve.data.objectValue?["xdm"], ["eventType": "personalization.request"])
        let complete = try XCTUnwrap(heard.snapshot.first { $0.name == "AEP Response Complete" })
        XCTAssertEqual(complete.source, EventSource.contentComplete)
        XCTAssertEqual(complete.data, ["requestEventId": .string(retrieve.id.uuidString)])

        // Update: the valid surfaces as {"uri": ...}; an empty path is the app surface itself.
        Messaging.updatePropositionsForSurfaces([home, Surface(path: "")])
        XCTAssertTrue(harness.settle())
        let update = try XCTUnwrap(heard.snapshot.first { $0.name == "Update propositions" })
        XCTAssertEqual(update.type, "com.adobe.eventType.messaging")
        XCTAssertEqual(update.source, "com.adobe.eventSource.requestContent")
        XCTAssertEqual(update.data, ["updatepropositions": true,
                                     "surfaces": [["uri": .string(home.uri)], ["uri": .string(appSurface)]]])
        let handle = try XCTUnwrap(heard.snapshot.first { $0.name == "AEP Response Event Handle" })
        XCTAssertEqual(handle.source, "personalization:decisions")
        XCTAssertEqual(handle.data.objectValue?["payload"]?.arrayValue?.count, 1)

        // Get: a request, answered by Messaging's response event.
        let got = Locked<([Surface: [Proposition]]?, String)?>(nil)
        Messaging.getPropositionsForSurfaces([home]) { map, error in got.withLock { $0 = (map, "\(error.map { "\($0)" } ?? "none")") } }
        XCTAssertTrue(harness.settle())
        let get = try XCTUnwrap(heard.snapshot.first { $0.name == "Get propositions" })
        XCTAssertEqual(get.data, ["getpropositions": true, "surfaces": [["uri": .string(home.uri)]]])
        let response = try XCTUnwrap(heard.snapshot.first { $0.name == "Message propositions response" })
        XCTAssertEqual(response.type, "com.adobe.eventType.messaging")
        XCTAssertEqual(response.source, "com.adobe.eventSource.responseContent")
        XCTAssertEqual(response.responseID, get.id)
        XCTAssertEqual(response.data.objectValue?["propositions"]?.arrayValue?.first?.objectValue?["id"], "p1")
        XCTAssertEqual(got.snapshot?.0?[home]?.map(\.uniqueId), ["p1"])
        XCTAssertEqual(got.snapshot?.1, "none")

        // The trace shows every event, named after it.
        let names = harness.trace.events.filter { $0.kind == .event }.map(\.name)
        for expected in ["Refresh in-app messages", "Retrieve message definitions", "AEP Response Complete", "Update propositions",
                         "AEP Response Event Handle", "Get propositions", "Message propositions response"] {
            XCTAssertTrue(names.contains(expected), "\(expected) not traced in \(names)")
        }
        let traced = try XCTUnwrap(harness.trace.events.first { $0.kind == .event && $0.name == "Get propositions" })
        XCTAssertEqual(traced.details["type"], "com.adobe.eventType.messaging")
        XCTAssertEqual(traced.details["id"], get.id.uuidString)
    }

    func test_getPropositionsErrorPathsAndTheTimeoutOnTheVirtualClock() {
        // The network never answers, so Messaging's own answer waits for the update in flight (10 s); a listener
        // plays a server answering Get requests first.
        network.isReachable = false
        Messaging.updatePropositionsForSurfaces([Surface(path: "home")])
        XCTAssertTrue(harness.settle())
        let reply = Locked<[String: Any]?>(nil)
        MobileCore.registerEventListener(type: EventType.messaging, source: EventSource.requestContent) { request in
            guard request.data?["getpropositions"] as? Bool == true, let data = reply.snapshot else { return }
            MobileCore.dispatch(event: request.createResponseEvent(name: "Message propositions response", type: EventType.messaging,
                                                                    source: EventSource.responseContent, data: data))
        }
        func get() -> Locked<[String]> {
            let box = Locked([String]())
            Messaging.getPropositionsForSurfaces([Surface(path: "home")]) { map, error in
                box.withLock { $0.append("\(map == nil ? "nil" : "map"):\((error as? AEPError).map { "\($0)" } ?? "none")") }
            }
            return box
        }

        reply.withLock { $0 = ["responseerror": AEPError.serverError.rawValue] }
        let serverError = get()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(serverError.snapshot, ["nil:serverError"])

        reply.withLock { $0 = ["something": "else"] }
        let unexpected = get()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(unexpected.snapshot, ["nil:unexpected"])

        reply.withLock { $0 = nil }
        let timeout = get()
        XCTAssertTrue(harness.settle())
        harness.advance(by: 4.9)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(timeout.snapshot, [], "not before 5 virtual seconds")
        harness.advance(by: 0.2)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(timeout.snapshot, ["nil:callbackTimeout"])
        XCTAssertEqual(harness.trace.events.filter { $0.name == "eventResponseTimedOut" }.count, 1)

        // No valid surface: the documented error at once, and no request.
        let invalid = Locked([String]())
        Messaging.getPropositionsForSurfaces([]) { map, error in
            invalid.withLock { $0.append("\(map == nil ? "nil" : "map"):\((error as? AEPError).map { "\($0)" } ?? "none")") }
        }
        XCTAssertEqual(invalid.snapshot, ["nil:invalidRequest"])
        XCTAssertEqual(harness.trace.events.filter { $0.kind == .event && $0.name == "Get propositions" }.count, 3)

        // Once the update times out, Messaging answers the requests it held; nobody waits for them any more.
        harness.advance(by: 5)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(serverError.snapshot.count + unexpected.snapshot.count + timeout.snapshot.count, 3, "each completion once")
    }

    func test_propositionItemTrackDispatchesTrackPropositionsWithTheInteractionXdm() throws {
        let home = Surface(path: "home")
        try network.respond(toSurface: home.uri, withJSON: "[" + codeBased("p1", surface: home.uri) + "]")
        Messaging.updatePropositionsForSurfaces([home])
        XCTAssertTrue(harness.settle())
        let got = Locked<[Surface: [Proposition]]?>(nil)
        Messaging.getPropositionsForSurfaces([home]) { map, _ in got.withLock { $0 = map } }
        XCTAssertTrue(harness.settle())
        let proposition = try XCTUnwrap(got.snapshot?[home]?.first)
        let item = try XCTUnwrap(proposition.items.first)
        let heard = listenToEverything()

        item.track("buy", withEdgeEventType: .interact, forTokens: ["t1", "t2"])
        item.track(withEdgeEventType: .display)
        XCTAssertTrue(harness.settle())
        let tracks = heard.snapshot.filter { $0.name == "Track propositions" }
        XCTAssertEqual(tracks.count, 2)
        XCTAssertEqual(tracks.first?.type, "com.adobe.eventType.messaging")
        XCTAssertEqual(tracks.first?.source, "com.adobe.eventSource.requestContent")
        let interactXdm = JSONValue(any: item.generateInteractionXdm("buy", withEdgeEventType: .interact, forTokens: ["t1", "t2"]))
        XCTAssertEqual(tracks.first?.data, ["trackpropositions": true, "propositioninteraction": interactXdm])
        XCTAssertEqual(tracks.last?.data.objectValue?["propositioninteraction"],
                       JSONValue(any: item.generateInteractionXdm(withEdgeEventType: .display)))

        // Messaging turns each into an Edge event carrying the same XDM, which the Edge extension sends.
        let edge = heard.snapshot.filter { $0.name == "Messaging interaction event" }
        XCTAssertEqual(edge.map(\.type), [EventType.edge, EventType.edge])
        XCTAssertEqual(edge.first?.data, ["xdm": interactXdm])
        XCTAssertEqual(network.events.filter { $0.name == "Messaging interaction event" }.count, 2)

        // And each writes event history.
        let history = heard.snapshot.filter { $0.name == "Write IAM event to history" }
        XCTAssertEqual(history.map { $0.data.objectValue?["iam"]?.objectValue?["eventType"] }, ["interact", "display"])
        XCTAssertEqual(history.first?.data, ["iam": ["eventType": "interact", "id": "act-p1", "action": "buy"]])
    }

    func test_displayWritesIAMEventToHistoryThatExtensionsCanCount() throws {
        MobileCore.registerExtensions([CompanionExtension.self])
        XCTAssertTrue(harness.settle())
        let heard = listenToEverything()
        let message = try makeMessage()
        showAndSettle(message)

        let writes = heard.snapshot.filter { $0.name == "Write IAM event to history" }
        XCTAssertEqual(writes.count, 1)
        let write = try XCTUnwrap(writes.first)
        XCTAssertEqual(write.type, "com.adobe.eventType.messaging")
        XCTAssertEqual(write.source, "com.adobe.eventSource.eventHistoryWrite")
        XCTAssertEqual(write.data, ["iam": ["eventType": "display", "id": "activity-1", "action": ""]])
        XCTAssertEqual(write.mask, ["iam.eventType", "iam.id", "iam.action"])

        // Event history, as an extension queries it.
        let ext = try companion()
        let counts = Locked<[Int]>([])
        let display = EventHistoryRequest(mask: ["iam.eventType": "display", "iam.id": "activity-1"])
        let dismiss = EventHistoryRequest(mask: ["iam.eventType": "dismiss", "iam.id": "activity-1"])
        ext.runtime.getHistoricalEvents([display, dismiss], enforceOrder: false) { results in
            counts.withLock { $0 = results.map(\.count) }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(counts.snapshot, [1, 0])

        message.dismiss()
        XCTAssertTrue(harness.settle())
        ext.runtime.getHistoricalEvents([display, dismiss], enforceOrder: true) { results in
            counts.withLock { $0 = results.map(\.count) }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(counts.snapshot, [1, 1], "dismissed after it was displayed")
        ext.runtime.getHistoricalEvents([dismiss, display], enforceOrder: true) { results in
            counts.withLock { $0 = results.map(\.count) }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(counts.snapshot, [1, 0], "no display after the dismiss")

        // The same question from an event like the one written, and a record written through the runtime.
        let probe = Event(name: "probe", type: EventType.messaging, source: "com.adobe.eventSource.eventHistoryWrite",
                          data: ["iam": ["eventType": "display", "id": "activity-1", "action": ""], "other": 1],
                          mask: ["iam.eventType", "iam.id", "iam.action"])
        let recorded = Locked<Bool?>(nil)
        ext.runtime.recordHistoricalEvent(probe) { ok in recorded.withLock { $0 = ok } }
        ext.runtime.getHistoricalEvents([probe.toEventHistoryRequest()], enforceOrder: false) { results in
            counts.withLock { $0 = results.map(\.count) }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(recorded.snapshot, true)
        XCTAssertEqual(counts.snapshot, [2], "the display written by the message and the one recorded")
    }

    // MARK: Configuration, Lifecycle, Identity

    func test_configurationLifecycleAndIdentityAnswerTheirRequestsOnTheHub() throws {
        let heard = listenToEverything()
        MobileCore.registerExtensions([Lifecycle.self, Identity.self, Signal.self, CompanionExtension.self])
        XCTAssertTrue(harness.settle())
        let ext = try companion()

        // Configuration: the request, the shared state, and an answer to config.getData.
        MobileCore.configureWith(appId: "launch-123")
        XCTAssertTrue(harness.settle())
        let configure = try XCTUnwrap(heard.snapshot.first { $0.name == "Configure with App ID" })
        XCTAssertEqual(configure.type, EventType.configuration)
        XCTAssertEqual(configure.source, EventSource.requestContent)
        XCTAssertEqual(configure.data, ["config.appId": "launch-123"])
        XCTAssertEqual(heard.snapshot.filter { $0.name == "Configuration Response" }.count, 1)
        XCTAssertEqual(ext.getSharedState(extensionName: "com.adobe.module.configuration", event: nil)?.value?["appId"] as? String,
                       "launch-123")
        let answer = Locked<Event?>(nil)
        MobileCore.dispatch(event: Event(name: "Configuration Request", type: EventType.configuration,
                                         source: EventSource.requestContent, data: ["config.getData": true]), timeout: 1) { response in
            answer.withLock { $0 = response }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(answer.snapshot?.name, "Configuration Response")
        XCTAssertEqual(answer.snapshot?.data?["global.privacy"] as? String, "optedin")

        // Lifecycle: a start opens a session once; a pause closes it.
        MobileCore.lifecycleStart(additionalContextData: ["campaign": "spring"])
        MobileCore.lifecycleStart(additionalContextData: nil)
        XCTAssertTrue(harness.settle())
        let resumes = heard.snapshot.filter { $0.name == "Lifecycle Resume" }
        XCTAssertEqual(resumes.count, 2)
        XCTAssertEqual(resumes.first?.type, EventType.genericLifecycle)
        XCTAssertEqual(resumes.first?.data, ["action": "start", "additionalcontextdata": ["campaign": "spring"]])
        var starts = heard.snapshot.filter { $0.name == "LifecycleStart" }
        XCTAssertEqual(starts.count, 1, "one session")
        XCTAssertEqual(starts.first?.type, EventType.lifecycle)
        XCTAssertEqual(starts.first?.source, EventSource.responseContent)
        XCTAssertEqual(starts.first?.data.objectValue?["sessionevent"], "start")
        let context = ext.getSharedState(extensionName: "com.adobe.module.lifecycle", event: nil)?.value?["lifecyclecontextdata"]
        XCTAssertEqual((context as? [String: Any])?["campaign"] as? String, "spring")
        MobileCore.lifecyclePause()
        MobileCore.lifecycleStart(additionalContextData: nil)
        XCTAssertTrue(harness.settle())
        starts = heard.snapshot.filter { $0.name == "LifecycleStart" }
        XCTAssertEqual(starts.count, 2, "a new session after the pause")

        // Identity: updates are events; a reset empties its XDM shared state.
        let map = IdentityMap()
        map.add(item: IdentityItem(id: "a@example.com"), withNamespace: "Email")
        Identity.updateIdentities(with: map)
        MobileCore.resetIdentities()
        XCTAssertTrue(harness.settle())
        let update = try XCTUnwrap(heard.snapshot.first { $0.name == "Edge Identity Update Identities" })
        XCTAssertEqual(update.type, EventType.edgeIdentity)
        XCTAssertEqual(update.source, EventSource.updateIdentity)
        let identityState = ext.getXDMSharedState(extensionName: "com.adobe.edge.identity", event: nil)
        XCTAssertEqual(identityState?.status, .set)
        XCTAssertEqual((identityState?.value?["identityMap"] as? [String: Any])?.count, 0)
    }

    // MARK: FullscreenMessage

    func test_cornerRadiusRoundsTheScrollViewAndEachGestureGetsARecognizer() throws {
        let message = try makeMessage(mobileParameters: #"""
            {"cornerRadius": 15, "gestures": {"swipeUp": "adbinapp://dismiss?interaction=up",
             "swipeLeft": "adbinapp://dismiss?interaction=left", "tapBackground": "adbinapp://dismiss?interaction=bg"}}
            """#)
        showAndSettle(message)
        let view = try XCTUnwrap(webView(of: message))
        XCTAssertEqual(view.scrollView.layer.cornerRadius, 15)
        XCTAssertTrue(view.scrollView.layer.masksToBounds)
        let recognizers = (view.gestureRecognizers ?? []).compactMap { $0 as? UISwipeGestureRecognizer }
        XCTAssertEqual(recognizers.count, 3)
        XCTAssertEqual(Set(recognizers.map(\.direction.rawValue)),
                       Set([UISwipeGestureRecognizer.Direction.up, .left, .right].map(\.rawValue)),
                       "tapBackground keeps the default direction (right)")

        let left = try XCTUnwrap(recognizers.first { $0.direction == .left })
        XCTAssertTrue(left.simulate([.began, .ended]))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(state(message), .dismissed)
        XCTAssertEqual(log.edgeEvents.first { $0.eventType == .interact }?.interaction, "left")

        let plain = try makeMessage(itemId: "plain", mobileParameters: #"{"width": 80}"#)
        showAndSettle(plain)
        let plainView = try XCTUnwrap(webView(of: plain))
        XCTAssertEqual(plainView.scrollView.layer.cornerRadius, 0)
        XCTAssertFalse(plainView.scrollView.layer.masksToBounds)
        XCTAssertNil(plainView.gestureRecognizers)
    }
}

private extension JSONValue {
    var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
}
