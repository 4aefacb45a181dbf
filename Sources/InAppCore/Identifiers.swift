import Foundation

/// The identity of a message. Two values with the same id are the same message, whatever their content.
///
/// Written as a string literal, interpolation included: `let id: MessageID = "promo-\(i)"`.
public struct MessageID: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, ExpressibleByStringInterpolation, CustomStringConvertible {
    public var rawValue: String { didSet { hashCode = rawValue.hashValue } }
    /// The string's hash, computed once: ids are looked up many times per message (state table, stack index),
    /// and hashing a cached integer is several times cheaper than hashing the string again.
    @usableFromInline var hashCode: Int

    public init(rawValue: String) { self.rawValue = rawValue; hashCode = rawValue.hashValue }
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public init(stringInterpolation: DefaultStringInterpolation) { self.init(rawValue: String(stringInterpolation: stringInterpolation)) }
    public var description: String { rawValue }
    public static func < (a: MessageID, b: MessageID) -> Bool { a.rawValue < b.rawValue }
    @inlinable public static func == (a: MessageID, b: MessageID) -> Bool {
        a.hashCode == b.hashCode && a.rawValue == b.rawValue
    }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(hashCode) }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    /// A fresh id in UUID form, unique within the process and unlikely to repeat across processes
    /// (see ``UniqueID``).
    public static func random() -> MessageID { MessageID(UniqueID.next()) }
}

/// Identifiers in UUID form (version 4 layout) for messages and other records, made without a system call each:
/// eight random bytes drawn once per process, then a counter. `UUID()` reads the system's random source on every
/// call, which showed up in profiles of presenting messages.
public enum UniqueID {
    private static let prefix = UInt64.random(in: .min ... .max)
    private static let counter = Locked<UInt64>(0)

    /// The next identifier, for example `5D0C7E41-93A8-4B1F-8000-00000000002A`.
    public static func next() -> String {
        let n = counter.withLock { value -> UInt64 in value &+= 1; return value }
        let p = prefix.bigEndian, c = n.bigEndian
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: p) { for k in 0..<8 { bytes[k] = $0[k] } }
        withUnsafeBytes(of: c) { for k in 0..<8 { bytes[8 + k] = $0[k] } }
        bytes[6] = bytes[6] & 0x0F | 0x40   // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80   // RFC 4122 variant
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString
    }
}

/// A JSON value: what message extras, event properties and bridge arguments are made of.
public enum JSONValue: Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(stringInterpolation: DefaultStringInterpolation) { self = .string(String(stringInterpolation: stringInterpolation)) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        // Each failed attempt costs the decoder an error value: the commonest kinds of value go first.
        if c.decodeNil() { self = .null }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let o = try? c.decode([String: JSONValue].self) { self = .object(o) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// Converts a Foundation value (`JSONSerialization` output, or plain Swift values) into a `JSONValue`.
    /// Values that have no JSON form become their `String(describing:)`.
    public init(any value: Any?) {
        switch value {
        case nil, is NSNull: self = .null
        case let b as Bool: self = .bool(b)
        case let i as Int: self = .number(Double(i))
        case let d as Double: self = .number(d)
        case let n as NSNumber: self = .number(n.doubleValue)
        case let s as String: self = .string(s)
        case let a as [Any?]: self = .array(a.map { JSONValue(any: $0) })
        case let a as [Any]: self = .array(a.map { JSONValue(any: $0) })
        case let o as [String: Any?]: self = .object(o.mapValues { JSONValue(any: $0) })
        case let o as [String: Any]: self = .object(o.mapValues { JSONValue(any: $0) })
        case let o as [AnyHashable: Any]:
            self = .object(Dictionary(o.map { ("\($0.key)", JSONValue(any: $0.value)) }, uniquingKeysWith: { a, _ in a }))
        case let some?: self = .string(String(describing: some))
        }
    }

    /// The Foundation form: `String`, `Double`, `Bool`, `[Any]`, `[String: Any]` or `NSNull`.
    public var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let n): return n
        case .string(let s): return s
        case .array(let a): return a.map(\.foundationValue)
        case .object(let o): return o.mapValues(\.foundationValue)
        }
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var numberValue: Double? { if case .number(let n) = self { return n }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }

    /// Compact JSON text with sorted keys.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "null" }
        return text
    }
}
