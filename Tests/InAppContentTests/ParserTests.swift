import XCTest
@testable import InAppContent

final class ParserTests: XCTestCase {
    func parse(_ html: String) throws -> HTMLDocument { try HTMLDocument.parse(html) }

    /// A compact outline of the element tree under `node`: `tag(child,child)`; built iteratively.
    func outline(_ node: HTMLNode) -> String {
        node.children.map { child in
            let inner = outline(child)
            return inner.isEmpty ? child.tagName : "\(child.tagName)(\(inner))"
        }.joined(separator: ",")
    }

    func testKnownNameConstantsMatchTheirNames() {
        XCTAssertEqual(KnownNames.list[Int(N.html)], "html")
        XCTAssertEqual(KnownNames.list[Int(N.frameset)], "frameset")
        XCTAssertEqual(KnownNames.list[Int(N.id)], "id")
        XCTAssertEqual(KnownNames.list[Int(N.class_)], "class")
        XCTAssertEqual(KnownNames.list[Int(N.ariaLabel)], "aria-label")
        XCTAssertEqual(KnownNames.list[Int(N.h6)], "h6")
        XCTAssertEqual(KnownNames.list[Int(N.noscript)], "noscript")
        XCTAssertEqual(KnownNames.list[Int(N.label)], "label")
        XCTAssertEqual(KnownNames.list[Int(N.image)], "image")
        XCTAssertEqual(KnownNames.list[Int(N.foreignObject)], "foreignObject")
        XCTAssertEqual(KnownNames.list[Int(N.annotationXml)], "annotation-xml")
        XCTAssertEqual(KnownNames.list.count, Int(N.multiple) + 1)
    }

    func testImpliedStructureAndTitle() throws {
        let doc = try parse("<!DOCTYPE html><title>Hi &amp; bye</title><p id=a class='x y'>One<p>Two &copy; <a href=\"/go?a=1&b=2\">link</a>")
        XCTAssertEqual(doc.title, "Hi & bye")
        XCTAssertEqual(doc.doctype, "html")
        XCTAssertEqual(outline(doc.root), "html(head(title),body(p,p(a)))")
        XCTAssertEqual(doc.element(id: "a")?.classList, ["x", "y"])
        XCTAssertEqual(doc.body.children[1].textContent, "Two © link")
        XCTAssertEqual(doc.elements(tag: "a").first?["href"], "/go?a=1&b=2")
    }

    func testOutlinePicture() throws {
        let doc = try parse("<!DOCTYPE html><title>T</title><div id=m class='a b'><a href='https://x.example/'>Go  now</a><!-- c --> <p>Hi</p></div>")
        XCTAssertEqual(doc.root.outline(), """
        #document
          <!DOCTYPE html>
          <html>
            <head>
              <title>
                "T"
            <body>
              <div#m.a.b>
                <a> href=https://x.example/
                  "Go now"
                <p>
                  "Hi"
        """)
        let deep = try parse(String(repeating: "<b>", count: 50) + "x")
        let picture = deep.body.outline(maxLines: 10, maxIndent: 4)
        XCTAssertEqual(picture.split(separator: "\n").count, 11)
        XCTAssertTrue(picture.contains("(5) <b>"), picture)
        XCTAssertTrue(picture.hasSuffix("… 42 more lines"), "body, 50 b elements and the text make 52 lines")
    }

    func testEmptyDocumentHasHtmlHeadBody() throws {
        let doc = try parse("")
        XCTAssertEqual(outline(doc.root), "html(head,body)")
        XCTAssertNil(doc.title)
        XCTAssertNil(doc.doctype)
    }

    func testExplicitHtmlHeadBodyKeepAttributes() throws {
        let doc = try parse("<html lang=en><head><meta charset=utf-8><style>p{}</style></head><body class=dark><p>x</p></body></html>")
        XCTAssertEqual(doc.documentElement["lang"], "en")
        XCTAssertEqual(doc.body["class"], "dark")
        XCTAssertEqual(outline(doc.root), "html(head(meta,style),body(p))")
    }

    func testVoidElementsDoNotNest() throws {
        let doc = try parse("<div><img src=a.png><br><input type=text><hr><span>after</span></div>")
        XCTAssertEqual(outline(doc.body), "div(img,br,input,hr,span)")
    }

