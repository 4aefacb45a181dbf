import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport

final class SDKContentCardTests: XCTestCase {
    func test_refreshDeliversSortedCardsAndLogsInteractions() {
        let bench = SDKBench()
        let app = AppDelegateDouble()
        bench.braze.delegate = app
        bench.braze.server.contentCards = [
            classicCard("old", created: 10), classicCard("new", created: 20, url: "https://example.com/offer"),
            classicCard("pinned", pinned: true, created: 1), .control(.init(data: .init(id: "control"))),
        ]
        var updates: [[String]] = []
        let sub = bench.braze.contentCards.subscribeToUpdates { updates.append($0.map(\.id)) }
        var result: [String]?
        bench.braze.contentCards.requestRefresh { result = try? $0.get().map(\.id) }
        XCTAssertEqual(result, ["pinned", "new", "old", "control"])
        XCTAssertEqual(updates, [["pinned", "new", "old", "control"]])
        XCTAssertEqual(bench.braze.contentCards.unviewedCards.count, 4)

        let card = bench.braze.contentCards.cards[1]
        card.context?.logImpression()
        card.context?.logImpression()
        card.context?.logClick()
        card.context?.processClickAction(card.clickAction!)
        XCTAssertEqual(app.urls, [URL(string: "https://example.com/offer")!])
        bench.braze.contentCards.cards[2].context?.logDismissed()

        XCTAssertEqual(bench.braze.contentCards.loggedEvents.map { "\($0.kind.rawValue):\($0.cardId)" },
                       ["impression:new", "click:new", "dismissal:old"])
        XCTAssertEqual(bench.events(.diagnostic, "impressionAlreadyLogged").count, 1)
        XCTAssertEqual(bench.braze.contentCards.cards.map(\.id), ["pinned", "new", "control"], "a dismissed card leaves the feed")
        XCTAssertTrue(bench.braze.contentCards.cards[1].viewed)
        XCTAssertTrue(bench.braze.contentCards.cards[1].clicked)
        XCTAssertEqual(updates.last, ["pinned", "new", "control"])

        bench.braze.changeUser(userId: "someone-else")
        XCTAssertEqual(updates.last, [], "subscribers hear of a user change")
        card.context?.logClick()
        XCTAssertEqual(bench.events(.diagnostic, "staleCardContext").count, 1, "the old user's card context is no longer valid")
        withExtendedLifetime(sub) {}
    }

    func test_latencyExpiryAndUnreachableServerOnTheVirtualClock() {
        let bench = SDKBench()
        bench.braze.server.contentCards = [classicCard("soon", expires: 30), classicCard("later", expires: 0)]
        bench.braze.server.latency = 2
        var result: Result<[Braze.ContentCard], any Error>?
        bench.braze.contentCards.requestRefresh { result = $0 }
        XCTAssertNil(result, "the answer is in flight")
        bench.harness.advance(by: 2)
        XCTAssertEqual(try result?.get().map(\.id), ["soon", "later"])
        bench.harness.advance(by: 30)
        XCTAssertEqual(bench.braze.contentCards.cards.map(\.id), ["later"], "an expired card is not served")

        bench.braze.server.isReachable = false
        bench.braze.server.latency = 0
        result = nil
        bench.braze.contentCards.requestRefresh { result = $0 }
        guard case .failure(let error)? = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(error as? Braze.Error, .networkUnreachable)
        XCTAssertEqual(bench.braze.contentCards.cards.map(\.id), ["later"], "a failed refresh keeps the cached cards")
    }

