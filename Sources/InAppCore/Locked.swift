import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a lock. Every read and write goes through `withLock`, so the value can be shared
/// between threads; the closure must not call back into code that takes the same lock.
///
/// `withLock` is inlinable so that generic callers (the presentation engine) are specialized in the module
/// that uses them instead of going through runtime generic metadata on every call. The lock is the platform's
/// own (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere) rather than `NSLock`, and the value
/// lives behind a pointer: the lock already guarantees exclusive access, so this skips the runtime's dynamic
/// exclusivity bookkeeping on every access.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock: PlatformLock
    @usableFromInline let value: UnsafeMutablePointer<Value>

    public init(_ value: Value) {
        lock = PlatformLock()
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        lock.destroy()
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

/// A non-recursive mutual-exclusion lock over the platform primitive, allocated at a stable address.
@usableFromInline
struct PlatformLock: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline let primitive: UnsafeMutablePointer<os_unfair_lock>
    init() {
        primitive = .allocate(capacity: 1)
        primitive.initialize(to: os_unfair_lock())
    }
    @inlinable func lock() { os_unfair_lock_lock(primitive) }
    @inlinable func unlock() { os_unfair_lock_unlock(primitive) }
    func destroy() { primitive.deinitialize(count: 1); primitive.deallocate() }
    #else
    @usableFromInline let primitive: UnsafeMutablePointer<pthread_mutex_t>
    init() {
        primitive = .allocate(capacity: 1)
        primitive.initialize(to: pthread_mutex_t())
        pthread_mutex_init(primitive, nil)
    }
    @inlinable func lock() { pthread_mutex_lock(primitive) }
    @inlinable func unlock() { pthread_mutex_unlock(primitive) }
    func destroy() {
        pthread_mutex_destroy(primitive)
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }
    #endif
}
