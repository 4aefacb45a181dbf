// doc:begin readme-smallest-test-xctest
import XCTest
import InAppTestSupport

final class MyTests: XCTestCase {
    func testAutoClose() {
        let harness = Harness()                      // virtual clock + simulated device, installed as current
        let engine = PresentationEngine<InAppMessage>(environment: harness.environment)
        engine.present(Fixtures.slideup(id: "s", close: .automatic(after: 5)))
        harness.advance(by: 5)                       // no sleeping: time is virtual
        XCTAssertEqual(harness.states(of: "s"),
                       ["received", "deciding", "presenting", "displayed", "dismissing", "dismissed"])
    }
}
// doc:end
