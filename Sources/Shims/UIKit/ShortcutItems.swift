// Home-screen quick actions: the items an app publishes and the one a launch or scene connection carries.

/// The icon of a quick action.
open class UIApplicationShortcutIcon: NSObject, @unchecked Sendable {
    /// System icons (the common subset).
    public enum IconType: Int, Sendable {
        case compose = 0, play, pause, add, location, search, share, prohibit, contact, home, markLocation, favorite,
             love, cloud, invitation, confirmation, mail, message, date, time, capturePhoto, captureVideo, task,
             taskCompleted, alarm, bookmark, shuffle, audio, update
    }
    /// The system icon, when made from one.
    public let type: IconType?
    /// The SF Symbol or template image name, when made from one.
    public let imageName: String?
    public init(type: IconType) { self.type = type; imageName = nil; super.init() }
    public init(systemImageName: String) { type = nil; imageName = systemImageName; super.init() }
    public init(templateImageName: String) { type = nil; imageName = templateImageName; super.init() }
}

/// A home-screen quick action (immutable; `UIMutableApplicationShortcutItem` can be edited).
open class UIApplicationShortcutItem: NSObject, @unchecked Sendable {
    /// The app-defined kind of action.
    open internal(set) var type: String
    open internal(set) var localizedTitle: String
    open internal(set) var localizedSubtitle: String?
    open internal(set) var icon: UIApplicationShortcutIcon?
    open internal(set) var userInfo: [String: any NSSecureCoding]?
    open internal(set) var targetContentIdentifier: Any?

    public init(type: String, localizedTitle: String, localizedSubtitle: String?, icon: UIApplicationShortcutIcon?,
                userInfo: [String: any NSSecureCoding]? = nil) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.localizedSubtitle = localizedSubtitle
        self.icon = icon
        self.userInfo = userInfo
        super.init()
    }
    public convenience init(type: String, localizedTitle: String) {
        self.init(type: type, localizedTitle: localizedTitle, localizedSubtitle: nil, icon: nil, userInfo: nil)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIApplicationShortcutItem else { return false }
        return other.type == type && other.localizedTitle == localizedTitle && other.localizedSubtitle == localizedSubtitle
    }
    open override var hash: Int { type.hashValue ^ localizedTitle.hashValue }
}

/// A quick action whose fields can be changed.
open class UIMutableApplicationShortcutItem: UIApplicationShortcutItem, @unchecked Sendable {
    open override var type: String { get { super.type } set { super.type = newValue } }
    open override var localizedTitle: String { get { super.localizedTitle } set { super.localizedTitle = newValue } }
    open override var localizedSubtitle: String? { get { super.localizedSubtitle } set { super.localizedSubtitle = newValue } }
    open override var icon: UIApplicationShortcutIcon? { get { super.icon } set { super.icon = newValue } }
    open override var userInfo: [String: any NSSecureCoding]? { get { super.userInfo } set { super.userInfo = newValue } }
}

private let shortcutStore = ShortcutStore()
private final class ShortcutStore: @unchecked Sendable {
    let lock = NSLock()
    var items: [ObjectIdentifier: [UIApplicationShortcutItem]] = [:]
}

extension UIApplication {
    /// The app's dynamic quick actions (kept per application object; nothing reaches a home screen).
    public var shortcutItems: [UIApplicationShortcutItem]? {
        get { shortcutStore.lock.lock(); defer { shortcutStore.lock.unlock() }; return shortcutStore.items[ObjectIdentifier(self)] }
        set { shortcutStore.lock.lock(); shortcutStore.items[ObjectIdentifier(self)] = newValue; shortcutStore.lock.unlock() }
    }
}
