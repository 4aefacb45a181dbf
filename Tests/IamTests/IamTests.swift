import Testing
@testable import iam

@Test func placeholder() { #expect(Iam.main(["--help"], console: .capture()) == 0) }
