import Foundation

/// Creates full-screen messages (AEPServices `UIService`). `ServiceProvider.shared.uiService` is the built-in
/// one unless the app installs its own.
public protocol UIService: AnyObject {
    func createFullscreenMessage(payload: String, listener: (any FullscreenMessageDelegate)?,
                                 isLocalImageUsed: Bool) -> any FullscreenPresentable
    /// Optional upstream; the default forwards to the three-argument method and ignores `settings`.
    func createFullscreenMessage(payload: String, listener: (any FullscreenMessageDelegate)?,
                                 isLocalImageUsed: Bool, settings: MessageSettings?) -> any FullscreenPresentable
}

extension UIService {
    public func createFullscreenMessage(payload: String, listener: (any FullscreenMessageDelegate)?,
                                        isLocalImageUsed: Bool, settings: MessageSettings?) -> any FullscreenPresentable {
        createFullscreenMessage(payload: payload, listener: listener, isLocalImageUsed: isLocalImageUsed)
    }
}
