import Foundation

extension Braze.ContentCard {
    /// Logs the card's impression on `braze` (the form bridges use when they hold a card decoded from JSON,
    /// without its context). Same rules as `context.logImpression()`: once per card, refused for unknown cards.
    public func logImpression(using braze: Braze) { braze.contentCards.log(.impression, id) }
    /// Logs a click on the card on `braze`, whether or not the card has a click action (upstream's rule for this
    /// form); nothing is opened.
    public func logClick(using braze: Braze) { braze.contentCards.log(.click, id) }
    /// Logs the card's dismissal on `braze`: it leaves `braze.contentCards.cards`.
    public func logDismissed(using braze: Braze) { braze.contentCards.log(.dismissal, id) }
}

extension Braze.ContentCardRaw {
    /// Parses a card from Braze's JSON; nil on bad input (`init(json:)` throws the reason).
    public static func decoding(json: Foundation.Data) -> Braze.ContentCardRaw? {
        try? Braze.ContentCardRaw(json: json)
    }
}
