import XCTest
import Foundation
import InAppTestSupport
import AEPCore
@testable import AEPServices
@testable import AEPMessaging
@testable import BrazeKit
@testable import BrazeUI
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// 16 threads × OPENINAPP_STRESS_OPS mixed operations through each vendor facade, then the invariants a user
/// relies on: one message on screen at a time, show/dismiss callbacks paired, no message lost, stack invariants.
final class FacadeConcurrencyStressTests: XCTestCase {
    static let threads = 16

    override func tearDown() {
        ServiceProvider.shared.messagingDelegate = nil
        ServiceProvider.shared.resetAppOnlyServices()
        Messaging.clearPropositions()
        super.tearDown()
    }

    // MARK: Adobe

    /// A messaging delegate that counts its callbacks and refuses some messages (by id).
    final class CountingDelegate: MessagingDelegate, @unchecked Sendable {
        let shows = Locked(0), dismisses = Locked(0), asks = Locked(0)
        let refusesEvery: Int
        init(refusesEvery: Int) { self.refusesEvery = refusesEvery }
        func onShow(message: any Showable) { shows.withLock { $0 += 1 } }
        func onDismiss(message: any Showable) { dismisses.withLock { $0 += 1 } }
        func shouldShowMessage(message: any Showable) -> Bool {
            asks.withLock { $0 += 1 }
            guard let id = (message as? FullscreenMessage)?.id.rawValue else { return true }
            return abs(id.hashValue) % refusesEvery != 0
        }
    }

