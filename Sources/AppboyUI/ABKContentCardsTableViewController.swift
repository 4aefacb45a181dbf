import Foundation
import AppboyKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// Tells the app about clicks on cards of the built-in feed (both methods optional).
public protocol ABKContentCardsTableViewControllerDelegate: AnyObject {
    /// false: the app handles the card's URL and the feed opens nothing.
    func contentCardTableViewController(_ viewController: ABKContentCardsTableViewController, shouldHandleCardClick url: URL) -> Bool
    /// Called after the feed handled a card's URL.
    func contentCardTableViewController(_ viewController: ABKContentCardsTableViewController, didHandleCardClick url: URL)
}
extension ABKContentCardsTableViewControllerDelegate {
    public func contentCardTableViewController(_ viewController: ABKContentCardsTableViewController, shouldHandleCardClick url: URL) -> Bool { true }
    public func contentCardTableViewController(_ viewController: ABKContentCardsTableViewController, didHandleCardClick url: URL) {}
}

/// The built-in content-card feed: a table of the current user's cards, one row per card (control cards are
/// counted, never shown). Headless nothing is drawn; the rows are real cells whose `textLabel` holds the card's
/// title (or image URL for a banner), so a test reads what the feed lists.
///
/// As upstream: loading the view shows the cards and records `contentCards.displayed`; a row that becomes visible
/// logs the card's impression (and a control card's when the feed loads); selecting a row with a URL logs the
/// click, asks the delegate, then `Appboy.appboyUrlDelegate` (channel `.contentCardChannel`), then opens the URL
/// (the trace's `navigation.openURL`); a refresh is requested when the cards are older than `cacheTimeout`.
/// `ABKContentCardsProcessedNotification` repopulates the table.
open class ABKContentCardsTableViewController: UITableViewController {
    /// Shown instead of the table when there are no cards.
    open var emptyFeedView: UIView! = UIView()
    open var emptyFeedLabel: UILabel! = UILabel()
    open weak var delegate: (any ABKContentCardsTableViewControllerDelegate)?
    /// The cards the table shows (set by `populateContentCards()`).
    open var cards: NSMutableArray = NSMutableArray()
    open var disableUnreadIndicator = false
    /// Seconds after which the cards are refreshed when the feed appears (default 60).
    open var cacheTimeout: TimeInterval = 60
    open var maxContentCardWidth: CGFloat = 0
    open var enableDarkTheme = true
    private var observer: (any NSObjectProtocol)?

