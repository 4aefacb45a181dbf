import AppboyKit
import Foundation
import InAppCore
import UIKit

/// The legacy News Feed list (Appboy-iOS-SDK 4's AppboyUI). It shows the cards of `categories` from
/// `Appboy.sharedInstance()?.feedController`, newest first, refreshes them when they are older than
/// `cacheTimeout` as it appears, logs each shown card's impression once and, on a tap, logs the click and opens
/// the card's URL (the trace's `navigation.openURL`, channel `newsFeed`). Headless each row is a plain subtitle
/// cell: the card's title (a banner's image URL) and description; upstream's `ABKNF…CardCell` classes are not
/// offered.
open class ABKNewsFeedTableViewController: UITableViewController {
    open var emptyFeedView: UIView! = UIView()
    open var emptyFeedLabel: UILabel! = UILabel()
    open var disableUnreadIndicator = false
    /// The categories shown (all by default).
    open var categories: ABKCardCategory = .all { didSet { if isViewLoaded { populateNewsFeed() } } }
    /// The cards the table shows.
    open var cards: [ABKCard] = []
    /// Cards whose impression this list logged.
    open var cardImpressions: Set<String> = []
    /// Seconds after which the cards are refreshed when the list appears (default 60).
    open var cacheTimeout: TimeInterval = 60
    private var observer: (any NSObjectProtocol)?

    public init() { super.init(style: .plain) }
    public override init(style: UITableView.Style) { super.init(style: style) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    deinit { if let observer { NotificationCenter.default.removeObserver(observer) } }

    /// A list inside its own navigation controller (ready to present).
    open class func getNavigationFeedViewController() -> ABKNewsFeedViewController { ABKNewsFeedViewController() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        setUp()
        registerTableViewCellClasses()
        setUpUI()
        populateNewsFeed()
        Appboy.sharedInstance()?.logFeedDisplayed()
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let controller = Appboy.sharedInstance()?.feedController
        let now = controller?.environment.clock.now ?? 0
        if let controller, controller.lastUpdate.map({ now - $0.timeIntervalSince1970 > cacheTimeout }) ?? true {
            Appboy.sharedInstance()?.requestFeedRefresh()
        }
    }

    /// Listens for refreshes of the feed.
    open func setUp() {
        guard observer == nil else { return }
        let box = WeakNewsFeed(self, Appboy.sharedInstance()?.feedController)
        observer = NotificationCenter.default.addObserver(forName: Notification.Name(ABKFeedUpdatedNotification), object: nil,
                                                          queue: nil) { note in
            guard let list = box.list, let source = box.source, (note.object as AnyObject?) === source else { return }
            list.populateNewsFeed()
        }
    }
    open func setUpUI() {
        emptyFeedLabel.text = localizedAppboyFeedString("Appboy.feed.no-card.text")
        emptyFeedView.isHidden = !cards.isEmpty
    }
    /// Registers the row cell (a plain subtitle cell headlessly).
    open func registerTableViewCellClasses() {
        tableView.register(forCellReuseIdentifier: "ABKNewsFeedCardCell") {
            UITableViewCell(style: .subtitle, reuseIdentifier: "ABKNewsFeedCardCell")
        }
    }

    /// English texts (no bundled translations headlessly); the key itself for unknown keys.
    open func localizedAppboyFeedString(_ key: String) -> String {
        switch key {
        case "Appboy.feed.no-card.text": return "We have no updates. Please check again later."
        case "Appboy.feed.no-connection.title": return "Connection Error"
        case "Appboy.feed.done-button.title": return "Done"
        default: return key
        }
    }

    /// Reads the cards of `categories` and reloads.
    open func populateNewsFeed() {
        cards = Appboy.sharedInstance()?.feedController.getCardsInCategories(categories) ?? []
        if isViewLoaded {
            emptyFeedView.isHidden = !cards.isEmpty
            tableView.reloadData()
        }
    }

    /// Logs the click and opens the card's URL; a card without a URL only logs the click.
    open func handleCardClick(_ card: ABKCard) {
        card.logCardClicked()
        guard let text = card.urlString, !text.isEmpty, let url = URL(string: text) else { return }
        Appboy.sharedInstance()?.feedController.environment.trace.record(
            .navigation, "openURL", ["url": url.absoluteString, "channel": "newsFeed", "inWebView": String(card.openUrlInWebView)])
    }

    open override func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { cards.count }
    open override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard indexPath.row < cards.count else { return UITableViewCell(style: .default, reuseIdentifier: nil) }
        let card = cards[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "ABKNewsFeedCardCell", for: indexPath)
        switch card {
        case let c as ABKClassicCard: cell.textLabel?.text = c.title; cell.detailTextLabel?.text = c.cardDescription
        case let c as ABKCaptionedImageCard: cell.textLabel?.text = c.title; cell.detailTextLabel?.text = c.cardDescription
        case let c as ABKTextAnnouncementCard: cell.textLabel?.text = c.title; cell.detailTextLabel?.text = c.cardDescription
        case let c as ABKBannerCard: cell.textLabel?.text = c.image
        default: break
        }
        if cardImpressions.insert(card.idString).inserted { card.logCardImpression() }
        return cell
    }
    open override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard indexPath.row < cards.count else { return }
        handleCardClick(cards[indexPath.row])
    }
}

/// A weak reference the notification observer can hold.
private final class WeakNewsFeed: @unchecked Sendable {
    weak var list: ABKNewsFeedTableViewController?
    weak var source: ABKFeedController?
    init(_ list: ABKNewsFeedTableViewController, _ source: ABKFeedController?) { self.list = list; self.source = source }
}
