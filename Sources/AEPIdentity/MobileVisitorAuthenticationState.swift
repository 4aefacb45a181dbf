import Foundation

/// How the user is authenticated for a synced identifier (AEPIdentity `MobileVisitorAuthenticationState`).
public enum MobileVisitorAuthenticationState: Int, Codable, Sendable {
    case unknown = 0
    case authenticated = 1
    case loggedOut = 2
}
