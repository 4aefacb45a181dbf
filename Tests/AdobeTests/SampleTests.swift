import XCTest
import Foundation
import InAppCore
import InAppTestSupport
import AEPCore
import AEPServices
@testable import AEPMessaging
#if canImport(WebKit)
import WebKit
#endif

// The five Adobe documentation samples (shared/conformance/samples/01–05), their code reproduced in test
// classes, driven through the harness. Manifest behaviours B01.1–B05.3.

// MARK: Sample 01 — register the messaging delegate

private final class Sample01Handler: MessagingDelegate, @unchecked Sendable {
    let seen = Locked([String]())
    func onShow(message: Showable) { seen.withLock { $0.append("onShow") } }
    func onDismiss(message: Showable) { seen.withLock { $0.append("onDismiss") } }
    func shouldShowMessage(message: Showable) -> Bool { seen.withLock { $0.append("shouldShowMessage") }; return true }
}

/// Sample 01 verbatim body (a local `let`, as the documentation wraps it).
private final class Sample01EmptyHandler: MessagingDelegate {
    func onShow(message: Showable) {}
    func onDismiss(message: Showable) {}
    func shouldShowMessage(message: Showable) -> Bool { true }
}
private func registerMessagingDelegate() {
let myMessagingDelegate = Sample01EmptyHandler()

MobileCore.messagingDelegate = myMessagingDelegate
}

final class Sample01Tests: AdobeTestCase {
    func test_B01_1_shouldShowMessageCalledBeforeEachQualifyingMessage() throws {
        let handler = Sample01Handler()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON(itemId: "first"))
        let first = try XCTUnwrap(Messaging.showMessage(forItem: "first"))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.seen.snapshot, ["shouldShowMessage", "onShow"])
        XCTAssertEqual(harness.states(of: "first").last, "displayed")
        XCTAssertNil(Harness.missingSubsequence(["decision.show", "state.displayed", "callback.onShow"],
                                                in: harness.labels(for: "first")))
        // the decision comes before display in the trace
        let labels = harness.labels(for: "first")
        XCTAssertLessThan(try XCTUnwrap(labels.firstIndex(of: "callback.shouldShowMessage")),
                          try XCTUnwrap(labels.firstIndex(of: "state.displayed")))
        first.dismiss()
        XCTAssertTrue(harness.settle())
        // and again for the next qualifying message
        try Messaging.loadPropositions(propositionJSON(itemId: "second"))
        Messaging.showMessage(forItem: "second")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.seen.snapshot.filter { $0 == "shouldShowMessage" }.count, 2)
    }

    func test_B01_2_onShowWhenDisplayedOnDismissWhenDismissed() throws {
        let handler = Sample01Handler()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON())
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.seen.snapshot, ["shouldShowMessage", "onShow"])
        message.dismiss()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.seen.snapshot, ["shouldShowMessage", "onShow", "onDismiss"])
        XCTAssertEqual(harness.states(of: "abc").suffix(2), ["dismissing", "dismissed"])
    }

    func test_B01_3_oneSlotSecondAssignmentReplacesNilUnregisters() throws {
        let first = Sample01Handler()
        let second = Sample01Handler()
        MobileCore.messagingDelegate = first
        MobileCore.messagingDelegate = second
        try Messaging.loadPropositions(propositionJSON())
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(first.seen.snapshot, [])
        XCTAssertEqual(second.seen.snapshot, ["shouldShowMessage", "onShow"])
        message.dismiss()
        XCTAssertTrue(harness.settle())

        MobileCore.messagingDelegate = nil
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(second.seen.snapshot, ["shouldShowMessage", "onShow", "onDismiss"], "unregistered delegate not called")
        XCTAssertEqual(harness.trace.events.filter { $0.kind == .state && $0.name == "displayed" }.count, 2,
                       "without a delegate the message displays without consultation")
    }

    func test_B01_4_slotIsWeakSoTheSampleLocalHandlerIsGone() throws {
        registerMessagingDelegate()
        XCTAssertNil(ServiceProvider.shared.messagingDelegate, "the slot holds the delegate weakly (documented choice)")
        try Messaging.loadPropositions(propositionJSON())
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(harness.states(of: "abc").last, "displayed")
        XCTAssertFalse(harness.callbacks(for: "abc").contains("shouldShowMessage"))
    }
}

// MARK: Sample 02 — onShow gets the parent Message

private final class Sample02Handler: MessagingDelegate, @unchecked Sendable {
    let printed = Locked([String]())
    /// Captures what the sample prints.
    func print(_ line: String) { printed.withLock { $0.append(line) } }
    func onDismiss(message: Showable) {}
    func shouldShowMessage(message: Showable) -> Bool { true }
func onShow(message: Showable) {
    let fullscreenMessage = message as? FullscreenMessage
    let message = fullscreenMessage?.parent
    print("message was shown \(message?.id ?? "undefined")")
}
}

