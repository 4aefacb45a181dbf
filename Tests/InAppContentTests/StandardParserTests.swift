import XCTest
@testable import InAppContent

/// What the HTML Standard's parser adds over the former one, checked the way a page author would see it.
final class StandardParserTests: XCTestCase {
    func testTableMarkupIsFosterParentedAsBrowsersDo() throws {
        let doc = try HTMLDocument.parse("<table><tr><td>cell</td></tr><a href='/x'>stray</a></table>")
        // The stray link is moved before the table, as WebKit moves it.
        XCTAssertEqual(doc.body.childNodes.map(\.tagName), ["a", "table"])
        XCTAssertEqual(doc.interactiveElements.first?.node.tagName, "a")
    }

    func testTemplateContentsStayOutOfTheDocument() throws {
        let doc = try HTMLDocument.parse("<template id=t><button>Hidden</button></template><button>Shown</button>")
        XCTAssertEqual(doc.buttons.map(\.visibleText), ["Shown"])
        let template = try XCTUnwrap(doc.element(id: "t"))
        XCTAssertEqual(template.templateContent?.childNodes.first?.visibleText, "Hidden")
    }

    func testForeignContentKeepsNamespacesAndCase() throws {
        let tree = try DOMTree.parse("<svg viewbox='0 0 1 1'><foreignobject><p>x</p></foreignobject></svg><math><mi>y</mi></math>")
        let doc = tree.snapshot()
        let svg = try XCTUnwrap(doc.elements(tag: "svg").first)
        XCTAssertEqual(svg.namespace, .svg)
        XCTAssertEqual(svg.attributes.map(\.name), ["viewBox"])
        XCTAssertEqual(svg.children.first?.tagName, "foreignObject")
        XCTAssertEqual(svg.children.first?.children.first?.namespace, .html)
        XCTAssertEqual(doc.elements(tag: "mi").first?.namespace, .mathml)
    }

