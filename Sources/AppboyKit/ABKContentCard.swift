import Foundation
import InAppCore

/// A content card: a persistent piece of content in the app's feed. Cards come from the controller
/// (`Appboy.sharedInstance()?.contentCardsController.contentCards`) or from `deserializeCardFromDictionary(_:)`.
/// The logging methods record the interaction in the trace (`analytics`, `contentCard.impression` / `.click` /
/// `.dismissed`) and update the card's state in the feed: an impression marks it viewed, a click clicked, a
/// dismissal (only for a dismissible card) removes it from the feed.
open class ABKContentCard: NSObject, @unchecked Sendable {
    /// The card's identifier.
    open internal(set) var idString: String
    /// Whether the user has seen the card.
    open var viewed: Bool = false
    /// Creation time, seconds since 1970.
    open internal(set) var created: Double = 0
    /// Expiry time, seconds since 1970; 0 or less: never.
    open internal(set) var expiresAt: Double = 0
    /// Whether the user may dismiss the card.
    open var dismissible: Bool = true
    /// Whether the card is pinned at the top of the feed.
    open var pinned: Bool = false
    /// Whether the card has been dismissed.
    open var dismissed: Bool = false
    /// Whether the card has been clicked.
    open var clicked: Bool = false
    /// Key-value pairs sent with the card.
    open var extras: [AnyHashable: Any]?
    /// Whether the card was sent as a test.
    open internal(set) var isTest: Bool = false
    /// The card's link.
    open var urlString: String?
    /// Whether the link opens in the SDK's web view.
    open var openUrlInWebView: Bool = false

    /// The feed the card came from (nil for a card made from a dictionary by the app).
    weak var feed: ABKContentCardsController?
    let isControl: Bool

    public override init() {
        idString = UniqueID.next()
        isControl = false
        super.init()
    }

    init(id: String, control: Bool) {
        idString = id
        isControl = control
        super.init()
    }

    /// Reads a card from its dictionary form (keys listed on `ContentCardReader`); nil when the
    /// dictionary is nil, has no `id` string or names an unknown `type`.
    open class func deserializeCardFromDictionary(_ cardDictionary: [AnyHashable: Any]?) -> ABKContentCard? {
        guard let cardDictionary else { return nil }
        return ContentCardReader.card(from: cardDictionary)
    }

    /// The card as JSON data (the dictionary form `deserializeCardFromDictionary(_:)` reads).
    open func serializeToData() -> Data? {
        try? JSONSerialization.data(withJSONObject: ContentCardReader.dictionary(of: self), options: [.sortedKeys])
    }

    /// Records that the card was shown and marks it viewed.
    open func logContentCardImpression() {
        viewed = true
        feed?.record(self, "contentCard.impression")
    }

    /// Records a click on the card and marks it clicked.
    open func logContentCardClicked() {
        clicked = true
        feed?.record(self, "contentCard.click")
    }

    /// Dismisses the card (a card that is not dismissible stays, and the refusal is recorded).
    open func logContentCardDismissed() {
        guard dismissible else {
            feed?.environment.trace.record(.diagnostic, "contentCard.dismissRefused", ["id": idString, "reason": "notDismissible"])
            return
        }
        dismissed = true
        feed?.record(self, "contentCard.dismissed")
        feed?.remove(self)
    }

    /// Whether this is a control card (a card of a control group: counted for analytics, never shown).
    open func isControlCard() -> Bool { isControl }

    /// Whether `card` has this card's identifier.
    open func hasSameId(_ card: ABKContentCard) -> Bool { card.idString == idString }
}
