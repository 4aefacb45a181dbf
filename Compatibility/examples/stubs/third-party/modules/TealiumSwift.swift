// Scaffolding stand-in for the Tealium Swift SDK umbrella (CocoaPods module name).
@_exported import TealiumCore
@_exported import TealiumRemoteCommands
import Foundation
public class TealiumConfig {
    public var logLevel: TealiumLogLevel? ; public var remoteAPIEnabled: Bool? ; public var shouldUseRemotePublishSettings = true; public var batchingEnabled: Bool? ; public var collectors: [Any]? ; public var dispatchers: [Any]?
    public init(account: String, profile: String, environment: String, dataSource: String? = nil) {}
    public func addRemoteCommand(_ c: RemoteCommand) {}
}
public class Tealium { public init(config: TealiumConfig, completion: ((Any) -> Void)? = nil) {}; public func track(_ d: TealiumDispatch) {} }
public protocol TealiumDispatch {}
public struct TealiumView: TealiumDispatch { public init(_ t: String, dataLayer: [String: Any]? = nil) {} }
public struct TealiumEvent: TealiumDispatch { public init(_ t: String, dataLayer: [String: Any]? = nil) {} }
public enum TealiumLogLevel { case info, debug, error, silent }
public enum Collectors { public static let Lifecycle = "lifecycle" }
public enum Dispatchers { public static let TagManagement = "tagmanagement"; public static let RemoteCommands = "remotecommands" }
