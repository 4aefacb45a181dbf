import Foundation

/// An image with a title and description below it.
open class ABKCaptionedImageCard: ABKCard, @unchecked Sendable {
    open var image = ""
    open var imageAspectRatio: Float = 1
    open var title = ""
    open var cardDescription = ""
    open var domain: String?
}
