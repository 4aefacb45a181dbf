import Foundation
import XCTest
@testable import InAppCore
import InAppTestSupport

/// The trigger index: events are looked up by kind and name, and an event nobody listens to is rejected by the
/// name filter without walking any campaign.
final class TriggerIndexTests: XCTestCase {
    func test_nameFilterHasNoFalseNegativesAndFewFalsePositives() {
        var filter = NameFilter(capacity: 10_000)
        for i in 0..<10_000 { filter.insert("event-\(i)", kind: 1) }
        XCTAssertTrue((0..<10_000).allSatisfy { filter.mayContain("event-\($0)", kind: 1) })
        let falsePositives = (0..<10_000).filter { filter.mayContain("other-\($0)", kind: 1) }.count
        XCTAssertLessThan(falsePositives, 500, "more than 5 % false positives")
        let otherKind = (0..<10_000).filter { filter.mayContain("event-\($0)", kind: 2) }.count
        XCTAssertLessThan(otherKind, 500, "names are keyed by event kind")
    }

    func test_indexFindsOnlyEntriesOfTheEventsKindAndName() {
        let campaigns = (0..<1_000).map { i in
            Campaign(message: Fixtures.slideup(id: MessageID("m\(i)")), triggers: [.customEvent("e\(i)")])
        } + [Campaign(message: Fixtures.slideup(id: "buy"), triggers: [.anyPurchase, .purchase(productID: "gold")])]
        let index = TriggerIndex(campaigns)
        var visited: [Int] = []
        index.forEachEntry(.customEvent("e7")) { visited.append($0.campaign) }
        XCTAssertEqual(visited, [7])
        visited = []
        index.forEachEntry(.purchase(productID: "gold")) { visited.append($0.campaign) }
        XCTAssertEqual(visited, [1_000, 1_000])
        visited = []
        index.forEachEntry(.customEvent("gold")) { visited.append($0.campaign) }
        XCTAssertEqual(visited, [])
        XCTAssertTrue(index.mayMatch(.purchase(productID: "anything")), "any-purchase campaigns listen to every product")
        XCTAssertFalse(index.mayMatch(.sessionStart))
        XCTAssertFalse(TriggerIndex.empty.mayMatch(.customEvent("e7")))
    }
}
