import Foundation

/// The dictionary form of News Feed cards.
enum FeedCardReader {
    static let categoryNames: [(String, ABKCardCategory)] = [("no_category", .noCategory), ("news", .news),
        ("advertising", .advertising), ("announcements", .announcements), ("social", .social)]

    static func card(from d: [AnyHashable: Any]) -> ABKCard? {
        guard let id = d["id"] as? String, !id.isEmpty else { return nil }
        let text = { (key: String) in d[key] as? String }
        let card: ABKCard
        switch (d["type"] as? String) ?? "classic" {
        case "banner":
            let c = ABKBannerCard(id: id); c.image = text("image") ?? ""; c.domain = text("domain")
            c.imageAspectRatio = Float((d["aspect_ratio"] as? Double) ?? 1); card = c
        case "captioned_image":
            let c = ABKCaptionedImageCard(id: id); c.image = text("image") ?? ""; c.title = text("title") ?? ""
            c.cardDescription = text("description") ?? ""; c.domain = text("domain")
            c.imageAspectRatio = Float((d["aspect_ratio"] as? Double) ?? 1); card = c
        case "classic":
            let c = ABKClassicCard(id: id); c.image = text("image"); c.title = text("title")
            c.cardDescription = text("description") ?? ""; c.domain = text("domain"); card = c
        case "text_announcement":
            let c = ABKTextAnnouncementCard(id: id); c.title = text("title") ?? ""
            c.cardDescription = text("description") ?? ""; c.domain = text("domain"); card = c
        default:
            return nil
        }
        card.urlString = text("url")
        card.openUrlInWebView = (d["open_url_in_webview"] as? Bool) ?? false
        card.viewed = (d["viewed"] as? Bool) ?? false
        card.created = (d["created"] as? Double) ?? 0
        card.updated = (d["updated"] as? Double) ?? card.created
        card.expiresAt = (d["expires_at"] as? Double) ?? 0
        card.extras = d["extras"] as? [AnyHashable: Any]
        if let names = d["categories"] as? [String] {
            var categories: ABKCardCategory = []
            for name in names { if let c = categoryNames.first(where: { $0.0 == name })?.1 { categories.insert(c) } }
            card.categories = categories.isEmpty ? .noCategory : categories
        }
        return card
    }

    static func dictionary(of card: ABKCard) -> [String: Any] {
        var d: [String: Any] = ["id": card.idString, "viewed": card.viewed, "created": card.created, "updated": card.updated,
                                "expires_at": card.expiresAt, "open_url_in_webview": card.openUrlInWebView,
                                "categories": categoryNames.filter { card.categories.contains($0.1) }.map(\.0)]
        if let url = card.urlString { d["url"] = url }
        switch card {
        case let c as ABKBannerCard: d["type"] = "banner"; d["image"] = c.image; d["aspect_ratio"] = Double(c.imageAspectRatio); d["domain"] = c.domain
        case let c as ABKCaptionedImageCard:
            d["type"] = "captioned_image"; d["image"] = c.image; d["title"] = c.title; d["description"] = c.cardDescription
            d["aspect_ratio"] = Double(c.imageAspectRatio); d["domain"] = c.domain
        case let c as ABKClassicCard: d["type"] = "classic"; d["image"] = c.image; d["title"] = c.title; d["description"] = c.cardDescription; d["domain"] = c.domain
        case let c as ABKTextAnnouncementCard: d["type"] = "text_announcement"; d["title"] = c.title; d["description"] = c.cardDescription; d["domain"] = c.domain
        default: break
        }
        return d.compactMapValues { $0 }
    }
}
