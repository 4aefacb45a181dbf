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
/// **UI service.** Unless the app installs its own, `uiService` is a built-in service bound to
/// `MessagingEnvironment.current`; installing a new environment (e.g. a new test `Harness`) gives a fresh one,
/// with a fresh one-at-a-time monitor (upstream's `resetAppOnlyServices`).
public class ServiceProvider: @unchecked Sendable {
    public static let shared = ServiceProvider()

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

    init() {}

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

    /// The built-in service for the current environment.
    var builtInUIService: AEPUIService {
        let environment = MessagingEnvironment.current
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
