import Foundation
import InAppCore

extension Braze {
    /// The current user's content cards. `requestRefresh` fetches them from the simulated server
    /// (`Braze.server.contentCards`); `cards` holds the latest set (without dismissed or expired cards),
    /// pinned cards first, then newest first. Impressions, clicks and dismissals update the cards, are recorded
    /// in the trace (kind `card`) and listed in `loggedEvents`.
    public final class ContentCards: @unchecked Sendable {
        /// One logged interaction.
        public struct LoggedEvent: Hashable, Sendable {
            public enum Kind: String, Sendable { case impression, click, dismissal }
            public let kind: Kind
            public let cardId: String
        }

        private struct State {
            var cards: [ContentCard] = []
            var lastUpdate: Date?
            var events: [LoggedEvent] = []
            var impressed: Set<String> = []
        }
        private let state = Locked(State())
        private let environment: MessagingEnvironment
        private let subscribers = Subscribers<[ContentCard]>()
        package let link = BrazeLink()

        init(environment: MessagingEnvironment) { self.environment = environment }

        /// The cards from the latest refresh, without removed or expired ones.
        public var cards: [ContentCard] {
            let now = environment.clock.now
            return state.withLock { $0.cards }.filter { !$0.removed && ($0.expiresAt <= 0 || $0.expiresAt > Self.epoch(now)) }
        }
        /// Cards the user has not seen.
        public var unviewedCards: [ContentCard] { cards.filter { !$0.viewed } }
        /// When the cards were last refreshed.
        public var lastUpdate: Date? { state.withLock { $0.lastUpdate } }
        public func getCachedContentCards(_ completion: @escaping ([ContentCard]) -> Void) { completion(cards) }
        public func getUnviewedCards(_ completion: @escaping ([ContentCard]) -> Void) { completion(unviewedCards) }
        public func getLastUpdate(_ completion: @escaping (Date?) -> Void) { completion(lastUpdate) }

        /// Fetches the cards. On success subscribers get the new cards, then `completion`.
        public func requestRefresh(_ completion: ((Result<[ContentCard], any Swift.Error>) -> Void)? = nil) {
            guard let braze = link.braze else { completion?(.failure(Braze.Error.sdkDisabled)); return }
            environment.trace.record(.card, "requestRefresh")
            braze.server.handle("content_cards", for: braze) { [weak self] outcome in
                guard let self else { return }
                switch outcome {
                case .failure(let error):
                    self.environment.trace.record(.card, "refreshFailed", ["error": error.description])
                    completion?(.failure(error))
                case .success:
                    let served = braze.server.contentCards
                    self.receive(served, braze: braze)
                    completion?(.success(self.cards))
                }
            }
        }

        /// Calls `update` with the cards after each refresh (and after a user change).
        public func subscribeToUpdates(_ update: @escaping ([ContentCard]) -> Void) -> Cancellable {
            subscribers.add(update)
        }

        /// Test API: the interactions logged, oldest first.
        public var loggedEvents: [LoggedEvent] { state.withLock { $0.events } }

        /// Cards served by the server get a context bound to this user; locally known state (viewed, clicked,
        /// removed) is kept for cards already seen.
        private func receive(_ served: [ContentCard], braze: Braze) {
            let sorted = served.enumerated().sorted { a, b in
                if a.element.pinned != b.element.pinned { return a.element.pinned }
                if a.element.createdAt != b.element.createdAt { return a.element.createdAt > b.element.createdAt }
                return a.offset < b.offset
            }.map(\.element)
            let now = environment.clock.now
            state.withLock { s in
                let previous = Dictionary(s.cards.map { ($0.id, $0.data) }, uniquingKeysWith: { a, _ in a })
                s.cards = sorted.map { card in
                    var card = card
                    card.data.context = ContentCard.Context(cardId: card.id, braze: braze)
                    if let old = previous[card.id] {
                        card.data.viewed = card.data.viewed || old.viewed
                        card.data.clicked = card.data.clicked || old.clicked
                        card.data.removed = card.data.removed || old.removed
                    }
                    return card
                }
                s.lastUpdate = Date(timeIntervalSince1970: Self.epoch(now))
            }
            environment.trace.record(.card, "refreshed", ["count": String(cards.count)])
            subscribers.send(cards)
        }

        func log(_ kind: LoggedEvent.Kind, _ cardId: String) {
            guard link.braze?.enabled ?? false else { return }
            let refusal = state.withLock { s -> String? in
                guard let index = s.cards.firstIndex(where: { $0.id == cardId }) else { return "unknownCard" }
                switch kind {
                case .impression:
                    guard s.impressed.insert(cardId).inserted else { return "impressionAlreadyLogged" }
                    s.cards[index].data.viewed = true
                case .click: s.cards[index].data.clicked = true
                case .dismissal:
                    guard s.cards[index].dismissible, !s.cards[index].removed else { return "notDismissible" }
                    s.cards[index].data.removed = true
                }
                s.events.append(LoggedEvent(kind: kind, cardId: cardId))
                return nil
            }
            if let refusal {
                environment.trace.record(.diagnostic, refusal, ["card": cardId, "action": kind.rawValue])
                return
            }
            environment.trace.record(.card, kind.rawValue, ["card": cardId])
            if kind == .dismissal { subscribers.send(cards) }
        }

        func reset(notify: Bool) {
            let had = state.withLock { s -> Bool in
                let had = !s.cards.isEmpty
                s = State()
                return had
            }
            if notify && had { subscribers.send([]) }
        }

        /// The virtual clock's time as seconds since 1970 (the clock's origin is 1970 in tests).
        static func epoch(_ now: TimeInterval) -> TimeInterval { now }
    }
}
