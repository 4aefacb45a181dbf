import BrazeKit
import Foundation
import InAppCore
import UIKit

extension BrazeContentCardUI {
    /// A feed of content cards in a table, one row per card, each shown by the cell class registered for its
    /// kind (`Attributes.cells`). Made with `init(braze:attributes:)` it shows the user's cached cards, follows
    /// updates while on screen and asks for a refresh when it appears and the cards are older than
    /// `automaticRefreshTimeout`. Headless: a card counts as seen (impression logged, once per feed) when the
    /// feed appears or while it is on screen (`viewDidAppear` to `viewDidDisappear`); `select(cardAt:)` is a
    /// tap and `dismiss(cardAt:)` a swipe to dismiss. Images are not fetched: a card's image is shown as
    /// loaded at once (its URL, sized by the card's aspect ratio).
    open class ViewController: UITableViewController {
        /// The cards shown, in order (after `Attributes.transform`; control cards have an empty row).
        open var cards: [Braze.ContentCard] = [] {
            didSet { updateEmptyState() }
        }

        /// Told before a card's click action is carried out.
        open weak var delegate: (any BrazeContentCardUIViewControllerDelegate)?

        /// The instance the feed shows the cards of (nil for a feed made from cards).
        public private(set) weak var braze: Braze?

        private var refreshHandler: ((@escaping (Result<[Braze.ContentCard], any Error>) -> Void) -> Void)?
        private var subscribeHandler: ((@escaping ([Braze.ContentCard]) -> Void) -> Braze.Cancellable)?
        private var lastUpdate: Date?
        private var subscription: Braze.Cancellable?
        private var viewedInFeedCardsIDs: Set<String> = []
        private var onScreen = false
        private var appearing = false

        // MARK: Attributes

        /// How the feed and its cells look and behave.
        public struct Attributes {
            /// The cell class for each card kind, by reuse identifier (`Braze.ContentCard.cellIdentifier`).
            /// Put a subclass of one of Braze's cells here to change how that kind of card looks.
            public var cells: [String: UITableViewCell.Type] = [
                ClassicCell.identifier: ClassicCell.self,
                ClassicImageCell.identifier: ClassicImageCell.self,
                ImageOnlyCell.identifier: ImageOnlyCell.self,
                CaptionedImageCell.identifier: CaptionedImageCell.self,
                ControlCell.identifier: ControlCell.self,
            ]
            /// The look of every cell.
            public var cellAttributes: Cell.Attributes = .defaults
            /// The table's background color.
            public var backgroundColor: UIColor = UIColor(white: 0.95, alpha: 1)
            /// Whether pulling down refreshes the feed.
            public var pullToRefresh: Bool = true
            /// When the feed appears with cards older than this many seconds, it asks for a refresh (nil: never).
            public var automaticRefreshTimeout: TimeInterval? = 60
            /// Whether the feed follows card updates while it is on screen.
            public var automaticUpdates: Bool = true
            /// Changes the list of cards shown (filter, reorder, add or edit cards); runs on every update.
            public var transform: @Sendable ([Braze.ContentCard]) -> [Braze.ContentCard] = { $0 }
            /// The text shown when there is no card.
            public var emptyStateMessage: String = "We have no updates.\nPlease check again later."
            public var emptyStateMessageFont: UIFont = .preferredFont(forTextStyle: .body)
            public var emptyStateMessageColor: UIColor = .label
            /// Whether the feed follows the device's dark mode (false: always light).
            public var enableDarkTheme: Bool = true

            public init() {}

            /// The attributes new feeds start from; change them to restyle every feed made afterwards.
            nonisolated(unsafe) public static var defaults = Self()
        }

        /// The feed's attributes; setting them applies them.
        open var attributes: Attributes {
            didSet { applyAttributes() }
        }

