// This file imports BrazeKit alone, as app files written for upstream do: upstream's module re-exports
// Foundation, UIKit and UserNotifications, so these names must be visible through BrazeKit.
import BrazeKit
import XCTest


final class ReexportProbe: NSObject {
    var status: UNAuthorizationStatus = .notDetermined
    var fetch: UIBackgroundFetchResult = .noData
}

final class BrazeKitReexportTests: XCTestCase {
    func test_appleFrameworksAreVisibleThroughBrazeKit() {
        let probe = ReexportProbe()
        XCTAssertEqual(probe.status, .notDetermined)
        XCTAssertEqual(probe.fetch, .noData)
        XCTAssertFalse(Braze.Notifications.categories.isEmpty)
    }
}
