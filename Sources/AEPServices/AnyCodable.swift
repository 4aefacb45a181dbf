import Foundation
import InAppCore

/// A JSON value of any type that is `Codable` (AEPServices `AnyCodable`): `value` is the Foundation form
/// (`String`, `Int`, `Double`, `Bool`, `[Any]`, `[String: Any]`, or nil for JSON null). Values that are not JSON
/// encode as null.
public struct AnyCodable: Codable, @unchecked Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral {
    public let value: Any?

    public init(_ value: Any?) { self.value = AnyCodable.unwrap(value) }
    public init(stringLiteral value: String) { self.value = value }
    public init(integerLiteral value: Int) { self.value = value }
    public init(floatLiteral value: Double) { self.value = value }
    public init(booleanLiteral value: Bool) { self.value = value }
    public init(nilLiteral: ()) { value = nil }

    public var stringValue: String? { value as? String }
    public var boolValue: Bool? { value as? Bool }
    public var intValue: Int? { (value as? Int) ?? (value as? Double).flatMap { $0 == $0.rounded() && abs($0) < 9e15 ? Int($0) : nil } }
    public var longValue: Int64? { intValue.map(Int64.init) }
    public var doubleValue: Double? { (value as? Double) ?? (value as? Int).map(Double.init) }
    public var floatValue: Float? { doubleValue.map(Float.init) }
    public var arrayValue: [Any]? { value as? [Any] }
    public var dictionaryValue: [String: Any]? { value as? [String: Any] }
    public var dataValue: Data? { value.flatMap { try? JSONSerialization.data(withJSONObject: $0) } }

    public var description: String { value.map { "\($0)" } ?? "nil" }

    /// Each value of `dictionary` wrapped; nil for a nil dictionary.
    public static func from(dictionary: [String: Any?]?) -> [String: AnyCodable]? {
        dictionary?.mapValues { AnyCodable($0) }
    }

    /// The Foundation values of `dictionary`, JSON nulls left out; nil for a nil dictionary.
    public static func toAnyDictionary(dictionary: [String: AnyCodable]?) -> [String: Any]? {
        dictionary?.compactMapValues { $0.value }
    }

    public init(from decoder: any Decoder) throws {
        value = AnyCodable.foundation(try JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try AnyCodable.json(value).encode(to: encoder)
    }

    private static func unwrap(_ value: Any?) -> Any? {
        if let nested = value as? AnyCodable { return nested.value }
        return value
    }

    static func foundation(_ json: JSONValue) -> Any? {
        switch json {
        case .null: return nil
        case .bool(let b): return b
        case .number(let n): return n == n.rounded() && abs(n) < 9e15 ? Int(n) : n
        case .string(let s): return s
        case .array(let a): return a.map { foundation($0) as Any }
        case .object(let o): return o.compactMapValues { foundation($0) }
        }
    }

    static func json(_ value: Any?) -> JSONValue {
        switch value {
        case nil: return .null
        case let c as AnyCodable: return json(c.value)
        case let b as Bool: return .bool(b)
        case let i as Int: return .number(Double(i))
        case let d as Double: return d.isFinite ? .number(d) : .null
        case let f as Float: return f.isFinite ? .number(Double(f)) : .null
        case let s as String: return .string(s)
        case let a as [Any]: return .array(a.map { json($0) })
        case let o as [String: Any]: return .object(o.mapValues { json($0) })
        default: return .null
        }
    }
}
