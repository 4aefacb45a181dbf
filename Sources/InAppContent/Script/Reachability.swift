// Whether a person could tap an element: a small cascade over `display`, `visibility`, `pointer-events` and
// `opacity` from the page's `<style>` elements (rules whose selectors CSSSelector understands, @media blocks
// evaluated against the page's viewport) and inline `style`, plus the `hidden` attribute.
import Foundation

/// The four properties that decide whether an element can be seen and hit.
struct HitStyle: Equatable {
    var display: String?
    var visibility: String?
    var pointerEvents: String?
    var opacity: String?
}

/// The style rules of one document that concern hit testing, read from the box-style cascade (``BoxStyleSheet``): the
/// same kept per-element answers as the layout's, the painter's and getComputedStyle's for that tree version and
/// viewport (``CascadeIndex``).
struct HitStyleSheet {
    /// The four properties a tap's visibility check reads.
    static let properties: Set<String> = ["display", "visibility", "pointer-events", "opacity"]
    let cascade: BoxStyleSheet

    /// The rules of the document's `<style>` elements and of its `<link rel=stylesheet>` sheets that `linked` can
    /// give (the page's registered assets and readable files: nothing is fetched), in document order.
    init(document: HTMLDocument, viewport: ContentViewport, linked: (String) -> String? = { _ in nil }) {
        cascade = BoxStyleSheet(document: document, viewport: viewport, linked: linked)
    }

    /// Each selector of each rule of the document's `<style>` elements and of its `<link rel=stylesheet>` sheets
    /// that `linked` can give (the page's registered assets and readable files: nothing is fetched), in document
    /// order, outside `@media` blocks that do not apply, with the rule's declarations of `properties` (all when nil;
    /// a rule declaring none of them is skipped before its selectors are parsed). Each sheet's text is parsed once
    /// for a viewport and property set (``ParsedSheets``).
    static func rules(of document: HTMLDocument, viewport: ContentViewport, linked: (String) -> String?,
                      properties: Set<String>?) -> [ParsedSheets.Rule] {
        BoxStyleSheet.sheetTexts(of: document, viewport: viewport, linked: linked).flatMap {
            ParsedSheets.shared.rules($0, viewport: viewport, properties: properties)
        }
    }

    /// One sheet's rules, each selector of a selector list apart, in order.
    static func parseRules(_ css: String, viewport: ContentViewport, properties: Set<String>?) -> [ParsedSheets.Rule] {
        var rules: [ParsedSheets.Rule] = []
        HitStyleSheet.parse(css, viewport: viewport) { selectorText, text in
            let all = BoxStyleSheet.prioritized(text, keeping: properties)
            guard !all.isEmpty else { return }
            let declarations = all.filter { !$0.2 }.map { ($0.0, $0.1) }, important = all.filter(\.2).map { ($0.0, $0.1) }
            for part in selectorText.split(separator: ",") {
                var t = TextBytes.trimmed(part)
                let pseudo = BoxStyleSheet.pseudoElement(&t)
                guard let sel = try? CSSSelector(t) else { continue }
                rules.append(.init(selector: sel, specificity: HitStyleSheet.specificity(t), declarations: declarations, important: important,
                                   pseudo: pseudo))
            }
        }
        return rules
    }

    /// Calls `rule` for every `selector { declarations }` outside non-matching @media blocks.
    static func parse(_ css: String, viewport: ContentViewport, rule: (String, String) -> Void) {
        // On the sheet's bytes, comments removed first.
        var bytes: [UInt8] = []
        let source = Array(css.utf8)
        bytes.reserveCapacity(source.count)
        var k = 0
        while k < source.count {
            if source[k] == UInt8(ascii: "/"), k + 1 < source.count, source[k + 1] == UInt8(ascii: "*") {
                k += 2
                while k < source.count && !(source[k] == UInt8(ascii: "*") && k + 1 < source.count && source[k + 1] == UInt8(ascii: "/")) { k += 1 }
                k += 2
                continue
            }
            bytes.append(source[k])
            k += 1
        }
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var i = 0
        var preludeStart = 0
        var stack: [Bool] = []   // enclosing @media blocks: do they apply?
        while i < bytes.count {
            let c = bytes[i]
            if c == open {
                let head = TextBytes.trimmed(bytes, preludeStart..<i)
                if head.hasPrefix("@") {
                    let lower = head.lowercased()
                    let applies = lower.hasPrefix("@media") ? MediaQuery.matches(String(head.dropFirst(6)), viewport) : lower.hasPrefix("@supports")
                    stack.append(applies && !stack.contains(false))
                    i += 1
                    if !lower.hasPrefix("@media") && !lower.hasPrefix("@supports") {
                        // @keyframes, @font-face: skip the whole block.
                        var depth = 1
                        while i < bytes.count && depth > 0 {
                            if bytes[i] == open { depth += 1 } else if bytes[i] == close { depth -= 1 }
                            i += 1
                        }
                        stack.removeLast()
                    }
                    preludeStart = i
                    continue
                }
                guard let end = bytes[i...].firstIndex(of: close) else { return }
                if !stack.contains(false) { rule(head, String(decoding: bytes[(i + 1)..<end], as: UTF8.self)) }
                i = end + 1
                preludeStart = i
                continue
            }
            if c == close { if !stack.isEmpty { stack.removeLast() }; i += 1; preludeStart = i; continue }
            if c == UInt8(ascii: ";") {
                var j = preludeStart
                while j < i, TextBytes.isSpace(bytes[j]) { j += 1 }
                if j < i, bytes[j] == UInt8(ascii: "@") { i += 1; preludeStart = i; continue }
            }
            i += 1
        }
    }

