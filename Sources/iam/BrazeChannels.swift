import Foundation
import InAppCore
import InAppContent
import InAppTestSupport
import BrazeKit
import BrazeUI
#if canImport(UIKit)
import UIKit
#endif

/// Scenario steps for Braze's other channels (vendor braze):
/// - {"contentCard": {…}}: the simulated server gets a card (Braze's JSON field names: `id`, `type`, `title`,
///   `description`, `image`, `url`, `pinned`…); the app's content card feed refreshes and is on screen (impressions).
/// - {"tapCard": "id"}, {"dismissCard": "id"}: the user taps or swipes away a card of the feed.
/// - {"banner": {"placementId", "html", "trackingId"?}}: the server gets a banner; the app refreshes the placement and
///   shows it in a banner view (the HTML runs in the content model with the Braze bridge).
/// - {"tapBanner": {"selector": …} | {"text": …}}: the user taps in the banner.
extension ScenarioDriver {
    func channelStep(_ key: String, _ value: JSONValue, _ harness: Harness) throws -> Bool { false }
}

/// The app's feed and banner views during a scenario (one per harness environment).
private final class BrazeChannelScreen: @unchecked Sendable {
    var feed: BrazeContentCardUI.ViewController?
    var banners: [String: BrazeBannerUI.BannerUIView] = [:]
    var lastBanner: String?
}

extension BrazeDriver {
    func channelStep(_ key: String, _ value: JSONValue, _ harness: Harness) throws -> Bool {
        let screen = harness.environment.shared(BrazeChannelScreen.self) { BrazeChannelScreen() }
        switch key {
        case "contentCard":
            let raw: Braze.ContentCardRaw
            do { raw = try Braze.ContentCardRaw(json: Data(value.description.utf8)) }
            catch { throw ScenarioError(description: "contentCard: \(error)") }
            let card: Braze.ContentCard
            do { card = try Braze.ContentCard(raw) } catch { throw ScenarioError(description: "contentCard: \(error)") }
            braze.server.contentCards.append(card)
            if screen.feed != nil {
                braze.contentCards.requestRefresh()
            } else {
                let feed = BrazeContentCardUI.ViewController(braze: braze)
                screen.feed = feed
                feed.loadViewIfNeeded()
                feed.viewDidAppear(false)
            }
        case "tapCard", "dismissCard":
            guard let id = value.stringValue else { throw ScenarioError(description: "\(key) needs a card id") }
            guard let feed = screen.feed, let index = feed.cards.firstIndex(where: { $0.id == id }) else {
                throw ScenarioError(description: "\(key): no card \"\(id)\" in the feed")
            }
            if key == "tapCard" { feed.select(cardAt: index) } else { feed.dismiss(cardAt: index) }
        case "banner":
            guard case .object(let o) = value, let placement = o["placementId"]?.stringValue, !placement.isEmpty,
                  let html = o["html"]?.stringValue else {
                throw ScenarioError(description: "banner: expected {\"placementId\": …, \"html\": …}")
            }
            let trackingId = o["trackingId"]?.stringValue ?? "scenario-\(placement)"
            braze.server.banners.removeAll { $0.placementId == placement }
            braze.server.banners.append(Braze.Banner(placementId: placement, trackingId: trackingId, html: html))
            braze.banners.requestBannersRefresh(placementIds: [placement])
            if screen.banners[placement] == nil {
                screen.banners[placement] = BrazeBannerUI.BannerUIView(placementId: placement, braze: braze)
            }
            screen.lastBanner = placement
            if let page = screen.banners[placement]?.webView?.page { trace(page, into: harness) }
        case "tapBanner":
            guard let placement = screen.lastBanner, let page = screen.banners[placement]?.webView?.page else {
                throw ScenarioError(description: "tapBanner: no banner is shown")
            }
            trace(page, into: harness)
            guard case .object(let o) = value else { throw ScenarioError(description: "tapBanner needs {\"selector\"} or {\"text\"}") }
            do {
                if let selector = o["selector"]?.stringValue { try page.tap(selector: selector) }
                else if let text = o["text"]?.stringValue { try page.tap(text: text) }
                else { throw ScenarioError(description: "tapBanner needs {\"selector\"} or {\"text\"}") }
            } catch let error as InputError {
                throw ScenarioError(description: "tapBanner: \(error)")
            }
        default:
            return false
        }
        harness.settle()
        return true
    }
}
