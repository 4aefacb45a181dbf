// Scaffolding stand-in for React Native's iOS runtime (third-party), only the names the Braze sample app uses.
@_exported import UIKit
import Foundation
open class RCTBridge: NSObject {}
open class RCTBundleURLProvider: NSObject {
    nonisolated(unsafe) static let shared = RCTBundleURLProvider()
    open class func sharedSettings() -> RCTBundleURLProvider { shared }
    open func jsBundleURL(forBundleRoot root: String) -> URL? { nil }
}
open class RCTLinkingManager: NSObject {
    open class func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool { false }
    open class func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool { false }
}
