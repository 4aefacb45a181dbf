import Foundation
import XCTest
import InAppTestSupport
import InAppCore
import AppboyKit
import AppboyUI
#if canImport(UIKit)
import UIKit
#endif

/// Legacy content cards: the controller fed by the simulated server, the cards' logging, the built-in feed.
final class AppboyContentCardTests: XCTestCase {
    private func feed(now: Double) -> [[AnyHashable: Any]] {
        [
            ["id": "old", "type": "classic", "title": "Old news", "description": "d", "created": now - 100, "url": "https://example.com/old"],
            ["id": "new", "type": "captioned_image", "title": "New", "description": "d", "image": "https://example.com/i.png",
             "aspect_ratio": 2.0, "created": now - 10],
            ["id": "pin", "type": "banner", "image": "https://example.com/b.png", "pinned": true, "created": now - 1000],
            ["id": "ctl", "type": "control", "created": now - 5],
            ["id": "expiring", "type": "classic", "title": "Soon gone", "created": now - 1, "expires_at": now + 60],
            ["title": "no id"],
            ["id": "bad", "type": "hologram"],
        ]
    }

    private func cardIDs(_ a: Appboy) -> [String] { a.contentCardsController.contentCards.map(\.idString) }

    func testRefreshReadsTheFeedPinnedFirstThenNewestAndCountsUnviewedWithoutControls() {
        let (h, appboy) = startAppboy()
        XCTAssertEqual(appboy.contentCardsController.contentCards.count, 0, "no feed yet")
        appboy.contentCardsController.simulatedFeed = feed(now: h.environment.clock.now)
        appboy.requestContentCardsRefresh()
        XCTAssertEqual(cardIDs(appboy), ["pin", "expiring", "ctl", "new", "old"])
        XCTAssertEqual(appboy.contentCardsController.contentCardCount(), 5)
        XCTAssertEqual(appboy.contentCardsController.unviewedContentCardCount(), 4, "the control card is not counted")
        XCTAssertTrue(appboy.contentCardsController.getContentCards()[2].isControlCard())
        let refresh = h.trace.events.last { $0.name == "contentCards.refresh" }
        XCTAssertEqual(refresh?.details["rejected"], "2", "the card without id and the unknown type are rejected")
        let captioned = appboy.contentCardsController.contentCards.first { $0.idString == "new" } as? ABKCaptionedImageContentCard
        XCTAssertEqual(captioned?.imageAspectRatio, 2)
        XCTAssertEqual(captioned?.title, "New")
        XCTAssertNotNil(appboy.contentCardsController.lastUpdate)
    }

    func testImpressionClickAndDismissChangeTheFeedAndSurviveARefresh() {
        let (h, appboy) = startAppboy()
        appboy.contentCardsController.simulatedFeed = feed(now: h.environment.clock.now)
        appboy.requestContentCardsRefresh()
        let cards = appboy.contentCardsController.contentCards
        cards.first { $0.idString == "old" }!.logContentCardImpression()
        cards.first { $0.idString == "old" }!.logContentCardClicked()
        XCTAssertEqual(appboy.contentCardsController.unviewedContentCardCount(), 3)
        cards.first { $0.idString == "new" }!.logContentCardDismissed()
        XCTAssertEqual(cardIDs(appboy), ["pin", "expiring", "ctl", "old"])
        appboy.requestContentCardsRefresh()
        XCTAssertEqual(cardIDs(appboy), ["pin", "expiring", "ctl", "old"], "a dismissed card stays gone")
        let old = appboy.contentCardsController.contentCards.first { $0.idString == "old" }!
        XCTAssertTrue(old.viewed && old.clicked, "a refresh keeps viewed and clicked")
        XCTAssertEqual(h.trace.events.filter { $0.kind == .analytics && $0.name.hasPrefix("contentCard.") }.map { "\($0.name) \($0.details["id"]!)" },
                       ["contentCard.impression old", "contentCard.click old", "contentCard.dismissed new"])
    }

    func testANonDismissibleCardStaysAndExpiredCardsLeaveAtTheNextRefresh() {
        let (h, appboy) = startAppboy()
        let now = h.environment.clock.now
        appboy.contentCardsController.simulatedFeed = [["id": "fixed", "dismissible": false, "created": now],
                                                        ["id": "short", "created": now, "expires_at": now + 30]]
        appboy.requestContentCardsRefresh()
        appboy.contentCardsController.contentCards[0].logContentCardDismissed()
        XCTAssertEqual(cardIDs(appboy).sorted(), ["fixed", "short"])
        XCTAssertTrue(h.trace.events.contains { $0.name == "contentCard.dismissRefused" })
        h.advance(by: 31)
        appboy.requestContentCardsRefresh()
        XCTAssertEqual(cardIDs(appboy), ["fixed"])
    }

