import XCTest
@testable import InAppContent

final class ParserTests: XCTestCase {
    func testKnownNameConstantsMatchTheirNames() {
        XCTAssertEqual(KnownNames.list[Int(N.html)], "html")
        XCTAssertEqual(KnownNames.list[Int(N.frameset)], "frameset")
        XCTAssertEqual(KnownNames.list[Int(N.id)], "id")
        XCTAssertEqual(KnownNames.list[Int(N.class_)], "class")
        XCTAssertEqual(KnownNames.list[Int(N.ariaLabel)], "aria-label")
        XCTAssertEqual(KnownNames.list[Int(N.h6)], "h6")
        XCTAssertEqual(KnownNames.list[Int(N.noscript)], "noscript")
        XCTAssertEqual(KnownNames.list[Int(N.label)], "label")
        XCTAssertEqual(KnownNames.list.count, Int(N.ariaLabel) + 1)
    }

    func testSmoke() throws {
        let doc = try HTMLDocument.parse("<!DOCTYPE html><title>Hi &amp; bye</title><p id=a class='x y'>One<p>Two &copy; <a href=\"/go?a=1&b=2\">link</a>")
        XCTAssertEqual(doc.title, "Hi & bye")
        XCTAssertEqual(doc.doctype, "html")
        XCTAssertEqual(doc.body.children.map(\.tagName), ["p", "p"])
        XCTAssertEqual(doc.element(id: "a")?.classList, ["x", "y"])
        XCTAssertEqual(doc.body.children[1].textContent, "Two © link")
        XCTAssertEqual(doc.elements(tag: "a").first?["href"], "/go?a=1&b=2")
    }
}
