// The Swift Testing tests of Docs/GettingStarted-Braze.md (copied into the page verbatim; ComparisonDocumentTests
// checks). `// doc:show` lines appear in the page without the marker: here the code under test is in this module.

// doc:begin gs-braze-test
import Foundation
import Testing
import BrazeKit
import BrazeUI
import InAppTestSupport
// doc:show @testable import MyMessaging

/// The campaign's message: a modal whose button opens the app's cart screen; it closes itself after 8 s.
func cartReminder() -> Braze.InAppMessage {
    let openCart = Braze.InAppMessage.Button(id: 0, text: "Open cart",
                                             clickAction: .url(URL(string: "myapp://cart")!, useWebView: false))
    return .modal(.init(data: .init(id: "cart-reminder", messageClose: .auto(8)),
                        header: "Still thinking?", message: "Your cart is waiting.", buttons: [openCart]))
}

@Suite(.inAppHarness)                                  // every test gets its own world: clock, device, trace
struct InAppMessagesTests {
    let braze = Braze(configuration: .init(apiKey: "API-KEY", endpoint: "sdk.example.com"))

    @Test func theButtonOpensTheCartInsideTheApp() throws {
        let harness = try #require(Harness.current)
        let messages = InAppMessages(braze: braze)
        braze.startSession(campaigns: [.init(message: cartReminder(), triggers: [.customEvent("opened_cart")])])

        braze.logCustomEvent(name: "opened_cart")      // what the app logs; the campaign's trigger matches
        #expect(messages.ui.presentationContext?.message.data.id == "cart-reminder")
        #expect(messages.ui.simulateTapButton(id: 0))

        #expect(messages.routedLinks == [URL(string: "myapp://cart")!])
        #expect(messages.ui.messageView == nil)        // a click dismisses the message
        #expect(harness.analytics(for: "cart-reminder") == ["impression", "click"])
    }

    @Test func duringCheckoutTheMessageWaitsThenClosesItselfAfterEightSeconds() throws {
        let harness = try #require(Harness.current)
        let messages = InAppMessages(braze: braze)
        braze.startSession(campaigns: [.init(message: cartReminder(), triggers: [.customEvent("opened_cart")])])
        messages.isCheckingOut = true

        braze.logCustomEvent(name: "opened_cart")
        #expect(messages.ui.messageView == nil)
        #expect(messages.ui.stack.count == 1)          // waiting, not lost

        harness.advance(by: 60)                        // virtual time: returns at once
        messages.checkoutFinished()
        #expect(messages.ui.messageView != nil)
        harness.advance(by: 7.9)
        #expect(messages.ui.messageView != nil)
        harness.advance(by: 0.1)                       // the message's own 8 s auto-close fires
        #expect(messages.ui.messageView == nil)
        #expect(harness.states(inOrder: ["stacked", "displayed", "dismissed"], of: "cart-reminder").holds)
    }
}
// doc:end

// doc:begin gs-braze-no-context
@Test(.inAppHarness)
func aMessagePresentedDirectlyLogsNoAnalytics() throws {
    let harness = try #require(Harness.current)
    let braze = Braze(configuration: .init(apiKey: "API-KEY", endpoint: "sdk.example.com"))
    let messages = InAppMessages(braze: braze)

    messages.ui.present(message: cartReminder())       // no campaign: the message has no context
    #expect(messages.ui.simulateTapButton(id: 0))
    #expect(harness.analytics(for: "cart-reminder") == [])
    let problem = try #require(harness.trace.events.first { $0.label == "diagnostic.error" })
    #expect(problem.details["error"] == "noContextLogImpression")
    #expect(problem.details["fix"]?.contains("braze.startSession(campaigns:") == true)
}
// doc:end
