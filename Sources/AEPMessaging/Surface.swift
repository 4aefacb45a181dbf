import Foundation
import AEPCore

/// Where propositions are shown (AEPMessaging `Surface`): a URI under the app's surface
/// `mobileapp://<bundle identifier>`. Headless, the bundle identifier is `EdgeNetwork.current.bundleIdentifier`
/// (by default `Bundle.main`'s); without one the app surface is `unknown`, as upstream.
public class Surface: NSObject, Codable, @unchecked Sendable {
    /// The surface URI, e.g. `mobileapp://com.example.app/home`.
    public let uri: String

    /// The surface `<app surface>/<path>`; an empty path is the app surface itself.
    public init(path: String) {
        let base = Surface.appSurface
        uri = path.isEmpty ? base : base + "/" + path
    }

    /// The app surface.
    override public convenience init() { self.init(uri: Surface.appSurface) }

    /// A surface from a full URI (upstream keeps this internal; OpenInApp tools use it).
    @_spi(OpenInApp) public init(uri: String) { self.uri = uri }

    static var appSurface: String {
        guard let bundle = EdgeNetwork.current.bundleIdentifier, !bundle.isEmpty else { return "unknown" }
        return "mobileapp://" + bundle
    }

    /// A surface whose URI parses as a URL (others are dropped from requests, with a warning).
    var isValid: Bool { URL(string: uri) != nil }

    override public func isEqual(_ object: Any?) -> Bool { (object as? Surface)?.uri == uri }
    override public var hash: Int { uri.hashValue }
    override public var description: String { "Surface(\(uri))" }

    enum CodingKeys: String, CodingKey { case uri }
}