    func testSelfClosingOnlyHonouredForVoidAndForeign() throws {
        let doc = try parse("<div/><span>in div</span><svg><path d='M0'/><circle/></svg>")
        // `<div/>` is an ordinary start tag in HTML, so the span lands inside it.
        XCTAssertEqual(outline(doc.body), "div(span,svg(path,circle))")
    }

    func testUnclosedParagraphsAndListItems() throws {
        let doc = try parse("<p>one<p>two<ul><li>a<li>b<ul><li>c</ul><li>d</ul><div>x")
        XCTAssertEqual(outline(doc.body), "p,p,ul(li,li(ul(li)),li),div")
        XCTAssertEqual(doc.elements(tag: "li").map(\.visibleText), ["a", "bc", "c", "d"])
    }

    func testTableCellsAndRowsCloseEachOther() throws {
        let doc = try parse("<table><tr><td>1<td>2<tr><th>h<td>3</table><p>after")
        XCTAssertEqual(outline(doc.body), "table(tbody(tr(td,td),tr(th,td))),p")
    }

    func testImpliedTbodyAndRow() throws {
        let doc = try parse("<table><td>a<tr><td>b</table><table><thead><tr><th>h</thead><tbody><tr><td>c</table>")
        XCTAssertEqual(outline(doc.body), "table(tbody(tr(td),tr(td))),table(thead(tr(th)),tbody(tr(td)))")
    }

    func testMisnestedFormattingIsRecoveredWithoutLoss() throws {
        let doc = try parse("<p><b>bold <i>both</b> italic?</i> end</p>")
        // The adoption agency: `</b>` closes `b` and `i`, and a new `i` carries on after it, as browsers build it:
        // <p><b>bold <i>both</i></b><i> italic?</i> end</p>. No text is lost.
        XCTAssertEqual(doc.body.visibleText, "bold both italic? end")
        XCTAssertEqual(outline(doc.body), "p(b(i),i)")
        XCTAssertEqual(doc.elements(tag: "i").map(\.textContent), ["both", " italic?"])
    }

    func testStrayEndTagsAreIgnoredAndEndTagOutsideScopeToo() throws {
        let doc = try parse("</span><div>a</em></div></div><div><table><tr><td><div>in cell</div></td></tr></table></div>")
        XCTAssertEqual(outline(doc.body), "div,div(table(tbody(tr(td(div)))))")
        let stray = try parse("<p>x</p></p>")
        XCTAssertEqual(outline(stray.body), "p,p", "a stray </p> creates an empty paragraph, as browsers do")
        let br = try parse("a</br>b")
        XCTAssertEqual(outline(br.body), "br")
    }

    func testNestedLinksAndButtonsBecomeSiblings() throws {
        let doc = try parse("<a href=1>one<a href=2>two</a><button>b1<button>b2</button>")
        XCTAssertEqual(outline(doc.body), "a,a,button,button")
        XCTAssertEqual(doc.elements(tag: "a").map(\.visibleText), ["one", "two"])
    }

    func testNestedFormIsIgnored() throws {
        let doc = try parse("<form id=outer><form id=inner><input name=q></form>")
        XCTAssertEqual(doc.elements(tag: "form").count, 1)
        XCTAssertEqual(doc.elements(tag: "input").first?.parentElement?.id, "outer")
    }

    func testAttributesUnquotedSingleDoubleBareAndDuplicates() throws {
        let doc = try parse("<input type=checkbox checked value='a b' data-x=\"q&quot;t\" DATA-Y=Up id=one id=two>")
        let input = try XCTUnwrap(doc.elements(tag: "input").first)
        XCTAssertEqual(input.attributes.map(\.name), ["type", "checked", "value", "data-x", "data-y", "id"])
        XCTAssertEqual(input["checked"], "")
        XCTAssertEqual(input["value"], "a b")
        XCTAssertEqual(input["data-x"], "q\"t")
        XCTAssertEqual(input["DATA-y"], "Up")
        XCTAssertEqual(input.id, "one", "the first of duplicated attributes wins")
    }

