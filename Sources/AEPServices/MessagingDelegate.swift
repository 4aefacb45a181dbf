import Foundation

/// The app-wide observer and gate for in-app messages (AEPServices `MessagingDelegate`).
///
/// Register one with `MobileCore.messagingDelegate` (or `ServiceProvider.shared.messagingDelegate`).
/// The `Showable` passed to every method is the `FullscreenMessage` being presented; AEPMessaging's
/// `FullscreenMessage.parent` gives back its `Message`.
///
/// Threads (as on iOS): `shouldShowMessage(message:)` and `onShow(message:)` run on the environment's
/// background executor, never the main thread; `onDismiss(message:)` and `urlLoaded(_:byMessage:)` run on main.
public protocol MessagingDelegate: AnyObject {
    /// A message was displayed.
    func onShow(message: any Showable)
    /// A message was dismissed.
    func onDismiss(message: any Showable)
    /// Whether a message the user qualified for may be displayed now. Called on a background thread, and only
    /// for shows under delegate control (rule-triggered shows, `FullscreenMessage.show()`), not `Message.show()`.
    func shouldShowMessage(message: any Showable) -> Bool
    /// The message's content asked to load `url` and the message handled it itself. Optional (no-op default).
    func urlLoaded(_ url: URL, byMessage message: any Showable)
}

extension MessagingDelegate {
    /// Does nothing: the vendor declares this requirement `optional`.
    public func urlLoaded(_ url: URL, byMessage message: any Showable) {}
}
