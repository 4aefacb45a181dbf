import Foundation
import InAppCore
@_spi(OpenInApp) import AEPServices

/// Errors AEP passes to completion handlers (AEPCore `AEPError`).
public enum AEPError: Int, Error, Sendable {
    case unexpected = 0
    case callbackTimeout = 1
    case callbackNil = 2
    case none = 3
    case serverError = 4
    case networkError = 5
    case invalidRequest = 6
    case invalidResponse = 7
    case errorExtensionNotInitialized = 11
}

/// The user's privacy choice (AEPCore `PrivacyStatus`).
public enum PrivacyStatus: Int, Sendable, Codable {
    case optedIn = 0
    case optedOut = 1
    case unknown = 2

    /// The configuration value (`optedin`, `optedout`, `optunknown`).
    var configValue: String {
        switch self {
        case .optedIn: return "optedin"
        case .optedOut: return "optedout"
        case .unknown: return "optunknown"
        }
    }

    init(configValue: String?) {
        switch configValue {
        case "optedin": self = .optedIn
        case "optedout": self = .optedOut
        default: self = .unknown
        }
    }
}

/// The cross-platform framework an app is built with (AEPCore `WrapperType`); it suffixes
/// `MobileCore.extensionVersion` (`5.11.0-F` for Flutter).
public enum WrapperType: Int, Sendable {
    case none = 0
    case reactNative = 1
    case flutter = 2
    case cordova = 3
    case unity = 4
    case xamarin = 5

    /// The one-letter code AEP appends to versions (`N`, `R`, `F`, `C`, `U`, `X`).
    var code: String { ["N", "R", "F", "C", "U", "X"][rawValue] }
    var friendlyName: String { ["None", "React Native", "Flutter", "Cordova", "Unity", "Xamarin"][rawValue] }
}

/// The headless event hub's set-up state: registered extensions, configuration, privacy, wrapper. One per
/// `MessagingEnvironment`, so each test registers and configures its own SDK.
final class CoreSetup: @unchecked Sendable {
    static var shared: CoreSetup { MessagingEnvironment.current.shared(CoreSetup.self) { CoreSetup() } }
    static let coreVersion = "5.11.0"

    struct State {
        var registered: [(name: String, friendlyName: String, version: String, typeID: ObjectIdentifier,
                          metadata: [String: String]?)] = []
        var started = false
        var initialized = false
        var wrapper = WrapperType.none
        var appId: String?
        var configuration: [String: JSONValue] = [:]
        var programmatic: [String: JSONValue] = [:]
        var pushIdentifier: Data?
    }
    let state = Locked(State())

    var trace: Trace { MessagingEnvironment.current.trace }

    /// Registers `types` in order (skipping ones already registered): each is made and started on the current
    /// environment's event hub (or, when it already runs there implicitly, listed from now on) and recorded;
    /// then, with `startHub`, the hub counts as started.
    func register(_ types: [any Extension.Type], startHub: Bool) {
        let hub = EventHub.current
        for type in types {
            let listed = state.withLock { s in s.registered.contains { $0.typeID == ObjectIdentifier(type) } }
            guard !listed else {
                AdobeLog.log(.warning, label: "MobileCore", "extension \(type) is already registered")
                continue
            }
            guard let container = hub.attach(type), let made = container.extensionObject else { continue }
            state.withLock { s in
                s.registered.append((made.name, made.friendlyName, type.extensionVersion, ObjectIdentifier(type), made.metadata))
            }
            trace.record(.delivery, "extensionRegistered", ["extension": made.name, "version": type.extensionVersion])
            AdobeLog.log(.debug, label: "MobileCore", "registered extension \(made.name) \(type.extensionVersion)")
        }
        if startHub {
            let first = state.withLock { s -> Bool in defer { s.started = true }; return !s.started }
            if first { trace.record(.delivery, "eventHubStarted") }
        }
    }

    /// Drops an extension from the registered list (it unregistered itself).
    func forget(name: String) {
        state.withLock { s in s.registered.removeAll { $0.name == name } }
    }

