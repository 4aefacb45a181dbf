// The integration code of Docs/GettingStarted-Adobe.md (copied into the page verbatim; ComparisonDocumentTests
// checks). In a project of your own it is a file of your integration target, e.g. Sources/MyMessaging/OfferMessages.swift.

// doc:begin gs-adobe-delegate
import Foundation
import AEPCore
import AEPServices
import AEPMessaging

/// Decides when Adobe in-app messages show: never during checkout (the message is kept and shown when checkout
/// ends), and remembers what was shown and which links the messages opened.
///
/// Threads, as on iOS: `shouldShowMessage` and `onShow` run on a background thread, `onDismiss` and
/// `urlLoaded` on the main thread. Tests read the properties after `harness.settle()`.
final class OfferMessages: MessagingDelegate {
    var isCheckingOut = false
    private(set) var heldMessage: Message?
    private(set) var displayedMessage: Message?
    private(set) var shownIDs: [String] = []
    private(set) var dismissedIDs: [String] = []
    private(set) var loadedURLs: [URL] = []

    func shouldShowMessage(message: any Showable) -> Bool {
        guard isCheckingOut else { return true }
        heldMessage = (message as? FullscreenMessage)?.parent    // the Message behind what is shown
        return false
    }

    func onShow(message: any Showable) {
        guard let shown = (message as? FullscreenMessage)?.parent else { return }
        displayedMessage = shown
        shownIDs.append(shown.id)
    }

    func onDismiss(message: any Showable) {
        guard let dismissed = (message as? FullscreenMessage)?.parent else { return }
        displayedMessage = nil
        dismissedIDs.append(dismissed.id)
    }

    func urlLoaded(_ url: URL, byMessage message: any Showable) {
        loadedURLs.append(url)
    }

    func checkoutFinished() {
        isCheckingOut = false
        heldMessage?.show()                  // shows it without asking shouldShowMessage again
        heldMessage = nil
    }
}
// doc:end
