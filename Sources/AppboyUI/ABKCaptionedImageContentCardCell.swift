import AppboyKit
import Foundation
import UIKit

/// The stock cell of a captioned-image card: the image (height from its aspect ratio), then title, description
/// and link text.
open class ABKCaptionedImageContentCardCell: ABKBaseContentCardCell {
    nonisolated(unsafe) private static var colors = (title: UIColor.label, description: UIColor.secondaryLabel, link: UIColor.systemBlue)
    open class var titleLabelColor: UIColor { get { colors.title } set { colors.title = newValue } }
    open class var descriptionLabelColor: UIColor { get { colors.description } set { colors.description = newValue } }
    open class var linkLabelColor: UIColor { get { colors.link } set { colors.link = newValue } }

    open var captionedImageView: UIImageView! = UIImageView(frame: .zero)
    open var imageRatioConstraint: NSLayoutConstraint?
    open var titleLabel: UILabel! = UILabel()
    open var descriptionLabel: UILabel! = UILabel()
    open var linkLabel: UILabel! = UILabel()
    open var padding: CGFloat = 25

    open override func setUpUI() {
        super.setUpUI()
        for view in [captionedImageView, titleLabel, descriptionLabel, linkLabel] as [UIView] { rootView.addSubview(view) }
        styleTextLabels(title: titleLabel, description: descriptionLabel, link: linkLabel,
                        colors: (Self.titleLabelColor, Self.descriptionLabelColor, Self.linkLabelColor))
    }

    open override func applyCard(_ card: ABKContentCard) {
        super.applyCard(card)
        guard let captioned = card as? ABKCaptionedImageContentCard else { return }
        showTexts(title: captioned.title, description: captioned.cardDescription, link: captioned.domain,
                  in: (titleLabel, descriptionLabel, linkLabel))
        imageRatioConstraint = ABKContentCardImageRatio.constraint(for: captionedImageView, aspectRatio: captioned.imageAspectRatio)
        showImage(captioned.image, in: captionedImageView)
    }
}
