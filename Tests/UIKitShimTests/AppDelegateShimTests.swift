// App-delegate and scene-delegate code as apps write it, beside their in-app messaging set-up: the whole delegate
// type-checks, and calls made through UIKit's protocols reach the app's own methods (or UIKit's defaults).
import XCTest
import UIKit

final class AppDelegateShimTests: XCTestCase {
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        var calls: [String] = []
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            calls.append("launch \((launchOptions?[.url] as? URL)?.absoluteString ?? "-")")
            window = UIWindow(frame: UIScreen.main.bounds)
            return true
        }
        func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
            calls.append("token \(deviceToken.map { String(format: "%02x", $0) }.joined())")
        }
        func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
            calls.append("tokenFailed")
        }
        func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                         fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
            calls.append("push"); completionHandler(.newData)
        }
        func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                         completionHandler: @escaping (Bool) -> Void) {
            calls.append("shortcut \(shortcutItem.type)"); completionHandler(true)
        }
        func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                         restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
            calls.append("continue \(userActivity.webpageURL?.absoluteString ?? "-")")
            restorationHandler([window!])
            return userActivity.activityType == NSUserActivityTypeBrowsingWeb
        }
        func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
            calls.append("open \(url.absoluteString)"); return true
        }
        func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                         options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
            configuration.delegateClass = SceneDelegate.self
            return configuration
        }
        func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
            calls.append("discarded \(sceneSessions.count)")
        }
        func applicationWillTerminate(_ application: UIApplication) { calls.append("terminate") }
    }

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        var calls: [String] = []
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            guard let windowScene = scene as? UIWindowScene else { return }
            window = UIWindow(windowScene: windowScene)
            window?.makeKeyAndVisible()
            if let item = connectionOptions.shortcutItem { calls.append("launched by \(item.type)") }
            for activity in connectionOptions.userActivities { self.scene(scene, continue: activity) }
        }
        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { calls.append("continue \(userActivity.activityType)") }
        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            calls += URLContexts.map { "open \($0.url.absoluteString)" }
        }
        func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                         completionHandler: @escaping (Bool) -> Void) {
            calls.append("shortcut \(shortcutItem.localizedTitle)"); completionHandler(true)
        }
    }

    final class ShortcutsController: UIViewController {
        var restored: String?
        override var keyCommands: [UIKeyCommand]? {
            [UIKeyCommand(input: "r", modifierFlags: .command, action: NSSelectorFromString("reload")),
             UIKeyCommand(title: "Close", action: NSSelectorFromString("reload"), input: UIKeyCommand.inputEscape)]
        }
        func reload() {}
        override func restoreUserActivityState(_ activity: NSUserActivity) { restored = activity.userInfo?["screen"] as? String }
    }

    func testUIKitsCallsReachEveryMethodTheAppDelegateDeclares() {
        MainActor.assumeIsolated {
            let app = UIApplication()
            let delegate = AppDelegate()
            let uikit: any UIApplicationDelegate = delegate
            XCTAssertTrue(uikit.application(app, didFinishLaunchingWithOptions: nil))
            XCTAssertNotNil(uikit.window ?? nil, "the app's stored window answers the protocol's property")
            XCTAssertTrue(uikit.window!! === delegate.window, "read through the protocol as UIWindow??, as on Apple")
            uikit.application(app, didRegisterForRemoteNotificationsWithDeviceToken: Data([0xab, 0x01]))
            struct Offline: Error {}
            uikit.application(app, didFailToRegisterForRemoteNotificationsWithError: Offline())
            var fetch: UIBackgroundFetchResult?
            uikit.application(app, didReceiveRemoteNotification: ["aps": [:]]) { fetch = $0 }
            var handled: Bool?
            let item = UIApplicationShortcutItem(type: "com.example.search", localizedTitle: "Search")
            uikit.application(app, performActionFor: item) { handled = $0 }
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = URL(string: "https://example.com/promo")
            var restorers: [any UIUserActivityRestoring]?
            XCTAssertTrue(uikit.application(app, continue: activity) { restorers = $0 })
            XCTAssertTrue(uikit.application(app, open: URL(string: "myapp://inbox")!, options: [:]))
            let session = UISceneSession()
            let configuration = uikit.application(app, configurationForConnecting: session, options: UIScene.ConnectionOptions())
            uikit.application(app, didDiscardSceneSessions: [session])
            uikit.applicationWillTerminate(app)
            XCTAssertEqual(delegate.calls, ["launch -", "token ab01", "tokenFailed", "push", "shortcut com.example.search",
                                            "continue https://example.com/promo", "open myapp://inbox", "discarded 1", "terminate"])
            XCTAssertEqual(fetch, .newData)
            XCTAssertEqual(handled, true)
            XCTAssertTrue(restorers?.first === delegate.window)
            XCTAssertEqual(configuration.name, "Default Configuration")
            XCTAssertEqual(configuration.role, .windowApplication)
            XCTAssertTrue(configuration.delegateClass == SceneDelegate.self)
        }
    }

    func testADelegateThatDeclaresNothingGetsUIKitsDefaults() {
        MainActor.assumeIsolated {
            final class Bare: NSObject, UIApplicationDelegate {}
            let app = UIApplication()
            let uikit: any UIApplicationDelegate = Bare()
            let window: UIWindow?? = uikit.window
            XCTAssertTrue(window == nil, "no stored window: the optional requirement is absent (outer nil)")
            var fetch: UIBackgroundFetchResult?
            uikit.application(app, didReceiveRemoteNotification: [:]) { fetch = $0 }
            XCTAssertEqual(fetch, .noData)
            var handled: Bool?
            uikit.application(app, performActionFor: UIApplicationShortcutItem(type: "t", localizedTitle: "T")) { handled = $0 }
            XCTAssertEqual(handled, false)
            XCTAssertFalse(uikit.application(app, continue: NSUserActivity(activityType: "x")) { _ in XCTFail("not restored") })
            XCTAssertFalse(uikit.application(app, open: URL(string: "a://b")!, options: [:]))
            let external = UISceneSession(role: .windowExternalDisplayNonInteractive)
            XCTAssertEqual(uikit.application(app, configurationForConnecting: external, options: UIScene.ConnectionOptions()).role,
                           .windowExternalDisplayNonInteractive)
            XCTAssertEqual(uikit.application(app, supportedInterfaceOrientationsFor: nil), .allButUpsideDown)
        }
    }

    func testASceneDelegateConnectsItsWindowAndHandlesActivitiesURLsAndQuickActions() {
        let session = UISceneSession(role: .windowApplication)
        let options = UIScene.ConnectionOptions()
        options.shortcutItem = UIApplicationShortcutItem(type: "com.example.new", localizedTitle: "New", localizedSubtitle: nil,
                                                         icon: UIApplicationShortcutIcon(type: .compose))
        options.userActivities = [NSUserActivity(activityType: "com.example.viewing")]
        let scene = UIWindowScene(session: session, connectionOptions: options)
        let delegate = SceneDelegate()
        scene.delegate = delegate
        let uikit: any UIWindowSceneDelegate = delegate
        uikit.scene(scene, willConnectTo: session, options: options)
        XCTAssertTrue(uikit.window??.windowScene === scene, "read through the protocol as UIWindow??, as on Apple")
        XCTAssertTrue(scene.keyWindow === delegate.window)
        XCTAssertTrue(session.scene === scene)
        XCTAssertEqual(session.role, .windowApplication)
        uikit.scene(scene, openURLContexts: [UIOpenURLContext(url: URL(string: "myapp://card/1")!)])
        var handled: Bool?
        uikit.windowScene(scene, performActionFor: UIApplicationShortcutItem(type: "s", localizedTitle: "Search")) { handled = $0 }
        XCTAssertEqual(delegate.calls, ["launched by com.example.new", "continue com.example.viewing", "open myapp://card/1", "shortcut Search"])
        XCTAssertEqual(handled, true)
        XCTAssertNil(uikit.stateRestorationActivity(for: scene))
    }

    func testQuickActionsActivitiesAndKeyCommandsKeepWhatTheAppSets() {
        let app = UIApplication()
        XCTAssertNil(app.shortcutItems)
        let item = UIMutableApplicationShortcutItem(type: "a", localizedTitle: "A")
        item.localizedTitle = "Renamed"
        item.icon = UIApplicationShortcutIcon(systemImageName: "star")
        app.shortcutItems = [item]
        XCTAssertEqual(app.shortcutItems?.first?.localizedTitle, "Renamed")
        XCTAssertEqual(app.shortcutItems?.first?.icon?.imageName, "star")
        XCTAssertNil(UIApplication().shortcutItems, "each application object keeps its own")
        XCTAssertEqual(UIApplicationShortcutItem(type: "a", localizedTitle: "Renamed"), item)

        let activity = NSUserActivity(activityType: "com.example.screen")
        activity.userInfo = ["screen": "inbox"]
        activity.addUserInfoEntries(from: ["tab": 2])
        XCTAssertEqual(activity.userInfo?.count, 2)
        activity.becomeCurrent(); XCTAssertTrue(activity.isCurrent)
        activity.invalidate(); activity.becomeCurrent()
        XCTAssertFalse(activity.isCurrent, "an invalidated activity cannot become current")
        let controller = ShortcutsController()
        let restorer: any UIUserActivityRestoring = controller
        restorer.restoreUserActivityState(activity)
        XCTAssertEqual(controller.restored, "inbox")
        XCTAssertEqual(controller.keyCommands?.map { $0.input }, ["r", UIKeyCommand.inputEscape])
        XCTAssertEqual(controller.keyCommands?.first?.modifierFlags, .command)
        XCTAssertEqual(controller.keyCommands?.last?.title, "Close")
        XCTAssertNil(UIResponder().keyCommands)
    }
}

