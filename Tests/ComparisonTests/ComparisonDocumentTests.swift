import XCTest
import Foundation

/// Keeps Compatibility/adobe-vs-braze.md true: its generated blocks (code regions of SideBySide.swift and the
/// traces the two vendors produce for the same message) must match what this target compiles and runs.
/// Run with OPENINAPP_UPDATE_DOCS=1 to rewrite the blocks after a change.
final class ComparisonDocumentTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let documents = ["Compatibility/adobe-vs-braze.md", "Docs/Porting.md", "Docs/Testing.md", "README.md",
                            "Docs/GettingStarted-Braze.md", "Docs/GettingStarted-Adobe.md", "Docs/GettingStarted-HTML.md"]
        .map { root.appendingPathComponent($0) }
    static let sources = ["SideBySide.swift", "GuideExamples.swift", "GuideSwiftTesting.swift", "ParallelGuideTests.swift",
                          "ReadmeExample.swift", "ReadmeExampleXCTest.swift", "TestingFirstExample.swift",
                          "GettingStartedBraze.swift", "GettingStartedBrazeTests.swift", "GettingStartedBrazeXCTest.swift",
                          "GettingStartedAdobe.swift", "GettingStartedAdobeTests.swift", "GettingStartedAdobeXCTest.swift"].map {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent($0)
    }

    /// `// doc:begin NAME` … `// doc:end` regions, de-indented. A `// doc:show TEXT` line appears in the page as
    /// `TEXT` (used for `@testable import MyMessaging`: in the guides the code under test is in the reader's own
    /// module, here it is in this one).
    static func codeRegions() throws -> [String: String] {
        let lines = try sources.flatMap { try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n") }
        var regions: [String: String] = [:]
        var current: (String, [String])?
        for var line in lines {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("// doc:show ") {
                line = String(line.prefix { $0 == " " }) + String(t.dropFirst("// doc:show ".count))
            }
            if t.hasPrefix("// doc:begin ") { current = (String(t.dropFirst("// doc:begin ".count)), []); continue }
            if t == "// doc:end", let (name, body) = current {
                let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                    .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                regions[name] = body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
                current = nil
                continue
            }
            current?.1.append(line)
        }
        return regions
    }

    static func blocks() throws -> [String: String] {
        var out: [String: String] = [:]
        for (name, code) in try codeRegions() { out["code \(name)"] = "```swift\n\(code)\n```" }
        out["trace show-and-close/adobe"] = "```\n" + (try Scenario.adobe(holdFirst: false)).joined(separator: "\n") + "\n```"
        out["trace show-and-close/braze"] = "```\n" + (try Scenario.braze(holdFirst: false)).joined(separator: "\n") + "\n```"
        out["trace hold-then-show/adobe"] = "```\n" + (try Scenario.adobe(holdFirst: true)).joined(separator: "\n") + "\n```"
        out["trace hold-then-show/braze"] = "```\n" + (try Scenario.braze(holdFirst: true)).joined(separator: "\n") + "\n```"
        return out
    }

    func testTheDocumentsMatchTheCodeAndTraces() throws {
        let expected = try Self.blocks()
        var used = Set<String>()
        var problems: [String] = []
        for document in Self.documents {
            try check(document, expected, &used, &problems)
        }
        for name in expected.keys.sorted() where !used.contains(name) { problems.append("block \(name) is not in any document") }
        if ProcessInfo.processInfo.environment["OPENINAPP_UPDATE_DOCS"] == "1" { return }
        XCTAssertEqual(problems, [], "run OPENINAPP_UPDATE_DOCS=1 swift test --filter ComparisonDocumentTests")
    }

    private func check(_ document: URL, _ expected: [String: String], _ used: inout Set<String>, _ problems: inout [String]) throws {
        var text = try String(contentsOf: document, encoding: .utf8)
        let file = document.lastPathComponent
        var searchFrom = text.startIndex
        while let begin = text.range(of: "<!-- begin:", range: searchFrom..<text.endIndex) {
            guard let close = text.range(of: " -->", range: begin.upperBound..<text.endIndex),
                  let end = text.range(of: "<!-- end -->", range: close.upperBound..<text.endIndex) else {
                problems.append("\(file): unterminated block"); break
            }
            let name = String(text[begin.upperBound..<close.lowerBound])
            let body = text[close.upperBound..<end.lowerBound].trimmingCharacters(in: .newlines)
            used.insert(name)
            if let kind = GuideBlocks.Kind(marker: name) {
                // Files and commands are not generated from this target: CI writes and runs them
                // (Docs/check-guides); here each must be one fenced block of the right language.
                if let problem = GuideBlocks.problem(kind: kind, body: body) { problems.append("\(file): block \(name): \(problem)") }
            } else if let want = expected[name] {
                if body != want {
                    problems.append("\(file): block \(name) is out of date")
                    text.replaceSubrange(close.upperBound..<end.lowerBound, with: "\n" + want + "\n")
                }
            } else {
                problems.append("\(file): unknown block \(name)")
            }
            searchFrom = text.range(of: "<!-- end -->", range: begin.upperBound..<text.endIndex)!.upperBound
        }
        if ProcessInfo.processInfo.environment["OPENINAPP_UPDATE_DOCS"] == "1" {
            try text.write(to: document, atomically: true, encoding: .utf8)
        }
    }

    /// The getting-started guides promise that CI checks every code block: each fence must sit inside a
    /// `begin:code` (compared with this target's sources), `begin:file` or `begin:run` block (Docs/check-guides).
    func testEveryCodeBlockOfTheGuidesIsChecked() throws {
        for guide in ["Docs/GettingStarted-Braze.md", "Docs/GettingStarted-Adobe.md", "Docs/GettingStarted-HTML.md"] {
            var text = try String(contentsOf: Self.root.appendingPathComponent(guide), encoding: .utf8)
            while let begin = text.range(of: "<!-- begin:"),
                  let end = text.range(of: "<!-- end -->", range: begin.upperBound..<text.endIndex) {
                text.removeSubrange(begin.lowerBound..<end.upperBound)
            }
            XCTAssertFalse(text.contains("```"), "\(guide) has a code block that no check covers")
            XCTAssertTrue(text.contains("## 1."), guide)
        }
    }

    /// The behavioural differences the document describes, asserted directly.
    func testTheVendorsDifferAsDocumented() throws {
        let adobe = try Scenario.adobe(holdFirst: true)
        let braze = try Scenario.braze(holdFirst: true)
        // Adobe: the decision runs off the main thread; a held message is suppressed, then shown without asking again.
        XCTAssertEqual(adobe.filter { $0.hasPrefix("callback.shouldShowMessage") }, ["callback.shouldShowMessage  [background]"])
        XCTAssertTrue(adobe.contains("state.suppressed"))
        XCTAssertFalse(adobe.contains("state.stacked"))
        // Braze: the decision runs on the presenting thread; a held message waits on the stack.
        XCTAssertEqual(braze.filter { $0.contains("displayChoiceForMessage") }.count, 1)
        XCTAssertTrue(braze.contains("state.stacked"))
        XCTAssertFalse(braze.contains("state.suppressed"))
        // Both end dismissed after the close link.
        XCTAssertEqual(adobe.filter { $0.hasPrefix("state.") }.last, "state.dismissed")
        XCTAssertEqual(braze.filter { $0.hasPrefix("state.") }.last, "state.dismissed")
    }
}
