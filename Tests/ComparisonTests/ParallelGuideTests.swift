import Testing
import Foundation
import InAppTestSupport
import AEPCore
import AEPServices
import AEPMessaging
import AEPEdge
import AEPEdgeIdentity
import BrazeKit
import BrazeUI
import AppboyKit
import AppboyUI
#if canImport(UIKit)
import UIKit
#endif

// The worked examples of Docs/Porting.md (Adobe sample 04, Braze sample 09), Appboy samples 11 and 13 and a legacy
// UI delegate, as parameterized Swift Testing tests. Swift Testing runs every case of every test at the same time
// in one process; each case checks that it saw only its own world: its own delegate, shared instance, monitor, clock,
// device and trace. Sizes: OPENINAPP_PARALLEL_CASES cases per test (default 300), each repeating its example
// OPENINAPP_PARALLEL_ROUNDS times with a fresh harness (default 2). `.ci/stress` runs them under
// ThreadSanitizer.

enum ParallelSize {
    static var cases: Range<Int> {
        0..<(ProcessInfo.processInfo.environment["OPENINAPP_PARALLEL_CASES"].flatMap(Int.init) ?? 300)
    }
    static var rounds: Int {
        ProcessInfo.processInfo.environment["OPENINAPP_PARALLEL_ROUNDS"].flatMap(Int.init) ?? 2
    }
}

extension Harness {
    /// The message ids the trace mentions (one world sees only its own messages).
    var messageIDsInTrace: Set<MessageID> { Set(trace.events.compactMap(\.messageID)) }
}

@Suite("Porting.md examples in parallel")
struct ParallelGuideTests {
    // Issue 24's report as a new user writes it: Porting.md's Braze test, unchanged but for `#expect`, as a
    // parameterized test with half of the cases on a dark device. Before environments were per test, 2–4 of the 60
    // cases failed in about one run in five (the appearance of another test's device, `prepareWith` counted 0 times).
    // doc:begin guide-braze-parallel
    @Test(arguments: 0..<60)                             // 60 cases in parallel, half of them in dark mode
    func darkModeStillShowsTheLightTheme(i: Int) throws {
        let appearance: Appearance = i.isMultiple(of: 2) ? .dark : .light
        let harness = Harness(device: DeviceState(appearance: appearance))
        let braze = Braze(configuration: Braze.Configuration(apiKey: "API-KEY", endpoint: "sdk.example.com"))
        let delegate = GuideBrazeDelegate()
        let ui = BrazeInAppMessageUI()
        ui.delegate = delegate                               // weak: the test keeps `delegate`
        braze.inAppMessagePresenter = ui

        let message = Braze.InAppMessage.modal(.mockThemed) // light and dark themes, two buttons
        ui.present(message: message)

        let shown = try #require(ui.messageView?.modal)
        #expect(shown.theme == message.modal?.themes.light)
        let picture = try #require(ui.renderedMessage)      // the headless layout, as `iam render` draws it
        #expect(picture.appearance == appearance)
        #expect(picture.boxes(.button).count == 2)
        #expect(harness.callbacks().filter { $0.contains("prepareWith") }.count == 1)
    }
    // doc:end

    // MARK: Adobe sample 04 (Porting.md §4)

    @Test(arguments: ParallelSize.cases)
    func adobeHeldMessageIsShownLater(i: Int) throws {
        for round in 0..<ParallelSize.rounds {
            try adobeExample(i: i, round: round)
        }
    }

    private func adobeExample(i: Int, round: Int) throws {
        let harness = Harness()
        let handler = GuideAdobeHandler()
        let holds = i.isMultiple(of: 2)
        handler.someOtherWorkflowStatus = holds ? "inProgress" : ""
        MobileCore.messagingDelegate = handler               // this test's slot: other tests set their own
        let id = "welcome-\(i)-\(round)"

        #expect(try Messaging.loadPropositions(try inAppProposition(id: id, html: "<p>Welcome \(i)</p>")) == [id])
        Messaging.showMessage(forItem: id)
        #expect(harness.settle())                            // shouldShowMessage ran on this world's background queue

        if holds {
            #expect(handler.currentMessage?.id == id)
            #expect(harness.states(of: "\(id)").last == "suppressed")
            handler.otherWorkflowFinished()
            #expect(harness.settle())
        }
        #expect(harness.states(of: "\(id)").last == "displayed")
        #expect(harness.callbacks(inOrder: ["shouldShowMessage", "onShow"], for: "\(id)").holds)
        #expect(harness.callbacks(for: "\(id)").filter { $0 == "shouldShowMessage" }.count == 1)
        #expect(harness.messageIDsInTrace == ["\(id)"], "another test's message reached this trace")
        #expect(Messaging.loadedItemIds == [id])
        #expect(Messaging.eventLog.edgeEventTypes(for: id).first == .trigger)
        #expect(ServiceProvider.shared.messagingDelegate === handler)
        #expect(Harness.current === harness)
    }