    /// The configuration in force: the app-id or file configuration, then the programmatic updates over it.
    var effectiveConfiguration: [String: JSONValue] {
        state.withLock { s in s.configuration.merging(s.programmatic) { _, new in new } }
    }
}

/// The extension types `initialize(appId:)` finds when they are linked (upstream discovers every class that
/// conforms to `Extension`; headless, the known stand-ins are looked up by name).
private let discoverableExtensions = ["AEPMessaging.Messaging", "AEPEdge.Edge", "AEPEdgeIdentity.Identity",
                                      "AEPLifecycle.Lifecycle", "AEPSignal.Signal", "AEPAssurance.Assurance"]

extension MobileCore {
    /// The core's version, suffixed with the wrapper's code when a wrapper is set (`5.11.0-R`).
    public static var extensionVersion: String {
        let wrapper = CoreSetup.shared.state.withLock { $0.wrapper }
        return wrapper == .none ? CoreSetup.coreVersion : CoreSetup.coreVersion + "-" + wrapper.code
    }

    /// Sets how much is logged (see `LogLevel`); headless, the level filters the `log` lines in the trace.
    public static func setLogLevel(_ level: LogLevel) {
        AdobeLog.logFilter = level
        MessagingEnvironment.current.trace.record(.diagnostic, "logLevel", ["level": level.label])
    }

    /// Registers extensions, as upstream: the Configuration extension first, then `extensions` in the order
    /// given (types that are not `Extension`s are skipped with an error log), then the event hub starts and
    /// `completion` runs (on a background thread). Headless there is no network and no persistence.
    public static func registerExtensions(_ extensions: [NSObject.Type], _ completion: (() -> Void)? = nil) {
        var native: [any Extension.Type] = [Configuration.self]
        for type in extensions {
            if let ext = type as? any Extension.Type { native.append(ext) }
            else { AdobeLog.log(.error, label: "MobileCore", "\(type) is not an AEP extension; not registered") }
        }
        let environment = MessagingEnvironment.current
        let done = completion.map(UncheckedCompletion.init)
        let types = Unchecked(native)
        environment.background.execute {
            CoreSetup.shared.register(types.value, startHub: true)
            environment.trace.record(.callback, "registerExtensions.completion")
            done?.run()
        }
    }

    /// Registers one extension after start-up; `completion` runs once it is registered (background thread).
    public static func registerExtension(_ exten: any Extension.Type, _ completion: (() -> Void)? = nil) {
        let environment = MessagingEnvironment.current
        let done = completion.map(UncheckedCompletion.init)
        let type = Unchecked(exten)
        environment.background.execute {
            CoreSetup.shared.register([type.value], startHub: false)
            done?.run()
        }
    }

    /// Unregisters an extension: its listeners stop hearing events, its `onUnregistered` runs and it leaves the
    /// registered list; `completion` runs afterwards (background thread).
    public static func unregisterExtension(_ exten: any Extension.Type, _ completion: (() -> Void)? = nil) {
        let environment = MessagingEnvironment.current
        let done = completion.map(UncheckedCompletion.init)
        let type = Unchecked(exten)
        environment.background.execute {
            let hub = EventHub.current
            if let container = hub.container(of: type.value) {
                let name = container.name
                if hub.detach(container) {
                    CoreSetup.shared.forget(name: name)
                    environment.trace.record(.delivery, "extensionUnregistered", ["extension": name])
                }
            } else {
                AdobeLog.log(.error, label: "MobileCore", "\(type.value) is not registered")
            }
            done?.run()
        }
    }

    /// The registered extensions as AEP's event hub shares them: JSON text
    /// `{"version": ..., "wrapper": {"type": ..., "friendlyName": ...}, "extensions": {name: {"version": ...,
    /// "friendlyName": ...}}}` (the Configuration extension included), or `{}` before the hub started.
    public static func getRegisteredExtensions() -> String {
        let (registered, started, wrapper) = CoreSetup.shared.state.withLock { ($0.registered, $0.started, $0.wrapper) }
        guard started else { return "{}" }
        var extensions: [String: JSONValue] = [:]
        for e in registered {
            var entry: [String: JSONValue] = ["version": .string(e.version), "friendlyName": .string(e.friendlyName)]
            if let metadata = e.metadata { entry["metadata"] = .object(metadata.mapValues(JSONValue.string)) }
            extensions[e.name] = .object(entry)
        }
        let value: JSONValue = ["version": .string(CoreSetup.coreVersion),
                                "wrapper": ["type": .string(wrapper.code), "friendlyName": .string(wrapper.friendlyName)],
                                "extensions": .object(extensions)]
        return value.description
    }

