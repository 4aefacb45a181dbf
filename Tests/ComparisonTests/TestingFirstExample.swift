// The first example of Docs/Testing.md, complete with its imports and the delegate it tests (copied into the
// page verbatim; ComparisonDocumentTests checks).

// doc:begin testing-trait
import Testing
import BrazeKit
import BrazeUI
import InAppTestSupport

/// The integration code under test: messages keep their light theme, even on a dark device.
final class LightThemeOnly: BrazeInAppMessageUIDelegate {
    func inAppMessage(_ ui: BrazeInAppMessageUI, prepareWith context: inout BrazeInAppMessageUI.PresentationContext) {
        context.message.modal?.themes.dark = nil
    }
}

@Test(.inAppHarness(appearance: .dark))              // this test runs in its own harness, on a dark device
func aTapOnTheFirstButtonClosesTheMessage() throws {
    let harness = try #require(Harness.current)
    let delegate = LightThemeOnly()
    let ui = BrazeInAppMessageUI()                    // made in this test's world
    ui.delegate = delegate                            // held weakly: the test keeps `delegate`

    ui.present(message: .modal(.mockThemed))          // a mock message with light and dark themes
    #expect(ui.messageView?.modal?.theme == Braze.InAppMessage.Modal.mockThemed.themes.light)
    #expect(ui.simulateTapButton(at: 0))

    #expect(harness.callbacks(inOrder: ["inAppMessage(_:prepareWith:)", "inAppMessage(_:didPresent:view:)",
                                        "inAppMessage(_:didDismiss:view:)"]).holds)
    #expect(try #require(harness.trace.events.first { $0.name == "displayed" }).time == 0)
}
// doc:end