    // MARK: Adobe proposition flow (Porting.md §6) with the SDK set-up around it

    @Test(arguments: ParallelSize.cases)
    func adobeSurfaceContentAndSetUpStayInTheirWorld(i: Int) throws {
        let harness = Harness()
        let verbose = i.isMultiple(of: 2)
        // The app's start-up: each case registers and configures its own SDK.
        MobileCore.setLogLevel(verbose ? .debug : .error)
        MobileCore.registerExtensions([Messaging.self, Edge.self, Identity.self])
        let email = IdentityMap()
        email.add(item: IdentityItem(id: "user\(i)@example.com"), withNamespace: "Email")
        Identity.updateIdentities(with: email)

        EdgeNetwork.current.bundleIdentifier = "com.example.app\(i)"
        let home = Surface(path: "home")
        #expect(home.uri == "mobileapp://com.example.app\(i)/home")
        try EdgeNetwork.current.respond(toSurface: home.uri, withJSON: """
            [{"id": "prop-\(i)", "scope": "\(home.uri)", "scopeDetails": {"activity": {"id": "activity-\(i)"}},
              "items": [{"id": "item-\(i)", "schema": "https://ns.adobe.com/personalization/json-content-item",
                         "data": {"content": {"title": "Sale \(i)"}}}]}]
            """)
        let title = Locked<String?>(nil)
        let emails = Locked<[String]>([])
        Messaging.updatePropositionsForSurfaces([home]) { success in
            guard success else { return }
            Messaging.getPropositionsForSurfaces([home]) { propositionsBySurface, error in
                guard error == nil, let item = propositionsBySurface?[home]?.first?.items.first else { return }
                title.withLock { $0 = item.jsonContentDictionary?["title"] as? String }
                item.track(withEdgeEventType: .display)
            }
        }
        Identity.getIdentities { map, _ in
            emails.withLock { $0 = map?.getItems(withNamespace: "Email")?.map(\.id) ?? [] }
        }
        #expect(harness.settle())

        #expect(title.snapshot == "Sale \(i)")
        #expect(EdgeNetwork.current.xdmEventTypes == ["personalization.request", "decisioning.propositionDisplay"])
        #expect(emails.snapshot == ["user\(i)@example.com"], "another test's identities reached this one")
        // Registration happened in this world: each extension once, after the Configuration extension.
        let registered = harness.trace.events.filter { $0.name == "extensionRegistered" }.compactMap { $0.details["extension"] }
        #expect(registered == ["com.adobe.module.configuration", "com.adobe.messaging", "com.adobe.edge", "com.adobe.edge.identity"])
        // The log level is this case's: debug lines only where it asked for them.
        let debugLines = harness.trace.events.filter { $0.name == "log" && $0.details["level"] == "DEBUG" }
        #expect(debugLines.isEmpty == !verbose)
        #expect(harness.messageIDsInTrace.allSatisfy { $0.description.hasSuffix("-\(i)") })
    }

    // MARK: Braze sample 09 (Porting.md §5), with the trait

    @Test(.inAppHarness(appearance: .dark), arguments: ParallelSize.cases)
    func brazeDarkThemeRemovedInItsOwnHarness(i: Int) throws {
        let harness = try #require(Harness.current)
        for round in 0..<ParallelSize.rounds {
            let braze = Braze(configuration: Braze.Configuration(apiKey: "key-\(i)", endpoint: "sdk.example.com"))
            let delegate = GuideBrazeDelegate()
            let ui = BrazeInAppMessageUI()
            ui.delegate = delegate
            braze.inAppMessagePresenter = ui
            #expect(ui.environment === harness.environment)

            var message = Braze.InAppMessage.modal(.mockThemed)
            message.data.id = "promo-\(i)-\(round)"
            ui.present(message: message)

            let shown = try #require(ui.messageView?.modal)
            #expect(shown.theme == message.modal?.themes.light)
            #expect(try #require(ui.renderedMessage).appearance == .dark)
            #expect(harness.callbacks(inOrder: ["inAppMessage(_:prepareWith:)"], for: "promo-\(i)-\(round)").holds)
            ui.dismiss()
            #expect(harness.states(inOrder: ["displayed", "dismissed"], of: "promo-\(i)-\(round)").holds)
        }
        #expect(harness.messageIDsInTrace == Set((0..<ParallelSize.rounds).map { "promo-\(i)-\($0)" }))
        #expect(harness.callbacks().filter { $0.contains("prepareWith") }.count == ParallelSize.rounds)
    }

