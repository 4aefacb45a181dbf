import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
@testable import AEPServices
@_spi(OpenInApp) @testable import AEPMessaging

/// AEPMessaging content cards end to end on the simulated Edge: propositions with content-card items →
/// `Messaging.getContentCardsUI` → templates, customizers, listeners and the tracking events they send.
final class ContentCardUITests: AdobeTestCase {
    var network: EdgeNetwork { EdgeNetwork.current }

    override func setUp() {
        super.setUp()
        network.bundleIdentifier = "com.example.app"
    }

    static let cardSchema = "https://ns.adobe.com/personalization/message/content-card"

    func card(_ id: String, surface: String, template: String, content: String, rank: Int = 0) -> String {
        #"""
        {"id": "\#(id)", "scope": "\#(surface)", "scopeDetails": {"activity": {"id": "act-\#(id)", "priority": \#(rank)}, "correlationID": "c", "rank": \#(rank)},
         "items": [{"id": "item-\#(id)", "schema": "\#(Self.cardSchema)", "data": {"contentType": "application/json",
           "publishedDate": 1700000000, "expiryDate": 2000000000,
           "meta": {"adobe": {"template": "\#(template)"}, "surface": "\#(surface)", "campaign": "\#(id)"},
           "content": \#(content)}}]}
        """#
    }

    static let small = #"""
    {"title": {"content": "Spring sale"}, "body": {"content": "Everything 20% off"},
     "image": {"url": "https://example.com/s.png", "alt": "flowers"}, "actionUrl": "https://example.com/sale",
     "buttons": [{"interactId": "shop", "actionUrl": "https://example.com/shop", "text": {"content": "Shop"}},
                 {"text": {"content": "no id"}}],
     "dismissBtn": {"style": "circleFill"}}
    """#

    final class Listener: ContentCardUIEventListening {
        let events = Locked<[String]>([])
        let handles: Bool
        init(handles: Bool) { self.handles = handles }
        func onDisplay(_ card: ContentCardUI) { events.withLock { $0.append("display \(card.meta?["campaign"] ?? "")") } }
        func onDismiss(_ card: ContentCardUI) { events.withLock { $0.append("dismiss") } }
        func onInteract(_ card: ContentCardUI, _ interactionId: String, actionURL: URL?) -> Bool {
            events.withLock { $0.append("interact \(interactionId) \(actionURL?.absoluteString ?? "-")") }
            return handles
        }
    }

    struct Customizer: ContentCardCustomizing {
        func customize(template: SmallImageTemplate) { template.title.content = template.title.content.uppercased() }
        func customize(template: ImageOnlyTemplate) { template.image.altText = "customized" }
    }

    func fetchCards(_ surface: Surface, customizer: (any ContentCardCustomizing)? = nil,
                    listener: (any ContentCardUIEventListening)? = nil) -> Result<[ContentCardUI], any Error>? {
        let box = Locked<Result<[ContentCardUI], any Error>?>(nil)
        Messaging.getContentCardsUI(for: surface, customizer: customizer, listener: listener) { r in box.withLock { $0 = r } }
        XCTAssertTrue(harness.settle())
        return box.snapshot
    }

    func update(_ surface: Surface, _ propositions: [String]) throws {
        try network.respond(toSurface: surface.uri, withJSON: "[" + propositions.joined(separator: ",") + "]")
        let done = Locked<Bool?>(nil)
        Messaging.updatePropositionsForSurfaces([surface]) { ok in done.withLock { $0 = ok } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(done.snapshot, true)
    }

    func test_cardsComeFromTheEdgeWithTheirTemplatesAndCustomizations() throws {
        let feed = Surface(path: "feed")
        try update(feed, [
            card("c1", surface: feed.uri, template: "SmallImage", content: Self.small, rank: 1),
            card("c2", surface: feed.uri, template: "ImageOnly", content: #"{"image": {"url": "https://example.com/b.png"}, "actionUrl": "https://example.com/b"}"#, rank: 2),
            card("c3", surface: feed.uri, template: "LargeImage", content: #"{"body": {"content": "no title"}}"#, rank: 3),
            card("c4", surface: feed.uri, template: "Hologram", content: #"{"title": {"content": "x"}}"#, rank: 4),
        ])
        let cards = try XCTUnwrap(fetchCards(feed, customizer: Customizer())).get()
        XCTAssertEqual(cards.map(\.id), ["c1", "c2"], "a large image card without a title and an unknown template are skipped")
        XCTAssertEqual(harness.trace.events.filter { $0.name == "contentCardSkipped" }.count, 2)
        let small = try XCTUnwrap(cards[0].template as? SmallImageTemplate)
        XCTAssertEqual(small.templateType, .smallImage)
        XCTAssertEqual(small.title.content, "SPRING SALE", "the customizer saw the template")
        XCTAssertEqual(small.body?.content, "Everything 20% off")
        XCTAssertEqual(small.image?.url?.absoluteString, "https://example.com/s.png")
        XCTAssertEqual(small.image?.altText, "flowers")
        XCTAssertEqual(small.buttons?.map(\.interactId), ["shop"], "a button without interactId is left out")
        XCTAssertEqual(small.dismissButton?.style, .circle)
        XCTAssertEqual(small.actionURL?.absoluteString, "https://example.com/sale")
        XCTAssertEqual((cards[1].template as? ImageOnlyTemplate)?.image.altText, "customized")
        XCTAssertEqual(cards[0].priority, 1)
        XCTAssertEqual(cards[0].schemaData.publishedDate, 1700000000)
        XCTAssertEqual(cards[0].schemaData.contentType, .applicationJson)
        XCTAssertEqual((cards[0].schemaData.content as? [String: Any])?.keys.contains("buttons"), true)
        XCTAssertFalse(cards[0].isRead)
    }

    func test_displayTapButtonAndDismissSendTheirEventsAndReachTheListener() throws {
        let feed = Surface(path: "feed")
        try update(feed, [card("c1", surface: feed.uri, template: "SmallImage", content: Self.small)])
        let listener = Listener(handles: false)
        let card = try XCTUnwrap(fetchCards(feed, listener: listener)).get()[0]
        let before = network.xdmEventTypes.count
        card.simulateDisplay()
        card.simulateDisplay()
        card.simulateTap()
        let small = try XCTUnwrap(card.template as? SmallImageTemplate)
        small.buttons?.first?.simulateTap()
        small.dismissButton?.simulateTap()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(listener.events.snapshot, ["display c1", "interact Card clicked https://example.com/sale",
                                                  "interact shop https://example.com/shop", "dismiss"])
        XCTAssertEqual(Array(network.xdmEventTypes.dropFirst(before)),
                       ["decisioning.propositionDisplay", "decisioning.propositionInteract", "decisioning.propositionInteract",
                        "decisioning.propositionDismiss"], "only the first display is reported")
        let interactions = network.events.filter { $0.name == "Messaging interaction event" }
        guard case .object(let data)? = interactions.dropFirst(2).first?.xdm,
              case .object(let experience)? = data["_experience"], case .object(let decisioning)? = experience["decisioning"] else {
            return XCTFail("no interaction XDM")
        }
        XCTAssertEqual(decisioning["propositionAction"], ["id": "shop", "label": "shop"])
        XCTAssertTrue(card.isRead, "an interaction marks the card read")
        XCTAssertEqual(harness.trace.events.filter { $0.name == "openURL" }.compactMap { $0.details["url"] },
                       ["https://example.com/sale", "https://example.com/shop"])

        let again = try XCTUnwrap(fetchCards(feed)).get()[0]
        XCTAssertTrue(again.isRead, "the read state is kept per campaign")
    }

    func test_aListenerThatHandlesTheURLStopsItFromOpening() throws {
        let feed = Surface(path: "feed")
        try update(feed, [card("c1", surface: feed.uri, template: "SmallImage", content: Self.small)])
        let card = try XCTUnwrap(fetchCards(feed, listener: Listener(handles: true))).get()[0]
        card.simulateTap()
        XCTAssertFalse(harness.trace.events.contains { $0.name == "openURL" })
    }

    func test_aSurfaceWithNothingCachedFailsWithDataUnavailable() {
        guard case .failure(let error)? = fetchCards(Surface(path: "empty")) else { return XCTFail("expected a failure") }
        XCTAssertEqual(error as? ContentCardUIError, .dataUnavailable)
    }

    func test_schemaDataJsonValuesAndEventHistoryOperations() throws {
        let data = Data(#"{"contentType": "application/json", "content": {"title": {"content": "t"}}, "meta": {"k": 1}}"#.utf8)
        let schema = try JSONDecoder().decode(ContentCardSchemaData.self, from: data)
        XCTAssertEqual(schema.meta?["k"] as? Int, 1)
        XCTAssertNil(schema.publishedDate)
        let back = try JSONDecoder().decode(ContentCardSchemaData.self, from: JSONEncoder().encode(schema))
        XCTAssertEqual(((back.content as? [String: Any])?["title"] as? [String: Any])?["content"] as? String, "t")
        schema.track(withEdgeEventType: .display)
        XCTAssertTrue(harness.trace.events.contains { $0.name == "trackIgnored" }, "data not read from an item sends nothing")
        XCTAssertThrowsError(try JSONDecoder().decode(ContentCardSchemaData.self, from: Data(#"{"content": [1]}"#.utf8)))

        let json = try JSONDecoder().decode(JsonContentSchemaData.self, from: Data(#"{"content": {"a": 1}}"#.utf8))
        XCTAssertEqual(json.getDictionaryValue()?["a"] as? Int, 1)
        XCTAssertNil(json.getArrayValue())
        let array = try JSONDecoder().decode(JsonContentSchemaData.self, from: Data(#"{"content": [1, "two"]}"#.utf8))
        XCTAssertEqual(array.getArrayValue()?.count, 2)
        XCTAssertNil(array.getDictionaryValue())

        let op = try JSONDecoder().decode(EventHistoryOperationSchemaData.self,
                                          from: Data(#"{"operation": "insertIfNotExists", "content": {"messageId": "m1", "eventType": "disqualify", "n": 2}}"#.utf8))
        XCTAssertEqual(op.operation, "insertIfNotExists")
        XCTAssertEqual(op.content["messageId"]?.stringValue, "m1")
        XCTAssertEqual(op.content["n"]?.intValue, 2)
        XCTAssertEqual(op.messageId, "m1")
        XCTAssertEqual(op.eventType, "disqualify")
        XCTAssertThrowsError(try JSONDecoder().decode(EventHistoryOperationSchemaData.self, from: Data(#"{"content": {}}"#.utf8)))
        let item = try JSONDecoder().decode(PropositionItem.self, from: Data(#"{"id": "i", "schema": "https://ns.adobe.com/personalization/eventHistoryOperation", "data": {"operation": "delete", "content": {}}}"#.utf8))
        XCTAssertEqual(item.eventHistoryOperationSchemaData?.operation, "delete")
        XCTAssertNil(item.contentCardSchemaData)
    }
}
