import Foundation

/// A content card with a title, a description and an optional small image.
open class ABKClassicContentCard: ABKContentCard, @unchecked Sendable {
    /// The image URL.
    open var image: String?
    open var title: String = ""
    open var cardDescription: String = ""
    /// The link text shown under the description.
    open var domain: String?
}
