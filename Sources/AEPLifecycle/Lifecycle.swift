import Foundation
import AEPCore

/// The Lifecycle extension (AEPLifecycle `Lifecycle`), headless: registering it records it; sessions are started
/// and paused with `MobileCore.lifecycleStart(additionalContextData:)` / `lifecyclePause()`, which record the
/// lifecycle events on `EdgeNetwork.current`.
public class Lifecycle: NSObject, Extension {
    public static let extensionVersion = "5.11.0"
    public static var extensionName: String { "com.adobe.module.lifecycle" }
    public static var friendlyName: String { "Lifecycle" }
}
