// Stand-in for Apple's UserNotifications framework (push notifications), which the Adobe demo app's view
// controller uses next to its in-app code. Push is outside OpenInApp; only the names that file uses.
import Foundation

open class UNNotificationContent: NSObject {}
open class UNMutableNotificationContent: UNNotificationContent {
    open var title = ""
    open var body = ""
    open var categoryIdentifier = ""
    open var userInfo: [AnyHashable: Any] = [:]
    public override init() { super.init() }
}
open class UNNotificationTrigger: NSObject {}
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
    public init(timeInterval: TimeInterval, repeats: Bool) { super.init() }
}
open class UNNotificationRequest: NSObject {
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) { super.init() }
}
public struct UNNotificationActionOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let foreground = Self(rawValue: 1), destructive = Self(rawValue: 2)
}
public struct UNNotificationCategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let customDismissAction = Self(rawValue: 1)
}
open class UNNotificationAction: NSObject {
    public init(identifier: String, title: String, options: UNNotificationActionOptions = []) { super.init() }
}
open class UNNotificationCategory: NSObject {
    public init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []) { super.init() }
    public init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                options: UNNotificationCategoryOptions = []) { super.init() }
}
open class UNUserNotificationCenter: NSObject {
    nonisolated(unsafe) private static let shared = UNUserNotificationCenter()
    open class func current() -> UNUserNotificationCenter { shared }
    open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: ((Error?) -> Void)? = nil) {
        completionHandler?(nil)
    }
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {}
}
