import BrazeKit
import Foundation
import UIKit

extension BrazeContentCardUI {
    /// Shows a classic card: title, description, domain.
    open class ClassicCell: Cell {
        /// The reuse identifier of classic cards (`Braze.ContentCard.cellIdentifier`).
        public static let identifier = "BrazeContentCardUI.ClassicCell"

        public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            let stack = TextStack(frame: .zero)
            textStack = stack
            container.addSubview(stack)
            installInternalConstraints()
            applyAttributes(attributes)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        /// The text stack's edges in the container (the padding).
        open var textStackContraints: [NSLayoutConstraint]!

        open override func installInternalConstraints() {
            super.installInternalConstraints()
            guard let textStack else { return }
            textStack.translatesAutoresizingMaskIntoConstraints = false
            textStackContraints = [
                textStack.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                textStack.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                textStack.topAnchor.constraint(equalTo: container.topAnchor),
                textStack.bottomAnchor.constraint(equalTo: container.bottomAnchor),
            ]
            NSLayoutConstraint.activate(textStackContraints)
        }

        /// Shows `card`.
        open func set(card: Braze.ContentCard.Classic) {
            setCommon(card.data)
            textStack?.titleLabel.text = card.title
            textStack?.descriptionLabel.text = card.description
            textStack?.domainLabel.text = card.domain
            textStack?.domainHidden = card.domain?.isEmpty ?? true
        }

        open override func applyAttributes(_ attributes: Attributes) {
            super.applyAttributes(attributes)
            guard let textStackContraints else { return }
            textStackContraints[0].constant = attributes.padding.left
            textStackContraints[1].constant = -attributes.padding.right
            textStackContraints[2].constant = attributes.padding.top
            textStackContraints[3].constant = -attributes.padding.bottom
        }
    }
}
