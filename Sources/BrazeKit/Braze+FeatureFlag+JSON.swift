import Foundation
import InAppCore

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
