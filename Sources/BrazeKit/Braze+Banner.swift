import Foundation
import InAppCore

extension Braze {
    /// A banner for one placement: HTML shown in a web view (BrazeUI's `BrazeBannerUI.BannerUIView` draws it
    /// headlessly in the content model), with typed properties.
    public struct Banner: Sendable, Hashable, CustomStringConvertible {
        /// Why a banner view removed its content.
        public enum RemovalReason: String, Sendable, Hashable {
            case dismissal, noBanner, expired, userChange
        }

        public var identifier: String
        public var placementId: String
        public var trackingId: String
        public var html: String
        /// A control banner is shown to nobody (log its impression for the control group).
        public var isControl: Bool
        public var isTestSend: Bool
        /// Seconds since 1970; -1: never expires.
        public var expiresAt: TimeInterval
        public var properties: [String: FeatureFlag.PropertyValue]
        /// Logs impressions and clicks; nil for banners made by the app.
        public var context: Context?

        public init(identifier: String = UUID().uuidString, placementId: String, trackingId: String = "", html: String,
                    isControl: Bool = false, isTestSend: Bool = false, expiresAt: TimeInterval = -1,
                    properties: [String: FeatureFlag.PropertyValue] = [:], context: Context? = nil) {
            self.identifier = identifier; self.placementId = placementId; self.trackingId = trackingId; self.html = html
            self.isControl = isControl; self.isTestSend = isTestSend; self.expiresAt = expiresAt
            self.properties = properties; self.context = context
        }

        public func stringProperty(key: String) -> String? { properties[key]?.string }
        public func numberProperty(key: String) -> Double? { properties[key]?.number }
        public func boolProperty(key: String) -> Bool? { properties[key]?.boolean }
        public func timestampProperty(key: String) -> Int? { properties[key]?.timestamp }
        public func imageProperty(key: String) -> String? { properties[key]?.image }
        public func jsonObjectProperty(key: String) -> [String: Any]? { properties[key]?.jsonObject }

        public var description: String { "Banner(placement: \(placementId), id: \(identifier), control: \(isControl))" }
    }

    /// What a banner placement is told when its banner is dismissed (by the user in a banner view, or by
    /// `Banner.Context.dismiss()` / `Banner.dismiss(using:)` in a custom UI). Each field is nil when unknown.
    public struct BannerDismissalEvent: Sendable, Hashable {
        /// The placement the banner was shown in.
        public var placementId: String?
        /// A key that names the banner across refreshes: the banner's `identifier` as the server sent it.
        public var stableKey: String?
        /// The banner's tracking id (its campaign and variant).
        public var trackingId: String?
        public init(placementId: String?, stableKey: String? = nil, trackingId: String?) {
            self.placementId = placementId; self.stableKey = stableKey; self.trackingId = trackingId
        }
    }
}

extension Braze.Banner {
    /// What a custom banner UI can do with a click: open a URL (in the SDK's web view or outside the app) or
    /// nothing. The same cases as an in-app message's click action.
    public typealias ClickAction = Braze.InAppMessage.ClickAction

    /// Dismisses this banner with `braze` when it has no context (a banner the app made); prefer
    /// `context?.dismiss()`. The placement's banner leaves the cache and registered placements are told.
    public func dismiss(using braze: Braze) {
        braze.banners.log(.dismissal, placementId: placementId, trackingId: trackingId, buttonId: nil, stableKey: identifier)
    }
}

extension Braze.Banner {
    /// Logs a served banner's impression and clicks with its `Braze` instance.
    public final class Context: @unchecked Sendable, Hashable {
        let trackingId: String
        let placementId: String
        let stableKey: String
        private weak var braze: Braze?

        init(placementId: String, trackingId: String, stableKey: String, braze: Braze) {
            self.placementId = placementId; self.trackingId = trackingId; self.stableKey = stableKey; self.braze = braze
        }

        public static func == (a: Context, b: Context) -> Bool { a === b }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// Logs the impression (once per banner and session).
        public func logImpression() { braze?.banners.log(.impression, placementId: placementId, trackingId: trackingId, buttonId: nil) }
        /// Logs a click on the banner or on one of its buttons.
        public func logClick(buttonId: String? = nil) {
            braze?.banners.log(.click, placementId: placementId, trackingId: trackingId, buttonId: buttonId)
        }
        /// Dismisses the banner: it leaves its placement until the next refresh, and the placements showing it
        /// (banner views, `BrazeBannerPlacement`s registered with `braze.banners.registerView(_:)`) get a
        /// `BannerDismissalEvent` through their `onDismiss`.
        public func dismiss() {
            braze?.banners.log(.dismissal, placementId: placementId, trackingId: trackingId, buttonId: nil, stableKey: stableKey)
        }
        /// Carries out `clickAction` as the banner's click: a URL is offered to `Braze.delegate`, then opened
        /// (in the SDK's web view when `useWebView`); `.none` and `.newsFeed` do nothing. `target` (the view
        /// controller presenting the web view on a device) is not used headlessly. Log the click with
        /// `logClick(buttonId:)`; this method does not.
        public func processClickAction(_ clickAction: Braze.Banner.ClickAction, target: Any? = nil) {
            guard case .url(let url, let useWebView) = clickAction else {
                braze?.environment.trace.record(.banner, "clickActionIgnored", ["placement": placementId])
                return
            }
            processURL(url, useWebView: useWebView)
        }
        /// Opens `url` as a banner link: offered to `Braze.delegate`, then opened.
        public func processURL(_ url: URL, useWebView: Bool = false) {
            braze?.open(Braze.URLContext(url: url, useWebView: useWebView, channel: .banner), id: trackingId)
        }
    }
}

/// What a custom banner placement implements (the SDK renders into it and asks it to clear). Register one with
/// `braze.banners.registerView(_:)` to be rendered into on refreshes and told of dismissals.
public protocol BrazeBannerPlacement: AnyObject {
    var placementId: String { get }
    /// Called when the placement's banner is dismissed (nil by default).
    var onDismiss: ((Braze.BannerDismissalEvent) -> Void)? { get }
    func render(with banner: Braze.Banner)
    /// Called when the placement's banner could not be fetched (nothing by default).
    func notifyError(_ error: any Error)
    func removeBannerContent(reason: Braze.Banner.RemovalReason)
}

extension BrazeBannerPlacement {
    public var onDismiss: ((Braze.BannerDismissalEvent) -> Void)? { nil }
    public func notifyError(_ error: any Error) {}
}
