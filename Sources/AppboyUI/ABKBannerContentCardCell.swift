import AppboyKit
import Foundation
import UIKit

/// The stock cell of a banner card: one image whose height follows the card's aspect ratio.
open class ABKBannerContentCardCell: ABKBaseContentCardCell {
    open var bannerImageView: UIImageView! = UIImageView(frame: .zero)
    /// height = width / aspect ratio; replaced on each `applyCard(_:)`.
    open var imageRatioConstraint: NSLayoutConstraint?

    open override func setUpUI() {
        super.setUpUI()
        rootView.addSubview(bannerImageView)
    }

    open override func applyCard(_ card: ABKContentCard) {
        super.applyCard(card)
        guard let banner = card as? ABKBannerContentCard else { return }
        imageRatioConstraint = ABKContentCardImageRatio.constraint(for: bannerImageView, aspectRatio: banner.imageAspectRatio)
        showImage(banner.image, in: bannerImageView)
    }
}

/// The aspect-ratio constraint the image cells share (a ratio of 0 or less falls back to 1).
enum ABKContentCardImageRatio {
    static func constraint(for view: UIImageView, aspectRatio: Float) -> NSLayoutConstraint {
        let ratio = aspectRatio > 0 ? CGFloat(aspectRatio) : 1
        return NSLayoutConstraint(item: view, attribute: .height, relatedBy: .equal, toItem: view, attribute: .width,
                                  multiplier: 1 / ratio, constant: 0)
    }
}
