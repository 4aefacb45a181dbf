// Fuzz target: the HTML parser, the DOM queries and the interactive-element index, then taps on what the index
// found (links, buttons, forms) on a page that allows every navigation. Built by .ci/fuzz; modules: InAppContent.
//
// Each input takes one of two paths (the low bit of its first byte picks), so an input is parsed once:
// - bytes: HTMLDocument.parse(bytes:) on the raw bytes (invalid UTF-8 and NULs reach the byte-level parser),
//   then the DOM queries;
// - page: ContentPage.loadHTMLString on the decoded text, the same DOM queries on the page's document, then
//   taps on its interactive elements. The page runs the statement subset, not JavaScriptCore: this target is about
//   the parser, the DOM and navigation, and a JavaScriptCore VM per input would cost ~100 times the parse.
import Foundation
import InAppContent

private final class AllowAll: ContentNavigationDelegate {}
nonisolated(unsafe) private let delegate = AllowAll()
// Fixed selectors are parsed once (their parsing is not input-dependent); each input pays only the matching.
private let selectors = try! CSSSelector("a[href], button, input[type=submit], #close, .btn > span, div > p, [data-id='1']")
// A small depth limit keeps deep-nesting inputs fast and within reach of inputs of -max_len bytes (see .ci/fuzz);
// the limit itself is under test too.
private let limits = ContentLimits(maxDocumentBytes: 1 << 20, maxDepth: 200)

private func query(_ document: HTMLDocument, firstLine: ArraySlice<UInt8>) {
    _ = document.title
    _ = document.baseHref
    _ = document.body.visibleText
    _ = document.querySelectorAll(selectors)
    // The first line of the input doubles as a selector.
    if let line = String(bytes: firstLine, encoding: .utf8) { _ = try? document.querySelectorAll(line) }
    _ = document.interactiveElements.count
    _ = document.buttons
    for element in document.allElements.prefix(64) {
        _ = element.attributes
        _ = element.parentElement
        _ = element.depth
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let firstLine = bytes.prefix { $0 != 10 }.prefix(64)
    if let first = bytes.first, first & 1 == 1 {
        guard let document = try? HTMLDocument.parse(bytes: bytes, limits: limits) else { return 0 }
        query(document, firstLine: firstLine)
        return 0
    }
    let page = ContentPage(limits: limits, scriptEngine: .subset)
    page.navigationDelegate = delegate
    page.loadHTMLString(String(decoding: bytes, as: UTF8.self), baseURL: URL(string: "https://example.com/iam/"))
    query(page.document, firstLine: firstLine)
    for element in page.document.interactiveElements.prefix(16) {
        _ = ContentPage.label(of: element.node)
        _ = try? page.tap(element.node)
        if page.url?.host != "example.com" { break }
    }
    return 0
}
