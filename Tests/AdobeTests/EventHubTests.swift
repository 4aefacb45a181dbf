import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
@_spi(OpenInApp) import AEPServices
@testable import AEPMessaging
@_spi(OpenInApp) import AEPEdgeIdentity

/// `Event`, `MobileCore.dispatch` and `registerEventListener`, as demo and test apps use them (AEPMessaging's
/// MessagingDemoApp dispatches its own events to trigger in-app rules).
final class EventHubTests: AdobeTestCase {
    override func setUp() {
        super.setUp()
        MobileCore.resetSetup()
        Identity.resetIdentities()
    }

    override func tearDown() {
        MobileCore.resetSetup()
        super.tearDown()
    }

    /// A ruleset whose rule matches events of type `iam.tester` carrying `data.key == "true"`.
    private func testerRule(key: String, messageId: String) -> String {
        """
        {"id": "p", "scope": "mobileapp://x", "scopeDetails": {"activity": {"id": "a"}}, "items": [
          {"id": "rs", "schema": "https://ns.adobe.com/personalization/ruleset-item", "data": {"version": 1, "rules": [
            {"condition": {"type": "group", "definition": {"logic": "and", "conditions": [
               {"type": "matcher", "definition": {"key": "~type", "matcher": "eq", "values": ["iam.tester"]}},
               {"type": "matcher", "definition": {"key": "~source", "matcher": "eq", "values": ["inbound"]}},
               {"type": "matcher", "definition": {"key": "\(key)", "matcher": "eq", "values": ["true"]}}]}},
             "consequences": [{"id": "c", "type": "schema", "detail": {"id": "\(messageId)",
               "schema": "https://ns.adobe.com/personalization/message/in-app",
               "data": {"content": "<p>\(messageId)</p>", "contentType": "text/html"}}}]}]}}]}
        """
    }

    func test_dispatchedAppEventTriggersTheInAppRuleThatMatchesIt() throws {
        let delegate = RecordingDelegate()
        MobileCore.messagingDelegate = delegate
        try Messaging.loadPropositions(testerRule(key: "firstEvent", messageId: "first"))

        // As MessagingDemoApp's buttons do.
        MobileCore.dispatch(event: Event(name: "Event2", type: "iam.tester", source: "inbound", data: ["secondEvent": "true"],
                                         mask: ["secondEvent"]))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, [], "a rule on firstEvent does not fire for secondEvent")

