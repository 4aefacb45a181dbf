// Scaffolding stand-in for React Native's app-delegate module (third-party).
import React
import Foundation
public protocol RCTDependencyProvider: AnyObject {}
open class RCTDefaultReactNativeFactoryDelegate: NSObject {
    open var dependencyProvider: RCTDependencyProvider?
    open func sourceURL(for bridge: RCTBridge) -> URL? { nil }
    open func bundleURL() -> URL? { nil }
}
open class RCTReactNativeFactory: NSObject {
    public init(delegate: RCTDefaultReactNativeFactoryDelegate) {}
    open func startReactNative(withModuleName name: String, in window: UIWindow?, launchOptions: [UIApplication.LaunchOptionsKey: Any]?) {}
}
