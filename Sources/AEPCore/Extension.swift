import Foundation

/// An extension of the event hub (AEPCore `Extension`): a class the hub creates with `init?(runtime:)` when it is
/// registered (`MobileCore.registerExtensions(_:_:)`), that hears the events its listeners ask for and talks back
/// through its `runtime` (dispatch, shared states, event history). Messaging, Edge, Edge Identity, Lifecycle,
/// Signal, Assurance and Configuration are extensions of this kind; so can an app's own class be:
///
/// ```swift
/// final class Greeter: NSObject, Extension {
///     let name = "com.example.greeter"
///     let friendlyName = "Greeter"
///     static let extensionVersion = "1.0.0"
///     let metadata: [String: String]? = nil
///     let runtime: any ExtensionRuntime
///     init?(runtime: any ExtensionRuntime) { self.runtime = runtime; super.init() }
///     func onRegistered() {
///         registerListener(type: EventType.messaging, source: EventSource.requestContent) { event in ... }
///     }
///     func onUnregistered() {}
/// }
/// ```
///
/// Each extension hears events in the order they were dispatched, one at a time, on the environment's background
/// executor; while `readyForEvent` answers false for the next event, delivery to that extension waits (it is asked
/// again when another event is dispatched or a shared state changes).
public protocol Extension: AnyObject {
    /// The unique name the hub knows the extension by (e.g. `com.adobe.messaging`); shared states are keyed by it.
    var name: String { get }
    /// The name shown in `MobileCore.getRegisteredExtensions()` (e.g. `Messaging`).
    var friendlyName: String { get }
    /// The extension's version (e.g. `5.14.0`).
    static var extensionVersion: String { get }
    /// Extra values listed with the extension in `MobileCore.getRegisteredExtensions()`.
    var metadata: [String: String]? { get }
    /// How the extension talks to the hub.
    var runtime: any ExtensionRuntime { get }
    /// Called once, after the hub made the extension and before it hears any event.
    func onRegistered()
    /// Called once, when the extension is unregistered.
    func onUnregistered()
    /// Whether the extension can handle `event` now (default: true).
    func readyForEvent(_ event: Event) -> Bool
    /// Made by the hub at registration; returning nil refuses the registration.
    init?(runtime: any ExtensionRuntime)
}

public extension Extension {
    /// Unregisters this extension (its listeners stop hearing events).
    func unregisterExtension() { runtime.unregisterExtension() }

    /// Calls `listener` with every event of `type` and `source` (wildcards allowed) dispatched afterwards.
    func registerListener(type: String, source: String, listener: @escaping EventListener) {
        runtime.registerListener(type: type, source: source, listener: listener)
    }

    /// Dispatches `event` to the hub.
    func dispatch(event: Event) { runtime.dispatch(event: event) }

    /// Publishes this extension's shared state, versioned at `event` (nil: the latest event).
    func createSharedState(data: [String: Any], event: Event?) { runtime.createSharedState(data: data, event: event) }

    /// Reserves a pending shared state at `event`; calling the resolver sets it.
    func createPendingSharedState(event: Event?) -> SharedStateResolver { runtime.createPendingSharedState(event: event) }

    /// Another extension's shared state as of `event` (nil: its latest).
    func getSharedState(extensionName: String, event: Event?, barrier: Bool = false) -> SharedStateResult? {
        runtime.getSharedState(extensionName: extensionName, event: event, barrier: barrier)
    }

    /// As `getSharedState(extensionName:event:barrier:)`, choosing whether a pending state counts (`resolution`).
    func getSharedState(extensionName: String, event: Event?, barrier: Bool = false,
                        resolution: SharedStateResolution = .any) -> SharedStateResult? {
        runtime.getSharedState(extensionName: extensionName, event: event, barrier: barrier, resolution: resolution)
    }

    /// Publishes this extension's XDM shared state.
    func createXDMSharedState(data: [String: Any], event: Event?) { runtime.createXDMSharedState(data: data, event: event) }

    /// Reserves a pending XDM shared state.
    func createPendingXDMSharedState(event: Event?) -> SharedStateResolver { runtime.createPendingXDMSharedState(event: event) }

    /// Another extension's XDM shared state as of `event`.
    func getXDMSharedState(extensionName: String, event: Event?, barrier: Bool = false) -> SharedStateResult? {
        runtime.getXDMSharedState(extensionName: extensionName, event: event, barrier: barrier)
    }

    /// As `getXDMSharedState(extensionName:event:barrier:)` with a `resolution`.
    func getXDMSharedState(extensionName: String, event: Event?, barrier: Bool = false,
                           resolution: SharedStateResolution = .any) -> SharedStateResult? {
        runtime.getXDMSharedState(extensionName: extensionName, event: event, barrier: barrier, resolution: resolution)
    }

    /// Ready for every event unless the extension says otherwise.
    func readyForEvent(_: Event) -> Bool { true }

    /// Resumes delivering events to this extension.
    func startEvents() { runtime.startEvents() }

    /// Holds events for this extension until `startEvents()`.
    func stopEvents() { runtime.stopEvents() }
}
