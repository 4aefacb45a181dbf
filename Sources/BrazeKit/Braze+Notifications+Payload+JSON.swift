import Foundation
import InAppCore

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
