// Fuzz target: the adbinapp:// grammar (interaction, dismiss + animate, link with double percent-decoding) and
// every other URL, through the path a message's content takes: the web view's navigation policy
// (FullscreenMessage → Message.overrideUrlLoad) and a direct overrideUrlLoad call with the raw string.
// Built by .ci/fuzz; modules: see modules_for.
import Foundation
import InAppCore
import UIKit
import WebKit
import AEPCore
import AEPServices
import AEPMessaging

private final class Delegate: MessagingDelegate, @unchecked Sendable {
    var fullscreen: FullscreenMessage?
    var showing = false
    func onShow(message: any Showable) { fullscreen = message as? FullscreenMessage; showing = true }
    func onDismiss(message: any Showable) { showing = false }
    func shouldShowMessage(message: any Showable) -> Bool { true }
    func urlLoaded(_ url: URL, byMessage message: any Showable) {}
}
nonisolated(unsafe) private let delegate = Delegate()
nonisolated(unsafe) private var runs = 0
nonisolated(unsafe) private var shown: Message?
private let propositions = """
{"propositions": [{"id": "p1", "scope": "mobileapp://com.example.app",
  "scopeDetails": {"decisionProvider": "AJO", "activity": {"id": "a1"}},
  "items": [{"id": "m1", "schema": "https://ns.adobe.com/personalization/message/in-app",
             "data": {"content": "<html><body><a id='x' href='adbinapp://dismiss'>x</a></body></html>",
                      "contentType": "text/html"}}]}]}
"""

// The message stays displayed from one input to the next (showing and dismissing it for every input cost more
// than the URL handling under test); an input whose URL dismisses it has it shown again by the next input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAdbinapp(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if runs % 500 == 0 {
        if let message = shown, delegate.showing {
            message.dismiss(suppressAutoTrack: true)
            MessagingEnvironment.current.settle(timeout: 5)
        }
        shown = nil
        MessagingEnvironment.current = MessagingEnvironment(clock: ManualClock(), device: Device(), traceLimit: 256, inlineBackground: true)
        MobileCore.messagingDelegate = delegate
        UIApplication.shared.resetOpenedURLs()
        _ = try? Messaging.loadPropositions(propositions)
    }
    runs += 1
    let environment = MessagingEnvironment.current
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if shown == nil || !delegate.showing {
        delegate.fullscreen = nil
        shown = Messaging.showMessage(forItem: "m1")
        environment.settle(timeout: 5)
    }
    guard let message = shown else { return 0 }
    if let url = URL(string: text), let view = message.view as? WKWebView {
        view.load(URLRequest(url: url))
        environment.settle(timeout: 5)
    }
    if let fullscreen = delegate.fullscreen {
        _ = message.overrideUrlLoad(message: fullscreen, url: text)
        environment.settle(timeout: 5)
    }
    return 0
}
