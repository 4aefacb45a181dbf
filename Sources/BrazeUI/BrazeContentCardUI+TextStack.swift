import Foundation
import UIKit

extension BrazeContentCardUI {
    /// A card's title, description and domain, one under the other.
    open class TextStack: UIStackView {
        /// Whether the domain line is hidden.
        open var domainHidden: Bool {
            get { domainLabel.isHidden }
            set { domainLabel.isHidden = newValue }
        }
        open var titleLabel: UILabel = {
            let label = UILabel()
            label.numberOfLines = 0
            return label
        }()
        open var descriptionLabel: UILabel = {
            let label = UILabel()
            label.numberOfLines = 0
            return label
        }()
        open lazy var domainLabel: UILabel = {
            let label = UILabel()
            label.textColor = tintColor
            return label
        }()

        public override init(frame: CGRect) {
            super.init(frame: frame)
            axis = .vertical
            alignment = .leading
            spacing = 8
            addArrangedSubview(titleLabel)
            addArrangedSubview(descriptionLabel)
            addArrangedSubview(domainLabel)
        }

        @available(*, unavailable)
        public required init(coder: NSCoder) { fatalError("init(coder:) is not available") }

        /// Gives each label its text as accessibility label.
        public func addAccessibilityAltText() {
            for label in [titleLabel, descriptionLabel, domainLabel] { label.accessibilityLabel = label.text }
        }
    }
}