    static func specificity(_ selector: String) -> Int {
        var ids = 0, classes = 0, types = 0
        var prevIsStart = true
        for ch in selector {
            switch ch {
            case "#": ids += 1; prevIsStart = false
            case ".", "[": classes += 1; prevIsStart = false
            case " ", ">", "+", "~": prevIsStart = true
            default:
                if prevIsStart && ch.isLetter { types += 1 }
                prevIsStart = false
            }
        }
        return ids * 10_000 + classes * 100 + types
    }

    /// The cascaded style of `node` (stylesheet rules by specificity and order, then its inline style).
    func style(of node: HTMLNode) -> HitStyle {
        let d = cascade.declared(node)
        return HitStyle(display: d["display"], visibility: d["visibility"], pointerEvents: d["pointer-events"], opacity: d["opacity"])
    }
}

/// The values `getComputedStyle` reports for the properties the cascade above resolves, as a browser computes them:
/// `display` (the element's own value, its default by tag otherwise, `none` when `hidden`), `visibility` and
/// `pointer-events` (inherited), `opacity` (own), and whether the element is rendered at all (no `display: none`
/// or `hidden` on it or an ancestor), which decides `offsetParent` and the sizes scripts read.
struct ComputedHitStyle {
    var display: String
    var visibility: String
    var pointerEvents: String
    var opacity: String
    var rendered: Bool

    private static let inlineByDefault: Set<String> = ["a", "span", "b", "i", "em", "strong", "small", "label", "img", "button",
        "input", "select", "textarea", "code", "sup", "sub", "abbr", "u", "s", "q", "cite", "mark", "time", "br", "svg", "font", "kbd", "var"]
    private static let noneByDefault: Set<String> = ["head", "script", "style", "template", "meta", "link", "title", "base", "noscript"]

    static func of(_ node: HTMLNode, sheet: HitStyleSheet) -> ComputedHitStyle {
        let chain = ([node] + node.ancestors.filter(\.isElement)).reversed()
        var visibility = "visible", pointerEvents = "auto", rendered = true
        var own = HitStyle()
        for element in chain {
            let s = sheet.style(of: element)
            if element.hasAttribute("hidden") && s.display == nil || s.display == "none" || Self.noneByDefault.contains(element.tagName) && s.display == nil {
                rendered = false
            }
            if let v = s.visibility, v != "inherit" { visibility = v }
            if let p = s.pointerEvents, p != "inherit" { pointerEvents = p }
            if element == node { own = s }
        }
        let tag = node.tagName
        let display = own.display.flatMap { $0 == "inherit" ? nil : $0 }
            ?? (node.hasAttribute("hidden") || Self.noneByDefault.contains(tag) ? "none"
                : tag == "li" ? "list-item" : tag == "table" ? "table" : Self.inlineByDefault.contains(tag) ? (tag == "button" || tag == "input" || tag == "select" || tag == "textarea" ? "inline-block" : "inline") : "block")
        return ComputedHitStyle(display: display, visibility: visibility, pointerEvents: pointerEvents,
                                opacity: own.opacity ?? "1", rendered: rendered)
    }
}

extension ContentPage {
    /// The text of a `<link rel=stylesheet href>` the page can read (a registered asset or a readable file).
    func linkedStyleSheet(_ href: String) -> String? {
        resolve(href: href).flatMap { subresource($0) }
    }

    /// Why a person could not tap `node` now (hidden attribute, `display: none`, `visibility: hidden`,
    /// `pointer-events: none`, `opacity: 0` on it or an ancestor, from inline style or the page's
    /// stylesheets), or nil when it is reachable. Disabled controls are reachable (the tap does nothing).
    public func hiddenReason(_ node: HTMLNode) -> String? {
        let sheet = hitStyleSheet(for: node.document)
        let chain = [node] + node.ancestors.filter(\.isElement)   // the element first, then its ancestors
        var styles: [HitStyle] = []
        styles.reserveCapacity(chain.count)
        // The nearest element that is not shown names the reason (the element's own state before its ancestors').
        for element in chain {
            if element.hasAttribute("hidden") { return "\(element.description) has the hidden attribute" }
            if element.tagName == "template" { return "\(element.description) is inert template content" }
            let s = sheet.style(of: element)
            if s.display == "none" { return "\(element.description) has display: none" }
            if let o = s.opacity, let v = Double(o.hasSuffix("%") ? String(o.dropLast()) : o), v == 0 { return "\(element.description) has opacity: 0" }
            styles.append(s)
        }
        // Inherited: the nearest declared value wins.
        let visibility = styles.lazy.compactMap { $0.visibility }.first { $0 != "inherit" } ?? "visible"
        if visibility == "hidden" || visibility == "collapse" { return "\(node.description) has visibility: \(visibility)" }
        let pointerEvents = styles.lazy.compactMap { $0.pointerEvents }.first { $0 != "inherit" } ?? "auto"
        if pointerEvents == "none" { return "\(node.description) has pointer-events: none" }
        return nil
    }
}
