import Foundation
import AEPCore

/// The Signal extension (AEPSignal `Signal`), headless: registering it records it; it sends no postbacks.
public class Signal: NSObject, Extension {
    public static let extensionVersion = "5.11.0"
    public static var extensionName: String { "com.adobe.module.signal" }
    public static var friendlyName: String { "Signal" }
}
