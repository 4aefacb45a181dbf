// Parsing into a DOMTree.
import Foundation

extension DOMTree {
    /// Parses a whole document into a new tree.
    public static func parse(_ html: String, limits: ContentLimits = .default, scripting: Bool = false) throws(ContentError) -> DOMTree {
        let tree = DOMTree(try HTMLDocument.parse(html, limits: limits))
        tree.maxNodes = limits.maxNodes
        return tree
    }

    /// Parses `html` as the children of `context` would be parsed (`innerHTML`), into a new detached document
    /// fragment of this tree.
    public func parseFragment(_ html: String, context: DOMNodeID) throws(ContentError) -> DOMNodeID {
        let parsed = try HTMLDocument.parse("<body>" + html)
        let fragment = createDocumentFragment()
        var map: [Int32: Int32] = [:]
        let body = parsed.bodyIndex
        for i in Int(body) + 1...max(Int(body), Int(parsed.nodes[Int(body)].end)) where i > Int(body) {
            try ensureCapacity()
            let r = parsed.nodes[i]
            let node = HTMLNode(document: parsed, index: Int32(i))
            let made: DOMNodeID
            switch r.kind {
            case .element:
                made = createElement(node.tagName, attributes: node.attributes.map { DOMAttribute($0.name, $0.value) })
            case .text: made = createText(node.data ?? "")
            case .comment: made = createComment(node.data ?? "")
            default: continue
            }
            map[Int32(i)] = made.raw
            let parent = r.parent == body ? fragment.raw : (map[r.parent] ?? fragment.raw)
            append(made, to: DOMNodeID(raw: parent))
        }
        return fragment
    }
}
