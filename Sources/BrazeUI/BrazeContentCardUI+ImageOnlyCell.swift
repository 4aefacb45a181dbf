import BrazeKit
import Foundation
import UIKit

extension BrazeContentCardUI {
    /// Shows an image-only card: the image, edge to edge.
    open class ImageOnlyCell: ImageCell {
        /// The reuse identifier of image-only cards.
        public static let identifier = "BrazeContentCardUI.ImageOnlyCell"

        public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            container.insertSubview(contentImageView, at: 0)
            installInternalConstraints()
            applyAttributes(attributes)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        open override func installInternalConstraints() {
            super.installInternalConstraints()
            contentImageView.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                contentImageView.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                contentImageView.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                contentImageView.topAnchor.constraint(equalTo: container.topAnchor),
                contentImageView.bottomAnchor.constraint(equalTo: container.bottomAnchor),
            ])
        }

        /// Shows `card`, with its image as `imageLoad` has it.
        open func set(card: Braze.ContentCard.ImageOnly, imageLoad: AsyncImageView.ImageLoad?) {
            setCommon(card.data)
            contentImageView.fixedAspectRatio = card.imageAspectRatio
            contentImageView.accessibilityLabel = card.imageAltText
            contentImageView.imageLoad = imageLoad
        }
    }
}
