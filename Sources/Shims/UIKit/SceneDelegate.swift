// Scene delegates: the methods a scene-based app declares, each optional.

/// A scene's delegate (all methods optional).
public protocol UISceneDelegate: AnyObject {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    func scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: any Error)
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
}
extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    public func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String) {}
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    public func scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: any Error) {}
    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
}

/// A window scene's delegate: keeps the scene's window and handles its quick actions. As on Apple, `window` is an
/// optional requirement: through the protocol it reads as `UIWindow??` (see `UIApplicationDelegate.window`).
public protocol UIWindowSceneDelegate: UISceneDelegate {
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void)
}
extension UIWindowSceneDelegate {
    /// The scene's window as UIKit reads it through the protocol: nil when the delegate declares no stored
    /// `window`, else `.some(its value)`. Read-only here: set the window on the delegate's own type.
    public var window: UIWindow?? { storedWindow(of: self) }
    /// Without the delegate's method the quick action is not handled.
    public func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                            completionHandler: @escaping (Bool) -> Void) { completionHandler(false) }
}
