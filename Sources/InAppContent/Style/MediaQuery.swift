// Media queries against the simulated screen: one evaluator for `matchMedia` and for the `@media` rules and `media`
// attributes of the page's style sheets (taps' visibility checks, layout), so a script and the style agree.

enum MediaQuery {
    /// Whether `query` (a comma-separated media query list) matches `viewport`. Features: prefers-color-scheme,
    /// orientation, (min-/max-)width and height in px or em, (min-/max-)device-pixel-ratio and resolution, and the
    /// values a phone answers for prefers-reduced-motion and prefers-contrast (no-preference), hover and any-hover
    /// (none), pointer and any-pointer (coarse), display-mode (browser) and color; an unknown feature or a print or
    /// speech media type does not match.
    static func matches(_ query: String, _ viewport: ContentViewport) -> Bool {
        TextBytes.lowercased(query).split(separator: ",", omittingEmptySubsequences: false).contains { one(Substring($0), viewport) }
    }

    private static func one(_ text: Substring, _ v: ContentViewport) -> Bool {
        var part = Substring(TextBytes.trimmed(text))
        var negate = false
        if part.hasPrefix("not ") { negate = true; part = part.dropFirst(4) }
        if part.hasPrefix("only"), part.dropFirst(4).first?.isWhitespace == true { part = part.dropFirst(4).drop { $0.isWhitespace } }
        var ok = true
        for condition in conditions(part) {
            let c = TextBytes.trimmed(condition)
            if c.isEmpty || c == "all" || c == "screen" { continue }
            if c == "print" || c == "speech" { ok = false; continue }
            guard let (feature, value) = feature(c) else { ok = false; continue }
            ok = ok && matches(feature, value, v)
        }
        return negate ? !ok : ok
    }

    /// The conditions of one query: split at `and` with white space on both sides.
    private static func conditions(_ s: Substring) -> [Substring] {
        var parts: [Substring] = []
        var start = s.startIndex
        var i = s.startIndex
        while i < s.endIndex {
            if s[i].isWhitespace {
                var j = i
                while j < s.endIndex, s[j].isWhitespace { j = s.index(after: j) }
                if s[j...].hasPrefix("and"), let after = s.index(j, offsetBy: 3, limitedBy: s.endIndex), after < s.endIndex, s[after].isWhitespace {
                    parts.append(s[start..<i])
                    var k = after
                    while k < s.endIndex, s[k].isWhitespace { k = s.index(after: k) }
                    start = k
                    i = k
                    continue
                }
                i = j
                continue
            }
            i = s.index(after: i)
        }
        parts.append(s[start...])
        return parts
    }

    /// `(name)` or `(name: value)`.
    private static func feature(_ c: String) -> (String, String?)? {
        guard c.hasPrefix("("), c.hasSuffix(")") else { return nil }
        let inner = TextBytes.trimmed(c.dropFirst().dropLast())
        guard let colon = inner.firstIndex(of: ":") else {
            return inner.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }) && !inner.isEmpty ? (inner, nil) : nil
        }
        let name = TextBytes.trimmed(inner[..<colon])
        let value = TextBytes.trimmed(inner[inner.index(after: colon)...])
        guard !name.isEmpty, name.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }), !value.isEmpty, !value.contains(")") else { return nil }
        return (name, value)
    }

    /// The leading number of `s` (as parseFloat reads it), in px (1em = 16px).
    private static func length(_ s: String?) -> Double {
        guard let s else { return .nan }
        let n = leadingNumber(s)
        return s.hasSuffix("em") ? n * 16 : n
    }

    private static func leadingNumber(_ s: String) -> Double {
        let b = Array(s.utf8)
        func digits(from start: Int) -> Int { var j = start; while j < b.count, (0x30...0x39).contains(b[j]) { j += 1 }; return j }
        var i = 0
        if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
        var end = digits(from: i)
        var count = end - i
        if end < b.count, b[end] == 0x2E {
            let fraction = digits(from: end + 1)
            count += fraction - end - 1
            if count > 0 { end = fraction }
        }
        guard count > 0 else { return .nan }
        if end < b.count, b[end] == 0x65 || b[end] == 0x45 {
            var j = end + 1
            if j < b.count, b[j] == 0x2B || b[j] == 0x2D { j += 1 }
            let e = digits(from: j)
            if e > j { end = e }
        }
        return Double(String(decoding: b[0..<end], as: UTF8.self)) ?? .nan
    }

    private static func matches(_ feature: String, _ value: String?, _ v: ContentViewport) -> Bool {
        switch feature {
        case "prefers-color-scheme": return value == (v.darkMode ? "dark" : "light")
        case "orientation": return value == (v.width > v.height ? "landscape" : "portrait")
        case "min-width": return v.width >= length(value)
        case "max-width": return v.width <= length(value)
        case "width": return v.width == length(value)
        case "min-height": return v.height >= length(value)
        case "max-height": return v.height <= length(value)
        case "min-device-pixel-ratio", "-webkit-min-device-pixel-ratio", "min-resolution": return v.scale >= leadingNumber(value ?? "")
        case "max-device-pixel-ratio", "-webkit-max-device-pixel-ratio", "max-resolution": return v.scale <= leadingNumber(value ?? "")
        case "prefers-reduced-motion", "prefers-contrast": return value == "no-preference"
        case "hover", "any-hover": return value == "none"
        case "pointer", "any-pointer": return value == "coarse"
        case "display-mode": return value == "browser"
        case "color": return true
        default: return false
        }
    }
}
