import Foundation

/// What the templates share: the card's action URL and the card that handles their events.
public class BaseTemplate: @unchecked Sendable {
    /// Where a tap on the card leads (`actionUrl`).
    public internal(set) var actionURL: URL?
    /// Whether the card has been displayed (its first display alone sends a `display` event).
    public internal(set) var isDisplayed = false
    /// Whether the card is shown as read.
    public internal(set) var isRead = false
    weak var eventHandler: ContentCardUI?

    init(_ schemaData: ContentCardSchemaData) {
        actionURL = (schemaData.contentDictionary?["actionUrl"] as? String).flatMap(URL.init(string:))
    }

    func updateUnreadStateForView(isRead: Bool) { self.isRead = isRead }
}
