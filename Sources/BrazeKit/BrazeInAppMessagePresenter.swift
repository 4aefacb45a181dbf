import Foundation

/// Receives the in-app messages a `Braze` instance triggers. `BrazeInAppMessageUI` (module BrazeUI) is the
/// stock implementation; apps may write their own (a struct is fine).
public protocol BrazeInAppMessagePresenter {
    /// Called with each triggered message.
    func present(message: Braze.InAppMessage)
    /// Called when pending messages must be dropped (user change, data wipe). Optional.
    func dismiss(reason: Braze.InAppMessage.DismissalReason)
}

extension BrazeInAppMessagePresenter {
    /// Default: does nothing.
    public func dismiss(reason: Braze.InAppMessage.DismissalReason) {}
}
