import Foundation
import InAppCore

/// Posted on `NotificationCenter.default` (through the environment's main executor) after a content-card refresh;
/// `userInfo[ABKContentCardsProcessedIsSuccessfulKey]` says whether it succeeded.
public let ABKContentCardsProcessedNotification = "contentCardsProcessedNotification"
/// The `userInfo` key of `ABKContentCardsProcessedNotification`: a Bool.
public let ABKContentCardsProcessedIsSuccessfulKey = "isSuccessful"

/// The app's content cards, as last refreshed.
///
/// Headless there is no server: what a refresh downloads is `simulatedFeed` (card dictionaries, the form
/// `ABKContentCard.deserializeCardFromDictionary(_:)` reads), set by a test or host. `Appboy.start(...)` and
/// `changeUser(_:)` refresh, as upstream does at session start and on a user change, and
/// `Appboy.requestContentCardsRefresh()` refreshes on demand. A refresh keeps the viewed, clicked and dismissed
/// state of cards it already had; expired cards (by the environment's clock) and dismissed cards are left out.
open class ABKContentCardsController: NSObject, @unchecked Sendable {
    package let environment: MessagingEnvironment
    private let state = Locked<State>(State())

    private struct State {
        var cards: [ABKContentCard] = []
        var lastUpdate: Date?
        var feed: [[AnyHashable: Any]]? = nil
        var failNextRefresh = false
        var dismissedIDs: Set<String> = []
    }

    init(environment: MessagingEnvironment) {
        self.environment = environment
        super.init()
    }

    /// The cards to show, pinned first then newest first (control cards included, as upstream: skip them with
    /// `isControlCard()` when drawing).
    open var contentCards: [ABKContentCard] { state.snapshot.cards }

    /// The same list, under the Objective-C getter's name.
    open func getContentCards() -> [ABKContentCard] { contentCards }

    /// When the cards were last refreshed, nil before the first refresh.
    open var lastUpdate: Date? { state.snapshot.lastUpdate }

    /// How many cards (control cards excluded) the user has not viewed.
    open func unviewedContentCardCount() -> Int { contentCards.filter { !$0.viewed && !$0.isControlCard() }.count }

    /// How many cards there are.
    open func contentCardCount() -> Int { contentCards.count }

    // MARK: The simulated server (not upstream API)

    /// The cards the next refresh receives, as card dictionaries; nil: the server has no feed for this app and a
    /// refresh succeeds with what is already there.
    public var simulatedFeed: [[AnyHashable: Any]]? {
        get { state.snapshot.feed }
        set { state.withLock { $0.feed = newValue } }
    }

    /// Makes the next refresh fail (as when offline): the cards stay as they were and the notification says
    /// `isSuccessful: false`.
    public func simulateRefreshFailure() { state.withLock { $0.failNextRefresh = true } }

    /// Refreshes from `simulatedFeed`; returns whether it succeeded.
    @discardableResult
    func refresh() -> Bool {
        let now = environment.clock.now
        let (failed, feed, dismissed, previous) = state.withLock { s -> (Bool, [[AnyHashable: Any]]?, Set<String>, [ABKContentCard]) in
            let failed = s.failNextRefresh
            s.failNextRefresh = false
            return (failed, s.feed, s.dismissedIDs, s.cards)
        }
        if failed {
            environment.trace.record(.delivery, "contentCards.refresh", ["successful": "false"])
            post(successful: false)
            return false
        }
        var cards: [ABKContentCard] = []
        var rejected = 0
        for dictionary in feed ?? [] {
            guard let card = ContentCardReader.card(from: dictionary) else { rejected += 1; continue }
            if dismissed.contains(card.idString) || card.dismissed { continue }
            if card.expiresAt > 0 && card.expiresAt <= now { continue }
            if let old = previous.first(where: { $0.idString == card.idString }) {
                card.viewed = card.viewed || old.viewed
                card.clicked = card.clicked || old.clicked
            }
            card.feed = self
            cards.append(card)
        }
        if feed == nil { cards = previous }
        cards.sort { a, b in a.pinned != b.pinned ? a.pinned : a.created > b.created }
        state.withLock {
            $0.cards = cards
            $0.lastUpdate = Date(timeIntervalSince1970: now)
        }
        var details = ["successful": "true", "count": String(cards.count)]
        if rejected > 0 { details["rejected"] = String(rejected) }
        environment.trace.record(.delivery, "contentCards.refresh", details)
        post(successful: true)
        return true
    }

    /// Forgets the cards and what was dismissed (a user change).
    func reset() {
        state.withLock { $0.cards = []; $0.dismissedIDs = []; $0.lastUpdate = nil }
    }

    func record(_ card: ABKContentCard, _ name: String) {
        environment.trace.record(.analytics, name, ["id": card.idString, "control": String(card.isControlCard())])
    }

    func remove(_ card: ABKContentCard) {
        state.withLock { s in
            s.dismissedIDs.insert(card.idString)
            s.cards.removeAll { $0.idString == card.idString }
        }
    }

    private func post(successful: Bool) {
        environment.main.execute { [self] in
            NotificationCenter.default.post(name: Notification.Name(ABKContentCardsProcessedNotification), object: self,
                                            userInfo: [ABKContentCardsProcessedIsSuccessfulKey: successful])
        }
    }
}

extension NSNotification.Name {
    /// `ABKContentCardsProcessedNotification` under the name Swift gives it.
    public static let ABKContentCardsProcessed = NSNotification.Name(ABKContentCardsProcessedNotification)
}