    func testTagNamesAreCaseInsensitive() throws {
        let doc = try parse("<DIV ID=x><SPAN>t</span></Div>")
        XCTAssertEqual(outline(doc.body), "div(span)")
        XCTAssertEqual(doc.element(id: "x")?.tagName, "div")
    }

    func testNamedCharacterReferences() throws {
        let text = "&amp; &lt; &gt; &quot; &apos; &nbsp; &copy; &reg; &hellip; &mdash; &ndash; &euro; &trade; &rarr; &eacute; &hearts;"
        let doc = try parse("<p>\(text)</p>")
        XCTAssertEqual(doc.body.textContent, "& < > \" ' \u{A0} © ® … — – € ™ → é ♥")
    }

    func testEveryNamedReferenceInTheTableDecodes() throws {
        // All 2 231 names of the Standard's table, each in its own element, decode to their code points.
        let table = CharacterReferences.table
        let names = (0..<table.count).map { table.name($0) }
        XCTAssertEqual(names.count, 2_231)
        let html = names.map { "<i>&\($0)</i>" }.joined()
        let doc = try parse(html)
        let decoded = doc.elements(tag: "i").map(\.textContent)
        XCTAssertEqual(decoded.count, names.count)
        for (i, text) in decoded.enumerated() {
            let (a, b) = table.values[i]
            XCTAssertEqual(text.unicodeScalars.map(\.value), b == 0 ? [a] : [a, b], names[i])
        }
        XCTAssertEqual(try parse("<p>&NotEqualTilde;&fjlig;&CounterClockwiseContourIntegral;").body.textContent,
                       "\u{2242}\u{338}fj\u{2233}")
    }

    func testNumericCharacterReferences() throws {
        let doc = try parse("<p>&#65;&#x42;&#X43;&#128512;&#0;&#x110000;&#xD800;&#150;&#99999999999999;</p>")
        XCTAssertEqual(doc.body.textContent, "ABC😀\u{FFFD}\u{FFFD}\u{FFFD}–\u{FFFD}")
    }

    func testLegacyReferencesWithoutSemicolonAndUnknownOnes() throws {
        let doc = try parse("<p>fish &amp chips &copy 2024 &unknown; &; & alone &notit;</p><a href='/x?a=1&copy=2&amp;b'>l</a>")
        XCTAssertEqual(doc.elements(tag: "p").first?.textContent, "fish & chips © 2024 &unknown; &; & alone ¬it;")
        // In attributes, `&copy=` is left alone (it looks like a query parameter).
        XCTAssertEqual(doc.elements(tag: "a").first?["href"], "/x?a=1&copy=2&b")
    }

    func testCommentsInAllForms() throws {
        let doc = try parse("<!-- a --><div><!----><!--> <!--x--y--><?php no ?><!bogus></div><!-- unterminated")
        let comments = doc.root.descendants.filter { $0.kind == .comment }.map { $0.data ?? "" }
        XCTAssertEqual(comments, [" a ", "", "", "x--y", "?php no ?", "bogus", " unterminated"])
    }

    func testScriptAndStyleAreRawText() throws {
        let html = "<script>if (a < b && c > d) { document.write('<p>not a tag</p>'); }</script><style>p > a { content: '&amp;' }</style><p>real</p>"
        let doc = try parse(html)
        XCTAssertEqual(doc.elements(tag: "p").count, 1)
        XCTAssertEqual(doc.elements(tag: "script").first?.textContent, "if (a < b && c > d) { document.write('<p>not a tag</p>'); }")
        XCTAssertEqual(doc.elements(tag: "style").first?.textContent, "p > a { content: '&amp;' }")
        XCTAssertEqual(doc.scriptCount, 1)
    }

    func testScriptEndTagNeedsDelimiterAndTitleDecodesReferences() throws {
        let doc = try parse("<script>var s = '</scripts>'; </SCRIPT ><title>A &amp; <b>B</b></title>")
        XCTAssertEqual(doc.elements(tag: "script").first?.textContent, "var s = '</scripts>'; ")
        XCTAssertEqual(doc.title, "A & <b>B</b>")
        XCTAssertTrue(doc.elements(tag: "b").isEmpty)
    }

