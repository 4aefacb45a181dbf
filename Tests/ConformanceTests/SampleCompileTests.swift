import XCTest
import Foundation

/// Type-checks every documented vendor sample (../shared/conformance/samples) against the modules this package
/// built, each file on its own, in Swift 5 mode, exactly as integration code would see them.
///
/// Samples listed in Compatibility/conformance-baseline.txt must compile; a failure lists the sample and the
/// compiler's first error. Sample 12 is also checked the other way round: with CONFORMANCE_VERBATIM_PLACEHOLDER it
/// must fail with exactly one error, at the placeholder's `?` (see the corpus manifest).
final class SampleCompileTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var samplesDirectory: URL {
        if let shared = ProcessInfo.processInfo.environment["OPENINAPP_SHARED"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("conformance/samples")
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/samples")
    }

    /// The folder holding the .swiftmodule files of this build (beside the test bundle).
    static var modulesDirectory: URL? {
        let bundle = Bundle.main.bundleURL
        for candidate in [bundle.appendingPathComponent("Modules"),
                          bundle.deletingLastPathComponent().appendingPathComponent("Modules"),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")]
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("InAppCore.swiftmodule").path) {
            return candidate
        }
        return nil
    }

    struct Result { let ok: Bool; let errors: [String] }

    static func typecheck(_ file: URL, modules: URL, defines: [String] = []) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-swift-version", "5", "-parse-as-library", "-typecheck",
                             "-I", modules.path] + defines.flatMap { ["-D", $0] } + [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        return Result(ok: process.terminationStatus == 0, errors: errors)
    }

    static var baseline: Set<String> {
        let url = packageRoot.appendingPathComponent("Compatibility/conformance-baseline.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }

    func testDocumentedSamplesTypeCheck() throws {
        let dir = Self.samplesDirectory
        guard let files = try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
            .filter({ $0.pathExtension == "swift" }).sorted(by: { $0.lastPathComponent < $1.lastPathComponent }),
              !files.isEmpty else {
            throw XCTSkip("no samples at \(dir.path) (set OPENINAPP_SHARED)")
        }
        let modules = try XCTUnwrap(Self.modulesDirectory, "built modules not found beside \(Bundle.main.bundleURL.path)")
        let baseline = Self.baseline
        var compiled: [String] = []
        for file in files {
            let name = file.lastPathComponent
            let result = try Self.typecheck(file, modules: modules)
            if result.ok { compiled.append(name) }
            if baseline.contains(name) {
                XCTAssertTrue(result.ok, "\(name) no longer compiles: \(result.errors.first ?? "(no error text)")")
            } else if result.ok {
                print("note: \(name) compiles but is not in Compatibility/conformance-baseline.txt yet")
            } else {
                print("not yet: \(name): \(result.errors.first ?? "")")
            }
        }
        print("samples compiled: \(compiled.count)/\(files.count)")
    }

    func testSample12VerbatimPlaceholderFailsExactlyAtTheQuestionMark() throws {
        let file = Self.samplesDirectory.appendingPathComponent("12-appboy-display-next-in-app-message.swift")
        guard FileManager.default.fileExists(atPath: file.path) else { throw XCTSkip("sample 12 not found") }
        let modules = try XCTUnwrap(Self.modulesDirectory)
        guard Self.baseline.contains(file.lastPathComponent) else {
            throw XCTSkip("AppboyKit does not compile sample 12 yet")
        }
        let result = try Self.typecheck(file, modules: modules, defines: ["CONFORMANCE_VERBATIM_PLACEHOLDER"])
        XCTAssertFalse(result.ok)
        XCTAssertEqual(result.errors.count, 1, "\(result.errors)")
        let source = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try XCTUnwrap(source.firstIndex { $0.contains("YOUR_IN_APP_MESSAGE_DELEGATE?)") }) + 1
        XCTAssertTrue(result.errors.first?.contains(":\(line):") ?? false, "error not on the placeholder line \(line): \(result.errors)")
    }
}
