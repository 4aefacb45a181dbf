// Scaffolding stand-in for the React Native bridge's Objective-C part (BrazeReactUtils is Objective-C upstream;
// the bridge's Swift file, BrazeReactInitializer.swift, is type-checked in the app's module here).
import Foundation
open class BrazeReactUtils: NSObject {
    nonisolated(unsafe) static let shared = BrazeReactUtils()
    open class func sharedInstance() -> BrazeReactUtils { shared }
    open func populateInitialPayload(fromLaunchOptions launchOptions: [AnyHashable: Any]?) {}
    open func populateInitialUrl(fromLaunchOptions launchOptions: [AnyHashable: Any]) -> Bool { false }
    open func populateInitialUrl(forCategories userInfo: [AnyHashable: Any]) -> Bool { false }
}
/// The bridge module (Objective-C upstream); `initBraze:` is reached through the Objective-C runtime.
open class BrazeReactBridge: NSObject {
    open class func initBraze(_ configuration: AnyObject) -> AnyObject { configuration }
}
import BrazeKit
/// The bridge's delayed-initialization helper (its Swift source is type-checked separately, in the React Native unit).
public class BrazeReactInitializer: NSObject {
    public static func configure(_ configure: @escaping (Braze.Configuration) -> Void, postInitialization: ((Braze) -> Void)? = nil) {}
}
