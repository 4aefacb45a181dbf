import AppboyKit
import Foundation
import UIKit

/// The News Feed list inside a navigation controller, as apps present it (`present(ABKNewsFeedViewController(), …)`).
open class ABKNewsFeedViewController: UINavigationController {
    open var newsFeed: ABKNewsFeedTableViewController

    public init() {
        let list = ABKNewsFeedTableViewController()
        newsFeed = list
        super.init(rootViewController: list)
    }
    public required init?(coder: NSCoder) { nil }
}
