import AppboyKit
import Foundation
import UIKit

/// The stock cell of a classic card with an image: the classic cell plus a small image at the leading side.
open class ABKClassicImageContentCardCell: ABKClassicContentCardCell {
    open var classicImageView: UIImageView! = UIImageView(frame: CGRect(x: 0, y: 0, width: 57, height: 57))

    open override func setUpUI() {
        super.setUpUI()
        rootView.addSubview(classicImageView)
    }

    open override func applyCard(_ card: ABKContentCard) {
        super.applyCard(card)
        guard let classic = card as? ABKClassicContentCard else { return }
        showImage(classic.image, in: classicImageView)
    }
}
