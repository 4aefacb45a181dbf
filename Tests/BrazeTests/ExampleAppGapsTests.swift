import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
#if canImport(UIKit)
import UIKit
#endif
#if canImport(UserNotifications)
import UserNotifications
#endif

/// What Braze's example apps rely on, as a user of them checks it: custom banner placements told of dismissals
/// (with the stable key), a banner's content height, the content card feed's cell classes and attributes,
/// push unregistration and logout, and push automation in front of the app's notification delegate.
final class ExampleAppGapsTests: XCTestCase {
    /// A custom banner placement, as the Banners-Custom-UI example writes one.
    final class Placement: BrazeBannerPlacement {
        let placementId: String
        var rendered: [String] = []
        var removed: [Braze.Banner.RemovalReason] = []
        var dismissals: [Braze.BannerDismissalEvent] = []
        var onDismiss: ((Braze.BannerDismissalEvent) -> Void)?
        init(_ placementId: String) {
            self.placementId = placementId
            onDismiss = { [unowned self] in self.dismissals.append($0) }
        }
        func render(with banner: Braze.Banner) { rendered.append(banner.identifier) }
        func removeBannerContent(reason: Braze.Banner.RemovalReason) { removed.append(reason) }
    }

    func test_dismissingACustomBannerTellsTheRegisteredPlacementWithTheStableKey() {
        let bench = SDKBench()
        let app = AppDelegateDouble()
        bench.braze.delegate = app
        bench.braze.server.banners = [Braze.Banner(identifier: "spring-sale", placementId: "home", trackingId: "t-home", html: "<p>Sale</p>")]
        let placement = Placement("home")
        bench.braze.banners.registerView(placement)
        bench.braze.banners.requestBannersRefresh(placementIds: ["home"])
        XCTAssertEqual(placement.rendered, ["spring-sale"], "a refresh renders into the registered placement")

        let banner = try! XCTUnwrap(bench.braze.banners.banner(for: "home"))
        banner.context?.processClickAction(.url(URL(string: "https://shop.example/sale")!, useWebView: false), target: nil)
        XCTAssertEqual(app.urls, [URL(string: "https://shop.example/sale")!], "the click action goes through Braze's URL delegate")

        banner.context?.dismiss()
        XCTAssertEqual(placement.dismissals, [Braze.BannerDismissalEvent(placementId: "home", stableKey: "spring-sale", trackingId: "t-home")])
        XCTAssertEqual(placement.dismissals.first?.stableKey, "spring-sale")
        XCTAssertEqual(placement.removed, [.dismissal])
        XCTAssertNil(bench.braze.banners.banner(for: "home"), "a dismissed banner leaves its placement")
        XCTAssertEqual(bench.braze.banners.loggedEvents.map(\.kind), [.dismissal])
    }

    func test_aBannerTheAppMadeIsDismissedWithTheBrazeInstance() {
        let bench = SDKBench()
        bench.braze.server.banners = [Braze.Banner(identifier: "b1", placementId: "cart", trackingId: "t-cart", html: "<p>Cart</p>")]
        bench.braze.banners.requestBannersRefresh(placementIds: ["cart"])
        let placement = Placement("cart")
        bench.braze.banners.registerView(placement)
        XCTAssertEqual(placement.rendered, ["b1"], "registering renders the cached banner")
        var served = try! XCTUnwrap(bench.braze.banners.banner(for: "cart"))
        served.context = nil
        served.dismiss(using: bench.braze)
        XCTAssertEqual(placement.dismissals.map(\.stableKey), ["b1"])
        XCTAssertEqual(placement.dismissals.map(\.trackingId), ["t-cart"])
    }

