import XCTest
import Foundation
import InAppTestSupport
import AEPCore
import AEPServices
import AEPMessaging
import BrazeKit
import BrazeUI

// The worked examples of Docs/Porting.md and Docs/Testing.md. Each `// doc:begin NAME` region is copied into the
// guides verbatim (ComparisonDocumentTests checks it), so every line a reader copies compiles and passes.

// doc:begin guide-adobe-handler
// Sample 04, unchanged: hold the message while another workflow runs, show it when that workflow ends.
final class GuideAdobeHandler: MessagingDelegate {
    var someOtherWorkflowStatus = ""
    var anotherWorkflowStatus = ""
    func onShow(message: Showable) {}
    func onDismiss(message: Showable) {}

    var currentMessage: Message?

    func otherWorkflowFinished() {
        anotherWorkflowStatus = "complete"
        currentMessage?.show()
    }

    func shouldShowMessage(message: Showable) -> Bool {
        if someOtherWorkflowStatus == "inProgress" {
            let fullscreenMessage = message as? FullscreenMessage
            currentMessage = fullscreenMessage?.parent
            return false
        }
        return true
    }
}
// doc:end

// doc:begin guide-adobe-proposition
/// The in-app proposition Adobe Journey Optimizer would send for one HTML message.
func inAppProposition(id: String, html: String) throws -> String {
    let proposition: [String: Any] = ["propositions": [[
        "id": "proposition-\(id)", "scope": "mobileapp://com.example.app",
        "scopeDetails": ["activity": ["id": "activity-\(id)"]],
        "items": [["id": id, "schema": "https://ns.adobe.com/personalization/message/in-app",
                   "data": ["content": html, "contentType": "text/html"]]],
    ]]]
    return String(decoding: try JSONSerialization.data(withJSONObject: proposition), as: UTF8.self)
}
// doc:end

// doc:begin guide-braze-delegate
// Sample 09 (the modal case): present messages without their dark theme.
final class GuideBrazeDelegate: BrazeInAppMessageUIDelegate {
    func inAppMessage(_ ui: BrazeInAppMessageUI, prepareWith context: inout BrazeInAppMessageUI.PresentationContext) {
        guard var modal = context.message.modal else { return }
        modal.themes.dark = nil
        modal.buttons = modal.buttons.map {
            var newButton = $0
            newButton.themes = .init(themes: ["light": $0.themes.light])
            return newButton
        }
        context.message.modal = modal
    }
}
// doc:end

final class GuideExampleTests: XCTestCase {
    override func tearDown() {
        MobileCore.messagingDelegate = nil
        super.tearDown()
    }

    // doc:begin guide-adobe-test
    func testAHeldMessageIsShownLaterWithoutAskingAgain() throws {
        let harness = Harness()                              // virtual clock and device, installed first
        let handler = GuideAdobeHandler()
        handler.someOtherWorkflowStatus = "inProgress"
        MobileCore.messagingDelegate = handler               // weak: the test keeps `handler`

        _ = try Messaging.loadPropositions(try inAppProposition(id: "welcome", html: "<p>Welcome!</p>"))
        Messaging.showMessage(forItem: "welcome")            // as if its rule fired
        harness.settle()                                     // shouldShowMessage runs on a background thread

        XCTAssertEqual(handler.currentMessage?.id, "welcome")
        XCTAssertEqual(harness.states(of: "welcome").last, "suppressed")

        handler.otherWorkflowFinished()
        harness.settle()

        XCTAssertEqual(harness.states(of: "welcome").last, "displayed")
        XCTAssertEqual(harness.callbacks(for: "welcome").filter { $0 == "shouldShowMessage" }.count, 1)
    }
    // doc:end

    // doc:begin guide-adobe-surfaces
    func testHomeScreenContentComesFromItsSurface() throws {
        let harness = Harness()
        EdgeNetwork.current.bundleIdentifier = "com.example.app"  // the app surface is mobileapp://com.example.app
        let home = Surface(path: "home")
        // What Adobe Journey Optimizer would return for the surface (a JSON code-based experience).
        try EdgeNetwork.current.respond(toSurface: home.uri, withJSON: """
            [{"id": "prop-1", "scope": "\(home.uri)", "scopeDetails": {"activity": {"id": "activity-1"}},
              "items": [{"id": "item-1", "schema": "https://ns.adobe.com/personalization/json-content-item",
                         "data": {"content": {"title": "Spring sale"}}}]}]
            """)

        // The app's code, unchanged: fetch, read from the cache, show, track.
        var title: String?
        Messaging.updatePropositionsForSurfaces([home]) { success in
            guard success else { return }
            Messaging.getPropositionsForSurfaces([home]) { propositionsBySurface, error in
                guard error == nil, let item = propositionsBySurface?[home]?.first?.items.first else { return }
                title = item.jsonContentDictionary?["title"] as? String
                item.track(withEdgeEventType: .display)
            }
        }
        harness.settle()                                     // completions run on a background thread

        XCTAssertEqual(title, "Spring sale")
        XCTAssertEqual(EdgeNetwork.current.xdmEventTypes, ["personalization.request", "decisioning.propositionDisplay"])
    }
    // doc:end

    // doc:begin guide-braze-test
    func testDarkModeStillShowsTheLightTheme() throws {
        let harness = Harness(device: DeviceState(appearance: .dark))
        let braze = Braze(configuration: Braze.Configuration(apiKey: "API-KEY", endpoint: "sdk.example.com"))
        let delegate = GuideBrazeDelegate()
        let ui = BrazeInAppMessageUI()
        ui.delegate = delegate                               // weak: the test keeps `delegate`
        braze.inAppMessagePresenter = ui

        let message = Braze.InAppMessage.modal(.mockThemed) // light and dark themes, two buttons
        ui.present(message: message)

        let shown = try XCTUnwrap(ui.messageView?.modal)
        XCTAssertEqual(shown.theme, message.modal?.themes.light)
        let picture = try XCTUnwrap(ui.renderedMessage)     // the headless layout, as `iam render` draws it
        XCTAssertEqual(picture.appearance, .dark)
        XCTAssertEqual(picture.boxes(.button).count, 2)
        XCTAssertEqual(harness.callbacks().filter { $0.contains("prepareWith") }.count, 1)
    }
    // doc:end

    // doc:begin guide-trace
    func testTheTraceTellsTheWholeStory() {
        let harness = Harness()
        let engine = PresentationEngine<InAppMessage>(environment: harness.environment)
        engine.present(Fixtures.slideup(id: "promo", close: .automatic(after: 5)))
        harness.advance(by: 5)

        XCTAssertEqual(harness.states(of: "promo"),
                       ["received", "deciding", "presenting", "displayed", "dismissing", "dismissed"])
        let closed = harness.trace.events(for: "promo").first { $0.name == "dismissed" }
        XCTAssertEqual(closed?.time, 5)
        XCTAssertEqual(closed?.details["cause"], "timeout")
        print(harness.trace.jsonLines())                     // or write it out for a failing CI run
    }
    // doc:end
}
