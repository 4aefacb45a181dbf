import Foundation

/// The blocks of the guides that are not Swift compiled by this target:
///
///     <!-- begin:file html/message.html -->   a file the reader saves (its folder is a scratch folder in CI)
///     <!-- begin:run html -->                 shell commands the reader runs in that folder
///
/// `Docs/check-guides` (run by `.ci/run`) writes every file block into a scratch folder, resolves each
/// `Package.swift` block against this checkout and runs the command blocks with the built `iam`. Here they
/// are read for the tests that use them (`GettingStartedHTMLTests`) and checked for shape.
enum GuideBlocks {
    enum Kind: Equatable {
        case file(path: String)
        case run(folder: String)

        init?(marker: String) {
            if marker.hasPrefix("file ") { self = .file(path: String(marker.dropFirst(5))) }
            else if marker.hasPrefix("run ") { self = .run(folder: String(marker.dropFirst(4))) }
            else { return nil }
        }

        /// The fence language the block must use.
        var language: String {
            switch self {
            case .run: return "sh"
            case .file(let path):
                switch (path as NSString).pathExtension {
                case "swift": return "swift"
                case "json": return "json"
                case "html": return "html"
                default: return ""
                }
            }
        }
    }

    /// The text inside a block's one fence, or nil when the block is not exactly one fence of `language`.
    static func content(_ body: String, language: String) -> String? {
        let open = "```\(language)\n"
        guard body.hasPrefix(open), body.hasSuffix("\n```") else { return nil }
        let inner = body.dropFirst(open.count).dropLast(4)
        return inner.contains("\n```") ? nil : String(inner)
    }

    static func problem(kind: Kind, body: String) -> String? {
        guard let text = content(body, language: kind.language) else {
            return "expected one ```\(kind.language) fence"
        }
        if case .file(let path) = kind, path.hasSuffix(".json"),
           (try? JSONSerialization.jsonObject(with: Data(text.utf8))) == nil {
            return "not valid JSON"
        }
        return nil
    }

    /// Every `file` block of `document` (a path under the repository root), by its path.
    static func files(in document: String) throws -> [String: String] {
        let url = ComparisonDocumentTests.root.appendingPathComponent(document)
        let text = try String(contentsOf: url, encoding: .utf8)
        var result: [String: String] = [:]
        var rest = text[...]
        while let begin = rest.range(of: "<!-- begin:file ") {
            guard let close = rest.range(of: " -->", range: begin.upperBound..<rest.endIndex),
                  let end = rest.range(of: "<!-- end -->", range: close.upperBound..<rest.endIndex) else { break }
            let path = String(rest[begin.upperBound..<close.lowerBound])
            let body = rest[close.upperBound..<end.lowerBound].trimmingCharacters(in: .newlines)
            if let content = content(body, language: Kind.file(path: path).language) { result[path] = content }
            rest = rest[end.upperBound...]
        }
        return result
    }
}
