import Foundation
import AEPCore
@_spi(OpenInApp) import AEPServices

/// The Signal extension (AEPSignal `Signal`), headless: it hears the rules engine's consequences
/// (`rulesEngine` / `responseContent`) as upstream does, but sends no postbacks and opens no URLs (there is no
/// network); each consequence it would act on is logged.
public class Signal: NSObject, Extension {
    public static let extensionVersion = "5.11.0"
    public let name = "com.adobe.module.signal"
    public let friendlyName = "Signal"
    public let metadata: [String: String]? = nil
    public let runtime: any ExtensionRuntime

    public required init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    public func onRegistered() {
        registerListener(type: EventType.rulesEngine, source: EventSource.responseContent) { event in
            let consequence = event.data?["triggeredconsequence"] as? [String: Any]
            guard let type = consequence?["type"] as? String, ["pb", "pii", "url"].contains(type) else { return }
            AdobeLog.log(.debug, label: "Signal", "\(type) consequence not sent (headless, no network)")
        }
    }

    public func onUnregistered() {}
}
