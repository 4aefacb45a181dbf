import BrazeKit
import Foundation
import InAppCore
import UIKit

/// Braze's content card feed.
public enum BrazeContentCardUI {
    /// A feed of the current user's content cards in a table, one section per card. It shows the cached cards,
    /// asks for a refresh when it loads and follows updates. Headless: a card counts as seen (impression
    /// logged) while the feed is on screen (between `viewDidAppear` and `viewWillDisappear`); `select(cardAt:)`
    /// is a tap (click logged, the delegate asked, the click action carried out) and `dismiss(cardAt:)` a swipe
    /// to dismiss. Control cards are not shown; their impression is logged when the feed appears.
    open class ViewController: UITableViewController {
        /// How the feed looks (recorded on the cells; nothing is drawn).
        public struct Attributes: Sendable {
            public struct CellAttributes: Sendable {
                public var cornerRadius: CGFloat = 8
                public var highlightColor: UIColor = UIColor(white: 0.9, alpha: 1)
                public var titleFont: UIFont = .boldSystemFont(ofSize: 16)
                public var descriptionFont: UIFont = .systemFont(ofSize: 14)
                public var shadow: Shadow? = .contentCard
                public var margin: CGFloat = 8
            }
            public var cellAttributes = CellAttributes()
            /// Whether pulling down refreshes the feed.
            public var pullToRefresh = true
            /// The text shown when there is no card.
            public var emptyStateMessage = "We have no updates. Please check again later."
            /// Filters the cards shown (all by default).
            public var transform: @Sendable ([Braze.ContentCard]) -> [Braze.ContentCard] = { $0 }
            public static var defaults: Attributes { Attributes() }
            public init() {}
        }

        public let braze: Braze
        public let attributes: Attributes
        /// Told before a card's click action is carried out.
        public weak var delegate: (any BrazeContentCardUIViewControllerDelegate)?
        /// The cards shown, in order.
        public private(set) var cards: [Braze.ContentCard] = []
        private var controls: [Braze.ContentCard] = []
        private var subscription: Braze.Cancellable?
        private var onScreen = false

        public init(braze: Braze, attributes: Attributes = .defaults) {
            self.braze = braze
            self.attributes = attributes
            super.init(style: .plain)
            title = "Content Cards"
        }

        public required init?(coder: NSCoder) { nil }

        open override func viewDidLoad() {
            super.viewDidLoad()
            update(with: braze.contentCards.cards)
            subscription = braze.contentCards.subscribeToUpdates { [weak self] cards in self?.update(with: cards) }
            braze.contentCards.requestRefresh()
        }

        open override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            onScreen = true
            logImpressions()
        }

        open override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            onScreen = false
        }

        /// Pull to refresh (does nothing when `attributes.pullToRefresh` is off).
        open func refresh() {
            guard attributes.pullToRefresh else { return }
            braze.contentCards.requestRefresh()
        }

        /// The text the feed shows when it has no card (nil otherwise).
        public var emptyStateText: String? { cards.isEmpty ? attributes.emptyStateMessage : nil }

        /// The user taps the card at `index`: the click is logged, then the delegate decides whether the card's
        /// click action is carried out.
        open func select(cardAt index: Int) {
            guard cards.indices.contains(index) else { return }
            let card = cards[index]
            card.context?.logClick()
            guard let action = card.clickAction else { return }
            if let delegate, !delegate.contentCard(self, shouldProcess: action, card: card) { return }
            card.context?.processClickAction(action)
        }

        /// The user swipes the card at `index` away (dismissible cards only).
        open func dismiss(cardAt index: Int) {
            guard cards.indices.contains(index), cards[index].dismissible else { return }
            cards[index].context?.logDismissed()
        }

        private func update(with all: [Braze.ContentCard]) {
            let shown = attributes.transform(all)
            cards = shown.filter { $0.control == nil }
            controls = shown.filter { $0.control != nil }
            if isViewLoaded { tableView.reloadData() }
            if onScreen { logImpressions() }
        }

        private func logImpressions() {
            for card in cards + controls where !card.viewed { card.context?.logImpression() }
        }

        open override func numberOfSections(in tableView: UITableView) -> Int { cards.count }
        open override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
        open override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "BrazeContentCard")
            guard cards.indices.contains(indexPath.section) else { return cell }
            let card = cards[indexPath.section]
            cell.textLabel?.text = card.classic?.title ?? card.classicImage?.title ?? card.captionedImage?.title
            cell.textLabel?.font = attributes.cellAttributes.titleFont
            cell.detailTextLabel?.text = card.classic?.description ?? card.classicImage?.description ?? card.captionedImage?.description
            cell.layer.cornerRadius = attributes.cellAttributes.cornerRadius
            return cell
        }
        open override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            select(cardAt: indexPath.section)
        }
    }

    /// The feed in a navigation controller with a Done button, for modal presentation.
    open class ModalViewController: UINavigationController {
        public let viewController: ViewController
        public init(braze: Braze, attributes: ViewController.Attributes = .defaults) {
            viewController = ViewController(braze: braze, attributes: attributes)
            super.init(rootViewController: viewController)
        }
        public required init?(coder: NSCoder) { nil }
    }
}

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
