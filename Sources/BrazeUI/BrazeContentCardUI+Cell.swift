import BrazeKit
import Foundation
import UIKit

extension BrazeContentCardUI {
    /// What every content card cell shares: the card's container (background, border, corners, shadow), the pin
    /// and unviewed indicators and the text styles. It shows no card itself; its subclasses do. Headless: the
    /// attributes are applied to the views and layers (read them back in tests); nothing is drawn.
    open class Cell: UITableViewCell {
        /// How a cell looks. Change a feed's cells with `ViewController.Attributes.cellAttributes`.
        public struct Attributes: Equatable, Sendable {
            /// Space around the card.
            public var margin: Margin = .layoutMargins(UIEdgeInsets(top: 10, left: 0, bottom: 10, right: 0))
            /// Space between the card's edges and its content.
            public var padding = UIEdgeInsets(top: 20, left: 25, bottom: 25, right: 25)
            /// The card's widest width (nil: as wide as the table).
            public var maxWidth: Double? = nil
            public var backgroundColor: UIColor = .systemBackground
            public var borderColor: UIColor = UIColor(white: 0.87, alpha: 1)
            public var borderWidth: Double = 1
            public var cornerRadius: Double = 3
            public var cornerCurve: CALayerCornerCurve = .circular
            public var shadow: Shadow? = .contentCard
            /// The card's background while it is pressed.
            public var highlightColor: UIColor = UIColor(white: 0.9, alpha: 1)
            /// The pin's color (nil: the view's tint color).
            public var pinIndicatorColor: UIColor?
            /// The pin's image (nil: Braze's pin).
            public var pinIndicatorImage: UIImage? {
                get { pinImage?.image }
                set { pinImage = newValue.map(ImageIdentity.init) }
            }
            private var pinImage: ImageIdentity?
            /// The unviewed bar's color (nil: the view's tint color).
            public var unviewedIndicatorColor: UIColor?
            public var unviewedIndicatorHeight: Double = 8
            public var titleFont: UIFont = .preferredFont(forTextStyle: .callout)
            public var titleColor: UIColor = .label
            public var descriptionFont: UIFont = .preferredFont(forTextStyle: .footnote)
            public var descriptionColor: UIColor = .label
            public var domainFont: UIFont = .preferredFont(forTextStyle: .footnote)
            /// The domain line's color (nil: the view's tint color).
            public var domainColor: UIColor?
            /// The image size of classic cards with an image.
            public var classicImageSize = CGSize(width: 57.5, height: 57.5)
            public var classicImageCornerRadius: Double = 3
            /// Space between a classic card's image and its text.
            public var classicImageTextSpacing: Double = 12

            public init() {}
            /// The stock look.
            public static let defaults = Self()
        }

        /// An image compared by identity (UIImage is not Equatable).
        struct ImageIdentity: Equatable, @unchecked Sendable {
            let image: UIImage
            static func == (a: Self, b: Self) -> Bool { a.image === b.image }
        }

        /// How the card's horizontal margin is measured.
        public enum Margin: Equatable, Sendable {
            /// Insets from the table's layout margins.
            case layoutMargins(UIEdgeInsets)
            /// Insets from the table's edges.
            case edges(UIEdgeInsets)

            /// The insets, whichever way they are measured.
            public var insets: UIEdgeInsets {
                switch self {
                case .layoutMargins(let insets), .edges(let insets): return insets
                }
            }
        }

        /// The cell's look; setting it applies it (`applyAttributes(_:)`).
        open var attributes: Attributes = .init() {
            didSet {
                guard attributes != oldValue else { return }
                applyAttributes(attributes)
            }
        }

        /// Applies `attributes` to the container, indicators and text stack. Subclasses extend it.
        open func applyAttributes(_ attributes: Attributes) {
            let insets = attributes.margin.insets
            switch attributes.margin {
            case .layoutMargins:
                NSLayoutConstraint.deactivate(edgesContainerEdges)
                NSLayoutConstraint.activate(layoutContainerEdges)
                layoutContainerEdges[0].constant = insets.left
                layoutContainerEdges[1].constant = -insets.right
            case .edges:
                NSLayoutConstraint.deactivate(layoutContainerEdges)
                NSLayoutConstraint.activate(edgesContainerEdges)
                edgesContainerEdges[0].constant = insets.left
                edgesContainerEdges[1].constant = -insets.right
            }
            containerVerticalEdges[0].constant = insets.top
            containerVerticalEdges[1].constant = -insets.bottom
            if let maxWidth = attributes.maxWidth {
                containerMaxWidth.constant = maxWidth
                NSLayoutConstraint.activate([containerMaxWidth])
            } else {
                NSLayoutConstraint.deactivate([containerMaxWidth])
            }
            containerBackground.backgroundColor = attributes.backgroundColor
            containerBackground.layer.borderColor = attributes.borderColor.cgColor
            containerBackground.layer.borderWidth = attributes.borderWidth
            containerBackground.layer.cornerRadius = attributes.cornerRadius
            container.layer.cornerRadius = attributes.cornerRadius
            containerBackground.layer.cornerCurve = attributes.cornerCurve
            container.layer.cornerCurve = attributes.cornerCurve
            (containerBackground as? ShadowView)?.shadow = attributes.shadow
            pinIndicator.tintColor = attributes.pinIndicatorColor ?? tintColor
            if let image = attributes.pinIndicatorImage { pinIndicator.image = image }
            unviewedIndicator.backgroundColor = attributes.unviewedIndicatorColor ?? tintColor
            unviewedIndicatorHeight.constant = attributes.unviewedIndicatorHeight
            textStack?.titleLabel.font = attributes.titleFont
            textStack?.titleLabel.textColor = attributes.titleColor
            textStack?.descriptionLabel.font = attributes.descriptionFont
            textStack?.descriptionLabel.textColor = attributes.descriptionColor
            textStack?.domainLabel.font = attributes.domainFont
            textStack?.domainLabel.textColor = attributes.domainColor ?? tintColor
        }

