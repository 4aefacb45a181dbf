// A headless stand-in for Apple's UserNotifications, built only where the framework does not exist (see
// Package.swift). Notifications are values; the notification center belongs to the current
// `MessagingEnvironment` (each test its own) and records what apps ask of it in that environment's trace.
import Foundation

/// What a notification shows and carries.
open class UNNotificationContent: NSObject, @unchecked Sendable {
    var _title = ""
    open var title: String { _title }
    var _subtitle = ""
    open var subtitle: String { _subtitle }
    var _body = ""
    open var body: String { _body }
    var _badge: NSNumber?
    open var badge: NSNumber? { _badge }
    var _sound: UNNotificationSound?
    open var sound: UNNotificationSound? { _sound }
    var _categoryIdentifier = ""
    open var categoryIdentifier: String { _categoryIdentifier }
    var _threadIdentifier = ""
    open var threadIdentifier: String { _threadIdentifier }
    var _launchImageName = ""
    open var launchImageName: String { _launchImageName }
    var _attachments: [UNNotificationAttachment] = []
    open var attachments: [UNNotificationAttachment] { _attachments }
    var _userInfo: [AnyHashable: Any] = [:]
    /// The push payload (`aps` and the sender's keys).
    open var userInfo: [AnyHashable: Any] { _userInfo }

    public override init() { super.init() }

    /// A mutable copy of this content.
    open override func mutableCopy() -> Any { mutableSnapshot() }

    /// An immutable copy (what a request keeps, so later edits of mutable content do not change it).
    func snapshot() -> UNNotificationContent {
        let copy = UNNotificationContent()
        copy._title = title; copy._subtitle = subtitle; copy._body = body; copy._badge = badge; copy._sound = sound
        copy._categoryIdentifier = categoryIdentifier; copy._threadIdentifier = threadIdentifier
        copy._launchImageName = launchImageName; copy._attachments = attachments; copy._userInfo = userInfo
        return copy
    }

    func mutableSnapshot() -> UNMutableNotificationContent {
        let copy = UNMutableNotificationContent()
        copy.title = title; copy.subtitle = subtitle; copy.body = body; copy.badge = badge; copy.sound = sound
        copy.categoryIdentifier = categoryIdentifier; copy.threadIdentifier = threadIdentifier
        copy.launchImageName = launchImageName; copy.attachments = attachments; copy.userInfo = userInfo
        return copy
    }
}

/// Content an app (or a notification service extension) fills in.
open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    open override var title: String { get { _title } set { _title = newValue } }
    open override var subtitle: String { get { _subtitle } set { _subtitle = newValue } }
    open override var body: String { get { _body } set { _body = newValue } }
    open override var badge: NSNumber? { get { _badge } set { _badge = newValue } }
    open override var sound: UNNotificationSound? { get { _sound } set { _sound = newValue } }
    open override var categoryIdentifier: String { get { _categoryIdentifier } set { _categoryIdentifier = newValue } }
    open override var threadIdentifier: String { get { _threadIdentifier } set { _threadIdentifier = newValue } }
    open override var launchImageName: String { get { _launchImageName } set { _launchImageName = newValue } }
    open override var attachments: [UNNotificationAttachment] { get { _attachments } set { _attachments = newValue } }
    open override var userInfo: [AnyHashable: Any] { get { _userInfo } set { _userInfo = newValue } }
    public override init() { super.init() }
}

/// A sound to play (recorded by name only; nothing plays).
open class UNNotificationSound: NSObject, @unchecked Sendable {
    /// The sound file's name; nil for the default sound.
    public let name: String?
    init(name: String?) { self.name = name; super.init() }
    public static var `default`: UNNotificationSound { UNNotificationSound(name: nil) }
    public convenience init(named name: UNNotificationSoundName) { self.init(name: name.rawValue) }
}

public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A file shown with a notification (an image, a GIF, a video).
open class UNNotificationAttachment: NSObject, @unchecked Sendable {
    public let identifier: String
    public let url: URL
    public let type: String

    /// Fails with a typed error when `url` is not a file URL (Apple requires a local file).
    public init(identifier: String, url: URL, options: [AnyHashable: Any]? = nil) throws {
        guard url.isFileURL else { throw UNError(.attachmentInvalidURL) }
        self.identifier = identifier
        self.url = url
        self.type = url.pathExtension
        super.init()
    }
}

/// Errors of the notification center.
public struct UNError: Error, Hashable, Sendable {
    public enum Code: Int, Sendable {
        case notificationsNotAllowed = 1
        case attachmentInvalidURL = 100
        case attachmentUnrecognizedType = 101
        case attachmentInvalidFileSize = 102
        case attachmentNotInDataStore = 103
        case attachmentMoveIntoDataStoreFailed = 104
        case attachmentCorrupt = 105
        case notificationInvalidNoDate = 1400
        case notificationInvalidNoContent = 1401
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
}

/// When a local notification fires, or that it came by push.
open class UNNotificationTrigger: NSObject, @unchecked Sendable {
    public let repeats: Bool
    init(repeats: Bool) { self.repeats = repeats; super.init() }
}

/// The trigger of every remote (push) notification.
open class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    public init() { super.init(repeats: false) }
}

/// Fires after a number of seconds.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    public let timeInterval: TimeInterval
    public init(timeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }
}

/// A notification to deliver: its identifier, content and trigger.
open class UNNotificationRequest: NSObject, @unchecked Sendable {
    public let identifier: String
    public let content: UNNotificationContent
    public let trigger: UNNotificationTrigger?
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content.snapshot()
        self.trigger = trigger
        super.init()
    }
}

/// A delivered notification.
open class UNNotification: NSObject, @unchecked Sendable {
    public let request: UNNotificationRequest
    public let date: Date
    /// Test API (Apple's has no public initializer): a notification delivered at `date`.
    public init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
        super.init()
    }
}

/// The user's answer to a notification: a tap, an action button, a dismissal.
open class UNNotificationResponse: NSObject, @unchecked Sendable {
    public let notification: UNNotification
    public let actionIdentifier: String
    /// Test API (Apple's has no public initializer): the user answered `notification` with `actionIdentifier`.
    public init(notification: UNNotification, actionIdentifier: String = UNNotificationDefaultActionIdentifier) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        super.init()
    }
}

/// The user typed text into a text-input action.
open class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    public let userText: String
    /// Test API: the user answered `notification` with text.
    public init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }
}

/// The action identifier of a plain tap on the notification.
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
/// The action identifier of a dismissal (for categories with `.customDismissAction`).
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"
