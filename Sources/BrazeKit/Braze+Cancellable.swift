import Foundation

extension Braze {
    /// A subscription handle: `cancel()` stops the updates. Subscriptions also end when the handle is released.
    public final class Cancellable: @unchecked Sendable {
        private let lock = NSLock()
        private var onCancel: (() -> Void)?

        /// A handle that cancels nothing.
        public static var empty: Cancellable { Cancellable(onCancel: nil) }

        package init(onCancel: (() -> Void)?) { self.onCancel = onCancel }

        /// Stops the updates; later calls do nothing.
        public func cancel() {
            lock.lock(); let action = onCancel; onCancel = nil; lock.unlock()
            action?()
        }

        deinit { cancel() }
    }
}

/// Subscribers of one kind of update, in subscription order. Cancelling removes one.
package final class Subscribers<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var handlers: [(Int, (Value) -> Void)] = []

    package init() {}

    package func add(_ handler: @escaping (Value) -> Void) -> Braze.Cancellable {
        lock.lock(); next += 1; let id = next; handlers.append((id, handler)); lock.unlock()
        return Braze.Cancellable { [weak self] in
            guard let self else { return }
            self.lock.lock(); self.handlers.removeAll { $0.0 == id }; self.lock.unlock()
        }
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return handlers.count }

    package func send(_ value: Value) {
        lock.lock(); let current = handlers.map(\.1); lock.unlock()
        for handler in current { handler(value) }
    }
}
