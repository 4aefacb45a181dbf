// Stand-in for Adobe's AEPAssurance extension (a debugging session tool), which the Adobe demo app links
// besides AEPMessaging. Only what the demo's in-app files name.
import Foundation

/// Assurance sessions (not offered by OpenInApp; calls are ignored).
public enum Assurance {
    public static func startSession(url: URL?) {}
    public static let extensionVersion = "stub"
}