    /// Starts the SDK the way AEP's `initialize(appId:)` does: configures with `appId`, starts lifecycle tracking,
    /// registers every linked extension (found by name: Messaging, Edge, Identity, Lifecycle, Signal, Assurance),
    /// then calls `completion`. A second call does nothing but call `completion`.
    public static func initialize(appId: String, _ completion: (() -> Void)? = nil) {
        let first = CoreSetup.shared.state.withLock { s -> Bool in defer { s.initialized = true }; return !s.initialized }
        guard first else {
            AdobeLog.log(.debug, label: "MobileCore", "initialize - ignoring as it was already called")
            completion?()
            return
        }
        configureWith(appId: appId)
        let found = discoverableExtensions.compactMap { NSClassFromString($0) as? NSObject.Type }
        let environment = MessagingEnvironment.current
        let done = completion.map(UncheckedCompletion.init)
        environment.background.execute {
            lifecycleStart(additionalContextData: nil)
            registerExtensions(found) { done?.run() }
        }
    }

    /// Configures the SDK with the environment file id of a Data Collection property (recorded; no download).
    public static func configureWith(appId: String) {
        CoreSetup.shared.state.withLock { s in
            s.appId = appId
            s.configuration = ["appId": .string(appId), "global.privacy": "optedin"]
        }
        MessagingEnvironment.current.trace.record(.delivery, "configured", ["appId": appId])
        dispatch(event: Event(name: "Configure with App ID", type: EventType.configuration, source: EventSource.requestContent,
                              data: ["config.appId": appId]))
    }

    /// Configures the SDK from a JSON file; a file that cannot be read or is not a JSON object is logged and ignored.
    public static func configureWith(filePath: String) {
        guard let data = FileManager.default.contents(atPath: filePath),
              case .object(let config)? = try? JSONValue(parsing: data) else {
            AdobeLog.log(.error, label: "MobileCore", "configureWith(filePath:) - cannot read a configuration at \(filePath)")
            return
        }
        CoreSetup.shared.state.withLock { $0.configuration = config }
        MessagingEnvironment.current.trace.record(.delivery, "configured", ["filePath": filePath])
        dispatch(event: Event(name: "Configure with File Path", type: EventType.configuration,
                              source: EventSource.requestContent, data: ["config.filePath": filePath]))
    }

    /// Merges `configDict` over the configuration (kept until `clearUpdatedConfiguration()`).
    public static func updateConfigurationWith(configDict: [String: Any]) {
        guard case .object(let update) = JSONValue(any: configDict) else { return }
        CoreSetup.shared.state.withLock { s in s.programmatic.merge(update) { _, new in new } }
        MessagingEnvironment.current.trace.record(.delivery, "configurationUpdated",
                                                  ["keys": update.keys.sorted().joined(separator: ",")])
        dispatch(event: Event(name: "Configuration Update", type: EventType.configuration, source: EventSource.requestContent,
                              data: ["config.update": configDict]))
    }

    /// Drops every programmatic update (the app-id or file configuration stays).
    public static func clearUpdatedConfiguration() {
        CoreSetup.shared.state.withLock { $0.programmatic = [:] }
        MessagingEnvironment.current.trace.record(.delivery, "configurationCleared")
        dispatch(event: Event(name: "Clear Updated Configuration", type: EventType.configuration,
                              source: EventSource.requestContent, data: ["config.clearUpdates": true]))
    }

    /// Sets the privacy status (a programmatic `global.privacy` update, as upstream).
    public static func setPrivacyStatus(_ status: PrivacyStatus) {
        updateConfigurationWith(configDict: ["global.privacy": status.configValue])
    }

