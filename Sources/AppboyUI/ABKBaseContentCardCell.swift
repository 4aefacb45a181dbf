import AppboyKit
import Foundation
import UIKit

/// Told when a card cell's content changed size (an image finished loading), so the table can update its rows.
public protocol ABKBaseContentCardCellDelegate: AnyObject {
    func cellRequestSizeUpdate(_ cell: UITableViewCell)
}

/// The base of the stock content-card cells (BrazeUICompat): a rounded root view inset by `cardSidePadding`
/// and `cardSpacing`, a pin for pinned cards and a line that marks cards not viewed yet. Subclasses fill their
/// own parts in `applyCard(_:)`; `card` is the card last applied. Headless, images are not downloaded: a cell
/// records the URL it would load (`imageURL`) and shows `getPlaceHolderImage()`.
open class ABKBaseContentCardCell: UITableViewCell {
    open var rootView: UIView! = UIView()
    open var pinImageView: UIImageView! = UIImageView(frame: .zero)
    open var unviewedLineView: UIView! = UIView()
    /// The colour of the not-viewed line (the theme's blue unless set).
    open var unviewedLineViewColor: UIColor! = .systemBlue { didSet { unviewedLineView.backgroundColor = unviewedLineViewColor } }
    open var rootViewLeadingConstraint: NSLayoutConstraint!
    open var rootViewTrailingConstraint: NSLayoutConstraint!
    open var rootViewTopConstraint: NSLayoutConstraint!
    open var rootViewBottomConstraint: NSLayoutConstraint!
    open var cardWidthConstraint: NSLayoutConstraint!
    /// Space between the card and the table's sides (10 by default); applied to the leading/trailing constraints.
    open var cardSidePadding: CGFloat = 10 { didSet { applyInsets() } }
    /// Space above and below the card (12 by default, half on each side); applied to the top/bottom constraints.
    open var cardSpacing: CGFloat = 12 { didSet { applyInsets() } }
    /// When set, the not-viewed line never shows.
    open var hideUnreadIndicator = false { didSet { applyIndicators() } }
    open weak var delegate: (any ABKBaseContentCardCellDelegate)?
    /// The card last given to `applyCard(_:)`.
    open private(set) var card: ABKContentCard?
    /// The image URL the cell would load for its card (headless: recorded, not downloaded).
    open internal(set) var imageURL: URL?

    public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        setUp()
    }
    public required init?(coder: NSCoder) { super.init(coder: coder); setUp() }

    /// Builds the cell's views; subclasses add their parts in `setUpUI()`.
    open func setUp() {
        selectionStyle = .none
        rootView.layer.cornerRadius = 3
        rootView.layer.masksToBounds = true
        contentView.addSubview(rootView)
        rootView.addSubview(pinImageView)
        rootView.addSubview(unviewedLineView)
        pinImageView.image = UIImage(named: "appboy_cc_icon_pinned")
        unviewedLineView.backgroundColor = unviewedLineViewColor
        rootViewLeadingConstraint = NSLayoutConstraint(item: rootView as Any, attribute: .leading, relatedBy: .equal,
                                                       toItem: contentView, attribute: .leading, multiplier: 1, constant: 0)
        rootViewTrailingConstraint = NSLayoutConstraint(item: contentView, attribute: .trailing, relatedBy: .equal,
                                                        toItem: rootView, attribute: .trailing, multiplier: 1, constant: 0)
        rootViewTopConstraint = NSLayoutConstraint(item: rootView as Any, attribute: .top, relatedBy: .equal,
                                                   toItem: contentView, attribute: .top, multiplier: 1, constant: 0)
        rootViewBottomConstraint = NSLayoutConstraint(item: contentView, attribute: .bottom, relatedBy: .equal,
                                                      toItem: rootView, attribute: .bottom, multiplier: 1, constant: 0)
        cardWidthConstraint = NSLayoutConstraint(item: rootView as Any, attribute: .width, relatedBy: .lessThanOrEqual,
                                                 toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 0)
        applyInsets()
        setUpUI()
    }

    /// Styles the cell's parts (the root view's background); subclasses extend it.
    open func setUpUI() {
        rootView.backgroundColor = .systemBackground
    }

    /// Shows `card`: the pin when it is pinned, the not-viewed line while it is not viewed (and the indicator is
    /// not hidden).
    open func applyCard(_ card: ABKContentCard) {
        self.card = card
        applyIndicators()
    }

    /// The image shown while a card's image is not loaded (upstream's bundled grey picture; headless a plain
    /// grey image of its size).
    open func getPlaceHolderImage() -> UIImage? { UIImage(size: CGSize(width: 345, height: 200), color: .systemGray5) }

    /// The class of the cell's image views (`UIImageView` here; upstream swaps in an animated one with SDWebImage).
    open func imageViewClass() -> AnyClass { UIImageView.self }

    /// Sets `text` on `label`, keeping the label's font and colour (the attributed style upstream applies).
    open func applyAppboyAttributedTextStyleFrom(_ text: String, forLabel label: UILabel) {
        label.attributedText = NSAttributedString(string: text)
    }

    /// Styles a card's three text labels as the stock cells do: a bold 16 pt title, a 14 pt description on as many
    /// lines as it needs and a 14 pt link line, in the cell class's colours.
    func styleTextLabels(title: UILabel, description: UILabel, link: UILabel,
                         colors: (title: UIColor, description: UIColor, link: UIColor)) {
        title.font = .boldSystemFont(ofSize: 16)
        description.font = .systemFont(ofSize: 14)
        description.numberOfLines = 0
        link.font = .systemFont(ofSize: 14)
        title.textColor = colors.title
        description.textColor = colors.description
        link.textColor = colors.link
    }

    /// Shows a card's title, description and link text (the link line hidden when the card has none).
    func showTexts(title: String, description: String, link: String?, in labels: (title: UILabel, description: UILabel, link: UILabel)) {
        applyAppboyAttributedTextStyleFrom(title, forLabel: labels.title)
        applyAppboyAttributedTextStyleFrom(description, forLabel: labels.description)
        applyAppboyAttributedTextStyleFrom(link ?? "", forLabel: labels.link)
        labels.link.isHidden = (link ?? "").isEmpty
    }

    /// Records `urlString` as the image to load and shows the placeholder; asks the delegate to resize the row.
    func showImage(_ urlString: String?, in imageView: UIImageView) {
        imageURL = urlString.flatMap { $0.isEmpty ? nil : URL(string: $0) }
        imageView.image = getPlaceHolderImage()
        delegate?.cellRequestSizeUpdate(self)
    }

    private func applyInsets() {
        rootViewLeadingConstraint?.constant = cardSidePadding
        rootViewTrailingConstraint?.constant = cardSidePadding
        rootViewTopConstraint?.constant = cardSpacing / 2
        rootViewBottomConstraint?.constant = cardSpacing / 2
    }

    private func applyIndicators() {
        pinImageView.isHidden = !(card?.pinned ?? false)
        unviewedLineView.isHidden = hideUnreadIndicator || (card?.viewed ?? true)
    }
}
