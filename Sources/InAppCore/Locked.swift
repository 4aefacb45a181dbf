import Foundation

/// A value guarded by a lock. Every read and write goes through `withLock`, so the value can be shared
/// between threads; the closure must not call back into code that takes the same lock.
///
/// `withLock` is inlinable so that generic callers (the presentation engine) are specialized in the module
/// that uses them instead of going through runtime generic metadata on every call.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    /// The value lives in its own allocation and is reached through a pointer: the lock already guarantees
    /// exclusive access, so this avoids the runtime's dynamic exclusivity bookkeeping on every access.
    @usableFromInline let value: UnsafeMutablePointer<Value>

    public init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    @inlinable
    @discardableResult
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value.pointee)
    }

    /// A copy of the current value.
    @inlinable
    public var snapshot: Value { withLock { $0 } }
}
