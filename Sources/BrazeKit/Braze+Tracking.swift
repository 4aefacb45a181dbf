import Foundation
import InAppCore

/// What the app told the SDK about ad tracking and device identifiers.
package struct BrazeTrackingSettings {
    var adTrackingEnabled: Bool?
    var identifierForAdvertiser: String?
    var identifierForVendor: String?
}

extension Braze {
    /// Tells the SDK whether the user allows ad tracking (App Tracking Transparency). Headless: kept
    /// (`adTrackingEnabled`) and recorded as `delivery.setAdTrackingEnabled`.
    public func set(adTrackingEnabled: Bool) {
        sdkSettings.withLock { $0.tracking.adTrackingEnabled = adTrackingEnabled }
        environment.trace.record(.delivery, "setAdTrackingEnabled", ["enabled": String(adTrackingEnabled)])
        configuration.logger.log("Ad tracking \(adTrackingEnabled ? "enabled" : "disabled")", level: .debug)
    }

    /// Hands the SDK the advertising identifier (IDFA). Kept (`identifierForAdvertiser`) and recorded.
    public func set(identifierForAdvertiser: String) {
        sdkSettings.withLock { $0.tracking.identifierForAdvertiser = identifierForAdvertiser }
        environment.trace.record(.delivery, "setIdentifierForAdvertiser", ["idfa": identifierForAdvertiser])
    }

    /// Hands the SDK the vendor identifier (IDFV). Kept (`identifierForVendor`) and recorded.
    public func set(identifierForVendor: String) {
        sdkSettings.withLock { $0.tracking.identifierForVendor = identifierForVendor }
        environment.trace.record(.delivery, "setIdentifierForVendor", ["idfv": identifierForVendor])
    }

    /// Changes the tracking allow list at run time: `adding` joins `configuration.api.trackingPropertyAllowList`,
    /// then `removing` leaves it. Recorded as `delivery.updateTrackingAllowList` with the resulting list.
    public func updateTrackingAllowList(adding: Set<Configuration.TrackingProperty>, removing: Set<Configuration.TrackingProperty>) {
        var list = configuration.api.trackingPropertyAllowList
        list.formUnion(adding)
        list.subtract(removing)
        configuration.api.trackingPropertyAllowList = list
        environment.trace.record(.delivery, "updateTrackingAllowList",
                                 ["properties": list.map(\.rawValue).sorted().joined(separator: ",")])
    }

    /// Headless extra: the ad-tracking choice last set (nil before any).
    public var adTrackingEnabled: Bool? { sdkSettings.withLock { $0.tracking.adTrackingEnabled } }
    /// Headless extra: the advertising identifier last set.
    public var identifierForAdvertiser: String? { sdkSettings.withLock { $0.tracking.identifierForAdvertiser } }
    /// Headless extra: the vendor identifier last set.
    public var identifierForVendor: String? { sdkSettings.withLock { $0.tracking.identifierForVendor } }
}
