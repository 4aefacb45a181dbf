// Fuzz target: the whole path a hostile HTML message takes. Arbitrary HTML with scripts is loaded into a fresh page
// (in a VM shared with the previous inputs' pages until one hits a limit) running JavaScriptCore (its inline scripts, load events, the bridges' ready event), and then driven as a person and
// an app drive a message: timers advanced, taps on its controls and at points, typing and keys, a rotation, the app's
// evaluateJavaScript, a javascript: link, a reload. Every run is bounded (FuzzPages.limits: 0.25 s, 256 MB) and so is
// the page (1 s of script time per call into it, 3 s and 1 GB of growth in all), loops included. Built by
// .ci/fuzz with Tests/Fuzz/Shared/*.swift; modules: InAppContent. It stops (exit 3) when JavaScriptCore is not
// loaded instead of fuzzing the statement subset.
//
// Input layout: the first byte picks the drive steps (one bit each, below); the rest is the page's HTML. When the
// second byte is 0x01…0x07, the HTML is a seed page shape with a script built by ScriptProgramGenerator from the
// remaining bytes, so generated programs run at load, in handlers and in timers of a real message shape too.
import Foundation
import InAppContent

private final class AllowAll: ContentNavigationDelegate {}
nonisolated(unsafe) private let delegate = AllowAll()

/// What the first byte asks for, one bit each.
private struct Steps: OptionSet {
    let rawValue: UInt8
    static let typing = Steps(rawValue: 1 << 0)        // type into the first field, press Enter
    static let longTimers = Steps(rawValue: 1 << 1)    // advance 1 s and 10 s instead of one frame
    static let rotate = Steps(rawValue: 1 << 2)        // landscape and dark mode, then back
    static let evaluate = Steps(rawValue: 1 << 3)      // the app's evaluateJavaScript probes
    static let points = Steps(rawValue: 1 << 4)        // taps at points of the body (backdrop, card)
    static let javascriptURL = Steps(rawValue: 1 << 5) // a javascript: link
    static let reload = Steps(rawValue: 1 << 6)        // reload the page at the end
    static let allControls = Steps(rawValue: 1 << 7)   // tap every control (16 at most), not only the first 4
}

/// Probes an app sends to a message (the vendors' SDKs read the size and call the page's functions).
private let probes = [
    "document.body.scrollHeight",
    "JSON.stringify({ title: document.title, html: document.documentElement.outerHTML.length })",
    "typeof window.onload === 'function' && window.onload()",
    "document.querySelectorAll('*').length",
]

/// A message shape around a generated script (`page` seeds use the same shapes).
private func generatedPage(_ bytes: ArraySlice<UInt8>) -> String {
    let program = ScriptProgramGenerator.program(bytes)
    return """
    <!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Offer</title>
    <style>body{margin:0} .card{width:300px;height:200px;margin:40px auto}</style></head>
    <body><div class="card"><p id="t">Save 20%</p>
    <button id="ok" onclick="brazeBridge.logClick('0')">Claim</button>
    <a id="close" href="adbinapp://dismiss?interaction=closed">No thanks</a>
    <form id="f" action="/submit"><input id="email" name="email" type="email" required><input type="checkbox" id="c" name="c"><button>Send</button></form>
    </div><script>\(program.replacingOccurrences(of: "</script", with: "<\\/script"))</script></body></html>
    """
}

/// True when the page still shows the loaded message (a script may have navigated it away).
private func stillLoaded(_ page: ContentPage) -> Bool {
    page.url == FuzzPages.baseURL && !page.isLoading && !FuzzPages.hitLimit(page.events)
}

/// The VM the pages share (as an app's web views share a process pool): a page's context in a warm VM costs about a
/// quarter of a new VM (its built-ins, the prelude's parse). Replaced after an input hit a limit, so no input runs in a
/// VM another input stopped.
nonisolated(unsafe) private var sharedVM: ScriptVirtualMachine?

/// A fresh page per input (its own global object and DOM): what one message leaves behind never reaches the next one.
private func load(_ html: String) -> ContentPage {
    if sharedVM == nil { sharedVM = ScriptVirtualMachine() }
    let page = ContentPage(limits: FuzzPages.contentLimits, scriptLimits: FuzzPages.limits, virtualMachine: sharedVM)
    page.navigationDelegate = delegate
    page.addMessageHandler(name: "buttonClicked") { message in _ = message.value.description }
    page.addMessageHandler(name: "inAppContentHeightHandler") { message in _ = message.body }
    page.bridgeReceiver = { call in _ = call.description }
    page.clockOrigin = Date(timeIntervalSince1970: 1_800_000_000)
    page.loadHTMLString(html, baseURL: FuzzPages.baseURL)
    FuzzJavaScriptCore.require(page, target: "page")
    return page
}

@_cdecl("LLVMFuzzerInitialize")
public func initializePageFuzzer(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    FuzzWarmUp.run { FuzzWarmUp.tour(load(generatedPage([1]))) }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let steps = Steps(rawValue: first)
    let body = bytes[1...]
    let html = ScriptProgramGenerator.isGenerated(body) ? generatedPage(body) : String(decoding: body, as: UTF8.self)
    let page = load(html)
    defer { if FuzzPages.hitLimit(page.events) { sharedVM = nil } }
    guard stillLoaded(page) else { return 0 }

    page.advanceTime(by: steps.contains(.longTimers) ? 1 : 0.016)
    let controls = page.document.interactiveElements.prefix(steps.contains(.allControls) ? 16 : 4).map(\.node)
    for node in controls {
        guard stillLoaded(page) else { return 0 }
        // The node belongs to the document of before the last tap; a script may have replaced it (a typed error).
        if let now = page.document.interactiveElements.first(where: { $0.node.index == node.index })?.node {
            _ = try? page.tap(now)
        }
    }
    if steps.contains(.points), stillLoaded(page) {
        _ = try? page.tap(selector: "body", at: (x: 0.5, y: 0.5))
        if stillLoaded(page) { _ = try? page.tap(selector: "body", at: (x: 0.5, y: 0.02)) }
    }
    if steps.contains(.typing), stillLoaded(page) {
        let field = "input:not([type=checkbox]):not([type=radio]):not([type=submit]), textarea"
        try? page.type("Ada <b>&amp;", intoSelector: field)
        if stillLoaded(page) { try? page.press("Enter", inSelector: field) }
        if stillLoaded(page) { try? page.press("Tab") }
    }
    if steps.contains(.rotate), stillLoaded(page) {
        page.viewport = ContentViewport(width: 844, height: 390, scale: 3, darkMode: true)
        if stillLoaded(page) { page.viewport = .phone }
    }
    if stillLoaded(page) { page.advanceTime(by: steps.contains(.longTimers) ? 10 : 0.1) }
    if steps.contains(.evaluate) {
        for probe in probes where stillLoaded(page) {
            page.evaluateJavaScript(probe) { value, error in _ = (value, error) }
        }
    }
    if steps.contains(.javascriptURL), stillLoaded(page), let url = URL(string: "javascript:document.getElementById('ok')&&document.getElementById('ok').click()") {
        _ = page.load(url: url, type: .linkActivated)
    }
    if steps.contains(.reload), stillLoaded(page) { _ = page.reload() }
    _ = page.document.body.visibleText
    _ = page.events.count
    return 0
}