    func testAdobeFacadeUnderSixteenThreadsKeepsInvariants() {
        let h = Harness(device: DeviceState(statusBarHeight: 0), traceLimit: 2_000)
        ServiceProvider.shared.resetAppOnlyServices()
        let service = ServiceProvider.shared.builtInUIService
        let tally = TraceTally(trace: h.trace, callbacks: ["listener.onShow", "listener.onDismiss", "onShow", "onDismiss"])
        let delegates = [CountingDelegate(refusesEvery: 5), CountingDelegate(refusesEvery: 3), CountingDelegate(refusesEvery: 1_000_000)]
        MobileCore.messagingDelegate = delegates[0]
        // A rule that qualifies item "r" on the action "stress" (MobileCore.track → Messaging).
        XCTAssertNoThrow(try Messaging.loadPropositions(#"""
        {"propositions": [{"id": "p", "scope": "mobileapp://app", "scopeDetails": {"activity": {"id": "a"}},
          "items": [{"id": "rs", "schema": "https://ns.adobe.com/personalization/ruleset-item", "data": {"version": 1, "rules": [
            {"condition": {"type": "matcher", "definition": {"key": "action", "matcher": "eq", "values": ["stress"]}},
             "consequences": [{"detail": {"id": "r", "schema": "https://ns.adobe.com/personalization/message/in-app",
               "data": {"contentType": "text/html", "content": "<p>rule</p><a href='adbinapp://dismiss?interaction=ok'>ok</a>"}}}]}]}}]}]}
        """#))
        let html = "<p>hi</p><a id='x' href='adbinapp://dismiss?interaction=closed'>x</a>"
        let delivered = Locked([MessageID]())
        let ops = StressSize.opsPerThread

        runThreads(Self.threads) { t in
            var rng = Rng(seed: UInt64(t))
            var pool: [Message] = []
            func pick() -> Message? { pool.isEmpty ? nil : pool[rng.below(pool.count)] }
            for i in 0..<ops {
                // Back-pressure: the main thread builds web views and runs dismissals; without it the workers
                // would finish long before main starts, and shows and dismissals would never interleave.
                if i % 8 == 7 { DispatchQueue.main.sync {} }
                switch rng.below(15) {
                case 0, 1:
                    let m = Message(id: "a\(t)-\(i)", html: html)
                    guard let fs = m.fullscreenMessage else { continue }
                    delivered.withLock { $0.append(fs.id) }
                    if pool.count < 8 { pool.append(m) } else { pool[rng.below(8)] = m }
                    if rng.below(2) == 0 { m.show() } else { m.show(withMessagingDelegateControl: true) }
                case 2:
                    MobileCore.track(action: "stress", data: nil)
                case 3:
                    for m in Messaging.track(action: "stress") {
                        if let fs = m.fullscreenMessage { delivered.withLock { $0.append(fs.id) } }
                    }
                case 4, 5: pick()?.dismiss(suppressAutoTrack: rng.below(2) == 0)
                case 6: pick()?.fullscreenMessage?.hide()
                case 7: pick()?.show()
                case 8:
                    // A tap on the message's close link (navigation policy → overrideUrlLoad), on main as UIKit would.
                    if let view = pick()?.view as? WKWebView {
                        let box = UncheckedSendable(view)
                        h.environment.main.execute { _ = try? box.value.tap(elementID: "x") }
                    }
                case 9:
                    switch rng.below(4) {
                    case 0: MobileCore.messagingDelegate = nil
                    case 1: MobileCore.setMessagingDelegate(delegates[rng.below(3)])
                    default: MobileCore.messagingDelegate = delegates[rng.below(3)]
                    }
                case 10: h.clock.advance(by: Double(rng.below(3)))
                case 11: h.device.rotate(to: rng.below(2) == 0 ? .portrait : .landscapeLeft)
                case 12, 13: service.engine.displayedMessage?.message.dismiss()
                default: _ = service.engine.displayedMessage
                }
            }
        }
        XCTAssertTrue(h.settle(timeout: 120), "background and main work finished")

        XCTAssertEqual(service.engine.invariantViolations, [], "state machine and stack invariants")
        XCTAssertEqual(tally.overlaps(), [], "two messages displayed at once")
        // Every onShow has exactly one onDismiss, unless the message is still displayed or was hidden.
        let shown = service.engine.displayedMessage?.messageID
        let shows = tally.count("listener.onShow"), dismisses = tally.count("listener.onDismiss"), hides = tally.count("state.hidden")
        var unpaired: [String] = []
        for (id, count) in shows {
            let open = count - dismisses[id, default: 0] - hides[id, default: 0]
            if open != (id == shown ? 1 : 0) { unpaired.append("\(id): \(count) shows, \(dismisses[id, default: 0]) dismisses, \(hides[id, default: 0]) hides") }
        }
        for (id, count) in dismisses where shows[id] == nil { unpaired.append("\(id): \(count) dismisses without a show") }
        XCTAssertEqual(unpaired, [])
        // The delegate slot (swapped, sometimes nil) got exactly the calls the trace recorded.
        XCTAssertEqual(delegates.map { $0.shows.snapshot }.reduce(0, +), tally.total("onShow"))
        XCTAssertEqual(delegates.map { $0.dismisses.snapshot }.reduce(0, +), tally.total("onDismiss"))
        // No message lost.
        let ids = delivered.snapshot
        var bad = 0
        for id in ids where !assertAccountedFor(id, service.engine.state(of: id), displayed: shown,
                                                stacked: service.engine.stack.contains(id), followup: service.engine.followup?.messageID) {
            bad += 1
            if bad > 5 { break }
        }
        XCTAssertEqual(service.engine.stack.validate(), [])
        XCTAssertGreaterThan(ids.count, Self.threads * ops / 10, "the run delivered messages")
        XCTAssertGreaterThan(tally.total("listener.onShow"), 0, "the run displayed messages")
        var outcomes: [String: Int] = [:]
        for id in ids { outcomes[service.engine.state(of: id).map { s in s.reason.map { "\(s.name)(\($0.code))" } ?? s.name } ?? "none", default: 0] += 1 }
        print("adobe stress outcomes: \(outcomes.sorted { $0.key < $1.key })")
        print("adobe stress: \(Self.threads) threads × \(ops) ops, \(ids.count) delivered, \(tally.total("listener.onShow")) shows, "
              + "\(tally.total("listener.onDismiss")) dismisses, \(hides.values.reduce(0, +)) hides")
    }

    // MARK: Braze

    /// Hands what `Braze` delivers (from any thread) to one UI on that UI's serial queue — the thread that
    /// drives the UI, as the main thread does in an app.
    final class QueueHoppingPresenter: BrazeInAppMessagePresenter, @unchecked Sendable {
        let ui: BrazeInAppMessageUI
        let queue: DispatchQueue
        let delivered = Locked([MessageID]())
        init(ui: BrazeInAppMessageUI, queue: DispatchQueue) { self.ui = ui; self.queue = queue }
        func present(message: Braze.InAppMessage) {
            delivered.withLock { $0.append(message.traceID) }
            let box = UncheckedSendable(message)
            queue.async { [ui] in ui.present(message: box.value) }
        }
        func dismiss(reason: Braze.InAppMessage.DismissalReason) {
            queue.async { [ui] in ui.dismiss(reason: reason) }
        }
    }

    final class CountingUIDelegate: BrazeInAppMessageUIDelegate, @unchecked Sendable {
        let presents = Locked([MessageID: Int]()), dismisses = Locked([MessageID: Int]())
        let stalePresents = Locked([String]())
        func inAppMessage(_ ui: BrazeInAppMessageUI, displayChoiceForMessage message: Braze.InAppMessage) -> BrazeInAppMessageUI.DisplayChoice {
            switch abs(message.traceID.rawValue.hashValue) % 7 {
            case 0: return .reenqueue
            case 1: return .discard
            default: return .now
            }
        }
        func inAppMessage(_ ui: BrazeInAppMessageUI, didPresent message: Braze.InAppMessage, view: any InAppMessageView) {
            presents.withLock { $0[message.traceID, default: 0] += 1 }
        }
        func inAppMessage(_ ui: BrazeInAppMessageUI, didDismiss message: Braze.InAppMessage, view: any InAppMessageView) {
            dismisses.withLock { $0[message.traceID, default: 0] += 1 }
        }
    }

    struct BrazeLane {
        let harness: Harness
        let braze: Braze
        let ui: BrazeInAppMessageUI
        let queue: DispatchQueue
        let presenter: QueueHoppingPresenter
        let tally: TraceTally
        let delegates: [CountingUIDelegate]
        let direct = Locked([MessageID]())
    }

    func testBrazeFacadeUnderSixteenThreadsKeepsInvariants() {
        // Four independent app instances (own environment, Braze, UI and serial "main" queue each), shared by
        // 16 worker threads. UI calls go through each UI's queue (Docs/Braze.md: one driving thread per UI);
        // Braze.logCustomEvent / changeUser are called directly from the workers (Braze is thread-safe).
        let lanes: [BrazeLane] = (0..<4).map { k in
            let h = Harness(traceLimit: 2_000)
            let braze = Braze(configuration: Braze.Configuration(apiKey: "k\(k)", endpoint: "e"))
            braze.configuration.triggerMinimumTimeInterval = 0
            let ui = BrazeInAppMessageUI()
            let queue = DispatchQueue(label: "ui-\(k)")
            let presenter = QueueHoppingPresenter(ui: ui, queue: queue)
            braze.inAppMessagePresenter = presenter
            let delegates = [CountingUIDelegate(), CountingUIDelegate(), CountingUIDelegate()]
            ui.delegate = delegates[0]
            let tally = TraceTally(trace: h.trace, callbacks: [])
            let button = [Braze.InAppMessage.Button(id: 0, text: "OK", clickAction: .none),
                          Braze.InAppMessage.Button(id: 1, text: "Go", clickAction: .url(URL(string: "https://example.com")!, useWebView: false))]
            braze.startSession(campaigns: [
                .init(message: .slideup(.init(data: .init(messageClose: .auto(2)), message: "s")), triggers: [.customEvent("e0")]),
                .init(message: .modal(.init(message: "m", buttons: button)), triggers: [.customEvent("e1")]),
                .init(message: .html(.init(message: "<a id='c' href='appboy://close'>x</a>")), triggers: [.customEvent("e2")]),
                .init(message: .control(.init()), triggers: [.customEvent("e3")]),
            ])
            return BrazeLane(harness: h, braze: braze, ui: ui, queue: queue, presenter: presenter, tally: tally, delegates: delegates)
        }
        let ops = StressSize.opsPerThread

        runThreads(Self.threads) { t in
            var rng = Rng(seed: 1_000 + UInt64(t))
            for i in 0..<ops {
                let lane = lanes[rng.below(lanes.count)]
                let ui = lane.ui
                switch rng.below(12) {
                case 0, 1, 2: lane.braze.logCustomEvent(name: "e\(rng.below(4))", properties: ["i": i])
                case 3:
                    var m = Braze.InAppMessage.slideup(.init(data: .init(messageClose: rng.below(2) == 0 ? .auto(1) : .userInteraction), message: "d"))
                    m.data.id = "d\(t)-\(i)"
                    m.data.context = Braze.InAppMessage.Context(message: m, using: lane.braze)
                    lane.direct.withLock { $0.append(m.traceID) }
                    let box = UncheckedSendable(m)
                    lane.queue.async { ui.present(message: box.value) }
                case 4: lane.queue.async { ui.presentNext() }
                case 5: lane.queue.async { ui.dismiss() }
                case 6:
                    let which = rng.below(5)
                    lane.queue.async {
                        switch which {
                        case 0: _ = ui.simulateTap()
                        case 1: _ = ui.simulateTapButton(at: 1)
                        case 2: _ = ui.simulateClose()
                        case 3: _ = ui.simulateLink(URL(string: "appboy://close")!)
                        default: _ = ui.simulateBackgroundTap()
                        }
                    }
                case 7:
                    let d = lane.delegates[rng.below(3)]
                    lane.queue.async { ui.delegate = d }
                case 8:
                    let seconds = Double(rng.below(3))
                    lane.queue.async { lane.harness.clock.advance(by: seconds) }
                case 9:
                    // Rare enough that messages still get displayed between user changes.
                    if rng.below(16) == 0 { lane.braze.changeUser(userId: "u\(rng.below(3))") }
                    else { lane.braze.logCustomEvent(name: "e\(rng.below(4))") }
                case 10:
                    let o: DeviceOrientation = rng.below(2) == 0 ? .portrait : .landscapeLeft
                    lane.queue.async { lane.harness.device.rotate(to: o) }
                default: lane.queue.async { _ = ui.stack.count }
                }
            }
        }
        for lane in lanes { lane.queue.sync {}; XCTAssertTrue(lane.harness.settle(timeout: 60)); lane.queue.sync {} }

        var totalPresents = 0, totalDelivered = 0
        var outcomes: [String: Int] = [:]
        for (k, lane) in lanes.enumerated() {
            let engine = lane.ui.engine
            XCTAssertEqual(engine.invariantViolations, [], "lane \(k): state machine and stack invariants")
            XCTAssertEqual(lane.tally.overlaps(), [], "lane \(k): two messages displayed at once")
            var presents: [MessageID: Int] = [:], dismisses: [MessageID: Int] = [:]
            for d in lane.delegates {
                presents.merge(d.presents.snapshot, uniquingKeysWith: +)
                dismisses.merge(d.dismisses.snapshot, uniquingKeysWith: +)
            }
            let shown = engine.displayedMessage?.messageID
            var unpaired: [String] = []
            for (id, n) in presents where n - dismisses[id, default: 0] != (id == shown ? 1 : 0) {
                unpaired.append("\(id): \(n) didPresent, \(dismisses[id, default: 0]) didDismiss")
            }
            for (id, n) in dismisses where presents[id] == nil { unpaired.append("\(id): \(n) didDismiss without didPresent") }
            XCTAssertEqual(unpaired, [], "lane \(k): didPresent/didDismiss pairs")
            let ids = Set(lane.presenter.delivered.snapshot + lane.direct.snapshot)
            var bad = 0
            for id in ids where !assertAccountedFor(id, engine.state(of: id), displayed: shown, stacked: engine.stack.contains(id),
                                                    followup: engine.followup?.messageID) {
                bad += 1
                if bad > 5 { break }
            }
            XCTAssertEqual(engine.stack.validate(), [])
            // Stale messages never reach the new user: the displayed message belongs to the current user, and a
            // waiting message of another user has an invalid context, so it is refused if it is ever popped
            // (as upstream: a message presented after changeUser from another thread can still be stacked behind
            // the displayed one; its context, not the stack, keeps it off screen).
            let current = lane.braze.user.id
            if let shown = engine.displayedMessage, let ctx = shown.message.context {
                XCTAssertEqual(ctx.userID, current, "lane \(k): displayed \(shown.messageID) is for another user")
            }
            for item in engine.stack.elements {
                if let ctx = item.message.context, ctx.userID != current {
                    XCTAssertFalse(ctx.valid, "lane \(k): stacked \(item.messageID) is for another user and still valid")
                }
            }
            // Draining the stack displays none of them.
            while let top = engine.stack.top {
                lane.queue.sync { lane.ui.dismiss(); lane.ui.presentNext() }
                XCTAssertTrue(lane.harness.settle(timeout: 60))
                lane.queue.sync {}
                if let shown = engine.displayedMessage, let ctx = shown.message.context {
                    XCTAssertEqual(ctx.userID, current, "lane \(k): \(shown.messageID) displayed for another user")
                }
                if engine.stack.top?.messageID == top.messageID { XCTFail("lane \(k): \(top.messageID) stuck on the stack"); break }
            }
            for id in ids {
                let s = engine.state(of: id)
                outcomes[s.map { s in s.reason.map { "\(s.name)(\($0.code))" } ?? s.name } ?? "none", default: 0] += 1
            }
            totalPresents += presents.values.reduce(0, +)
            totalDelivered += ids.count
        }
        XCTAssertGreaterThan(totalPresents, 0, "the run displayed messages")
        var errs: [String: Int] = [:]
        for lane in lanes { for e in lane.harness.trace.events where e.name == "error" { errs[String((e.details["error"] ?? "").prefix(40)), default: 0] += 1 } }
        print("braze stress errors in the last 2 000 trace events per UI: \(errs.sorted { $0.key < $1.key })")
        print("braze stress outcomes: \(outcomes.sorted { $0.key < $1.key })")
        print("braze stress: \(Self.threads) threads × \(ops) ops on 4 UIs, \(totalDelivered) delivered, \(totalPresents) presented")
    }
}

/// Moves a value the compiler cannot prove Sendable to the queue that owns it.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
