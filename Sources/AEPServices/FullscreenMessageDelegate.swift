import Foundation
#if canImport(WebKit)
import WebKit
#endif

/// The per-message listener of a `FullscreenMessage` (AEPServices `FullscreenMessageDelegate`).
/// AEPMessaging's `Message` is the listener of its own full-screen message.
///
/// Requirements the vendor marks `optional` (`webViewDidFinishInitialLoading(webView:)`, `onError(message:error:)`)
/// and the Android-only `onBackPressed(message:)` have no-op defaults.
public protocol FullscreenMessageDelegate: AnyObject {
    /// The message was displayed (called before it is on screen, on a background thread).
    func onShow(message: FullscreenMessage)
    /// The message was dismissed (main thread).
    func onDismiss(message: FullscreenMessage)
    /// The content is about to load `url`. iOS meaning: return `true` to let the web view load it, `false` when
    /// the listener handled the URL itself (the navigation is then cancelled and the delegate's
    /// `urlLoaded(_:byMessage:)` is called).
    func overrideUrlLoad(message: FullscreenMessage, url: String?) -> Bool
    /// The first load of the message's HTML finished (main thread). Optional.
    func webViewDidFinishInitialLoading(webView: WKWebView)
    /// A show attempt failed (deprecated upstream in favour of `onError`, still required and still called first).
    func onShowFailure()
    /// A show attempt failed, with the reason (`Conflict` or `SuppressedByAppDeveloper`). Optional.
    func onError(message: FullscreenMessage, error: PresentationError)
    /// Android only: the back button was pressed while the message was displayed. Optional; never called headless.
    func onBackPressed(message: FullscreenMessage)
}

extension FullscreenMessageDelegate {
    public func webViewDidFinishInitialLoading(webView: WKWebView) {}
    public func onError(message: FullscreenMessage, error: PresentationError) {}
    public func onBackPressed(message: FullscreenMessage) {}
}
