import Foundation

/// Receives the in-app messages a `Braze` instance triggers. `BrazeInAppMessageUI` (module BrazeUI) is the
/// stock implementation; apps may write their own (a struct is fine).
public protocol BrazeInAppMessagePresenter {
    /// Called with each triggered message. Main-actor isolated, as upstream marks its main-thread APIs, so a
    /// presenter may create and present view controllers directly. Headless, the SDK calls it on the thread
    /// that drives it (the main thread in an app; a test's thread in tests), like every other callback here.
    @MainActor
    func present(message: Braze.InAppMessage)
    /// Called when pending messages must be dropped (user change, data wipe). Optional.
    func dismiss(reason: Braze.InAppMessage.DismissalReason)
}

extension BrazeInAppMessagePresenter {
    /// Default: does nothing.
    public func dismiss(reason: Braze.InAppMessage.DismissalReason) {}
}
