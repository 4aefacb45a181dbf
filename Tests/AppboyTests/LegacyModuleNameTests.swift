import Foundation
import XCTest
import InAppTestSupport
import AppboyKit
import Appboy_iOS_SDK
import BrazeKitCompat
import BrazeUICompat

/// Integration code that imports the legacy API under the names apps use (the CocoaPods module and the Braze
/// Swift SDK's compatibility products) type-checks and reaches the same types.
final class LegacyModuleNameTests: XCTestCase {
    final class AppDelegate: UIResponder, UIApplicationDelegate, ABKInAppMessageControllerDelegate, ABKURLDelegate {
        var window: UIWindow?
        var opened: [URL] = []
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            let appboyOptions: [AnyHashable: Any] = [
                ABKMinimumTriggerTimeIntervalKey: 1,
                ABKInAppMessageControllerDelegateKey: self,
                ABKURLDelegateKey: self,
                ABKPushStoryAppGroupKey: "group.example",
                ABKEndpointKey: "sdk.example.com",
            ]
            Appboy.start(withApiKey: "key", in: application, withLaunchOptions: launchOptions, withAppboyOptions: appboyOptions)
            Appboy.unsafeInstance().user.setCustomAttributeWithKey("launched", andStringValue: "yes")
            return true
        }
        func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
            Appboy.sharedInstance()?.registerDeviceToken(deviceToken)
        }
        func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                         fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
            Appboy.sharedInstance()?.register(application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler)
        }
        func handleAppboyURL(_ url: URL?, from channel: ABKChannel, withExtras extras: [AnyHashable: Any]?) -> Bool {
            if let url { opened.append(url) }
            return true
        }
    }

    func testAnAppDelegateWrittenForTheCocoaPodsModuleStartsTheSDKThroughUIKitsEntryPoints() throws {
        try MainActor.assumeIsolated {
            let h = Harness()
            let delegate = AppDelegate()
            let asUIKitSeesIt: any UIApplicationDelegate = delegate
            XCTAssertTrue(asUIKitSeesIt.application(UIApplication.shared, didFinishLaunchingWithOptions: nil))
            let appboy = try XCTUnwrap(Appboy.sharedInstance())
            XCTAssertEqual(appboy.endpoint, "sdk.example.com")
            XCTAssertTrue(appboy.appboyUrlDelegate === delegate)
            XCTAssertTrue(appboy.inAppMessageController.delegate === delegate)
            XCTAssertEqual(appboy.user.customAttributes["launched"] as? String, "yes")
            asUIKitSeesIt.application(UIApplication.shared, didRegisterForRemoteNotificationsWithDeviceToken: Data([9]))
            XCTAssertEqual(appboy.deviceToken, Data([9]))
            var fetched: UIBackgroundFetchResult?
            asUIKitSeesIt.application(UIApplication.shared, didReceiveRemoteNotification: [:]) { fetched = $0 }
            XCTAssertEqual(fetched, .noData)
            XCTAssertTrue(h.trace.events.contains { $0.name == "deviceTokenRegistered" })
        }
    }

    func testTheThreeModuleNamesNameTheSameTypes() {
        XCTAssertTrue(Appboy_iOS_SDK.Appboy.self == BrazeKitCompat.Appboy.self)
        XCTAssertTrue(BrazeUICompat.ABKContentCardsTableViewController.self == Appboy_iOS_SDK.ABKContentCardsTableViewController.self)
        XCTAssertTrue(BrazeKitCompat.ABKContentCardsController.self == AppboyKit.ABKContentCardsController.self)
    }
}
