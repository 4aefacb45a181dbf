import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
#if canImport(UIKit)
import UIKit
#endif

/// One test per documented behaviour of samples 06–10 and A3 (conformance manifest rows B06.1–B10.5, A3).
final class SampleBehaviourTests: XCTestCase {

    // MARK: Sample 06

    func test_B06_1_emptyConformanceDisplaysEveryMessageAndProcessesClicks() {
        let b = Bench()
        let delegate = Sample06Delegate()
        b.ui.delegate = delegate
        b.deliver(slideup(), id: "s1")
        XCTAssertEqual(b.state("s1"), "displayed")
        XCTAssertNotNil(b.ui.messageView?.slideup)
        XCTAssertTrue(b.ui.simulateTap())
        XCTAssertEqual(b.navigations("s1").map(\.name), ["openURL"])
        XCTAssertEqual(b.navigations("s1").first?.details["url"], landingURL.absoluteString)
        XCTAssertEqual(b.state("s1"), "dismissed")
        XCTAssertEqual(b.harness.analytics(for: "s1"), ["impression", "click"])
    }

    func test_B06_2_delegateIsConsultedOnlyWhenItsUIIsThePresenter() {
        let b = Bench()
        let other = BrazeInAppMessageUI()
        let presenterDelegate = RecordingDelegate(), otherDelegate = RecordingDelegate()
        b.ui.delegate = presenterDelegate
        other.delegate = otherDelegate
        b.deliver(modal(), id: "m1")
        XCTAssertEqual(presenterDelegate.calls.first, "displayChoice m1")
        XCTAssertEqual(otherDelegate.calls, [])
        XCTAssertNil(other.messageView)
    }

    func test_B06_3_delegateSetBeforeTheUIBecomesThePresenterSeesTheFirstMessage() {
        let b = Bench(presenter: false)
        let delegate = RecordingDelegate()
        // Sample 06, block 2 order.
        let inAppMessageUI = b.ui
        inAppMessageUI.delegate = delegate
        b.braze.inAppMessagePresenter = inAppMessageUI
        b.deliver(slideup(), id: "first")
        XCTAssertEqual(delegate.calls, ["displayChoice first", "prepareWith first", "willPresent first", "didPresent first"])
    }

    func test_B06_4_withoutABrazeInstanceTheAssignmentIsANoOpAndNothingIsPresented() {
        let b = Bench(presenter: false)
        var braze: Braze? = nil
        braze?.inAppMessagePresenter = b.ui
        XCTAssertNil(b.braze.inAppMessagePresenter)
        b.deliver(slideup(), id: "lost")
        XCTAssertNil(b.ui.messageView)
        XCTAssertTrue(b.harness.labels().contains("diagnostic.noInAppMessagePresenter"))
        braze = b.braze
        braze?.inAppMessagePresenter = b.ui
        b.deliver(slideup(), id: "shown")
        XCTAssertEqual(b.state("shown"), "displayed")
    }

    func test_B06_5_delegateIsHeldWeakly() {
        let b = Bench()
        weak var weakDelegate: RecordingDelegate?
        do {
            let delegate = RecordingDelegate()
            delegate.choice = { _ in .discard }
            b.ui.delegate = delegate
            weakDelegate = delegate
            XCTAssertNotNil(b.ui.delegate)
        }
        XCTAssertNil(weakDelegate)
        XCTAssertNil(b.ui.delegate)
        b.deliver(slideup(), id: "s1")
        XCTAssertEqual(b.state("s1"), "displayed", "without a delegate the default (.now) applies")
    }

    // MARK: Sample 07

