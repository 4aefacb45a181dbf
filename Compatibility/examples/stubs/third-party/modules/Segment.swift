// Scaffolding stand-in for Segment's analytics-swift library (third-party), only the plugin names the Braze
// destination uses, with the library's default implementations as no-ops.
import Foundation
public enum PluginType { case before, enrichment, destination, after, utility }
public enum UpdateType { case initial, refresh }
public class Timeline { public init() {} }
public class Analytics {
    public init() {}
    public func log(message: String) {}
    public func add(plugin: Plugin) -> Plugin { plugin }
    public func identify(userId: String, traits: [String: Any]? = nil) {}
    public func track(name: String, properties: [String: Any]? = nil) {}
    public func screen(title: String, category: String? = nil, properties: [String: Any]? = nil) {}
}
public struct Configuration { public init(writeKey: String) {}
    public func flushAt(_ c: Int) -> Configuration { self }; public func trackApplicationLifecycleEvents(_ b: Bool) -> Configuration { self } }
extension Analytics { public convenience init(configuration: Configuration) { self.init() } }
public enum JSON: Codable {
    case null, object([String: JSON])
    public init(_ v: Any) throws { self = .null }
    public var dictionaryValue: [String: Any]? { nil }
    public func value<T>(forKeyPath keyPath: String) -> T? { nil }
}
extension Dictionary where Key == String { public subscript(keyPath keyPath: String) -> Any? { get { nil } set {} } }
public protocol RawEvent: Codable { var context: JSON? { get set } }
public struct IdentifyEvent: RawEvent { public var context: JSON?; public var userId: String?; public var traits: JSON? }
public struct TrackEvent: RawEvent { public var context: JSON?; public var event: String; public var properties: JSON? }
public struct ScreenEvent: RawEvent { public var context: JSON? }
public struct GroupEvent: RawEvent { public var context: JSON? }
public struct AliasEvent: RawEvent { public var context: JSON? }
public struct Settings: Codable {
    public func integrationSettings<T: Codable>(forPlugin plugin: DestinationPlugin) -> T? { nil }
    public func prettyPrint() -> String { "" }
}
public protocol Plugin: AnyObject {
    var type: PluginType { get }
    var analytics: Analytics? { get set }
    func configure(analytics: Analytics)
    func update(settings: Settings, type: UpdateType)
    func execute<T: RawEvent>(event: T?) -> T?
    func shutdown()
}
extension Plugin {
    public func configure(analytics: Analytics) { self.analytics = analytics }
    public func update(settings: Settings, type: UpdateType) {}
    public func execute<T: RawEvent>(event: T?) -> T? { event }
    public func shutdown() {}
}
public protocol EventPlugin: Plugin {
    func identify(event: IdentifyEvent) -> IdentifyEvent?
    func track(event: TrackEvent) -> TrackEvent?
    func screen(event: ScreenEvent) -> ScreenEvent?
    func group(event: GroupEvent) -> GroupEvent?
    func alias(event: AliasEvent) -> AliasEvent?
    func reset()
    func flush()
}
extension EventPlugin {
    public func identify(event: IdentifyEvent) -> IdentifyEvent? { event }
    public func track(event: TrackEvent) -> TrackEvent? { event }
    public func screen(event: ScreenEvent) -> ScreenEvent? { event }
    public func group(event: GroupEvent) -> GroupEvent? { event }
    public func alias(event: AliasEvent) -> AliasEvent? { event }
    public func reset() {}
    public func flush() {}
}
public protocol DestinationPlugin: EventPlugin { var key: String { get }; var timeline: Timeline { get } }
extension DestinationPlugin { @discardableResult public func add(plugin: Plugin) -> Plugin { plugin } }
public protocol VersionedPlugin { static func version() -> String }
