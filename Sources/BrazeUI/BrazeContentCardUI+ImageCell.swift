import Foundation
import UIKit

extension BrazeContentCardUI {
    /// A content card cell with an image view (the base of the image card cells).
    open class ImageCell: Cell {
        /// The card's image.
        open var contentImageView: AsyncImageView = AsyncImageView(frame: .zero)
    }
}
