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

    /// What a banner view reports when the user dismisses its banner.
    public struct BannerDismissalEvent: Sendable, Hashable {
        public var placementId: String
        public var trackingId: String
        public init(placementId: String, trackingId: String) { self.placementId = placementId; self.trackingId = trackingId }
    }
}

extension Braze.Banner {
    /// Logs a served banner's impression and clicks with its `Braze` instance.
    public final class Context: @unchecked Sendable, Hashable {
        let trackingId: String
        let placementId: String
        private weak var braze: Braze?

        init(placementId: String, trackingId: String, braze: Braze) {
            self.placementId = placementId; self.trackingId = trackingId; self.braze = braze
        }

        public static func == (a: Context, b: Context) -> Bool { a === b }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// Logs the impression (once per banner and session).
        public func logImpression() { braze?.banners.log(.impression, placementId: placementId, trackingId: trackingId, buttonId: nil) }
        /// Logs a click on the banner or on one of its buttons.
        public func logClick(buttonId: String? = nil) {
            braze?.banners.log(.click, placementId: placementId, trackingId: trackingId, buttonId: buttonId)
        }
        /// Dismisses the banner: it leaves its placement until the next refresh.
        public func dismiss() { braze?.banners.log(.dismissal, placementId: placementId, trackingId: trackingId, buttonId: nil) }
        /// Opens `url` as a banner link: offered to `Braze.delegate`, then opened.
        public func processURL(_ url: URL, useWebView: Bool = false) {
            braze?.open(Braze.URLContext(url: url, useWebView: useWebView, channel: .banner), id: trackingId)
        }
    }
}

/// What a custom banner placement implements (the SDK renders into it and asks it to clear).
public protocol BrazeBannerPlacement: AnyObject {
    var placementId: String { get }
    func render(with banner: Braze.Banner)
    func removeBannerContent(reason: Braze.Banner.RemovalReason)
}
