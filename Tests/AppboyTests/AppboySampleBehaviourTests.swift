import Foundation
import XCTest
import InAppTestSupport
@testable import AppboyKit
#if canImport(UIKit)
import UIKit
#endif

/// B11.1–B13.3 of the conformance manifest: what samples 11–13 rely on.
final class AppboySampleBehaviourTests: XCTestCase {
    // MARK: Sample 11 — minimum trigger interval

    func test_B11_1_byDefaultTriggeredMessagesAreLimitedToOneEveryThirtySeconds() {
        let (h, appboy) = startAppboy()
        XCTAssertEqual(appboy.deliveryEngine.minimumTriggerInterval, 30)
        appboy.deliveryEngine.startSession(with: [slideupCampaign("m", [.customEvent("tap")])])
        appboy.logCustomEvent("tap")                      // t = 0
        h.advance(by: 10)
        appboy.logCustomEvent("tap")                      // t = 10
        h.advance(by: 20)
        appboy.logCustomEvent("tap")                      // t = 30
        XCTAssertEqual(h.displayCount("m"), 2)
        XCTAssertEqual(h.trace.events(for: "m").filter { $0.name == "rateLimited" }.map(\.time), [10])
    }

    func test_B11_1_boundaryExactlyThirtySecondsDisplays_29_999DoesNot() {
        let (h, appboy) = startAppboy()
        appboy.deliveryEngine.startSession(with: [slideupCampaign("m", [.customEvent("tap")])])
        appboy.logCustomEvent("tap")
        h.advance(by: 29.999)
        appboy.logCustomEvent("tap")
        XCTAssertEqual(h.displayCount("m"), 1)
        h.advance(by: 0.001)
        appboy.logCustomEvent("tap")
        XCTAssertEqual(h.displayCount("m"), 2)
    }

    func test_B11_2_fiveSecondOptionDisplaysAtZeroAndSixButNotThree() {
        let h = Harness()
        // Sample 11's call.
        Appboy.start(withApiKey: "YOUR-API-KEY", in: UIApplication.shared, withLaunchOptions: nil,
                     withAppboyOptions: [ABKMinimumTriggerTimeIntervalKey: 5])
        let appboy = Appboy.sharedInstance()!
        XCTAssertEqual(appboy.deliveryEngine.minimumTriggerInterval, 5)
        appboy.deliveryEngine.startSession(with: [slideupCampaign("m", [.customEvent("tap")], close: .automatic(after: 1))])
        appboy.logCustomEvent("tap")                      // t = 0: displays
        XCTAssertEqual(h.displayCount("m"), 1)
        h.advance(by: 3)
        appboy.logCustomEvent("tap")                      // t = 3: does not
        XCTAssertEqual(h.displayCount("m"), 1)
        h.advance(by: 3)
        appboy.logCustomEvent("tap")                      // t = 6: displays
        XCTAssertEqual(h.displayCount("m"), 2)
    }

    func test_B11_3_rateLimitedTriggerIsDroppedNotDeferred_portChoice() {
        let (h, appboy) = startAppboy([ABKMinimumTriggerTimeIntervalKey: 5])
        appboy.deliveryEngine.startSession(with: [slideupCampaign("a", [.customEvent("a")], close: .automatic(after: 1)),
                                                  slideupCampaign("b", [.customEvent("b")], close: .automatic(after: 1))])
        appboy.logCustomEvent("a")
        h.advance(by: 2)
        appboy.logCustomEvent("b")
        h.advance(by: 60)
        XCTAssertEqual(h.displayCount("b"), 0)
        XCTAssertEqual(appboy.inAppMessageController.inAppMessagesRemainingOnStack(), 0)
        XCTAssertEqual(h.trace.events(for: "b").last?.name, "rateLimited")
    }

    func test_rule11_optionAcceptsNumbersAndNumericStrings_invalidValuesKeepDefault() {
        XCTAssertEqual(startAppboy([ABKMinimumTriggerTimeIntervalKey: 2.5]).1.deliveryEngine.minimumTriggerInterval, 2.5)
        XCTAssertEqual(startAppboy([ABKMinimumTriggerTimeIntervalKey: NSNumber(value: 7)]).1.deliveryEngine.minimumTriggerInterval, 7)
        XCTAssertEqual(startAppboy([ABKMinimumTriggerTimeIntervalKey: "12"]).1.deliveryEngine.minimumTriggerInterval, 12)
        let (h, appboy) = startAppboy([ABKMinimumTriggerTimeIntervalKey: "soon"])
        XCTAssertEqual(appboy.deliveryEngine.minimumTriggerInterval, 30)
        XCTAssertTrue(h.labels().contains("diagnostic.invalidOption"))
        XCTAssertEqual(startAppboy([ABKMinimumTriggerTimeIntervalKey: -4]).1.deliveryEngine.minimumTriggerInterval, 30)
    }

    // MARK: Sample 12 — display the next message

