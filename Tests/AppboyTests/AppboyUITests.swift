import Foundation
import InAppCore
import InAppTestSupport
import XCTest
@testable import AppboyKit
import AppboyUI
#if canImport(UIKit)
import UIKit
#endif

/// A UI delegate that records what it is told and answers from its settings. It leaves
/// `inAppMessageViewControllerWith(_:)` to the default (the built-in view controllers).
final class RecordingUIDelegate: NSObject, ABKInAppMessageUIDelegate, @unchecked Sendable {
    var takesBodyClicks = false
    var takesButtonClicks = false
    var takesLinks = false
    var displayChoice = ABKInAppMessageDisplayChoice.displayInAppMessageNow
    var calls: [String] = []
    var links: [String] = []

    func before(inAppMessageDisplayed inAppMessage: ABKInAppMessage, withKeyboardIsUp keyboardIsUp: Bool) -> ABKInAppMessageDisplayChoice {
        calls.append("before(keyboardIsUp: \(keyboardIsUp))")
        return displayChoice
    }
    func onInAppMessageDismissed(_ inAppMessage: ABKInAppMessage) { calls.append("dismissed") }
    func onInAppMessageClicked(_ inAppMessage: ABKInAppMessage) -> Bool { calls.append("clicked"); return takesBodyClicks }
    func onInAppMessageButtonClicked(_ inAppMessage: ABKInAppMessageImmersive, button: ABKInAppMessageButton) -> Bool {
        calls.append("button \(button.buttonID)")
        return takesButtonClicks
    }
    func onInAppMessageHTMLButtonClicked(_ inAppMessage: ABKInAppMessageHTMLBase, clickedURL: URL?, buttonID buttonId: String) -> Bool {
        links.append("\(clickedURL?.absoluteString ?? "nil") [\(buttonId)]")
        return takesLinks
    }
}

/// A custom view controller, as apps return one from `inAppMessageViewControllerWith(_:)`.
final class CustomSlideupViewController: ABKInAppMessageSlideupViewController {
    var moves: [String] = []
    override func beforeMoveInAppMessageViewOnScreen() { moves.append("beforeOn") }
    override func moveInAppMessageViewOnScreen() { moves.append("on") }
    override func beforeMoveInAppMessageViewOffScreen() { moves.append("beforeOff") }
    override func moveInAppMessageViewOffScreen() { moves.append("off") }
}

/// A UI delegate that chooses the view controllers: a custom one for slideups, none for anything else.
final class CustomViewDelegate: NSObject, ABKInAppMessageUIDelegate, @unchecked Sendable {
    var made: [CustomSlideupViewController] = []
    func inAppMessageViewControllerWith(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageViewController? {
        guard inAppMessage is ABKInAppMessageSlideup else { return nil }
        let vc = CustomSlideupViewController(inAppMessage: inAppMessage)
        made.append(vc)
        return vc
    }
}

/// The built-in UI (module AppboyUI; upstream AppboyUI, now BrazeUICompat) and its UI delegate.
final class AppboyUITests: XCTestCase {
    /// Starts Appboy, sets `delegate` with the line the legacy documentation gives, and shows `messages` (a campaign
    /// each, triggered by the custom event named after its id).
    func start(_ delegate: any ABKInAppMessageUIDelegate, _ messages: [InAppMessage]) -> (Harness, Appboy, ABKInAppMessageUIController) {
        let (h, appboy) = startAppboy([ABKMinimumTriggerTimeIntervalKey: 0])
        // Unchanged from the documentation: optional chaining on an optional Objective-C protocol method.
        Appboy.sharedInstance()?.inAppMessageController.inAppMessageUIController?.setInAppMessageUIDelegate?(delegate)
        let ui = appboy.inAppMessageController.inAppMessageUIController as! ABKInAppMessageUIController
        appboy.deliveryEngine.startSession(with: messages.map { Campaign(message: $0, triggers: [.customEvent($0.id.rawValue)]) })
        return (h, appboy, ui)
    }