    func test_B07_1_prepareWithRunsBeforeEveryPresentationAndItsEditsApply() {
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.prepare = { $0.windowLevel = .alert; $0.statusBarHideBehavior = .hidden }
        b.ui.delegate = delegate
        for id in ["a", "b"] {
            b.deliver(slideup(), id: id)
            XCTAssertEqual(b.ui.windowLevel, .alert)
            XCTAssertTrue(b.ui.isStatusBarHidden)
            b.ui.dismiss()
        }
        XCTAssertEqual(delegate.calls.filter { $0.hasPrefix("prepareWith") }, ["prepareWith a", "prepareWith b"])
        let labels = b.harness.labels(for: "a", kinds: [.callback])
        XCTAssertNil(Harness.missingSubsequence(["callback.inAppMessage(_:prepareWith:)", "callback.inAppMessage(_:willPresent:view:)"], in: labels))
    }

    func test_B07_2_preferredPortraitPresentsInPortraitWhateverTheDeviceOrientation() {
        let b = Bench(device: DeviceState(orientation: .landscapeLeft))
        let delegate = Sample07Delegate()
        b.ui.delegate = delegate
        b.deliver(modal(), id: "m")
        XCTAssertEqual(b.state("m"), "displayed")
        XCTAssertEqual(b.ui.messageOrientation, .portrait)
    }