final class Sample02Tests: AdobeTestCase {
    func test_B02_1_showableIsAFullscreenMessage() throws {
        let delegate = RecordingDelegate()
        var kinds: [String] = []
        delegate.onShouldShow = { kinds.append($0 == nil ? "other" : "FullscreenMessage") }
        MobileCore.messagingDelegate = delegate
        try Messaging.loadPropositions(propositionJSON())
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(kinds, ["FullscreenMessage"])
    }

    func test_B02_2_parentIsTheWrappingMessage() throws {
        let delegate = RecordingDelegate()
        var parents: [Message?] = []
        delegate.onShouldShow = { parents.append($0?.parent) }
        MobileCore.messagingDelegate = delegate
        try Messaging.loadPropositions(propositionJSON())
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(parents.count, 1)
        XCTAssertTrue(parents.first! === message)
        XCTAssertEqual(delegate.all.map(\.messageID), ["abc", "abc"])
    }

    func test_B02_3_samplePrintsMessageIdOrUndefined() throws {
        let handler = Sample02Handler()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON(itemId: "abc"))
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.printed.snapshot, ["message was shown abc"])
        message.dismiss()
        XCTAssertTrue(harness.settle())

        // a FullscreenMessage made directly by the UI service has no parent
        let bare = try XCTUnwrap(ServiceProvider.shared.uiService.createFullscreenMessage(
            payload: "<p>x</p>", listener: nil, isLocalImageUsed: false) as? FullscreenMessage)
        bare.show()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.printed.snapshot, ["message was shown abc", "message was shown undefined"])
    }
}

// MARK: Sample 03 — suppress in shouldShowMessage

private final class Sample03Handler: MessagingDelegate, @unchecked Sendable {
    var someOtherWorkflowStatus = ""
    let log = Locked([String]())
    let mainThreadSeen = Locked([Bool]())
    func onShow(message: Showable) { log.withLock { $0.append("onShow") } }
    func onDismiss(message: Showable) { log.withLock { $0.append("onDismiss") } }
func shouldShowMessage(message: Showable) -> Bool {
    mainThreadSeen.withLock { $0.append(Thread.isMainThread) }
    if someOtherWorkflowStatus == "inProgress" {
        return false
    }

    return true
}
}

final class Sample03Tests: AdobeTestCase {
    func test_B03_1_shouldShowMessageCalledBeforeDisplay() throws {
        let handler = Sample03Handler()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON())
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.mainThreadSeen.snapshot.count, 1)
        XCTAssertNil(Harness.missingSubsequence(["callback.shouldShowMessage", "decision.show", "state.displayed", "callback.onShow"],
                                                in: harness.labels(for: "abc")))
    }

    func test_B03_2_returningFalseSuppresses() throws {
        let handler = Sample03Handler()
        handler.someOtherWorkflowStatus = "inProgress"
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON())
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.log.snapshot, [], "neither onShow nor onDismiss")
        XCTAssertEqual(harness.states(of: "abc").last, "suppressed")
        XCTAssertNil(message.view?.superview, "not on screen")
        XCTAssertEqual(harness.callbacks(for: "abc").filter { !$0.hasPrefix("listener.overrideUrlLoad") && $0 != "listener.webViewDidFinishInitialLoading" },
                       ["shouldShowMessage", "listener.onShowFailure", "listener.onError"])
    }

    func test_B03_3_returningTrueDisplaysAndCallsOnShow() throws {
        let handler = Sample03Handler()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON())
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.log.snapshot, ["onShow"])
        XCTAssertEqual(harness.states(of: "abc").last, "displayed")
        XCTAssertNotNil(message.view?.superview, "on screen")
    }

    func test_B03_4_shouldShowMessageRunsOffMainThread() throws {
        XCTAssertTrue(Thread.isMainThread)
        let handler = Sample03Handler()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON())
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.mainThreadSeen.snapshot, [false])
        let event = try XCTUnwrap(harness.trace.events.first { $0.label == "callback.shouldShowMessage" })
        XCTAssertFalse(event.onMainThread)
        XCTAssertEqual(event.thread, "background")
    }
}

// MARK: Sample 04 — store the suppressed message, show it later

