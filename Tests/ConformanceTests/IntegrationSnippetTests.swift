import XCTest
import Foundation

/// Type-checks the integration patterns of `Tests/Fixtures/Integration` (our own files, modelled on what real apps
/// write against the vendors' APIs beyond the documented samples: subclassing and overriding the built-in UI,
/// URL delegates) against the modules this package built, each on its own, in Swift 5 mode.
final class IntegrationSnippetTests: XCTestCase {
    func testIntegrationPatternsTypeCheck() throws {
        let dir = SampleCompileTests.packageRoot.appendingPathComponent("Tests/Fixtures/Integration")
        let files = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(files.count, 2)
        let modules = try XCTUnwrap(SampleCompileTests.modulesDirectory, "built modules not found")
        for file in files {
            let result = try SampleCompileTests.typecheck(file, modules: modules)
            XCTAssertTrue(result.ok, "\(file.lastPathComponent): \(result.errors.first ?? "(no error text)")")
        }
    }
}
