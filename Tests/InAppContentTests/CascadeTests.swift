import Foundation
import XCTest
@testable import InAppContent

/// The cascade's index (rules filed by their rightmost compound, compiled selectors, one answer per element) against
/// its definition: every rule's selector tried on every element.
final class CascadeTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func pages() throws -> [(String, String)] {
        var out: [(String, String)] = []
        for folder in ["HTML", "Scripted"] {
            let dir = fixtures.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".html") {
                out.append((name, try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        return out
    }

    /// Every element of every fixture, at a phone's and a tablet's viewport, light and dark, for all properties and
    /// for the hit test's four: the same declarations, `::before`/`::after` ones included, as scanning every rule.
    func testIndexedCascadeAgreesWithScanningEveryRuleOnEveryFixture() throws {
        let pages = try Self.pages()
        XCTAssertGreaterThan(pages.count, 20)
        var elements = 0, declarations = 0
        for (name, html) in pages {
            let document = try HTMLDocument.parse(html)
            for viewport in [ContentViewport(width: 390, height: 844), ContentViewport(width: 1024, height: 768, darkMode: true)] {
                for properties in [nil, HitStyleSheet.properties] {
                    let sheet = BoxStyleSheet(document: document, viewport: viewport, properties: properties)
                    for node in document.allElements {
                        let indexed = sheet.declared(node)
                        XCTAssertEqual(indexed, sheet.declaredScanningEveryRule(node), "\(name) \(node)")
                        XCTAssertEqual(sheet.declared(node), indexed, "\(name) \(node): asked twice")
                        for which in ["before", "after"] {
                            XCTAssertEqual(sheet.pseudoDeclared(node, which), sheet.pseudoDeclaredScanningEveryRule(node, which),
                                           "\(name) \(node)::\(which)")
                        }
                        elements += 1
                        declarations += indexed.count
                    }
                }
            }
        }
        XCTAssertGreaterThan(elements, 1000)
        XCTAssertGreaterThan(declarations, 1000)
    }

    private func declared(_ css: String, _ body: String) throws -> (HTMLDocument, BoxStyleSheet) {
        let document = try HTMLDocument.parse("<html><head><style>\(css)</style></head><body>\(body)</body></html>")
        return (document, BoxStyleSheet(document: document, viewport: ContentViewport(width: 390, height: 844)))
    }

    private func element(_ document: HTMLDocument, _ selector: String) throws -> HTMLNode {
        try XCTUnwrap(try document.querySelector(selector))
    }

    func testRulesByIdClassTagAndAnyMatchInSpecificityAndDocumentOrder() throws {
        let css = """
        * { color: gray; } div { color: blue; width: 1px } .card { color: green; width: 2px } #hero { color: red }
        .card.wide { width: 3px } div.card { height: 4px } .card { height: 5px !important } span { color: black }
        """
        let (doc, sheet) = try declared(css, #"<div id="hero" class="card  wide card">x</div><div class="card">y</div><p>z</p>"#)
        let hero = try element(doc, "#hero")
        XCTAssertEqual(sheet.declared(hero)["color"], "red")
        XCTAssertEqual(sheet.declared(hero)["width"], "3px")
        XCTAssertEqual(sheet.declared(hero)["height"], "5px")
        let plain = try element(doc, "div:not(#hero)")
        XCTAssertEqual(sheet.declared(plain)["color"], "green")
        XCTAssertEqual(sheet.declared(plain)["width"], "2px")
        XCTAssertEqual(sheet.declared(try element(doc, "p"))["color"], "gray")
        XCTAssertEqual(sheet.declared(try element(doc, "p"))["width"], nil)
    }

    func testDescendantAndChildStepsBacktrackLikeTheSelectorEngine() throws {
        let css = """
        .a > .b .c { width: 1px } .x .y > .z { height: 2px } section p { color: red } body > div > span { color: blue }
        .missing .c { left: 3px } article .c { top: 4px }
        """
        let body = #"<div class="a"><div class="b"><div class="x2"><div class="b"><span class="c">1</span></div></div></div></div>"#
            + #"<div class="x"><div class="y"><div class="y"><i class="z">2</i></div></div></div>"#
            + #"<section><div><p>3</p></div></section><div><span id="s">4</span></div>"#
        let (doc, sheet) = try declared(css, body)
        for (selector, property, value) in [(".c", "width", "1px"), (".z", "height", "2px"), ("p", "color", "red"),
                                            ("#s", "color", "blue"), (".c", "left", nil), (".c", "top", nil)] as [(String, String, String?)] {
            XCTAssertEqual(sheet.declared(try element(doc, selector))[property], value, "\(selector) \(property)")
        }
        // Every element agrees with the general engine.
        for node in doc.allElements { XCTAssertEqual(sheet.declared(node), sheet.declaredScanningEveryRule(node), "\(node)") }
    }

    func testSelectorsWithAttributesAndPseudoClassesStillMatch() throws {
        let css = """
        input[type="checkbox"] { width: 20px } li:first-child { color: red } li:not(.skip) { height: 9px }
        ul > li + li { margin-top: 4px } :is(#m) { left: 1px } .q::before { content: "»"; color: green }
        """
        let (doc, sheet) = try declared(css, #"<input type="checkbox"><ul><li class="q">a</li><li class="skip" id="m">b</li></ul>"#)
        XCTAssertEqual(sheet.declared(try element(doc, "input"))["width"], "20px")
        let first = try element(doc, "li"), second = try element(doc, "#m")
        XCTAssertEqual(sheet.declared(first)["color"], "red")
        XCTAssertEqual(sheet.declared(first)["height"], "9px")
        XCTAssertEqual(sheet.declared(second)["height"], nil)
        XCTAssertEqual(sheet.declared(second)["margin-top"], "4px")
        XCTAssertEqual(sheet.declared(second)["left"], "1px")
        XCTAssertEqual(sheet.pseudoDeclared(first, "before")?["color"], "green")
        XCTAssertNil(sheet.pseudoDeclared(second, "before"))
    }

    func testVarAndEnvAreReplacedWithNestedParenthesesAndFallbacks() {
        let custom = ["--gap": "12px", "--pad": "calc(var(--gap) * 2)"]
        XCTAssertEqual(BoxStyleSheet.substitute("var(--pad) 1px", custom), "calc(12px * 2) 1px")
        XCTAssertEqual(BoxStyleSheet.substitute("var(--missing, rgba(0, 0, 0, .5))", custom), "rgba(0, 0, 0, .5)")
        XCTAssertEqual(BoxStyleSheet.substitute("var(--missing)", custom), "")
        XCTAssertEqual(BoxStyleSheet.substitute("var(--open", custom), "var(--open", "an unclosed call is left as it is")
        XCTAssertEqual(BoxStyleSheet.environment("calc(10px + env(safe-area-inset-bottom))"), "calc(10px + 0px)")
        XCTAssertEqual(BoxStyleSheet.environment("env(safe-area-inset-top, max(4px, 1vh)) auto"), "max(4px, 1vh) auto")
        XCTAssertEqual(BoxStyleSheet.environment("env(a) env(b, 3px)"), "0px 3px")
    }

    func testInlineStyleAndImportantKeepTheirPlaces() throws {
        let css = "#a { color: red !important; width: 1px; background: #fff } div { width: 2px !important }"
        let (doc, sheet) = try declared(css, #"<div id="a" style="color: blue; width: 3px; background-color: #000">x</div>"#)
        let d = sheet.declared(try element(doc, "#a"))
        XCTAssertEqual(d["color"], "red")
        XCTAssertEqual(d["width"], "2px")
        XCTAssertEqual(d["background-color"], "#000")
    }

    func testOneTreeVersionSharesItsAnswersBetweenTheLayoutAndTheVisibilityChecks() throws {
        let html = #"<html><head><style>.x { display: none } .y { width: 5px }</style><link rel="stylesheet" href="a.css"></head>"#
            + #"<body><div class="x">a</div><div class="y">b</div></body></html>"#
        let document = try HTMLDocument.parse(html)
        let phone = ContentViewport(width: 390, height: 844)
        let layout = BoxStyleSheet(document: document, viewport: phone, linked: { _ in ".y { height: 1px }" })
        let hits = HitStyleSheet(document: document, viewport: phone, linked: { _ in ".y { height: 1px }" })
        XCTAssertTrue(layout.index === hits.cascade.index, "the same kept answers")
        let y = try element(document, ".y")
        XCTAssertEqual(layout.declared(y)["height"], "1px")
        XCTAssertEqual(hits.style(of: try element(document, ".x")).display, "none")
        // Another viewport, another linked sheet or another tree version: other answers.
        XCTAssertFalse(BoxStyleSheet(document: document, viewport: ContentViewport(width: 800, height: 600),
                                     linked: { _ in ".y { height: 1px }" }).index === layout.index)
        let changed = BoxStyleSheet(document: document, viewport: phone, linked: { _ in ".y { height: 2px }" })
        XCTAssertFalse(changed.index === layout.index)
        XCTAssertEqual(changed.declared(y)["height"], "2px")
        let again = try HTMLDocument.parse(html)
        XCTAssertFalse(BoxStyleSheet(document: again, viewport: phone, linked: { _ in ".y { height: 1px }" }).index === layout.index)
    }

    func testAnElementStyleIsKeptOnlyForTheSameParentStyle() throws {
        let (doc, sheet) = try declared("p { font-size: 2em }", "<p>x</p>")
        let p = try element(doc, "p")
        var parent = BoxStyle()
        XCTAssertEqual(sheet.style(of: p, parent: parent).fontSize, 32)
        parent.fontSize = 10
        XCTAssertEqual(sheet.style(of: p, parent: parent).fontSize, 20)
        XCTAssertEqual(sheet.style(of: p, parent: nil).fontSize, 32)
    }
}