        /// Applies `attributes`: registers the cell classes, styles the table and empty state, starts or stops
        /// following updates.
        open func applyAttributes() {
            guard isViewLoaded else { return }
            for (identifier, cellClass) in attributes.cells {
                tableView.register(forCellReuseIdentifier: identifier) { Self.makeCell(cellClass, identifier) }
            }
            view.backgroundColor = attributes.backgroundColor
            if attributes.automaticUpdates, onScreen || appearing {
                if subscription == nil { subscription = subscribeToUpdates() }
            } else {
                subscription?.cancel()
                subscription = nil
            }
            emptyStateLabel.text = attributes.emptyStateMessage
            emptyStateLabel.font = attributes.emptyStateMessageFont
            emptyStateLabel.textColor = attributes.emptyStateMessageColor
            overrideUserInterfaceStyle = attributes.enableDarkTheme ? .unspecified : .light
            tableView.reloadData()
        }

        /// A registered cell class, made as the table would make it.
        private static func makeCell(_ cellClass: UITableViewCell.Type, _ identifier: String) -> UITableViewCell {
            if let cellClass = cellClass as? Cell.Type { return cellClass.init(registeredReuseIdentifier: identifier) }
            if let cellClass = cellClass as? ControlCell.Type { return cellClass.init(registeredReuseIdentifier: identifier) }
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }

        // MARK: Initialization

        /// A feed of `braze`'s content cards.
        public convenience init(braze: Braze, attributes: Attributes? = nil) {
            self.init(initialCards: braze.contentCards.cards, lastUpdate: braze.contentCards.lastUpdate, attributes: attributes)
            self.braze = braze
            refreshHandler = { [weak braze] completion in
                guard let braze else { return }
                braze.contentCards.requestRefresh { completion($0) }
            }
            subscribeHandler = { [weak braze] update in
                braze?.contentCards.subscribeToUpdates(update) ?? Braze.Cancellable {}
            }
            title = "Content Cards"
        }

        /// A feed of the given cards (prefer `init(braze:attributes:)`): `refresh` implements the refresh (nil:
        /// none), `subscribe` the updates (nil: none), `lastUpdate` the cards' age.
        public init(initialCards: [Braze.ContentCard],
                    refresh: ((@escaping (Result<[Braze.ContentCard], any Error>) -> Void) -> Void)? = nil,
                    subscribe: ((@escaping ([Braze.ContentCard]) -> Void) -> Braze.Cancellable)? = nil,
                    lastUpdate: Date? = nil, attributes: Attributes? = nil) {
            let attributes = attributes ?? .defaults
            self.attributes = attributes
            self.refreshHandler = refresh
            self.subscribeHandler = subscribe
            self.lastUpdate = lastUpdate
            super.init(style: .plain)
            self.cards = attributes.transform(initialCards)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        // MARK: Life cycle

        open override func viewDidLoad() {
            super.viewDidLoad()
            setupTableView()
            setupEmptyState()
            applyAttributes()
        }

        open override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            appearing = true
            if attributes.automaticUpdates, subscription == nil { subscription = subscribeToUpdates() }
            if let timeout = attributes.automaticRefreshTimeout, now.timeIntervalSince(lastUpdate ?? .distantPast) > timeout {
                refreshCards()
            }
        }

        open override func viewDidAppear(_ animated: Bool) {
            // Headless callers may skip viewWillAppear; the feed still does what appearing does.
            if !appearing { viewWillAppear(animated) }
            super.viewDidAppear(animated)
            appearing = false
            onScreen = true
            logImpressions()
        }

        open override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            onScreen = false
            subscription?.cancel()
            subscription = nil
        }

        private var now: Date {
            guard let braze else { return Date() }
            return Date(timeIntervalSince1970: braze.environment.clock.now)
        }

        // MARK: Table

        /// Sets up the table (no separators).
        open func setupTableView() {
            tableView.separatorStyle = .none
        }

        /// The card at `indexPath`.
        open func card(at indexPath: IndexPath) -> Braze.ContentCard? {
            cards.indices.contains(indexPath.row) ? cards[indexPath.row] : nil
        }

