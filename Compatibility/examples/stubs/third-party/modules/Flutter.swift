// Scaffolding stand-in for the Flutter engine's iOS embedding (third-party), only the names the Braze plugin and
// its example app use.
@_exported import UIKit
import Foundation
public typealias FlutterResult = (Any?) -> Void
public typealias FlutterEventSink = (Any?) -> Void
public let FlutterMethodNotImplemented: NSObject = NSObject()
public protocol FlutterBinaryMessenger: NSObjectProtocol {}
public protocol FlutterMessageCodec {}
public class FlutterStandardMessageCodec: NSObject, FlutterMessageCodec {
    nonisolated(unsafe) static let shared = FlutterStandardMessageCodec()
    public class func sharedInstance() -> FlutterStandardMessageCodec { shared }
}
public class FlutterError: NSObject { public init(code: String, message: String?, details: Any?) {} }
public class FlutterMethodCall: NSObject { public var method = ""; public var arguments: Any? }
public class FlutterMethodChannel: NSObject {
    public init(name: String, binaryMessenger: FlutterBinaryMessenger) {}
    public func invokeMethod(_ method: String, arguments: Any?) {}
    public func setMethodCallHandler(_ h: ((FlutterMethodCall, @escaping FlutterResult) -> Void)?) {}
}
public protocol FlutterStreamHandler: NSObjectProtocol {
    func onListen(withArguments arguments: Any?, eventSink events: @escaping FlutterEventSink) -> FlutterError?
    func onCancel(withArguments arguments: Any?) -> FlutterError?
}
public class FlutterEventChannel: NSObject {
    public init(name: String, binaryMessenger: FlutterBinaryMessenger) {}
    public func setStreamHandler(_ h: (FlutterStreamHandler & NSObjectProtocol)?) {}
}
public protocol FlutterPlatformView: NSObjectProtocol { func view() -> UIView }
public protocol FlutterPlatformViewFactory: NSObjectProtocol {
    func create(withFrame frame: CGRect, viewIdentifier viewId: Int64, arguments args: Any?) -> FlutterPlatformView
    func createArgsCodec() -> FlutterMessageCodec & NSObjectProtocol
}
public protocol FlutterPluginRegistrar: NSObjectProtocol {
    func messenger() -> FlutterBinaryMessenger
    func addMethodCallDelegate(_ delegate: FlutterPlugin, channel: FlutterMethodChannel)
    func register(_ factory: FlutterPlatformViewFactory, withId: String)
}
public protocol FlutterPlugin: NSObjectProtocol {
    static func register(with registrar: FlutterPluginRegistrar)
    func handle(_ call: FlutterMethodCall, result: @escaping FlutterResult)
}
public protocol FlutterPluginRegistry: NSObjectProtocol {}
open class FlutterViewController: UIViewController, @unchecked Sendable { open var binaryMessenger: FlutterBinaryMessenger { fatalError() } }
open class FlutterAppDelegate: UIResponder, UIApplicationDelegate, FlutterPluginRegistry, @unchecked Sendable {
    open var window: UIWindow?
    open func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool { true }
    open func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool { false }
    open func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool { false }
}
