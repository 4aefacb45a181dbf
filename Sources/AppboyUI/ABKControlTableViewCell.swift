import AppboyKit
import Foundation
import UIKit

/// The cell of a control card: nothing is shown (the table leaves control cards out; this is its fallback).
open class ABKControlTableViewCell: ABKBaseContentCardCell {
    open override func setUpUI() {
        super.setUpUI()
        rootView.isHidden = true
    }
}