private final class Sample04Handler: MessagingDelegate, @unchecked Sendable {
    var someOtherWorkflowStatus = ""
    var anotherWorkflowStatus = ""
    let log = Locked([String]())
    func onShow(message: Showable) { log.withLock { $0.append("onShow \((message as? FullscreenMessage)?.parent?.id ?? "?")") } }
    func onDismiss(message: Showable) {}
    func recordShouldShow() { log.withLock { $0.append("shouldShowMessage") } }
var currentMessage: Message?

func otherWorkflowFinished() {
    anotherWorkflowStatus = "complete"
    currentMessage?.show()
}

func shouldShowMessage(message: Showable) -> Bool {
    recordShouldShow()
    if someOtherWorkflowStatus == "inProgress" {
        let fullscreenMessage = message as? FullscreenMessage

        // store the current message for later use
        currentMessage = fullscreenMessage?.parent

        return false
    }

    return true
}
}

final class Sample04Tests: AdobeTestCase {
    private func suppressed() throws -> Sample04Handler {
        let handler = Sample04Handler()
        handler.someOtherWorkflowStatus = "inProgress"
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON(itemId: "abc"))
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        return handler
    }

    func test_B04_1_suppressedMessageNotShownNoOnShow() throws {
        let handler = try suppressed()
        XCTAssertEqual(handler.log.snapshot, ["shouldShowMessage"])
        XCTAssertEqual(harness.states(of: "abc").last, "suppressed")
    }

    func test_B04_2_storedMessageStaysUsable() throws {
        let handler = try suppressed()
        let stored = try XCTUnwrap(handler.currentMessage)
        XCTAssertEqual(stored.id, "abc")
        XCTAssertNotNil(stored.view as? WKWebView, "web view kept after suppression")
        XCTAssertNotNil(stored.fullscreenMessage?.parent)
    }

    func test_B04_3_laterShowBypassesShouldShowMessage() throws {
        let handler = try suppressed()
        handler.otherWorkflowFinished()
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.log.snapshot, ["shouldShowMessage", "onShow abc"], "no second shouldShowMessage")
        XCTAssertEqual(harness.states(of: "abc").last, "displayed")
        XCTAssertNotNil(handler.currentMessage?.view?.superview)
    }

    func test_B04_4_laterQualifyingMessagesStillConsultTheDelegate() throws {
        let handler = try suppressed()
        handler.otherWorkflowFinished()
        XCTAssertTrue(harness.settle())
        handler.currentMessage?.dismiss()
        XCTAssertTrue(harness.settle())
        handler.someOtherWorkflowStatus = ""
        try Messaging.loadPropositions(propositionJSON(itemId: "next"))
        Messaging.showMessage(forItem: "next")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.log.snapshot, ["shouldShowMessage", "onShow abc", "shouldShowMessage", "onShow next"])
    }
}

// MARK: Sample 05 — integrate the message's web view

private final class Sample05Handler: MessagingDelegate, @unchecked Sendable {
    var shouldIntegrateMessageDirectly = true
    let log = Locked([String]())
    func onShow(message: Showable) { log.withLock { $0.append("onShow") } }
    func onDismiss(message: Showable) {}
    var sawMainThread: Bool?
var inAppMessageView: WKWebView?

func shouldShowMessage(message: Showable) -> Bool {
    sawMainThread = Thread.isMainThread
    if shouldIntegrateMessageDirectly {
        let fullscreenMessage = message as? FullscreenMessage
        let message = fullscreenMessage?.parent

        inAppMessageView = message?.view as? WKWebView

        return false
    }

    return true
}
}

final class Sample05Tests: AdobeTestCase {
    func test_B05_1_returningFalseLeavesDisplayToTheApp() throws {
        let handler = Sample05Handler()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON())
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.log.snapshot, [])
        XCTAssertEqual(harness.states(of: "abc").last, "suppressed")
        XCTAssertNil(handler.inAppMessageView?.superview, "the SDK did not put it on screen")
    }

    func test_B05_2_webViewExistsBeforeDelegateIsConsulted() throws {
        let handler = Sample05Handler()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON())
        let message = try XCTUnwrap(Messaging.showMessage(forItem: "abc"))
        XCTAssertTrue(harness.settle())
        let view = try XCTUnwrap(handler.inAppMessageView)
        XCTAssertTrue(view === message.view)
        // the app can integrate it: the HTML is loaded, and script handlers work
        var received: [String] = []
        message.handleJavascriptMessage("buttonClicked") { received.append(($0 as? String) ?? "?") }
        XCTAssertTrue(harness.settle())   // registered on a later main-queue turn, as upstream
        view.evaluateJavaScript("window.webkit.messageHandlers.buttonClicked.postMessage('hi')", completionHandler: nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(received, ["hi"])
    }

    func test_B05_3_shouldShowMessageOnBackgroundThread() throws {
        let handler = Sample05Handler()
        MobileCore.messagingDelegate = handler
        try Messaging.loadPropositions(propositionJSON())
        Messaging.showMessage(forItem: "abc")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(handler.sawMainThread, false)
    }
}
