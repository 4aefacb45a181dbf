import Foundation

/// A full-width image card.
open class ABKBannerCard: ABKCard, @unchecked Sendable {
    open var image = ""
    open var domain: String?
    open var imageAspectRatio: Float = 1
}
