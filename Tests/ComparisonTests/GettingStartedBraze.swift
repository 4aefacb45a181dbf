// The integration code of Docs/GettingStarted-Braze.md (copied into the page verbatim; ComparisonDocumentTests
// checks). In a project of your own it is a file of your integration target, e.g. Sources/MyMessaging/InAppMessages.swift.

// doc:begin gs-braze-delegate
import Foundation
import BrazeKit
import BrazeUI

/// Presents Braze in-app messages for the app: never during checkout (the message waits on the stack and
/// shows when checkout ends), and links into the app (`myapp://…`) are routed by the app, not opened as URLs.
final class InAppMessages: BrazeInAppMessageUIDelegate {
    let ui = BrazeInAppMessageUI()
    var isCheckingOut = false
    /// The app links the messages asked for, in order (a real app would navigate here).
    private(set) var routedLinks: [URL] = []

    init(braze: Braze) {
        ui.delegate = self                   // held weakly by the UI: whoever owns InAppMessages keeps it alive
        braze.inAppMessagePresenter = ui
    }

    func checkoutFinished() {
        isCheckingOut = false
        ui.presentNext()                     // the message that waited, if any
    }

    func inAppMessage(_ ui: BrazeInAppMessageUI, displayChoiceForMessage message: Braze.InAppMessage)
        -> BrazeInAppMessageUI.DisplayChoice {
        isCheckingOut ? .reenqueue : .now
    }

    func inAppMessage(_ ui: BrazeInAppMessageUI, prepareWith context: inout BrazeInAppMessageUI.PresentationContext) {
        context.statusBarHideBehavior = .visible  // keep the status bar, whatever the message kind
    }

    func inAppMessage(_ ui: BrazeInAppMessageUI, shouldProcess clickAction: Braze.InAppMessage.ClickAction,
                      buttonId: String?, message: Braze.InAppMessage, view: any InAppMessageView) -> Bool {
        guard case .url(let url, _) = clickAction, url.scheme == "myapp" else { return true }
        routedLinks.append(url)
        return false                         // handled here: the SDK does not open it
    }
}
// doc:end
