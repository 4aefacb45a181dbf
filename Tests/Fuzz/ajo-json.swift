// Fuzz target: the AJO proposition JSON (Messaging.loadPropositions: in-app items, ruleset items, mobileParameters,
// meta, remoteAssets), rule evaluation against a track event, and showing / dismissing the qualified messages
// (web view built from the item's HTML and layout settings). Built by .ci/fuzz; modules: see modules_for.
import Foundation
import InAppCore
import AEPCore
import AEPServices
import AEPMessaging

private final class Delegate: MessagingDelegate, @unchecked Sendable {
    func onShow(message: any Showable) {}
    func onDismiss(message: any Showable) {}
    func shouldShowMessage(message: any Showable) -> Bool { true }
}
nonisolated(unsafe) private let delegate = Delegate()
nonisolated(unsafe) private var runs = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAJOJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if runs % 500 == 0 {
        MessagingEnvironment.current = MessagingEnvironment(clock: ManualClock(), device: Device(), traceLimit: 256, inlineBackground: true)
        MobileCore.messagingDelegate = delegate
    }
    runs += 1
    let environment = MessagingEnvironment.current
    defer { Messaging.clearPropositions() }
    guard let ids = try? Messaging.loadPropositions(Data(bytes: data, count: size)) else { return 0 }
    var shown: [Message] = []
    for id in ids.prefix(2) {
        if let message = Messaging.showMessage(forItem: id) { shown.append(message) }
    }
    shown += Messaging.track(action: "fuzz", data: ["key": "value", "count": "3"])
    environment.settle(timeout: 5)
    for message in shown {
        _ = message.metadata
        message.dismiss()
    }
    environment.settle(timeout: 5)
    return 0
}
