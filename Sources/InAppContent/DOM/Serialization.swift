// Writing a DOMTree out: the HTML Standard's fragment serialization (innerHTML / outerHTML) and the html5lib
// test format (one node a line, used by the conformance tests and handy for debugging). Both walk the tree
// with an explicit stack, so depth costs heap, not call stack.

extension DOMTree {
    // MARK: HTML

    /// The HTML serialization of `node`'s children (`innerHTML`); a template's contents for a `template`.
    public func innerHTML(_ node: DOMNodeID, scripting: Bool = false) -> String {
        var out: [UInt8] = []
        let r = nodes[Int(node.raw)]
        let container = r.kind == .element && r.aux >= 0 ? r.aux : node.raw
        var c = nodes[Int(container)].firstChild
        while c >= 0 {
            serialize(c, into: &out, scripting: scripting)
            c = nodes[Int(c)].next
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The HTML serialization of `node` itself and its subtree (`outerHTML`).
    public func outerHTML(_ node: DOMNodeID, scripting: Bool = false) -> String {
        var out: [UInt8] = []
        serialize(node.raw, into: &out, scripting: scripting)
        return String(decoding: out, as: UTF8.self)
    }

    private static let voidElements: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
        "meta", "param", "source", "track", "wbr",
    ]
    private static let rawTextParents: Set<String> = ["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"]

    private func serialize(_ root: Int32, into out: inout [UInt8], scripting: Bool) {
        // (node, entering) pairs: an element is visited on entry (start tag) and on exit (end tag).
        var stack: [(Int32, Bool)] = [(root, true)]
        while let (n, entering) = stack.popLast() {
            let r = nodes[Int(n)]
            switch r.kind {
            case .element:
                let name = names.strings[Int(r.name)]
                if !entering {
                    out.append(contentsOf: "</".utf8); out.append(contentsOf: name.utf8); out.append(0x3E)
                    continue
                }
                out.append(0x3C); out.append(contentsOf: name.utf8)
                if r.dataCount > 0 {
                    for a in Int(r.dataStart)..<Int(r.dataStart + r.dataCount) {
                        out.append(0x20)
                        out.append(contentsOf: names.strings[Int(attrs[a].name)].utf8)
                        out.append(contentsOf: "=\"".utf8)
                        escape(attrs[a].start, attrs[a].count, attribute: true, into: &out)
                        out.append(0x22)
                    }
                }
                out.append(0x3E)
                if r.ns == DOMNamespace.html.rawValue && DOMTree.voidElements.contains(name) { continue }
                stack.append((n, false))
                let container = r.aux >= 0 ? r.aux : n
                var kids: [Int32] = []
                var c = nodes[Int(container)].firstChild
                while c >= 0 { kids.append(c); c = nodes[Int(c)].next }
                for k in kids.reversed() { stack.append((k, true)) }
            case .text:
                let p = r.parent
                var raw = false
                if p >= 0, nodes[Int(p)].kind == .element, nodes[Int(p)].ns == DOMNamespace.html.rawValue {
                    let pn = names.strings[Int(nodes[Int(p)].name)]
                    raw = DOMTree.rawTextParents.contains(pn) || (scripting && pn == "noscript")
                }
                if raw {
                    out.append(contentsOf: text[Int(r.dataStart)..<Int(r.dataStart + r.dataCount)])
                } else {
                    escape(r.dataStart, r.dataCount, attribute: false, into: &out)
                }
            case .comment:
                out.append(contentsOf: "<!--".utf8)
                out.append(contentsOf: text[Int(r.dataStart)..<Int(r.dataStart + r.dataCount)])
                out.append(contentsOf: "-->".utf8)
            case .doctype:
                out.append(contentsOf: "<!DOCTYPE ".utf8)
                out.append(contentsOf: text[Int(r.dataStart)..<Int(r.dataStart + r.dataCount)])
                out.append(0x3E)
            case .document, .documentFragment:
                var kids: [Int32] = []
                var c = r.firstChild
                while c >= 0 { kids.append(c); c = nodes[Int(c)].next }
                for k in kids.reversed() { stack.append((k, true)) }
            }
        }
    }

    /// Escapes `&`, U+00A0 and `<` `>` (and `"` in attribute values), as the Standard's serializer does.
    private func escape(_ start: Int32, _ count: Int32, attribute: Bool, into out: inout [UInt8]) {
        var i = Int(start)
        let end = Int(start + count)
        while i < end {
            let c = text[i]
            switch c {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22 where attribute: out.append(contentsOf: "&quot;".utf8)
            case 0xC2 where i + 1 < end && text[i + 1] == 0xA0:
                out.append(contentsOf: "&nbsp;".utf8); i += 1
            default: out.append(c)
            }
            i += 1
        }
    }

    // MARK: html5lib test format

    /// The children of `node` in the html5lib tree-construction test format: one line per node, `| ` then two
    /// spaces per level; elements as `<name>` (`<svg name>` / `<math name>` for foreign ones), attributes sorted
    /// on the lines below, template contents under a `content` line.
    public func testFormat(childrenOf node: DOMNodeID) -> String {
        var lines: [String] = []
        enum Item { case node(Int32, Int), content(Int) }
        var stack: [Item] = []
        func pushChildren(of n: Int32, depth: Int) {
            var kids: [Int32] = []
            var c = nodes[Int(n)].firstChild
            while c >= 0 { kids.append(c); c = nodes[Int(c)].next }
            for k in kids.reversed() { stack.append(.node(k, depth)) }
        }
        pushChildren(of: node.raw, depth: 0)
        while let item = stack.popLast() {
            switch item {
            case let .content(depth):
                lines.append("| " + String(repeating: "  ", count: depth) + "content")
            case let .node(n, depth):
                let indent = "| " + String(repeating: "  ", count: depth)
                let r = nodes[Int(n)]
                switch r.kind {
                case .element:
                    let name = names.strings[Int(r.name)]
                    let prefix = r.ns == DOMNamespace.svg.rawValue ? "svg " : r.ns == DOMNamespace.mathml.rawValue ? "math " : ""
                    lines.append(indent + "<" + prefix + name + ">")
                    var attributeLines: [String] = []
                    if r.dataCount > 0 {
                        for a in Int(r.dataStart)..<Int(r.dataStart + r.dataCount) {
                            let at = domAttribute(attrs[a])
                            let shown = at.namespace.map { ns -> String in
                                let p = ns == .xlink ? "xlink" : ns == .xml ? "xml" : "xmlns"
                                return p + " " + at.localName
                            } ?? at.localName
                            attributeLines.append(shown + "=\"" + at.value + "\"")
                        }
                    }
                    let attrIndent = "| " + String(repeating: "  ", count: depth + 1)
                    for line in attributeLines.sorted(by: { Array($0.utf16).lexicographicallyPrecedes(Array($1.utf16)) }) {
                        lines.append(attrIndent + line)
                    }
                    // Pushed in reverse: the `content` line and the fragment's children come first.
                    pushChildren(of: n, depth: depth + 1)
                    if r.aux >= 0 {
                        pushChildren(of: r.aux, depth: depth + 2)
                        stack.append(.content(depth + 1))
                    }
                case .text:
                    lines.append(indent + "\"" + string(r.dataStart, r.dataCount) + "\"")
                case .comment:
                    lines.append(indent + "<!-- " + string(r.dataStart, r.dataCount) + " -->")
                case .doctype:
                    let d = doctype(DOMNodeID(raw: n))!
                    if d.publicId.isEmpty && d.systemId.isEmpty {
                        lines.append(indent + "<!DOCTYPE " + d.name + ">")
                    } else {
                        lines.append(indent + "<!DOCTYPE " + d.name + " \"" + d.publicId + "\" \"" + d.systemId + "\">")
                    }
                case .document, .documentFragment:
                    pushChildren(of: n, depth: depth + 1)
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
