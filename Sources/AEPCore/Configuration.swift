import Foundation
import InAppCore

/// The Configuration extension (AEPCore's own, registered first by `registerExtensions`): it hears the
/// configuration requests `MobileCore` dispatches ("Configure with App ID", "Configure with File Path",
/// "Configuration Update", "Clear Updated Configuration"; type `configuration`, source `requestContent`), publishes
/// the configuration in force as its shared state and announces it with a "Configuration Response" event
/// (`configuration` / `responseContent`). A request with `config.getData` gets the configuration as its response.
/// Headless, `MobileCore` applies the change itself when it is called (nothing is downloaded), so the extension
/// publishes what is already in force.
final class Configuration: NSObject, Extension {
    static let extensionVersion = CoreSetup.coreVersion
    let name = "com.adobe.module.configuration"
    let friendlyName = "Configuration"
    let metadata: [String: String]? = nil
    let runtime: any ExtensionRuntime

    static let responseName = "Configuration Response"

    init?(runtime: any ExtensionRuntime) {
        self.runtime = runtime
        super.init()
    }

    func onRegistered() {
        registerListener(type: EventType.configuration, source: EventSource.requestContent) { [weak self] event in
            self?.handle(event)
        }
        let configuration = CoreSetup.shared.effectiveConfiguration
        if !configuration.isEmpty { createSharedState(data: Configuration.foundation(configuration), event: nil) }
    }

    func onUnregistered() {}

    private func handle(_ event: Event) {
        let configuration = Configuration.foundation(CoreSetup.shared.effectiveConfiguration)
        if event.data?["config.getData"] as? Bool == true {
            dispatch(event: event.createResponseEvent(name: Configuration.responseName, type: EventType.configuration,
                                                      source: EventSource.responseContent, data: configuration))
            return
        }
        createSharedState(data: configuration, event: event)
        dispatch(event: Event(name: Configuration.responseName, type: EventType.configuration,
                              source: EventSource.responseContent, data: configuration))
    }

    static func foundation(_ configuration: [String: JSONValue]) -> [String: Any] {
        configuration.mapValues(\.foundationValue)
    }
}
