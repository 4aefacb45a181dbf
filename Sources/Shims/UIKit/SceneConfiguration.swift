// Which delegate and scene class a new scene session gets, and the roles sessions have.

extension UISceneSession {
    /// The kind of scene a session is for.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The app's interactive window.
        public static let windowApplication = Role("UIWindowSceneSessionRoleApplication")
        /// A non-interactive window on an external display.
        public static let windowExternalDisplayNonInteractive = Role("UIWindowSceneSessionRoleExternalDisplayNonInteractive")
        @available(*, deprecated, renamed: "windowExternalDisplayNonInteractive")
        public static let windowExternalDisplay = Role("UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }
}

/// The configuration of a scene session: its name (as in the app's Info.plist), role, delegate class and scene
/// class. Headless nothing reads Info.plist: a configuration carries what the app sets on it.
open class UISceneConfiguration: NSObject, @unchecked Sendable {
    public let name: String?
    public let role: UISceneSession.Role
    /// The class of the scene's delegate (a `UISceneDelegate`; recorded: headless nothing instantiates it).
    open var delegateClass: AnyClass?
    open var sceneClass: AnyClass?
    /// The storyboard's name (recorded only; there are no storyboards headless).
    open var storyboardName: String?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
        super.init()
    }

}
