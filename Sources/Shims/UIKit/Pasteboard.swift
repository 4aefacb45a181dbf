import Foundation

/// The system pasteboard, in memory: what the app copies is what it (or a test) reads back.
open class UIPasteboard: @unchecked Sendable {
    /// The general pasteboard, shared by the process.
    public static let general = UIPasteboard()
    private let lock = NSLock()
    private var _string: String?
    private var _url: URL?

    public init() {}

    /// The text on the pasteboard.
    open var string: String? {
        get { lock.lock(); defer { lock.unlock() }; return _string }
        set { lock.lock(); _string = newValue; lock.unlock() }
    }
    /// The URL on the pasteboard.
    open var url: URL? {
        get { lock.lock(); defer { lock.unlock() }; return _url }
        set { lock.lock(); _url = newValue; lock.unlock() }
    }
    /// Whether the pasteboard holds text.
    open var hasStrings: Bool { string != nil }
}
