import Foundation
import XCTest
import InAppTestSupport

/// Rules 30–36 (server-sent events, exit intent) and the core side of rules 37–50 (display control hooks that the
/// Adobe and Braze facades map onto; their facade-level tests live with those facades).
final class ServerAndFacadeRuleTests: XCTestCase {
    func test_rule30_android_sdkCustomEventsTriggerByDefault() {
        let rig = Rig()
        rig.engine.deliver([campaign("m", [.customEvent("e")])])
        XCTAssertEqual(TriggerEvent.customEvent("e").source, .sdk)
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("m"))
    }

    func test_rule31_android_serverEventTriggersOnlyThroughTheSdkEventItsReceiverLogs() {
        let rig = Rig()
        rig.engine.deliver([campaign("m", [.customEvent("in-app message trigger event")])])
        // The server logs its own event: it does not trigger.
        XCTAssertEqual(rig.engine.logCustomEvent("server_event", source: .server), .ignored(.serverEvent))
        // The silent push's receiver logs the SDK event: that one triggers.
        XCTAssertEqual(rig.engine.logCustomEvent("in-app message trigger event"), .delivered("m"))
    }

    func test_rule32_android_campaignOnTheServerEventNameNeverTriggers() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([campaign("wrong", [.customEvent("purchase_completed")]),
                            campaign("right", [.customEvent("in-app message trigger event")])])
        XCTAssertEqual(rig.engine.logCustomEvent("purchase_completed", source: .server), .ignored(.serverEvent))
        XCTAssertEqual(rig.engine.logCustomEvent("in-app message trigger event"), .delivered("right"))
        XCTAssertEqual(rig.displayed, ["right"])
    }

    func test_rule33_android_pushExtrasBecomeEventPropertiesThatSelectTheMessage() {
        let rig = Rig(interval: 0)
        let name = "in-app message trigger event"
        rig.engine.deliver([campaign("spring", [.customEvent(name, filters: [.equals("campaign_name", "spring")])]),
                            campaign("autumn", [.customEvent(name, filters: [.equals("campaign_name", "autumn")])])])
        let extras: [AnyHashable: Any] = ["campaign_name": "autumn", "IS_SERVER_EVENT": "true"]
        var properties: [String: EventPropertyValue] = [:]
        for (k, v) in extras { properties["\(k)"] = EventPropertyValue(any: v) }
        XCTAssertEqual(rig.engine.logCustomEvent(name, properties: properties), .delivered("autumn"))
    }

    func test_rule34_android_actionBasedCampaignIsTriggeredByTheReceiversEvent() {
        let rig = Rig()
        rig.engine.deliver([campaign("visible", [.customEvent("iam_trigger", filters: [.exists("campaign_name")])])])
        XCTAssertEqual(rig.engine.logCustomEvent("iam_trigger"), .noMatch)
        XCTAssertEqual(rig.engine.logCustomEvent("iam_trigger", properties: ["campaign_name": "x"]), .delivered("visible"))
    }

    func test_rule35_android_eventInBackgroundIsLoggedButNotDisplayed() {
        let rig = Rig(configure: { $0.backgroundTriggers = .drop })
        rig.engine.deliver([campaign("m", [.customEvent("e")])])
        rig.h.moveToBackground()
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .ignored(.appInBackground))
        rig.h.moveToForeground()
        rig.h.settle()
        XCTAssertEqual(rig.displayed, [])
        XCTAssertEqual(rig.presenter.stack.count, 0)
        XCTAssertTrue(rig.h.trace.events.contains { $0.name == "eventIgnored" && $0.details["name"] == "e" })
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("m"), "the rate limit was not consumed")
    }

    func test_rule36_web_exitIntentEventTriggersItsCampaign() {
        let rig = Rig()
        rig.engine.deliver([campaign("stay", [.customEvent("exit intent")])])
        XCTAssertEqual(rig.engine.logCustomEvent("exit intent"), .delivered("stay"))
    }

    // MARK: 37–50 through the core

    func test_rule37_decisionIsAskedBeforeEachDisplay() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([campaign("a", [.customEvent("a")]), campaign("b", [.customEvent("b")])])
        rig.engine.logCustomEvent("a")
        rig.dismiss()
        rig.engine.logCustomEvent("b")
        XCTAssertEqual(rig.decided, ["a", "b"])
        XCTAssertNil(Harness.missingSubsequence(["state.deciding", "decision.show", "state.displayed"], in: rig.h.labels(for: "b")))
    }

    func test_rule38_suppressingDecisionPreventsDisplay() {
        let rig = Rig(decide: { m in m.id == "no" ? .suppress(.suppressedByDecision) : .show })
        rig.engine.displayLocal(sticky("no"))
        XCTAssertEqual(rig.displayed, [])
        XCTAssertEqual(rig.presenter.state(of: "no"), .suppressed(.suppressedByDecision))
        rig.engine.displayLocal(sticky("yes"))
        XCTAssertEqual(rig.displayed, ["yes"])
    }

    func test_rule39_decisionCanRunOffTheMainThread() {
        let flags = Locked<[Bool]>([])
        let h = Harness()
        let presenter = PresentationEngine<InAppMessage>(environment: h.environment, rules: PresentationRules(
            whenBusy: .stack, decisionExecutor: h.environment.background))
        var hooks = PresentationHooks<InAppMessage>()
        hooks.decide = { _ in flags.withLock { $0.append(Thread.isMainThread) }; return .show }
        presenter.hooks = hooks
        let engine = DeliveryEngine(environment: h.environment, presenter: presenter)
        engine.deliver([campaign("m", [.customEvent("e")])])
        engine.logCustomEvent("e")
        XCTAssertTrue(h.settle())
        XCTAssertEqual(flags.snapshot, [false])
        XCTAssertEqual(presenter.state(of: "m"), .displayed)
    }

    func test_rule40_suppressedMessageShownLaterWithoutAskingAgain() {
        let rig = Rig(decide: { _ in .suppress(.suppressedByDecision) })
        rig.engine.displayLocal(sticky("m"))
        XCTAssertEqual(rig.decided, ["m"])
        rig.presenter.present(sticky("m"), consultingDecision: false)
        XCTAssertEqual(rig.decided, ["m"])
        XCTAssertEqual(rig.displayed, ["m"])
    }

    func test_rule41_appTakesOverASuppressedMessage() {
        let kept = Locked<InAppMessage?>(nil)
        let rig = Rig(decide: { m in kept.withLock { $0 = m }; return .suppress(.suppressedByDecision) })
        rig.engine.displayLocal(Fixtures.html(id: "web"))
        XCTAssertEqual(kept.snapshot?.content.html?.html, Fixtures.html().content.html?.html)
        XCTAssertEqual(rig.displayed, [])
    }

    func test_rule42_presentAndDismissHooksFire() {
        let calls = Locked<[String]>([])
        let h = Harness()
        let presenter = PresentationEngine<InAppMessage>(environment: h.environment)
        var hooks = PresentationHooks<InAppMessage>()
        hooks.didPresent = { m in calls.withLock { $0.append("show \(m.id)") } }
        hooks.didDismiss = { m, _ in calls.withLock { $0.append("dismiss \(m.id)") } }
        presenter.hooks = hooks
        DeliveryEngine(environment: h.environment, presenter: presenter).displayLocal(sticky("m"))
        presenter.dismiss("m")
        XCTAssertEqual(calls.snapshot, ["show m", "dismiss m"])
    }

    func test_rule43_reenqueueGoesOnTopAndDiscardDrops() {
        let rig = Rig(interval: 0, decide: { m in m.id == "later" ? .reenqueue : (m.id == "drop" ? .discard(.discardedByDecision) : .show) })
        rig.engine.deliver([campaign("old", [.customEvent("o")]), campaign("later", [.customEvent("l")]),
                            campaign("drop", [.customEvent("d")])])
        rig.presenter.enqueue(sticky("old"))
        rig.engine.logCustomEvent("l")
        rig.engine.logCustomEvent("d")
        XCTAssertEqual(rig.presenter.stack.messageIDs, ["old", "later"])
        XCTAssertEqual(rig.presenter.state(of: "drop"), .discarded(.discardedByDecision))
        XCTAssertEqual(rig.displayed, [])
    }

    func test_rule44_clickActionSkippedWhenNotToBeProcessed() {
        let processed = Locked(0)
        let rig = Rig()
        var hooks = rig.presenter.hooks
        hooks.shouldProcessClick = { _, _ in false }
        hooks.processClick = { _, _ in processed.withLock { $0 += 1 } }
        rig.presenter.hooks = hooks
        rig.engine.displayLocal(sticky("m"))
        rig.presenter.click("m", Click(target: .body, action: .url(Fixtures.clickURL, inWebView: false)))
        XCTAssertEqual(processed.snapshot, 0)
        XCTAssertTrue(rig.h.labels(for: "m").contains("decision.skipClickAction"))
    }

    func test_rule47_displayedMessageFollowsRotationWhenSupported() {
        let rig = Rig()
        var m = sticky("m")
        m.supportedOrientations = .portrait
        rig.engine.displayLocal(m)
        rig.h.rotate(to: .portraitUpsideDown)
        rig.h.rotate(to: .landscapeLeft)
        let labels = rig.h.labels(for: "m")
        XCTAssertNil(Harness.missingSubsequence(["device.messageRotated", "diagnostic.rotationNotSupported"], in: labels))
    }

    func test_rule48_orientationDefinesWhereAMessageMayShow() {
        XCTAssertTrue(DeviceOrientation.allCases.allSatisfy { OrientationSupport.any.supports($0) })
        XCTAssertEqual(DeviceOrientation.allCases.filter { OrientationSupport.portrait.supports($0) }, [.portrait, .portraitUpsideDown])
        XCTAssertEqual(DeviceOrientation.allCases.filter { OrientationSupport.landscape.supports($0) }, [.landscapeLeft, .landscapeRight])
    }

    func test_rule49_noDarkThemeMeansLightThemeInDarkMode() {
        let themes = ThemeSet(light: .defaultLight, dark: nil)
        XCTAssertEqual(themes.resolved(for: .dark), .defaultLight)
        XCTAssertEqual(ButtonThemeSet(light: .defaultLight, dark: nil).resolved(for: .dark), .defaultLight)
    }

    func test_rule50_statusBarHiddenForFullAndHtmlOnly() throws {
        let r = LayoutRenderer()
        let ctx = RenderContext(device: DeviceState())
        XCTAssertTrue(try r.render(Fixtures.full(), in: ctx).hidesStatusBar)
        XCTAssertTrue(try r.render(Fixtures.fullImage(), in: ctx).hidesStatusBar)
        XCTAssertTrue(try r.render(Fixtures.html(), in: ctx).hidesStatusBar)
        XCTAssertFalse(try r.render(Fixtures.slideup(), in: ctx).hidesStatusBar)
        XCTAssertFalse(try r.render(Fixtures.modal(), in: ctx).hidesStatusBar)
    }
}
