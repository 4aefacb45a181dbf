// Limits on what a document may be, and the errors raised when one is exceeded.

/// Bounds applied when a document is parsed. Every limit produces a typed ``ContentError`` instead of
/// exhausting memory or the stack.
public struct ContentLimits: Sendable, Equatable {
    /// Largest accepted document, in bytes of UTF-8. Default 64 MB.
    public var maxDocumentBytes: Int
    /// Deepest accepted element nesting (counting `html` and `body`). Default 1 000 000.
    public var maxDepth: Int
    /// Most nodes a document's tree may hold, counting those scripts create. Default 16 000 000.
    public var maxNodes: Int

    public init(maxDocumentBytes: Int = 64 << 20, maxDepth: Int = 1_000_000, maxNodes: Int = 16_000_000) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxDepth = maxDepth
        self.maxNodes = max(16, min(maxNodes, Int(Int32.max) - 1))
    }

    /// 64 MB, a depth of 1 000 000 and 16 000 000 nodes.
    public static let `default` = ContentLimits()
}

/// Why loading content failed.
public enum ContentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document has more bytes than ``ContentLimits/maxDocumentBytes``.
    case documentTooLarge(bytes: Int, limit: Int)
    /// Elements nest deeper than ``ContentLimits/maxDepth``.
    case nestingTooDeep(limit: Int)
    /// The tree would hold more nodes than ``ContentLimits/maxNodes``.
    case tooManyNodes(limit: Int)
    /// A `file:` URL lies outside the directory the page may read.
    case fileOutsideReadAccess(url: URL, readAccess: URL)
    /// A `file:` URL could not be read.
    case fileUnreadable(url: URL, reason: String)
    /// An allowed navigation to a scheme a web view cannot load itself (`tel:`, `myapp://`, …); WebKit
    /// fails such navigations too, leaving the page as it was.
    case unsupportedURL(URL)

    public var description: String {
        switch self {
        case let .documentTooLarge(bytes, limit): return "document of \(bytes) bytes exceeds the limit of \(limit) bytes"
        case let .nestingTooDeep(limit): return "elements nest deeper than the limit of \(limit)"
        case let .tooManyNodes(limit): return "the document would hold more than \(limit) nodes"
        case let .fileOutsideReadAccess(url, dir): return "\(url.absoluteString) is outside the readable directory \(dir.absoluteString)"
        case let .fileUnreadable(url, reason): return "cannot read \(url.absoluteString): \(reason)"
        case let .unsupportedURL(url): return "unsupported URL \(url.absoluteString)"
        }
    }
}

import Foundation
