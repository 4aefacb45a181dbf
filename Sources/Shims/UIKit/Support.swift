// Shared plumbing of the UIKit stand-in: the module's Foundation and ObjectiveC (`Selector`) re-exports and
// a small lock box for the process-wide state UIKit keeps (current traits, named colours and images).
@_exported import Foundation
@_exported import ObjectiveC

/// A value guarded by a lock, for the few process-wide values of this module.
final class ShimLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ newValue: Value) { lock.lock(); value = newValue; lock.unlock() }
    @discardableResult
    func update<R>(_ body: (inout Value) -> R) -> R { lock.lock(); defer { lock.unlock() }; return body(&value) }
}