    /// Calls `completion` with the privacy status in force (background thread).
    public static func getPrivacyStatus(completion: @escaping (PrivacyStatus) -> Void) {
        let status = PrivacyStatus(configValue: CoreSetup.shared.effectiveConfiguration["global.privacy"]?.stringValue)
        let done = Unchecked(completion)
        MessagingEnvironment.current.background.execute { done.value(status) }
    }

    /// Records the push token (sent by Messaging upstream; headless, recorded as an identity update).
    public static func setPushIdentifier(_ deviceToken: Data?) {
        CoreSetup.shared.state.withLock { $0.pushIdentifier = deviceToken }
        let hex = deviceToken.map { $0.map { String(format: "%02x", $0) }.joined() } ?? ""
        EdgeNetwork.current.record(name: "Set Push Identifier", type: "com.adobe.eventType.genericIdentity",
                                   data: ["pushidentifier": .string(hex)])
        dispatch(event: Event(name: "Set Push Identifier", type: EventType.genericIdentity, source: EventSource.requestContent,
                              data: ["pushidentifier": hex]))
    }

    /// Sets the advertising identifier (IDFA): dispatched as upstream's "SetAdvertisingIdentifier" request
    /// (`generic.identity` / `requestContent`, `{"advertisingidentifier": identifier or ""}`) for the identity
    /// extensions; headless nothing else reads it.
    public static func setAdvertisingIdentifier(_ identifier: String?) {
        dispatch(event: Event(name: "SetAdvertisingIdentifier", type: EventType.genericIdentity, source: EventSource.requestContent,
                              data: ["advertisingidentifier": identifier ?? ""]))
    }

    /// Sets the wrapper type (it suffixes `extensionVersion`).
    public static func setWrapperType(_ type: WrapperType) {
        CoreSetup.shared.state.withLock { $0.wrapper = type }
    }

    /// Records personally identifiable data (a `collectPii` event; nothing leaves the process).
    public static func collectPii(_ data: [String: Any]) {
        EdgeNetwork.current.record(name: "CollectPII", type: "com.adobe.eventType.generic.pii",
                                   data: ["contextdata": JSONValue(any: data)])
        dispatch(event: Event(name: "Collect PII", type: EventType.genericPii, source: EventSource.requestContent,
                              data: ["contextdata": data]))
    }

    /// Starts a lifecycle session (recorded as the `com.adobe.eventType.genericLifecycle` start event).
    public static func lifecycleStart(additionalContextData: [String: Any]?) {
        var data: [String: JSONValue] = ["action": "start"]
        if let additionalContextData { data["additionalcontextdata"] = JSONValue(any: additionalContextData) }
        EdgeNetwork.current.record(name: "Lifecycle Start", type: "com.adobe.eventType.genericLifecycle", data: .object(data))
        dispatch(event: Event(name: "Lifecycle Resume", type: EventType.genericLifecycle, source: EventSource.requestContent,
                              data: JSONValue.object(data).foundationValue as? [String: Any]))
    }

    /// Pauses the lifecycle session (recorded as the pause event).
    public static func lifecyclePause() {
        EdgeNetwork.current.record(name: "Lifecycle Pause", type: "com.adobe.eventType.genericLifecycle",
                                   data: ["action": "pause"])
        dispatch(event: Event(name: "Lifecycle Pause", type: EventType.genericLifecycle, source: EventSource.requestContent,
                              data: ["action": "pause"]))
    }

    /// Forgets registrations, configuration and wrapper (for tests; not an AEP API).
    @_spi(OpenInApp) public static func resetSetup() {
        CoreSetup.shared.state.withLock { $0 = CoreSetup.State() }
        AdobeLog.logFilter = .error
    }

    /// The configuration in force (for tests; not an AEP API).
    @_spi(OpenInApp) public static var currentConfiguration: [String: JSONValue] { CoreSetup.shared.effectiveConfiguration }
}

/// A completion the compiler cannot prove `Sendable`; AEP calls completions once, from its own thread.
private struct UncheckedCompletion: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
    func run() { body() }
}

private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
