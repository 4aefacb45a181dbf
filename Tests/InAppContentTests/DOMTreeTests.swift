import XCTest
@testable import InAppContent

final class DOMTreeTests: XCTestCase {
    private func names(_ tree: DOMTree, _ ids: [DOMNodeID]) -> [String] {
        ids.map { tree.kind($0) == .element ? tree.localName($0) : tree.data($0) }
    }

    func testAppendInsertRemoveKeepSiblingLinks() {
        let t = DOMTree()
        let html = t.createElement("html")
        t.append(html, to: t.document)
        let a = t.createElement("a"), b = t.createElement("b"), c = t.createElement("c")
        t.append(a, to: html)
        t.append(c, to: html)
        t.insert(b, before: c, in: html)
        XCTAssertEqual(names(t, t.children(html)), ["a", "b", "c"])
        XCTAssertEqual(t.previousSibling(b), a)
        XCTAssertEqual(t.nextSibling(b), c)
        XCTAssertEqual(t.firstChild(html), a)
        XCTAssertEqual(t.lastChild(html), c)
        XCTAssertEqual(t.parent(b), html)
        // Moving a node detaches it from its old place.
        t.append(a, to: html)
        XCTAssertEqual(names(t, t.children(html)), ["b", "c", "a"])
        XCTAssertNil(t.previousSibling(b))
        t.insert(a, before: nil, in: b)
        XCTAssertEqual(names(t, t.children(html)), ["b", "c"])
        XCTAssertEqual(t.children(b), [a])
        t.remove(c)
        XCTAssertNil(t.parent(c))
        XCTAssertEqual(t.lastChild(html), b)
        XCTAssertNil(t.nextSibling(b))
    }

    func testCyclesAreRefusedAndVersionBumps() {
        let t = DOMTree()
        let outer = t.createElement("div"), inner = t.createElement("span")
        t.append(outer, to: t.document)
        t.append(inner, to: outer)
        let v = t.version
        t.append(outer, to: inner)          // would make a cycle: refused
        t.append(outer, to: outer)
        XCTAssertEqual(t.parent(outer), t.document)
        XCTAssertEqual(t.parent(inner), outer)
        XCTAssertEqual(t.version, v)
        t.setAttribute(inner, "id", "x")
        XCTAssertGreaterThan(t.version, v)
    }

    func testDataAndAttributes() {
        let t = DOMTree()
        let e = t.createElement("p", attributes: [DOMAttribute("class", "a"), DOMAttribute("id", "one")])
        let other = t.createElement("i", attributes: [DOMAttribute("title", "t")])
        XCTAssertEqual(t.attribute(e, "ID"), "one")
        t.setAttribute(e, "DATA-X", "1")          // its range is no longer last: moved, then extended
        t.setAttribute(e, "class", "b")
        XCTAssertEqual(t.attributes(e).map(\.qualifiedName), ["class", "id", "data-x"])
        XCTAssertEqual(t.attributes(e).map(\.value), ["b", "one", "1"])
        XCTAssertEqual(t.attribute(other, "title"), "t")
        t.removeAttribute(e, "id")
        XCTAssertEqual(t.attributes(e).map(\.qualifiedName), ["class", "data-x"])
        XCTAssertNil(t.attribute(e, "id"))
        let text = t.createText("hello")
        t.append(text, to: e)
        t.setData(text, "bye")
        XCTAssertEqual(t.data(text), "bye")
        XCTAssertEqual(t.textContent(e), "bye")
        let svg = t.createElement("svg", namespace: .svg,
                                  attributes: [DOMAttribute("href", "#a", namespace: .xlink, prefix: "xlink")])
        XCTAssertEqual(t.namespace(svg), .svg)
        XCTAssertEqual(t.attributes(svg).first, DOMAttribute("href", "#a", namespace: .xlink, prefix: "xlink"))
        XCTAssertEqual(t.attribute(svg, "xlink:href"), "#a")
    }

    func testTemplateContentAndDoctype() {
        let t = DOMTree()
        let dt = t.createDoctype(name: "html", publicId: "-//W3C//DTD HTML 4.01//EN", systemId: "")
        t.append(dt, to: t.document)
        let tpl = t.createElement("template")
        XCTAssertNotNil(t.templateContent(tpl))
        XCTAssertEqual(t.kind(t.templateContent(tpl)!), .documentFragment)
        XCTAssertNil(t.templateContent(t.createElement("div")))
        XCTAssertEqual(t.doctype(dt)?.publicId, "-//W3C//DTD HTML 4.01//EN")
    }

    func testSnapshotIsInDocumentOrderAfterOutOfOrderInserts() throws {
        let t = DOMTree()
        let html = t.createElement("html"), head = t.createElement("head"), body = t.createElement("body")
        t.append(html, to: t.document)
        t.append(body, to: html)
        t.insert(head, before: body, in: html)        // created after body, placed before it
        let table = t.createElement("table")
        t.append(table, to: body)
        let fostered = t.createText("x")
        t.insert(fostered, before: table, in: body)
        let tpl = t.createElement("template")
        t.append(tpl, to: body)
        let inside = t.createElement("button")
        t.append(inside, to: t.templateContent(tpl)!)
        let doc = t.snapshot()
        XCTAssertEqual(doc.head.tagName, "head")
        XCTAssertEqual(doc.body.childNodes.map(\.tagName), ["#text", "table", "template"])
        XCTAssertEqual(doc.body.textContent, "x")
        // Template contents are reachable from the template but are not part of the tree.
        let template = try XCTUnwrap(doc.querySelector("template"))
        XCTAssertEqual(template.templateContent?.childNodes.map(\.tagName), ["button"])
        XCTAssertEqual(try doc.querySelectorAll("button").count, 0)
        XCTAssertEqual(doc.buttons.count, 0)
        XCTAssertEqual(doc.nodeCount, 7)
        // Cached until the next mutation.
        XCTAssertTrue(t.snapshot() === doc)
        t.setAttribute(body, "class", "c")
        XCTAssertFalse(t.snapshot() === doc)
        XCTAssertEqual(t.snapshot().body.classList, ["c"])
    }

    func testThawAndFreezeRoundTrip() throws {
        let doc = try HTMLDocument.parse("<!DOCTYPE html><title>T</title><p id=a class='x y'>Hi <b>there</b><!--c-->")
        let tree = DOMTree(doc)
        let again = tree.snapshot()
        XCTAssertEqual(again.root.outline(), doc.root.outline())
        XCTAssertEqual(again.title, "T")
        XCTAssertEqual(again.doctype, "html")
        let p = try XCTUnwrap(again.element(id: "a"))
        XCTAssertEqual(p.classList, ["x", "y"])
        XCTAssertEqual(p.childNodes.map(\.tagName), ["#text", "b", "#comment"])
    }

    func testNodeLimitIsATypedError() {
        let t = DOMTree()
        t.maxNodes = 20
        XCTAssertNoThrow(try t.ensureCapacity(19))
        XCTAssertThrowsError(try t.ensureCapacity(20)) { error in
            XCTAssertEqual(error as? ContentError, .tooManyNodes(limit: 20))
        }
    }
}
