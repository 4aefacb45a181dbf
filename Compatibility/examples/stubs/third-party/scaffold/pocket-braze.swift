// Scaffolding: the app's push protocol, declared in PushNotificationService.swift (which imports Combine).
import Foundation
import UIKit
import SharedPocketKit
protocol PushNotificationProtocol {
    func loggedIn(session: SharedPocketKit.Session)
    func loggedOut(session: SharedPocketKit.Session?)
    func register(deviceToken: Data)
    func handleBackgroundNotifcation(didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) -> Bool
}
