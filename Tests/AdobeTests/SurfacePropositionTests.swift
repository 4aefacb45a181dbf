import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
@testable import AEPServices
@_spi(OpenInApp) @testable import AEPMessaging

/// The proposition API (`updatePropositionsForSurfaces`, `getPropositionsForSurfaces`, `refreshInAppMessages`,
/// `Proposition`, `PropositionItem`) on the simulated Edge network.
final class SurfacePropositionTests: AdobeTestCase {
    var network: EdgeNetwork { EdgeNetwork.current }

    override func setUp() {
        super.setUp()
        network.bundleIdentifier = "com.example.app"
    }

    static let jsonItemSchema = "https://ns.adobe.com/personalization/json-content-item"
    static let htmlItemSchema = "https://ns.adobe.com/personalization/html-content-item"

    func codeBased(_ id: String, surface: String, schema: String = jsonItemSchema, data: String) -> String {
        #"{"id": "\#(id)", "scope": "\#(surface)", "scopeDetails": {"activity": {"id": "act-\#(id)", "priority": 3}, "correlationID": "corr"}, "items": [{"id": "item-\#(id)", "schema": "\#(schema)", "data": \#(data)}]}"#
    }

    func inAppRules(_ id: String, surface: String, action: String) -> String {
        #"""
        {"id": "\#(id)", "scope": "\#(surface)", "scopeDetails": {"activity": {"id": "act-\#(id)"}},
         "items": [{"id": "rs-\#(id)", "schema": "https://ns.adobe.com/personalization/ruleset-item", "data": {"version": 1, "rules": [
           {"condition": {"type": "matcher", "definition": {"key": "action", "matcher": "eq", "values": ["\#(action)"]}},
            "consequences": [{"id": "msg-\#(id)", "type": "schema", "detail": {"id": "msg-\#(id)",
              "schema": "https://ns.adobe.com/personalization/message/in-app",
              "data": {"content": "<p>\#(id)</p>", "contentType": "text/html"}}}]}]}}]}
        """#
    }

    /// Waits for a completion on the background executor.
    func result<T>(_ box: Locked<T?>) -> T? {
        XCTAssertTrue(harness.settle())
        return box.snapshot
    }

    func test_surfacesAreUnderTheAppSurface() {
        XCTAssertEqual(Surface().uri, "mobileapp://com.example.app")
        XCTAssertEqual(Surface(path: "home/banner").uri, "mobileapp://com.example.app/home/banner")
        XCTAssertEqual(Surface(path: ""), Surface())
        network.bundleIdentifier = nil
        XCTAssertEqual(Surface().uri, "unknown", "as upstream without a bundle identifier")
    }

    func test_updateThenGetReturnsCodeBasedPropositionsPerSurface() throws {
        let home = Surface(path: "home")
        let cart = Surface(path: "cart")
        try network.respond(toSurface: home.uri, withJSON: "[" + codeBased("p1", surface: home.uri, data: #"{"content": {"title": "Hi", "count": 2}}"#) + "]")
        try network.respond(toSurface: cart.uri, withJSON: "[" + codeBased("p2", surface: cart.uri, schema: Self.htmlItemSchema,
                                                                        data: #"{"content": "<b>cart</b>", "format": "text/html"}"#) + "]")
        let updated = Locked<Bool?>(nil)
        Messaging.updatePropositionsForSurfaces([home, cart]) { ok in updated.withLock { $0 = ok } }
        XCTAssertEqual(result(updated), true)

        let got = Locked<[Surface: [Proposition]]?>(nil)
        Messaging.getPropositionsForSurfaces([home, cart, Surface(path: "other")]) { map, error in
            XCTAssertNil(error)
            got.withLock { $0 = map }
        }
        let map = try XCTUnwrap(result(got))
        XCTAssertEqual(Set(map.keys.map(\.uri)), [home.uri, cart.uri])
        let homeItem = try XCTUnwrap(map[home]?.first?.items.first)
        XCTAssertEqual(homeItem.schema, .jsonContent)
        XCTAssertEqual(homeItem.jsonContentDictionary?["title"] as? String, "Hi")
        XCTAssertEqual(homeItem.jsonContentDictionary?["count"] as? Int, 2)
        XCTAssertNil(homeItem.htmlContent)
        XCTAssertEqual(map[home]?.first?.priority, 3)
        XCTAssertEqual(map[cart]?.first?.items.first?.htmlContent, "<b>cart</b>")

        // The request as AEP sends it.
        let request = try XCTUnwrap(network.events.first { $0.name == "Retrieve message definitions" })
        XCTAssertEqual(request.type, "com.adobe.eventType.edge")
        XCTAssertEqual(request.xdm, ["eventType": "personalization.request"])
        guard case .object(let data) = request.data, case .object(let query)? = data["query"],
              case .object(let personalization)? = query["personalization"] else { return XCTFail("\(request.data)") }
        XCTAssertEqual(personalization["surfaces"], [.string(home.uri), .string(cart.uri)])
        XCTAssertEqual(data["request"], ["sendCompletion": true])
    }

    func test_surfaceThatComesBackEmptyIsCleared() throws {
        let home = Surface(path: "home")
        try network.respond(toSurface: home.uri, withJSON: "[" + codeBased("p1", surface: home.uri, data: #"{"content": [1, 2]}"#) + "]")
        Messaging.updatePropositionsForSurfaces([home])
        XCTAssertTrue(harness.settle())
        network.respond(toSurface: home.uri, with: [])
        Messaging.updatePropositionsForSurfaces([home])
        XCTAssertTrue(harness.settle())
        let got = Locked<[Surface: [Proposition]]?>(nil)
        Messaging.getPropositionsForSurfaces([home]) { map, _ in got.withLock { $0 = map } }
        XCTAssertEqual(result(got)?.count, 0)
    }

    func test_invalidSurfacesCompleteAtOnce() {
        var updated: Bool?
        Messaging.updatePropositionsForSurfaces([]) { updated = $0 }
        XCTAssertEqual(updated, false, "synchronously, as upstream")
        var error: (any Error)?
        Messaging.getPropositionsForSurfaces([Surface(uri: "")]) { _, e in error = e }
        XCTAssertEqual(error as? AEPError, .invalidRequest)
        XCTAssertTrue(network.events.isEmpty, "nothing was sent")
    }

    func test_latencyOnTheVirtualClockAndGetWaitsForTheRequest() throws {
        let home = Surface(path: "home")
        try network.respond(toSurface: home.uri, withJSON: "[" + codeBased("p1", surface: home.uri, data: #"{"content": {"a": 1}}"#) + "]")
        network.latency = 3
        let updated = Locked<Bool?>(nil)
        let got = Locked<Int?>(nil)
        Messaging.updatePropositionsForSurfaces([home]) { ok in updated.withLock { $0 = ok } }
        Messaging.getPropositionsForSurfaces([home]) { map, _ in got.withLock { $0 = map?[home]?.count } }
        harness.advance(by: 2.9)
        XCTAssertNil(updated.snapshot)
        XCTAssertNil(got.snapshot, "get waits for the request in flight")
        harness.advance(by: 0.1)
        XCTAssertEqual(updated.snapshot, true)
        XCTAssertEqual(got.snapshot, 1)
    }

    func test_unreachableNetworkTimesOut() throws {
        network.isReachable = false
        let home = Surface(path: "home")
        let updated = Locked<Bool?>(nil)
        let failure = Locked<AEPError?>(nil)
        Messaging.updatePropositionsForSurfaces([home]) { ok in updated.withLock { $0 = ok } }
        Messaging.getPropositionsForSurfaces([home]) { _, error in failure.withLock { $0 = error as? AEPError } }
        harness.advance(by: 5)
        XCTAssertEqual(failure.snapshot, .callbackTimeout)
        XCTAssertNil(updated.snapshot)
        harness.advance(by: 5)
        XCTAssertEqual(updated.snapshot, false)
        XCTAssertTrue(harness.trace.events.contains { $0.label == "diagnostic.propositionsRequestTimedOut" })
    }

    func test_edgeErrorStillCompletesAndClearsTheSurface() throws {
        let home = Surface(path: "home")
        try network.respond(toSurface: home.uri, withJSON: "[" + inAppRules("a", surface: home.uri, action: "open") + "]")
        Messaging.updatePropositionsForSurfaces([home])
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(Messaging.loadedItemIds, ["msg-a"])
        network.fail(surface: home.uri)
        let updated = Locked<Bool?>(nil)
        Messaging.updatePropositionsForSurfaces([home]) { ok in updated.withLock { $0 = ok } }
        XCTAssertEqual(result(updated), true, "the request completed; it returned nothing for the surface")
        XCTAssertEqual(Messaging.loadedItemIds, [])
    }

    func test_inAppRulesFromTheNetworkTriggerMessagesAndAreReplacedPerSurface() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        let app = Surface()
        let other = Surface(path: "other")
        try network.respond(toSurface: app.uri, withJSON: "[" + inAppRules("a", surface: app.uri, action: "open") + "]")
        try network.respond(toSurface: other.uri, withJSON: "[" + inAppRules("b", surface: other.uri, action: "buy") + "]")
        Messaging.refreshInAppMessages()
        Messaging.updatePropositionsForSurfaces([other])
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(Set(Messaging.loadedItemIds), ["msg-a", "msg-b"])

        MobileCore.track(action: "open", data: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"])
        XCTAssertEqual(harness.states(of: "msg-a").last, "displayed")
        XCTAssertEqual(log.edgeEventTypes(for: "msg-a"), [.trigger, .display])

        // A new response for the app surface replaces only that surface's rules.
        try network.respond(toSurface: app.uri, withJSON: "[" + inAppRules("c", surface: app.uri, action: "open") + "]")
        Messaging.refreshInAppMessages()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(Set(Messaging.loadedItemIds), ["msg-b", "msg-c"])
    }

    func test_propositionItemTrackSendsTheInteractionXdmAEPSends() throws {
        let home = Surface(path: "home")
        try network.respond(toSurface: home.uri, withJSON: "[" + codeBased("p1", surface: home.uri, data: #"{"content": {"a": 1}}"#) + "]")
        Messaging.updatePropositionsForSurfaces([home])
        XCTAssertTrue(harness.settle())
        let got = Locked<[Surface: [Proposition]]?>(nil)
        Messaging.getPropositionsForSurfaces([home]) { map, _ in got.withLock { $0 = map } }
        let proposition = try XCTUnwrap(result(got)?[home]?.first)
        let item = try XCTUnwrap(proposition.items.first)

        item.track("buy", withEdgeEventType: .interact, forTokens: ["t1", "t2"])
        item.track(withEdgeEventType: .display)
        // The interactions go through the hub ("Track propositions", then Messaging's Edge event): settle first.
        XCTAssertTrue(harness.settle())
        let sent = network.events.filter { $0.name == "Messaging interaction event" }
        XCTAssertEqual(sent.count, 2)
        let expected: JSONValue = [
            "eventType": "decisioning.propositionInteract",
            "_experience": ["decisioning": [
                "propositionEventType": ["interact": 1],
                "propositions": [["id": "p1", "scope": .string(home.uri),
                                  "scopeDetails": ["activity": ["id": "act-p1", "priority": 3], "correlationID": "corr"],
                                  "items": [["id": "item-p1", "characteristics": ["tokens": "t1,t2"]]]]],
                "propositionAction": ["id": "buy", "label": "buy"],
            ]],
        ]
        XCTAssertEqual(sent[0].xdm, expected)
        XCTAssertEqual(network.xdmEventTypes.suffix(2), ["decisioning.propositionInteract", "decisioning.propositionDisplay"])
        XCTAssertEqual(log.historyRecords.map(\.activityId), ["act-p1", "act-p1"])
        let xdm = try XCTUnwrap(item.generateInteractionXdm(withEdgeEventType: .dismiss))
        XCTAssertEqual(xdm["eventType"] as? String, "decisioning.propositionDismiss")
    }

    func test_codableRoundTripAndSchemaNames() throws {
        let text = codeBased("p1", surface: "mobileapp://com.example.app/x", data: #"{"content": [1, "two"]}"#)
        let proposition = try JSONDecoder().decode(Proposition.self, from: Data(text.utf8))
        let again = try JSONDecoder().decode(Proposition.self, from: JSONEncoder().encode(proposition))
        XCTAssertEqual(again.uniqueId, "p1")
        XCTAssertEqual(again.items.first?.jsonContentArray?.count, 2)
        XCTAssertEqual(SchemaType.inapp.toString(), "https://ns.adobe.com/personalization/message/in-app")
        XCTAssertEqual(ContentType.applicationJson.toString(), "application/json")
        XCTAssertEqual(ContentType.unknown.toString(), "")
        XCTAssertThrowsError(try JSONDecoder().decode(Proposition.self, from: Data(#"{"id": "p", "scope": "s", "scopeDetails": {}}"#.utf8)),
                             "empty scopeDetails do not decode, as upstream")
    }

    func test_typedSchemaData() throws {
        let inApp = #"""
        {"id": "m", "schema": "https://ns.adobe.com/personalization/message/in-app", "data": {"content": "<p/>",
         "contentType": "text/html", "publishedDate": 1700000000, "expiryDate": 1800000000, "meta": {"k": "v"},
         "mobileParameters": {"width": 80}, "webParameters": {"w": 1}, "remoteAssets": ["https://cdn/a.png"]}}
        """#
        let item = try JSONDecoder().decode(PropositionItem.self, from: Data(inApp.utf8))
        XCTAssertEqual(item.schema, .inapp)
        let data = try XCTUnwrap(item.inappSchemaData)
        XCTAssertEqual(data.content as? String, "<p/>")
        XCTAssertEqual(data.contentType, .textHtml)
        XCTAssertEqual(data.publishedDate, 1700000000)
        XCTAssertEqual(data.expiryDate, 1800000000)
        XCTAssertEqual(data.meta?["k"] as? String, "v")
        XCTAssertEqual(data.mobileParameters?["width"] as? Int, 80)
        XCTAssertEqual(data.webParameters?["w"] as? Int, 1)
        XCTAssertEqual(data.remoteAssets, ["https://cdn/a.png"])
        XCTAssertNil(item.htmlContent)
        XCTAssertNil(item.jsonContentDictionary)
        let roundTrip = try JSONDecoder().decode(InAppSchemaData.self, from: JSONEncoder().encode(data))
        XCTAssertEqual(roundTrip.remoteAssets, ["https://cdn/a.png"])

        let html = try JSONDecoder().decode(HtmlContentSchemaData.self, from: Data(#"{"content": "<b/>"}"#.utf8))
        XCTAssertEqual(html.content, "<b/>")
        XCTAssertEqual(html.format, .textHtml, "a missing format is text/html")
        let json = try JSONDecoder().decode(JsonContentSchemaData.self, from: Data(#"{"content": {"a": 1}, "format": "text/plain"}"#.utf8))
        XCTAssertEqual((json.content as? [String: Any])?["a"] as? Int, 1)
        XCTAssertEqual(json.format, .textPlain)
        XCTAssertThrowsError(try JSONDecoder().decode(JsonContentSchemaData.self, from: Data(#"{"content": "text"}"#.utf8)))
        XCTAssertEqual(SchemaType.htmlContent.toString(), "https://ns.adobe.com/personalization/html-content-item")
        XCTAssertEqual(SchemaType.unknown.toString(), "")
        XCTAssertEqual(ContentType.textXml.toString(), "text/xml")
    }

    func test_concurrentRequestsEachCompleteOnce() throws {
        let home = Surface(path: "home")
        try network.respond(toSurface: home.uri, withJSON: "[" + codeBased("p1", surface: home.uri, data: #"{"content": {"a": 1}}"#) + "]")
        network.latency = 1
        let updates = Locked(0)
        let gets = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 40) { i in
            if i % 2 == 0 {
                Messaging.updatePropositionsForSurfaces([home]) { ok in if ok { updates.withLock { $0 += 1 } } }
            } else {
                Messaging.getPropositionsForSurfaces([home]) { _, error in if error == nil { gets.withLock { $0 += 1 } } }
            }
        }
        harness.advance(by: 1)
        XCTAssertEqual(updates.snapshot, 20)
        XCTAssertEqual(gets.snapshot, 20)
        XCTAssertEqual(network.events.filter { $0.name == "Retrieve message definitions" }.count, 20)
    }
}
