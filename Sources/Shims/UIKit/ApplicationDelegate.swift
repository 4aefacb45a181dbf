// The app delegate: every method an app may declare, each optional (a default that does what UIKit does when the
// app leaves it out). Headless nothing calls them on its own; tests and hosts call them (for example through
// `UIApplication.shared.delegate`) to drive an app's launch, URL opening, push registration and quick actions.

/// The app delegate (every method optional). Its methods are main-actor isolated as on Apple platforms, so an app
/// delegate can call main-actor code from them; the type itself is not (our `UIResponder` is not main-actor isolated).
///
/// `window` is not a requirement: on Apple it is an optional Objective-C requirement, so read through the protocol
/// (`UIApplication.shared.delegate?.window`) it is a `UIWindow??` — nil when the app declares no `window`, else the
/// app's value. The extension below offers exactly that type; inside the app's own type `window` is its own
/// `UIWindow?` property, as on Apple.
public protocol UIApplicationDelegate: AnyObject {
    @MainActor func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    @MainActor func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    @MainActor func applicationDidBecomeActive(_ application: UIApplication)
    @MainActor func applicationWillResignActive(_ application: UIApplication)
    @MainActor func applicationDidEnterBackground(_ application: UIApplication)
    @MainActor func applicationWillEnterForeground(_ application: UIApplication)
    @MainActor func applicationWillTerminate(_ application: UIApplication)
    @MainActor func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    @MainActor func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool

    // Remote notifications
    @MainActor func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    @MainActor func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
    @MainActor func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                                fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)

    // Quick actions, activities, background transfers
    @MainActor func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                                completionHandler: @escaping (Bool) -> Void)
    @MainActor func application(_ application: UIApplication, willContinueUserActivityWithType userActivityType: String) -> Bool
    @MainActor func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                                restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool
    @MainActor func application(_ application: UIApplication, didFailToContinueUserActivityWithType userActivityType: String,
                                error: any Error)
    @MainActor func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
                                completionHandler: @escaping () -> Void)
    @MainActor func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask

    // Scenes
    @MainActor func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                                options: UIScene.ConnectionOptions) -> UISceneConfiguration
    @MainActor func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
}

extension UIApplicationDelegate {
    /// The app's main window as UIKit reads it through the protocol: `nil` when the delegate declares no stored
    /// `window` property, else `.some(its value)` (Apple's optional-requirement `UIWindow??`). Found by name among
    /// the stored properties of the delegate's class and its superclasses; a computed `window` is not seen (read it
    /// on the app's own type). Read-only here: set the window on the app's own type.
    public var window: UIWindow?? { storedWindow(of: self) }
    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }
    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}
    public func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}
    /// Without the app's method the fetch completes with `.noData`.
    public func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                            fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        completionHandler(.noData)
    }
    /// Without the app's method the quick action is not handled.
    public func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                            completionHandler: @escaping (Bool) -> Void) {
        completionHandler(false)
    }
    public func application(_ application: UIApplication, willContinueUserActivityWithType userActivityType: String) -> Bool { false }
    public func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                            restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool { false }
    public func application(_ application: UIApplication, didFailToContinueUserActivityWithType userActivityType: String,
                            error: any Error) {}
    public func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
                            completionHandler: @escaping () -> Void) { completionHandler() }
    /// Without the app's method: every orientation but upside down, as an iPhone app's default.
    public func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
        .allButUpsideDown
    }
    /// Without the app's method: the default configuration for the session's role.
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}

    /// What `@main` calls. Headless, there is no run loop or UI to start: it returns at once. Tests create
    /// the delegate themselves and call its methods.
    @MainActor
    public static func main() {}
}

/// The value of the stored `window: UIWindow?` property of `delegate`'s class or a superclass, as an optional
/// Objective-C requirement reads: nil when there is no such property, else `.some(value)`.
func storedWindow(of delegate: AnyObject) -> UIWindow?? {
    var mirror: Mirror? = Mirror(reflecting: delegate)
    while let current = mirror {
        for child in current.children where child.label == "window" {
            if let window = child.value as? UIWindow? { return .some(window) }
        }
        mirror = current.superclassMirror
    }
    return nil
}
