import XCTest
import InAppTestSupport

final class EngineTests: XCTestCase {
    // MARK: Memory over long runs

    private func engineKeeping(_ kept: Int) -> (Harness, PresentationEngine<InAppMessage>) {
        let h = Harness()
        var rules = PresentationRules(whenBusy: .stack)
        rules.finishedStatesKept = kept
        return (h, PresentationEngine<InAppMessage>(environment: h.environment, rules: rules))
    }

    func testOnlyTheNewestEndedAttemptsKeepTheirStateAndStackedOnesAreNeverForgotten() {
        let (h, engine) = engineKeeping(3)
        engine.present(Fixtures.modal(id: "shown"))
        engine.present(Fixtures.modal(id: "waiting"))          // stacked behind "shown"
        engine.dismiss()
        for i in 0..<5 {                                        // five more ended attempts
            engine.present(Fixtures.modal(id: MessageID("m\(i)")))
            engine.dismiss()
        }
        XCTAssertEqual(engine.state(of: "waiting"), .stacked(.anotherMessageDisplayed), "pending: never forgotten")
        XCTAssertNil(engine.state(of: "shown"), "the oldest ended attempt is forgotten")
        XCTAssertNil(engine.state(of: "m0"))
        XCTAssertEqual(engine.state(of: "m4"), .dismissed)
        XCTAssertEqual(engine.state(of: "m3"), .dismissed)
        XCTAssertTrue(h.trace.states(of: "shown").contains("dismissed"), "its trace entries remain")
        // A forgotten message can start a new attempt.
        engine.present(Fixtures.modal(id: "shown"))
        XCTAssertEqual(engine.state(of: "shown"), .displayed)
        XCTAssertEqual(engine.invariantViolations, [])
    }

    func testByDefaultEveryEndedAttemptKeepsItsState() {
        let h = Harness()
        let engine = PresentationEngine<InAppMessage>(environment: h.environment)
        for i in 0..<50 {
            engine.present(Fixtures.modal(id: MessageID("d\(i)")))
            engine.dismiss()
        }
        XCTAssertEqual((0..<50).compactMap { engine.state(of: MessageID("d\($0)")) }.count, 50)
    }

    func testAStackedMessageKeepsItsStateHoweverManyAttemptsEnd() {
        let (_, engine) = engineKeeping(2)
        engine.enqueue(Fixtures.modal(id: "pending"))
        engine.present(Fixtures.modal(id: "first"))
        engine.dismiss()
        XCTAssertEqual(engine.state(of: "pending"), .stacked(.reenqueued))
        for i in 0..<10 {
            engine.present(Fixtures.modal(id: MessageID("x\(i)")), consultingDecision: false)
            engine.dismiss()
        }
        XCTAssertEqual(engine.state(of: "pending"), .stacked(.reenqueued))
        XCTAssertEqual(engine.stack.messageIDs, ["pending"])
        XCTAssertEqual(engine.invariantViolations, [])
    }

    // MARK: Monitor

