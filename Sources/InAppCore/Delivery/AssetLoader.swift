import Foundation

/// Why an asset could not be loaded.
public struct AssetError: Error, Hashable, Sendable, CustomStringConvertible {
    public var url: URL
    public var code: String
    public var detail: String?
    public init(url: URL, code: String, detail: String? = nil) { self.url = url; self.code = code; self.detail = detail }
    public var description: String { "\(code) \(url.absoluteString)" + (detail.map { ": \($0)" } ?? "") }

    /// The reason a message is discarded for this failure.
    public var reason: Reason { Reason.assetFailure.with(detail: description) }
}

/// Fetches message assets (images, zip files). Pluggable: the delivery engine prefetches through it at
/// delivery and loads missing assets at trigger time. `completion` may run synchronously or later, on any thread,
/// exactly once.
public protocol AssetLoader: Sendable {
    func load(_ url: URL, completion: @escaping @Sendable (Result<Data, AssetError>) -> Void)
}

/// The default loader: reads `file:` URLs from disk and decodes `data:` URLs (base64 or percent-encoded).
/// Any other scheme fails with `unsupportedScheme` — headless runs have no network.
public struct LocalAssetLoader: AssetLoader {
    public init() {}

    public func load(_ url: URL, completion: @escaping @Sendable (Result<Data, AssetError>) -> Void) {
        completion(Self.loadNow(url))
    }

    public static func loadNow(_ url: URL) -> Result<Data, AssetError> {
        switch url.scheme?.lowercased() {
        case "file":
            do { return .success(try Data(contentsOf: url)) } catch {
                return .failure(AssetError(url: url, code: "unreadableFile", detail: String(describing: error)))
            }
        case "data":
            return decodeDataURL(url)
        default:
            return .failure(AssetError(url: url, code: "unsupportedScheme", detail: url.scheme ?? "none"))
        }
    }

    /// `data:[<mediatype>][;base64],<data>`
    static func decodeDataURL(_ url: URL) -> Result<Data, AssetError> {
        let text = url.absoluteString
        guard let comma = text.firstIndex(of: ",") else {
            return .failure(AssetError(url: url, code: "malformedDataURL", detail: "no comma"))
        }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        let payload = String(text[text.index(after: comma)...])
        if header.hasSuffix(";base64") {
            guard let data = Data(base64Encoded: payload.removingPercentEncoding ?? payload) else {
                return .failure(AssetError(url: url, code: "malformedDataURL", detail: "bad base64"))
            }
            return .success(data)
        }
        guard let decoded = payload.removingPercentEncoding else {
            return .failure(AssetError(url: url, code: "malformedDataURL", detail: "bad percent-encoding"))
        }
        return .success(Data(decoded.utf8))
    }
}

extension InAppMessage {
    /// The remote assets the message needs before display: its image and its HTML assets.
    public var assetURLs: [URL] {
        switch content {
        case .structured(let s): return s.imageURL.map { [$0] } ?? []
        case .html(let h): return h.assetURLs
        }
    }
}