    func testAFailedRefreshKeepsTheCardsAndPostsAnUnsuccessfulNotification() {
        let (h, appboy) = startAppboy()
        let controller = appboy.contentCardsController
        controller.simulatedFeed = [["id": "a", "created": 1.0]]
        let outcomes = Locked<[Bool]>([])
        let token = NotificationCenter.default.addObserver(forName: Notification.Name(ABKContentCardsProcessedNotification),
                                                           object: controller, queue: nil) { note in
            let ok = note.userInfo?[ABKContentCardsProcessedIsSuccessfulKey] as? Bool ?? false
            outcomes.withLock { $0.append(ok) }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        appboy.requestContentCardsRefresh()
        controller.simulatedFeed = []
        controller.simulateRefreshFailure()
        appboy.requestContentCardsRefresh()
        XCTAssertTrue(h.settle())
        XCTAssertEqual(outcomes.snapshot, [true, false])
        XCTAssertEqual(cardIDs(appboy), ["a"])
    }

    func testChangeUserStartsAFreshUserAndRefreshesTheirCards() {
        let (h, appboy) = startAppboy()
        appboy.contentCardsController.simulatedFeed = [["id": "a", "created": 1.0]]
        appboy.requestContentCardsRefresh()
        appboy.contentCardsController.contentCards[0].logContentCardDismissed()
        XCTAssertTrue(appboy.user.setCustomAttributeWithKey("plan", andStringValue: "gold"))
        XCTAssertNil(appboy.user.userID)
        appboy.changeUser("alice")
        XCTAssertEqual(appboy.user.userID, "alice")
        XCTAssertNil(appboy.user.customAttributes["plan"], "a new user has no attributes")
        XCTAssertEqual(cardIDs(appboy), ["a"], "the new user's feed is downloaded again, dismissals belonged to the old user")
        appboy.changeUser("alice")
        appboy.changeUser("")
        XCTAssertEqual(h.trace.events.filter { $0.name == "changeUser" }.count, 1, "the same id again changes nothing")
        XCTAssertTrue(h.trace.events.contains { $0.name == "changeUserIgnored" })
        XCTAssertTrue(appboy.user.incrementCustomUserAttribute("visits", by: 2))
        XCTAssertTrue(appboy.user.incrementCustomUserAttribute("visits"))
        XCTAssertEqual(appboy.user.customAttributes["visits"] as? Int, 3)
        XCTAssertFalse(appboy.user.setCustomAttributeWithKey("", andBOOLValue: true))
    }

    func testCardsRoundTripThroughTheirDictionaryForm() throws {
        let card = ABKContentCard.deserializeCardFromDictionary(["id": "x", "type": "classic", "title": "T", "description": "D",
                                                                "url": "https://e.com", "pinned": true, "extras": ["k": "v"]])
        let classic = try XCTUnwrap(card as? ABKClassicContentCard)
        let data = try XCTUnwrap(classic.serializeToData())
        let back = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let again = try XCTUnwrap(ABKContentCard.deserializeCardFromDictionary(back) as? ABKClassicContentCard)
        XCTAssertEqual([again.title, again.cardDescription, again.urlString], ["T", "D", "https://e.com"])
        XCTAssertTrue(again.pinned && again.hasSameId(classic))
        XCTAssertEqual(again.extras?["k"] as? String, "v")
        XCTAssertNil(ABKContentCard.deserializeCardFromDictionary(nil))
        XCTAssertNil(ABKContentCard.deserializeCardFromDictionary(["id": 5]))
    }

    func testOptionKeysWithAnEffectAreReadAndTheOthersRecorded() {
        let (h, appboy) = startAppboy([ABKEndpointKey: "sdk.example.com", ABKRequestProcessingPolicyOptionKey: ABKRequestProcessingPolicy.manualRequestProcessing,
                                       ABKSessionTimeoutKey: 20, ABKPushStoryAppGroupKey: "group.x"])
        XCTAssertEqual(appboy.endpoint, "sdk.example.com")
        XCTAssertEqual(appboy.requestProcessingPolicy, .manualRequestProcessing)
        let accepted = h.trace.events.filter { $0.name == "optionAccepted" }.compactMap { $0.details["key"] }
        XCTAssertEqual(accepted.sorted(), [ABKEndpointKey, ABKPushStoryAppGroupKey, ABKSessionTimeoutKey].sorted())
        let (h2, other) = startAppboy([ABKRequestProcessingPolicyOptionKey: "sometimes"])
        XCTAssertEqual(other.requestProcessingPolicy, .automaticRequestProcessing)
        XCTAssertTrue(h2.trace.events.contains { $0.name == "invalidOption" && $0.details["key"] == ABKRequestProcessingPolicyOptionKey })
    }

    func testPushEntryPointsAndUnsafeInstance() {
        let h = Harness()
        let started = Appboy.unsafeInstance()
        XCTAssertTrue(h.trace.events.contains { $0.name == "unsafeInstanceBeforeStart" })
        XCTAssertTrue(Appboy.sharedInstance() === started)
        started.registerDeviceToken(Data([1, 2, 3]))
        XCTAssertEqual(started.deviceToken, Data([1, 2, 3]))
        var result: UIBackgroundFetchResult?
        started.register(UIApplication.shared, didReceiveRemoteNotification: ["ab": [:]], fetchCompletionHandler: { result = $0 })
        XCTAssertEqual(result, .noData)
        XCTAssertEqual(started.getDeviceId(), started.getDeviceId())
    }

    func testTheFeedListsCardsLogsImpressionsAndFollowsClicksThroughTheDelegates() {
        final class FeedDelegate: ABKContentCardsTableViewControllerDelegate {
            var allow = true
            var handled: [URL] = []
            func contentCardTableViewController(_ viewController: ABKContentCardsTableViewController, shouldHandleCardClick url: URL) -> Bool { allow }
            func contentCardTableViewController(_ viewController: ABKContentCardsTableViewController, didHandleCardClick url: URL) { handled.append(url) }
        }
        let (h, appboy) = startAppboy()
        appboy.contentCardsController.simulatedFeed = [["id": "a", "title": "First", "created": 2.0, "url": "https://e.com/a"],
                                                        ["id": "b", "title": "Second", "created": 1.0],
                                                        ["id": "c", "type": "control", "created": 3.0]]
        appboy.requestContentCardsRefresh()
        let feed = ABKContentCardsTableViewController()
        let delegate = FeedDelegate()
        feed.delegate = delegate
        feed.loadViewIfNeeded()
        XCTAssertEqual(feed.tableView.numberOfRows(inSection: 0), 2, "the control card is not shown")
        feed.tableView.reloadData()
        XCTAssertEqual(feed.tableView.visibleCells.compactMap { ($0 as? ABKClassicContentCardCell)?.titleLabel.text }.sorted(), ["First", "Second"],
                       "each card is shown by the stock classic cell")
        XCTAssertEqual(appboy.contentCardsController.unviewedContentCardCount(), 0, "visible rows log their impression")
        XCTAssertTrue(h.trace.events.contains { $0.name == "contentCards.displayed" })
        XCTAssertTrue(h.trace.events.contains { $0.name == "contentCard.impression" && $0.details["id"] == "c" })

        feed.tableView.simulateSelectRow(at: IndexPath(row: 0, section: 0))
        XCTAssertEqual(delegate.handled, [URL(string: "https://e.com/a")!])
        XCTAssertEqual(h.trace.events.last { $0.name == "openURL" }?.details["url"], "https://e.com/a")
        delegate.allow = false
        feed.tableView.simulateSelectRow(at: IndexPath(row: 0, section: 0))
        XCTAssertEqual(delegate.handled.count, 1, "the app took the second click")
        XCTAssertEqual(h.trace.events.filter { $0.name == "openURL" }.count, 1)
        feed.tableView.simulateSelectRow(at: IndexPath(row: 1, section: 0))
        XCTAssertEqual(h.trace.events.filter { $0.name == "contentCard.click" }.count, 2, "a card without a URL logs no click")

        appboy.contentCardsController.simulatedFeed = [["id": "z", "title": "Only", "created": 9.0]]
        appboy.requestContentCardsRefresh()
        XCTAssertTrue(h.settle())
        XCTAssertEqual((feed.cards.firstObject as? ABKClassicContentCard)?.title, "Only", "a refresh repopulates the feed")
    }

    func testTheNavigationFeedRefreshesWhenItsCardsAreOlderThanTheCacheTimeout() {
        let (h, appboy) = startAppboy()
        appboy.contentCardsController.simulatedFeed = [["id": "a", "title": "A", "created": 1.0]]
        let navigation = ABKContentCardsTableViewController.getNavigationContentCardsViewController()
        let feed = navigation.contentCardsViewController
        XCTAssertTrue(navigation.topViewController === feed)
        XCTAssertEqual(feed.cacheTimeout, 60)
        feed.disableUnreadIndicator = true
        func refreshes() -> Int { h.trace.events.filter { $0.name == "contentCards.refresh" }.count }
        let atStart = refreshes()
        feed.loadViewIfNeeded()
        feed.viewWillAppear(false)
        XCTAssertEqual(refreshes(), atStart, "cards refreshed at start-up are fresh")
        XCTAssertEqual(feed.cards.count, 0, "the feed was empty at start-up")
        h.advance(by: 61)
        feed.viewWillAppear(false)
        XCTAssertEqual(refreshes(), atStart + 1)
        XCTAssertTrue(h.settle())
        XCTAssertEqual(feed.cards.count, 1, "the refresh brought the feed's card")
        XCTAssertTrue(feed.disableUnreadIndicator)
    }
}