        // MARK: Views

        /// Shown on pinned cards.
        open lazy var pinIndicator: UIImageView = UIImageView(image: nil)
        /// The bar shown on cards the user has not seen.
        open lazy var unviewedIndicator: UIView = {
            let view = UIView()
            view.backgroundColor = tintColor
            return view
        }()
        /// Holds the card's content (clips it to the corners).
        open lazy var container: UIView = {
            let view = UIView()
            view.addSubview(pinIndicator)
            view.addSubview(unviewedIndicator)
            view.layer.cornerRadius = 3
            view.layer.masksToBounds = true
            return view
        }()
        /// The card's background, border and shadow.
        open lazy var containerBackground: UIView = {
            let view = ShadowView(.contentCard)
            view.layer.cornerRadius = 3
            view.layer.borderWidth = 1
            view.addSubview(container)
            return view
        }()
        /// The title, description and domain of the card (nil for kinds without text).
        open var textStack: TextStack?

        /// Whether the card was seen (hides the unviewed bar).
        open var viewed: Bool {
            get { unviewedIndicator.isHidden }
            set { unviewedIndicator.isHidden = newValue }
        }

        public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            contentView.addSubview(containerBackground)
            selectionStyle = .none
            backgroundColor = .clear
        }

        /// Headless extra: how the feed makes a registered cell class. Swift off Apple platforms cannot call
        /// `init(style:reuseIdentifier:)` through a class object (Objective-C does that on a device), so the
        /// feed calls this one; subclasses inherit it and it runs their `init(style:reuseIdentifier:)`.
        public required convenience init(registeredReuseIdentifier identifier: String) {
            self.init(style: .default, reuseIdentifier: identifier)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        // MARK: Constraints

        open var unviewedIndicatorHeight: NSLayoutConstraint!
        /// The container's horizontal edges against the layout margins (`Margin.layoutMargins`).
        open var layoutContainerEdges: [NSLayoutConstraint]!
        /// The container's horizontal edges against the cell's edges (`Margin.edges`).
        open var edgesContainerEdges: [NSLayoutConstraint]!
        open var containerVerticalEdges: [NSLayoutConstraint]!
        open var containerMaxWidth: NSLayoutConstraint!

        /// Makes the constraints shared by every card; subclasses call it from their initializer, then add
        /// their content's constraints.
        open func installInternalConstraints() {
            for view in [containerBackground, container, pinIndicator, unviewedIndicator] {
                view.translatesAutoresizingMaskIntoConstraints = false
            }
            unviewedIndicatorHeight = unviewedIndicator.heightAnchor.constraint(equalToConstant: attributes.unviewedIndicatorHeight)
            layoutContainerEdges = [
                containerBackground.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
                containerBackground.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
            ]
            edgesContainerEdges = [
                containerBackground.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                containerBackground.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            ]
            containerVerticalEdges = [
                containerBackground.topAnchor.constraint(equalTo: contentView.topAnchor),
                containerBackground.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            ]
            containerMaxWidth = containerBackground.widthAnchor.constraint(lessThanOrEqualToConstant: 0)
            NSLayoutConstraint.activate(layoutContainerEdges + containerVerticalEdges + [
                container.leadingAnchor.constraint(equalTo: containerBackground.leadingAnchor),
                container.trailingAnchor.constraint(equalTo: containerBackground.trailingAnchor),
                container.topAnchor.constraint(equalTo: containerBackground.topAnchor),
                container.bottomAnchor.constraint(equalTo: containerBackground.bottomAnchor),
                unviewedIndicator.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                unviewedIndicator.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                unviewedIndicator.bottomAnchor.constraint(equalTo: container.bottomAnchor),
                unviewedIndicatorHeight,
                pinIndicator.topAnchor.constraint(equalTo: container.topAnchor),
                pinIndicator.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            ])
        }

        open override func tintColorDidChange() {
            super.tintColorDidChange()
            applyAttributes(attributes)
        }

        // MARK: Highlight

        /// Whether pressing the card highlights it.
        open var highlightable: Bool = true

        open override func setHighlighted(_ highlighted: Bool, animated: Bool) {
            super.setHighlighted(highlighted, animated: animated)
            guard highlightable else { return }
            containerBackground.backgroundColor = highlighted ? attributes.highlightColor : attributes.backgroundColor
        }

        /// Fills the shared parts from `data` (pin, unviewed bar).
        func setCommon(_ data: Braze.ContentCard.Data) {
            pinIndicator.isHidden = !data.pinned
            viewed = data.viewed
        }
    }
}
