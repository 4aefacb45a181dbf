import Foundation

/// A value carried by an event property: what property filters compare against.
public enum EventPropertyValue: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    case string(String)
    case number(Double)
    case bool(Bool)
    case date(Date)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(stringInterpolation: DefaultStringInterpolation) { self = .string(String(stringInterpolation: stringInterpolation)) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// Converts a Foundation or Swift value. Integers and floating-point values become numbers, `Date`s dates,
    /// `Bool`s booleans, strings strings; anything else becomes its `String(describing:)` (documented recovery,
    /// never a crash). Returns nil for nil / `NSNull`.
    public init?(any value: Any?) {
        guard let value else { return nil }
        if value is NSNull { return nil }
        if type(of: value) == Bool.self, let b = value as? Bool { self = .bool(b); return }
        switch value {
        case let s as String: self = .string(s)
        case let d as Date: self = .date(d)
        case let i as Int: self = .number(Double(i))
        case let d as Double: self = .number(d)
        case let f as Float: self = .number(Double(f))
        case let d as Decimal: self = .number(NSDecimalNumber(decimal: d).doubleValue)
        case let n as NSNumber: self = .number(n.doubleValue)
        case let i as any BinaryInteger: self = .number(Double(Int(truncatingIfNeeded: i)))
        default: self = .string(String(describing: value))
        }
    }

    public var description: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .number(let n): return String(n)
        case .bool(let b): return String(b)
        case .date(let d): return "date(\(d.timeIntervalSince1970))"
        }
    }
}

/// Where an event came from. Only events logged through the SDK in the app trigger messages; events that
/// reach the user through the server (REST) path are recorded but never trigger.
public enum EventSource: String, Hashable, Sendable, Codable {
    /// Logged by the app through the SDK.
    case sdk
    /// Reached the user through the server / REST path.
    case server
}

/// Something that happened and may make messages eligible for display.
public struct TriggerEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A session started.
        case sessionStart
        /// A named custom event was logged.
        case customEvent(String)
        /// A purchase of a product was logged.
        case purchase(productID: String)
        /// The app was opened from a push notification of a campaign.
        case pushClick(campaignID: String)
    }

    public var kind: Kind
    public var properties: [String: EventPropertyValue]
    public var source: EventSource

    public init(_ kind: Kind, properties: [String: EventPropertyValue] = [:], source: EventSource = .sdk) {
        self.kind = kind; self.properties = properties; self.source = source
    }

    public static var sessionStart: TriggerEvent { TriggerEvent(.sessionStart) }
    public static func customEvent(_ name: String, properties: [String: EventPropertyValue] = [:],
                                   source: EventSource = .sdk) -> TriggerEvent {
        TriggerEvent(.customEvent(name), properties: properties, source: source)
    }
    public static func purchase(_ productID: String, properties: [String: EventPropertyValue] = [:],
                                source: EventSource = .sdk) -> TriggerEvent {
        TriggerEvent(.purchase(productID: productID), properties: properties, source: source)
    }
    public static func pushClick(campaignID: String) -> TriggerEvent { TriggerEvent(.pushClick(campaignID: campaignID)) }

    /// A short name for the trace: "sessionStart", "customEvent", "purchase", "pushClick".
    public var kindName: String {
        switch kind {
        case .sessionStart: return "sessionStart"
        case .customEvent: return "customEvent"
        case .purchase: return "purchase"
        case .pushClick: return "pushClick"
        }
    }

    /// The event's name, product id or campaign id (nil for a session start).
    public var name: String? {
        switch kind {
        case .sessionStart: return nil
        case .customEvent(let n): return n
        case .purchase(let p): return p
        case .pushClick(let c): return c
        }
    }
}
