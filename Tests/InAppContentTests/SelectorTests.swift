import XCTest
@testable import InAppContent

final class SelectorTests: XCTestCase {
    let html = """
    <div id="modal" class="iam modal dark">
      <header><h1 class="title">Sale</h1><button class="close x" data-action="close" aria-label="Close">×</button></header>
      <section class="body">
        <p class="lead">Save <strong>20%</strong></p>
        <ul class="options"><li data-id="a">A</li><li data-id="b" class="chosen">B</li><li data-id="c-1">C</li></ul>
        <a class="btn primary" href="https://shop.example/sale">Shop</a>
        <a class="btn" href="#later" lang="en-US">Later</a>
      </section>
    </div>
    <div class="footer"><a class="btn" href="/terms">Terms</a></div>
    """
    var doc: HTMLDocument!
    override func setUpWithError() throws { doc = try HTMLDocument.parse(html) }

    func ids(_ s: String) throws -> [String] { try doc.querySelectorAll(s).map { $0.id ?? $0["data-id"] ?? $0.visibleText } }

    func testTypeIdClassAndUniversal() throws {
        XCTAssertEqual(try doc.querySelectorAll("li").count, 3)
        XCTAssertEqual(try doc.querySelector("#modal")?.tagName, "div")
        XCTAssertEqual(try ids(".btn"), ["Shop", "Later", "Terms"])
        XCTAssertEqual(try ids("a.btn.primary"), ["Shop"])
        XCTAssertEqual(try doc.querySelectorAll("*").count, doc.allElements.count)
        XCTAssertEqual(try ids("div#modal.dark"), ["modal"])
        XCTAssertEqual(try ids("div#modal.light"), [])
    }

    func testAttributeSelectors() throws {
        XCTAssertEqual(try ids("[data-id]"), ["a", "b", "c-1"])
        XCTAssertEqual(try ids("[data-id=b]"), ["b"])
        XCTAssertEqual(try ids("li[data-id='c-1']"), ["c-1"])
        XCTAssertEqual(try ids("[href^=https]"), ["Shop"])
        XCTAssertEqual(try ids("[href$=terms]"), ["Terms"])
        XCTAssertEqual(try ids("[href*=shop]"), ["Shop"])
        XCTAssertEqual(try ids("[class~=primary]"), ["Shop"])
        XCTAssertEqual(try ids("[lang|=en]"), ["Later"])
        XCTAssertEqual(try ids("[data-id|=c]"), ["c-1"])
        XCTAssertEqual(try doc.querySelectorAll("[data-action=\"close\"]").map { ContentPage.label(of: $0) }, ["Close"], "aria-label names the button")
    }

    func testCombinatorsAndLists() throws {
        XCTAssertEqual(try ids("#modal a"), ["Shop", "Later"])
        XCTAssertEqual(try ids("section > a"), ["Shop", "Later"])
        XCTAssertEqual(try ids("div > a"), ["Terms"])
        XCTAssertEqual(try ids("#modal > a"), [])
        XCTAssertEqual(try ids("div ul > li.chosen"), ["b"])
        XCTAssertEqual(try ids("div section p > strong"), ["20%"])
        XCTAssertEqual(try ids("h1, .footer a,li[data-id=a]"), ["Sale", "a", "Terms"], "results come in document order")
    }

    func testSiblingCombinators() throws {
        XCTAssertEqual(try ids("li.chosen + li"), ["c-1"])
        XCTAssertEqual(try ids("li[data-id=a] ~ li"), ["b", "c-1"])
        XCTAssertEqual(try ids("h1 + button"), ["×"])
        XCTAssertEqual(try ids("p ~ a"), ["Shop", "Later"])
        XCTAssertEqual(try ids("ul + a"), ["Shop"], "only the next element sibling")
        XCTAssertEqual(try ids("#modal ~ .footer a"), ["Terms"])
        XCTAssertEqual(try ids("header + section > ul > li ~ li.chosen"), ["b"])
        XCTAssertEqual(try ids("li + li + li"), ["c-1"])
        XCTAssertEqual(try ids("a ~ p"), [])
    }

