import BrazeKit
import Foundation
import UIKit

extension BrazeContentCardUI {
    /// Shows a captioned image card: the image, with title, description and domain under it.
    open class CaptionedImageCell: ImageCell {
        /// The reuse identifier of captioned image cards.
        public static let identifier = "BrazeContentCardUI.CaptionedImageCell"

        public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            let stack = TextStack(frame: .zero)
            textStack = stack
            container.addSubview(contentImageView)
            container.addSubview(stack)
            installInternalConstraints()
            applyAttributes(attributes)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        /// The image's height (from its aspect ratio).
        open var captionedImageHeight: NSLayoutConstraint!
        /// The text's edges under the image (the padding).
        open var textContainerContraints: [NSLayoutConstraint]!

        open override func installInternalConstraints() {
            super.installInternalConstraints()
            guard let textStack else { return }
            contentImageView.translatesAutoresizingMaskIntoConstraints = false
            textStack.translatesAutoresizingMaskIntoConstraints = false
            captionedImageHeight = contentImageView.heightAnchor.constraint(equalTo: contentImageView.widthAnchor, multiplier: 1)
            textContainerContraints = [
                textStack.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                textStack.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                textStack.topAnchor.constraint(equalTo: contentImageView.bottomAnchor),
                textStack.bottomAnchor.constraint(equalTo: container.bottomAnchor),
            ]
            NSLayoutConstraint.activate(textContainerContraints + [
                contentImageView.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                contentImageView.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                contentImageView.topAnchor.constraint(equalTo: container.topAnchor),
                captionedImageHeight,
            ])
        }

        /// Shows `card`, with its image as `imageLoad` has it.
        open func set(card: Braze.ContentCard.CaptionedImage, imageLoad: AsyncImageView.ImageLoad?) {
            setCommon(card.data)
            textStack?.titleLabel.text = card.title
            textStack?.descriptionLabel.text = card.description
            textStack?.domainLabel.text = card.domain
            textStack?.domainHidden = card.domain?.isEmpty ?? true
            contentImageView.fixedAspectRatio = card.imageAspectRatio
            contentImageView.accessibilityLabel = card.imageAltText
            contentImageView.imageLoad = imageLoad
        }

        open override func applyAttributes(_ attributes: Attributes) {
            super.applyAttributes(attributes)
            guard let textContainerContraints else { return }
            textContainerContraints[0].constant = attributes.padding.left
            textContainerContraints[1].constant = -attributes.padding.right
            textContainerContraints[2].constant = attributes.padding.top
            textContainerContraints[3].constant = -attributes.padding.bottom
        }
    }
}
