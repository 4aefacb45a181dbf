import Foundation
import InAppContent
import XCTest

/// A tap by selector or text lands where the page's layout shows the element, as a person's finger (or a browser
/// driver's click) does. Each page here was checked in WebKitGTK with `record-webkit.py --taps --click` (the
/// recorder's tap rule run in WebKit, and WebDriver's own element click), whose answers the comments give.
final class TapLandingTests: XCTestCase {
    private func page(_ body: String, style: String) throws -> ContentPage {
        try requireJavaScriptCore()
        let page = ContentPage()
        page.viewport = ContentViewport(width: 390, height: 844)
        page.loadHTMLString("""
            <!doctype html><html><head><meta name="viewport" content="width=device-width">
            <style>body { margin: 0 } \(style)</style></head><body>\(body)
            <script>
              window.taps = [];
              document.addEventListener('click', function (e) { taps.push(e.target.id || e.target.localName); });
            </script></body></html>
            """, baseURL: URL(string: "https://fixtures.openinapp.invalid/page.html"))
        return page
    }

    private func taps(_ page: ContentPage) -> String {
        guard case .success(.string(let s)) = page.evaluate("taps.join(' ')") else { return "?" }
        return s
    }

    private func refusal(_ body: () throws -> TapResult) -> String? {
        do { _ = try body(); return nil } catch InputError.unreachable(_, let reason) { return reason } catch { return "\(error)" }
    }

    /// A carousel whose slider library did not load stacks its slides in a `position: fixed` overlay that does not clip
    /// its overflow: the third slide's button lies below the screen, and nothing can scroll it up (WebKit: `covered`,
    /// WebDriver "element not interactable"). The first slide's button is tapped.
    func testAButtonBelowAFixedOverlayThatCannotScrollIsRefused() throws {
        let style = ".overlay { position: fixed; top: 0; left: 0; right: 0; bottom: 0 } .slide { height: 500px; margin: 10px }"
            + " button { display: block; width: 120px; height: 40px }"
        let page = try page("""
            <div class="overlay"><div class="slide"><button id="first">First</button></div><div class="slide">two</div>
            <div class="slide"><button id="next">Next</button></div></div>
            """, style: style)
        XCTAssertEqual(try page.tap(selector: "#first").element.id, "first")
        let reason = refusal { try page.tap(selector: "#next") }
        XCTAssertTrue(reason?.contains("is covered by") == true, reason ?? "tapped")
        XCTAssertEqual(taps(page), "first")
    }

    /// The same overlay clipping its overflow (`overflow: hidden`) is a scroll container: `scrollIntoView` scrolls
    /// it, and the button is tapped (WebKit: at (70, 422), the button centred in the overlay).
    func testAButtonInsideAClippingFixedOverlayIsScrolledIntoView() throws {
        let style = ".overlay { position: fixed; top: 0; left: 0; right: 0; bottom: 0; overflow: hidden } .slide { height: 500px; margin: 10px }"
            + " button { display: block; width: 120px; height: 40px }"
        let page = try page("""
            <div class="overlay"><div class="slide"><button id="first">First</button></div><div class="slide">two</div>
            <div class="slide"><button id="next">Next</button></div></div>
            """, style: style)
        XCTAssertEqual(try page.tap(selector: "#next").element.id, "next")
        XCTAssertEqual(taps(page), "next")
    }

    /// A button below the fold of a document that scrolls is scrolled into view and tapped (WebKit: at (195, 802)).
    func testAButtonBelowTheFoldOfAScrollingDocumentIsTapped() throws {
        let page = try page("<div style='height: 1400px'>Terms</div><button id=accept>Accept</button>",
                            style: "button { display: block; width: 200px; height: 44px; margin: 20px auto }")
        XCTAssertNotNil(page.layoutBox(of: try XCTUnwrap(page.document.element(id: "accept"))).map { $0.y > 844 })
        XCTAssertEqual(try page.tap(text: "Accept").element.id, "accept")
        XCTAssertEqual(taps(page), "accept")
    }

    /// Empty icon elements whose glyphs come from a web font that did not load have no width: a person cannot tap them
    /// (WebKit: `zero-size`, WebDriver "element not interactable").
    func testAnEmptyIconIsRefusedAsHavingNoSize() throws {
        let page = try page("<p class=stars><i class=star id=s1></i><i class=star id=s2></i></p>",
                            style: ".star { font-family: OfflineIcons }")
        let reason = refusal { try page.tap(selector: "#s1") }
        XCTAssertTrue(reason?.contains("has no size") == true, reason ?? "tapped")
        XCTAssertEqual(taps(page), "")
    }

    /// What a person sees decides first: a disabled button inside a transparent box is refused for the opacity (the
    /// recorder's `opacity-zero`, in WebKit too); a visible disabled button takes the tap and does nothing.
    func testADisabledButtonNobodyCanSeeIsRefusedAsTransparent() throws {
        let page = try page("<div style='opacity: 0'><button id=claim disabled>Claim</button></div><button id=off disabled>Off</button>",
                            style: "")
        let reason = refusal { try page.tap(selector: "#claim") }
        XCTAssertTrue(reason?.contains("opacity: 0") == true, reason ?? "tapped")
        let off = try page.tap(selector: "#off")
        XCTAssertEqual(off.actions, [.blocked(reason: "disabled")])
        XCTAssertEqual(taps(page), "")
    }

    /// A button whose centre a badge covers is tapped where it is on top (the first point of a 7 × 7 grid over its box,
    /// WebKit's answer: (54, 194)); the click goes to the element on top there and bubbles. Its label, wholly under
    /// the badge, is refused as covered (WebKit: `covered`, WebDriver "element click intercepted").
    func testATapLandsWhereTheElementIsOnTop() throws {
        let page = try page("""
            <button id=wide style="position: absolute; left: 40px; top: 190px; width: 200px; height: 50px"><span id=label>Go</span></button>
            <div id=badge style="position: absolute; left: 40px; top: 200px; width: 140px; height: 30px; background: red"></div>
            """, style: "")
        XCTAssertEqual(try page.tap(selector: "#wide").element.id, "wide")
        let reason = refusal { try page.tap(selector: "#label") }
        XCTAssertTrue(reason?.contains("is covered by <div id=\"badge\">") == true || reason?.contains("badge") == true, reason ?? "tapped")
        XCTAssertEqual(taps(page), "wide")
    }
}
