import Foundation
import XCTest
import InAppTestSupport
@testable import AppboyKit
#if canImport(UIKit)
import UIKit
#endif

/// Delivery rules through the legacy Appboy API (iOS rules 11, 14, 22–29 and the controller delegate).
final class AppboyRuleTests: XCTestCase {
    func test_rule01_appboyEventsTriggerTheirCampaigns() {
        let (h, appboy) = startAppboy([ABKMinimumTriggerTimeIntervalKey: 0])
        appboy.deliveryEngine.startSession(with: [
            slideupCampaign("custom", [.customEvent("level", filters: [.greaterThan("n", 3)])], close: .userAction),
            slideupCampaign("gold", [.purchase(productID: "gold", filters: [.equals("gift", true)])], close: .userAction),
            slideupCampaign("any", [.anyPurchase], close: .userAction),
        ])
        appboy.logCustomEvent("level", withProperties: ["n": 2])
        XCTAssertEqual(h.displayCount("custom"), 0)
        appboy.logCustomEvent("level", withProperties: ["n": 4])
        XCTAssertEqual(h.displayCount("custom"), 1)
        appboy.inAppMessageController.presenter.dismiss()
        appboy.logPurchase("gold", inCurrency: "USD", atPrice: NSDecimalNumber(string: "9.99"), withProperties: ["gift": true])
        XCTAssertEqual(h.displayCount("gold"), 1)
        appboy.inAppMessageController.presenter.dismiss()
        appboy.logPurchase("silver", inCurrency: "USD", atPrice: NSDecimalNumber(string: "1"), withQuantity: 2)
        XCTAssertEqual(h.displayCount("any"), 1)
        appboy.inAppMessageController.presenter.dismiss()
        appboy.logPurchase("silver", inCurrency: "USD", atPrice: NSDecimalNumber(string: "1"))
        appboy.logPurchase("x", inCurrency: "USD", atPrice: NSDecimalNumber(string: "1"), withQuantity: 1, andProperties: nil)
        appboy.logCustomEvent("nothing")
        XCTAssertEqual(h.displayCount("any"), 2)
    }

    func test_noMatchingTriggerIsReportedToTheDelegate() {
        let (h, appboy) = startAppboy()
        let delegate = RecordingDelegate()
        appboy.inAppMessageController.delegate = delegate
        appboy.logCustomEvent("unknown")
        appboy.logPurchase("p", inCurrency: "EUR", atPrice: NSDecimalNumber(value: 1))
        h.settle()
        XCTAssertEqual(delegate.unmatched, ["1:unknown", "2:p"])
        XCTAssertEqual(h.callbacks().filter { $0 == "noMatchingTrigger(for:name:)" }.count, 2)
    }

    func test_rule22_triggeredMessageRecordsImpression_localOneDoesNot() {
        let (h, appboy) = startAppboy()
        appboy.deliveryEngine.startSession(with: [slideupCampaign("remote", [.customEvent("e")])])
        appboy.logCustomEvent("e")
        h.advance(by: 5)
        let local = localSlideup("local")
        appboy.inAppMessageController.add(local)
        XCTAssertEqual(h.analytics(for: "remote"), ["impression"])
        XCTAssertEqual(h.displayCount(local), 1)
        XCTAssertEqual(h.analytics(for: local.messageID), [])
    }

    func test_rule23_delegateIsOfferedTheLatestMessageOffTheStack() {
        let (h, appboy) = startAppboy()
        let delegate = RecordingDelegate()
        appboy.inAppMessageController.delegate = delegate
        h.moveToBackground()
        appboy.inAppMessageController.add(localSlideup("A"))
        appboy.inAppMessageController.add(localSlideup("B"))
        h.moveToForeground()
        appboy.inAppMessageController.displayNextInAppMessage()
        XCTAssertEqual(delegate.asked.map(\.message), ["B"])
    }

    func test_rule24_startingAgainClearsTheStack() {
        let (h, first) = startAppboy()
        h.moveToBackground()
        let stacked = localSlideup("A")
        first.inAppMessageController.add(stacked)
        XCTAssertEqual(first.inAppMessageController.inAppMessagesRemainingOnStack(), 1)
        Appboy.start(withApiKey: "k", in: UIApplication.shared, withLaunchOptions: nil, withAppboyOptions: nil)
        let second = Appboy.sharedInstance()!
        XCTAssertFalse(first === second)
        XCTAssertEqual(second.inAppMessageController.inAppMessagesRemainingOnStack(), 0)
        XCTAssertEqual(first.inAppMessageController.presenter.state(of: stacked.messageID), .discarded(.relaunched))
    }