    func test_rawCardsRoundTripAndBadInputIsATypedError() throws {
        let card = Braze.ContentCard.captionedImage(.init(data: .init(id: "c1", clickAction: .url(URL(string: "https://x.example")!, useWebView: true),
                                                                      pinned: true, extras: ["k": "v"]),
                                                          image: URL(string: "https://img.example/a.png")!, imageAspectRatio: 1.5,
                                                          title: "T", description: "D"))
        let raw = Braze.ContentCardRaw(card)
        XCTAssertEqual(raw.type, .captionedImage)
        XCTAssertEqual(raw.url?.absoluteString, "https://x.example")
        let back = try Braze.ContentCard(Braze.ContentCardRaw(json: XCTUnwrap(raw.json())))
        XCTAssertEqual(back.captionedImage?.title, "T")
        XCTAssertEqual(back.captionedImage?.imageAspectRatio, 1.5)
        XCTAssertEqual(back.extras["k"] as? String, "v")
        XCTAssertEqual(back.clickAction, .url(URL(string: "https://x.example")!, useWebView: true))
        XCTAssertTrue(back.pinned)

        XCTAssertThrowsError(try Braze.ContentCardRaw(json: Data("{\"type\":\"short_news\"}".utf8))) {
            XCTAssertEqual($0 as? Braze.ContentCardRawError, .missingField("id"))
        }
        XCTAssertThrowsError(try Braze.ContentCardRaw(json: Data("{\"id\":\"x\",\"type\":\"poster\"}".utf8))) {
            XCTAssertEqual($0 as? Braze.ContentCardRawError, .unknownType("poster"))
        }
        XCTAssertThrowsError(try Braze.ContentCardRaw(json: Data("[1,".utf8)))
        let imageless = try Braze.ContentCardRaw(json: Data("{\"id\":\"x\",\"type\":\"banner_image\"}".utf8))
        XCTAssertThrowsError(try Braze.ContentCard(imageless)) {
            XCTAssertEqual($0 as? Braze.ContentCardRawError, .missingField("image"))
        }
    }

    final class FeedDelegate: BrazeContentCardUIViewControllerDelegate {
        var asked: [String] = []
        var answer = false
        func contentCard(_ controller: BrazeContentCardUI.ViewController, shouldProcess clickAction: Braze.ContentCard.ClickAction,
                         card: Braze.ContentCard) -> Bool {
            asked.append(card.id)
            return answer
        }
    }

    func test_feedViewControllerLogsImpressionsWhileOnScreenAndAsksItsDelegate() {
        let bench = SDKBench()
        bench.braze.server.contentCards = [classicCard("a", created: 2, url: "https://a.example"), classicCard("b", created: 1),
                                           .control(.init(data: .init(id: "ctl")))]
        let feed = BrazeContentCardUI.ViewController(braze: bench.braze)
        let delegate = FeedDelegate()
        feed.delegate = delegate
        bench.harness.run { feed.loadViewIfNeeded() }
        XCTAssertTrue(feed.cards.isEmpty, "nothing is cached before the first refresh")
        bench.harness.run { feed.viewWillAppear(false) }
        XCTAssertEqual(feed.cards.map(\.id), ["a", "b", "ctl"], "the feed refreshed as it appeared (a control card has an empty row)")
        XCTAssertEqual(feed.tableView.numberOfRows(inSection: 0), 3)
        XCTAssertTrue(bench.braze.contentCards.loggedEvents.isEmpty, "nothing is seen before the feed appears")
        feed.viewDidAppear(false)
        XCTAssertEqual(Set(bench.braze.contentCards.loggedEvents.map(\.cardId)), ["a", "b", "ctl"])

        feed.select(cardAt: 0)
        XCTAssertEqual(delegate.asked, ["a"])
        XCTAssertTrue(bench.events(.navigation, "openURL").isEmpty, "the delegate kept the click action")
        delegate.answer = true
        feed.select(cardAt: 0)
        XCTAssertEqual(bench.events(.navigation, "openURL").first?.details["url"], "https://a.example")
        feed.dismiss(cardAt: 1)
        XCTAssertEqual(feed.cards.map(\.id), ["a", "ctl"], "the dismissed card left; the others stay, in order")
        XCTAssertEqual(BrazeContentCardUI.ModalViewController(braze: bench.braze).viewController.braze === bench.braze, true)
    }
}