    func test_B12_1_displayNextShowsTheTopMostMessage() {
        let (h, appboy) = startAppboy()
        let controller = appboy.inAppMessageController
        h.moveToBackground()
        let a = localSlideup("A"), b = localSlideup("B")
        controller.add(a)
        controller.add(b)
        XCTAssertEqual(controller.inAppMessagesRemainingOnStack(), 2)
        h.moveToForeground()
        // Sample 12's call (placeholder resolved to a nil delegate).
        let YOUR_IN_APP_MESSAGE_DELEGATE: ABKInAppMessageControllerDelegate? = nil
        Appboy.sharedInstance()!.inAppMessageController.displayNextInAppMessage(with: YOUR_IN_APP_MESSAGE_DELEGATE)
        XCTAssertEqual(h.displayCount(b), 1)
        XCTAssertEqual(h.displayCount(a), 0)
        XCTAssertEqual(controller.inAppMessagesRemainingOnStack(), 1)
    }

    func test_B12_2_nilOrAnyDelegateArgumentWorks_controllerDelegateIsAsked() {
        let (h, appboy) = startAppboy()
        let installed = RecordingDelegate(), passed = RecordingDelegate()
        appboy.inAppMessageController.delegate = installed
        h.moveToBackground()
        appboy.inAppMessageController.add(localSlideup("A"))
        h.moveToForeground()
        appboy.inAppMessageController.displayNextInAppMessage(with: passed)
        XCTAssertEqual(installed.asked.map(\.message), ["A"])
        XCTAssertEqual(passed.asked.count, 0)
        appboy.inAppMessageController.displayNextInAppMessage(with: nil)   // empty stack: nothing happens
        XCTAssertTrue(h.labels().contains("diagnostic.presentNextWithEmptyStack"))
    }

    func test_B12_3_messageReturnedToTheStackIsShownLater() {
        let (h, appboy) = startAppboy()
        let delegate = RecordingDelegate()
        delegate.script = [.displayInAppMessageLater]
        appboy.inAppMessageController.delegate = delegate
        let m = localSlideup("later")
        appboy.inAppMessageController.add(m)
        XCTAssertEqual(h.displayCount(m), 0)
        XCTAssertEqual(appboy.inAppMessageController.inAppMessagesRemainingOnStack(), 1)
        appboy.inAppMessageController.displayNextInAppMessage()
        XCTAssertEqual(h.displayCount(m), 1)
        XCTAssertEqual(delegate.asked.count, 2)
    }

    // MARK: Sample 13 — a local slideup

    func test_B13_1_localSlideupAddedIsDisplayed() {
        let (h, _) = startAppboy()
        // Sample 13's lines.
        let customInAppMessage = ABKInAppMessageSlideup.init()
        customInAppMessage.message = "YOUR_CUSTOM_SLIDEUP_MESSAGE"
        customInAppMessage.duration = 2.5
        customInAppMessage.extras = ["key": "value"]
        Appboy.sharedInstance()!.inAppMessageController.add(customInAppMessage)
        XCTAssertEqual(h.displayCount(customInAppMessage), 1)
    }

    func test_B13_2_localSlideupRecordsNoImpressionOrClick() {
        let (h, appboy) = startAppboy()
        let m = ABKInAppMessageSlideup()
        m.message = "local"
        appboy.inAppMessageController.add(m)
        appboy.inAppMessageController.presenter.click(nil, Click(target: .body, action: .none))
        m.logInAppMessageImpression()
        m.logInAppMessageClicked()
        h.settle()
        XCTAssertEqual(h.displayCount(m), 1)
        XCTAssertEqual(h.analytics(for: m.messageID), [])
        XCTAssertEqual(h.trace.events(for: m.messageID).filter { $0.name == "analyticsSkipped" }.count, 4)
    }

    func test_B13_3_displayedSlideupCarriesTextExtrasAndDuration() {
        let (h, appboy) = startAppboy()
        let delegate = RecordingDelegate()
        appboy.inAppMessageController.delegate = delegate
        let m = ABKInAppMessageSlideup.init()
        m.message = "YOUR_CUSTOM_SLIDEUP_MESSAGE"
        m.duration = 2.5
        m.extras = ["key": "value"]
        appboy.inAppMessageController.add(m)
        let seen = delegate.asked.first
        XCTAssertTrue(seen === m)
        XCTAssertEqual(seen?.message, "YOUR_CUSTOM_SLIDEUP_MESSAGE")
        XCTAssertEqual(seen?.extras as? [String: String], ["key": "value"])
        XCTAssertEqual(seen?.duration, 2.5)
        let shown = appboy.inAppMessageController.presenter.displayedMessage?.core
        XCTAssertEqual(shown?.content.structured?.body, "YOUR_CUSTOM_SLIDEUP_MESSAGE")
        XCTAssertEqual(shown?.extras, ["key": "value"])
        XCTAssertEqual(h.displayCount(m), 1)
    }

    func test_port_durationGovernsAutomaticDismissal() {
        // Not stated by the seeds (B13.3); the port follows the real SDK: an automatically dismissed message closes
        // `duration` seconds after display.
        let (h, appboy) = startAppboy()
        let m = ABKInAppMessageSlideup()
        m.duration = 2.5
        appboy.inAppMessageController.add(m)
        h.advance(by: 2.4)
        XCTAssertEqual(h.states(of: m.messageID).last, "displayed")
        h.advance(by: 0.1)
        XCTAssertEqual(h.states(of: m.messageID).last, "dismissed")
    }
}
