// Text measured as WebKitGTK on Debian measures it: with the advance widths of the free fonts fontconfig gives for
// the families a page names (FontTables.swift, generated from the fonts by Benchmarks/browser/font-metrics.py).
// No kerning or ligatures; characters outside Latin-1 get an average advance (a full em for CJK and emoji).
import Foundation

/// The font families the tables cover, as fontconfig on Debian resolves CSS family names.
enum FontFamily: Hashable, Sendable {
    /// DejaVu Sans: `sans-serif`, `system-ui`, the default family when no name of a list is known (web fonts never
    /// load; WebKit skips names fontconfig only substitutes, such as `-apple-system`).
    case sans
    /// Nimbus Sans (Helvetica's metrics): `helvetica`, `arial`, `helvetica neue`.
    case helvetica
    /// DejaVu Sans Mono: `monospace`, `courier`, `menlo`, `consolas`…
    case mono
    /// DejaVu Serif: `serif`, `times`, `georgia`.
    case serif

    /// The first family of a `font-family` list the tables can stand for (unknown names are skipped, as a browser
    /// skips fonts it cannot load); `sans` when none is known.
    static func resolve(_ list: String) -> FontFamily {
        for raw in list.split(separator: ",") {
            let name = raw.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            switch name {
            case "sans-serif", "system-ui", "dejavu sans", "ui-sans-serif":
                return .sans
            case "helvetica", "arial", "helvetica neue", "nimbus sans", "liberation sans", "arimo":
                return .helvetica
            case "monospace", "courier", "courier new", "menlo", "consolas", "monaco", "ui-monospace", "sfmono-regular":
                return .mono
            case "serif", "times", "times new roman", "georgia":
                return .serif
            default:
                continue
            }
        }
        return .sans
    }
}

/// One face: a family, regular or bold.
struct FontFace: Hashable, Sendable {
    let family: FontFamily
    let bold: Bool
}

/// A face's measurements in thousandths of an em.
struct FontTable: Sendable {
    let ascent: Int, descent: Int, lineGap: Int
    /// U+0020–U+007E, then U+00A0–U+00FF.
    let widths: [Int]

    func advance(_ scalar: Unicode.Scalar) -> Double {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return Double(widths[Int(v - 0x20)]) }
        if v >= 0xA0 && v <= 0xFF { return Double(widths[Int(v - 0xA0) + 95]) }
        if v == 0x09 || v == 0x0A || v == 0x0D { return Double(widths[0]) }
        if (v >= 0x2E80 && v <= 0x9FFF) || (v >= 0xAC00 && v <= 0xD7AF) || (v >= 0xF900 && v <= 0xFAFF)
            || (v >= 0xFF00 && v <= 0xFFEF) || v >= 0x1F000 { return 1000 }
        if v == 0x200B || v == 0xFEFF || (v >= 0x0300 && v <= 0x036F) { return 0 }
        return Double(widths[Int(0x6E - 0x20)])   // the advance of "n"
    }
}

/// Widths and line heights of text in a face at a size, in CSS pixels.
enum FontMetrics {
    static func table(_ face: FontFace) -> FontTable {
        tables[face] ?? tables[FontFace(family: .sans, bold: face.bold)]!
    }

    /// The advance of `text` on one line (no white-space processing), `letterSpacing` after every character.
    static func width<S: StringProtocol>(_ text: S, face: FontFace, size: Double, letterSpacing: Double = 0) -> Double {
        let t = table(face)
        var units = 0.0, count = 0
        for scalar in text.unicodeScalars { units += t.advance(scalar); count += 1 }
        return units * size / 1000 + letterSpacing * Double(count)
    }

    /// The advance of one space.
    static func spaceWidth(face: FontFace, size: Double) -> Double { Double(table(face).widths[0]) * size / 1000 }

    /// `line-height: normal`: the face's ascent and descent, each rounded to whole pixels as WebKit rounds them,
    /// plus its line gap.
    static func normalLineHeight(face: FontFace, size: Double) -> Double {
        let t = table(face)
        return (Double(t.ascent) * size / 1000).rounded() + (Double(t.descent) * size / 1000).rounded()
            + (Double(t.lineGap) * size / 1000).rounded()
    }

    /// The distance from a line box's top to the baseline of text with `lineHeight`, half-leading included.
    static func baseline(face: FontFace, size: Double, lineHeight: Double) -> Double {
        let t = table(face)
        let ascent = (Double(t.ascent) * size / 1000).rounded(), descent = (Double(t.descent) * size / 1000).rounded()
        return ((lineHeight - ascent - descent) / 2).rounded(.down) + ascent
    }
}
