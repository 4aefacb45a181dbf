import Foundation

/// The format of a proposition item's content (AEPMessaging `ContentType`).
public enum ContentType: Int, Codable, Sendable {
    case applicationJson = 0
    case textHtml = 1
    case textXml = 2
    case textPlain = 3
    case unknown = 4

    /// From a MIME type; anything else is `.unknown`.
    init(from contentType: String) {
        switch contentType {
        case "application/json": self = .applicationJson
        case "text/html": self = .textHtml
        case "text/xml": self = .textXml
        case "text/plain": self = .textPlain
        default: self = .unknown
        }
    }

    /// The MIME type (`""` for `.unknown`).
    public func toString() -> String {
        switch self {
        case .applicationJson: return "application/json"
        case .textHtml: return "text/html"
        case .textXml: return "text/xml"
        case .textPlain: return "text/plain"
        case .unknown: return ""
        }
    }
}