    func testOnlyOneMessageDisplayedConflictFails() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, whenBusy: .fail, recorder: rec)
        engine.present(Fixtures.modal(id: "a"))
        engine.present(Fixtures.modal(id: "b"))
        XCTAssertEqual(engine.displayedMessage?.id, "a")
        XCTAssertEqual(engine.state(of: "b"), .failed(.conflict))
        XCTAssertTrue(engine.stack.isEmpty)
        // The conflicting message never reached the decision hook.
        XCTAssertEqual(rec.calls.snapshot.filter { $0.hasSuffix(" b") || $0.contains(" b ") },
                       ["presentFailed b conflict"])
    }

    func testConflictStacksWhenRulesSaySo() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, whenBusy: .stack, recorder: rec)
        engine.present(Fixtures.modal(id: "a"))
        engine.present(Fixtures.modal(id: "b"))
        engine.present(Fixtures.modal(id: "c"))
        XCTAssertEqual(engine.stack.messageIDs, ["b", "c"])
        XCTAssertEqual(engine.state(of: "c"), .stacked(.anotherMessageDisplayed))
        XCTAssertFalse(rec.calls.snapshot.contains("decide b"), "a stacked arrival is not offered to the decision hook")
    }

    func testDismissOnlyCountsFromTheDisplayedMessage() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        XCTAssertFalse(engine.dismiss("a"), "nothing displayed")
        engine.present(Fixtures.modal(id: "a"))
        XCTAssertFalse(engine.dismiss("other"))
        XCTAssertEqual(engine.state(of: "a"), .displayed)
        XCTAssertEqual(h.trace.events.filter { $0.name == "dismissIgnored" }.map { $0.details["reason"] },
                       ["nothingDisplayed", "notTheDisplayedMessage"])
        XCTAssertTrue(engine.dismiss("a"))
        XCTAssertFalse(engine.dismiss("a"), "second dismissal is ignored")
        XCTAssertEqual(rec.calls.snapshot.filter { $0.hasPrefix("didDismiss") }, ["didDismiss a app"])
        XCTAssertFalse(engine.isDisplaying)
    }

    func testDismissWithoutIdDismissesWhateverIsDisplayed() {
        let h = Harness()
        let engine = makeEngine(h)
        engine.present(Fixtures.modal(id: "a"))
        XCTAssertTrue(engine.dismiss())
        XCTAssertEqual(engine.state(of: "a"), .dismissed)
    }

    func testHideFreesTheDisplayWithoutCallbacksAndCanShowAgain() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, whenBusy: .fail, recorder: rec)
        engine.present(Fixtures.modal(id: "a"))
        XCTAssertTrue(engine.hide("a"))
        XCTAssertFalse(engine.hide("a"))
        XCTAssertEqual(engine.state(of: "a"), .hidden)
        XCTAssertFalse(rec.calls.snapshot.contains { $0.contains("Dismiss") })
        engine.present(Fixtures.modal(id: "b"))
        XCTAssertEqual(engine.displayedMessage?.id, "b")
        XCTAssertTrue(engine.dismiss("b"))
        engine.present(Fixtures.modal(id: "a"))
        XCTAssertEqual(engine.state(of: "a"), .displayed)
    }

    func testPresentingTheDisplayedMessageAgainIsReported() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        engine.present(Fixtures.modal(id: "a"))
        engine.present(Fixtures.modal(id: "a"))
        XCTAssertEqual(engine.state(of: "a"), .displayed)
        XCTAssertTrue(rec.calls.snapshot.contains("presentFailed a alreadyDisplayed"))
        XCTAssertTrue(h.trace.events.contains { $0.name == "alreadyDisplayed" && $0.messageID == "a" })
    }

    // MARK: Decisions and executors

    func testDecisionRunsOnTheInjectedBackgroundExecutor() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = PresentationEngine<InAppMessage>(environment: h.environment, rules: PresentationRules(
            whenBusy: .fail, decisionExecutor: h.environment.background, dismissExecutor: h.environment.main))
        engine.hooks = rec.hooks()
        engine.present(Fixtures.modal(id: "a"))
        XCTAssertTrue(h.settle())
        XCTAssertEqual(rec.threads.snapshot["decide a"], false)
        XCTAssertEqual(rec.threads.snapshot["didPresent a"], false)
        let decision = h.trace.events.first { $0.kind == .decision && $0.name == "show" }
        XCTAssertEqual(decision?.thread, "background")
        XCTAssertEqual(decision?.onMainThread, false)
        XCTAssertTrue(engine.dismiss("a"))
        XCTAssertTrue(h.settle())
        XCTAssertEqual(rec.threads.snapshot["didDismiss a app"], true)
    }

    func testDecisionsShowReenqueueDiscardSuppress() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        rec.decision = { m in
            switch m.id.rawValue {
            case "later": return .reenqueue
            case "never": return .discard(.discardedByDecision)
            case "no": return .suppress(.suppressedByDecision)
            default: return .show
            }
        }
        engine.present(Fixtures.modal(id: "later"))
        engine.present(Fixtures.modal(id: "never"))
        engine.present(Fixtures.modal(id: "no"))
        XCTAssertEqual(engine.stack.messageIDs, ["later"])
        XCTAssertEqual(engine.state(of: "never"), .discarded(.discardedByDecision))
        XCTAssertEqual(engine.state(of: "no"), .suppressed(.suppressedByDecision))
        XCTAssertFalse(engine.isDisplaying)
        XCTAssertTrue(rec.calls.snapshot.contains("discarded never discardedByDecision"))
        XCTAssertTrue(rec.calls.snapshot.contains("presentFailed no suppressedByDecision"))
        engine.present(Fixtures.modal(id: "yes"))
        XCTAssertEqual(engine.displayedMessage?.id, "yes")
    }

    func testReenqueueKeepsTheNewestOnTopAndPresentNextOffersIt() {
        let h = Harness()
        let rec = HookRecorder()
        rec.decision = { _ in .reenqueue }
        let engine = makeEngine(h, recorder: rec)
        engine.present(Fixtures.modal(id: "A"))
        engine.present(Fixtures.modal(id: "B"))
        XCTAssertEqual(engine.stack.top?.id, "B")
        rec.decision = { _ in .show }
        XCTAssertTrue(engine.presentNext(consultingDecision: true))
        XCTAssertEqual(engine.displayedMessage?.id, "B")
        XCTAssertEqual(engine.stack.messageIDs, ["A"])
        XCTAssertTrue(engine.dismiss())
        XCTAssertTrue(engine.presentNext())
        XCTAssertEqual(engine.displayedMessage?.id, "A")
        XCTAssertTrue(engine.dismiss())
        XCTAssertFalse(engine.presentNext(), "empty stack")
        XCTAssertTrue(h.trace.events.contains { $0.name == "presentNextWithEmptyStack" })
    }

    func testPresentNextWhileBusyLeavesTheStackAlone() {
        let h = Harness()
        let engine = makeEngine(h)
        engine.present(Fixtures.modal(id: "shown"))
        engine.enqueue(Fixtures.modal(id: "waiting"))
        XCTAssertTrue(engine.presentNext())
        XCTAssertEqual(engine.stack.messageIDs, ["waiting"])
        XCTAssertEqual(engine.displayedMessage?.id, "shown")
        XCTAssertEqual(engine.invariantViolations, [])
    }

    func testPrepareEditIsWhatGetsDisplayed() {
        let h = Harness()
        let engine = makeEngine(h)
        var hooks = engine.hooks
        hooks.prepare = { m in var e = m; e.extras["prepared"] = true; return e }
        engine.hooks = hooks
        engine.present(Fixtures.modal(id: "a"))
        XCTAssertEqual(engine.displayedMessage?.extras["prepared"], true)
    }

    func testLifecycleOrder() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        engine.present(Fixtures.modal(id: "a"))
        engine.dismiss("a", cause: .user)
        XCTAssertEqual(rec.calls.snapshot, ["decide a", "prepare a", "willPresent a", "didPresent a",
                                            "willDismiss a user", "didDismiss a user"])
    }

    // MARK: Environment-driven rules

    func testOrientationMismatchDiscards() {
        let h = Harness(device: DeviceState(orientation: .landscapeLeft))
        let engine = makeEngine(h, checksOrientation: true)
        var m = Fixtures.modal(id: "p")
        m.supportedOrientations = .portrait
        engine.enqueue(m)
        engine.presentNext()
        XCTAssertEqual(engine.state(of: "p")?.name, "discarded")
        XCTAssertEqual(engine.state(of: "p")?.reason?.code, "orientationMismatch")
        XCTAssertTrue(engine.stack.isEmpty, "a mismatched message leaves the stack")
        m = Fixtures.modal(id: "l")
        m.supportedOrientations = .landscape
        engine.present(m)
        XCTAssertEqual(engine.state(of: "l"), .displayed)
    }

    func testRotationWhileDisplayedIsTraced() {
        let h = Harness()
        let engine = makeEngine(h)
        var m = Fixtures.modal(id: "p")
        m.supportedOrientations = .portrait
        engine.present(m)
        h.rotate(to: .portraitUpsideDown)
        h.rotate(to: .landscapeLeft)
        XCTAssertEqual(h.labels(for: "p", kinds: [.device, .diagnostic]),
                       ["device.messageRotated", "diagnostic.rotationNotSupported"])
    }

    func testBackgroundAndKeyboardStackWhenAsked() {
        let h = Harness()
        let engine = PresentationEngine<InAppMessage>(environment: h.environment, rules: PresentationRules(
            stacksWhileInBackground: true, stacksWhileKeyboardVisible: true))
        h.moveToBackground()
        engine.present(Fixtures.modal(id: "bg"))
        h.moveToForeground()
        h.setKeyboardVisible(true)
        engine.present(Fixtures.modal(id: "kb"))
        XCTAssertEqual(engine.state(of: "bg"), .stacked(.appInBackground))
        XCTAssertEqual(engine.state(of: "kb"), .stacked(.keyboardVisible))
        h.setKeyboardVisible(false)
        engine.presentNext()
        XCTAssertEqual(engine.displayedMessage?.id, "kb")
    }

    func testExpiredMessageIsDiscarded() {
        let h = Harness()
        let engine = makeEngine(h)
        var m = Fixtures.modal(id: "old")
        m.expiresAt = 10
        engine.enqueue(m)
        h.advance(by: 11)
        engine.presentNext()
        XCTAssertEqual(engine.state(of: "old"), .discarded(.expired))
    }

    // MARK: Timers

    func testAutoCloseOnTheVirtualClock() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        engine.present(Fixtures.slideup(id: "s", close: .automatic(after: 5)))
        h.advance(by: 4.999)
        XCTAssertEqual(engine.state(of: "s"), .displayed)
        h.advance(by: 0.001)
        XCTAssertEqual(engine.state(of: "s"), .dismissed)
        XCTAssertTrue(rec.calls.snapshot.contains("didDismiss s timeout"))
        XCTAssertEqual(h.labels(for: "s", kinds: [.timer]), ["timer.autoCloseScheduled", "timer.autoCloseFired"])
    }

    func testAutoCloseUsesTheOriginalCloseBehaviourAndIsCancelledByDismiss() {
        let h = Harness()
        let engine = makeEngine(h)
        var hooks = engine.hooks
        hooks.prepare = { m in var e = m; e.closeBehavior = .userAction; return e }
        engine.hooks = hooks
        engine.present(Fixtures.slideup(id: "s", close: .automatic(after: 3)))
        h.advance(by: 3)
        XCTAssertEqual(engine.state(of: "s"), .dismissed, "the timer follows the message as received, not as prepared")
        engine.present(Fixtures.slideup(id: "t", close: .automatic(after: 3)))
        engine.dismiss("t")
        XCTAssertEqual(h.clock.pendingDeadlines, [])
    }

    func testDismissRequestedWhilePresentingIsHonouredAfterPresentation() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        var hooks = engine.hooks
        let willPresent = hooks.willPresent
        hooks.willPresent = { [weak engine] m in willPresent?(m); _ = engine?.dismiss(m.id) }
        engine.hooks = hooks
        engine.present(Fixtures.modal(id: "a"))
        XCTAssertEqual(engine.state(of: "a"), .dismissed)
        XCTAssertEqual(rec.calls.snapshot.suffix(4), ["willPresent a", "didPresent a", "willDismiss a app", "didDismiss a app"])
    }

    // MARK: Clicks and follow-up

    func testClickFlowLogsAsksProcessesAndDismisses() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        engine.present(Fixtures.modalTwoButtons(id: "m"))
        XCTAssertTrue(engine.click("m", Click(target: .button(id: "1"), action: .url(Fixtures.clickURL, inWebView: false))))
        XCTAssertEqual(Array(rec.calls.snapshot.suffix(5)),
                       ["clicked m 1", "shouldProcess m", "process m", "willDismiss m click", "didDismiss m click"])
    }

    func testClickNotProcessedStillDismisses() {
        let h = Harness()
        let rec = HookRecorder()
        rec.shouldProcess = false
        let engine = makeEngine(h, recorder: rec)
        engine.present(Fixtures.modal(id: "m"))
        engine.click("m", Click(target: .body, action: .none))
        XCTAssertFalse(rec.calls.snapshot.contains("process m"))
        XCTAssertEqual(engine.state(of: "m"), .dismissed)
        XCTAssertTrue(h.labels(for: "m").contains("decision.skipClickAction"))
    }

    func testClickThatKeepsTheMessage() {
        let h = Harness()
        let engine = makeEngine(h)
        engine.present(Fixtures.html(id: "h"))
        engine.click("h", Click(target: .body, action: .url(Fixtures.clickURL, inWebView: true), keepsMessage: true))
        XCTAssertEqual(engine.state(of: "h"), .displayed)
        XCTAssertFalse(engine.isProcessingClick)
    }

    /// A click logged when the message leaves: nothing at the click, the last such click once at the dismissal
    /// (after the click's action, before `didDismiss`), and on `hide` too; a tap that stops the automatic close.
    func testClickLoggedWhenTheMessageLeavesAndClickThatStopsTheAutomaticClose() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        engine.present(Fixtures.modalTwoButtons(id: "m"))
        engine.click("m", Click(target: .button(id: "0"), action: .none, keepsMessage: true, logging: .whenDismissed))
        engine.click("m", Click(target: .button(id: "1"), action: .url(Fixtures.clickURL, inWebView: false), logging: .whenDismissed))
        let calls = rec.calls.snapshot
        XCTAssertEqual(calls.filter { $0.hasPrefix("clicked") }, ["clicked m 1"], "only the last click, once")
        XCTAssertLessThan(calls.lastIndex(of: "process m")!, calls.firstIndex(of: "clicked m 1")!)
        XCTAssertLessThan(calls.firstIndex(of: "willDismiss m click")!, calls.firstIndex(of: "clicked m 1")!)
        XCTAssertLessThan(calls.firstIndex(of: "clicked m 1")!, calls.firstIndex(of: "didDismiss m click")!)
        XCTAssertEqual(h.labels(for: "m").filter { $0 == "decision.clickLogDeferred" }.count, 2)

        // Hidden (not dismissed): the remembered click is logged as it leaves the screen; the next display starts clean.
        engine.present(Fixtures.slideup(id: "s"))
        engine.click("s", Click(target: .body, action: .none, keepsMessage: true, logging: .whenDismissed, stopsAutoClose: true))
        h.advance(by: 60)
        XCTAssertEqual(engine.state(of: "s"), .displayed, "the tap stopped the 5 s automatic close")
        XCTAssertTrue(h.labels(for: "s").contains("decision.autoCloseStopped"))
        XCTAssertFalse(rec.calls.snapshot.contains("clicked s body"))
        XCTAssertTrue(engine.hide("s"))
        XCTAssertTrue(rec.calls.snapshot.contains("clicked s body"))
        engine.present(Fixtures.slideup(id: "s"))
        XCTAssertTrue(engine.dismiss("s"))
        XCTAssertEqual(rec.calls.snapshot.filter { $0 == "clicked s body" }.count, 1)

        // A click that clears the remembered one: nothing is reported.
        engine.present(Fixtures.modalTwoButtons(id: "n"))
        engine.click("n", Click(target: .button(id: "0"), action: .none, keepsMessage: true, logging: .whenDismissed))
        engine.click("n", Click(target: .body, action: .none, keepsMessage: true, logging: .clearsRemembered))
        XCTAssertTrue(engine.dismiss("n"))
        XCTAssertFalse(rec.calls.snapshot.contains { $0.hasPrefix("clicked n") })
        XCTAssertTrue(h.labels(for: "n").contains("decision.clickLogCleared"))

        // Old encodings without the new fields still decode.
        var fields = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(Click(target: .body, action: .none, keepsMessage: true)))) as? [String: Any] ?? [:]
        fields["logging"] = nil
        fields["stopsAutoClose"] = nil
        XCTAssertEqual(fields.count, 3)
        let old = (try? JSONSerialization.data(withJSONObject: fields)) ?? Data()
        let decoded = try? JSONDecoder().decode(Click.self, from: old)
        XCTAssertEqual(decoded, Click(target: .body, action: .none, keepsMessage: true))
        let click = Click(target: .button(id: "2"), action: .none, logging: .whenDismissed, stopsAutoClose: true)
        XCTAssertEqual(try? JSONDecoder().decode(Click.self, from: JSONEncoder().encode(click)), click)
    }

    func testClickOnAMessageNotDisplayedIsIgnored() {
        let h = Harness()
        let engine = makeEngine(h)
        XCTAssertFalse(engine.click("nope", Click(target: .body, action: .none)))
        XCTAssertTrue(h.trace.events.contains { $0.name == "clickIgnored" })
    }

    func testMessageArrivingDuringClickBecomesTheFollowup() {
        let h = Harness()
        let rec = HookRecorder()
        let box = Locked<PresentationEngine<InAppMessage>?>(nil)
        let engine = makeEngine(h, recorder: rec) { _, _ in
            // The click's action triggers two messages; the newer is the follow-up, the older goes on the stack.
            box.snapshot?.present(Fixtures.modal(id: "f1"))
            box.snapshot?.present(Fixtures.modal(id: "f2"))
        }
        box.withLock { $0 = engine }
        engine.present(Fixtures.modal(id: "m"))
        engine.click("m", Click(target: .body, action: .none))
        XCTAssertEqual(engine.displayedMessage?.id, "f2", "the follow-up is presented after the clicked message is dismissed")
        XCTAssertEqual(engine.stack.messageIDs, ["f1"])
        XCTAssertEqual(engine.state(of: "f1"), .stacked(.followupReplaced))
        XCTAssertTrue(rec.calls.snapshot.contains("decide f2"), "the follow-up goes through the full flow")
        XCTAssertTrue(h.labels(for: "f2").contains("decision.followup"))
        XCTAssertEqual(engine.invariantViolations, [])
    }

    // MARK: Reset

    func testResetDiscardsEverythingPendingAndDismisses() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        engine.present(Fixtures.modal(id: "shown"))
        engine.present(Fixtures.modal(id: "s1"))
        engine.present(Fixtures.modal(id: "s2"))
        engine.reset(reason: Reason("changeUser"))
        XCTAssertTrue(engine.stack.isEmpty)
        XCTAssertEqual(engine.state(of: "s1"), .discarded(Reason("changeUser")))
        XCTAssertEqual(engine.state(of: "shown"), .dismissed)
        XCTAssertTrue(rec.calls.snapshot.contains("didDismiss shown reset"))
    }

    // MARK: Bookkeeping

    func testEveryMessageEndsDisplayedStackedOrWithAReason() {
        let h = Harness()
        let rec = HookRecorder()
        rec.decision = { m in
            switch Int(m.id.rawValue.dropFirst())! % 4 {
            case 0: return .show
            case 1: return .reenqueue
            case 2: return .discard(.discardedByDecision)
            default: return .suppress(.suppressedByDecision)
            }
        }
        let engine = makeEngine(h, recorder: rec)
        for i in 0..<200 {
            engine.present(Fixtures.modal(id: MessageID("m\(i)")))
            if i % 7 == 0 { engine.dismiss() }
        }
        for i in 0..<200 {
            let state = engine.state(of: MessageID("m\(i)"))
            switch state {
            case .displayed?, .dismissed?: break
            case .stacked?: XCTAssertTrue(engine.stack.contains(MessageID("m\(i)")))
            case .discarded?, .suppressed?, .failed?: XCTAssertNotNil(state?.reason)
            default: XCTFail("m\(i) ended in \(String(describing: state))")
            }
        }
        XCTAssertEqual(engine.invariantViolations, [])
    }

    func testEngineIsReleasedWithItsMessages() {
        weak var weakEngine: PresentationEngine<InAppMessage>?
        let h = Harness()
        do {
            let engine = makeEngine(h)
            engine.present(Fixtures.slideup(id: "s", close: .automatic(after: 5)))
            weakEngine = engine
        }
        XCTAssertNil(weakEngine)
        h.advance(by: 10) // the pending timer holds no reference and does nothing
    }
}
