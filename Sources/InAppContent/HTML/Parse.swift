// Entry points: a whole document into a new DOMTree, or a fragment (innerHTML) into an existing tree.
import Foundation

extension HTMLParser {
    /// Input preprocessing (§13.2.3.5): a leading UTF-8 byte order mark is dropped and CR / CRLF become LF.
    /// Calls `body` with the bytes to tokenize (the input itself when nothing changes).
    static func preprocessed<R>(_ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        guard var base = input.baseAddress, input.count > 0 else {
            let empty: [UInt8] = [0]
            return empty.withUnsafeBufferPointer { body($0.baseAddress!, 0) }
        }
        var n = input.count
        if n >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { base += 3; n -= 3 }
        guard n > 0, memchr(base, 0x0D, n) != nil else { return body(base, n) }
        var out = [UInt8]()
        out.reserveCapacity(n)
        var i = 0
        while i < n {
            let c = base[i]
            if c == 0x0D {
                out.append(0x0A)
                if i + 1 < n && base[i + 1] == 0x0A { i += 1 }
            } else {
                out.append(c)
            }
            i += 1
        }
        return out.withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
    }

    static func parseDocument(_ input: UnsafeBufferPointer<UInt8>, limits: ContentLimits, scripting: Bool) throws(ContentError) -> DOMTree {
        guard input.count <= limits.maxDocumentBytes else {
            throw .documentTooLarge(bytes: input.count, limit: limits.maxDocumentBytes)
        }
        let tree = DOMTree(reserving: input.count, maxNodes: limits.maxNodes)
        var parser = HTMLParser(tree: tree, limits: limits, scripting: scripting)
        preprocessed(input) { p, n in parser.tokenize(p, n) }
        parser.finish(into: tree)
        tree.quirksMode = parser.quirks
        tree.byteCount = input.count
        if let failure = parser.failure { throw failure }
        return tree
    }

    static func parseFragment(_ input: UnsafeBufferPointer<UInt8>, in tree: DOMTree, context: DOMNodeID,
                              limits: ContentLimits, scripting: Bool) throws(ContentError) -> DOMNodeID {
        guard input.count <= limits.maxDocumentBytes else {
            throw .documentTooLarge(bytes: input.count, limit: limits.maxDocumentBytes)
        }
        let contextRecord = tree.nodes[Int(context.raw)]
        var formAncestor: Int32 = -1
        var a = context.raw
        while a >= 0 {
            let r = tree.nodes[Int(a)]
            if r.kind == .element && r.ns == DOMNamespace.html.rawValue && r.name == N.form { formAncestor = a; break }
            a = r.parent
        }
        var parser = HTMLParser(tree: tree, limits: limits, scripting: scripting)
        parser.quirks = tree.quirksMode
        let root = parser.createElement(N.html, DOMNamespace.html.rawValue, Int32(parser.attrs.count), 0)
        parser.documentNode = root
        parser.push(OpenElement(node: root, name: N.html, ns: DOMNamespace.html.rawValue))
        if contextRecord.kind == .element {
            parser.context = OpenElement(node: context.raw, name: contextRecord.name, ns: contextRecord.ns)
            if contextRecord.ns == DOMNamespace.html.rawValue {
                switch contextRecord.name {
                case N.title, N.textarea: parser.state = .rcdata
                case N.style, N.xmp, N.iframe, N.noembed, N.noframes: parser.state = .rawtext
                case N.script: parser.state = .scriptData
                case N.noscript where scripting: parser.state = .rawtext
                case N.plaintext: parser.state = .plaintext
                case N.template: parser.templateModes.append(.inTemplate)
                default: break
                }
            }
        }
        parser.formElement = formAncestor
        parser.resetInsertionMode()
        preprocessed(input) { p, n in parser.tokenize(p, n) }
        let fragment = parser.newNode(DOMRecord(kind: .documentFragment, ns: 0, name: -1))
        var child = parser.nodes[Int(root)].firstChild
        while child >= 0 {
            let next = parser.nodes[Int(child)].next
            parser.detach(child)
            parser.link(child, fragment, before: -1)
            child = next
        }
        parser.finish(into: tree)
        if let failure = parser.failure { throw failure }
        return DOMNodeID(raw: fragment)
    }
}

extension DOMTree {
    /// Parses a whole document with the HTML Standard's algorithm into a new tree. `scripting` selects how
    /// `noscript` is parsed (as raw text when on, as markup when off).
    public static func parse(_ html: String, limits: ContentLimits = .default, scripting: Bool = false) throws(ContentError) -> DOMTree {
        var copy = html
        let result = copy.withUTF8 { buffer in
            Result { () throws(ContentError) in try HTMLParser.parseDocument(buffer, limits: limits, scripting: scripting) }
        }
        return try result.get()
    }

    /// Parses raw bytes (UTF-8; invalid sequences become U+FFFD when text is read) into a new tree.
    public static func parse(bytes: [UInt8], limits: ContentLimits = .default, scripting: Bool = false) throws(ContentError) -> DOMTree {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ContentError) in try HTMLParser.parseDocument(buffer, limits: limits, scripting: scripting) }
        }
        return try result.get()
    }

    /// Parses `html` as the children of `context` (the HTML fragment parsing algorithm, as `innerHTML` does)
    /// into a new detached document fragment of this tree, and returns the fragment.
    public func parseFragment(_ html: String, context: DOMNodeID) throws(ContentError) -> DOMNodeID {
        try parseFragment(html, context: context, limits: .default, scripting: false)
    }

    /// ``parseFragment(_:context:)`` with explicit limits and scripting flag.
    public func parseFragment(_ html: String, context: DOMNodeID, limits: ContentLimits, scripting: Bool) throws(ContentError) -> DOMNodeID {
        guard valid(context) else { return createDocumentFragment() }
        var copy = html
        let result = copy.withUTF8 { buffer in
            Result { () throws(ContentError) in
                try HTMLParser.parseFragment(buffer, in: self, context: context, limits: limits, scripting: scripting)
            }
        }
        touch()
        return try result.get()
    }
}
