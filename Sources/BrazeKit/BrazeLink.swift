import Foundation

/// A channel's way back to its `Braze` instance (set once, held weakly, so channels do not keep it alive).
package final class BrazeLink: @unchecked Sendable {
    private let lock = NSLock()
    private weak var _braze: Braze?
    package init() {}
    package var braze: Braze? {
        get { lock.lock(); defer { lock.unlock() }; return _braze }
        set { lock.lock(); _braze = newValue; lock.unlock() }
    }
}
