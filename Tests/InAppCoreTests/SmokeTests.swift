import XCTest
import InAppTestSupport

final class SmokeTests: XCTestCase {
    func testBackgroundDecisionMainDismiss() {
        let h = Harness()
        let env = h.environment
        let engine = PresentationEngine<InAppMessage>(environment: env, rules: PresentationRules(
            whenBusy: .fail, decisionExecutor: env.background, dismissExecutor: env.main))
        let seen = Locked<[String]>([])
        var hooks = PresentationHooks<InAppMessage>()
        hooks.decide = { _ in seen.withLock { $0.append("decide main=\(Thread.isMainThread)") }; return .show }
        hooks.didPresent = { m in seen.withLock { $0.append("didPresent \(m.id)") } }
        hooks.didDismiss = { _, _ in seen.withLock { $0.append("didDismiss main=\(Thread.isMainThread)") } }
        engine.hooks = hooks
        engine.present(Fixtures.modal())
        XCTAssertTrue(h.settle())
        XCTAssertEqual(engine.state(of: "modal"), .displayed)
        DispatchQueue.global().async { engine.dismiss("modal") }
        // wait for the dismissal to be accepted and its main-queue work to run
        let deadline = Date().addingTimeInterval(5)
        while engine.state(of: "modal") != .dismissed && Date() < deadline { h.settle(timeout: 0.05) }
        XCTAssertEqual(seen.snapshot, ["decide main=false", "didPresent modal", "didDismiss main=true"])
        XCTAssertEqual(h.states(of: "modal"), ["received", "deciding", "presenting", "displayed", "dismissing", "dismissed"])
        XCTAssertEqual(engine.invariantViolations, [])
    }
}
