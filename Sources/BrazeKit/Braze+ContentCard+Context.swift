import Foundation
import InAppCore

extension Braze.ContentCard {
    /// Logs a served card's impression, click and dismissal with its `Braze` instance, and carries out its click
    /// action. Valid until the user changes or the data is wiped (then calls are refused and recorded).
    public final class Context: @unchecked Sendable, Hashable {
        let cardId: String
        let generation: Int
        private weak var braze: Braze?
        /// The app's own closures, for a card the app builds itself; nil for a card Braze served.
        private let handlers: Handlers?

        struct Handlers {
            let logImpression: () -> Void
            let logClick: () -> Void
            let processClickAction: (Braze.ContentCard.ClickAction) -> Void
            let logDismissed: () -> Void
            let logError: (any Error) -> Void
            let loadImage: ((@MainActor @Sendable @escaping (Result<URL, any Error>) -> Void) -> Braze.Cancellable)?
        }

        init(cardId: String, braze: Braze) {
            self.cardId = cardId
            self.braze = braze
            self.generation = braze.generation
            self.handlers = nil
        }

        /// A context for a card the app makes itself (a preview, a test, a card from its own backend): each call runs
        /// the closure given here instead of logging with a `Braze` instance.
        public init(logImpression: @escaping () -> Void = {}, logClick: @escaping () -> Void = {},
                    processClickAction: @escaping (Braze.ContentCard.ClickAction) -> Void = { _ in },
                    logDismissed: @escaping () -> Void = {}, logError: @escaping (any Error) -> Void = { _ in },
                    loadImage: ((@MainActor @Sendable @escaping (Result<URL, any Error>) -> Void) -> Braze.Cancellable)? = nil) {
            self.cardId = ""
            self.generation = 0
            self.handlers = Handlers(logImpression: logImpression, logClick: logClick,
                                     processClickAction: processClickAction, logDismissed: logDismissed,
                                     logError: logError, loadImage: loadImage)
        }

        public static func == (a: Context, b: Context) -> Bool { a === b }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        private func valid(_ action: String) -> Braze? {
            guard let braze else { return nil }
            guard braze.generation == generation else {
                braze.environment.trace.record(.diagnostic, "staleCardContext", ["card": cardId, "action": action])
                return nil
            }
            return braze
        }

        /// Logs that the card was seen (once per card; it becomes `viewed`).
        public func logImpression() {
            if let handlers { return handlers.logImpression() }
            valid("impression")?.contentCards.log(.impression, cardId)
        }
        /// Logs a click (the card becomes `clicked`).
        public func logClick() {
            if let handlers { return handlers.logClick() }
            valid("click")?.contentCards.log(.click, cardId)
        }
        /// Logs a dismissal: the card leaves `cards` (as `removed`).
        public func logDismissed() {
            if let handlers { return handlers.logDismissed() }
            valid("dismissal")?.contentCards.log(.dismissal, cardId)
        }

        /// Carries out `clickAction`: the URL is offered to `Braze.delegate`, then opened.
        public func processClickAction(_ clickAction: Braze.ContentCard.ClickAction) {
            if let handlers { return handlers.processClickAction(clickAction) }
            guard let braze = valid("processClickAction") else { return }
            guard case .url(let url, let useWebView) = clickAction else { return }
            let extras = braze.contentCards.cards.first { $0.id == cardId }?.extras ?? [:]
            braze.open(Braze.URLContext(url: url, useWebView: useWebView, channel: .contentCard,
                                        extras: Dictionary(uniqueKeysWithValues: extras.map { (AnyHashable($0.key), $0.value) })),
                       id: cardId)
        }
    }
}