    // MARK: Appboy samples 11 and 13

    final class CaseDelegate: NSObject, ABKInAppMessageControllerDelegate, @unchecked Sendable {
        var asked: [ABKInAppMessage] = []
        func before(inAppMessageDisplayed inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
            asked.append(inAppMessage)
            return .displayInAppMessageNow
        }
    }

    /// A legacy UI delegate that takes every body tap over and remembers what it saw.
    final class CaseUIDelegate: NSObject, ABKInAppMessageUIDelegate, @unchecked Sendable {
        var clicked: [String] = []
        func onInAppMessageClicked(_ inAppMessage: ABKInAppMessage) -> Bool {
            clicked.append(inAppMessage.message)
            return true
        }
    }

    // The legacy UI delegate, set with the documented line in every case at once: each case's tap reaches its own
    // delegate through its own shared instance's built-in UI (AppboyUI), and its take-over keeps its own message.
    @Test(arguments: ParallelSize.cases)
    func appboyUIDelegateInItsOwnWorld(i: Int) throws {
        let harness = Harness()
        Appboy.start(withApiKey: "ui-\(i)", in: UIApplication.shared, withLaunchOptions: nil, withAppboyOptions: nil)
        let delegate = CaseUIDelegate()
        Appboy.sharedInstance()?.inAppMessageController.inAppMessageUIController?.setInAppMessageUIDelegate?(delegate)
        let slideup = ABKInAppMessageSlideup()
        slideup.message = "case \(i)"
        slideup.inAppMessageDismissType = .manually
        Appboy.sharedInstance()!.inAppMessageController.add(slideup)
        #expect(harness.settle())
        let ui = try #require(Appboy.sharedInstance()?.inAppMessageController.inAppMessageUIController as? ABKInAppMessageUIController)
        #expect(ui.simulateTap())
        #expect(delegate.clicked == ["case \(i)"])
        #expect(ui.inAppMessageCurrentlyVisible(), "taken over: the message stays")
        #expect(harness.messageIDsInTrace.count == 1, "another test's message reached this trace")
    }

    @Test(arguments: ParallelSize.cases)
    func appboyLocalSlideupInItsOwnSharedInstance(i: Int) throws {
        for round in 0..<ParallelSize.rounds {
            let harness = Harness(device: DeviceState(orientation: i.isMultiple(of: 3) ? .landscapeLeft : .portrait))
            // Sample 11's start, with this case's key.
            Appboy.start(withApiKey: "key-\(i)-\(round)", in: UIApplication.shared, withLaunchOptions: nil,
                         withAppboyOptions: [ABKMinimumTriggerTimeIntervalKey: 5])
            let appboy = try #require(Appboy.sharedInstance())
            #expect(appboy.apiKey == "key-\(i)-\(round)")
            #expect(appboy.deliveryEngine.minimumTriggerInterval == 5)
            let delegate = CaseDelegate()
            appboy.inAppMessageController.delegate = delegate

            // Sample 13's lines.
            let customInAppMessage = ABKInAppMessageSlideup.init()
            customInAppMessage.message = "YOUR_CUSTOM_SLIDEUP_MESSAGE \(i)"
            customInAppMessage.duration = 2.5
            customInAppMessage.extras = ["case": "\(i)-\(round)"]
            Appboy.sharedInstance()!.inAppMessageController.add(customInAppMessage)
            #expect(harness.settle())                        // the delegate is asked on the main thread

            #expect(delegate.asked.count == 1)
            #expect(delegate.asked.first === customInAppMessage)
            harness.advance(by: 2.5)                         // this world's clock only
            #expect(harness.now == 2.5)
            #expect(harness.labels(inOrder: ["delivery.localMessage", "callback.before(inAppMessageDisplayed:)",
                                             "state.displayed", "state.dismissed"]).holds)
            #expect(harness.messageIDsInTrace.count == 1, "another test's message reached this trace")
            #expect(harness.trace.events.filter { $0.name == "started" }.count == 1)
        }
    }

    // MARK: Work that hops threads stays in its world

    final class ThreadCheckingDelegate: MessagingDelegate, @unchecked Sendable {
        let expected: Harness
        var sawOwnWorld: [Bool] = []
        init(expected: Harness) { self.expected = expected }
        func onShow(message: Showable) { check() }
        func onDismiss(message: Showable) { check() }
        func shouldShowMessage(message: Showable) -> Bool { check(); return true }
        private func check() {
            // Called on the environment's background queue and on main: the globals still resolve to this test.
            sawOwnWorld.append(Harness.current === expected && ServiceProvider.shared.messagingDelegate === self)
        }
    }

    @Test(arguments: ParallelSize.cases)
    func backgroundAndMainCallbacksSeeTheirOwnWorld(i: Int) throws {
        let harness = Harness()
        let delegate = ThreadCheckingDelegate(expected: harness)
        MobileCore.messagingDelegate = delegate
        _ = try Messaging.loadPropositions(try inAppProposition(id: "item-\(i)", html: "<p>\(i)</p>"))
        let message = try #require(Messaging.showMessage(forItem: "item-\(i)"))   // asks shouldShowMessage
        #expect(harness.settle())
        message.dismiss()
        #expect(harness.settle())
        #expect(harness.callbacks(inOrder: ["shouldShowMessage", "onShow", "onDismiss"], for: "item-\(i)").holds)
        #expect(delegate.sawOwnWorld == [true, true, true])
    }

    @Test(.inAppHarness, arguments: 0..<50)
    func childTasksInheritTheTraitsHarness(i: Int) async throws {
        let harness = try #require(Harness.current)
        async let fromChild: MessagingEnvironment = { BrazeInAppMessageUI().environment }()
        await Task.yield()
        #expect(await fromChild === harness.environment)
        let detachedSeesOwn = await Task.detached { Harness.current === harness }.value
        #expect(!detachedSeesOwn, "a detached task leaves the scope, as task-local values do")
    }
}

