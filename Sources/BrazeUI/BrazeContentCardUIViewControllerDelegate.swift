import BrazeKit
import Foundation

/// Told by `BrazeContentCardUI.ViewController` before it carries out a card's click action.
public protocol BrazeContentCardUIViewControllerDelegate: AnyObject {
    /// Return false to handle the click action yourself.
    func contentCard(_ controller: BrazeContentCardUI.ViewController, shouldProcess clickAction: Braze.ContentCard.ClickAction,
                     card: Braze.ContentCard) -> Bool
}

extension BrazeContentCardUIViewControllerDelegate {
    public func contentCard(_ controller: BrazeContentCardUI.ViewController, shouldProcess clickAction: Braze.ContentCard.ClickAction,
                            card: Braze.ContentCard) -> Bool { true }
}
