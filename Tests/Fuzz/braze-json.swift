// Fuzz target: the Braze in-app message JSON payload (Braze.InAppMessageRaw), its conversion to a typed
// Braze.InAppMessage, the JSON round trip, and presenting the result through BrazeInAppMessageUI (view creation,
// themes, buttons, layout) before dismissing it. Built by .ci/fuzz; modules: see modules_for in .ci/fuzz.
import Foundation
import InAppCore
import BrazeKit
import BrazeUI
import UIKit

nonisolated(unsafe) private var bench: (Braze, BrazeInAppMessageUI)? = nil
nonisolated(unsafe) private var runs = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBrazeJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if bench == nil || runs % 1_000 == 0 {
        // A fresh environment now and then keeps the (bounded) trace and the opened-URL list small.
        MessagingEnvironment.current = MessagingEnvironment(clock: ManualClock(), device: Device(), traceLimit: 256, inlineBackground: true)
        let braze = Braze(configuration: Braze.Configuration(apiKey: "fuzz", endpoint: "sdk.example.com"))
        let ui = BrazeInAppMessageUI()
        braze.inAppMessagePresenter = ui
        bench = (braze, ui)
        UIApplication.shared.resetOpenedURLs()
    }
    runs += 1
    let (braze, ui) = bench!
    let bytes = Data(bytes: data, count: size)
    guard let raw = try? Braze.InAppMessageRaw(json: bytes) else { return 0 }
    raw.context = nil
    _ = raw.json()
    guard var message = try? Braze.InAppMessage(raw) else {
        ui.present(message: raw)   // the typed-conversion error path
        return 0
    }
    if let again = message.json() { _ = try? Braze.InAppMessage(json: again) }
    _ = try? JSONEncoder().encode(message)
    message.data.context = Braze.InAppMessage.Context(message: message, using: braze)
    ui.present(message: message)
    _ = ui.renderedMessage
    _ = ui.simulateTapButton(at: 0)
    _ = ui.simulateTap()
    ui.dismiss(completion: nil)
    ui.dismiss(reason: .wipeData)
    return 0
}
