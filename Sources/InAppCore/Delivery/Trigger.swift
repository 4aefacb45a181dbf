import Foundation

/// A condition on one property of an event.
///
/// Semantics (the vendors' documents leave the operators open; these are ours, documented in Docs/Delivery.md):
/// `equals` needs the property present, of the same type and equal; `notEquals` holds when the property is absent
/// or differs; `greaterThan` / `lessThan` compare numbers with numbers, dates with dates and strings
/// lexicographically, and are false for mismatched types or booleans; `exists` holds when the property is present;
/// `contains` holds for a string property containing the text (case-sensitive).
public struct PropertyFilter: Hashable, Sendable, CustomStringConvertible {
    public enum Operator: Hashable, Sendable {
        case equals(EventPropertyValue)
        case notEquals(EventPropertyValue)
        case greaterThan(EventPropertyValue)
        case lessThan(EventPropertyValue)
        case exists
        case contains(String)
    }

    public var key: String
    public var op: Operator

    public init(_ key: String, _ op: Operator) { self.key = key; self.op = op }

    public static func equals(_ key: String, _ value: EventPropertyValue) -> PropertyFilter { .init(key, .equals(value)) }
    public static func notEquals(_ key: String, _ value: EventPropertyValue) -> PropertyFilter { .init(key, .notEquals(value)) }
    public static func greaterThan(_ key: String, _ value: EventPropertyValue) -> PropertyFilter { .init(key, .greaterThan(value)) }
    public static func lessThan(_ key: String, _ value: EventPropertyValue) -> PropertyFilter { .init(key, .lessThan(value)) }
    public static func exists(_ key: String) -> PropertyFilter { .init(key, .exists) }
    public static func contains(_ key: String, _ text: String) -> PropertyFilter { .init(key, .contains(text)) }

    /// Whether `properties` satisfy this filter.
    public func matches(_ properties: [String: EventPropertyValue]) -> Bool {
        let value = properties[key]
        switch op {
        case .exists: return value != nil
        case .equals(let expected): return value.map { Self.equal($0, expected) } ?? false
        case .notEquals(let expected): return value.map { !Self.equal($0, expected) } ?? true
        case .greaterThan(let bound): return value.flatMap { Self.compare($0, bound) } == .orderedDescending
        case .lessThan(let bound): return value.flatMap { Self.compare($0, bound) } == .orderedAscending
        case .contains(let text):
            if case .string(let s)? = value { return s.contains(text) }
            return false
        }
    }

    private static func equal(_ a: EventPropertyValue, _ b: EventPropertyValue) -> Bool {
        switch (a, b) {
        case (.date(let x), .date(let y)): return x.timeIntervalSince1970 == y.timeIntervalSince1970
        default: return a == b
        }
    }

    private static func compare(_ a: EventPropertyValue, _ b: EventPropertyValue) -> ComparisonResult? {
        func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
            x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
        }
        switch (a, b) {
        case (.number(let x), .number(let y)): return order(x, y)
        case (.date(let x), .date(let y)): return order(x.timeIntervalSince1970, y.timeIntervalSince1970)
        case (.string(let x), .string(let y)): return order(x, y)
        default: return nil
        }
    }

    public var description: String { "\(key) \(op)" }
}

/// What makes a campaign's message eligible for display.
public enum Trigger: Hashable, Sendable {
    /// A session starts.
    case sessionStart
    /// A custom event with this name is logged through the SDK, and its properties pass every filter.
    case customEvent(String, filters: [PropertyFilter] = [])
    /// Any purchase is logged.
    case anyPurchase
    /// A purchase of this product is logged, and its properties pass every filter.
    case purchase(productID: String, filters: [PropertyFilter] = [])
    /// The app is opened from a push notification of this campaign.
    case pushClick(campaignID: String)

    var filters: [PropertyFilter] {
        switch self {
        case .customEvent(_, let f), .purchase(_, let f): return f
        default: return []
        }
    }
}

/// A message and the triggers that make it eligible, as delivered to the device at session start.
public struct Campaign: Hashable, Sendable {
    public var id: String
    public var message: InAppMessage
    public var triggers: [Trigger]
    /// Higher wins when one event makes several campaigns eligible (default: the message's priority).
    public var priority: Int
    /// Seconds after its trigger fires past which the message may no longer be displayed (nil: no limit).
    public var displayTimeout: TimeInterval?

    public init(id: String? = nil, message: InAppMessage, triggers: [Trigger], priority: Int? = nil,
                displayTimeout: TimeInterval? = nil) {
        self.id = id ?? message.id.rawValue
        self.message = message
        self.triggers = triggers
        self.priority = priority ?? message.priority
        self.displayTimeout = displayTimeout
    }
}
