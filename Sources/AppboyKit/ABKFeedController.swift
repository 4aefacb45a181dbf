import Foundation
import InAppCore

/// Posted on `NotificationCenter.default` (through the environment's main executor) after a News Feed refresh;
/// `userInfo[ABKFeedUpdatedIsSuccessfulKey]` says whether it succeeded.
public let ABKFeedUpdatedNotification = "ABKFeedUpdatedNotification"
/// The `userInfo` key of `ABKFeedUpdatedNotification`: a Bool.
public let ABKFeedUpdatedIsSuccessfulKey = "ABKFeedUpdatedIsSuccessfulKey"

/// The legacy News Feed's cards, as last refreshed (Appboy-iOS-SDK 4; removed from BrazeKitCompat upstream).
///
/// Headless there is no server: a refresh reads `simulatedFeed` (card dictionaries, the form
/// `ABKCard.deserializeCardFromDictionary(_:)` reads). `Appboy.requestFeedRefresh()` refreshes; a user change
/// empties the feed. A refresh keeps the viewed state of cards it already had and leaves expired cards out (by the
/// environment's clock). Cards are newest first.
open class ABKFeedController: NSObject, @unchecked Sendable {
    package let environment: MessagingEnvironment
    private struct State {
        var cards: [ABKCard] = []
        var lastUpdate: Date?
        var feed: [[AnyHashable: Any]]?
        var failNextRefresh = false
    }
    private let state = Locked<State>(State())

    init(environment: MessagingEnvironment) {
        self.environment = environment
        super.init()
    }

    /// Every card of the feed.
    open var newsFeedCards: [ABKCard] { state.snapshot.cards }
    /// The same list, under the Objective-C getter's name.
    open func getNewsFeedCards() -> [ABKCard] { newsFeedCards }
    /// When the feed was last refreshed; nil before.
    open var lastUpdate: Date? { state.snapshot.lastUpdate }

    /// How many cards in `categories` the user has not viewed.
    open func unreadCardCount(forCategories categories: ABKCardCategory) -> Int {
        getCardsInCategories(categories).filter { !$0.viewed }.count
    }
    /// How many cards are in `categories`.
    open func cardCount(forCategories categories: ABKCardCategory) -> Int { getCardsInCategories(categories).count }
    /// The cards that belong to any of `categories`.
    open func getCardsInCategories(_ categories: ABKCardCategory) -> [ABKCard] {
        newsFeedCards.filter { !$0.categories.isDisjoint(with: categories) }
    }

    // MARK: The simulated server (not upstream API)

    /// The cards the next refresh receives; nil: the server has no feed and a refresh keeps what is there.
    public var simulatedFeed: [[AnyHashable: Any]]? {
        get { state.snapshot.feed }
        set { state.withLock { $0.feed = newValue } }
    }
    /// Makes the next refresh fail (the cards stay; the notification says `isSuccessful: false`).
    public func simulateRefreshFailure() { state.withLock { $0.failNextRefresh = true } }

    @discardableResult
    func refresh() -> Bool {
        let now = environment.clock.now
        let (failed, feed, previous) = state.withLock { s -> (Bool, [[AnyHashable: Any]]?, [ABKCard]) in
            defer { s.failNextRefresh = false }
            return (s.failNextRefresh, s.feed, s.cards)
        }
        guard !failed else {
            environment.trace.record(.delivery, "feed.refresh", ["successful": "false"])
            post(successful: false)
            return false
        }
        var cards = previous
        var rejected = 0
        if let feed {
            cards = []
            for dictionary in feed {
                guard let card = FeedCardReader.card(from: dictionary) else { rejected += 1; continue }
                if card.expiresAt > 0 && card.expiresAt <= now { continue }
                if previous.contains(where: { $0.idString == card.idString && $0.viewed }) { card.viewed = true }
                card.feed = self
                cards.append(card)
            }
            cards.sort { $0.created > $1.created }
        }
        state.withLock { $0.cards = cards; $0.lastUpdate = Date(timeIntervalSince1970: now) }
        var details = ["successful": "true", "count": String(cards.count)]
        if rejected > 0 { details["rejected"] = String(rejected) }
        environment.trace.record(.delivery, "feed.refresh", details)
        post(successful: true)
        return true
    }

    /// Forgets the cards (a user change).
    func reset() { state.withLock { $0.cards = []; $0.lastUpdate = nil } }

    private func post(successful: Bool) {
        environment.main.execute { [self] in
            NotificationCenter.default.post(name: Notification.Name(ABKFeedUpdatedNotification), object: self,
                                            userInfo: [ABKFeedUpdatedIsSuccessfulKey: successful])
        }
    }
}