    func testUnterminatedScriptRunsToEnd() throws {
        let doc = try parse("<p>x</p><script>never closed <p>")
        XCTAssertEqual(doc.elements(tag: "script").first?.textContent, "never closed <p>")
        XCTAssertEqual(doc.elements(tag: "p").count, 1)
    }

    func testCDATAIsTextInSVGAndCommentInHTML() throws {
        let doc = try parse("<svg><text><![CDATA[a < b]]></text></svg><div><![CDATA[hidden]]></div>")
        XCTAssertEqual(doc.elements(tag: "text").first?.textContent, "a < b")
        XCTAssertEqual(doc.elements(tag: "div").first?.textContent, "")
        XCTAssertEqual(doc.elements(tag: "div").first?.childNodes.first?.kind, .comment)
    }

    func testTagCutOffByEndOfInputIsDropped() throws {
        let doc = try parse("<p>ok</p><a href=\"never")
        XCTAssertEqual(outline(doc.body), "p")
        let doc2 = try parse("<p>ok<div class=x")
        XCTAssertEqual(outline(doc2.body), "p")
        let doc3 = try parse("text < not a tag <3 and </")
        XCTAssertEqual(doc3.body.textContent, "text < not a tag <3 and </")
    }

    func testDeepNestingParsesAndDeallocatesWithoutRecursion() throws {
        let depth = 100_000
        var html = String(repeating: "<div>", count: depth)
        html += "deep"
        html += String(repeating: "</div>", count: depth)
        var doc: HTMLDocument? = try parse(html)
        let divs = doc!.elements(tag: "div")
        XCTAssertEqual(divs.count, depth)
        XCTAssertEqual(divs.last?.textContent, "deep")
        XCTAssertEqual(divs.last?.depth, depth + 2)   // below document, html and body
        XCTAssertEqual(doc!.body.textContent, "deep")
        XCTAssertTrue(divs[0].contains(divs[depth - 1]))
        doc = nil   // releasing must not recurse
        XCTAssertNil(doc)
    }

    func testDeepUnclosedNestingOfMixedTags() throws {
        let html = String(repeating: "<span><b><i>", count: 40_000) + "x" + String(repeating: "</div>", count: 1000)
        let doc = try parse(html)
        XCTAssertEqual(doc.elements(tag: "i").count, 40_000)
        XCTAssertEqual(doc.body.textContent, "x")
    }

    func testDeepDocumentInAPageCanBeTappedReportedAndReplaced() throws {
        let depth = 100_000
        let html = String(repeating: "<section>", count: depth) + "<a id=deep href='https://deep.example/'>deep link</a>"
        let page = ContentPage()
        page.loadHTMLString(html, baseURL: nil)
        XCTAssertEqual(page.document.elements(tag: "section").count, depth)
        let result = try page.tap(elementID: "deep")   // walks 100 000 ancestors for onclick handlers
        XCTAssertEqual(result.actions, [.navigation(id: 2, url: URL(string: "https://deep.example/")!)])
        page.loadHTMLString(html, baseURL: nil)
        XCTAssertEqual(page.coverageReport().entries.map { $0.element.id }, ["deep"])
        XCTAssertEqual(try page.document.querySelectorAll("section > section > a").count, 1)
        page.loadHTMLString("<p>small</p>", baseURL: nil)   // the deep document is released here
        XCTAssertEqual(page.document.body.visibleText, "small")
    }

    func testRandomBytesNeverCrash() throws {
        var rng = SplitMix(seed: 7)
        for round in 0..<200 {
            let count = Int(rng.next() % 3000)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(count)
            for _ in 0..<count {
                // Bias towards markup characters so the tokenizer's paths are exercised.
                let r = rng.next()
                let markup: [UInt8] = Array("<>/!-=\"'&#;[]?abcdiv p".utf8)
                bytes.append(r % 3 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : markup[Int((r >> 8) % UInt64(markup.count))])
            }
            let doc = try HTMLDocument.parse(bytes: bytes)
            XCTAssertEqual(doc.body.tagName, "body", "round \(round)")
            _ = doc.body.textContent
            _ = doc.interactiveElements
        }
    }

