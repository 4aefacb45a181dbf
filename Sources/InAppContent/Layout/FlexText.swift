/// Text directly inside a flex container (CSS Flexbox §4): each contiguous run of text is wrapped in an anonymous
/// block that is a flex item of its own; a run of white space only is dropped. The anonymous block has the
/// container's font, line height and `text-align`, and breaks its text into lines at its used width.
extension ApproximateLayout {
    /// `text` broken into lines at most `width` wide (greedily, at white space; a word wider than `width` gets a line
    /// of its own). Each line's text has its white space collapsed.
    func anonymousTextLines(_ text: String, _ s: BoxStyle, width: Double) -> [(text: String, width: Double)] {
        let space = FontMetrics.spaceWidth(face: s.face, size: s.fontSize) + s.letterSpacing
        var lines: [(text: String, width: Double)] = []
        var current: [Substring] = [], used = 0.0
        for word in ApproximateLayout.words(text) {
            let w = wordWidth(word, s)
            // A hundredth of a pixel of slack: the item's width is the same sum, added in another order.
            if !current.isEmpty && used + space + w > width + 0.01 {
                lines.append((current.joined(separator: " "), used))
                current = []; used = 0
            }
            used += (current.isEmpty ? 0 : space) + w
            current.append(word)
        }
        if !current.isEmpty { lines.append((current.joined(separator: " "), used)) }
        return lines
    }

    /// The anonymous item's border-box height at `width`: its lines at the container's line height.
    func anonymousTextHeight(_ text: String, _ s: BoxStyle, width: Double) -> Double {
        Double(max(1, anonymousTextLines(text, s, width: width).count)) * s.lineHeightPx
    }

    /// Adds the anonymous item's lines to the container's text, the item's box at (x, y) and `width` wide.
    func placeAnonymousText(_ text: String, _ s: BoxStyle, container: Int32, x: Double, y: Double, width: Double) {
        guard fragments[container] != nil else { return }
        for (k, line) in anonymousTextLines(text, s, width: width).enumerated() {
            let free = max(0, width - line.width)
            let shift = s.textAlign == "center" ? free / 2 : (s.textAlign == "right" || s.textAlign == "end") ? free : 0
            let rect = LayoutRect(x: x + shift, y: y + Double(k) * s.lineHeightPx, width: line.width, height: s.lineHeightPx)
            fragments[container]?.list.append(TextFragment(rect: rect, text: line.text, element: container))
        }
    }
}