    func testQuirksModeFromTheDoctype() throws {
        XCTAssertEqual(try DOMTree.parse("<!DOCTYPE html><p>").quirksMode, .noQuirks)
        XCTAssertEqual(try DOMTree.parse("<p>").quirksMode, .quirks)
        let legacy = try DOMTree.parse("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">")
        XCTAssertEqual(legacy.quirksMode, .limitedQuirks)
        let doctype = try XCTUnwrap(legacy.firstChild(legacy.document))
        XCTAssertEqual(legacy.doctype(doctype)?.publicId, "-//W3C//DTD XHTML 1.0 Transitional//EN")
        XCTAssertEqual(legacy.snapshot().root.childNodes.first?.doctypeIdentifiers?.systemId,
                       "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd")
    }

    func testParseErrorsAreCountedWithOffsetsNotThrown() throws {
        let tree = try DOMTree.parse("<!DOCTYPE html><p>a</b><p id=x id=y>")
        XCTAssertGreaterThanOrEqual(tree.parseErrorCount, 2)
        XCTAssertTrue(tree.parseErrors.contains { $0.code == "duplicate-attribute" && $0.offset > 20 })
        XCTAssertEqual(try DOMTree.parse("<!DOCTYPE html><html><head></head><body><p>ok</p></body></html>").parseErrorCount, 0)
    }

    func testScriptingFlagChangesNoscript() throws {
        let off = try DOMTree.parse("<noscript><p>no js</p></noscript>", scripting: false).snapshot()
        XCTAssertEqual(off.elements(tag: "p").count, 1)
        let on = try DOMTree.parse("<noscript><p>no js</p></noscript>", scripting: true).snapshot()
        XCTAssertEqual(on.elements(tag: "p").count, 0)
        XCTAssertEqual(on.elements(tag: "noscript").first?.textContent, "<p>no js</p>")
    }

    func testFragmentParsingAndSerializationRoundTrip() throws {
        let tree = try DOMTree.parse("<!DOCTYPE html><body><table id=t></table><div id=d></div>")
        let doc = tree.snapshot()
        XCTAssertNotNil(doc.element(id: "t"))
        let body = try XCTUnwrap(tree.children(try XCTUnwrap(tree.firstChild(tree.document).flatMap { tree.nextSibling($0) })).last)
        let div = try XCTUnwrap(tree.lastChild(body))
        // innerHTML on a div: a row outside a table is dropped, as browsers drop it.
        let fragment = try tree.parseFragment("<tr><td>x</td></tr><b>bold &amp; <i>both</b> end", context: div)
        XCTAssertEqual(tree.innerHTML(fragment), "x<b>bold &amp; <i>both</i></b><i> end</i>")
        // innerHTML on a table keeps the row and adds the implied tbody.
        let table = try XCTUnwrap(tree.firstChild(body))
        let rows = try tree.parseFragment("<tr><td>1</td></tr>", context: table)
        XCTAssertEqual(tree.innerHTML(rows), "<tbody><tr><td>1</td></tr></tbody>")
        // The serializer escapes text and attribute values and leaves raw-text elements alone.
        let made = try tree.parseFragment("<a title='a\"b<'>1 &lt; 2</a><script>if (a < b) {}</script><br>", context: div)
        XCTAssertEqual(tree.innerHTML(made), "<a title=\"a&quot;b&lt;\">1 &lt; 2</a><script>if (a < b) {}</script><br>")
        for child in tree.children(made) { tree.append(child, to: div) }
        XCTAssertEqual(tree.outerHTML(div), "<div id=\"d\"><a title=\"a&quot;b&lt;\">1 &lt; 2</a><script>if (a < b) {}</script><br></div>")
        XCTAssertEqual(tree.snapshot().element(id: "d")?.children.map(\.tagName), ["a", "script", "br"])
    }

    func testSelectedContentMirrorsTheSelectedOption() throws {
        let tree = try DOMTree.parse("<select><button><selectedcontent></selectedcontent></button><option>A<option selected>B</select>")
        XCTAssertEqual(tree.snapshot().elements(tag: "selectedcontent").first?.textContent, "B")
    }

    func testLimitsAreTypedErrors() {
        XCTAssertThrowsError(try DOMTree.parse(String(repeating: "<p>", count: 100), limits: ContentLimits(maxNodes: 50))) {
            XCTAssertEqual($0 as? ContentError, .tooManyNodes(limit: 50))
        }
        XCTAssertThrowsError(try DOMTree.parse(String(repeating: "<div>", count: 100), limits: ContentLimits(maxDepth: 30))) {
            XCTAssertEqual($0 as? ContentError, .nestingTooDeep(limit: 30))
        }
    }
}

final class SnapshotPathTests: XCTestCase {
    /// Well-formed messages are appended in document order, so their snapshot is the linear copy; trees that
    /// were rearranged take the general walk. Both give the same document.
    func testTypicalMessagesTakeTheLinearSnapshotAndBothPathsAgree() throws {
        let dir = FixtureTests.directory
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).filter({ $0.hasSuffix(".html") }).sorted() {
            let html = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            let tree = try DOMTree.parse(html)
            XCTAssertTrue(tree.inOrder, name)
            let fast = tree.snapshot()
            tree.inOrder = false
            tree.setAttribute(tree.document, "x", "y")   // a no-op on the document node; forces a new snapshot
            let general = DOMTree(fast).snapshot()
            XCTAssertEqual(fast.root.outline(maxLines: 10_000), general.root.outline(maxLines: 10_000), name)
            XCTAssertEqual(fast.nodes.map(\.end), general.nodes.map(\.end), name)
        }
        let moved = try DOMTree.parse("<table><tr><td>x</td></tr>stray</table>")
        XCTAssertFalse(moved.inOrder)
    }
    func testDocumentOwnNamesAreFoundWithFewAndWithManyOfThem() throws {
        // Few names of the document's own (searched linearly) and many (a dictionary): both find every one.
        for count in [3, 40] {
            let attrs = (0..<count).map { " data-k\($0)=v\($0)" }.joined()
            let html = "<my-widget\(attrs)>w</my-widget><x-other data-k0=z></x-other>"
            let doc = try HTMLDocument.parse(html)
            XCTAssertEqual(doc.elements(tag: "MY-WIDGET").map(\.tagName), ["my-widget"], "\(count)")
            XCTAssertEqual(doc.elements(attribute: "data-k\(count - 1)", value: "v\(count - 1)").count, 1, "\(count)")
            XCTAssertEqual(doc.elements(attribute: "data-k0").map(\.tagName), ["my-widget", "x-other"], "\(count)")
            XCTAssertTrue(doc.elements(attribute: "data-missing").isEmpty)
            XCTAssertEqual(try doc.querySelectorAll("x-other[data-k0=z]").count, 1)
            // A thawed copy keeps the ids of the document's own names.
            let thawed = DOMTree(doc)
            XCTAssertEqual(thawed.snapshot().elements(tag: "x-other").first?.attributes.map(\.name), ["data-k0"])
        }
    }

    func testDoctypeIdentifiersSurviveTheSnapshot() throws {
        let legacy = try HTMLDocument.parse(
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\"><p>x")
        let ids = try XCTUnwrap(legacy.root.childNodes.first?.doctypeIdentifiers)
        XCTAssertEqual(ids.publicId, "-//W3C//DTD HTML 4.01//EN")
        XCTAssertEqual(ids.systemId, "http://www.w3.org/TR/html4/strict.dtd")
        let modern = try HTMLDocument.parse("<!DOCTYPE html><p>x")
        let none = try XCTUnwrap(modern.root.childNodes.first?.doctypeIdentifiers)
        XCTAssertEqual(none.publicId, "")
        XCTAssertEqual(none.systemId, "")
    }
}