/// Controls and Foundation calls a screen beside the SDK set-up uses: segments, ending editing, selector observers.
final class ScreenBesideTheSDKTests: XCTestCase {
    func testSegmentedControlsEndEditingAndSelectorObservers() {
        let picker = UISegmentedControl(items: ["Modal", "Navigation"])
        XCTAssertEqual(picker.numberOfSegments, 2)
        XCTAssertEqual(picker.selectedSegmentIndex, UISegmentedControl.noSegment)
        var changes: [Int] = []
        picker.addAction(UIAction { _ in changes.append(picker.selectedSegmentIndex) }, for: .valueChanged)
        picker.selectedSegmentIndex = 0
        XCTAssertEqual(changes, [], "setting the selection from code sends no action")
        picker.simulateSelect(segment: 1)
        picker.simulateSelect(segment: 1)
        picker.simulateSelect(segment: 7)
        XCTAssertEqual(changes, [1], "a tap on the selected segment or out of range changes nothing")
        picker.insertSegment(withTitle: "Sheet", at: 0, animated: false)
        XCTAssertEqual(picker.titleForSegment(at: 0), "Sheet")
        picker.removeAllSegments()
        XCTAssertEqual(picker.selectedSegmentIndex, UISegmentedControl.noSegment)

        let root = UIView()
        let field = UITextField()
        root.addSubview(field)
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertTrue(root.endEditing(true))
        XCTAssertFalse(field.isFirstResponder)
        XCTAssertFalse(root.endEditing(true), "nothing left to end")

        final class Screen: NSObject {}
        var screen: Screen? = Screen()
        NotificationCenter.default.addObserver(screen!, selector: Selector("cardsUpdated:"), name: NSNotification.Name("cards"), object: nil)
        XCTAssertEqual(NotificationCenter.default.selectorObservations(of: screen!).map { $0.name?.rawValue }, ["cards"])
        weak let gone = screen
        screen = nil
        XCTAssertNil(gone, "the registration does not keep the observer alive")
    }
}
