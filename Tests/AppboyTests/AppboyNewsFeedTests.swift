import Foundation
import XCTest
import InAppTestSupport
import AppboyKit
import AppboyUI
#if canImport(UIKit)
import UIKit
#endif

/// The legacy News Feed as an app of the Appboy-iOS-SDK 4 era uses it: refresh, count unread cards by
/// category, present `ABKNewsFeedViewController`, tap a card.
final class AppboyNewsFeedTests: XCTestCase {
    private let feed: [[AnyHashable: Any]] = [
        ["id": "n1", "type": "classic", "title": "News", "description": "Fresh", "categories": ["news"], "created": 3.0,
         "url": "https://example.com/news"],
        ["id": "a1", "type": "captioned_image", "title": "Ad", "description": "Buy", "image": "https://e.com/a.png",
         "categories": ["advertising"], "created": 2.0, "viewed": true],
        ["id": "t1", "type": "text_announcement", "title": "Note", "description": "Hello", "created": 1.0],
        ["id": "old", "type": "banner", "image": "https://e.com/b.png", "created": 4.0, "expires_at": 0.5],
        ["id": "x", "type": "poll"],
    ]

    func testRefreshCountsAndFiltersByCategory() {
        let (h, appboy) = startAppboy()
        let controller = appboy.feedController
        XCTAssertNil(controller.lastUpdate)
        controller.simulatedFeed = feed
        final class Box: @unchecked Sendable { var values: [Bool] = [] }
        let box = Box()
        let observer = NotificationCenter.default.addObserver(forName: Notification.Name(ABKFeedUpdatedNotification), object: controller,
                                                              queue: nil) { box.values.append(($0.userInfo?[ABKFeedUpdatedIsSuccessfulKey] as? Bool) ?? false) }
        defer { NotificationCenter.default.removeObserver(observer) }
        h.advance(by: 1)
        appboy.requestFeedRefresh()
        XCTAssertTrue(h.settle())
        XCTAssertEqual(box.values, [true])
        XCTAssertEqual(controller.newsFeedCards.map(\.idString), ["n1", "a1", "t1"], "newest first; expired and unknown cards left out")
        XCTAssertEqual(h.trace.events.last { $0.name == "feed.refresh" }?.details["rejected"], "1")
        XCTAssertEqual(controller.cardCount(forCategories: .all), 3)
        XCTAssertEqual(controller.cardCount(forCategories: .news), 1)
        XCTAssertEqual(controller.unreadCardCount(forCategories: [.news, .advertising]), 1, "the ad was viewed")
        XCTAssertEqual(controller.getCardsInCategories(.noCategory).map(\.idString), ["t1"], "no categories: noCategory")
        XCTAssertTrue(controller.newsFeedCards.first is ABKClassicCard)

        controller.simulateRefreshFailure()
        appboy.requestFeedRefresh()
        XCTAssertTrue(h.settle())
        XCTAssertEqual(box.values, [true, false])
        XCTAssertEqual(controller.newsFeedCards.count, 3, "a failed refresh keeps the cards")

        appboy.changeUser("someone")
        XCTAssertTrue(controller.newsFeedCards.isEmpty, "a new user starts with an empty feed")
    }

    func testTheListShowsCardsLogsImpressionsOnceAndOpensTappedLinks() {
        let (h, appboy) = startAppboy()
        appboy.feedController.simulatedFeed = feed
        h.advance(by: 1)  // past the banner's expiry
        let navigation = ABKNewsFeedViewController()
        let list = navigation.newsFeed
        XCTAssertTrue(navigation.topViewController === list)
        list.loadViewIfNeeded()
        list.viewWillAppear(false)
        XCTAssertTrue(h.settle())
        XCTAssertEqual(list.tableView.numberOfRows(inSection: 0), 3)
        list.tableView.reloadData()
        list.tableView.reloadData()
        XCTAssertEqual(list.tableView.visibleCells.compactMap { $0.textLabel?.text }, ["News", "Ad", "Note"])
        XCTAssertEqual(h.trace.events.filter { $0.name == "feedCard.impression" }.count, 3, "once per card")
        XCTAssertTrue(h.trace.events.contains { $0.name == "feed.displayed" })
        XCTAssertEqual(appboy.feedController.unreadCardCount(forCategories: .all), 0)

        list.tableView.simulateSelectRow(at: IndexPath(row: 0, section: 0))
        XCTAssertEqual(h.trace.events.last { $0.name == "feedCard.click" }?.details["id"], "n1")
        let opened = h.trace.events.last { $0.name == "openURL" }
        XCTAssertEqual(opened?.details["url"], "https://example.com/news")
        XCTAssertEqual(opened?.details["channel"], "newsFeed")

        list.categories = .advertising
        XCTAssertEqual(list.cards.map(\.idString), ["a1"])
    }

    func testCardsRoundTripThroughTheirDictionaryForm() throws {
        let card = try XCTUnwrap(ABKCard.deserializeCardFromDictionary(feed[1]) as? ABKCaptionedImageCard)
        XCTAssertEqual(card.categories, .advertising)
        XCTAssertEqual(card.title, "Ad")
        let data = try XCTUnwrap(card.serializeToData())
        let again = try XCTUnwrap(ABKCard.deserializeCardFromDictionary(
            try JSONSerialization.jsonObject(with: data) as? [AnyHashable: Any]) as? ABKCaptionedImageCard)
        XCTAssertTrue(again.hasSameId(card))
        XCTAssertEqual(again.image, "https://e.com/a.png")
        XCTAssertNil(ABKCard.deserializeCardFromDictionary(nil))
        XCTAssertNil(ABKCard.deserializeCardFromDictionary(["type": "classic"]), "a card needs an id")
    }
}
