import BrazeKit
import Foundation
import UIKit

extension BrazeContentCardUI {
    /// Shows a classic card with an image: the image beside title, description and domain.
    open class ClassicImageCell: ImageCell {
        /// The reuse identifier of classic image cards.
        public static let identifier = "BrazeContentCardUI.ClassicImageCell"

        /// The image and the text, side by side.
        open var cardStack: UIStackView = {
            let stack = UIStackView()
            stack.axis = .horizontal
            stack.alignment = .top
            stack.spacing = 12
            return stack
        }()

        public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            let stack = TextStack(frame: .zero)
            textStack = stack
            cardStack.addArrangedSubview(contentImageView)
            cardStack.addArrangedSubview(stack)
            container.addSubview(cardStack)
            installInternalConstraints()
            applyAttributes(attributes)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        /// The card stack's edges in the container (the padding).
        open var cardStackConstraints: [NSLayoutConstraint]!
        /// The image's width and height (`Attributes.classicImageSize`).
        open var classicImageSize: [NSLayoutConstraint]!

        open override func installInternalConstraints() {
            super.installInternalConstraints()
            cardStack.translatesAutoresizingMaskIntoConstraints = false
            cardStackConstraints = [
                cardStack.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                cardStack.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                cardStack.topAnchor.constraint(equalTo: container.topAnchor),
                cardStack.bottomAnchor.constraint(equalTo: container.bottomAnchor),
            ]
            classicImageSize = [
                contentImageView.widthAnchor.constraint(equalToConstant: attributes.classicImageSize.width),
                contentImageView.heightAnchor.constraint(equalToConstant: attributes.classicImageSize.height),
            ]
            NSLayoutConstraint.activate(cardStackConstraints + classicImageSize)
        }

        /// Shows `card`, with its image as `imageLoad` has it.
        open func set(card: Braze.ContentCard.ClassicImage, imageLoad: AsyncImageView.ImageLoad?) {
            setCommon(card.data)
            textStack?.titleLabel.text = card.title
            textStack?.descriptionLabel.text = card.description
            textStack?.domainLabel.text = card.domain
            textStack?.domainHidden = card.domain?.isEmpty ?? true
            contentImageView.accessibilityLabel = card.imageAltText
            contentImageView.imageLoad = imageLoad
        }

        open override func applyAttributes(_ attributes: Attributes) {
            super.applyAttributes(attributes)
            contentImageView.imageCornerRadius = attributes.classicImageCornerRadius
            cardStack.spacing = attributes.classicImageTextSpacing
            if let classicImageSize {
                classicImageSize[0].constant = attributes.classicImageSize.width
                classicImageSize[1].constant = attributes.classicImageSize.height
            }
            if let cardStackConstraints {
                cardStackConstraints[0].constant = attributes.padding.left
                cardStackConstraints[1].constant = -attributes.padding.right
                cardStackConstraints[2].constant = attributes.padding.top
                cardStackConstraints[3].constant = -attributes.padding.bottom
            }
        }
    }
}