    func test_theBannerViewReportsTheHeightOfTheLaidOutContentAndTheDismissalWithItsStableKey() throws {
        let bench = SDKBench()
        bench.braze.server.banners = [Braze.Banner(identifier: "wide-1", placementId: "wide", trackingId: "t-wide", html: """
            <html><body style="margin:8px"><div style="height:120px">Wide banner</div>
            <button id="close" onclick="brazeBridge.closeMessage()">Close</button></body></html>
            """)]
        bench.braze.banners.requestBannersRefresh(placementIds: ["wide"])
        var heights: [CGFloat?] = []
        var dismissed: [Braze.BannerDismissalEvent] = []
        let view = bench.harness.run {
            BrazeBannerUI.BannerUIView(placementId: "wide", braze: bench.braze) { if case .success(let u) = $0 { heights.append(u.height) } }
        }
        view.onDismiss = { dismissed.append($0) }
        let web = try XCTUnwrap(view.webView)
        let laidOut = try XCTUnwrap(web.page.layoutBox(of: web.page.document.documentElement)).height
        XCTAssertEqual(heights.count, 1)
        XCTAssertEqual(heights.first ?? nil, CGFloat(laidOut), "the reported height is the layout's height of the document")
        XCTAssertGreaterThan(laidOut, 120, "the 120px block, the button and the body's margins")

        _ = try bench.harness.run { try web.tap(elementID: "close") }
        XCTAssertEqual(dismissed, [Braze.BannerDismissalEvent(placementId: "wide", stableKey: "wide-1", trackingId: "t-wide")])
        XCTAssertEqual(heights.last ?? nil, 0, "removing the content reports no height")
        XCTAssertNil(view.webView)
    }

    /// A cell subclass, as the ContentCardUI-Customization example writes one.
    final class TitledClassicImageCell: BrazeContentCardUI.ClassicImageCell {
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            contentImageView.removeFromSuperview()
            cardStack.addArrangedSubview(contentImageView)
            NSLayoutConstraint.deactivate(classicImageSize)
        }

