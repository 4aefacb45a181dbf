import Foundation
import InAppCore

extension Braze {
    /// A feature flag: whether it is on for the user, and its typed properties.
    public struct FeatureFlag: Sendable, Hashable, CustomStringConvertible {
        /// A property's value, by type.
        public enum PropertyValue: Sendable, Hashable {
            case string(String)
            case number(Double)
            case boolean(Bool)
            /// Milliseconds since 1970.
            case timestamp(Int)
            case image(String)
            case jsonObject([String: JSONValue])

            // The value when it is of the asked type (what flags' and banners' typed accessors answer).
            var string: String? { if case .string(let v) = self { return v }; return nil }
            var number: Double? { if case .number(let v) = self { return v }; return nil }
            var boolean: Bool? { if case .boolean(let v) = self { return v }; return nil }
            var timestamp: Int? { if case .timestamp(let v) = self { return v }; return nil }
            var image: String? { if case .image(let v) = self { return v }; return nil }
            var jsonObject: [String: Any]? { if case .jsonObject(let v) = self { return v.mapValues { $0.foundationValue as Any } }; return nil }
        }

        public var id: String
        public var enabled: Bool
        public var properties: [String: PropertyValue]
        /// Whether an impression should be logged when the flag is used (false for flags outside a rollout).
        public var trackingString: String?

        public init(id: String, enabled: Bool = false, properties: [String: PropertyValue] = [:], trackingString: String? = nil) {
            self.id = id; self.enabled = enabled; self.properties = properties; self.trackingString = trackingString
        }

        public func stringProperty(key: String) -> String? { properties[key]?.string }
        public func numberProperty(key: String) -> Double? { properties[key]?.number }
        public func boolProperty(key: String) -> Bool? { properties[key]?.boolean }
        public func timestampProperty(key: String) -> Int? { properties[key]?.timestamp }
        public func imageProperty(key: String) -> String? { properties[key]?.image }
        public func jsonObjectProperty(key: String) -> [String: Any]? { properties[key]?.jsonObject }

        public var description: String { "FeatureFlag(id: \(id), enabled: \(enabled), properties: \(properties.keys.sorted()))" }
    }
}
