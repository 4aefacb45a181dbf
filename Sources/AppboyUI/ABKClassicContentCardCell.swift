import AppboyKit
import Foundation
import UIKit

/// The stock cell of a classic card: title, description and the link text (the card's `domain`).
open class ABKClassicContentCardCell: ABKBaseContentCardCell {
    nonisolated(unsafe) private static var colors = (title: UIColor.label, description: UIColor.secondaryLabel, link: UIColor.systemBlue)
    /// The title colour of every classic cell set up after it changes.
    open class var titleLabelColor: UIColor { get { colors.title } set { colors.title = newValue } }
    open class var descriptionLabelColor: UIColor { get { colors.description } set { colors.description = newValue } }
    open class var linkLabelColor: UIColor { get { colors.link } set { colors.link = newValue } }

    open var titleLabel: UILabel! = UILabel()
    open var descriptionLabel: UILabel! = UILabel()
    open var linkLabel: UILabel! = UILabel()
    open var descriptionConstraints: [Any] = []
    open var linkConstraints: [Any] = []
    open var padding: CGFloat = 25

    open override func setUpUI() {
        super.setUpUI()
        for label in [titleLabel, descriptionLabel, linkLabel] as [UILabel] { rootView.addSubview(label) }
        styleTextLabels(title: titleLabel, description: descriptionLabel, link: linkLabel,
                        colors: (Self.titleLabelColor, Self.descriptionLabelColor, Self.linkLabelColor))
    }

    /// Shows a classic card; any other card only gets the base indicators.
    open override func applyCard(_ card: ABKContentCard) {
        super.applyCard(card)
        guard let classic = card as? ABKClassicContentCard else { return }
        showTexts(title: classic.title, description: classic.cardDescription, link: classic.domain,
                  in: (titleLabel, descriptionLabel, linkLabel))
    }
}