        MobileCore.dispatch(event: Event(name: "Event1", type: "iam.tester", source: "inbound", data: ["firstEvent": "true"],
                                         mask: ["firstEvent"]))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(delegate.names, ["shouldShowMessage", "onShow"])
        XCTAssertEqual(delegate.all.first?.messageID, "first")
        let dispatched = harness.trace.events.filter { $0.kind == .event && $0.details["type"] == "iam.tester" }.map(\.name)
        XCTAssertEqual(dispatched, ["Event2", "Event1"])
    }

    func test_listenersHearTheirTypeAndSourceOrWildcardsOnABackgroundThread() {
        let heard = Locked([String]())
        let onMain = Locked([Bool]())
        MobileCore.registerEventListener(type: "iam.tester", source: "inbound") { event in
            heard.withLock { $0.append("exact:\(event.name)") }
            onMain.withLock { $0.append(Thread.isMainThread) }
        }
        MobileCore.registerEventListener(type: EventType.wildcard, source: EventSource.wildcard) { event in
            heard.withLock { $0.append("any:\(event.name)") }
        }
        MobileCore.registerEventListener(type: EventType.genericTrack, source: EventSource.requestContent) { event in
            heard.withLock { $0.append("track:\(event.data?["action"] as? String ?? "-")") }
        }
        MobileCore.dispatch(event: Event(name: "A", type: "iam.tester", source: "inbound", data: nil))
        MobileCore.dispatch(event: Event(name: "B", type: "iam.tester", source: "other", data: nil))
        MobileCore.track(action: "buy", data: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(Set(heard.snapshot), ["exact:A", "any:A", "any:B", "any:Analytics Track", "track:buy"])
        XCTAssertEqual(heard.snapshot.count, 5)
        XCTAssertEqual(onMain.snapshot, [false])
    }

    func test_dispatchWithResponseGetsTheResponseOrNilAfterTheTimeoutOnTheVirtualClock() {
        // A listener playing an extension that answers requests of its type.
        MobileCore.registerEventListener(type: "com.example.lookup", source: EventSource.requestContent) { request in
            let answer = request.createResponseEvent(name: "Lookup Response", type: "com.example.lookup",
                                                     source: EventSource.responseContent, data: ["found": true])
            MobileCore.dispatch(event: answer)
        }
        let answered = Locked<Event?>(nil)
        let request = Event(name: "Lookup", type: "com.example.lookup", source: EventSource.requestContent, data: ["q": 1])
        MobileCore.dispatch(event: request, timeout: 2) { response in answered.withLock { $0 = response } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(answered.snapshot?.responseID, request.id)
        XCTAssertEqual(answered.snapshot?.data?["found"] as? Bool, true)

        // Nobody answers this one: nil once two seconds of virtual time pass, not before.
        let unanswered = Locked<[String]>([])
        MobileCore.dispatch(event: Event(name: "Nobody", type: "com.example.none", source: EventSource.requestContent, data: nil),
                            timeout: 2) { response in unanswered.withLock { $0.append(response == nil ? "nil" : "event") } }
        XCTAssertTrue(harness.settle())
        harness.advance(by: 1.9)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(unanswered.snapshot, [])
        harness.advance(by: 0.2)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(unanswered.snapshot, ["nil"])
        XCTAssertEqual(harness.trace.events.filter { $0.name == "eventResponseTimedOut" }.count, 1)
    }

    func test_responseAndChainedEventsCarryTheirOriginAndEventsRoundTripThroughJSON() throws {
        let event = Event(name: "E", type: EventType.custom, source: EventSource.requestContent,
                          data: ["n": 1, "s": "x", "nested": ["a": [1, 2]]], mask: ["n"])
        let response = event.createResponseEvent(name: "R", type: EventType.custom, source: EventSource.responseContent, data: nil)
        let chained = event.createChainedEvent(name: "C", type: EventType.custom, source: EventSource.none, data: nil)
        XCTAssertEqual(response.responseID, event.id)
        XCTAssertNil(response.parentID)
        XCTAssertEqual(chained.parentID, event.id)
        XCTAssertNotEqual(chained.id, event.id)

        let decoded = try JSONDecoder().decode(Event.self, from: JSONEncoder().encode(event))
        XCTAssertEqual(decoded.id, event.id)
        XCTAssertEqual(decoded.name, "E")
        XCTAssertEqual(decoded.type, "com.adobe.eventType.custom")
        XCTAssertEqual(decoded.mask, ["n"])
        XCTAssertEqual(JSONValue(any: decoded.data), JSONValue(any: event.data))
    }

    func test_resetIdentitiesMakesARegisteredIdentityForgetItsMapAndECID() throws {
        MobileCore.registerExtensions([Identity.self])
        XCTAssertTrue(harness.settle())
        let email = IdentityMap()
        email.add(item: IdentityItem(id: "a@example.com"), withNamespace: "Email")
        Identity.updateIdentities(with: email)
        let before = Locked<(String?, [String])>((nil, []))
        Identity.getIdentities { map, _ in
            before.withLock { $0 = (map?.getItems(withNamespace: "ECID")?.first?.id, map?.getItems(withNamespace: "Email")?.map(\.id) ?? []) }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(before.snapshot.1, ["a@example.com"])

        MobileCore.resetIdentities()
        XCTAssertTrue(harness.settle())
        let after = Locked<(String?, [String])>((nil, []))
        Identity.getIdentities { map, _ in
            after.withLock { $0 = (map?.getItems(withNamespace: "ECID")?.first?.id, map?.getItems(withNamespace: "Email")?.map(\.id) ?? []) }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(after.snapshot.1, [], "the identity map is forgotten")
        XCTAssertNotNil(after.snapshot.0)
        XCTAssertNotEqual(after.snapshot.0, before.snapshot.0, "a new ECID")
        XCTAssertEqual(harness.trace.events.filter { $0.name == "identitiesReset" }.count, 1)
    }

    func test_resetIdentitiesWithoutIdentityRegisteredChangesNothing() {
        let email = IdentityMap()
        email.add(item: IdentityItem(id: "b@example.com"), withNamespace: "Email")
        Identity.updateIdentities(with: email)
        MobileCore.resetIdentities()
        XCTAssertTrue(harness.settle())
        let emails = Locked([String]())
        Identity.getIdentities { map, _ in emails.withLock { $0 = map?.getItems(withNamespace: "Email")?.map(\.id) ?? [] } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(emails.snapshot, ["b@example.com"])
        XCTAssertEqual(harness.trace.events.filter { $0.kind == .event }.map(\.name),
                       ["Edge Identity Update Identities", "Reset Identities Request"])
    }
}
