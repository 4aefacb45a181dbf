import Foundation

/// A customer identifier synced with the Identity service (AEPIdentity `Identifiable`). As upstream the name is
/// the same as Swift's `Identifiable`; a file that imports AEPIdentity and uses Swift's protocol writes
/// `Swift.Identifiable`.
public protocol Identifiable {
    /// Where the identifier came from (`d_cid_ic` for identifiers synced by the app).
    var origin: String? { get }
    /// The identifier's type (its namespace, e.g. `email`).
    var type: String? { get }
    var identifier: String? { get }
    var authenticationState: MobileVisitorAuthenticationState { get }
}

/// An identifier the app synced (`Identity.syncIdentifier(s)`).
final class CustomIdentity: NSObject, Identifiable, @unchecked Sendable {
    let origin: String?
    let type: String?
    let identifier: String?
    let authenticationState: MobileVisitorAuthenticationState

    init(type: String, identifier: String, authenticationState: MobileVisitorAuthenticationState) {
        origin = "d_cid_ic"
        self.type = type
        self.identifier = identifier
        self.authenticationState = authenticationState
    }

    override var description: String { "CustomIdentity(\(type ?? ""): \(identifier ?? ""), \(authenticationState))" }
}
