import XCTest
@testable import InAppCore
final class SmokeTests: XCTestCase { func testName() { XCTAssertEqual(InAppCoreInfo.name, "InAppCore") } }