    func test_B07_3_preferredOrientationIsHonouredOnlyIfMessageAndAppSupportIt() {
        // The message only supports landscape: portrait is not honoured.
        let b = Bench(device: DeviceState(orientation: .landscapeLeft))
        let delegate = Sample07Delegate()
        b.ui.delegate = delegate
        b.deliver(modal(orientation: .landscape), id: "landscapeOnly")
        XCTAssertEqual(b.ui.messageOrientation, .landscapeLeft)
        b.ui.dismiss()
        // The app does not support portrait: not honoured either.
        b.harness.device.update { $0.supportedOrientations = [.landscapeLeft, .landscapeRight] }
        b.deliver(modal(), id: "appLandscapeOnly")
        XCTAssertEqual(b.ui.messageOrientation, .landscapeLeft)
        b.ui.dismiss()
        // A portrait message in landscape is not displayed at all.
        b.harness.device.update { $0.supportedOrientations = [.portrait, .landscapeLeft, .landscapeRight] }
        b.deliver(modal(orientation: .portrait), id: "portraitOnly")
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.state("portraitOnly"), "discarded")
    }

    func test_B07_4_afterPresentationRotationFollowsTheDeviceWhenTheMessageSupportsIt() {
        let b = Bench(device: DeviceState(orientation: .landscapeLeft))
        let delegate = Sample07Delegate()
        b.ui.delegate = delegate
        b.deliver(modal(), id: "any")
        XCTAssertEqual(b.ui.messageOrientation, .portrait)
        b.harness.rotate(to: .landscapeRight)
        XCTAssertEqual(b.ui.messageOrientation, .landscapeRight)
        b.ui.dismiss()
        b.harness.rotate(to: .portrait)
        b.deliver(modal(orientation: .portrait), id: "portraitOnly")
        b.harness.rotate(to: .landscapeLeft)
        XCTAssertEqual(b.ui.messageOrientation, .portrait, "a portrait-only message does not rotate to landscape")
        XCTAssertTrue(b.harness.labels(for: "portraitOnly").contains("diagnostic.rotationNotSupported"))
    }

    func test_B07_5_prepareWithDispatchesToTheSampleThroughTheProtocol() {
        let b = Bench(device: DeviceState(orientation: .landscapeLeft))
        let delegate: any BrazeInAppMessageUIDelegate = Sample07Delegate()
        var context = BrazeInAppMessageUI.PresentationContext(message: modal(), preferredOrientation: .landscapeLeft)
        delegate.inAppMessage(b.ui, prepareWith: &context)
        XCTAssertEqual(context.preferredOrientation, .portrait)
    }

    // MARK: Sample 08

    func test_B08_1_orientationDecidesWhereAMessageDisplays() {
        let b = Bench(device: DeviceState(orientation: .portrait))
        for (target, device, shown) in [(Braze.InAppMessage.Orientation.portrait, DeviceOrientation.portrait, true),
                                        (.portrait, .landscapeLeft, false), (.landscape, .landscapeRight, true),
                                        (.landscape, .portrait, false), (.any, .portrait, true), (.any, .landscapeLeft, true)] {
            b.harness.rotate(to: device)
            var message = slideup()
            setOrientationSample08(of: &message, to: target)
            let id = "\(target)-\(device)"
            b.deliver(message, id: id)
            XCTAssertEqual(b.ui.messageView != nil, shown, id)
            b.ui.dismiss()
        }
    }

    func test_B08_2_orientationReadsBackForEveryKind() {
        for var message in [slideup(), modal(), modalImage(), full(), fullImage(), html(), control()] {
            for target in Braze.InAppMessage.Orientation.allCases {
                setOrientationSample08(of: &message, to: target)
                XCTAssertEqual(message.orientation, target)
                XCTAssertEqual(message.data.orientation, target, "the setter writes into the payload")
            }
        }
        var s = slideup()
        s.orientation = .landscape
        XCTAssertEqual(s.slideup?.orientation, .landscape)
        XCTAssertEqual(s.slideup?.data.orientation, .landscape)
    }

    func test_B08_3_unsupportedOrientationIsNotDisplayedAndLeavesTheStack() {
        let b = Bench(device: DeviceState(orientation: .landscapeLeft))
        let delegate = RecordingDelegate()
        delegate.choice = { _ in .reenqueue }
        b.ui.delegate = delegate
        b.deliver(modal(orientation: .portrait), id: "p")
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["p"])
        b.ui.presentNext()
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.ui.stack.count, 0, "an orientation mismatch removes the message from the stack")
        XCTAssertEqual(b.errors("p"), ["noMatchingOrientation"])
        XCTAssertFalse(delegate.calls.contains("willPresent p"))
    }

    // MARK: Sample 09

    func test_B09_1_withoutItsDarkThemeAMessageShowsTheLightThemeInDarkMode() {
        let b = Bench(device: DeviceState(appearance: .dark))
        // Without the sample: the dark theme.
        b.deliver(modal(), id: "plain")
        XCTAssertEqual(b.ui.messageView?.modal?.theme, darkTheme)
        b.ui.dismiss()
        let delegate = Sample09Delegate()
        b.ui.delegate = delegate
        let kinds: [(String, Braze.InAppMessage, (any InAppMessageView) -> Braze.InAppMessage.Theme?)] = [
            ("slideup", slideup(), { $0.slideup?.theme }), ("modal", modal(), { $0.modal?.theme }),
            ("modalImage", modalImage(), { $0.modalImage?.theme }), ("full", full(), { $0.full?.theme }),
            ("fullImage", fullImage(), { $0.fullImage?.theme }),
        ]
        for (id, message, theme) in kinds {
            b.deliver(message, id: id)
            let view = try! XCTUnwrap(b.ui.messageView, id)
            XCTAssertEqual(theme(view), lightTheme, id)
            XCTAssertEqual(view.slideup?.contentView.backgroundColor ?? view.backgroundColor,
                           id == "slideup" ? lightTheme.backgroundColor.uiColor : lightTheme.frameColor.uiColor, id)
            b.ui.dismiss()
        }
    }

    func test_B09_1_renderedMessageUsesTheLightColoursInDarkMode() throws {
        let b = Bench(device: DeviceState(appearance: .dark))
        b.deliver(modal(), id: "plain")
        XCTAssertEqual(try XCTUnwrap(b.ui.renderedMessage).boxes(.container).first?.fill, RGBAColor(argb: darkTheme.backgroundColor.rawValue))
        b.ui.dismiss()
        let delegate = Sample09Delegate()
        b.ui.delegate = delegate
        b.deliver(modal(), id: "sample")
        let rendered = try XCTUnwrap(b.ui.renderedMessage)
        XCTAssertEqual(rendered.appearance, .dark)
        XCTAssertEqual(rendered.boxes(.container).first?.fill, RGBAColor(argb: lightTheme.backgroundColor.rawValue))
        XCTAssertEqual(rendered.boxes(.button).map(\.fill), [RGBAColor(argb: lightButton.backgroundColor.rawValue),
                                                             RGBAColor(argb: lightButton.backgroundColor.rawValue)])
        XCTAssertEqual(rendered.boxes(.button).map(\.buttonID), [0, 1])
    }

    func test_B09_2_rebuiltButtonThemesRenderLightInDarkMode() {
        let b = Bench(device: DeviceState(appearance: .dark))
        b.deliver(modal(), id: "plain")
        XCTAssertEqual(b.ui.messageView?.modal?.buttons.map(\.theme), [darkButton, darkButton])
        b.ui.dismiss()
        let delegate = Sample09Delegate()
        b.ui.delegate = delegate
        for (id, message) in [("modal", modal()), ("modalImage", modalImage()), ("full", full()), ("fullImage", fullImage())] {
            b.deliver(message, id: id)
            let buttons = b.ui.messageView?.modal?.buttons ?? b.ui.messageView?.modalImage?.buttons ?? []
            XCTAssertEqual(buttons.map(\.theme), [lightButton, lightButton], id)
            XCTAssertEqual(buttons.map(\.button.themes.dark), [nil, nil], id)
            b.ui.dismiss()
        }
    }

    func test_B09_3_initThemesWithOnlyLightHasNoDarkTheme() {
        let themes = Braze.InAppMessage.ButtonThemes(themes: ["light": lightButton])
        XCTAssertEqual(themes.light, lightButton)
        XCTAssertNil(themes.dark)
        let messageThemes = Braze.InAppMessage.Themes(themes: ["light": lightTheme])
        XCTAssertEqual(messageThemes.light, lightTheme)
        XCTAssertNil(messageThemes.dark)
    }

    func test_B09_4_perKindAccessorsAndTheEditedMessageIsWhatIsPresented() {
        var m = modal()
        XCTAssertNotNil(m.modal)
        XCTAssertNil(m.slideup); XCTAssertNil(m.modalImage); XCTAssertNil(m.full); XCTAssertNil(m.fullImage)
        XCTAssertNil(m.html); XCTAssertNil(m.control)
        m.slideup = Braze.InAppMessage.Slideup(message: "ignored")
        XCTAssertNotNil(m.modal, "setting another kind's payload keeps the kind")
        var payload = m.modal!
        payload.header = "Edited"
        m.modal = payload
        XCTAssertEqual(m.modal?.header, "Edited")

        let b = Bench(device: DeviceState(appearance: .dark))
        let sample = Sample09Delegate()
        let recorder = RecordingDelegate()
        recorder.prepare = { context in sample.inAppMessage(b.ui, prepareWith: &context) }
        b.ui.delegate = recorder
        b.deliver(modal(), id: "m")
        XCTAssertEqual(recorder.presented.first?.modal?.themes.dark, nil, "willPresent receives the prepared message")
        XCTAssertNil(b.ui.presentationContext?.message.modal?.themes.dark)
        XCTAssertNil(b.ui.messageView?.modal?.message.themes.dark)
    }

    // MARK: Sample 10

    func test_B10_1_shouldProcessIsCalledOnClickBeforeTheActionIsProcessed() {
        let b = Bench()
        let delegate = Sample10Delegate()
        b.ui.delegate = delegate
        b.deliver(modal(), id: "m")
        b.ui.simulateTapButton(at: 1)
        XCTAssertEqual(delegate.calls, 1)
        let labels = b.harness.labels(for: "m", kinds: [.analytics, .callback, .navigation, .state])
        XCTAssertNil(Harness.missingSubsequence(["analytics.click", "callback.inAppMessage(_:shouldProcess:buttonId:message:view:)",
                                                 "navigation.openURL", "state.dismissing", "state.dismissed"], in: labels))
    }

    func test_B10_2_returningFalseSkipsTheActionButStillDismisses() {
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.shouldProcess = { _, _ in false }
        b.ui.delegate = delegate
        b.deliver(modal(), id: "m")
        b.ui.simulateTapButton(at: 1)
        XCTAssertEqual(b.navigations("m"), [])
        XCTAssertEqual(b.harness.analytics(for: "m"), ["impression", "click"])
        XCTAssertEqual(b.state("m"), "dismissed")
        XCTAssertTrue(b.harness.labels(for: "m").contains("decision.skipClickAction"))
    }

    func test_B10_3_buttonIdIsTheDecimalIdAndIndexesButtons() {
        let b = Bench()
        let delegate = Sample10Delegate()
        b.ui.delegate = delegate
        for (id, message) in [("modal", modal()), ("modalImage", modalImage()), ("full", full()), ("fullImage", fullImage())] {
            for index in [0, 1] {
                b.deliver(message, id: "\(id)-\(index)")
                XCTAssertTrue(b.ui.simulateTapButton(at: index))
                let printed = delegate.printed.last
                XCTAssertEqual(printed?.id, index)
                XCTAssertEqual(printed?.text, twoButtons[index].text)
            }
        }
        let events = b.trace.events.filter { $0.kind == .analytics && $0.name == "click" }
        XCTAssertEqual(events.compactMap { $0.details["buttonId"] }, ["0", "1", "0", "1", "0", "1", "0", "1"])
    }

    func test_B10_4_aClickNotOnAButtonHasNoButtonId() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        b.deliver(slideup(), id: "s")
        b.ui.simulateTap()
        b.deliver(modal(buttons: []), id: "m")
        b.ui.simulateTap()
        XCTAssertEqual(delegate.processed.map(\.1), [nil, nil])
        XCTAssertEqual(delegate.processed.map(\.0), [.url(landingURL, useWebView: false), .url(landingURL, useWebView: false)])
    }

    func test_B10_5_clickActionIsTheButtonsAction() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        b.deliver(modal(), id: "a")
        b.ui.simulateTapButton(id: 0)
        b.deliver(modal(), id: "b")
        b.ui.simulateTapButton(id: 1)
        XCTAssertEqual(delegate.processed.map(\.0), [twoButtons[0].clickAction, twoButtons[1].clickAction])
        XCTAssertEqual(b.navigations("a").map(\.name), ["noClickAction"])
        XCTAssertEqual(b.navigations("b").map(\.name), ["openURL"])
    }

    // MARK: A3 display choice

    func test_A3_reenqueueLeavesTheMessageOnTopOfTheStackForTheNextAttempt() {
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.choice = { _ in .reenqueue }
        b.ui.delegate = delegate
        b.deliver(slideup(), id: "A")
        b.deliver(slideup(), id: "B")
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["A", "B"])
        b.ui.presentNext()
        XCTAssertEqual(b.ui.presentationContext?.message.data.id, "B")
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["A"])
        XCTAssertEqual(delegate.calls.filter { $0.hasPrefix("displayChoice") }, ["displayChoice A", "displayChoice B"],
                       "presentNext does not ask the display choice again")
    }

    func test_A3_discardDropsTheMessageAndDiscardsItsContext() {
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.choice = { _ in .discard }
        b.ui.delegate = delegate
        let message = b.triggered(slideup(), id: "d")
        b.braze.deliver(message)
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.ui.stack.count, 0)
        XCTAssertEqual(message.context?.valid, false)
        XCTAssertEqual(b.harness.analytics(for: "d"), ["discard"])
        XCTAssertEqual(b.state("d"), "discarded")
    }

    func test_A3_nowIsTheDefaultAndDisplaysImmediately() {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        b.deliver(slideup(), id: "n")
        XCTAssertEqual(b.state("n"), "displayed")
        XCTAssertEqual(Sample06Delegate().inAppMessage(b.ui, displayChoiceForMessage: slideup()), .now)
    }
}
