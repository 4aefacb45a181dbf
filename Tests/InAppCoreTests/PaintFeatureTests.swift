import Foundation
import Testing
import InAppRendering

/// What the picture draws for the CSS WebKit paints: each side's border colour and style, gradients, corner radii,
/// shadows, outlines, text decorations and spacing, opacity groups, `object-fit`, whole-pixel boxes.
@Suite struct PaintFeatureTests {
    /// The page laid out at 390 × 844 and its paint list.
    func paint(_ body: String, style: String = "") -> (list: PaintList, svg: String) {
        let page = ContentPage()
        page.viewport = ContentViewport(width: 390, height: 844)
        page.loadHTMLString("<style>body { margin: 0 } \(style)</style>" + body, baseURL: nil)
        let list = page.paintList()
        return (list, list.svg())
    }

    func boxes(_ list: PaintList) -> [BoxPaint] {
        list.items.compactMap { if case .box(let box, _) = $0 { return box } else { return nil } }
    }

    func texts(_ list: PaintList) -> [TextPaint] {
        list.items.compactMap { if case .text(let run, _) = $0 { return run } else { return nil } }
    }

    @Test func aBorderOnOneSideKeepsItsOwnColour() throws {
        let (list, svg) = paint(#"<div style="color: #333; border-bottom: 1px solid #eee; height: 20px">Row</div>"#)
        let box = try #require(boxes(list).first)
        #expect(box.border == [0, 0, 1, 0])
        #expect(box.borderColors[2] == PaintColor(red: 0xEE, green: 0xEE, blue: 0xEE))
        #expect(svg.contains(##"fill="#EEEEEE""##), "the bottom strip in its colour")
        #expect(!svg.contains(##"fill="#333333"/>"##), "no border in the text colour")
    }

    @Test func sidesOfDifferentColoursMeetAtMitredCorners() throws {
        let (list, svg) = paint(#"<div style="border: 4px solid red; border-left-color: blue; border-top-style: dotted; height: 20px"></div>"#)
        let box = try #require(boxes(list).first)
        #expect(box.borderColors == [PaintColor(red: 255, green: 0, blue: 0), PaintColor(red: 255, green: 0, blue: 0),
                                     PaintColor(red: 255, green: 0, blue: 0), PaintColor(red: 0, green: 0, blue: 255)])
        #expect(box.borderStyles == [.dotted, .solid, .solid, .solid])
        #expect(svg.contains(##"fill="#0000FF""##), "the left side in blue")
        #expect(svg.contains("stroke-dasharray"), "the top side dotted")
    }