        override func set(card: Braze.ContentCard.ClassicImage, imageLoad: AsyncImageView.ImageLoad?) {
            var card = card
            card.title = "\(card.title) (subclass)"
            super.set(card: card, imageLoad: imageLoad)
        }
    }

    func test_theFeedShowsEachKindWithTheCellClassRegisteredForItAndTheCellAttributes() throws {
        let image = URL(string: "https://cdn.example/a.png")!
        let cards: [Braze.ContentCard] = [
            .classicImage(.init(data: .init(id: "ci"), image: image, title: "Spring", description: "Sale")),
            classicCard("c", title: "Plain"),
            .control(.init(data: .init(id: "ctl"))),
        ]
        var attributes = BrazeContentCardUI.ViewController.Attributes.defaults
        attributes.cells[BrazeContentCardUI.ClassicImageCell.identifier] = TitledClassicImageCell.self
        attributes.cellAttributes.cornerRadius = 20
        attributes.cellAttributes.cornerCurve = .continuous
        attributes.cellAttributes.titleFont = UIFont.systemFont(ofSize: 18)
        attributes.cellAttributes.domainColor = .green
        attributes.transform = { cards in cards.map { var card = $0; card.description = card.description.map { "[modified] \($0)" }; return card } }
        let feed = BrazeContentCardUI.ViewController(initialCards: cards, attributes: attributes)
        feed.loadViewIfNeeded()

        let first = try XCTUnwrap(feed.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) as? TitledClassicImageCell,
                                  "the class registered for classic image cards shows them")
        XCTAssertEqual(first.textStack?.titleLabel.text, "Spring (subclass)")
        XCTAssertEqual(first.textStack?.descriptionLabel.text, "[modified] Sale", "the transform ran on the cards")
        XCTAssertEqual(first.containerBackground.layer.cornerRadius, 20)
        XCTAssertEqual(first.container.layer.cornerCurve, .continuous)
        XCTAssertEqual(first.textStack?.titleLabel.font, UIFont.systemFont(ofSize: 18))
        XCTAssertEqual(first.textStack?.domainLabel.textColor, .green)
        XCTAssertEqual(first.contentImageView.imageURL, image)
        XCTAssertTrue(first.cardStack.arrangedSubviews.last === first.contentImageView, "the subclass moved the image")
        XCTAssertFalse(first.classicImageSize.contains { $0.isActive })

        let second = try XCTUnwrap(feed.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
        XCTAssertTrue(type(of: second) == BrazeContentCardUI.ClassicCell.self, "other kinds keep Braze's cell")
        XCTAssertEqual((second as? BrazeContentCardUI.ClassicCell)?.textStack?.titleLabel.text, "Plain")
        XCTAssertTrue(feed.tableView.cellForRow(at: IndexPath(row: 2, section: 0)) is BrazeContentCardUI.ControlCell)
        XCTAssertNil(feed.emptyStateText)
    }

    func test_aFeedWithNoCardShowsTheEmptyStateAttributes() {
        var attributes = BrazeContentCardUI.ViewController.Attributes.defaults
        attributes.emptyStateMessage = "Nothing yet"
        attributes.emptyStateMessageColor = .secondaryLabel
        attributes.enableDarkTheme = false
        let feed = BrazeContentCardUI.ViewController(initialCards: [], attributes: attributes)
        feed.loadViewIfNeeded()
        XCTAssertEqual(feed.emptyStateText, "Nothing yet")
        XCTAssertEqual(feed.emptyStateLabel.text, "Nothing yet")
        XCTAssertEqual(feed.emptyStateLabel.textColor, .secondaryLabel)
        XCTAssertEqual(feed.overrideUserInterfaceStyle, .light)
        // The example styles the navigation bar the feed is pushed on.
        let navigation = UINavigationController(rootViewController: feed)
        navigation.navigationBar.overrideUserInterfaceStyle = .light
        XCTAssertEqual(navigation.navigationBar.overrideUserInterfaceStyle, .light)
        XCTAssertTrue(navigation.topViewController === feed)
    }

    func test_unregisterPushRemovesTheTokenFromTheUsersProfile() {
        let bench = SDKBench()
        bench.braze.changeUser(userId: "u1")
        bench.braze.notifications.register(deviceToken: Data([0xAB, 0x01]))
        XCTAssertEqual(bench.braze.server.pushTokens["u1"], "ab01")
        var result: Result<Void, Braze.PushUnregistrationError>?
        bench.braze.notifications.unregisterPush { result = $0 }
        XCTAssertNoThrow(try result?.get())
        XCTAssertNil(bench.braze.server.pushTokens["u1"])
        XCTAssertEqual(bench.braze.server.requests.suffix(1), ["push_unregister"])
    }

    func test_logoutFailsWithTypedErrorsAndWipesOnlyOnSuccess() {
        let bench = SDKBench()
        bench.braze.changeUser(userId: "u1")
        bench.braze.notifications.register(deviceToken: Data([0x01]))
        let deviceId = bench.braze.deviceId
        // The PushLogout example shows the device id and copies it.
        UIPasteboard.general.string = deviceId
        XCTAssertEqual(UIPasteboard.general.string, deviceId)

        bench.braze.server.httpStatusCodes["push_unregister"] = 503
        var failure: Braze.LogoutErrorResult?
        bench.braze.logout { if case .failure(let e) = $0 { failure = e } }
        XCTAssertEqual(failure?.errors[.unregisterPush]?.httpStatusCode, 503)
        XCTAssertEqual(failure?.isRetriable, true, "a 5xx may succeed later")
        XCTAssertTrue(bench.braze.enabled, "nothing is wiped when logout fails")
        XCTAssertEqual(bench.braze.user.id, "u1")

        bench.braze.server.httpStatusCodes["push_unregister"] = 400
        bench.braze.logout { if case .failure(let e) = $0 { failure = e } }
        XCTAssertEqual(failure?.isRetriable, false, "a refused request will not succeed as it is")

        bench.braze.server.httpStatusCodes = [:]
        bench.braze.server.isReachable = false
        bench.braze.logout { if case .failure(let e) = $0 { failure = e } }
        XCTAssertNil(failure?.errors[.unregisterPush]?.httpStatusCode)
        XCTAssertEqual(failure?.errors[.unregisterPush]?.isRetriable, true)

        bench.braze.server.isReachable = true
        bench.braze.server.latency = 2
        var succeeded = false
        bench.braze.logout { if case .success = $0 { succeeded = true } }
        XCTAssertFalse(succeeded, "the server has not answered yet")
        bench.harness.advance(by: 2)
        XCTAssertTrue(succeeded)
        XCTAssertFalse(bench.braze.enabled, "logout disables the SDK")
        XCTAssertNil(bench.braze.user.id, "and wipes the user")
        XCTAssertNotEqual(bench.braze.deviceId, deviceId, "and the device id")
        XCTAssertNil(bench.braze.server.pushTokens["u1"])

        var afterwards: Braze.PushUnregistrationError?
        bench.braze.notifications.unregisterPush { if case .failure(let e) = $0 { afterwards = e } }
        XCTAssertEqual(afterwards?.isRetriable, false, "a disabled SDK refuses")
    }

    func test_pushAutomationTakesOverTheNotificationDelegateAndForwardsToTheApps() {
        let bench = SDKBench { $0.push.automation = true }
        let center = bench.center
        XCTAssertNotNil(center.interceptingDelegate, "the SDK stands in front of the app's delegate")
        XCTAssertEqual(bench.events(.push, "delegateTakenOver").count, 1)
        XCTAssertEqual(bench.events(.push, "registerForRemoteNotifications").count, 1)
        XCTAssertTrue(UIApplication.shared.isRegisteredForRemoteNotifications)

        let push: [AnyHashable: Any] = ["ab": ["c": "campaign-9"], "ab_uri": "myapp://deal", "aps": ["alert": ["title": "Deal"]]]
        // No app delegate: the SDK shows its notification in the foreground.
        let alone = center.deliver(pushRequest(push, id: "p0"))
        XCTAssertEqual(alone.options, [.list, .banner])

        // The app sets its own delegate (which does not call Braze itself): both hear the notification.
        let app = AppDelegateDouble()
        app.presentedOptions = [.sound]
        bench.braze.delegate = app
        center.delegate = app
        XCTAssertTrue(center.delegate === app, "the app's delegate stays the app's")
        let delivered = center.deliver(pushRequest(push, id: "p1"))
        XCTAssertEqual(delivered.options, [.sound], "the app's delegate chose how to show it")
        XCTAssertTrue(center.respond(to: delivered.notification), "the completion ran once, by the app")
        XCTAssertEqual(bench.braze.notifications.handledPayloads.map(\.type), [.received, .received, .open],
                       "the SDK handled every Braze callback itself")
        XCTAssertEqual(app.urls, [URL(string: "myapp://deal")!], "the deep link went through Braze's URL delegate")
    }

    func test_withoutAutomaticSetupTheAppKeepsTheDelegate() {
        let bench = SDKBench { $0.push.automation = true; $0.push.automation.automaticSetup = false }
        XCTAssertNil(bench.center.interceptingDelegate)
        XCTAssertTrue(bench.events(.push, "delegateTakenOver").isEmpty)
    }

    /// A card the app builds itself (the customization example's previews) gets a context of the app's closures:
    /// logging and clicks run them, and the card's image URL is readable whatever its kind.
    func testAnAppBuiltCardsContextRunsTheAppsClosures() throws {
        let url = try XCTUnwrap(URL(string: "https://example.com/offer"))
        let image = try XCTUnwrap(URL(string: "https://example.com/a.png"))
        var card = Braze.ContentCard.captionedImage(.init(data: .init(clickAction: .url(url, useWebView: true), pinned: true),
                                                          image: image, title: "T", description: "D"))
        XCTAssertEqual(card.imageURL, image)
        XCTAssertNil(card.context, "a card the app made has no Braze context")
        var calls: [String] = []
        card.context = .init(logImpression: { calls.append("impression") }, logClick: { calls.append("click") },
                             processClickAction: { action in calls.append("open \(action.url?.absoluteString ?? "-")") },
                             logDismissed: { calls.append("dismissed") })
        card.context?.logImpression()
        card.context?.logClick()
        if let action = card.clickAction { card.context?.processClickAction(action) }
        card.context?.logDismissed()
        XCTAssertEqual(calls, ["impression", "click", "open https://example.com/offer", "dismissed"])
        XCTAssertTrue(card.pinned)
    }
}
