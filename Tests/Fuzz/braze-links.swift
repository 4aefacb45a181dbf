// Fuzz target: the Braze HTML link and bridge grammar. Each input is used as a link the displayed HTML message
// navigates to (appboy://close, appboy://customEvent?name=…, abButtonId, abExternalOpen, abDeepLink, plain and
// odd URLs) and as a script run in the message's web view (brazeBridge.* calls). Built by .ci/fuzz.
import Foundation
import InAppCore
import BrazeKit
import BrazeUI
import UIKit

nonisolated(unsafe) private var bench: (Braze, BrazeInAppMessageUI)? = nil
nonisolated(unsafe) private var runs = 0
nonisolated(unsafe) private var shows = 0
private let page = """
<html><body><p>Offer</p><a id="ok" href="https://example.com/ok?abButtonId=0">OK</a>
<a id="close" href="appboy://close">Close</a></body></html>
"""

// The message stays presented from one input to the next (presenting and dismissing it for every input cost more
// than the link handling under test); an input that closes it has a new one presented, alternating the legacy and
// the current bridge.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBrazeLinks(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if bench == nil || runs % 1_000 == 0 {
        bench?.1.dismiss(completion: nil)
        MessagingEnvironment.current = MessagingEnvironment(clock: ManualClock(), device: Device(), traceLimit: 256, inlineBackground: true)
        let braze = Braze(configuration: Braze.Configuration(apiKey: "fuzz", endpoint: "sdk.example.com"))
        let ui = BrazeInAppMessageUI()
        braze.inAppMessagePresenter = ui
        bench = (braze, ui)
        UIApplication.shared.resetOpenedURLs()
    }
    runs += 1
    let (braze, ui) = bench!
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    func showHTML() {
        guard ui.messageView == nil else { return }
        shows += 1
        var message = Braze.InAppMessage.html(.init(message: page, legacy: shows % 2 == 0))
        message.data.id = "fuzz-\(shows)"
        message.data.context = Braze.InAppMessage.Context(message: message, using: braze)
        ui.present(message: message)
    }
    showHTML()
    if let url = URL(string: text) {
        _ = ui.simulateLink(url, isTransientOpen: size % 2 == 1)
    }
    showHTML()
    ui.messageView?.html?.webView?.evaluateJavaScript(text, completionHandler: nil)
    showHTML()
    // Relative links resolve against the message's base URL, as a tap on <a href> would (an absolute link was
    // handled above already).
    if URL(string: text)?.scheme == nil, let url = URL(string: text, relativeTo: URL(string: "https://iamcache.braze/")) {
        _ = ui.simulateLink(url.absoluteURL)
    }
    return 0
}
