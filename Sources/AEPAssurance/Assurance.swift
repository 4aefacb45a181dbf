import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore

/// The Assurance extension (AEPAssurance `Assurance`), headless: there is no Assurance session to connect to, so
/// starting one is a recorded no-op (an `Assurance Start Session` event on the hub and on `EdgeNetwork.current`, and a
/// trace entry).
public class Assurance: NSObject, Extension {
    public static let extensionVersion = "5.0.3"
    public let name = "com.adobe.assurance"
    public let friendlyName = "Assurance"
    public let metadata: [String: String]? = nil
    public let runtime: any ExtensionRuntime

    public required init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    public func onRegistered() {}
    public func onUnregistered() {}

    /// Starts a session from a deep link (recorded; `nil` is ignored, as upstream).
    public static func startSession(url: URL?) {
        guard let url else {
            AdobeLog.log(.debug, label: "Assurance", "Not a valid URL to start an Assurance session: nil")
            return
        }
        record(["startSessionURL": .string(url.absoluteString)])
    }

    /// Starts a session in the PIN-less flow (recorded).
    public static func startSession() { record([:]) }

    private static func record(_ data: [String: JSONValue]) {
        EdgeNetwork.current.record(name: "Assurance Start Session", type: "com.adobe.eventType.assurance",
                                   data: .object(data))
        MobileCore.dispatch(event: Event(name: "Assurance Start Session", type: "com.adobe.eventType.assurance",
                                         source: EventSource.requestContent,
                                         data: JSONValue.object(data).foundationValue as? [String: Any]))
        MessagingEnvironment.current.trace.record(.diagnostic, "assurance.startSession",
                                                  ["url": data["startSessionURL"]?.stringValue ?? "", "effect": "none (headless)"])
    }
}
