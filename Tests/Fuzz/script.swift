// Fuzz target: JavaScript run by JavaScriptCore in a loaded page, as a hostile message's script runs: the native
// DOM and event bindings, the host operations, the prelude, timers, the message handlers and bridges, and the time
// and memory bounds. Built by .ci/fuzz with Tests/Fuzz/Shared/*.swift; modules: InAppContent. It stops (exit 3)
// when JavaScriptCore is not loaded instead of fuzzing the statement subset.
//
// An input is either JavaScript text (libFuzzer's mutations and the dictionary .ci/fuzz passes), or, when its first
// byte is 0x01…0x07, a program built by ScriptProgramGenerator (Shared/ScriptInputs.swift): DOM calls with odd
// arguments, detached and foreign nodes, members on the wrong object, re-entry from handlers, timers and observers
// into navigation and the bridges. The text runs through evaluate (and, text inputs, evaluateJavaScript and a
// javascript: URL too); then the page's timers are advanced and its controls tapped and typed into, which runs the
// handlers the script installed.
import Foundation
import InAppContent

private final class AllowAll: ContentNavigationDelegate {}
nonisolated(unsafe) private let delegate = AllowAll()
private let html = """
<html><head><title>Offer</title><base href="https://example.com/iam/"></head><body>
<p id="t">Hello</p><a id="close" href="adbinapp://dismiss?interaction=closed">Close</a>
<button id="ok" onclick="window.webkit.messageHandlers.buttonClicked.postMessage('ok')">OK</button>
<form id="f" action="/submit"><input id="email" name="email"><input type="checkbox" id="c"><input type="submit" value="Send"></form>
<template id="tpl"><div class="card"><span>in template</span></div></template>
</body></html>
"""

nonisolated(unsafe) private var current: ContentPage?
nonisolated(unsafe) private var vm: ScriptVirtualMachine?

private func freshPage() -> ContentPage {
    // The pages share a VM (not the process-wide pool) until a run hits a limit: then page and VM are dropped, so no
    // input inherits a VM another input stopped.
    if vm == nil { vm = ScriptVirtualMachine() }
    let page = ContentPage(limits: FuzzPages.contentLimits, scriptLimits: FuzzPages.limits, virtualMachine: vm)
    page.navigationDelegate = delegate
    page.addMessageHandler(name: "buttonClicked") { message in _ = message.value.description }
    page.addMessageHandler(name: "inAppContentHeightHandler") { message in _ = message.body }
    page.bridgeReceiver = { call in _ = call.description }
    page.loadHTMLString(html, baseURL: FuzzPages.baseURL)
    FuzzJavaScriptCore.require(page, target: "script")
    return page
}

@_cdecl("LLVMFuzzerInitialize")
public func initializeScriptFuzzer(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    FuzzWarmUp.run { FuzzWarmUp.tour(freshPage()) }
    return 0
}

// Every input gets a page of its own, so that a finding replays from its input alone (a page reused for many inputs
// made a SEGV depend on what earlier inputs had left in it, and it could not be reproduced). The pages share a VM
// until a run hits a limit; with FUZZ_SCRIPT_FRESH_VM=1 every input also gets a VM of its own, so that not even the
// collector's heap carries over (for replaying a finding exactly; OPENINAPP_JSC_GC_STRESS=1 also collects at every
// host call and dispatch step).
private let freshVirtualMachines = ProcessInfo.processInfo.environment["FUZZ_SCRIPT_FRESH_VM"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    current = nil
    if freshVirtualMachines { vm = nil }
    current = freshPage()
    let page = current!
    page.clearEvents()
    if ScriptProgramGenerator.isGenerated(bytes[...]) {
        let program = ScriptProgramGenerator.program(bytes[...])
        _ = page.evaluate(program)
    } else {
        let source = String(decoding: bytes, as: UTF8.self)
        _ = page.evaluate(source)
        if !FuzzPages.hitLimit(page.events) {
            page.evaluateJavaScript(source) { value, error in _ = (value, error) }
        }
        // Element handlers and links run the same engine: a javascript: URL built from the input.
        if !FuzzPages.hitLimit(page.events),
           let url = URL(string: "javascript:" + (source.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "")) {
            _ = page.load(url: url, type: .linkActivated)
        }
    }
    // What the script left behind runs next: its timers, and its listeners on the page's controls.
    if !FuzzPages.hitLimit(page.events), page.url == FuzzPages.baseURL {
        page.advanceTime(by: 0.02)
        if !FuzzPages.hitLimit(page.events), page.url == FuzzPages.baseURL, let first = bytes.first {
            switch first % 4 {
            case 0: _ = try? page.tap(selector: "#ok")
            case 1: try? page.type("a@b", intoSelector: "#email"); try? page.press("Enter")
            case 2: _ = try? page.tap(selector: "#c"); _ = try? page.tap(selector: "#close")
            default: page.advanceTime(by: 1)
            }
        }
    }
    _ = page.document.body.visibleText
    // A run that hit a limit retires its VM with the page (no input inherits a VM another input stopped).
    if FuzzPages.hitLimit(page.events) { vm = nil }
    current = nil
    return 0
}