    public init() { super.init(style: .plain) }
    public override init(style: UITableView.Style) { super.init(style: style) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    deinit { if let observer { NotificationCenter.default.removeObserver(observer) } }

    /// A feed inside its own navigation controller (ready to present).
    open class func getNavigationContentCardsViewController() -> ABKContentCardsViewController {
        ABKContentCardsViewController()
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        setUp()
        registerTableViewCellClasses()
        setUpUI()
        populateContentCards()
        Appboy.sharedInstance()?.logContentCardsDisplayed()
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        requestNewCardsIfTimeout()
    }

    /// Listens for refreshes.
    open func setUp() {
        guard observer == nil else { return }
        let box = WeakFeed(self, Appboy.sharedInstance()?.contentCardsController)
        observer = NotificationCenter.default.addObserver(forName: Notification.Name(ABKContentCardsProcessedNotification),
                                                          object: nil, queue: nil) { note in
            guard let feed = box.feed, let source = box.source, (note.object as AnyObject?) === source else { return }
            feed.populateContentCards()
        }
    }
    open func setUpUI() { setUpEmptyFeedLabel(); setUpEmptyFeedView() }
    open func setUpEmptyFeedLabel() { emptyFeedLabel.text = localizedAppboyContentCardsString("Appboy.content-cards.no-card.text") }
    open func setUpEmptyFeedView() { emptyFeedView.isHidden = cards.count > 0 }
    /// Registers the stock cell of each card kind under its reuse identifier (`findCellIdentifierWithCard(_:)`).
    open func registerTableViewCellClasses() {
        let cells: [(String, () -> UITableViewCell)] = [
            ("ABKBannerContentCardCell", { ABKBannerContentCardCell(style: .default, reuseIdentifier: "ABKBannerContentCardCell") }),
            ("ABKCaptionedImageContentCardCell", { ABKCaptionedImageContentCardCell(style: .default, reuseIdentifier: "ABKCaptionedImageContentCardCell") }),
            ("ABKClassicContentCardCell", { ABKClassicContentCardCell(style: .default, reuseIdentifier: "ABKClassicContentCardCell") }),
            ("ABKClassicImageContentCardCell", { ABKClassicImageContentCardCell(style: .default, reuseIdentifier: "ABKClassicImageContentCardCell") }),
            ("ABKControlTableViewCell", { ABKControlTableViewCell(style: .default, reuseIdentifier: "ABKControlTableViewCell") }),
        ]
        for (identifier, make) in cells { tableView.register(forCellReuseIdentifier: identifier, make: make) }
    }

    /// English texts of the feed (headless there are no bundled translations): the key itself for unknown keys.
    open func localizedAppboyContentCardsString(_ key: String) -> String {
        switch key {
        case "Appboy.content-cards.no-card.text": return "No cards to show."
        case "Appboy.content-cards.no-connection.title": return "Could not connect"
        case "Appboy.content-cards.done-button.title": return "Done"
        default: return key
        }
    }

    /// Refreshes when the cards are older than `cacheTimeout` (or never loaded).
    open func requestNewCardsIfTimeout() {
        guard let appboy = Appboy.sharedInstance() else { return }
        let now = appboy.contentCardsController.environment.clock.now
        if let last = appboy.contentCardsController.lastUpdate, now - last.timeIntervalSince1970 <= cacheTimeout { return }
        appboy.requestContentCardsRefresh()
    }

    /// Reads the cards from the SDK (control cards log their impression here and are left out) and reloads.
    open func populateContentCards() {
        let all = Appboy.sharedInstance()?.contentCardsController.contentCards ?? []
        for card in all where card.isControlCard() { card.logContentCardImpression() }
        cards = NSMutableArray(array: all.filter { !$0.isControlCard() })
        if isViewLoaded {
            setUpEmptyFeedView()
            tableView.reloadData()
        }
    }

    /// The reuse identifier of a card's cell.
    open func findCellIdentifierWithCard(_ card: ABKContentCard) -> String {
        switch card {
        case is ABKBannerContentCard: return "ABKBannerContentCardCell"
        case is ABKCaptionedImageContentCard: return "ABKCaptionedImageContentCardCell"
        case let c as ABKClassicContentCard: return c.image == nil ? "ABKClassicContentCardCell" : "ABKClassicImageContentCardCell"
        default: return "ABKControlTableViewCell"
        }
    }

    /// Logs the click and follows the card's URL (see the type's description); a card without a URL does nothing.
    open func handleCardClick(_ card: ABKContentCard) {
        guard let text = card.urlString, !text.isEmpty, let url = URL(string: text) else { return }
        card.logContentCardClicked()
        let trace = Appboy.sharedInstance()?.contentCardsController.environment.trace
        if let delegate, !delegate.contentCardTableViewController(self, shouldHandleCardClick: url) {
            trace?.record(.navigation, "urlHandledByApp", ["url": url.absoluteString, "by": "contentCardsDelegate"])
            return
        }
        if let urlDelegate = Appboy.sharedInstance()?.appboyUrlDelegate,
           urlDelegate.handleAppboyURL(url, from: .contentCardChannel, withExtras: nil) {
            trace?.record(.navigation, "urlHandledByApp", ["url": url.absoluteString, "by": "ABKURLDelegate"])
            return
        }
        trace?.record(.navigation, "openURL", ["url": url.absoluteString, "inWebView": String(card.openUrlInWebView)])
        delegate?.contentCardTableViewController(self, didHandleCardClick: url)
    }

    open override func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { cards.count }
    open override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard indexPath.row < cards.count, let card = cards[indexPath.row] as? ABKContentCard else {
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: findCellIdentifierWithCard(card), for: indexPath)
        if let cardCell = cell as? ABKBaseContentCardCell {
            cardCell.hideUnreadIndicator = disableUnreadIndicator
            cardCell.applyCard(card)
        }
        if !card.viewed { card.logContentCardImpression() }
        return cell
    }
    open override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard indexPath.row < cards.count, let card = cards[indexPath.row] as? ABKContentCard else { return }
        handleCardClick(card)
    }
}

/// A weak reference the notification observer can hold.
private final class WeakFeed: @unchecked Sendable {
    weak var feed: ABKContentCardsTableViewController?
    weak var source: ABKContentCardsController?
    init(_ feed: ABKContentCardsTableViewController, _ source: ABKContentCardsController?) { self.feed = feed; self.source = source }
}

/// The feed inside a navigation controller, as apps present it.
open class ABKContentCardsViewController: UINavigationController {
    open var contentCardsViewController: ABKContentCardsTableViewController

    public init() {
        let feed = ABKContentCardsTableViewController()
        contentCardsViewController = feed
        super.init(rootViewController: feed)
    }
    public required init?(coder: NSCoder) { nil }
}
