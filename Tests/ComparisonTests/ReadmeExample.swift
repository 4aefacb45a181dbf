// doc:begin readme-smallest-test
import Testing
import InAppTestSupport

@Test(.inAppHarness)                                 // a fresh harness (virtual clock, simulated device) per test
func autoClose() throws {
    let harness = try #require(Harness.current)
    let engine = PresentationEngine<InAppMessage>(environment: harness.environment)
    engine.present(Fixtures.slideup(id: "s", close: .automatic(after: 5)))
    harness.advance(by: 5)                           // no sleeping: time is virtual
    #expect(harness.states(of: "s") == ["received", "deciding", "presenting", "displayed", "dismissing", "dismissed"])
}
// doc:end
