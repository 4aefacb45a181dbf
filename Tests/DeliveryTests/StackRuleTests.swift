import Foundation
import XCTest
import InAppTestSupport

/// Rules 13–29 of delivery-semantics.md: manual display, local messages, the stack, return-to-stack and
/// discard conditions.
final class StackRuleTests: XCTestCase {
    func test_rule13_android_addedLocalMessageIsDisplayed() {
        let rig = Rig()
        XCTAssertEqual(rig.engine.displayLocal(sticky("local")), .delivered("local"))
        XCTAssertEqual(rig.displayed, ["local"])
    }

    func test_rule14_displayNextShowsTheTopOfTheStack() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([campaign("blocker", [.customEvent("x")]), campaign("A", [.customEvent("a")]),
                            campaign("B", [.customEvent("b")])])
        rig.engine.logCustomEvent("x")
        rig.engine.logCustomEvent("a")
        rig.engine.logCustomEvent("b")
        XCTAssertEqual(rig.presenter.stack.messageIDs, ["A", "B"])
        rig.dismiss()
        XCTAssertTrue(rig.engine.displayNext())
        XCTAssertEqual(rig.displayed, ["blocker", "B"])
        XCTAssertEqual(rig.presenter.stack.messageIDs, ["A"])
    }

    func test_rule15_web_subscriberDecidesWhetherTriggeredMessagesAreShown() {
        let h = Harness()
        let presenter = PresentationEngine<InAppMessage>(environment: h.environment)
        let received = Locked<[MessageID]>([])
        // Automatic display removed: the handoff is the app's subscriber, which shows only what it chooses.
        let engine = DeliveryEngine(environment: h.environment, configuration: DeliveryConfiguration(minimumTriggerInterval: 0),
                                    handoff: DeliveryHandoff(present: { m in
                                        received.withLock { $0.append(m.id) }
                                        if m.id == "show-me" { presenter.present(m) }
                                    }))
        engine.deliver([campaign("show-me", [.customEvent("a")]), campaign("skip-me", [.customEvent("b")])])
        engine.logCustomEvent("b")
        engine.logCustomEvent("a")
        XCTAssertEqual(received.snapshot, ["skip-me", "show-me"])
        XCTAssertEqual(presenter.state(of: "show-me"), .displayed)
        XCTAssertNil(presenter.state(of: "skip-me"))
    }

    func test_rule16_web_presentingTheSameMessageTwiceDisplaysItOnce() {
        // The seeds say a double call *may* display twice; the port never does: the second attempt is refused.
        let rig = Rig()
        rig.engine.deliver([campaign("m", [.customEvent("e")])])
        rig.engine.logCustomEvent("e")
        rig.presenter.present(sticky("m"))
        XCTAssertEqual(rig.displayed, ["m"])
        XCTAssertTrue(rig.h.labels(for: "m").contains("diagnostic.alreadyDisplayed"))
    }

    func test_rule17_web_subscriberReceivesControlMessagesAsSuch() {
        let h = Harness()
        let received = Locked<[MessageLayout?]>([])
        let engine = DeliveryEngine(environment: h.environment, handoff: DeliveryHandoff(present: { m in
            received.withLock { $0.append(m.layout) }
        }))
        engine.deliver([Campaign(message: Fixtures.control(id: "ctl"), triggers: [.customEvent("e")])])
        engine.logCustomEvent("e")
        XCTAssertEqual(received.snapshot, [.control])
    }

    func test_rule18_web_secondModalWhileOneIsShownIsRefused() {
        let rig = Rig(rules: PresentationRules(whenBusy: .fail))
        let failures = Locked<[String]>([])
        var hooks = rig.presenter.hooks
        hooks.presentFailed = { m, r in failures.withLock { $0.append("\(m.id):\(r.code)") } }
        rig.presenter.hooks = hooks
        rig.presenter.present(Fixtures.modal(id: "first"))
        rig.presenter.present(Fixtures.modal(id: "second"))
        XCTAssertEqual(rig.displayed, ["first"])
        XCTAssertEqual(failures.snapshot, ["second:conflict"])
    }

    func test_rule19_android_localMessageKeepsEveryCustomization() {
        let rig = Rig()
        var m = Fixtures.modalTwoButtons(id: "custom")
        m.extras = ["k": "v"]
        rig.engine.displayLocal(m)
        let shown = rig.presenter.displayedMessage
        XCTAssertEqual(shown?.content, m.content)
        XCTAssertEqual(shown?.extras, ["k": "v"])
        XCTAssertEqual(shown?.origin, .local)
    }

    func test_rule20_messageIsNotDisplayedWhileTheKeyboardIsUp() {
        let rig = Rig()
        rig.h.setKeyboardVisible(true)
        rig.engine.deliver([campaign("m", [.customEvent("e")])])
        rig.engine.logCustomEvent("e")
        XCTAssertEqual(rig.displayed, [])
        XCTAssertEqual(rig.presenter.state(of: "m"), .stacked(.keyboardVisible))
    }

    func test_rule21_web_localMessagesRecordNoAnalytics() {
        let rig = Rig()
        rig.engine.displayLocal(sticky("local"))
        rig.presenter.click("local", Click(target: .body, action: .none))
        rig.h.settle()
        XCTAssertEqual(rig.h.analytics(for: "local"), [])
        XCTAssertEqual(rig.h.trace.events(for: "local").filter { $0.name == "analyticsSkipped" }.count, 2)
    }

    func test_rule22_localMessageIsDisplayedWithoutImpressionOrClick_remoteOneRecordsThem() {
        let rig = Rig(interval: 0)
        rig.engine.displayLocal(sticky("local"))
        rig.presenter.click("local", Click(target: .body, action: .none))
        rig.engine.deliver([campaign("remote", [.customEvent("e")])])
        rig.engine.logCustomEvent("e")
        rig.presenter.click("remote", Click(target: .body, action: .none))
        rig.h.settle()
        XCTAssertEqual(rig.displayed, ["local", "remote"])
        XCTAssertEqual(rig.h.analytics(for: "local"), [])
        XCTAssertEqual(rig.h.analytics(for: "remote"), ["impression", "click"])
    }

    func test_rule23_theControllerIsOfferedTheLatestMessageOffTheStack() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([campaign("blocker", [.customEvent("x")]), campaign("A", [.customEvent("a")]),
                            campaign("B", [.customEvent("b")])])
        for e in ["x", "a", "b"] { rig.engine.logCustomEvent(e) }
        rig.dismiss()
        rig.engine.displayNext()
        XCTAssertEqual(rig.decided.last, "B")
    }

    func test_rule24_stackIsClearedByARelaunch() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([campaign("blocker", [.customEvent("x")]), campaign("A", [.customEvent("a")])])
        rig.engine.logCustomEvent("x")
        rig.engine.logCustomEvent("a")
        XCTAssertEqual(rig.presenter.stack.count, 1)
        rig.engine.relaunch()
        rig.h.settle()
        XCTAssertEqual(rig.presenter.stack.count, 0)
        XCTAssertEqual(rig.presenter.state(of: "A"), .discarded(.relaunched))
        XCTAssertEqual(rig.engine.campaigns, [])
        XCTAssertFalse(rig.engine.displayNext())
    }

    func test_rule25_userBecomesEligibleOnTriggerSessionStartAndPushOpen() {
        let rig = Rig(interval: 0)
        let out = rig.engine.startSession(with: [campaign("session", [.sessionStart]), campaign("event", [.customEvent("e")]),
                                                 campaign("push", [.pushClick(campaignID: "c")])])
        XCTAssertEqual(out, .delivered("session"))
        rig.dismiss()
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("event"))
        rig.dismiss()
        XCTAssertEqual(rig.engine.logPushClick(campaignID: "c"), .delivered("push"))
        XCTAssertEqual(rig.displayed, ["session", "event", "push"])
    }

    func test_rule26_triggeredMessageGoesOnTopOfTheStackWhenItCannotShow() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([campaign("blocker", [.customEvent("x")]), campaign("A", [.customEvent("a")]),
                            campaign("B", [.customEvent("b")])])
        rig.engine.logCustomEvent("x")
        rig.engine.logCustomEvent("a")
        XCTAssertEqual(rig.presenter.stack.top?.id, "A")
        rig.engine.logCustomEvent("b")
        XCTAssertEqual(rig.presenter.stack.top?.id, "B")
    }

    func test_rule27_lastInFirstOut() {
        let rig = Rig(interval: 0)
        rig.h.moveToBackground()
        rig.engine.deliver([campaign("A", [.customEvent("a")]), campaign("B", [.customEvent("b")])])
        rig.engine.logCustomEvent("a")
        rig.engine.logCustomEvent("b")
        rig.h.moveToForeground()
        rig.engine.displayNext()
        rig.dismiss()
        rig.engine.displayNext()
        XCTAssertEqual(rig.displayed, ["B", "A"])
    }

    func test_rule28a_triggeredInBackgroundReturnsToStack() {
        let rig = Rig()
        rig.h.moveToBackground()
        rig.engine.deliver([campaign("m", [.customEvent("e")])])
        rig.engine.logCustomEvent("e")
        XCTAssertEqual(rig.presenter.state(of: "m"), .stacked(.appInBackground))
        XCTAssertEqual(rig.displayed, [])
    }

    func test_rule28b_anotherMessageVisibleReturnsToStack() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([campaign("shown", [.customEvent("x")]), campaign("m", [.customEvent("e")])])
        rig.engine.logCustomEvent("x")
        rig.engine.logCustomEvent("e")
        XCTAssertEqual(rig.presenter.state(of: "m"), .stacked(.anotherMessageDisplayed))
    }

    func test_rule28c_keyboardUpWithoutHandlerStacks_withHandlerDisplays() {
        let without = Rig(rules: .stackingTriggeredMessages(keyboardHandledByApp: false))
        without.h.setKeyboardVisible(true)
        without.engine.deliver([campaign("m", [.customEvent("e")])])
        without.engine.logCustomEvent("e")
        XCTAssertEqual(without.presenter.state(of: "m"), .stacked(.keyboardVisible))

        let with = Rig(rules: .stackingTriggeredMessages(keyboardHandledByApp: true))
        with.h.setKeyboardVisible(true)
        with.engine.deliver([campaign("m", [.customEvent("e")])])
        with.engine.logCustomEvent("e")
        XCTAssertEqual(with.displayed, ["m"])
    }

    /// The keyboard hook: an app that answers the keyboard question itself decides in place of the stack (and of the
    /// ordinary decision); nil leaves the message stacked for the keyboard; a display without a decision does not ask.
    func test_rule28c_keyboardDecisionHookDecidesOrLeavesTheMessageToTheKeyboard() {
        for (answer, expected) in [(Decision?.none, PresentationState.stacked(.keyboardVisible)), (.some(.show), .displayed),
                                   (.some(.reenqueue), .stacked(.reenqueued)), (.some(.discard(.discardedByDecision)), .discarded(.discardedByDecision))] {
            let rig = Rig(rules: .stackingTriggeredMessages(keyboardHandledByApp: false), decide: { _ in .discard(.discardedByDecision) })
            let asked = Locked<[MessageID]>([])
            var hooks = rig.presenter.hooks
            hooks.keyboardDecision = { m in asked.withLock { $0.append(m.id) }; return answer }
            rig.presenter.hooks = hooks
            rig.h.setKeyboardVisible(true)
            rig.engine.deliver([campaign("m", [.customEvent("e")])])
            rig.engine.logCustomEvent("e")
            XCTAssertEqual(rig.presenter.state(of: "m"), expected, "\(String(describing: answer))")
            XCTAssertEqual(asked.snapshot, ["m"])
            XCTAssertTrue(rig.decided.isEmpty, "the ordinary decision is not asked as well")
        }
        // Keyboard down: the hook is not asked.
        let rig = Rig(rules: .stackingTriggeredMessages(keyboardHandledByApp: false))
        let asked = Locked<Int>(0)
        var hooks = rig.presenter.hooks
        hooks.keyboardDecision = { _ in asked.withLock { $0 += 1 }; return nil }
        rig.presenter.hooks = hooks
        rig.engine.deliver([campaign("m", [.customEvent("e")])])
        rig.engine.logCustomEvent("e")
        XCTAssertEqual(rig.displayed, ["m"])
        XCTAssertEqual(asked.snapshot, 0)
    }

    func test_rule28d_displayLaterChoiceReturnsToStack() {
        let rig = Rig(decide: { _ in .reenqueue })
        rig.engine.deliver([campaign("m", [.customEvent("e")])])
        rig.engine.logCustomEvent("e")
        XCTAssertEqual(rig.presenter.state(of: "m"), .stacked(.reenqueued))
        XCTAssertEqual(rig.presenter.stack.top?.id, "m")
    }

    func test_rule29a_discardChoiceDiscards() {
        let rig = Rig(decide: { _ in .discard(.discardedByDecision) })
        rig.engine.deliver([campaign("m", [.customEvent("e")])])
        rig.engine.logCustomEvent("e")
        XCTAssertEqual(rig.presenter.state(of: "m"), .discarded(.discardedByDecision))
        XCTAssertEqual(rig.presenter.stack.count, 0)
    }

    func test_rule29b_assetFailureDiscardsWithReason() {
        let rig = Rig()
        var m = Fixtures.modalImage(id: "m")
        m.content = .structured(StructuredContent(layout: .modalImage, imageURL: URL(string: "https://cdn.example/x.png")!))
        rig.engine.startSession(with: [Campaign(message: m, triggers: [.customEvent("e")])])
        XCTAssertNotNil(rig.engine.assetFailure(URL(string: "https://cdn.example/x.png")!))
        guard case .discarded("m", let reason) = rig.engine.logCustomEvent("e") else { return XCTFail("not discarded") }
        XCTAssertEqual(reason.code, "assetFailure")
        XCTAssertEqual(rig.displayed, [])
        XCTAssertTrue(rig.reasons("m").contains { $0.hasPrefix("assetFailure") })
    }

    func test_rule29b_assetFailureAtTriggerTimeDiscards() {
        let loader = ManualAssetLoader()
        let rig = Rig(configure: { $0.assetLoader = loader })
        var m = Fixtures.modalImage(id: "m")
        m.content = .structured(StructuredContent(layout: .modalImage, imageURL: URL(string: "https://cdn.example/x.png")!))
        XCTAssertEqual(rig.engine.startSession(with: [Campaign(message: m, triggers: [.sessionStart])]), .awaitingAssets("m"))
        loader.completeAll(failing: true)
        XCTAssertEqual(rig.displayed, [])
        XCTAssertEqual(rig.delivery("m").last, "discarded")
    }

    func test_rule29c_pastItsTimeoutIsDiscarded() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([campaign("blocker", [.customEvent("x")]), campaign("m", [.customEvent("e")], timeout: 10)])
        rig.engine.logCustomEvent("x")
        rig.engine.logCustomEvent("e")
        rig.h.advance(by: 11)
        rig.dismiss()
        rig.engine.displayNext()
        XCTAssertEqual(rig.presenter.state(of: "m"), .discarded(.expired))
        XCTAssertEqual(rig.displayed, ["blocker"])
    }

    func test_rule29c_withinItsTimeoutIsDisplayed() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([campaign("blocker", [.customEvent("x")]), campaign("m", [.customEvent("e")], timeout: 10)])
        rig.engine.logCustomEvent("x")
        rig.engine.logCustomEvent("e")
        rig.h.advance(by: 9)
        rig.dismiss()
        rig.engine.displayNext()
        XCTAssertEqual(rig.displayed, ["blocker", "m"])
    }

    func test_rule29d_orientationMismatchDiscards() {
        let rig = Rig()
        var m = sticky("m")
        m.supportedOrientations = .landscape
        rig.engine.deliver([Campaign(message: m, triggers: [.customEvent("e")])])
        rig.engine.logCustomEvent("e")
        XCTAssertEqual(rig.presenter.state(of: "m")?.name, "discarded")
        XCTAssertEqual(rig.presenter.state(of: "m")?.reason?.code, "orientationMismatch")
    }

    func test_rule29e_fullMessageWithoutImageIsDiscarded() {
        let rig = Rig()
        var m = Fixtures.full(id: "full")
        m.content = .structured(StructuredContent(layout: .full, header: "h", body: "b"))
        rig.engine.deliver([Campaign(message: m, triggers: [.customEvent("e")])])
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .discarded("full", .fullWithoutImage))
        XCTAssertEqual(rig.displayed, [])
        XCTAssertEqual(rig.reasons("full"), ["fullWithoutImage"])
    }

    func test_rule29f_imageOnlyModalWithoutImageIsDiscarded() {
        let rig = Rig()
        var m = Fixtures.modalImage(id: "img")
        m.content = .structured(StructuredContent(layout: .modalImage))
        rig.engine.deliver([Campaign(message: m, triggers: [.customEvent("e")])])
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .discarded("img", .imageOnlyWithoutImage))
        XCTAssertEqual(rig.engine.displayLocal(m), .discarded("img", .imageOnlyWithoutImage))
        XCTAssertEqual(rig.displayed, [])
    }
}