    func trigger(_ h: Harness, _ appboy: Appboy, _ id: String) {
        appboy.logCustomEvent(id)
        h.settle()
    }

    func test_theBuiltInUIIsTheControllersUIAndTheDocumentedLineSetsItsDelegate() {
        let delegate = RecordingUIDelegate()
        let (h, appboy, ui) = start(delegate, [Fixtures.slideup(id: "s")])
        XCTAssertTrue(ui.uiDelegate === delegate)
        XCTAssertEqual(ui.supportedOrientationMask, .all)
        XCTAssertEqual(ui.preferredOrientation, .unknown)
        XCTAssertFalse(ui.inAppMessageCurrentlyVisible())
        trigger(h, appboy, "s")
        XCTAssertEqual(h.displayCount("s"), 1)
        XCTAssertTrue(ui.inAppMessageCurrentlyVisible())
        XCTAssertTrue(ui.inAppMessageViewController is ABKInAppMessageSlideupViewController,
                      "without a view controller from the delegate, the built-in one for the message's class")
        XCTAssertEqual(delegate.calls, ["before(keyboardIsUp: false)"])
        // Something that is not a UI delegate is ignored, and said so.
        ui.setInAppMessageUIDelegate("not a delegate")
        XCTAssertTrue(ui.uiDelegate === delegate)
        XCTAssertTrue(h.labels().contains("diagnostic.uiDelegateIgnored"))
    }

    func test_aBodyTapTakenOverIsLoggedAndKeepsTheMessageWithoutItsAction() {
        let delegate = RecordingUIDelegate()
        delegate.takesBodyClicks = true
        let (h, appboy, ui) = start(delegate, [Fixtures.slideup(id: "s", close: .userAction)])
        trigger(h, appboy, "s")
        XCTAssertTrue(ui.simulateTap())
        h.settle()
        XCTAssertEqual(delegate.calls.last, "clicked")
        XCTAssertEqual(h.analytics(for: "s"), ["impression"], "as upstream, the click is logged when the message leaves")
        XCTAssertTrue(h.labels(for: "s").contains("decision.clickLogDeferred"))
        XCTAssertFalse(h.labels(for: "s").contains("navigation.openURL"), "the app handles the click: no URL opened")
        XCTAssertEqual(h.states(of: "s").last, "displayed", "the message stays on screen")

        // Not taken over: the slideup's URL opens and it closes; no dismissal callback for a click. One click is
        // logged for the display (the last), after the URL opened, as the message's window closes.
        delegate.takesBodyClicks = false
        XCTAssertTrue(ui.simulateTap())
        h.settle()
        XCTAssertTrue(h.labels(for: "s").contains("navigation.openURL"))
        XCTAssertEqual(h.states(of: "s").last, "dismissed")
        XCTAssertEqual(h.analytics(for: "s"), ["impression", "click"])
        let labels = h.labels(for: "s")
        XCTAssertLessThan(labels.firstIndex(of: "navigation.openURL")!, labels.firstIndex(of: "analytics.click")!)
        XCTAssertEqual(delegate.calls.filter { $0 == "dismissed" }, [])
        XCTAssertNil(ui.inAppMessageViewController)
    }

    func test_aBodyTapStopsTheSlideupsTimerAndItsClickIsLoggedWhenItLeaves() {
        let delegate = RecordingUIDelegate()
        delegate.takesBodyClicks = true
        let (h, appboy, ui) = start(delegate, [Fixtures.slideup(id: "s")])   // closes by itself after 5 s
        trigger(h, appboy, "s")
        XCTAssertTrue(ui.simulateTap())
        h.advance(by: 60)
        XCTAssertEqual(h.states(of: "s").last, "displayed", "upstream's tap stops the slide-away timer")
        XCTAssertEqual(h.analytics(for: "s"), ["impression"])
        XCTAssertTrue(ui.simulateSwipe())
        h.settle()
        XCTAssertEqual(h.states(of: "s").last, "dismissed")
        XCTAssertEqual(h.analytics(for: "s"), ["impression", "click"], "the tap is logged when the slideup leaves")
        XCTAssertEqual(delegate.calls.filter { $0 == "dismissed" }, ["dismissed"])
    }

