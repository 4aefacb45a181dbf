import Foundation
import XCTest
import InAppTestSupport
import AppboyKit
import AppboyUI
#if canImport(UIKit)
import UIKit
#endif

/// The stock content-card cells (BrazeUICompat): the feed shows each card kind in its own cell class, and a
/// cell shows what a user would see — texts, the pin, the not-viewed line, the image it loads.
final class AppboyContentCardCellTests: XCTestCase {
    private func feed(_ cards: [[String: Any]], hideUnread: Bool = false) -> (Harness, ABKContentCardsTableViewController) {
        let (h, appboy) = startAppboy()
        appboy.contentCardsController.simulatedFeed = cards
        appboy.requestContentCardsRefresh()
        let feed = ABKContentCardsTableViewController()
        feed.disableUnreadIndicator = hideUnread
        feed.loadViewIfNeeded()
        feed.tableView.reloadData()
        return (h, feed)
    }

    private func cell(_ feed: ABKContentCardsTableViewController, _ row: Int) -> UITableViewCell? {
        feed.tableView.cellForRow(at: IndexPath(row: row, section: 0))
    }

    func testEachCardKindGetsItsStockCell() {
        let (_, feed) = feed([
            ["id": "1", "type": "classic", "title": "Plain", "description": "No image", "created": 5.0],
            ["id": "2", "type": "classic", "title": "With image", "description": "d", "image": "https://e.com/i.png", "created": 4.0],
            ["id": "3", "type": "captioned_image", "title": "Caption", "description": "c", "image": "https://e.com/c.png",
             "aspect_ratio": 2.0, "domain": "e.com", "created": 3.0],
            ["id": "4", "type": "banner", "image": "https://e.com/b.png", "aspect_ratio": 4.0, "created": 2.0],
        ])
        XCTAssertTrue(cell(feed, 0) is ABKClassicContentCardCell)
        XCTAssertFalse(cell(feed, 0) is ABKClassicImageContentCardCell)
        XCTAssertTrue(cell(feed, 1) is ABKClassicImageContentCardCell)
        XCTAssertTrue(cell(feed, 2) is ABKCaptionedImageContentCardCell)
        XCTAssertTrue(cell(feed, 3) is ABKBannerContentCardCell)
        XCTAssertEqual(cell(feed, 1)?.reuseIdentifier, "ABKClassicImageContentCardCell")

        let classic = cell(feed, 0) as? ABKClassicContentCardCell
        XCTAssertEqual(classic?.titleLabel.text, "Plain")
        XCTAssertEqual(classic?.descriptionLabel.text, "No image")
        XCTAssertEqual(classic?.linkLabel.isHidden, true, "no domain, no link text")

        let image = cell(feed, 1) as? ABKClassicImageContentCardCell
        XCTAssertEqual(image?.imageURL, URL(string: "https://e.com/i.png"))
        XCTAssertEqual(image?.titleLabel.text, "With image")

        let captioned = cell(feed, 2) as? ABKCaptionedImageContentCardCell
        XCTAssertEqual(captioned?.titleLabel.text, "Caption")
        XCTAssertEqual(captioned?.linkLabel.text, "e.com")
        XCTAssertEqual(captioned?.imageURL, URL(string: "https://e.com/c.png"))
        XCTAssertEqual(captioned?.imageRatioConstraint?.multiplier ?? 0, 0.5, accuracy: 1e-9, "height = width / 2")

        let banner = cell(feed, 3) as? ABKBannerContentCardCell
        XCTAssertEqual(banner?.imageURL, URL(string: "https://e.com/b.png"))
        XCTAssertEqual(banner?.imageRatioConstraint?.multiplier ?? 0, 0.25, accuracy: 1e-9)
        XCTAssertNotNil(banner?.bannerImageView.image, "the placeholder shows until the image loads")
    }

    func testPinAndUnreadLineFollowTheCard() {
        let cell = ABKClassicContentCardCell(style: .default, reuseIdentifier: "c")
        let fresh = ABKClassicContentCard()
        fresh.pinned = true
        cell.applyCard(fresh)
        XCTAssertFalse(cell.pinImageView.isHidden, "a pinned card shows the pin")
        XCTAssertFalse(cell.unviewedLineView.isHidden, "a card not viewed yet shows the line")
        cell.hideUnreadIndicator = true
        XCTAssertTrue(cell.unviewedLineView.isHidden)

        let seen = ABKClassicContentCard()
        seen.viewed = true
        let other = ABKClassicContentCardCell(style: .default, reuseIdentifier: "c")
        other.applyCard(seen)
        XCTAssertTrue(other.pinImageView.isHidden)
        XCTAssertTrue(other.unviewedLineView.isHidden, "a viewed card never shows the line")

        // In the feed, showing a card logs its impression, so a redrawn row no longer shows the line.
        let (_, feed) = feed([["id": "p", "title": "Pinned", "pinned": true, "created": 1.0]])
        let shown = self.cell(feed, 0) as? ABKBaseContentCardCell
        XCTAssertEqual(shown?.pinImageView.isHidden, false)
        XCTAssertEqual(shown?.card?.viewed, true)
        XCTAssertEqual(shown?.unviewedLineView.isHidden, true)
    }

    func testFeedCanHideTheUnreadIndicator() {
        let (_, feed) = feed([["id": "n", "title": "New", "created": 1.0]], hideUnread: true)
        let cell = cell(feed, 0) as? ABKBaseContentCardCell
        XCTAssertEqual(cell?.hideUnreadIndicator, true)
        XCTAssertEqual(cell?.unviewedLineView.isHidden, true)
    }

    func testCellPaddingMovesTheCardAndAskedDelegateResizes() {
        final class Resizer: ABKBaseContentCardCellDelegate {
            var asked = 0
            func cellRequestSizeUpdate(_ cell: UITableViewCell) { asked += 1 }
        }
        let cell = ABKBannerContentCardCell(style: .default, reuseIdentifier: "x")
        XCTAssertEqual(cell.rootViewLeadingConstraint.constant, 10)
        cell.cardSidePadding = 20
        cell.cardSpacing = 30
        XCTAssertEqual(cell.rootViewLeadingConstraint.constant, 20)
        XCTAssertEqual(cell.rootViewTrailingConstraint.constant, 20)
        XCTAssertEqual(cell.rootViewTopConstraint.constant, 15)
        let resizer = Resizer()
        cell.delegate = resizer
        let card = ABKBannerContentCard()
        card.image = "https://e.com/x.png"
        cell.applyCard(card)
        XCTAssertEqual(resizer.asked, 1)
        XCTAssertTrue(cell.card === card)
    }

    func testSubclassCanRestyleTheClassicCell() {
        final class BrandCell: ABKClassicContentCardCell {
            override func setUpUI() {
                super.setUpUI()
                titleLabel.font = UIFont(name: "Brand-Bold", size: 20)
            }
        }
        let cell = BrandCell(style: .default, reuseIdentifier: "brand")
        let card = ABKClassicContentCard()
        card.title = "Sale"
        cell.applyCard(card)
        XCTAssertEqual(cell.titleLabel.font.fontName, "Brand-Bold")
        XCTAssertEqual(cell.titleLabel.text, "Sale")
    }
}
