import Foundation

extension Braze {
    /// The current user of a `Braze` instance.
    public final class User: @unchecked Sendable {
        private let lock = NSLock()
        private var _id: String?
        init() {}

        /// The current user id; nil for an anonymous user and after `wipeData()`.
        public internal(set) var id: String? {
            get { lock.lock(); defer { lock.unlock() }; return _id }
            set { lock.lock(); _id = newValue; lock.unlock() }
        }
    }
}