    func testDepthLimitIsATypedError() {
        let html = String(repeating: "<div>", count: 50)
        XCTAssertThrowsError(try HTMLDocument.parse(html, limits: ContentLimits(maxDepth: 20))) { error in
            XCTAssertEqual(error as? ContentError, .nestingTooDeep(limit: 20))
        }
        XCTAssertNoThrow(try HTMLDocument.parse(html, limits: ContentLimits(maxDepth: 60)))
    }

    func testSizeLimitIsATypedError() {
        let html = String(repeating: "a", count: 2000)
        XCTAssertThrowsError(try HTMLDocument.parse(html, limits: ContentLimits(maxDocumentBytes: 1000))) { error in
            XCTAssertEqual(error as? ContentError, .documentTooLarge(bytes: 2000, limit: 1000))
        }
    }

    func testTenMegabyteDocument() throws {
        let unit = "<div class=\"row\"><a href=\"https://example.com/p?id=1&amp;x=2\" onclick=\"brazeBridge.logClick('0')\">Item &mdash; one</a><span>text</span></div>\n"
        let count = 10_000_000 / unit.utf8.count + 1
        let html = String(repeating: unit, count: count)
        XCTAssertGreaterThan(html.utf8.count, 10_000_000)
        let doc = try parse(html)
        XCTAssertEqual(doc.elements(tag: "a").count, count)
        XCTAssertEqual(doc.interactiveElements.count, count)
        XCTAssertEqual(doc.elements(tag: "a").last?.visibleText, "Item — one")
    }

    func testInvalidUTF8IsReplacedNotFatal() throws {
        var bytes = Array("<p id=\"x\">ok ".utf8)
        bytes += [0xFF, 0xC3, 0x28, 0xE2, 0x82, 0xED, 0xA0, 0x80]
        bytes += Array(" end</p><a href=\"".utf8) + [0xFE] + Array("\">l</a>".utf8)
        let doc = try HTMLDocument.parse(bytes: bytes)
        let text = try XCTUnwrap(doc.element(id: "x")?.textContent)
        XCTAssertTrue(text.hasPrefix("ok "))
        XCTAssertTrue(text.hasSuffix(" end"))
        XCTAssertTrue(text.contains("\u{FFFD}"))
        XCTAssertEqual(doc.elements(tag: "a").first?["href"], "\u{FFFD}")
    }

    func testNULBytesBecomeReplacementCharacters() throws {
        let html = "<p title=\"a\u{0}b\">x\u{0}y</p><script>s\u{0}</script>"
        let doc = try parse(html)
        // In text content the Standard drops NUL (a parse error); in attributes and script it becomes U+FFFD.
        XCTAssertEqual(doc.elements(tag: "p").first?.textContent, "xy")
        XCTAssertEqual(doc.elements(tag: "p").first?["title"], "a\u{FFFD}b")
        XCTAssertEqual(doc.elements(tag: "script").first?.textContent, "s\u{FFFD}")
    }

    func testRandomGarbageNeverCrashesAndKeepsTreeInvariants() throws {
        var rng = SplitMix(seed: 42)
        let pieces = ["<div>", "</div>", "<p>", "</p>", "<a href=x>", "</a>", "<table>", "<tr>", "<td>", "</table>",
                      "<li>", "<ul>", "</ul>", "<!--", "-->", "<script>", "</script>", "&amp", "&#x", "<", ">", "\"",
                      "'", "=", " ", "text", "<b>", "</i>", "<svg>", "<![CDATA[", "]]>", "<br/>", "<form>", "</form>",
                      "<button>", "<select><option>", "</body>", "<html>", "<head>", "<title>", "\u{0}", "é"]
        for _ in 0..<300 {
            var html = ""
            for _ in 0..<Int(rng.next() % 200) { html += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let doc = try parse(html)
            // Every node's parent contains it, and subtree ranges nest.
            for node in doc.root.descendants {
                let parent = try XCTUnwrap(node.parent)
                XCTAssertTrue(parent.contains(node), "\(html)")
            }
            XCTAssertEqual(doc.documentElement.tagName, "html")
            XCTAssertEqual(doc.body.tagName, "body")
        }
    }
}

/// A small deterministic generator for test inputs (also usable with `randomElement(using:)`).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
