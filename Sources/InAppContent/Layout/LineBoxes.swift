// The vertical side of a line box, as CSS 2.1 (§10.8) and WebKit place it: every piece of a line (the strut of its
// block, text in its element's font and line height, inline-blocks and replaced elements) sits on a common baseline,
// moved by `vertical-align`; the line box reaches from the highest top to the lowest bottom, and `top`/`bottom`
// aligned boxes are placed against it afterwards. Font ascents and descents are rounded to whole pixels and the
// half-leading rounded down, as WebKit does.
import Foundation

/// A font's vertical metrics at a size, in whole pixels as WebKit rounds them.
struct InlineFontMetrics: Equatable {
    let ascent: Double, descent: Double, lineHeight: Double, xHeight: Double, fontSize: Double

    init(_ s: BoxStyle) {
        let t = FontMetrics.table(s.face)
        ascent = (Double(t.ascent) * s.fontSize / 1000).rounded()
        descent = (Double(t.descent) * s.fontSize / 1000).rounded()
        lineHeight = s.lineHeightPx
        fontSize = s.fontSize
        xHeight = InlineFontMetrics.xHeightRatio(s.family) * s.fontSize
    }

    /// Half the leading above the text (rounded down; the rest goes below).
    var halfLeading: Double { ((lineHeight - ascent - descent) / 2).rounded(.down) }
    /// The inline box (its line height) around the baseline: top (negative, above) and bottom.
    var inlineBox: (top: Double, bottom: Double) { (-(ascent + halfLeading), lineHeight - ascent - halfLeading) }

    /// The x-height of the families the tables stand for, in ems (DejaVu's and Nimbus Sans's own).
    static func xHeightRatio(_ f: FontFamily) -> Double {
        switch f {
        case .helvetica: return 0.523
        case .serif: return 0.519
        case .sans, .mono: return 0.545
        }
    }
}

/// `vertical-align`, resolved against the element's line height.
enum VerticalAlign: Equatable {
    case baseline, middle, textTop, textBottom, top, bottom, sub, superscript
    /// Raised by this many pixels (a length or a percentage of the line height).
    case raise(Double)

    init(_ value: String, em: Double, lineHeight: Double) {
        switch value {
        case "baseline": self = .baseline
        case "middle": self = .middle
        case "text-top": self = .textTop
        case "text-bottom": self = .textBottom
        case "top": self = .top
        case "bottom": self = .bottom
        case "sub": self = .sub
        case "super": self = .superscript
        default:
            let t = value.trimmingCharacters(in: .whitespaces)
            if t.hasSuffix("%"), let p = Double(t.dropLast()) { self = .raise(p * lineHeight / 100); return }
            if t.hasSuffix("em"), !t.hasSuffix("rem"), let v = Double(t.dropLast(2)) { self = .raise(v * em); return }
            if t.hasSuffix("px"), let v = Double(t.dropLast(2)) { self = .raise(v); return }
            if let v = Double(t), v == 0 { self = .baseline; return }
            self = .baseline
        }
    }

    /// How far (down, in pixels) a box whose extent around its own baseline is `top`…`bottom` has its baseline below
    /// its parent's baseline, in a parent with font metrics `parent`. Nil for `top` and `bottom` (placed against the
    /// line box itself).
    func shift(top: Double, bottom: Double, parent: InlineFontMetrics) -> Double? {
        switch self {
        case .baseline: return 0
        case .sub: return (parent.fontSize / 5 + 1).rounded(.down)
        case .superscript: return -(parent.fontSize / 3 + 1).rounded(.down)
        case .raise(let v): return -v
        case .textTop: return -parent.ascent - top
        case .textBottom: return parent.descent - bottom
        case .middle: return -parent.xHeight / 2 - (top + bottom) / 2
        case .top, .bottom: return nil
        }
    }
}

/// One line's pieces, aligned.
struct LineBoxAligner {
    /// A piece of the line: its extent around its own baseline (top negative), how its baseline is moved below the
    /// block's baseline (nil: `top`/`bottom`), and for `top`/`bottom` which one.
    struct Item { var top: Double; var bottom: Double; var shift: Double?; var alignBottom = false }

    /// The line box's height and the baseline's distance from its top; then each item's baseline from the line's top.
    static func align(_ items: [Item]) -> (height: Double, baseline: Double, baselines: [Double]) {
        var minTop = 0.0, maxBottom = 0.0, first = true
        for item in items {
            guard let s = item.shift else { continue }
            if first { minTop = s + item.top; maxBottom = s + item.bottom; first = false; continue }
            minTop = min(minTop, s + item.top); maxBottom = max(maxBottom, s + item.bottom)
        }
        var height = max(0, maxBottom - minTop)
        for item in items where item.shift == nil { height = max(height, item.bottom - item.top) }
        let baseline = -minTop
        let baselines = items.map { item -> Double in
            guard let s = item.shift else { return item.alignBottom ? height - item.bottom : -item.top }
            return baseline + s
        }
        return (height, baseline, baselines)
    }
}