// MARK: A finished test's world is released

/// Weak references to one test's world, read after the test's task ended.
final class WorldProbe: @unchecked Sendable {
    private let lock = NSLock()
    private weak var _environment: MessagingEnvironment?
    private weak var _provider: ServiceProvider?
    private weak var _appboy: Appboy?
    func record(_ environment: MessagingEnvironment, _ provider: ServiceProvider, _ appboy: Appboy?) {
        lock.lock(); _environment = environment; _provider = provider; _appboy = appboy; lock.unlock()
    }
    /// The environment is gone, or alive only as the process-wide fallback (the last one installed), as in XCTest.
    ///
    /// Tests running in parallel install their own environments as the fallback at any moment, so the answer is read
    /// in one step: the fallback first (held strongly, so it cannot go away during the check), then the weak
    /// reference. Two things can hold the environment for an instant after the test's work is done: the thread that
    /// just replaced it as the fallback (it releases the old one after storing the new one), and the main queue's
    /// last block of the test (`settle()` returns when the block's work has ended, before the queue releases the
    /// block). So a negative answer is read again after a turn of the main queue; an environment that something else
    /// keeps stays alive and fails the check.
    func environmentIsReleasedOrProcessWide() async -> Bool {
        for _ in 0..<100 {
            let fallback = MessagingEnvironment.processWide
            let ownIsGoneOrFallback: Bool = {
                lock.lock(); defer { lock.unlock() }
                return _environment == nil || _environment === fallback
            }()
            if ownIsGoneOrFallback { return true }
            await MainActor.run {}
            await Task.yield()
        }
        return false
    }
    var alive: [String] {
        lock.lock(); defer { lock.unlock() }
        return [_environment == nil ? nil : "environment", _provider == nil ? nil : "ServiceProvider",
                _appboy == nil ? nil : "Appboy"].compactMap { $0 }
    }
}

@Test func aFinishedTestsWorldIsReleased() async throws {
    let probe = WorldProbe()
    try await Task {
        let harness = Harness()
        let handler = GuideAdobeHandler()
        MobileCore.messagingDelegate = handler
        _ = try Messaging.loadPropositions(try inAppProposition(id: "gone", html: "<p>x</p>"))
        let message = Messaging.showMessage(forItem: "gone")
        #expect(harness.settle())
        message?.dismiss()
        #expect(harness.settle())
        Appboy.start(withApiKey: "k", in: UIApplication.shared, withLaunchOptions: nil, withAppboyOptions: nil)
        probe.record(harness.environment, ServiceProvider.shared, Appboy.sharedInstance())
        #expect(probe.alive == ["environment", "ServiceProvider", "Appboy"])
    }.value
    // The harness, and with it the test's vendor singletons, went away with the task; nothing else kept them
    // (the environment itself stays only while it is the process-wide fallback).
    #expect(probe.alive.filter { $0 != "environment" } == [])
    #expect(await probe.environmentIsReleasedOrProcessWide())
    #expect(MessagingEnvironment.resolve().resolution == .processWide)
}