    func testStructuralAndLogicalPseudoClasses() throws {
        XCTAssertEqual(try ids("li:first-child"), ["a"])
        XCTAssertEqual(try ids("li:last-child"), ["c-1"])
        XCTAssertEqual(try ids("li:nth-child(2)"), ["b"])
        XCTAssertEqual(try ids("li:nth-child(odd)"), ["a", "c-1"])
        XCTAssertEqual(try ids("li:nth-child(2n)"), ["b"])
        XCTAssertEqual(try ids("li:nth-child(-n + 2)"), ["a", "b"])
        XCTAssertEqual(try ids("li:nth-last-child(1)"), ["c-1"])
        XCTAssertEqual(try ids("li:nth-child(1 of .chosen)"), ["b"])
        XCTAssertEqual(try ids("section a:first-of-type"), ["Shop"])
        XCTAssertEqual(try ids("section a:last-of-type"), ["Later"])
        XCTAssertEqual(try ids("section > a:nth-of-type(2)"), ["Later"])
        XCTAssertEqual(try ids("p strong:only-child"), ["20%"])
        XCTAssertEqual(try ids(".footer a:only-of-type"), ["Terms"])
        XCTAssertEqual(try doc.querySelectorAll(":root").map(\.tagName), ["html"])
        XCTAssertEqual(try ids("li:not(.chosen)"), ["a", "c-1"])
        XCTAssertEqual(try ids("a.btn:not(.primary):not([href^='/'])"), ["Later"])
        XCTAssertEqual(try ids(":is(h1, strong)"), ["Sale", "20%"])
        XCTAssertEqual(try ids("li:where([data-id=a], [data-id=b])"), ["a", "b"])
        XCTAssertEqual(try ids("div:has(> header)"), ["modal"])
        XCTAssertEqual(try ids("ul:has(li.chosen) > li:not(:has(*))").count, 3)
        XCTAssertEqual(try ids("a:link"), ["Shop", "Later", "Terms"])
        XCTAssertEqual(try ids("a:hover, a:visited, a::before"), [], "a page at rest has no pointer over it; pseudo-elements are not elements")
        XCTAssertEqual(try ids("[HREF$=TERMS i]"), ["Terms"])
        let empty = try HTMLDocument.parse("<div id=a></div><div id=b> </div><div id=c><!-- x --></div>")
        XCTAssertEqual(try empty.querySelectorAll("div:empty").map { $0.id ?? "" }, ["a", "c"])
        let scoped = try XCTUnwrap(doc.element(id: "modal"))
        XCTAssertEqual(try scoped.querySelectorAll(":scope > header > h1").map(\.visibleText), ["Sale"])
    }

    // Page scripts are untrusted: nesting and length are bounded, huge An+B coefficients saturate, and queries with
    // sibling steps, :nth-*, :has() and nested arguments stay linear on wide and deep documents (each would be
    // billions of steps if siblings or subtrees were walked again for every element).
    func testHostileSelectorsAreBoundedAndWideOrDeepDocumentsStayLinear() throws {
        XCTAssertThrowsError(try CSSSelector(String(repeating: ":not(", count: 40) + "a" + String(repeating: ")", count: 40)))
        XCTAssertNoThrow(try CSSSelector(String(repeating: ":not(", count: 10) + "a" + String(repeating: ")", count: 10)))
        XCTAssertThrowsError(try CSSSelector(Array(repeating: "a", count: 300).joined(separator: " + ")))
        XCTAssertEqual(try ids("li:nth-child(99999999999999999999999n + 99999999999999999999)"), [])
        XCTAssertEqual(try ids("li:nth-child(-9223372036854775808n + 9223372036854775807)"), [])
        XCTAssertEqual(try ids("li:nth-child(-99999999999999999999999n+2)"), ["b"], "only n = 0 gives an index ≥ 1")

        let n = 50_000
        let wide = try HTMLDocument.parse("<ul>" + (1...n).map { "<li class=\($0 == n ? "last" : "i")>\($0)</li>" }.joined() + "</ul>")
        XCTAssertEqual(try wide.querySelectorAll("li:nth-child(2)").map(\.visibleText), ["2"])
        XCTAssertEqual(try wide.querySelectorAll("li:last-child, li:nth-last-of-type(2)").map(\.visibleText), ["\(n - 1)", "\(n)"])
        XCTAssertEqual(try wide.querySelectorAll("li + li").count, n - 1)
        XCTAssertEqual(try wide.querySelectorAll("li.i ~ li.last").count, 1)
        XCTAssertEqual(try wide.querySelectorAll("li:nth-child(2 of .i)").map(\.visibleText), ["2"])
        XCTAssertEqual(try wide.querySelectorAll("ul:has(> .last), li:has(b)").count, 1)
        XCTAssertEqual(try wide.querySelectorAll("li:not(:only-child):not(:first-of-type)").count, n - 1)

        let depth = 20_000
        let deep = try HTMLDocument.parse(String(repeating: "<div>", count: depth) + "<p>x</p>")
        XCTAssertEqual(try deep.querySelectorAll("*:has(.none)").count, 0)
        XCTAssertEqual(try deep.querySelectorAll("div:has(p)").count, depth)
        XCTAssertEqual(try deep.querySelectorAll("div:not(div div)").count, 1)
        XCTAssertEqual(try deep.querySelectorAll(":is(section, div) > p:only-child").count, 1)
    }

