import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore

/// The Adobe Experience Platform Edge extension (AEPEdge `Edge`), headless: experience events go to the simulated
/// Edge network of the current environment (`EdgeNetwork.current`), which records them and completes with the
/// handles the test set (`respondToExperienceEvents(with:)`). Nothing leaves the process.
public class Edge: NSObject, Extension {
    public static let extensionVersion = "5.0.3"
    public static var extensionName: String { "com.adobe.edge" }
    public static var friendlyName: String { "AEPEdge" }

    /// Sends an experience event. As upstream, an event without XDM is not sent (logged). `completion` receives
    /// the response handles on a background thread.
    public static func sendEvent(experienceEvent: ExperienceEvent, _ completion: (([EdgeEventHandle]) -> Void)? = nil) {
        guard let xdm = experienceEvent.xdm, !xdm.isEmpty else {
            AdobeLog.log(.debug, label: "AEPEdge", "Failed to dispatch the experience event because the XDM data was nil/empty.")
            return
        }
        guard let completion else {
            EdgeNetwork.current.sendExperienceEvent(data: experienceEvent.eventData, completion: nil)
            return
        }
        let box = Unchecked(completion)
        EdgeNetwork.current.sendExperienceEvent(data: experienceEvent.eventData) { handles in
            box.value(handles.compactMap(EdgeEventHandle.init(json:)))
        }
    }
}

struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