        /// The card with `id`.
        open func card(id: String) -> Braze.ContentCard? { cards.first { $0.id == id } }

        /// Where `card` is in the table.
        open func indexPath(for card: Braze.ContentCard) -> IndexPath? {
            cards.firstIndex { $0.id == card.id }.map { IndexPath(row: $0, section: 0) }
        }

        /// The cell for `card`: one of the class registered for its kind, given the cell attributes and the card.
        /// A registered class that is not a subclass of the kind's Braze cell cannot show the card: the stock
        /// cell does (recorded in the trace, kind `diagnostic`).
        open func cell(for card: Braze.ContentCard, at indexPath: IndexPath, in tableView: UITableView) -> UITableViewCell {
            let dequeued = tableView.dequeueReusableCell(withIdentifier: card.cellIdentifier, for: indexPath)
            func typed<T: UITableViewCell>(_ type: T.Type, _ make: (String) -> T) -> T {
                if let cell = dequeued as? T { return cell }
                braze?.environment.trace.record(.diagnostic, "contentCardCellClassMismatch",
                                                ["identifier": card.cellIdentifier, "registered": String(describing: Swift.type(of: dequeued))])
                return make(card.cellIdentifier)
            }
            let cellAttributes = attributes.cellAttributes
            switch card {
            case .classic(let classic):
                let cell = typed(ClassicCell.self) { ClassicCell(style: .default, reuseIdentifier: $0) }
                cell.attributes = cellAttributes
                cell.set(card: classic)
                return cell
            case .classicImage(let classicImage):
                let cell = typed(ClassicImageCell.self) { ClassicImageCell(style: .default, reuseIdentifier: $0) }
                cell.attributes = cellAttributes
                cell.set(card: classicImage, imageLoad: loadImage(card: card))
                return cell
            case .imageOnly(let imageOnly):
                let cell = typed(ImageOnlyCell.self) { ImageOnlyCell(style: .default, reuseIdentifier: $0) }
                cell.attributes = cellAttributes
                cell.set(card: imageOnly, imageLoad: loadImage(card: card))
                return cell
            case .captionedImage(let captionedImage):
                let cell = typed(CaptionedImageCell.self) { CaptionedImageCell(style: .default, reuseIdentifier: $0) }
                cell.attributes = cellAttributes
                cell.set(card: captionedImage, imageLoad: loadImage(card: card))
                return cell
            case .control:
                return typed(ControlCell.self) { ControlCell(style: .default, reuseIdentifier: $0) }
            }
        }

        /// The image of `card` as loaded (headless: at once, from its URL; its size from the card's aspect ratio).
        private func loadImage(card: Braze.ContentCard) -> AsyncImageView.ImageLoad? {
            guard let url = card.image else { return nil }
            var ratio = 1.0
            if let r = card.imageOnly?.imageAspectRatio ?? card.captionedImage?.imageAspectRatio, r.isFinite, r > 0 { ratio = r }
            return .success(url, CGSize(width: 1000, height: 1000 / ratio))
        }

        open override func numberOfSections(in tableView: UITableView) -> Int { 1 }

        open override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { cards.count }