    // Random token soup: every selector either parses and matches, or throws SelectorError; nothing traps.
    func testRandomSelectorsParseOrThrowAndNeverTrap() {
        let tokens = ["a", "li", "*", "#modal", ".btn", "[data-id]", "[href^=h i]", " ", " > ", " + ", " ~ ", ", ", ":not(", ":is(",
                      ":has(", ":has(> ", ")", ":nth-child(", "2n+1", "-n+3", "odd", " of .x", ":first-child", ":checked",
                      ":scope", "::before", ":hover", "(", "]", "[", "'", "\\", ":nth-of-type(", "999999999999999999999n", "-"]
        var rng = SplitMix(seed: 42)
        var parsed = 0
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 1...12, using: &rng)).map { _ in tokens.randomElement(using: &rng)! }.joined()
            guard let selector = try? CSSSelector(text) else { continue }
            parsed += 1
            _ = doc.querySelectorAll(selector)
            _ = doc.body.descendants.filter { $0.isElement && selector.matches($0) }
        }
        XCTAssertGreaterThan(parsed, 200, "the soup exercises matching, not only the parser")
    }

    func testFormStatePseudoClassesFromAttributes() throws {
        let d = try HTMLDocument.parse("""
        <form><input id=t required><input id=r type=radio checked><input id=c type=checkbox>
        <fieldset disabled><legend><input id=inLegend></legend><input id=inSet><button id=b>Go</button></fieldset>
        <input id=ro readonly><textarea id=ta placeholder=Hi></textarea><select id=s><option id=o1>1</option><option id=o2 selected>2</option></select></form>
        """)
        func ids(_ sel: String) throws -> [String] { try d.querySelectorAll(sel).map { $0.id ?? "" } }
        XCTAssertEqual(try ids(":checked"), ["r", "o2"])
        XCTAssertEqual(try ids("input:disabled, button:disabled"), ["inSet", "b"], "the first legend of a disabled fieldset stays enabled")
        XCTAssertEqual(try ids("input:enabled"), ["t", "r", "c", "inLegend", "ro"])
        XCTAssertEqual(try ids(":required"), ["t"])
        XCTAssertEqual(try ids("input:read-only"), ["r", "c", "inSet", "ro"])
        XCTAssertEqual(try ids(":placeholder-shown"), ["ta"])
        XCTAssertEqual(try ids(":focus"), [], "no live page, nothing has focus")
    }

    func testDescendantMatchingBacktracks() throws {
        // `div > p` must be tried on every div ancestor, not only the nearest one.
        let d = try HTMLDocument.parse("<div><p><div><span><em>x</em></span></div></p></div>")
        XCTAssertEqual(try d.querySelectorAll("p div em").count, 0, "the p is closed by the inner div")
        let d2 = try HTMLDocument.parse("<section><article><div><em>x</em></div></article></section>")
        XCTAssertEqual(try d2.querySelectorAll("section > article em").count, 1)
        XCTAssertEqual(try d2.querySelectorAll("section > div em").count, 0)
        XCTAssertEqual(try d2.querySelectorAll("section div > em").count, 1)
    }

    func testMixedCombinatorsNeedRestartAndDeepTreesStayFast() throws {
        // `a > b c`: the nearest `b` ancestor of c is not a child of `a`, a higher one is.
        let d = try HTMLDocument.parse("<x><y><z><y><c id=t></c></y></z></y></x>")
        XCTAssertEqual(try d.querySelectorAll("x > y c").map { $0.id ?? "" }, ["t"])
        XCTAssertEqual(try d.querySelectorAll("z > y > c").count, 1)
        XCTAssertEqual(try d.querySelectorAll("x > z c").count, 0)
        // A failed ancestor walk from one node must not hide that node from a later walk.
        let nested = try HTMLDocument.parse("<div id=a><div id=b><p><div id=c></div></p></div></div>")
        XCTAssertEqual(try nested.querySelectorAll("div div").map { $0.id ?? "" }, ["b", "c"])
        XCTAssertEqual(try nested.querySelectorAll("div > div div").map { $0.id ?? "" }, ["c"])
        // A selector that fails on a 20 000-deep tree must not explode combinatorially.
        let deep = try HTMLDocument.parse(String(repeating: "<div>", count: 20_000))
        XCTAssertEqual(try deep.querySelectorAll("span div div").count, 0)
        XCTAssertEqual(try deep.querySelectorAll("body > div > div").count, 1)
    }

    func testScopedQueriesAndMatches() throws {
        let section = try XCTUnwrap(doc.querySelector("section"))
        XCTAssertEqual(try section.querySelectorAll("a").count, 2)
        XCTAssertTrue(try section.matches("#modal section.body"))
        XCTAssertFalse(try section.matches("div"))
    }

    func testQueryHelpers() {
        XCTAssertEqual(doc.elements(class: "btn").count, 3)
        XCTAssertEqual(doc.elements(attribute: "data-id").count, 3)
        XCTAssertEqual(doc.elements(attribute: "data-id", value: "b").first?.visibleText, "B")
        XCTAssertEqual(doc.elements(tag: "LI").count, 3)
        XCTAssertTrue(doc.elements(tag: "video").isEmpty)
        XCTAssertNil(doc.element(id: "missing"))
    }

    func testUnsupportedAndMalformedSelectorsThrow() {
        for bad in ["", "a:lang(en)", "a:no-such-state", "li:nth-child(x)", ":not()", "a + ", "[", "[x=", "#", ".", "a >", "[x='open]", "a,,b", "a $ b"] {
            XCTAssertThrowsError(try CSSSelector(bad), bad) { error in
                XCTAssertTrue(error is SelectorError, bad)
            }
        }
    }
}