    func test_rule27_lastInFirstOut() {
        let (h, appboy) = startAppboy()
        h.moveToBackground()
        let a = localSlideup("A"), b = localSlideup("B")
        appboy.inAppMessageController.add(a)
        appboy.inAppMessageController.add(b)
        h.moveToForeground()
        appboy.inAppMessageController.displayNextInAppMessage()
        appboy.inAppMessageController.presenter.dismiss()
        appboy.inAppMessageController.displayNextInAppMessage()
        XCTAssertEqual(h.trace.events.filter { $0.label == "state.displayed" }.compactMap(\.messageID), [b.messageID, a.messageID])
    }

    func test_rule28a_inBackgroundReturnsToStack() {
        let (h, appboy) = startAppboy()
        h.moveToBackground()
        appboy.deliveryEngine.startSession(with: [slideupCampaign("m", [.sessionStart])])
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: "m"), .stacked(.appInBackground))
    }

    func test_rule28b_anotherVisibleReturnsToStack() {
        let (_, appboy) = startAppboy()
        appboy.inAppMessageController.add(localSlideup("visible"))
        appboy.deliveryEngine.startSession(with: [slideupCampaign("m", [.sessionStart])])
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: "m"), .stacked(.anotherMessageDisplayed))
        XCTAssertEqual(appboy.inAppMessageController.inAppMessagesRemainingOnStack(), 1)
    }

    func test_rule28c_keyboardUpReturnsToStack() {
        let (h, appboy) = startAppboy()
        h.setKeyboardVisible(true)
        let m = localSlideup("m")
        appboy.inAppMessageController.add(m)
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: m.messageID), .stacked(.keyboardVisible))
    }

    func test_rule28d_reenqueueAndLaterReturnToStack() {
        let (_, appboy) = startAppboy()
        let delegate = RecordingDelegate()
        delegate.script = [.reenqueueInAppMessage, .displayInAppMessageLater]
        appboy.inAppMessageController.delegate = delegate
        let a = localSlideup("a"), b = localSlideup("b")
        appboy.inAppMessageController.add(a)
        appboy.inAppMessageController.add(b)
        XCTAssertEqual(appboy.inAppMessageController.presenter.stack.messageIDs, [a.messageID, b.messageID])
    }

    func test_rule29a_discardChoiceDiscards() {
        let (h, appboy) = startAppboy()
        let delegate = RecordingDelegate()
        delegate.script = [.discardInAppMessage]
        appboy.inAppMessageController.delegate = delegate
        let m = localSlideup("m")
        appboy.inAppMessageController.add(m)
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: m.messageID), .discarded(.discardedByDecision))
        XCTAssertEqual(h.displayCount(m), 0)
        XCTAssertEqual(delegate.askedOnMain, [true])
        XCTAssertEqual(h.callbacks(for: m.messageID), ["before(inAppMessageDisplayed:)"])
    }

    func test_rule29b_assetFailureDiscards() {
        let (h, appboy) = startAppboy()
        var m = Fixtures.modalImage(id: "img")
        m.content = .structured(StructuredContent(layout: .modalImage, imageURL: URL(string: "https://cdn.example/a.png")!))
        appboy.deliveryEngine.startSession(with: [Campaign(message: m, triggers: [.customEvent("e")])])
        appboy.logCustomEvent("e")
        XCTAssertEqual(h.displayCount("img"), 0)
        XCTAssertTrue(h.trace.events(for: "img").contains { $0.name == "discarded" && ($0.details["reason"] ?? "").hasPrefix("assetFailure") })
    }

    func test_rule29c_pastTimeoutDiscarded() {
        let (h, appboy) = startAppboy()
        appboy.inAppMessageController.add(localSlideup("blocker"))
        appboy.deliveryEngine.startSession(with: [slideupCampaign("m", [.sessionStart], timeout: 5)])
        h.advance(by: 6)
        appboy.inAppMessageController.presenter.dismiss()
        appboy.inAppMessageController.displayNextInAppMessage()
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: "m"), .discarded(.expired))
    }

    func test_rule29d_orientationMismatchDiscards() {
        let (h, appboy) = startAppboy()
        let m = localSlideup("landscape only")
        m.orientation = .landscape
        appboy.inAppMessageController.add(m)
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: m.messageID)?.reason?.code, "orientationMismatch")
        h.rotate(to: .landscapeLeft)
        let again = localSlideup("landscape only")
        again.orientation = .landscape
        appboy.inAppMessageController.add(again)
        XCTAssertEqual(h.displayCount(again), 1)
    }

    func test_rule29e_fullWithoutImageDiscarded() {
        let (h, appboy) = startAppboy()
        let full = ABKInAppMessageFull()
        full.header = "no image"
        appboy.inAppMessageController.add(full)
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: full.messageID), .discarded(.fullWithoutImage))
        let withImage = ABKInAppMessageFull()
        withImage.imageURI = URL(string: "file:///tmp/x.png")
        appboy.inAppMessageController.add(withImage)
        XCTAssertEqual(h.displayCount(withImage), 1)
    }

    func test_rule29f_imageOnlyModalWithoutImageDiscarded() {
        let (_, appboy) = startAppboy()
        let modal = ABKInAppMessageModal()
        modal.imageStyle = .graphic
        appboy.inAppMessageController.add(modal)
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: modal.messageID), .discarded(.imageOnlyWithoutImage))
    }

    func test_controlMessageAsksControlDelegateRecordsImpressionAndCloses() {
        let (h, appboy) = startAppboy()
        let delegate = RecordingDelegate()
        appboy.inAppMessageController.delegate = delegate
        appboy.deliveryEngine.startSession(with: [Campaign(message: Fixtures.control(id: "ctl"), triggers: [.sessionStart])])
        XCTAssertEqual(delegate.controlAsked.count, 1)
        XCTAssertTrue(delegate.controlAsked.first?.isControl ?? false)
        XCTAssertEqual(delegate.asked.count, 0)
        XCTAssertEqual(h.analytics(for: "ctl"), ["impression"])
        XCTAssertEqual(h.states(of: "ctl").last, "dismissed")
    }

    func test_triggeredMessagesArriveAsTheMatchingSubclass() {
        let (_, appboy) = startAppboy([ABKMinimumTriggerTimeIntervalKey: 0])
        let delegate = RecordingDelegate()
        delegate.script = Array(repeating: .discardInAppMessage, count: 4)
        appboy.inAppMessageController.delegate = delegate
        appboy.deliveryEngine.startSession(with: [
            Campaign(message: Fixtures.modalTwoButtons(id: "modal"), triggers: [.customEvent("modal")]),
            Campaign(message: Fixtures.slideup(id: "slide"), triggers: [.customEvent("slide")]),
            Campaign(message: Fixtures.html(id: "html"), triggers: [.customEvent("html")]),
        ])
        for e in ["modal", "slide", "html"] { appboy.logCustomEvent(e) }
        let modal = delegate.asked[0] as? ABKInAppMessageModal
        XCTAssertEqual(modal?.header, "Two buttons")
        XCTAssertEqual(modal?.message, "Pick one")
        XCTAssertEqual(modal?.buttons?.map(\.buttonID), [0, 1])
        XCTAssertEqual(modal?.buttons?[1].buttonClickActionType, .redirectToURI)
        XCTAssertEqual(modal?.buttons?[1].buttonClickedURI, Fixtures.clickURL)
        XCTAssertNotNil(modal?.darkTheme)
        let slide = delegate.asked[1] as? ABKInAppMessageSlideup
        XCTAssertEqual(slide?.inAppMessageClickActionType, .redirectToURI)
        XCTAssertEqual(slide?.uri, Fixtures.clickURL)
        XCTAssertEqual(slide?.inAppMessageDismissType, .automatically)
        XCTAssertEqual(slide?.duration, 5)
        XCTAssertTrue(delegate.asked[2] is ABKInAppMessageHTML)
        XCTAssertEqual(delegate.asked[2].assetsLocalDirectoryPathOrNil, URL(string: "localhost"))
    }

    func test_clicksOnTriggeredMessageAreRecordedAndProcessed() {
        let (h, appboy) = startAppboy()
        appboy.deliveryEngine.startSession(with: [Campaign(message: Fixtures.modalTwoButtons(id: "m"), triggers: [.sessionStart])])
        appboy.inAppMessageController.presenter.click("m", Click(target: .button(id: "1"), action: .url(Fixtures.clickURL, inWebView: false)))
        h.settle()
        XCTAssertEqual(h.analytics(for: "m"), ["impression", "click"])
        XCTAssertTrue(h.labels(for: "m").contains("navigation.openURL"))
        XCTAssertEqual(h.states(of: "m").last, "dismissed")
    }

    func test_buttonsKeepIdsAndNonButtonsAreIgnored() {
        _ = startAppboy()
        let modal = ABKInAppMessageModal()
        let ok = ABKInAppMessageButton()
        ok.buttonText = "OK"
        ok.setButtonClickAction(.redirectToURI, withURI: URL(string: "https://example.com"))
        let cancel = ABKInAppMessageButton()
        cancel.setButtonClickAction(.redirectToURI, withURI: nil)
        modal.setInAppMessageButtons([ok, "not a button", cancel])
        XCTAssertEqual(modal.buttons?.map(\.buttonID), [0, 2])
        XCTAssertEqual(cancel.buttonClickActionType, .noneClickAction)
        let core = modal.coreMessage.content.structured
        XCTAssertEqual(core?.buttons.map(\.text), ["OK", ""])
        XCTAssertEqual(core?.buttons.first?.action, .url(URL(string: "https://example.com")!, inWebView: false))
    }

    func test_objectTranslatesToTheCoreModel() throws {
        _ = startAppboy()
        let m = ABKInAppMessageSlideup()
        m.message = "hi"
        m.backgroundColor = UIColor.red
        m.chevronColor = UIColor.blue
        m.inAppMessageSlideupAnchor = .fromTop
        m.orientation = .portrait
        m.inAppMessageDismissType = .manually
        let dark = ABKInAppMessageDarkTheme()
        dark.backgroundColor = UIColor.black
        m.darkTheme = dark
        let core = m.coreMessage
        XCTAssertEqual(core.content.structured?.slideFrom, .top)
        XCTAssertEqual(core.content.structured?.themes.light.background, RGBAColor(red: 1, green: 0, blue: 0))
        XCTAssertEqual(core.content.structured?.themes.light.closeButton, RGBAColor(red: 0, green: 0, blue: 1))
        XCTAssertEqual(core.content.structured?.themes.dark?.background, .black)
        XCTAssertEqual(core.supportedOrientations, .portrait)
        XCTAssertEqual(core.closeBehavior, .userAction)
        m.enableDarkTheme = false
        XCTAssertNil(m.coreMessage.content.structured?.themes.dark)
        let data = try XCTUnwrap(m.serializeToData())
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("\"hi\""))
        XCTAssertEqual(ABKInAppMessageFull().imageContentMode, .scaleAspectFill)
        XCTAssertEqual(ABKInAppMessageModal().imageContentMode, .scaleAspectFit)
    }

    func test_optionsInstallDelegateAndModalFlag() {
        let delegate = RecordingDelegate()
        let (_, appboy) = startAppboy([ABKInAppMessageControllerDelegateKey: delegate, ABKEnableDismissModalOnOutsideTapKey: true])
        XCTAssertTrue(appboy.inAppMessageController.delegate === delegate)
        XCTAssertTrue(appboy.inAppMessageController.enableDismissModalOnOutsideTap)
    }

    func test_customUIControllerIsToldAndAskedWithoutDelegate() {
        final class UI: ABKInAppMessageUIControlling, @unchecked Sendable {
            var shown: [String] = []
            func show(_ inAppMessage: ABKInAppMessage) { shown.append(inAppMessage.message) }
            func getCurrentDisplayChoiceFor(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
                inAppMessage.message == "no" ? .discardInAppMessage : .displayInAppMessageNow
            }
        }
        let (h, appboy) = startAppboy()
        let ui = UI()
        appboy.inAppMessageController.inAppMessageUIController = ui
        appboy.inAppMessageController.add(localSlideup("no"))
        appboy.inAppMessageController.add(localSlideup("yes"))
        XCTAssertEqual(ui.shown, ["yes"])
        XCTAssertTrue(h.callbacks().contains("show(_:)"))
    }
}

extension ABKInAppMessage {
    var assetsLocalDirectoryPathOrNil: URL? { (self as? ABKInAppMessageHTMLBase)?.assetsLocalDirectoryPath }
}
