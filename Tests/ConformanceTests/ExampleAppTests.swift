import XCTest
import Foundation

/// The vendors' example integration files (Braze's in-app message example apps, Adobe's messaging demo and test
/// apps) type-check unchanged against this build: runs Compatibility/examples/check.py --check, which fails when a
/// file listed in Compatibility/examples-baseline.txt stops type-checking. The vendor code is never in this tree:
/// the test skips, saying why, when no clone or mirror of the vendor repositories is found
/// (OPENINAPP_BRAZE_EXAMPLES / OPENINAPP_ADOBE_EXAMPLES, or the default locations the script lists).
final class ExampleAppTests: XCTestCase {
    func testVendorExampleFilesKeepTypeChecking() throws {
        guard let modules = SampleCompileTests.modulesDirectory else {
            throw XCTSkip("no built modules found beside the test bundle")
        }
        let root = SampleCompileTests.packageRoot
        var arguments = ["python3", root.appendingPathComponent("Compatibility/examples/check.py").path,
                         "--check", "--modules", modules.path]
        let env = ProcessInfo.processInfo.environment
        if let braze = env["OPENINAPP_BRAZE_EXAMPLES"] { arguments += ["--braze", braze] }
        if let adobe = env["OPENINAPP_ADOBE_EXAMPLES"] { arguments += ["--adobe", adobe] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        if output.hasPrefix("skipped") {
            throw XCTSkip(output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        XCTAssertEqual(process.terminationStatus, 0, output)
        XCTAssertTrue(output.contains("example files type-checked:"), output)
    }
}
