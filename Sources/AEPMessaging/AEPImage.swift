import Foundation

/// The image of a content card: `{"url": ..., "darkUrl": ..., "bundle": ..., "darkBundle": ..., "icon": ..., "alt": ...}`
/// (a remote URL, an image in the app bundle, or an SF Symbol). Headless nothing is downloaded or drawn.
public class AEPImage: @unchecked Sendable {
    public var url: URL?
    public var darkUrl: URL?
    public var bundle: String?
    public var darkBundle: String?
    public var icon: String?
    /// Text read by accessibility tools.
    public var altText: String?

    /// nil when the data names no image (no url, bundle or icon).
    init?(_ data: [String: Any]?) {
        guard let data else { return nil }
        url = (data["url"] as? String).flatMap(URL.init(string:))
        darkUrl = (data["darkUrl"] as? String).flatMap(URL.init(string:))
        bundle = data["bundle"] as? String
        darkBundle = data["darkBundle"] as? String
        icon = data["icon"] as? String
        altText = data["alt"] as? String
        guard url != nil || bundle != nil || icon != nil else { return nil }
    }
}