    func test_buttonTapsGoToTheDelegateAndAModalWithButtonsHasNoBodyTap() {
        let delegate = RecordingUIDelegate()
        delegate.takesButtonClicks = true
        let (h, appboy, ui) = start(delegate, [Fixtures.modalTwoButtons(id: "m")])
        trigger(h, appboy, "m")
        XCTAssertFalse(ui.simulateTap(), "a modal with buttons has no body tap")
        XCTAssertFalse(ui.simulateTapButton(at: 2))
        XCTAssertTrue(ui.simulateTapButton(at: 1))
        h.settle()
        XCTAssertEqual(delegate.calls.last, "button 1")
        XCTAssertEqual(h.states(of: "m").last, "displayed")
        XCTAssertFalse(h.labels(for: "m").contains("navigation.openURL"))

        delegate.takesButtonClicks = false
        XCTAssertTrue(ui.simulateTapButton(at: 1))
        h.settle()
        // Two taps, one click logged: upstream's UI remembers the last clicked button and logs it as the message leaves.
        XCTAssertEqual(h.analytics(for: "m"), ["impression", "click"])
        XCTAssertEqual(h.trace.events(for: "m").filter { $0.kind == .analytics && $0.name == "click" }.map { $0.details["button"] },
                       ["1"])
        XCTAssertTrue(h.labels(for: "m").contains("navigation.openURL"), "button 1 opens its URL")
        XCTAssertEqual(h.states(of: "m").last, "dismissed")
        XCTAssertFalse(delegate.calls.contains("clicked"))
    }

    func test_dismissalCallbackForCloseSwipeOutsideTapAndTimerOnly() {
        let delegate = RecordingUIDelegate()
        let (h, appboy, ui) = start(delegate, [Fixtures.modal(id: "m"), Fixtures.slideup(id: "s", close: .userAction),
                                               Fixtures.slideup(id: "t", close: .automatic(after: 3))])
        trigger(h, appboy, "m")
        XCTAssertFalse(ui.simulateSwipe(), "a modal cannot be swiped")
        XCTAssertFalse(ui.simulateBackgroundTap(), "outside taps do nothing unless enabled")
        appboy.inAppMessageController.enableDismissModalOnOutsideTap = true
        XCTAssertTrue(ui.simulateBackgroundTap())
        h.settle()
        XCTAssertEqual(delegate.calls.filter { $0 == "dismissed" }.count, 1)

        trigger(h, appboy, "s")
        XCTAssertFalse(ui.simulateClose(), "a slideup has no close button")
        XCTAssertTrue(ui.simulateSwipe())
        h.settle()
        XCTAssertEqual(delegate.calls.filter { $0 == "dismissed" }.count, 2)

        trigger(h, appboy, "t")
        h.advance(by: 2.9)
        XCTAssertEqual(delegate.calls.filter { $0 == "dismissed" }.count, 2)
        h.advance(by: 0.2)
        XCTAssertEqual(h.states(of: "t").last, "dismissed")
        XCTAssertEqual(delegate.calls.filter { $0 == "dismissed" }.count, 3, "the timer counts as a dismissal")

        // The app closing it is not a dismissal by the user.
        trigger(h, appboy, "m")
        ui.hideCurrent(inAppMessage: true)
        h.settle()
        XCTAssertEqual(h.states(of: "m").last, "dismissed")
        XCTAssertEqual(delegate.calls.filter { $0 == "dismissed" }.count, 3)
    }

