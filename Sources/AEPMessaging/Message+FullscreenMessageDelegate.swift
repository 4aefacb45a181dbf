import Foundation
import AEPServices
#if canImport(UIKit)
import UIKit
#endif

/// `Message` is the listener of its full-screen message. Each handler finds its `Message` through
/// `message.parent` (not `self`) and does nothing when there is none; `overrideUrlLoad` still answers.
extension Message: FullscreenMessageDelegate {
    /// Sends `display` (autoTrack) and writes `display` history.
    public func onShow(message: FullscreenMessage) {
        guard let owner = message.parent else { return }
        if owner.autoTrack { owner.track(nil, withEdgeEventType: .display) }
        owner.recordEventHistory(eventType: .display, interaction: nil)
    }

    /// Nothing (superseded by `onError`).
    public func onShowFailure() {}

    /// Sends `suppressDisplay` with the reason (autoTrack) and writes `suppressDisplay` history with the reason.
    public func onError(message: FullscreenMessage, error: PresentationError) {
        guard let owner = message.parent else { return }
        if owner.autoTrack { owner.track(error.getReason(), withEdgeEventType: .suppressDisplay) }
        owner.recordEventHistory(eventType: .suppressDisplay, interaction: error.getReason())
    }

    /// Writes `dismiss` history, then calls the owner's `dismiss()` (which sends `dismiss` when autoTrack; its
    /// inner full-screen dismissal is a no-op because the message is already gone).
    public func onDismiss(message: FullscreenMessage) {
        guard let owner = message.parent else { return }
        owner.recordEventHistory(eventType: .dismiss, interaction: nil)
        owner.dismiss()
    }

    /// Handles `adbinapp://` URLs and lets every other URL load (returns true).
    ///
    /// `adbinapp://<host>?<query>`, query read with `URLComponents` (values percent-decoded once, a missing
    /// value is `""`, the last repeated key wins, `+` stays `+`), in this order:
    /// 1. `interaction=<v>` (non-empty): `track(v, .interact)` — regardless of autoTrack — and `interact` history.
    /// 2. host `dismiss`: `animate=<s>` (if present) sets the dismiss animation (`MessageAnimation.fromString`) of the
    ///    owner's own full-screen message, then
    ///    `dismiss(suppressAutoTrack: true)`.
    /// 3. `link=<v>`: percent-decoded again; if non-empty and a URL, opened with `UIApplication.shared.open`.
    /// Returns false for every `adbinapp` URL (the web view does not load it).
    public func overrideUrlLoad(message fullscreenMessage: FullscreenMessage, url: String?) -> Bool {
        guard let url, let parsed = URL(string: url) else { return true }
        guard parsed.scheme == "adbinapp" else { return true }
        guard let owner = fullscreenMessage.parent else { return false }
        let query = parsed.queryParamMap()
        if let interaction = query["interaction"], !interaction.isEmpty {
            owner.track(interaction, withEdgeEventType: .interact)
            owner.recordEventHistory(eventType: .interact, interaction: interaction)
        }
        if parsed.host == "dismiss" {
            if let animate = query["animate"] {
                // As upstream: the owner's own full-screen message, not necessarily the one asking.
                owner.fullscreenMessage?.settings?.setDismissAnimation(MessageAnimation.fromString(animate))
            }
            owner.dismiss(suppressAutoTrack: true)
        }
        if let link = query["link"], let decoded = link.removingPercentEncoding, !decoded.isEmpty,
           let target = URL(string: decoded) {
            owner.environment.trace.record(.navigation, "openURL", message: owner.traceID, ["url": decoded])
            UIApplication.shared.open(target)
        }
        return false
    }
}

extension URL {
    /// The query as `[name: value]` (see `overrideUrlLoad`).
    func queryParamMap() -> [String: String] {
        guard let items = URLComponents(url: self, resolvingAgainstBaseURL: false)?.queryItems else { return [:] }
        var map: [String: String] = [:]
        for item in items { map[item.name] = item.value ?? "" }
        return map
    }
}
