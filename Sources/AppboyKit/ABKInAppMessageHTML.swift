import Foundation
import InAppCore

/// An HTML message.
open class ABKInAppMessageHTML: ABKInAppMessageHTMLBase, @unchecked Sendable {
    /// Kept for source compatibility; it has no effect (as upstream).
    open var trusted: Bool = false
    /// The remote assets of the document, as URL strings (prefetched before display).
    open var assetUrls: [Any]?
    /// Kept for source compatibility; it has no effect (as upstream).
    open var messageFields: [AnyHashable: Any]?

    override var assetURLList: [URL] {
        (assetUrls ?? []).compactMap { ($0 as? String).flatMap(URL.init(string:)) ?? ($0 as? URL) }
    }
}
