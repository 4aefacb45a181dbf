import Foundation
import InAppCore

/// A full-screen HTML message.
open class ABKInAppMessageHTMLFull: ABKInAppMessageHTMLBase, @unchecked Sendable {
    /// Kept for source compatibility; it has no effect (as upstream).
    open var assetsZipRemoteUrl: URL?
}
