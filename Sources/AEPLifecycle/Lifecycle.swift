import Foundation
import AEPCore

/// The Lifecycle extension (AEPLifecycle `Lifecycle`), headless: it hears the "Lifecycle Resume" / "Lifecycle Pause"
/// requests `MobileCore.lifecycleStart(additionalContextData:)` / `lifecyclePause()` dispatch
/// (`generic.lifecycle` / `requestContent`, `{"action": "start" | "pause"}`). On a start that opens a session it
/// publishes its shared state (`{"lifecyclecontextdata": {...}}` with the additional context data) and dispatches
/// "LifecycleStart" (`lifecycle` / `responseContent`, `{"sessionevent": "start", "starttimestampseconds": ...}`);
/// a pause closes the session. (`MobileCore` also records the requests on `EdgeNetwork.current`.)
public class Lifecycle: NSObject, Extension {
    public static let extensionVersion = "5.11.0"
    public let name = "com.adobe.module.lifecycle"
    public let friendlyName = "Lifecycle"
    public let metadata: [String: String]? = nil
    public let runtime: any ExtensionRuntime
    private var inSession = false

    public required init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    public func onRegistered() {
        registerListener(type: EventType.genericLifecycle, source: EventSource.requestContent) { [weak self] event in
            self?.handle(event)
        }
    }

    public func onUnregistered() {}

    // Events reach an extension one at a time, so `inSession` needs no lock.
    private func handle(_ event: Event) {
        switch event.data?["action"] as? String {
        case "start":
            guard !inSession else { return }
            inSession = true
            var context = event.data?["additionalcontextdata"] as? [String: Any] ?? [:]
            context["launchevent"] = "LaunchEvent"
            createSharedState(data: ["lifecyclecontextdata": context], event: event)
            dispatch(event: Event(name: "LifecycleStart", type: EventType.lifecycle, source: EventSource.responseContent,
                                  data: ["sessionevent": "start",
                                         "starttimestampseconds": Int(event.timestamp.timeIntervalSince1970)]))
        case "pause":
            inSession = false
        default:
            break
        }
    }
}
