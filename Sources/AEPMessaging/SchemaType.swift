import Foundation

/// The schema of a proposition item (AEPMessaging `SchemaType`), read from the item's `schema` URI.
public enum SchemaType: Int, Codable, Sendable {
    case unknown = 0
    case htmlContent = 1
    case jsonContent = 2
    case ruleset = 3
    case inapp = 4
    case feed = 5
    case nativeAlert = 6
    case defaultContent = 7
    case contentCard = 8
    case eventHistoryOperation = 9
    case inbox = 11

    private static let uris: [(SchemaType, String)] = [
        (.htmlContent, "https://ns.adobe.com/personalization/html-content-item"),
        (.jsonContent, "https://ns.adobe.com/personalization/json-content-item"),
        (.ruleset, "https://ns.adobe.com/personalization/ruleset-item"),
        (.inapp, "https://ns.adobe.com/personalization/message/in-app"),
        (.feed, "https://ns.adobe.com/personalization/message/feed-item"),
        (.nativeAlert, "https://ns.adobe.com/personalization/message/native-alert"),
        (.defaultContent, "https://ns.adobe.com/personalization/default-content-item"),
        (.contentCard, "https://ns.adobe.com/personalization/message/content-card"),
        (.eventHistoryOperation, "https://ns.adobe.com/personalization/eventHistoryOperation"),
        (.inbox, "https://ns.adobe.com/personalization/message/inbox"),
    ]

    /// From a schema URI; an unknown URI is `.unknown`.
    init(from schema: String) {
        self = SchemaType.uris.first { $0.1 == schema }?.0 ?? .unknown
    }

    /// The schema URI (`""` for `.unknown`).
    public func toString() -> String {
        SchemaType.uris.first { $0.0 == self }?.1 ?? ""
    }
}