    func test_theDelegatesViewControllerIsUsedAndNoneKeepsTheMessageOffScreen() {
        let delegate = CustomViewDelegate()
        let (h, appboy, ui) = start(delegate, [Fixtures.slideup(id: "s", close: .userAction), Fixtures.modal(id: "m")])
        trigger(h, appboy, "s")
        XCTAssertEqual(h.displayCount("s"), 1)
        let vc = try! XCTUnwrap(delegate.made.first)
        XCTAssertTrue(ui.inAppMessageViewController === vc)
        XCTAssertEqual(vc.moves, ["beforeOn", "on"])
        vc.hideInAppMessage(true)
        h.settle()
        XCTAssertEqual(vc.moves, ["beforeOn", "on", "beforeOff", "off"])
        XCTAssertEqual(h.states(of: "s").last, "dismissed")

        trigger(h, appboy, "m")
        XCTAssertEqual(h.displayCount("m"), 0, "no view controller: not displayed")
        XCTAssertTrue(h.labels(for: "m").contains("diagnostic.noViewController"))
        XCTAssertEqual(h.states(of: "m").last, "failed")
        XCTAssertEqual(h.trace.events(for: "m").last { $0.kind == .state }?.details["reason"], "noView")
        XCTAssertEqual(h.analytics(for: "m"), [], "no impression for a message never drawn")
    }

    func test_theUIDelegatesDisplayQuestionComesAfterTheControllerDelegates() {
        let ui = RecordingUIDelegate()
        ui.displayChoice = .discardInAppMessage
        let (h, appboy, _) = start(ui, [Fixtures.slideup(id: "a"), Fixtures.slideup(id: "b")])
        trigger(h, appboy, "a")
        XCTAssertEqual(h.displayCount("a"), 0)
        XCTAssertEqual(h.states(of: "a").last, "discarded")
        XCTAssertEqual(h.trace.events(for: "a").last { $0.kind == .state }?.details["reason"], "discardedByDecision")
        XCTAssertEqual(ui.calls, ["before(keyboardIsUp: false)"])

        // A controller delegate that holds the message back: the UI delegate is not asked.
        let controllerDelegate = RecordingDelegate()
        controllerDelegate.script = [.discardInAppMessage]
        appboy.inAppMessageController.delegate = controllerDelegate
        trigger(h, appboy, "b")
        XCTAssertEqual(controllerDelegate.asked.count, 1)
        XCTAssertEqual(ui.calls.count, 1)
        XCTAssertEqual(h.callbacks(for: "b"), ["before(inAppMessageDisplayed:)"])
    }

    func test_htmlLinksGoToTheDelegateFirst() throws {
        let html = """
        <html><body><a id="ok" href="https://example.com/next?abButtonId=1">OK</a>
        <a id="close" href="appboy://close">Close</a></body></html>
        """
        let delegate = RecordingUIDelegate()
        delegate.takesLinks = true
        let message = InAppMessage(id: "h", content: .html(HTMLContent(html: html)), closeBehavior: .userAction)
        let (h, appboy, _) = start(delegate, [message])
        trigger(h, appboy, "h")
        let page = try XCTUnwrap(appboy.inAppMessageController.htmlPage)
        XCTAssertTrue(h.callbacks(for: "h").contains("setCustomWKWebViewConfiguration()"), "asked when the HTML message is shown")
        try page.tap(selector: "#ok")
        try page.tap(selector: "#close")
        h.settle()
        XCTAssertEqual(delegate.links, ["https://example.com/next?abButtonId=1 [1]", "appboy://close []"])
        XCTAssertEqual(h.states(of: "h").last, "displayed", "links the app handles are not followed, close included")
        XCTAssertEqual(h.analytics(for: "h"), ["impression"], "a followed link's click is logged when the message leaves")
        XCTAssertFalse(h.labels(for: "h").contains("navigation.openURL"))

        delegate.takesLinks = false
        try page.tap(selector: "#close")
        h.settle()
        XCTAssertEqual(h.states(of: "h").last, "dismissed")
        XCTAssertFalse(delegate.calls.contains("dismissed"), "an HTML message's close link is no dismissal callback")
        // As upstream's UI: each followed link replaced the remembered button id, and the close link has none.
        XCTAssertEqual(h.analytics(for: "h"), ["impression"])
    }

