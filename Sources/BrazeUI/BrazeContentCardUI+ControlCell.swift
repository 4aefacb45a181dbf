import Foundation
import UIKit

extension BrazeContentCardUI {
    /// The empty row of a control card (one the user is not shown; its impression is still logged).
    open class ControlCell: UITableViewCell {
        /// The reuse identifier of control cards.
        public static let identifier = "BrazeContentCardUI.ControlCell"

        public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            isHidden = true
        }

        /// Headless extra: how the feed makes a registered control cell class (see `Cell`).
        public required convenience init(registeredReuseIdentifier identifier: String) {
            self.init(style: .default, reuseIdentifier: identifier)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }
    }
}
