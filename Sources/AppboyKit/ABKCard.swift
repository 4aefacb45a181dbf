import Foundation
import InAppCore

/// A card of the legacy News Feed (Appboy-iOS-SDK 4; BrazeKitCompat no longer has it). Cards come from
/// `ABKFeedController` (its `simulatedFeed` headlessly); impressions and clicks are recorded in the trace
/// (`analytics.feedCard.impression` / `.click`) and mark the card.
open class ABKCard: NSObject, @unchecked Sendable {
    open private(set) var idString: String
    /// Whether the user has seen the card.
    open var viewed = false
    /// Seconds since 1970 when the card was created and last updated.
    open internal(set) var created: Double = 0
    open internal(set) var updated: Double = 0
    open var categories: ABKCardCategory = .noCategory
    /// Seconds since 1970 after which the card is not served; 0: never.
    open internal(set) var expiresAt: Double = 0
    open var extras: [AnyHashable: Any]?
    open var urlString: String?
    open var openUrlInWebView = false
    /// The feed the card came from (nil for a card the app made).
    weak var feed: ABKFeedController?

    public override init() { idString = UniqueID.next(); super.init() }
    init(id: String) { idString = id; super.init() }

    /// Reads a card from its dictionary form (`id`, `type` — banner, captioned_image, classic or
    /// text_announcement —, `title`, `description`, `image`, `aspect_ratio`, `domain`, `url`, `categories`
    /// (names), `viewed`, `created`, `updated`, `expires_at`, `extras`); nil without an id or for an unknown type.
    open class func deserializeCardFromDictionary(_ cardDictionary: [AnyHashable: Any]?) -> ABKCard? {
        guard let d = cardDictionary else { return nil }
        return FeedCardReader.card(from: d)
    }

    /// The card as JSON data (the dictionary form `deserializeCardFromDictionary(_:)` reads).
    open func serializeToData() -> Data? {
        try? JSONSerialization.data(withJSONObject: FeedCardReader.dictionary(of: self), options: [.sortedKeys])
    }

    /// Records that the card was shown and marks it viewed.
    open func logCardImpression() {
        viewed = true
        feed?.environment.trace.record(.analytics, "feedCard.impression", ["id": idString])
    }

    /// Records a click on the card.
    open func logCardClicked() {
        feed?.environment.trace.record(.analytics, "feedCard.click", ["id": idString])
    }

    /// Whether `card` has this card's identifier.
    open func hasSameId(_ card: ABKCard) -> Bool { card.idString == idString }
}
