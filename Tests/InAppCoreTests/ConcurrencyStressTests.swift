import XCTest
import InAppTestSupport

/// Hammers one engine from 16 threads with mixed operations, then checks the invariants a user relies on.
/// Size: OPENINAPP_STRESS_OPS operations per thread (default 2 000 here; `.ci/stress` runs 100 000 under TSan).
final class ConcurrencyStressTests: XCTestCase {
    static var opsPerThread: Int {
        ProcessInfo.processInfo.environment["OPENINAPP_STRESS_OPS"].flatMap(Int.init) ?? 2_000
    }

    func testMixedOperationsFromSixteenThreadsKeepInvariants() {
        let h = Harness()
        let engine = PresentationEngine<InAppMessage>(environment: h.environment, rules: PresentationRules(
            whenBusy: .stack, checksOrientation: true, stacksWhileInBackground: true,
            decisionExecutor: h.environment.background, dismissExecutor: h.environment.main))
        let presents = Locked<[MessageID: Int]>([:])
        let dismisses = Locked<[MessageID: Int]>([:])
        let delivered = Locked<Set<MessageID>>([])
        @Sendable func install(_ variant: Int) {
            var hooks = PresentationHooks<InAppMessage>()
            hooks.decide = { m in
                switch (m.id.rawValue.hashValue &+ variant) & 7 {
                case 0: return .reenqueue
                case 1: return .discard(.discardedByDecision)
                case 2: return .suppress(.suppressedByDecision)
                default: return .show
                }
            }
            hooks.didPresent = { m in presents.withLock { $0[m.id, default: 0] += 1 } }
            hooks.didDismiss = { m, _ in dismisses.withLock { $0[m.id, default: 0] += 1 } }
            engine.hooks = hooks
        }
        install(0)
        let threads = 16, ops = Self.opsPerThread
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            var rng = SplitMix(seed: UInt64(t) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
            for i in 0..<ops {
                let id = MessageID("t\(t)-\(i % 300)")
                switch rng.next() % 12 {
                case 0, 1, 2:
                    delivered.withLock { _ = $0.insert(id) }
                    var m = Fixtures.modal(id: id)
                    if rng.next() % 5 == 0 { m.closeBehavior = .automatic(after: Double(rng.next() % 4)) }
                    if rng.next() % 7 == 0 { m.supportedOrientations = .landscape }
                    engine.present(m, consultingDecision: rng.next() % 3 != 0)
                case 3: engine.dismiss()
                case 4: engine.dismiss(id)
                case 5: engine.presentNext(consultingDecision: rng.next() % 2 == 0)
                case 6: engine.click(nil, Click(target: .button(id: "1"), action: .none, keepsMessage: rng.next() % 4 == 0))
                case 7: h.clock.advance(by: Double(rng.next() % 3))
                case 8: install(Int(rng.next() % 4))
                case 9: engine.hide()
                case 10:
                    if rng.next() % 50 == 0 { engine.reset(reason: Reason("stress")) }
                    else if rng.next() % 2 == 0 { h.device.rotate(to: rng.next() % 2 == 0 ? .portrait : .landscapeLeft) }
                    else { rng.next() % 2 == 0 ? h.device.moveToBackground() : h.device.moveToForeground() }
                default: _ = engine.stack.count
                }
            }
        }
        // The queued decisions and dismissals drain after the threads finish; at full size under ThreadSanitizer that
        // backlog takes minutes, so the wall-time bound grows with the run (60 s at the default size).
        let drain = max(60, Double(ops) * 0.003)
        XCTAssertTrue(h.settle(timeout: drain), "background and main work finished")
        h.clock.runAll()
        XCTAssertTrue(h.settle(timeout: drain))

        XCTAssertEqual(engine.invariantViolations, [], "state machine and stack invariants")
        // Never more than one message displayed: between two `displayed` states there is a `dismissing` or `hidden`.
        var onScreen: MessageID?
        var overlaps: [String] = []
        for e in h.trace.events where e.kind == .state {
            switch e.name {
            case "displayed":
                if let current = onScreen, current != e.messageID { overlaps.append("\(current) and \(e.messageID!)") }
                onScreen = e.messageID
            case "dismissing", "hidden":
                if onScreen == e.messageID { onScreen = nil }
            default: break
            }
        }
        XCTAssertEqual(overlaps, [], "two messages displayed at once")
        // Every present has exactly one matching dismiss, unless the message is still displayed or was hidden
        // (hiding ends a display silently, by design).
        let shown = engine.displayedMessage?.id
        var hides: [MessageID: Int] = [:]
        for e in h.trace.events where e.kind == .state && e.name == "hidden" { hides[e.messageID!, default: 0] += 1 }
        for (id, count) in presents.snapshot {
            let d = dismisses.snapshot[id, default: 0]
            XCTAssertEqual(count - d - hides[id, default: 0], id == shown ? 1 : 0,
                           "\(id): \(count) presents, \(d) dismisses, \(hides[id, default: 0]) hides")
        }
        // No message is lost: every delivered message ends displayed, stacked, or with a recorded outcome.
        for id in delivered.snapshot {
            guard let state = engine.state(of: id) else { XCTFail("\(id) has no state"); continue }
            switch state {
            case .displayed: XCTAssertEqual(id, shown)
            case .stacked: XCTAssertTrue(engine.stack.contains(id), "\(id) stacked but not on the stack")
            case .dismissed, .hidden: break
            case .discarded(let r), .suppressed(let r), .failed(let r): XCTAssertFalse(r.code.isEmpty)
            case .received:
                // Only a follow-up waits in `received`.
                XCTAssertEqual(engine.followup?.id, id, "\(id) stuck in received")
            case .deciding, .presenting, .dismissing:
                XCTFail("\(id) stuck in \(state)")
            }
        }
        XCTAssertEqual(engine.stack.validate(), [])
    }
}

/// A small deterministic generator, so a failing run can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
