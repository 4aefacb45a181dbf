// Fuzz target: the HTML parser, the DOM queries and the interactive-element index, then taps on what the index
// found (links, buttons, forms) on a page that allows every navigation. Built by .ci/fuzz; modules: InAppContent.
import Foundation
import InAppContent

private final class AllowAll: ContentNavigationDelegate {}
nonisolated(unsafe) private let delegate = AllowAll()
private let selectors = ["a[href]", "button, input[type=submit]", "#close", ".btn > span", "div p:first-child", "[data-id='1']"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    // A small depth limit keeps deep-nesting inputs fast; the limit itself is under test too.
    let limits = ContentLimits(maxDocumentBytes: 1 << 20, maxDepth: 2_000)
    guard let document = try? HTMLDocument.parse(bytes: bytes, limits: limits) else { return 0 }
    _ = document.title
    _ = document.baseHref
    _ = document.body.visibleText
    for selector in selectors { _ = try? document.querySelectorAll(selector) }
    // The first line of the input doubles as a selector.
    if let line = String(bytes: bytes.prefix { $0 != 10 }.prefix(64), encoding: .utf8) {
        _ = try? document.querySelectorAll(line)
    }
    let interactive = document.interactiveElements
    _ = document.buttons
    for element in document.allElements.prefix(64) {
        _ = element.attributes
        _ = element.parentElement
        _ = element.depth
    }

    let page = ContentPage(limits: limits)
    page.navigationDelegate = delegate
    page.loadHTMLString(String(decoding: bytes, as: UTF8.self), baseURL: URL(string: "https://example.com/iam/"))
    for element in page.document.interactiveElements.prefix(16) {
        _ = ContentPage.label(of: element.node)
        _ = try? page.tap(element.node)
        if page.url?.host != "example.com" { break }
    }
    _ = interactive.count
    return 0
}
