import Foundation

/// A content card with a large image above a title and a description.
open class ABKCaptionedImageContentCard: ABKContentCard, @unchecked Sendable {
    /// The image URL.
    open var image: String = ""
    /// Width over height of the image.
    open var imageAspectRatio: Float = 1
    open var title: String = ""
    open var cardDescription: String = ""
    /// The link text shown under the description.
    open var domain: String?
}