        open override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            guard let card = card(at: indexPath) else { return UITableViewCell(style: .default, reuseIdentifier: nil) }
            return cell(for: card, at: indexPath, in: tableView)
        }

        open override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            if case .control = card(at: indexPath) { return 1 / 3 }
            return UITableView.automaticDimension
        }

        open override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            if let card = card(at: indexPath) { cardClicked(card, indexPath: indexPath) }
        }

        // MARK: Updates and refresh

        /// Starts following card updates; keep the cancellable for as long as the feed should follow them.
        open func subscribeToUpdates() -> Braze.Cancellable? {
            subscribeHandler? { [weak self] cards in self?.applyNewCards(cards) }
        }

        /// Asks for fresh cards (the refresh `init` was given); the feed shows them when they arrive.
        open func refreshCards() {
            refreshHandler? { [weak self] result in
                guard let self, case .success(let cards) = result else { return }
                self.applyNewCards(cards)
            }
        }

        private func applyNewCards(_ newCards: [Braze.ContentCard]) {
            lastUpdate = now
            cards = attributes.transform(newCards)
            if isViewLoaded { tableView.reloadData() }
            if onScreen { logImpressions() }
        }

        // MARK: Card operations

        /// Logs the dismissal of `card` and removes its row.
        open func cardDismissed(_ card: Braze.ContentCard, indexPath: IndexPath) {
            guard !card.removed else { return }
            // Logging may deliver an update to the feed first (the SDK's cards change at once): find the card again.
            card.context?.logDismissed()
            guard let row = cards.firstIndex(where: { $0.id == card.id }) else { return }
            cards.remove(at: row)
            if isViewLoaded { tableView.deleteRows(at: [IndexPath(row: row, section: 0)], with: .automatic) }
        }

        /// Logs the impression of `card` (once per feed) and marks it viewed in the feed's list.
        open func cardImpression(_ card: Braze.ContentCard, indexPath: IndexPath) {
            guard !viewedInFeedCardsIDs.contains(card.id) else { return }
            viewedInFeedCardsIDs.insert(card.id)
            card.context?.logImpression()
            if let row = cards.firstIndex(where: { $0.id == card.id }) { cards[row].viewed = true }
        }

        /// Marks `card` viewed and hides its cell's unviewed bar.
        open func cardViewed(_ card: Braze.ContentCard, indexPath: IndexPath, cell: Cell? = nil) {
            guard let row = cards.firstIndex(where: { $0.id == card.id }) else { return }
            cards[row].viewed = true
            let path = IndexPath(row: row, section: 0)
            if let cell = cell ?? (isViewLoaded ? tableView.cellForRow(at: path) as? Cell : nil) { cell.viewed = true }
        }

        /// Logs the click on `card`, then asks the delegate whether its click action is carried out.
        open func cardClicked(_ card: Braze.ContentCard, indexPath: IndexPath) {
            cardViewed(card, indexPath: indexPath)
            card.context?.logClick()
            if let row = cards.firstIndex(where: { $0.id == card.id }) { cards[row].clicked = true }
            guard let clickAction = card.clickAction else { return }
            if delegate?.contentCard(self, shouldProcess: clickAction, card: card) ?? true {
                card.context?.processClickAction(clickAction)
            }
        }

        private func logImpressions() {
            for (row, card) in cards.enumerated() { cardImpression(card, indexPath: IndexPath(row: row, section: 0)) }
        }

        // MARK: Headless input

        /// The user taps the card at `index` (`cardClicked`).
        open func select(cardAt index: Int) {
            guard cards.indices.contains(index) else { return }
            cardClicked(cards[index], indexPath: IndexPath(row: index, section: 0))
        }

        /// The user swipes the card at `index` away (dismissible cards only; `cardDismissed`).
        open func dismiss(cardAt index: Int) {
            guard cards.indices.contains(index), cards[index].dismissible else { return }
            cardDismissed(cards[index], indexPath: IndexPath(row: index, section: 0))
        }

        // MARK: Empty state

        /// Shown when the feed has no card to show.
        open lazy var emptyStateLabel: UILabel = {
            let label = UILabel()
            label.numberOfLines = 0
            label.textAlignment = .center
            return label
        }()

        /// Puts the empty state label behind the table's rows.
        open func setupEmptyState() {
            tableView.addSubview(emptyStateLabel)
            updateEmptyState()
        }

        /// The text the feed shows when it has no card (nil otherwise).
        public var emptyStateText: String? { emptyStateLabel.isHidden ? nil : attributes.emptyStateMessage }

        private func updateEmptyState() {
            emptyStateLabel.isHidden = cards.contains { $0.control == nil }
        }
    }
}
