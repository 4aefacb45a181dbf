import BrazeKit
import Foundation

/// Braze's content card feed: `ViewController` (a table of the user's cards), `ModalViewController` (the same in a
/// navigation controller) and the cells that show each kind of card.
public enum BrazeContentCardUI {}

extension Braze.ContentCard {
    /// The reuse identifier of the cell that shows this kind of card (a key of
    /// `BrazeContentCardUI.ViewController.Attributes.cells`).
    public var cellIdentifier: String {
        switch self {
        case .classic: return BrazeContentCardUI.ClassicCell.identifier
        case .classicImage: return BrazeContentCardUI.ClassicImageCell.identifier
        case .imageOnly: return BrazeContentCardUI.ImageOnlyCell.identifier
        case .captionedImage: return BrazeContentCardUI.CaptionedImageCell.identifier
        case .control: return BrazeContentCardUI.ControlCell.identifier
        }
    }
}
