// A stand-in for the `Selector` type of Apple's ObjectiveC module, built only where that module does not
// exist (see Package.swift). UIKit re-exports it, so target-action code (`addTarget(_:action:for:)`,
// gesture recognizers, bar button items) keeps its spelling.
//
// There is no Objective-C runtime here: a selector is a method name that controls record, not a message
// that can be sent. `#selector(...)` expressions additionally need the compiler's Objective-C interop,
// which Swift enables only on Apple platforms (see Docs/Porting.md).

/// The name of a method, as target-action APIs take it.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method name, e.g. `confirmButtonTapped` or `pan:`.
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }
    public var description: String { name }
}

/// `NSStringFromSelector` as Foundation spells it on Apple platforms.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }
/// `NSSelectorFromString` as Foundation spells it on Apple platforms.
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }
