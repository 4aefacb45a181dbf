// What a person's input needs to know about the tree, answered natively from the DOMTree: an element's path (itself
// and its ancestors), whether a form control is disabled, which element a click activates (a link, a label, a submit
// or reset button, a check box), which element a tap focuses, and whether anything listens for the pointer, touch
// and mouse events a tap dispatches before its click. The prelude's tap, click(), typing and forms ask these; each
// was a walk over the path in script, cold in every page.
import Foundation

enum NativeInput {
    /// The events a tap dispatches before focus moves, in order, then `mouseup`: bit i of `tapListened` is the i-th.
    static let tapEvents = ["pointerdown", "touchstart", "pointerup", "touchend", "mouseover", "mousemove", "mousedown", "mouseup"]
    /// Form controls (`disabled` applies to them; a disabled fieldset disables what it holds).
    static let controls: Set<String> = ["button", "input", "select", "textarea", "optgroup", "option", "fieldset"]
    static let inputTypes: Set<String> = ["hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
                                          "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image",
                                          "reset", "button"]

    /// The calls the prelude makes (`M.path`, `M.disabled`, `M.activationTarget`, `M.focusTarget`, `M.tapListened`).
    static let functions: [ClassTable.Function] = [
        .init(name: "path", call: { ctx, _, _, argc, argv, _ in entry(ctx, argc, argv) { c, node in path(c, node) } }, attributes: 2 | 4 | 8),
        .init(name: "disabled", call: { ctx, _, _, argc, argv, _ in
            entry(ctx, argc, argv) { c, node in c.lib.valueMakeBoolean(c.ctx, isDisabled(c.dom.tree, node)) }
        }, attributes: 2 | 4 | 8),
        .init(name: "activationTarget", call: { ctx, _, _, argc, argv, _ in
            entry(ctx, argc, argv) { c, node in wrapper(c, activationTarget(c.dom, node)) }
        }, attributes: 2 | 4 | 8),
        .init(name: "focusTarget", call: { ctx, _, _, argc, argv, _ in
            entry(ctx, argc, argv) { c, node in wrapper(c, focusTarget(c.dom.tree, node)) }
        }, attributes: 2 | 4 | 8),
        .init(name: "tapListened", call: { ctx, _, _, argc, argv, _ in
            entry(ctx, argc, argv) { c, node in
                let target = c.lib.valueToObject(c.ctx, argv?[0], nil)
                var mask = 0
                for (i, type) in tapEvents.enumerated() where NativeEvents.isListened(c.engine, c.dom, c.ctx, target, type) { mask |= 1 << i }
                return c.lib.valueMakeNumber(c.ctx, Double(mask))
            }
        }, attributes: 2 | 4 | 8),
    ]

    struct Call { let engine: JSCEngine; let dom: PageScripting; let ctx: JSContextRef?; var lib: JSCLibrary { engine.lib } }

    /// Runs `body` for the node whose wrapper is argument 0 (under the engine's lock); null when it is not a node.
    private static func entry(_ ctx: JSContextRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?,
                              _ body: (Call, DOMNodeID) -> JSValueRef?) -> JSValueRef? {
        JSCLock.holding(ctx) {
            guard let engine = JSCEngine.running, let dom = engine.dom, argc >= 1, let argv else { return nil }
            let call = Call(engine: engine, dom: dom, ctx: ctx)
            guard let object = engine.lib.valueToObject(ctx, argv[0], nil), let node = NativeDOM.node(of: object, in: dom) else {
                return engine.lib.valueMakeNull(ctx)
            }
            return body(call, node)
        }
    }

    private static func wrapper(_ c: Call, _ node: DOMNodeID?) -> JSValueRef? {
        node.flatMap { NativeCall.wrapper(c.engine, c.dom, c.ctx, $0) } ?? c.lib.valueMakeNull(c.ctx)
    }

    /// The node and its ancestors, innermost first, as wrappers.
    private static func path(_ c: Call, _ node: DOMNodeID) -> JSValueRef? {
        var items: [JSValueRef?] = []
        var cur: DOMNodeID? = node
        while let n = cur { items.append(NativeCall.wrapper(c.engine, c.dom, c.ctx, n)); cur = c.dom.tree.parent(n) }
        return items.withUnsafeBufferPointer { c.lib.objectMakeArray(c.ctx, $0.count, $0.baseAddress, nil) }
    }

    private static func isElement(_ tree: DOMTree, _ n: DOMNodeID, _ name: String? = nil) -> Bool {
        tree.kind(n) == .element && (name == nil || tree.localName(n) == name)
    }

    /// A form control that is disabled, or inside a disabled control (a fieldset).
    static func isDisabled(_ tree: DOMTree, _ node: DOMNodeID) -> Bool {
        guard isElement(tree, node), controls.contains(tree.localName(node)) else { return false }
        var cur: DOMNodeID? = node
        while let n = cur {
            if isElement(tree, n), controls.contains(tree.localName(n)), tree.attribute(n, "disabled") != nil { return true }
            cur = tree.parent(n)
        }
        return false
    }

    /// The element's form owner: the form its `form` attribute names, else its nearest form ancestor.
    static func form(of node: DOMNodeID, in dom: PageScripting) -> DOMNodeID? {
        let tree = dom.tree
        if let id = tree.attribute(node, "form") {
            guard !id.isEmpty, let f = dom.firstElement(id: id), isElement(tree, f, "form") else { return nil }
            return f
        }
        var cur: DOMNodeID? = node
        while let n = cur {
            if isElement(tree, n, "form") { return n }
            cur = tree.parent(n)
        }
        return nil
    }

    /// An input's `type` as its IDL attribute reads it (unknown and missing types are "text").
    static func inputType(_ tree: DOMTree, _ node: DOMNodeID) -> String {
        let t = TextBytes.lowercased(tree.attribute(node, "type") ?? "text")
        return inputTypes.contains(t) ? t : "text"
    }

    /// The element a click on `node` activates: the nearest link with an href, label, button of a form (not of type
    /// button), check box or radio button, or a form's submit, image or reset input.
    static func activationTarget(_ dom: PageScripting, _ node: DOMNodeID) -> DOMNodeID? {
        let tree = dom.tree
        var cur: DOMNodeID? = node
        while let n = cur, tree.kind(n) == .element {
            switch tree.localName(n) {
            case "a", "area": if tree.attribute(n, "href") != nil { return n }
            case "label": return n
            case "button":
                let type = TextBytes.lowercased(tree.attribute(n, "type") ?? "submit")
                if type != "button", form(of: n, in: dom) != nil { return n }
            case "input":
                let type = inputType(tree, n)
                if type == "checkbox" || type == "radio" { return n }
                if type == "submit" || type == "image" || type == "reset", form(of: n, in: dom) != nil { return n }
            default: break
            }
            cur = tree.parent(n)
        }
        return nil
    }

    /// The element a tap on `node` focuses: the nearest control or link, or element made focusable (`tabindex`,
    /// `contenteditable`; not the body or the root).
    static func focusTarget(_ tree: DOMTree, _ node: DOMNodeID) -> DOMNodeID? {
        var cur: DOMNodeID? = node
        while let n = cur {
            if tree.kind(n) == .element {
                let name = tree.localName(n)
                if ["input", "select", "textarea", "button", "a"].contains(name) { return n }
                if name != "body", name != "html", tree.attribute(n, "tabindex") != nil || tree.attribute(n, "contenteditable") != nil { return n }
            }
            cur = tree.parent(n)
        }
        return nil
    }
}
