import XCTest
import InAppTestSupport

final class StackTests: XCTestCase {
    func testLIFOAndIdentity() {
        var s = MessageStack<InAppMessage>()
        s.push(Fixtures.modal(id: "a"))
        s.push(Fixtures.modal(id: "b"))
        s.push(Fixtures.modal(id: "c"))
        XCTAssertEqual(s.messageIDs, ["a", "b", "c"])
        XCTAssertEqual(s.top?.id, "c")
        // Re-pushing an id moves it to the top; no duplicate.
        s.push(Fixtures.modal(id: "a", header: "changed"))
        XCTAssertEqual(s.messageIDs, ["b", "c", "a"])
        XCTAssertEqual(s.top?.content.structured?.header, "changed")
        XCTAssertEqual(s.pop()?.id, "a")
        XCTAssertEqual(s.remove("b")?.id, "b")
        XCTAssertNil(s.remove("zzz"))
        XCTAssertEqual(s.messageIDs, ["c"])
        XCTAssertEqual(s.removeAll().map(\.id), ["c"])
        XCTAssertNil(s.pop())
        XCTAssertTrue(s.isEmpty)
        XCTAssertEqual(s.violations, [])
        XCTAssertEqual(s.validate(), [])
    }

    func testInvariantsHoldUnderRandomMutations() {
        var s = MessageStack<InAppMessage>()
        var model: [MessageID] = []
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let id = MessageID("m\(Int.random(in: 0..<40, using: &rng))")
            switch Int.random(in: 0..<4, using: &rng) {
            case 0, 1:
                s.push(Fixtures.control(id: id)); model.removeAll { $0 == id }; model.append(id)
            case 2:
                XCTAssertEqual(s.pop()?.id, model.popLast())
            default:
                let removed = s.remove(id)?.id
                XCTAssertEqual(removed, model.contains(id) ? id : nil)
                model.removeAll { $0 == id }
            }
            XCTAssertEqual(s.messageIDs, model)
        }
        XCTAssertEqual(s.violations, [])
        XCTAssertEqual(s.validate(), [])
    }

    func testLargeStackStaysConsistent() {
        var s = MessageStack<InAppMessage>()
        for i in 0..<20_000 { s.push(Fixtures.control(id: MessageID("m\(i)"))) }
        XCTAssertEqual(s.count, 20_000)
        XCTAssertEqual(s.top?.id, "m19999")
        XCTAssertEqual(s.validate(), [])
        XCTAssertEqual(s.violations, [])
    }
}
