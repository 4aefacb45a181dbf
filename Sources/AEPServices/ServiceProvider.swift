import Foundation
import InAppCore

/// Process-wide services (AEPServices `ServiceProvider`): the messaging delegate slot and the UI service.
///
/// **Delegate retention.** There is one slot. The iOS spelling (`messagingDelegate`, and AEPCore's
/// `MobileCore.messagingDelegate`) holds the delegate **weakly**, as AEPServices does: the app must keep its
/// delegate alive. The Android spellings (`setMessageDelegate(_:)`, `messageDelegate`, AEPCore's
/// `MobileCore.setMessagingDelegate(_:)`) write the same slot but hold the delegate **strongly**, as Android core
/// 2.x does, so code ported from Java that passes a fresh object keeps working. The last write decides.
/// The slot is read afresh at every callback.
///
/// **UI service.** Unless the app installs its own, `uiService` is a built-in service bound to the provider's
/// environment, with its one-at-a-time monitor.
///
/// **One per environment.** `shared` is the provider of `MessagingEnvironment.current`: each environment (each
/// test `Harness`, each test running in parallel) has its own delegate slot, UI service and monitor, and
/// installing a new environment starts from a fresh provider (upstream's `resetAppOnlyServices`). Outside tests
/// there is one environment, so one provider, as upstream.
public class ServiceProvider: @unchecked Sendable {
    /// The provider of the current environment.
    public static var shared: ServiceProvider { provider(for: MessagingEnvironment.current) }

    /// The provider of `environment` (objects that belong to one environment read their delegate here).
    @_spi(OpenInApp) public static func provider(for environment: MessagingEnvironment) -> ServiceProvider {
        environment.shared(ServiceProvider.self) { ServiceProvider(environment: environment) }
    }

    private struct DelegateSlot {
        weak var weakDelegate: (any MessagingDelegate)?
        var strongDelegate: (any MessagingDelegate)?
        var value: (any MessagingDelegate)? { strongDelegate ?? weakDelegate }
    }
    private struct UIState {
        var override: (any UIService)?
        var builtIn: AEPUIService?
    }
    private let slot = Locked(DelegateSlot())
    private let ui = Locked(UIState())
    /// The environment this provider belongs to (weak: the environment holds the provider).
    private let link: WeakLink

    init(environment: MessagingEnvironment) { link = WeakLink(environment) }

    private final class WeakLink: @unchecked Sendable {
        weak var environment: MessagingEnvironment?
        init(_ environment: MessagingEnvironment) { self.environment = environment }
    }

    /// Android spelling of `shared`.
    public static func getInstance() -> ServiceProvider { shared }

    /// The app's messaging delegate, held weakly.
    public var messagingDelegate: (any MessagingDelegate)? {
        get { slot.withLock { $0.value } }
        set { slot.withLock { $0 = DelegateSlot(weakDelegate: newValue, strongDelegate: nil) } }
    }

    /// Android spelling (`setMessageDelegate`): the same slot, held strongly.
    public func setMessageDelegate(_ messageDelegate: (any MessagingDelegate)?) {
        slot.withLock { $0 = DelegateSlot(weakDelegate: messageDelegate, strongDelegate: messageDelegate) }
    }

    /// Android spelling (`getMessageDelegate`): the same slot.
    public func getMessageDelegate() -> (any MessagingDelegate)? { messagingDelegate }

    /// Kotlin property spelling of `getMessageDelegate`/`setMessageDelegate` (held strongly when set).
    public var messageDelegate: (any MessagingDelegate)? {
        get { messagingDelegate }
        set { setMessageDelegate(newValue) }
    }

    /// The service that creates full-screen messages: the app's own if set, else the built-in one.
    public var uiService: any UIService {
        get { ui.withLock { $0.override } ?? builtInUIService }
        set { ui.withLock { $0.override = newValue } }
    }

    /// The built-in service for this provider's environment.
    var builtInUIService: AEPUIService {
        let environment = link.environment ?? MessagingEnvironment.current
        return ui.withLock { s in
            if let service = s.builtIn, service.environment === environment { return service }
            let service = AEPUIService(environment: environment)
            s.builtIn = service
            return service
        }
    }

    /// Removes an app-installed UI service, going back to the built-in one.
    func resetAppOnlyServices() {
        ui.withLock { $0 = UIState() }
    }
}
