import Foundation

/// A title and description without an image.
open class ABKTextAnnouncementCard: ABKCard, @unchecked Sendable {
    open var title = ""
    open var cardDescription = ""
    open var domain: String?
}