    @Test func aDashedBorderIsDashed() throws {
        let (list, svg) = paint(#"<div style="border: 2px dashed #5b2bd6; border-radius: 12px; height: 40px"></div>"#)
        #expect(boxes(list).first?.borderStyles == [.dashed, .dashed, .dashed, .dashed])
        #expect(svg.contains(##"stroke="#5B2BD6" stroke-width="2" stroke-dasharray="6 6""##))
    }

    @Test func gradientsArePaintedAsGradients() throws {
        let (list, svg) = paint("""
            <div id=a style="height: 100px; background: linear-gradient(90deg, red, blue 80%)"></div>
            <div id=b style="height: 100px; background-image: repeating-linear-gradient(45deg, #fff 0 10px, #000 10px 20px)"></div>
            <div id=c style="height: 100px; background: radial-gradient(circle at top left, rgba(255, 0, 0, .5), transparent)"></div>
            """)
        let layers = boxes(list).map(\.gradients)
        #expect(layers.count == 3)
        let linear = try #require(layers.first?.first)
        #expect(linear.shape == .linear(angle: 90))
        #expect(linear.stops.map(\.offset) == [0, 0.8])
        #expect(linear.stops.map(\.color.hex) == ["#FF0000", "#0000FF"])
        #expect(layers[1].first?.repeating == true)
        #expect(layers[1].first?.stops.count == 4, "two positions make two stops")
        guard case .radial(let cx, let cy, let rx, let ry)? = layers[2].first?.shape else { Issue.record("not radial"); return }
        #expect(cx == 0 && cy == 200, "at the box's top left")
        #expect(abs(rx - (390.0 * 390 + 100 * 100).squareRoot()) < 0.01 && rx == ry, "a circle to the farthest corner")
        // In the SVG: a horizontal line across the box, a repeating pattern, a radial gradient with a translucent stop.
        #expect(svg.contains(#"<linearGradient id="g1" gradientUnits="userSpaceOnUse" x1="0" y1="50" x2="390" y2="50">"#))
        #expect(svg.contains(#"spreadMethod="repeat""#))
        #expect(svg.contains("<radialGradient"))
        #expect(svg.contains(##"stop-color="#FF0000" stop-opacity="0.50""##))
        #expect(svg.contains(##"fill="url(#g"##))
    }

    @Test func eachCornerHasItsOwnRadius() throws {
        let (list, svg) = paint(#"<div style="height: 100px; background: #fff; border-radius: 20px 20px 0 0"></div>"#)
        #expect(boxes(list).first?.radii == [20, 20, 0, 0])
        #expect(svg.contains("<path d=\"M20 0 H370 A20 20 0 0 1 390 20 V100 L390 100 H0 L0 100 V20 A20 20 0 0 1 20 0 Z\" fill=\"#FFFFFF\"/>"))
    }

    @Test func roundedOverflowClipsItsContentToTheCorners() throws {
        let (list, svg) = paint(#"<div style="margin: 10px; border-radius: 16px; overflow: hidden"><div style="height: 60px; background: red"></div></div>"#)
        #expect(list.clipRadii.values.first == [16, 16, 16, 16], "the red band is cut to the card's corners")
        #expect(svg.contains("<clipPath id=\"c1\"><path d=\"M26 10 H"))
    }

    @Test func everyShadowIsDrawnOuterAndInset() throws {
        let (list, svg) = paint(#"<div style="height: 50px; background: #fff; box-shadow: 0 2px 4px rgba(0,0,0,.2), inset 0 0 0 2px #f00"></div>"#)
        let shadows = try #require(boxes(list).first?.shadows)
        #expect(shadows.count == 2)
        #expect(shadows.map(\.inset) == [false, true])
        #expect(shadows[1].spread == 2)
        #expect(svg.contains(#"fill-rule="evenodd""#), "the inset shadow is a ring inside the box")
    }

    @Test func anOutlineIsDrawnOutsideTheBorder() throws {
        let (list, svg) = paint(#"<div style="margin: 10px; height: 20px; outline: 2px solid #0a7cff; outline-offset: 1px"></div>"#)
        let outline = try #require(boxes(list).first?.outline)
        #expect(outline.width == 2 && outline.offset == 1 && outline.style == .solid)
        #expect(svg.contains(##"<rect x="8" y="8" width="374" height="24" fill="none" stroke="#0A7CFF" stroke-width="2"/>"##))
        let none = paint(#"<div style="height: 20px; outline: 0 none"></div>"#)
        #expect(boxes(none.list).isEmpty, "outline: none draws nothing")
    }

    @Test func textCarriesItsDecorationsAndSpacing() throws {
        let (list, svg) = paint(#"<p style="font-size: 14px"><a style="text-decoration: underline; letter-spacing: 2px">No thanks</a></p>"#)
        let run = try #require(texts(list).first)
        #expect(run.decorations == ["underline"])
        #expect(run.letterSpacing == 2)
        #expect(run.positions.count == "No thanks".count)
        #expect(zip(run.positions, run.positions.dropFirst()).allSatisfy { $1 > $0 }, "characters left to right")
        #expect(svg.contains("aria-label=\"No thanks\""))
        #expect(svg.contains("<tspan x=\"\(Int(run.positions[0]))\">N</tspan>"))
        #expect(svg.contains("<rect x=\"\(Int(run.rect.x))\" y=\"\(Int(run.baseline + 1))"), "the underline a pixel under the baseline")
    }

    @Test func aTranslucentElementFadesAsOnePicture() throws {
        let (list, svg) = paint(#"<button style="opacity: .45; background: #1a7f5a; color: #fff; border: 0">Text me deals</button>"#)
        #expect(list.items.count >= 2, "the button's face and its label")
        #expect(list.items.indices.allSatisfy { list.groups[$0] == list.groups[0] }, "all in the button's group")
        #expect(list.groups[0]?.map(\.opacity) == [0.45])
        #expect(list.items.allSatisfy { if case .box(_, let o) = $0 { return o == 1 }; if case .text(_, let o) = $0 { return o == 1 }; return true },
                "the items themselves are opaque: white text stays white over the button")
        #expect(svg.components(separatedBy: "<g opacity=\"0.45\">").count == 2, "one group for the button and its label")
    }

    @Test func anImageIsFittedToItsBox() throws {
        let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGP8z4AATEhsBgAZNQEDGy9LEgAAAABJRU5ErkJggg=="
        let (list, _) = paint("""
            <img id=cover src="\(png)" style="display: block; width: 100px; height: 100px; object-fit: cover">
            <img id=contain src="\(png)" style="display: block; width: 100px; height: 100px; object-fit: contain">
            """)
        let images = list.items.compactMap { if case .image(let rect, _, _) = $0 { return rect } else { return nil } }
        #expect(images.count == 2)
        #expect(images[0] == LayoutRect(x: -50, y: 0, width: 200, height: 100), "cover: the 2:1 image fills the height, centred")
        #expect(list.clips[0] == LayoutRect(x: 0, y: 0, width: 100, height: 100), "and is cut to the box")
        #expect(images[1] == LayoutRect(x: 0, y: 125, width: 100, height: 50), "contain: it fits the width, centred")
    }

    @Test func boxesLandOnWholePixelsExceptUnderATransform() throws {
        let (list, _) = paint("""
            <div style="position: absolute; left: 10.4px; top: 20.6px; width: 50.3px; height: 10px; background: red"></div>
            <div style="position: absolute; left: 10.4px; top: 100.5px; width: 50px; height: 10px; background: blue; transform: translateY(0.25px)"></div>
            """)
        let rects = boxes(list).map(\.rect)
        #expect(rects.first == LayoutRect(x: 10, y: 21, width: 51, height: 10))
        #expect(rects.last.map { $0.x == 10.4 } == true, "a transformed element is drawn where the transform puts it")
    }

    @Test func oddValuesDrawSomethingAndNeverCrash() throws {
        let odd = [
            "background: linear-gradient(", "background: radial-gradient()", "background: linear-gradient(to nowhere, red)",
            "background: repeating-linear-gradient(red 0, blue 0)", "background: radial-gradient(circle 1e308px, red, blue)",
            "background: linear-gradient(1e308deg, red -1e308%, blue 1e308%)", "border-radius: -5px 1e308px / 3px",
            "box-shadow: inset 1e308px 0 1e308px red, 0 0", "outline: 1e308px dotted", "letter-spacing: 1e308px",
            "border: 3px double; border-color: red green", "border-style: dashed dotted solid none; border-width: 0 1px 2px 3px",
        ]
        for style in odd {
            let (list, svg) = paint("<div style=\"height: 20px; \(style)\">Text</div>")
            #expect(list.items.count >= 1, "\(style)")
            #expect(svg.hasSuffix("</svg>\n"), "\(style)")
        }
    }

    @Test func linksAndUnstyledFieldsLookAsTheBrowserStylesThem() throws {
        let (list, _) = paint("""
            <a href="#">Claim</a> <a href="#" style="text-decoration: none">Later</a>
            <input placeholder="Promo code" style="display: block"><input style="display: block; border: 2px solid #333">
            """)
        #expect(texts(list).map(\.decorations) == [["underline"], [], []], "a link is underlined unless the page says not")
        let fields = boxes(list).filter { $0.background == PaintColor(red: 255, green: 255, blue: 255) }
        #expect(fields.count == 2)
        #expect(fields.first?.border == [1, 1, 1, 1] && fields.first?.borderColors.first == PaintColor(red: 205, green: 205, blue: 205),
                "WebKitGTK's entry: a 1 px light grey frame")
        #expect(fields.first?.radii == [5, 5, 5, 5])
        #expect(fields.last?.border == [2, 2, 2, 2] && fields.last?.borderColors.first == PaintColor(red: 0x33, green: 0x33, blue: 0x33),
                "the page's own border")
    }
}
