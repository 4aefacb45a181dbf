import Foundation

/// A small image beside a title and description.
open class ABKClassicCard: ABKCard, @unchecked Sendable {
    open var image: String?
    open var cardDescription = ""
    open var title: String?
    open var domain: String?
}
