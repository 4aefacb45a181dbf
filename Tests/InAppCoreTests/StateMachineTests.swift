import XCTest
import InAppTestSupport

final class StateMachineTests: XCTestCase {
    let r = Reason("x")

    func testLegalTransitions() {
        let legal: [(PresentationState, PresentationState)] = [
            (.received, .deciding), (.received, .presenting), (.received, .stacked(r)), (.received, .failed(r)),
            (.deciding, .presenting), (.deciding, .suppressed(r)), (.deciding, .stacked(r)), (.deciding, .discarded(r)),
            (.presenting, .displayed), (.presenting, .failed(r)), (.displayed, .dismissing), (.displayed, .hidden),
            (.dismissing, .dismissed), (.stacked(r), .presenting), (.stacked(r), .deciding), (.stacked(r), .discarded(r)),
            (.dismissed, .received), (.suppressed(r), .received), (.hidden, .received), (.failed(r), .received),
            (.discarded(r), .received),
        ]
        for (a, b) in legal { XCTAssertTrue(a.canMove(to: b), "\(a) -> \(b) should be legal") }
    }

    func testIllegalTransitions() {
        let illegal: [(PresentationState, PresentationState)] = [
            (.received, .displayed), (.deciding, .displayed), (.displayed, .dismissed), (.displayed, .received),
            (.dismissing, .displayed), (.presenting, .received), (.dismissed, .dismissing), (.hidden, .displayed),
            (.deciding, .received), (.dismissing, .received),
        ]
        for (a, b) in illegal { XCTAssertFalse(a.canMove(to: b), "\(a) -> \(b) should be illegal") }
    }

    func testNamesAndReasons() {
        XCTAssertEqual(PresentationState.discarded(.expired).name, "discarded")
        XCTAssertEqual(PresentationState.discarded(.expired).reason, .expired)
        XCTAssertEqual(PresentationState.displayed.reason, nil)
        XCTAssertEqual(PresentationState.failed(Reason("a", detail: "b")).description, "failed(a: b)")
        XCTAssertTrue(PresentationState.stacked(r).isIdle)
        XCTAssertFalse(PresentationState.displayed.isIdle)
    }

    /// Drives one message through every state the engine can put it in and checks the trace shows each step.
    func testEveryEngineStateIsReachedAndTraced() {
        let h = Harness()
        let rec = HookRecorder()
        let engine = makeEngine(h, recorder: rec)
        // received → deciding → presenting → displayed → hidden
        engine.present(Fixtures.modal(id: "a"))
        XCTAssertTrue(engine.hide("a"))
        // hidden → received → deciding → suppressed
        rec.decision = { _ in .suppress(.suppressedByDecision) }
        engine.present(Fixtures.modal(id: "a"))
        // suppressed → received → deciding → stacked
        rec.decision = { _ in .reenqueue }
        engine.present(Fixtures.modal(id: "a"))
        // stacked → presenting → displayed → dismissing → dismissed
        XCTAssertTrue(engine.presentNext())
        XCTAssertTrue(engine.dismiss("a"))
        // dismissed → received → deciding → discarded
        rec.decision = { _ in .discard(.discardedByDecision) }
        engine.present(Fixtures.modal(id: "a"))
        // discarded → received → presenting → failed (prepare returned nil)
        var hooks = engine.hooks
        hooks.prepare = { _ in nil }
        engine.hooks = hooks
        engine.present(Fixtures.modal(id: "a"), consultingDecision: false)
        XCTAssertEqual(h.states(of: "a"), [
            "received", "deciding", "presenting", "displayed", "hidden",
            "received", "deciding", "suppressed",
            "received", "deciding", "stacked",
            "presenting", "displayed", "dismissing", "dismissed",
            "received", "deciding", "discarded",
            "received", "presenting", "failed",
        ])
        XCTAssertEqual(engine.state(of: "a"), .failed(.noView))
        XCTAssertEqual(engine.invariantViolations, [])
    }
}