    func test_htmlLinkClicksAreRememberedAndLoggedAsTheMessageLeaves() throws {
        let delegate = RecordingUIDelegate()
        delegate.takesLinks = true
        let html = """
        <html><body><a id="ok" href="https://example.com/next?abButtonId=1">OK</a>
        <a id="no" href="appboy://close?abButtonId=0">No thanks</a><a id="more" href="https://example.com/more">More</a></body></html>
        """
        let messages = ["h", "h2"].map { InAppMessage(id: MessageID(rawValue: $0), content: .html(HTMLContent(html: html)), closeBehavior: .userAction) }
        let (h, appboy, ui) = start(delegate, messages)
        func clickButtons(_ id: MessageID) -> [String?] {
            h.trace.events(for: id).filter { $0.kind == .analytics && $0.name == "click" }.map { $0.details["button"] }
        }
        trigger(h, appboy, "h")
        // A button link taken over: remembered, logged when the app closes the message.
        try XCTUnwrap(appboy.inAppMessageController.htmlPage).tap(selector: "#ok")
        h.settle()
        XCTAssertEqual(h.analytics(for: "h"), ["impression"])
        ui.hideCurrent(inAppMessage: false)
        h.settle()
        XCTAssertEqual(clickButtons("h"), ["1"])

        // A close link with a button id logs that button as the message closes.
        delegate.takesLinks = false
        trigger(h, appboy, "h2")
        try XCTUnwrap(appboy.inAppMessageController.htmlPage).tap(selector: "#no")
        h.settle()
        XCTAssertEqual(h.states(of: "h2").last, "dismissed")
        XCTAssertEqual(clickButtons("h2"), ["0"])

        // A link without a button id: a body click for a full-page HTML message only (local messages record their
        // analytics as skipped).
        let controller = appboy.inAppMessageController
        for (object, clicks) in [(ABKInAppMessageHTML() as ABKInAppMessageHTMLBase, 0), (ABKInAppMessageHTMLFull(), 1)] {
            object.message = html
            object.inAppMessageDismissType = .manually
            controller.add(object)
            try XCTUnwrap(controller.htmlPage).tap(selector: "#more")
            h.settle()
            XCTAssertTrue(h.labels(for: object.messageID).contains("navigation.openURL"))
            XCTAssertEqual(h.states(of: object.messageID).last, "dismissed")
            let logged = h.trace.events(for: object.messageID).filter { $0.name == "analyticsSkipped" && $0.details["record"] == "click" }
            XCTAssertEqual(logged.count, clicks, "\(type(of: object))")
        }
    }

    func test_theUIControllingMethodsOfTheBuiltInUI() {
        let delegate = RecordingUIDelegate()
        let (h, appboy, ui) = start(delegate, [])
        let local = localSlideup("local")
        // The UI delegate answers the display question, with the keyboard as the simulated device has it.
        delegate.displayChoice = .displayInAppMessageLater
        h.setKeyboardVisible(true)
        XCTAssertTrue(ui.keyboardVisible)
        XCTAssertEqual(ui.getCurrentDisplayChoiceFor(local), .displayInAppMessageLater)
        XCTAssertEqual(delegate.calls, ["before(keyboardIsUp: true)"])
        ui.keyboardVisible = false
        XCTAssertFalse(ui.keyboardVisible, "set, it no longer follows the device")
        // Without a UI delegate: the controller delegate, else now (later while the keyboard is up).
        ui.uiDelegate = nil
        XCTAssertEqual(ui.getCurrentDisplayChoiceFor(local), .displayInAppMessageNow)
        ui.keyboardVisible = true
        XCTAssertEqual(ui.getCurrentDisplayChoiceFor(local), .reenqueueInAppMessage)
        XCTAssertEqual(ui.getCurrentDisplayChoiceForControl(local), .reenqueueInAppMessage)
        let controllerDelegate = RecordingDelegate()
        controllerDelegate.script = [.discardInAppMessage]
        appboy.inAppMessageController.delegate = controllerDelegate
        XCTAssertEqual(ui.getCurrentDisplayChoiceFor(local), .discardInAppMessage)
        XCTAssertEqual(ui.getCurrentDisplayChoiceForControl(local), .displayInAppMessageNow)
        // show(_:) displays without asking anyone.
        h.setKeyboardVisible(false)
        ui.show(local)
        h.settle()
        XCTAssertEqual(h.displayCount(local), 1)
        XCTAssertEqual(controllerDelegate.asked.count, 1, "only the direct question above")
        XCTAssertTrue(ui.inAppMessageCurrentlyVisible())
        ui.hideCurrent(inAppMessage: false)
        h.settle()
        XCTAssertFalse(ui.inAppMessageCurrentlyVisible())
        XCTAssertFalse(ui.simulateTap(), "nothing on screen")
        XCTAssertTrue(h.labels().contains("diagnostic.inputIgnored"))
    }

