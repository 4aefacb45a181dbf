import Foundation

/// A content card that is one image.
open class ABKBannerContentCard: ABKContentCard, @unchecked Sendable {
    /// The image URL.
    open var image: String = ""
    /// Width over height of the image.
    open var imageAspectRatio: Float = 1
}
