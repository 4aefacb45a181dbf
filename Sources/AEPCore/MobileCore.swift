import Foundation
@_exported import AEPServices

/// The AEP Mobile Core entry point (AEPCore `MobileCore`); for in-app messages it only carries the
/// messaging delegate slot, which lives in `ServiceProvider.shared` (see there for retention).
public final class MobileCore: NSObject, @unchecked Sendable {
    private override init() { super.init() }

    /// The app's messaging delegate: writes `ServiceProvider.shared.messagingDelegate`, which holds it **weakly**
    /// (keep your own strong reference). As upstream, the getter is unavailable from Swift; read the slot with
    /// `getMessagingDelegate()` or `ServiceProvider.shared.messagingDelegate`.
    public static var messagingDelegate: (any MessagingDelegate)? {
        @available(*, unavailable, message: "write-only, as in AEPCore; read ServiceProvider.shared.messagingDelegate")
        get { ServiceProvider.shared.messagingDelegate }
        set { ServiceProvider.shared.messagingDelegate = newValue }
    }

    /// Android spelling (core 2.x `MobileCore.setMessagingDelegate`): the same slot, held **strongly** as on Android.
    public static func setMessagingDelegate(_ messagingDelegate: (any MessagingDelegate)?) {
        ServiceProvider.shared.setMessageDelegate(messagingDelegate)
    }

    /// Android spelling (core 2.x `MobileCore.getMessagingDelegate`): the delegate in the slot, if any.
    public static func getMessagingDelegate() -> (any MessagingDelegate)? {
        ServiceProvider.shared.messagingDelegate
    }
}
