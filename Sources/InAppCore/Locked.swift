import Foundation

/// A value guarded by a lock. Every read and write goes through `withLock`, so the value can be shared
/// between threads; the closure must not call back into code that takes the same lock.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    @discardableResult
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    public var snapshot: Value { withLock { $0 } }
}
