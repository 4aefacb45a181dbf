import Foundation

/// Reads and writes the dictionary form of a legacy content card:
/// `id` (string, required), `type` (`classic`, `captioned_image`, `banner`, `control`; default `classic`),
/// `title`, `description`, `image`, `aspect_ratio`, `url`, `domain`, `open_url_in_webview`, `viewed`, `clicked`,
/// `pinned`, `dismissible`, `dismissed`, `test`, `created`, `expires_at` (seconds since 1970) and `extras`
/// (a dictionary). Values of the wrong type are ignored (the field keeps its default).
enum ContentCardReader {
    static func card(from d: [AnyHashable: Any]) -> ABKContentCard? {
        guard let id = d["id"] as? String, !id.isEmpty else { return nil }
        let type = (d["type"] as? String) ?? "classic"
        let card: ABKContentCard
        switch type {
        case "classic":
            let c = ABKClassicContentCard(id: id, control: false)
            c.title = string(d["title"]) ?? ""
            c.cardDescription = string(d["description"]) ?? ""
            c.image = string(d["image"])
            c.domain = string(d["domain"])
            card = c
        case "captioned_image":
            let c = ABKCaptionedImageContentCard(id: id, control: false)
            c.title = string(d["title"]) ?? ""
            c.cardDescription = string(d["description"]) ?? ""
            c.image = string(d["image"]) ?? ""
            c.imageAspectRatio = Float(number(d["aspect_ratio"]) ?? 1)
            c.domain = string(d["domain"])
            card = c
        case "banner":
            let c = ABKBannerContentCard(id: id, control: false)
            c.image = string(d["image"]) ?? ""
            c.imageAspectRatio = Float(number(d["aspect_ratio"]) ?? 1)
            card = c
        case "control":
            card = ABKContentCard(id: id, control: true)
        default:
            return nil
        }
        card.urlString = string(d["url"])
        card.openUrlInWebView = bool(d["open_url_in_webview"]) ?? false
        card.viewed = bool(d["viewed"]) ?? false
        card.clicked = bool(d["clicked"]) ?? false
        card.pinned = bool(d["pinned"]) ?? false
        card.dismissible = bool(d["dismissible"]) ?? true
        card.dismissed = bool(d["dismissed"]) ?? false
        card.isTest = bool(d["test"]) ?? false
        card.created = number(d["created"]) ?? 0
        card.expiresAt = number(d["expires_at"]) ?? 0
        card.extras = d["extras"] as? [AnyHashable: Any]
        return card
    }

    static func dictionary(of card: ABKContentCard) -> [String: Any] {
        var d: [String: Any] = ["id": card.idString, "viewed": card.viewed, "clicked": card.clicked, "pinned": card.pinned,
                                "dismissible": card.dismissible, "dismissed": card.dismissed, "test": card.isTest,
                                "created": card.created, "expires_at": card.expiresAt,
                                "open_url_in_webview": card.openUrlInWebView]
        if let url = card.urlString { d["url"] = url }
        if let extras = card.extras {
            var out: [String: Any] = [:]
            for (k, v) in extras where JSONSerialization.isValidJSONObject([v]) { out["\(k)"] = v }
            d["extras"] = out
        }
        switch card {
        case let c as ABKClassicContentCard:
            d["type"] = "classic"; d["title"] = c.title; d["description"] = c.cardDescription
            if let i = c.image { d["image"] = i }
            if let dm = c.domain { d["domain"] = dm }
        case let c as ABKCaptionedImageContentCard:
            d["type"] = "captioned_image"; d["title"] = c.title; d["description"] = c.cardDescription
            d["image"] = c.image; d["aspect_ratio"] = Double(c.imageAspectRatio)
            if let dm = c.domain { d["domain"] = dm }
        case let c as ABKBannerContentCard:
            d["type"] = "banner"; d["image"] = c.image; d["aspect_ratio"] = Double(c.imageAspectRatio)
        default:
            d["type"] = card.isControlCard() ? "control" : "classic"
        }
        return d
    }

    private static func string(_ v: Any?) -> String? { v as? String }
    private static func bool(_ v: Any?) -> Bool? {
        if let b = v as? Bool { return b }
        if let n = v as? NSNumber { return n.boolValue }
        return nil
    }
    private static func number(_ v: Any?) -> Double? {
        switch v {
        case let d as Double: return d.isFinite ? d : nil
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue.isFinite ? n.doubleValue : nil
        default: return nil
        }
    }
}
