import Foundation
import InAppCore

extension Braze.Banner {
    /// The banner as JSON (what bridges hand to their JavaScript or Dart side): its identifiers, HTML, flags
    /// and typed properties.
    public func json() -> Foundation.Data? {
        let object: [String: JSONValue] = [
            "id": .string(identifier), "placement_id": .string(placementId), "tracking_id": .string(trackingId),
            "html": .string(html), "is_control": .bool(isControl), "is_test_send": .bool(isTestSend),
            "expires_at": .number(expiresAt), "properties": .object(properties.mapValues(\.jsonValue)),
        ]
        return try? JSONEncoder().encode(JSONValue.object(object))
    }

    /// Logs the banner's impression on `braze` (once per banner and session, as `context.logImpression()`).
    public func logImpression(using braze: Braze) {
        braze.banners.log(.impression, placementId: placementId, trackingId: trackingId, buttonId: nil)
    }
    /// Logs a click on the banner (or one of its buttons) on `braze`.
    public func logClick(buttonId: String? = nil, using braze: Braze) {
        braze.banners.log(.click, placementId: placementId, trackingId: trackingId, buttonId: buttonId)
    }
}