    // Objective-C matches optional requirements by selector, so implementations that drop the optional of the view
    // controller or name the older `ABKInAppMessageHTML` parameter are called on a device; they are here too.
    func test_implementationsSpelledAsObjectiveCAllowsAreCalled() throws {
        final class NonOptional: NSObject, ABKInAppMessageUIDelegate {
            var made: [ABKInAppMessageViewController] = []
            var links: [String] = []
            func inAppMessageViewControllerWith(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageViewController {
                let vc = inAppMessage is ABKInAppMessageSlideup ? CustomSlideupViewController(inAppMessage: inAppMessage)
                                                                : ABKInAppMessageHTMLViewController(inAppMessage: inAppMessage)
                made.append(vc)
                return vc
            }
            func onInAppMessageHTMLButtonClicked(_ inAppMessage: ABKInAppMessageHTML, clickedURL: URL?, buttonID buttonId: String) -> Bool {
                links.append(clickedURL?.absoluteString ?? "nil")
                return true
            }
        }
        let delegate = NonOptional()
        let html = InAppMessage(id: "h", content: .html(HTMLContent(html: "<a id=go href='https://example.com/go'>Go</a>")),
                                closeBehavior: .userAction)
        let (h, appboy, ui) = start(delegate, [Fixtures.slideup(id: "s", close: .userAction), html])
        trigger(h, appboy, "s")
        XCTAssertEqual(delegate.made.count, 1)
        XCTAssertTrue(ui.inAppMessageViewController is CustomSlideupViewController)
        ui.hideCurrent(inAppMessage: false)
        h.settle()
        trigger(h, appboy, "h")
        try XCTUnwrap(appboy.inAppMessageController.htmlPage).tap(selector: "#go")
        h.settle()
        XCTAssertEqual(delegate.links, ["https://example.com/go"])
        XCTAssertEqual(h.states(of: "h").last, "displayed", "the older spelling took the link over")
    }

    // The view controller the delegate returns is the one displayed, whatever message it was made with.
    func test_theDelegatesViewControllerIsUsedEvenWhenMadeWithAnotherMessage() {
        final class Placeholder: NSObject, ABKInAppMessageUIDelegate {
            let vc = CustomSlideupViewController(inAppMessage: ABKInAppMessageSlideup())
            func inAppMessageViewControllerWith(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageViewController? { vc }
        }
        let delegate = Placeholder()
        let (h, appboy, ui) = start(delegate, [Fixtures.slideup(id: "s", close: .userAction)])
        trigger(h, appboy, "s")
        XCTAssertTrue(ui.inAppMessageViewController === delegate.vc)
        XCTAssertEqual(delegate.vc.moves, ["beforeOn", "on"])
    }

    // Customization code finds the app's screen through ABKUIUtils, and moves slideups with `offset`.
    func test_uiHelpersAndTheSlideupOffset() {
        let window = UIWindow(windowScene: UIWindowScene())
        let root = UIViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        XCTAssertTrue(ABKUIUtils.activeApplicationViewController === root)
        let slideup = ABKInAppMessageSlideupViewController(inAppMessage: ABKInAppMessageSlideup())
        XCTAssertEqual(slideup.offset, 0)
        slideup.offset = 12
        XCTAssertEqual(slideup.offset, 12)
    }

    // Rule 28c's exception: with the keyboard up, the built-in UI starts from "later" and lets the UI delegate's
    // (deprecated) keyboard question, or else the controller delegate's display question, overrule it.

    func test_rule28c_withTheKeyboardUpTheUIDelegatesKeyboardQuestionDecides() {
        let delegate = RecordingUIDelegate()
        let (h, appboy, ui) = start(delegate, [Fixtures.slideup(id: "a"), Fixtures.slideup(id: "b"), Fixtures.slideup(id: "c")])
        h.setKeyboardVisible(true)
        trigger(h, appboy, "a")
        XCTAssertEqual(h.displayCount("a"), 1, "the UI delegate said now, knowing the keyboard is up")
        XCTAssertEqual(delegate.calls, ["before(keyboardIsUp: true)"])
        XCTAssertTrue(ui.simulateSwipe())
        h.settle()
        delegate.displayChoice = .reenqueueInAppMessage
        trigger(h, appboy, "b")
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: "b"), .stacked(.reenqueued))
        delegate.displayChoice = .discardInAppMessage
        trigger(h, appboy, "c")
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: "c"), .discarded(.discardedByDecision))
        XCTAssertEqual(delegate.calls.filter { $0.hasPrefix("before") }, Array(repeating: "before(keyboardIsUp: true)", count: 3))
        XCTAssertEqual(h.displayCount("b") + h.displayCount("c"), 0)
        XCTAssertTrue(h.labels().contains("callback.before(inAppMessageDisplayed:withKeyboardIsUp:)"))
    }

    func test_rule28c_withTheKeyboardUpAndNoOneToOverruleIt_theMessageWaitsForTheKeyboard() {
        // A UI delegate that does not implement the keyboard question, and no controller delegate.
        let delegate = CustomViewDelegate()
        let (h, appboy, _) = start(delegate, [Fixtures.slideup(id: "s")])
        h.setKeyboardVisible(true)
        trigger(h, appboy, "s")
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: "s"), .stacked(.keyboardVisible))
        XCTAssertFalse(h.labels().contains("callback.before(inAppMessageDisplayed:withKeyboardIsUp:)"),
                       "a question the delegate does not implement is not asked")
        XCTAssertEqual(h.displayCount("s"), 0)
    }

    func test_rule28c_withTheKeyboardUpTheControllerDelegateDoesNotOverruleTheKeyboard() {
        // A UI delegate without the keyboard question, and a controller delegate that says "now".
        let ui = CustomViewDelegate()
        let (h, appboy, _) = start(ui, [])
        let delegate = RecordingDelegate()
        appboy.inAppMessageController.delegate = delegate
        h.setKeyboardVisible(true)
        let waits = localSlideup("waits")
        appboy.inAppMessageController.add(waits)
        h.settle()
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: waits.messageID), .stacked(.keyboardVisible),
                       "the controller delegate's 'now' does not overrule the keyboard (rule 28c)")
        XCTAssertEqual(delegate.asked.map(\.messageID), [waits.messageID], "asked first, as upstream asks it before its UI")
        // Its other answers still decide.
        delegate.script = [.discardInAppMessage]
        let dropped = localSlideup("dropped")
        appboy.inAppMessageController.add(dropped)
        h.settle()
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: dropped.messageID), .discarded(.discardedByDecision))
        // Keyboard down: the message on the stack is displayed when offered again.
        h.setKeyboardVisible(false)
        appboy.inAppMessageController.displayNextInAppMessage()
        h.settle()
        XCTAssertEqual(h.displayCount(waits), 1)

        // Without a UI delegate nobody is asked while the keyboard is up: the message waits, as without the built-in UI.
        appboy.inAppMessageController.inAppMessageUIController?.hideCurrent(inAppMessage: false)
        (appboy.inAppMessageController.inAppMessageUIController as? ABKInAppMessageUIController)?.uiDelegate = nil
        h.setKeyboardVisible(true)
        let asked = delegate.asked.count
        let quiet = localSlideup("quiet")
        appboy.inAppMessageController.add(quiet)
        h.settle()
        XCTAssertEqual(appboy.inAppMessageController.presenter.state(of: quiet.messageID), .stacked(.keyboardVisible))
        XCTAssertEqual(delegate.asked.count, asked)
    }
}
