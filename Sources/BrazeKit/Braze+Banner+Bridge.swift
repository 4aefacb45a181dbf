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

extension Braze.FeatureFlag {
    /// The flag as JSON: id, enabled, tracking string and typed properties (`{"type", "value"}` each).
    public func json() -> Foundation.Data? {
        var object: [String: JSONValue] = ["id": .string(id), "enabled": .bool(enabled),
                                           "properties": .object(properties.mapValues(\.jsonValue))]
        if let trackingString { object["fftrackingstring"] = .string(trackingString) }
        return try? JSONEncoder().encode(JSONValue.object(object))
    }
}

extension Braze.FeatureFlag.PropertyValue {
    /// `{"type": …, "value": …}` with Braze's type names.
    var jsonValue: JSONValue {
        switch self {
        case .string(let v): return .object(["type": .string("string"), "value": .string(v)])
        case .number(let v): return .object(["type": .string("number"), "value": .number(v)])
        case .boolean(let v): return .object(["type": .string("boolean"), "value": .bool(v)])
        case .timestamp(let v): return .object(["type": .string("datetime"), "value": .number(Double(v))])
        case .image(let v): return .object(["type": .string("image"), "value": .string(v)])
        case .jsonObject(let v): return .object(["type": .string("jsonobject"), "value": .object(v)])
        }
    }
}

extension Braze.Notifications.Payload {
    /// The payload as JSON (bridges forward it to their JavaScript or Dart side): the typed fields, then
    /// `extras`; values JSON cannot hold are left out.
    public func json() -> Foundation.Data? {
        var object: [String: JSONValue] = ["payload_types": .string(type.description),
                                           "timestamp": .number(date.timeIntervalSince1970), "is_silent": .bool(isSilent)]
        if let title { object["title"] = .string(title) }
        if let subtitle { object["subtitle"] = .string(subtitle) }
        if let body { object["body"] = .string(body) }
        if let badge { object["badge_count"] = .number(Double(badge)) }
        if let sound { object["sound"] = .string(sound) }
        if let actionIdentifier { object["action_identifier"] = .string(actionIdentifier) }
        if let url = urlContext?.url { object["url"] = .string(url.absoluteString) }
        object["braze_properties"] = JSONValue(any: Dictionary(extras.map { ("\($0.key)", $0.value) }, uniquingKeysWith: { a, _ in a }))
        return try? JSONEncoder().encode(JSONValue.object(object))
    }
}
