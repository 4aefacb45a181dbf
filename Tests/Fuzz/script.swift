// Fuzz target: the script subset (ContentPage.evaluate / evaluateJavaScript) on a loaded page with message
// handlers and a bridge receiver. Built by .ci/fuzz; modules: InAppContent.
import Foundation
import InAppContent

private final class AllowAll: ContentNavigationDelegate {}
nonisolated(unsafe) private let delegate = AllowAll()
private let html = """
<html><head><title>Offer</title><base href="https://example.com/iam/"></head><body>
<p id="t">Hello</p><a id="close" href="adbinapp://dismiss?interaction=closed">Close</a>
<button id="ok" onclick="window.webkit.messageHandlers.buttonClicked.postMessage('ok')">OK</button>
<form id="f" action="/submit"><input id="email" name="email"><input type="submit" value="Send"></form>
</body></html>
"""

private let baseURL = URL(string: "https://example.com/iam/")!
nonisolated(unsafe) private var current: ContentPage?
nonisolated(unsafe) private var runs = 0

private func freshPage() -> ContentPage {
    let page = ContentPage()
    page.navigationDelegate = delegate
    page.addMessageHandler(name: "buttonClicked") { message in _ = message.value.description }
    page.addMessageHandler(name: "inAppContentHeightHandler") { message in _ = message.body }
    page.bridgeReceiver = { call in _ = call.description }
    page.loadHTMLString(html, baseURL: baseURL)
    return page
}

// One page serves many inputs (loading it for every input cost more than the scripts under test): a new one is
// loaded every 256 inputs and whenever a script navigated away from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if current == nil || runs % 256 == 0 || current?.url != baseURL || current?.isLoading == true {
        current = freshPage()
    }
    runs += 1
    let page = current!
    page.clearEvents()
    _ = page.evaluate(source)
    page.evaluateJavaScript(source) { value, error in _ = (value, error) }
    // Element handlers run the same subset: a javascript: link built from the input.
    if let url = URL(string: "javascript:" + (source.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "")) {
        _ = page.load(url: url, type: .linkActivated)
    }
    _ = page.events.count
    return 0
}
