import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
#if canImport(UIKit)
import UIKit
#endif

/// braze.md §5: BrazeInAppMessageUI behaviour, one test per fact (named §5.x).
final class PresentationTests: XCTestCase {

    // MARK: 5.1 present(message:)

    func test_5_1_4_messageArrivingWhileAnotherIsShownGoesOnTopOfTheStackWithoutAskingTheDelegate() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        b.deliver(slideup(), id: "shown")
        b.deliver(modal(), id: "second")
        b.deliver(modal(), id: "third")
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "shown")
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["second", "third"])
        XCTAssertEqual(delegate.calls.filter { $0.hasPrefix("displayChoice") }, ["displayChoice shown"])
        XCTAssertEqual(b.errors("second"), ["otherMessagePresented(push: true)"])
        // Re-pushing a stacked message moves it to the top without a duplicate.
        b.ui.present(message: b.ui.stack[0])
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["third", "second"])
    }

    func test_5_1_4_messageArrivingDuringClickProcessingBecomesTheFollowupAndIsPresentedAfterDismissal() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        delegate.onWillDismiss = { message in
            // While the click on "clicked" is processed, two messages arrive: the last one is the follow-up,
            // the earlier one goes to the stack.
            if message.data.id == "clicked" {
                b.deliver(slideup(), id: "early")
                b.deliver(slideup(), id: "followup")
            }
        }
        b.deliver(modal(), id: "clicked")
        b.ui.simulateTapButton(at: 1)
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "followup")
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["early"])
        let order = delegate.calls
        XCTAssertNil(Harness.missingSubsequence(["didDismiss clicked", "displayChoice followup", "willPresent followup"], in: order),
                     "the follow-up goes through the full present flow (display choice asked) after didDismiss")
    }

    func test_5_1_5_displayChoiceNowReenqueueDiscard() {
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.choice = { m in
            switch m.data.id { case "r": return .reenqueue; case "d": return .discard; default: return .now }
        }
        b.ui.delegate = delegate
        let discarded = b.triggered(slideup(), id: "d")
        b.braze.deliver(discarded)
        b.deliver(slideup(), id: "r")
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["r"])
        XCTAssertEqual(discarded.context?.valid, false)
        b.deliver(slideup(), id: "n")
        XCTAssertEqual(b.state("n"), "displayed")
    }

    // MARK: 5.2 prepareAndPresent / presentNext

    func test_5_2_2_presentNextWhileAMessageIsShownLeavesTheStackUntouched() {
        let b = Bench()
        b.deliver(slideup(), id: "shown")
        b.deliver(slideup(), id: "waiting")
        b.ui.presentNext()
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "shown")
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["waiting"])
        XCTAssertEqual(b.errors("waiting"), ["otherMessagePresented(push: true)", "otherMessagePresented(push: false)"])
    }

    func test_5_2_4_invalidContextRemovesTheMessageFromTheStackWithoutDisplay() {
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.choice = { _ in .reenqueue }
        b.ui.delegate = delegate
        let message = b.triggered(slideup(), id: "stale")
        b.braze.deliver(message)
        message.context?.discard()
        b.ui.presentNext()
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.ui.stack.count, 0)
        XCTAssertEqual(b.errors("stale"), ["messageContextInvalid"])
        XCTAssertFalse(delegate.calls.contains("prepareWith stale"))
    }

    func test_5_2_5_presentNextUsesTheTopWithoutAskingTheDisplayChoice() {
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.choice = { _ in .reenqueue }
        b.ui.delegate = delegate
        b.deliver(slideup(), id: "bottom")
        b.deliver(slideup(), id: "top")
        b.ui.presentNext()
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "top")
        XCTAssertEqual(delegate.calls.filter { $0.hasPrefix("displayChoice") }.count, 2)
        b.ui.dismiss()
        b.ui.presentNext()
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "bottom")
        b.ui.dismiss()
        b.ui.presentNext()
        XCTAssertNil(b.ui.messageView, "an empty stack makes presentNext a no-op")
    }

    // MARK: 5.3 presentNow

    func test_5_3_4_customViewIsUsedAndAMismatchedAttributesKindMeansNoView() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        let custom = BrazeInAppMessageUI.SlideupView(message: .init(message: "custom"))
        delegate.prepare = { $0.customView = custom }
        b.deliver(slideup(), id: "custom")
        XCTAssertTrue(b.ui.messageView === custom)
        XCTAssertTrue(custom.presented)
        b.ui.dismiss()
        XCTAssertFalse(custom.presented)
        delegate.prepare = { $0.attributes = .modal(.defaults) }
        b.deliver(slideup(), id: "mismatch")
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.errors("mismatch"), ["noMessageView"])
        XCTAssertEqual(b.state("mismatch"), "failed")
    }

    func test_5_3_7_autoDismissTimerRunsOnTheVirtualClockFromTheOriginalMessageClose() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        // prepareWith turning messageClose into userInteraction does not stop the timer.
        delegate.prepare = { $0.message.slideup?.messageClose = .userInteraction }
        b.deliver(slideup(.auto(5)), id: "auto")
        XCTAssertEqual(b.ui.presentationContext?.message.messageClose, .userInteraction)
        b.harness.advance(by: 4.9)
        XCTAssertNotNil(b.ui.messageView)
        b.harness.advance(by: 0.1)
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.state("auto"), "dismissed")
        // userInteraction: no timer at all.
        delegate.prepare = { _ in }
        b.deliver(slideup(.userInteraction), id: "manual")
        b.harness.advance(by: 3600)
        XCTAssertEqual(b.state("manual"), "displayed")
    }

    // MARK: 5.4 lifecycle

    func test_5_4_lifecycleOrderWillPresentImpressionDidPresentWillDismissDidDismiss() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        b.deliver(modal(), id: "m")
        b.ui.simulateClose()
        XCTAssertEqual(b.lifecycle("m"), [
            "callback.inAppMessage(_:displayChoiceForMessage:)", "callback.inAppMessage(_:prepareWith:)",
            "callback.inAppMessage(_:willPresent:view:)", "analytics.impression", "callback.inAppMessage(_:didPresent:view:)",
            "callback.inAppMessage(_:willDismiss:view:)", "callback.inAppMessage(_:didDismiss:view:)",
        ])
        XCTAssertEqual(b.harness.states(of: "m"), ["received", "deciding", "presenting", "displayed", "dismissing", "dismissed"])
    }

    func test_5_4_controlMessageLogsAnImpressionAndIsDismissedAtOnce() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        b.deliver(control(), id: "c")
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.harness.analytics(for: "c"), ["impression"])
        XCTAssertEqual(delegate.calls, ["displayChoice c", "prepareWith c", "willPresent c", "didPresent c", "willDismiss c", "didDismiss c"])
    }

    func test_5_4_stackIsNotDrainedAfterDismissal() {
        let b = Bench()
        b.deliver(slideup(), id: "a")
        b.deliver(slideup(), id: "b")
        b.ui.dismiss()
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["b"])
    }

    func test_5_4_dismissCompletionRunsAfterDidDismissOrAtOnceWhenNothingIsShown() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        var order: [String] = []
        b.ui.dismiss { order.append("completion (nothing shown)") }
        b.deliver(slideup(), id: "s")
        delegate.onDidDismiss = { _ in order.append("didDismiss") }
        b.ui.dismiss { order.append("completion") }
        XCTAssertEqual(order, ["completion (nothing shown)", "didDismiss", "completion"])
    }

    func test_5_4_dismissRequestedDuringPresentationIsCarriedOutAfterDidPresent() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        delegate.onWillPresent = { _ in b.ui.dismiss() }
        b.deliver(slideup(), id: "s")
        XCTAssertEqual(delegate.calls, ["displayChoice s", "prepareWith s", "willPresent s", "didPresent s", "willDismiss s", "didDismiss s"])
        XCTAssertNil(b.ui.messageView)
    }

    func test_5_4_didDismissCanPresentTheNextMessage() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        delegate.onDidDismiss = { _ in b.ui.presentNext() }
        b.deliver(slideup(), id: "first")
        b.deliver(slideup(), id: "next")
        b.ui.dismiss()
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "next")
    }

    // MARK: 5.6 clicks

    func test_5_6_slideupTapLogsAClickEvenWithoutAction() {
        let b = Bench()
        b.deliver(slideup(action: .none), id: "s")
        XCTAssertFalse(b.ui.messageView?.slideup?.isChevronVisible ?? true, "no chevron without a click action")
        b.ui.simulateTap()
        XCTAssertEqual(b.harness.analytics(for: "s"), ["impression", "click"])
        XCTAssertEqual(b.navigations("s").map(\.name), ["noClickAction"])
        XCTAssertEqual(b.state("s"), "dismissed")
    }

    func test_5_6_modalBodyTapIsIgnoredWhenTheMessageHasButtons() {
        let b = Bench()
        b.deliver(modal(), id: "m")
        XCTAssertFalse(b.ui.simulateTap())
        XCTAssertEqual(b.state("m"), "displayed")
        XCTAssertEqual(b.harness.analytics(for: "m"), ["impression"])
    }

    func test_5_6_closeSwipeAndBackgroundTapDismissWithoutAClick() {
        let b = Bench()
        b.deliver(modal(), id: "close")
        XCTAssertFalse(b.ui.simulateBackgroundTap(), "background taps are off by default")
        XCTAssertTrue(b.ui.simulateClose())
        b.deliver(slideup(), id: "swipe")
        XCTAssertTrue(b.ui.simulateSwipe())
        let delegate = RecordingDelegate()
        delegate.prepare = { $0.attributes?.modal?.dismissOnBackgroundTap = true; $0.attributes?.slideup?.dismissible = false }
        b.ui.delegate = delegate
        b.deliver(modal(), id: "background")
        XCTAssertTrue(b.ui.simulateBackgroundTap())
        b.deliver(slideup(), id: "sticky")
        XCTAssertFalse(b.ui.simulateSwipe(), "a non-dismissible slideup ignores swipes")
        for id in ["close", "swipe", "background"] {
            XCTAssertEqual(b.state(id), "dismissed", id)
            XCTAssertEqual(b.harness.analytics(for: MessageID(id)), ["impression"], id)
        }
        XCTAssertEqual(b.state("sticky"), "displayed")
    }

    func test_5_6_localMessagesWithoutContextLogErrorsInsteadOfAnalytics() {
        let b = Bench()
        b.ui.present(message: .slideup(.init(data: .init(id: "local", clickAction: .url(landingURL, useWebView: false)), message: "x")))
        b.ui.simulateTap()
        XCTAssertEqual(b.errors("local"), ["noContextLogImpression", "noContextLogClick", "noContextProcessClickAction"])
        XCTAssertEqual(b.state("local"), "dismissed")
    }

    // MARK: 5.8 status bar

    func test_5_8_statusBarDefaultsPerKindAndOverrides() {
        let b = Bench()
        for (id, message, hidden) in [("slideup", slideup(), false), ("modal", modal(), false), ("modalImage", modalImage(), false),
                                      ("full", full(), true), ("fullImage", fullImage(), true), ("html", html(), true)] {
            b.deliver(message, id: id)
            XCTAssertEqual(b.ui.isStatusBarHidden, hidden, id)
            b.ui.dismiss()
        }
        XCTAssertFalse(b.ui.isStatusBarHidden)
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        delegate.prepare = { $0.statusBarHideBehavior = .visible }
        b.deliver(full(), id: "fullVisible")
        XCTAssertFalse(b.ui.isStatusBarHidden)
        b.ui.dismiss()
        delegate.prepare = { $0.statusBarHideBehavior = .hidden }
        b.deliver(slideup(), id: "slideupHidden")
        XCTAssertTrue(b.ui.isStatusBarHidden)
    }

    func test_5_8_fullMessageOnATabletUsesModalModeAndKeepsTheStatusBar() {
        let b = Bench(device: DeviceState(isTablet: true))
        b.deliver(full(), id: "f")
        XCTAssertEqual(b.ui.messageView?.full?.displayMode, .modal)
        XCTAssertFalse(b.ui.isStatusBarHidden)
    }

    // MARK: 5.10 themes

    func test_5_10_darkThemeIsUsedInDarkModeOnlyWhenPresent() {
        let b = Bench(device: DeviceState(appearance: .light))
        b.deliver(slideup(), id: "light")
        XCTAssertEqual(b.ui.messageView?.slideup?.theme, lightTheme)
        b.ui.dismiss()
        b.harness.setAppearance(.dark)
        b.deliver(slideup(), id: "dark")
        XCTAssertEqual(b.ui.messageView?.slideup?.theme, darkTheme)
        b.ui.dismiss()
        var lightOnly = slideup()
        lightOnly.slideup?.themes = ["light": lightTheme]
        b.deliver(lightOnly, id: "lightOnly")
        XCTAssertEqual(b.ui.messageView?.slideup?.theme, lightTheme)
        let traits = UITraitCollection(userInterfaceStyle: .dark)
        XCTAssertEqual(twoButtons[1].theme(for: traits), darkButton)
        XCTAssertEqual(twoButtons[1].theme(for: UITraitCollection(userInterfaceStyle: .light)), lightButton)
    }

    func test_5_10_viewsReapplyTheirThemeWhenTheAppearanceChanges() {
        let b = Bench(device: DeviceState(appearance: .light))
        b.deliver(modal(), id: "m")
        XCTAssertEqual(b.ui.messageView?.backgroundColor, lightTheme.frameColor.uiColor)
        b.harness.setAppearance(.dark)
        XCTAssertEqual(b.ui.messageView?.backgroundColor, darkTheme.frameColor.uiColor)
        XCTAssertEqual(b.ui.messageView?.modal?.buttons.first?.backgroundColor, darkButton.backgroundColor.uiColor)
    }

    func test_rawMessagesArePresentedOrRejectedWithATypedError() throws {
        let b = Bench()
        b.ui.present(message: try Braze.InAppMessageRaw(json: Data(#"{"type":"MODAL","message_id":"raw","header":"From JSON"}"#.utf8)))
        XCTAssertEqual(b.ui.presentationContext?.message.modal?.header, "From JSON")
        b.ui.dismiss()
        let broken = Braze.InAppMessageRaw()
        broken.type = .full
        b.ui.present(message: broken)
        XCTAssertNil(b.ui.messageView)
        // The conversion error's description names the missing field (PayloadError's description).
        XCTAssertEqual(b.errors().last, #"rawToTypedConversion("Braze in-app message payload: the key \"image_url\" is missing (FULL messages and image-only modals need an image)")"#)
    }

    // MARK: 5.11 dismiss(reason:)

    func test_5_11_changeUserAndWipeDataDiscardEverythingPending() {
        for reason in [Braze.InAppMessage.DismissalReason.changeUser, .wipeData] {
            let b = Bench()
            let delegate = RecordingDelegate()
            b.ui.delegate = delegate
            b.braze.changeUser(userId: "alice")
            let shown = b.triggered(modal(), id: "shown")
            let stacked = b.triggered(slideup(), id: "stacked")
            b.braze.deliver(shown)
            b.braze.deliver(stacked)
            switch reason {
            case .changeUser: b.braze.changeUser(userId: "bob")
            case .wipeData: b.braze.wipeData()
            }
            XCTAssertNil(b.ui.messageView, "\(reason)")
            XCTAssertEqual(b.ui.stack.count, 0, "\(reason)")
            XCTAssertEqual(stacked.context?.valid, false)
            XCTAssertEqual(shown.context?.valid, false)
            XCTAssertEqual(b.state("stacked"), "discarded")
            XCTAssertTrue(delegate.calls.contains("didDismiss shown"))
            XCTAssertEqual(b.braze.user.id, reason == .wipeData ? nil : "bob")
            // Nothing left to present.
            b.ui.presentNext()
            XCTAssertNil(b.ui.messageView)
        }
    }

    func test_5_11_resetDropsTheFollowupToo() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        var followup: Braze.InAppMessage?
        delegate.onWillDismiss = { m in
            guard m.data.id == "clicked" else { return }
            followup = b.triggered(slideup(), id: "followup")
            b.braze.deliver(followup!)
            b.braze.wipeData()
        }
        b.deliver(modal(), id: "clicked")
        b.ui.simulateTapButton(at: 0)
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(followup?.context?.valid, false)
        XCTAssertEqual(b.state("followup"), "discarded")
    }

    func test_5_invariantsHoldAcrossAMixedRun() {
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.choice = { m in m.data.id?.hasPrefix("r") == true ? .reenqueue : .now }
        b.ui.delegate = delegate
        for i in 0..<20 {
            b.deliver(i % 3 == 0 ? slideup(.auto(2)) : modal(), id: i % 4 == 0 ? "r\(i)" : "m\(i)")
            if i % 5 == 0 { b.ui.simulateTapButton(at: 1) }
            if i % 7 == 0 { b.harness.advance(by: 3) }
            if i % 6 == 0 { b.ui.presentNext() }
        }
        for id in (0..<20).map({ $0 % 4 == 0 ? "r\($0)" : "m\($0)" }) {
            let s = b.state(id)
            XCTAssertTrue(["displayed", "stacked", "dismissed", "discarded", "failed"].contains(s ?? "none"), "\(id): \(s ?? "none")")
        }
        XCTAssertEqual(b.ui.invariantViolations, [])
    }
}
