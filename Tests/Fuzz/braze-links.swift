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
private let page = """
<html><body><p>Offer</p><a id="ok" href="https://example.com/ok?abButtonId=0">OK</a>
<a id="close" href="appboy://close">Close</a></body></html>
"""

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBrazeLinks(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if bench == nil || runs % 1_000 == 0 {
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
    func showHTML(legacy: Bool) {
        guard ui.messageView == nil else { return }
        var message = Braze.InAppMessage.html(.init(message: page, legacy: legacy))
        message.data.id = "fuzz-\(runs)"
        message.data.context = Braze.InAppMessage.Context(message: message, using: braze)
        ui.present(message: message)
    }
    showHTML(legacy: runs % 2 == 0)
    if let url = URL(string: text) {
        _ = ui.simulateLink(url, isTransientOpen: size % 2 == 1)
    }
    showHTML(legacy: false)
    ui.messageView?.html?.webView?.evaluateJavaScript(text, completionHandler: nil)
    showHTML(legacy: true)
    // Relative links resolve against the message's base URL, as a tap on <a href> would.
    if let url = URL(string: text, relativeTo: URL(string: "https://iamcache.braze/")) {
        _ = ui.simulateLink(url.absoluteURL)
    }
    ui.dismiss(completion: nil)
    return 0
}
