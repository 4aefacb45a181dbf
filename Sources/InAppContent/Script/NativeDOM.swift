// The DOM bound natively into JavaScriptCore, member by member: node wrappers are objects of one native class whose
// accessors (nodeType, parentNode, id, className, …) answer from the DOMTree directly, and the element and document
// methods moved here (getAttribute, createElement, …) live on native objects placed in the prelude's prototype chains
// (Element.prototype → element methods → ParentNode.prototype), with an element's companions (classList, style,
// dataset) as native objects too. A page pays nothing for a member it does not use: the engine makes a native function
// object the first time a page reads it, where a member written in the prelude costs every page its creation and, on
// first use, its compilation and a cold run. Members not moved yet stay in the prelude (prelude.js); a member lives
// in one place (a fragment's or a text node's keep the prelude's where only elements and documents have native ones).
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Property names native code sets on every wrapper, made once per process.
final class NativeNames: @unchecked Sendable {
    static let shared = NativeNames()
    let id: JSStringRef?
    let name: JSStringRef?
    let handlers: JSStringRef?
    private init() {
        let lib = try? JSCLibrary.shared.get()
        id = lib?.makeString("__id")
        name = lib?.makeString("__n")
        handlers = lib?.makeString("__h")
    }
}

/// The page state native members need from the prelude, given once by its `setup` call.
struct NativePageState {
    /// The prelude's wrapper cache (an array indexed by node id; wrappers are made here, on first use).
    var cache: JSObjectRef?
    /// The prototypes of wrappers: by node kind (document, doctype, element, text, comment, fragment), and by element
    /// name where the prelude has a class for it (a, img, input, …; other elements get HTMLElement's).
    var kindPrototypes: [JSObjectRef?] = []
    /// In ``NativeDOM/elementClassNames``' order.
    var elementPrototypes: [JSObjectRef?] = []
    /// The prelude's `attributeChanged(element, name, oldValue)`: queues MutationObserver records.
    var attributeChanged: JSObjectRef?
    /// The prelude's `imageSourceSet(img)`: a script set an image's `src`; its `load` or `error` follows as a task.
    var imageSourceSet: JSObjectRef?
    /// The prelude's `inlineHandler(node, type)`: an `on…` attribute's handler, compiled.
    var inlineHandler: JSObjectRef?
    /// The prelude's `new DOMException(message, name)`, for the errors the DOM throws as DOMExceptions.
    var domException: JSObjectRef?
    /// The prelude's `DOMTokenList.prototype` and `CSSStyleDeclaration.prototype` (iteration and `instanceof`).
    var tokenListPrototype: JSObjectRef?
    /// The prelude's mutation functions, called instead of the native path while a MutationObserver is registered
    /// (they queue its records): `insertNode(parent, child, ref)`, `removeNode(node)`, `setTextContent(node, v)`,
    /// `setInnerHTML(element, v)`; and `startScripts(ids)`, which runs script elements an insertion connected.
    var mutationHooks: [String: JSObjectRef] = [:]
    /// The prelude's `NodeList.prototype` (querySelectorAll's results are arrays with it).
    var nodeListPrototype: JSObjectRef?
    var stylePrototype: JSObjectRef?
    /// True while a MutationObserver is registered (the prelude says so).
    var observing = false
    /// The prototypes of the prelude's event classes, in ``EventKind`` order (what `new MouseEvent(…)` makes).
    var eventPrototypes: [JSObjectRef?] = []
    /// The prelude's `reportError(e)` (a listener's exception as the page's error) and `compileHandler(el, src, type)`.
    var reportError: JSObjectRef?
    var compileHandler: JSObjectRef?
    /// The objects above are reachable from these two (the cache and the setup's hooks object), which are protected
    /// from the collector until the engine releases its context: nothing else in the page needs to hold them.
    var protected: [JSObjectRef] = []
    /// What each event dispatch under way keeps between its calls (the event, its path's objects, each visit's listener
    /// snapshot), protected from the collector, by dispatch number. A dispatch unprotects its own when it ends; one a
    /// stopped run left unfinished keeps them until the engine releases its context (``JSCEngine``'s deinit).
    var dispatchKept: [Int: [JSObjectRef]] = [:]
    var nextDispatch = 0
}

/// One native member's view of a call: the page's engine and DOM, the node it was called on, and how to answer.
struct NativeCall {
    let engine: JSCEngine
    let dom: PageScripting
    let ctx: JSContextRef?
    let this: JSObjectRef?
    let node: DOMNodeID
    let exception: UnsafeMutablePointer<JSValueRef?>?

    var lib: JSCLibrary { engine.lib }
    var tree: DOMTree { dom.tree }
    var kind: HTMLNodeKind { tree.kind(node) }
    var isElement: Bool { tree.kind(node) == .element }

    var undefined: JSValueRef? { lib.valueMakeUndefined(ctx) }
    var null: JSValueRef? { lib.valueMakeNull(ctx) }
    func bool(_ b: Bool) -> JSValueRef? { lib.valueMakeBoolean(ctx, b) }
    func number(_ d: Double) -> JSValueRef? { lib.valueMakeNumber(ctx, d) }
    func string(_ s: String) -> JSValueRef? { lib.withString(s) { lib.valueMakeString(ctx, $0) } }
    func string(_ s: String?) -> JSValueRef? { s.map { string($0) } ?? null }
    /// `String(value)`, as the prelude's members converted their arguments.
    func text(_ value: JSValueRef?) -> String { value.map { engine.string(of: $0) } ?? "undefined" }

    /// The wrapper of `id` (null for none): the cached one, or a new one.
    func wrapper(_ id: DOMNodeID?) -> JSValueRef? {
        guard let id else { return null }
        return NativeCall.wrapper(engine, dom, ctx, id) ?? null
    }

    /// The wrapper of `id`: the cached one, or a new one.
    static func wrapper(_ engine: JSCEngine, _ dom: PageScripting, _ ctx: JSContextRef?, _ id: DOMNodeID) -> JSValueRef? {
        if let cached = cachedWrapper(engine, ctx, id) { return cached }
        return NativeDOM.makeWrapper(engine, dom, ctx, id)
    }

    /// The wrapper of `id` if the page has made one (a node without one has no listeners or properties of its own).
    static func cachedWrapper(_ engine: JSCEngine, _ ctx: JSContextRef?, _ id: DOMNodeID) -> JSObjectRef? {
        let lib = engine.lib
        guard let cache = engine.native.cache else { return nil }
        return lib.object(ctx, lib.objectGetPropertyAtIndex(ctx, cache, UInt32(id.raw), nil))
    }

    /// Throws `error` into the page (as the host function's errors are thrown); the member's result is ignored.
    func fail(_ error: ScriptHostError) -> JSValueRef? {
        exception?.pointee = engine.makeError(name: error.name, message: error.message)
        return nil
    }

    /// Throws a DOMException named `name` (the prelude's class, so `instanceof DOMException` holds).
    func failDOM(_ message: String, _ name: String) -> JSValueRef? {
        guard let make = engine.native.domException else { return fail(ScriptHostError(message, name: name)) }
        let args: [JSValueRef?] = [string(message), string(name)]
        exception?.pointee = args.withUnsafeBufferPointer { lib.objectCallAsFunction(ctx, make, nil, $0.count, $0.baseAddress, nil) }
        return nil
    }

    /// The element's companion object kept on its wrapper under `key` (its class list, style, dataset): made once,
    /// so that `el.style === el.style`.
    func companion(_ key: String, _ owner: NativeDOM.Owner, prototype: JSObjectRef?) -> JSValueRef? {
        guard isElement, let this, let classes = NativeDOM.classes else { return nil }
        if let existing = lib.withString(key, { lib.objectGetProperty(ctx, this, $0, nil) }),
           lib.valueGetType(ctx, existing) == JSType.object.rawValue { return existing }
        guard let object = lib.objectMake(ctx, classes.of(owner), NativeDOM.privateData(owner, node)) else { return null }
        if let prototype { lib.objectSetPrototype(ctx, object, prototype) }
        lib.withString(key) { lib.objectSetProperty(ctx, this, $0, object, 2 | 4 | 8, nil) }
        return object
    }

    /// Sets an attribute as `setAttribute` does, with the MutationObserver record when one is registered.
    func setAttribute(_ rawName: String, _ value: String) -> JSValueRef? {
        let name = TextBytes.lowercased(rawName)
        guard isElement else { return undefined }
        guard !name.isEmpty, !name.utf8.contains(where: { $0 == 0x20 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x3D || $0 == 0x2F }) else {
            return fail(ScriptHostError("'\(name)' is not a valid attribute name.", name: "InvalidCharacterError"))
        }
        let old: String?? = engine.native.observing ? .some(tree.attribute(node, name)) : nil
        tree.setAttribute(node, name, value)
        if let old { attributeChanged(name, old) }
        if name == "src", let hook = engine.native.imageSourceSet, tree.localName(node) == "img", tree.namespace(node) == .html {
            let args: [JSValueRef?] = [wrapper(node)]
            _ = args.withUnsafeBufferPointer { lib.objectCallAsFunction(ctx, hook, nil, $0.count, $0.baseAddress, exception) }
        }
        return undefined
    }

    func removeAttribute(_ rawName: String) -> JSValueRef? {
        let name = TextBytes.lowercased(rawName)
        let old = engine.native.observing ? tree.attribute(node, name) : nil
        tree.removeAttribute(node, name)
        if let old { attributeChanged(name, old) }
        return undefined
    }

    private func attributeChanged(_ name: String, _ old: String?) {
        guard let hook = engine.native.attributeChanged else { return }
        // The element's wrapper: `this` is a companion (class list, dataset) when one of those made the change.
        let args: [JSValueRef?] = [wrapper(node), string(name), string(old)]
        _ = args.withUnsafeBufferPointer { lib.objectCallAsFunction(ctx, hook, nil, $0.count, $0.baseAddress, exception) }
    }
}

/// A native method's arguments.
struct NativeArguments {
    let count: Int
    let values: UnsafePointer<JSValueRef?>?
    subscript(i: Int) -> JSValueRef? { i < count ? values?[i] : nil }
}

enum NativeDOM {
    /// The native objects members live on: node wrappers, the method holders between the prelude's
    /// `Element.prototype` (`Document.prototype`) and `Node.prototype`, and an element's companions (`classList`,
    /// `style`, `dataset`), each tied to its element as a wrapper is to its node.
    enum Owner: Int, CaseIterable {
        case node, elementMethods, documentMethods, tokenList, style, dataset
        /// The interface named in a "Can only call …" error.
        var interface: String {
            switch self {
            case .node: return "Node"
            case .elementMethods: return "Element"
            case .documentMethods: return "Document"
            case .tokenList: return "DOMTokenList"
            case .style: return "CSSStyleDeclaration"
            case .dataset: return "DOMStringMap"
            }
        }
        /// The owner whose objects a member of this owner is called on.
        var receiver: Owner { self == .elementMethods || self == .documentMethods ? .node : self }
        func accepts(_ kind: HTMLNodeKind) -> Bool {
            switch self {
            case .node: return true
            case .documentMethods: return kind == .document
            default: return kind == .element
            }
        }
    }

    struct Accessor: Sendable {
        let name: String
        let owner: Owner
        let get: @Sendable (NativeCall) -> JSValueRef?
        let set: (@Sendable (NativeCall, JSValueRef?) -> JSValueRef?)?
        init(_ name: String, on owner: Owner = .node, get: @escaping @Sendable (NativeCall) -> JSValueRef?,
             set: (@Sendable (NativeCall, JSValueRef?) -> JSValueRef?)? = nil) {
            self.name = name; self.owner = owner; self.get = get; self.set = set
        }
    }

    struct Method: Sendable {
        let name: String
        let owner: Owner
        let call: @Sendable (NativeCall, NativeArguments) -> JSValueRef?
        init(_ name: String, on owner: Owner, _ call: @escaping @Sendable (NativeCall, NativeArguments) -> JSValueRef?) {
            self.name = name; self.owner = owner; self.call = call
        }
    }

    // MARK: Members

    /// Accessors. A getter answering nil means "not this kind of node": the property is then looked up in the
    /// prototype chain (undefined, as for a text node's `id`); a setter answering nil for such a node lets the
    /// assignment make an ordinary property, as it would on a node without that accessor.
    static let accessors: [Accessor] = nodeAccessors + handlerAccessors + reflectedAccessors

    /// How a reflected property reads its attribute: the text, the text resolved as a URL against the page, or
    /// whether it is present.
    enum Reflection: Sendable { case text, url, flag }

    /// Properties that reflect an attribute, by element (as HTMLAnchorElement, HTMLImageElement, … do): for any
    /// other element the property is looked up in the prototype chain (`type` of an input is the prelude's).
    static let reflected: [(property: String, tags: [String: Reflection])] = [
        ("target", ["a": .text, "area": .text, "form": .text]),
        ("rel", ["a": .text, "area": .text]), ("download", ["a": .text, "area": .text]), ("hreflang", ["a": .text, "area": .text]),
        ("type", ["a": .text, "area": .text, "script": .text]),
        ("src", ["img": .url, "script": .url]),
        ("alt", ["img": .text]), ("srcset", ["img": .text]), ("sizes", ["img": .text]), ("loading", ["img": .text]),
        ("decoding", ["img": .text]), ("crossOrigin", ["img": .text]),
        ("async", ["script": .flag]), ("defer", ["script": .flag]), ("noModule", ["script": .flag]),
        ("placeholder", ["input": .text, "textarea": .text]),
        ("pattern", ["input": .text]), ("min", ["input": .text]), ("max", ["input": .text]), ("step", ["input": .text]),
        ("accept", ["input": .text]), ("autocomplete", ["input": .text]), ("inputMode", ["input": .text]),
        ("readOnly", ["input": .flag, "textarea": .flag]), ("multiple", ["input": .flag, "select": .flag]), ("autofocus", ["input": .flag]),
        ("action", ["form": .url]), ("enctype", ["form": .text]), ("name", ["form": .text]), ("noValidate", ["form": .flag]),
    ]

    static let reflectedAccessors: [Accessor] = reflected.map { entry in
        let (property, tags) = entry
        let attribute = property.lowercased()
        return Accessor(property, get: { c in
            guard c.isElement, let how = tags[c.tree.localName(c.node)] else { return nil }
            let value = c.tree.attribute(c.node, attribute)
            switch how {
            case .flag: return c.bool(value != nil)
            case .text: return c.string(value ?? "")
            case .url: return c.string(value.map { c.dom.page?.resolve(href: $0)?.absoluteString ?? $0 } ?? "")
            }
        }, set: { c, v in
            guard c.isElement, let how = tags[c.tree.localName(c.node)] else { return nil }
            guard how == .flag else { return c.setAttribute(attribute, c.text(v)) }
            if c.lib.valueToBoolean(c.ctx, v) {
                return c.tree.attribute(c.node, attribute) == nil ? c.setAttribute(attribute, "") : c.undefined
            }
            return c.removeAttribute(attribute)
        })
    }

    /// The event types with an `on…` handler property on elements and the document (and the window:
    /// NativeEvents.windowHandlerTypeList), and those on the document only.
    static let handlerTypes = ["click", "dblclick", "mousedown", "mouseup", "mousemove", "mouseover", "mouseout", "mouseenter",
        "mouseleave", "pointerdown", "pointerup", "pointermove", "pointercancel", "touchstart", "touchend", "touchmove", "touchcancel",
        "keydown", "keyup", "keypress", "input", "change", "submit", "reset", "focus", "blur", "focusin", "focusout", "load", "error",
        "scroll", "resize", "select", "invalid", "animationend", "transitionend", "contextmenu", "wheel", "beforeinput", "toggle"]
    static let documentHandlerTypes = ["readystatechange", "visibilitychange", "DOMContentLoaded"]

    /// `onclick` and the others: the handler a script set (kept where the prelude's dispatch reads it, the node's
    /// `__h`), else the compiled `on…` attribute, else null. Setting one marks the node as listening (coverage).
    static let handlerAccessors: [Accessor] = (handlerTypes.map { ($0, false) } + documentHandlerTypes.map { ($0, true) }).map { entry in
        let (type, documentOnly) = entry
        return Accessor("on" + type, get: { c in c.handler(type, documentOnly: documentOnly) },
                        set: { c, v in c.setHandler(type, documentOnly: documentOnly, v) })
    }

    static let nodeAccessors: [Accessor] = [
        Accessor("nodeType") { c in c.number([9, 10, 1, 3, 8, 11][Int(c.kind.rawValue)]) },
        Accessor("parentNode") { c in c.wrapper(c.tree.parent(c.node)) },
        Accessor("parentElement") { c in
            guard let p = c.tree.parent(c.node), c.tree.kind(p) == .element else { return c.null }
            return c.wrapper(p)
        },
        Accessor("firstChild") { c in c.wrapper(c.tree.firstChild(c.node)) },
        Accessor("lastChild") { c in c.wrapper(c.tree.lastChild(c.node)) },
        Accessor("nextSibling") { c in c.wrapper(c.tree.nextSibling(c.node)) },
        Accessor("previousSibling") { c in c.wrapper(c.tree.previousSibling(c.node)) },
        Accessor("isConnected") { c in c.bool(c.dom.isConnected(c.node)) },
        Accessor("textContent", get: { c in c.hostValue(.domText, [c.id]) }, set: { c, v in
            guard c.kind != .document, c.kind != .doctype else { return c.undefined }   // null for these: setting does nothing
            let type = c.lib.valueGetType(c.ctx, v)
            let text = type == JSType.null.rawValue || type == JSType.undefined.rawValue ? "" : c.text(v)
            if c.engine.native.observing { return c.callHook("setTextContent", [c.this, c.string(text)]) }
            return c.hostValue(.domSetText, [c.id, .string(text)])
        }),
        Accessor("innerHTML", get: { c in c.isElement ? c.hostValue(.domSerialize, [c.id, .bool(false)]) : nil }, set: { c, v in
            guard c.isElement else { return nil }
            let html = c.lib.valueGetType(c.ctx, v) == JSType.null.rawValue ? "" : c.text(v)
            if c.engine.native.observing { return c.callHook("setInnerHTML", [c.this, c.string(html)]) }
            let result = c.hostValue(.domSetHTML, [c.id, .string(html)])
            return result != nil && html.range(of: "<img", options: .caseInsensitive) != nil && !c.imagesBroughtIn(under: c.node) ? nil : result
        }),
        Accessor("localName") { c in c.isElement ? c.string(c.tree.localName(c.node)) : nil },
        Accessor("tagName") { c in
            guard c.isElement else { return nil }
            let name = c.tree.localName(c.node)
            return c.string(c.tree.namespace(c.node) == .html ? name.uppercased() : name)
        },
        Accessor("id", get: { c in c.isElement ? c.string(c.tree.attribute(c.node, "id") ?? "") : nil },
                 set: { c, v in c.isElement ? c.setAttribute("id", c.text(v)) : nil }),
        Accessor("className", get: { c in c.isElement ? c.string(c.tree.attribute(c.node, "class") ?? "") : nil },
                 set: { c, v in c.isElement ? c.setAttribute("class", c.text(v)) : nil }),
        Accessor("classList", get: { c in c.companion("__cl", .tokenList, prototype: c.engine.native.tokenListPrototype) },
                 set: { c, v in c.isElement ? c.setAttribute("class", c.text(v)) : nil }),
        Accessor("style", get: { c in c.companion("__st", .style, prototype: c.engine.native.stylePrototype) },
                 set: { c, v in c.isElement ? c.setAttribute("style", c.text(v)) : nil }),
        Accessor("dataset") { c in c.companion("__ds", .dataset, prototype: nil) },
        // DOMTokenList (an element's class attribute as an ordered set of tokens)
        Accessor("length", on: .tokenList) { c in c.number(Double(TokenSet(c.tree.attribute(c.node, "class")).tokens.count)) },
        Accessor("value", on: .tokenList, get: { c in c.string(c.tree.attribute(c.node, "class") ?? "") },
                 set: { c, v in c.setAttribute("class", c.text(v)) }),
        // CSSStyleDeclaration (the element's style attribute)
        Accessor("cssText", on: .style, get: { c in c.string(c.tree.attribute(c.node, "style") ?? "") },
                 set: { c, v in c.setAttribute("style", c.text(v)) }),
        Accessor("length", on: .style) { c in c.number(Double(InlineStyle(c.tree.attribute(c.node, "style")).entries.count)) },
    ]

    static let methods: [Method] = [
        Method("getAttribute", on: .elementMethods) { c, a in c.string(c.tree.attribute(c.node, TextBytes.lowercased(c.text(a[0])))) },
        Method("hasAttribute", on: .elementMethods) { c, a in c.bool(c.tree.attribute(c.node, TextBytes.lowercased(c.text(a[0]))) != nil) },
        Method("setAttribute", on: .elementMethods) { c, a in c.setAttribute(c.text(a[0]), c.text(a[1])) },
        Method("removeAttribute", on: .elementMethods) { c, a in c.removeAttribute(c.text(a[0])) },
        Method("getElementById", on: .documentMethods) { c, a in
            let wanted = c.text(a[0])
            return wanted.isEmpty ? c.null : c.wrapper(c.dom.firstElement(id: wanted))
        },
        Method("createElement", on: .documentMethods) { c, a in
            let name = TextBytes.lowercased(c.text(a[0]))
            do throws(ContentError) { try c.tree.ensureCapacity() } catch { return c.fail(ScriptHostError(error.description, name: "QuotaExceededError")) }
            guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "<" || $0 == ">" }) else {
                return c.fail(ScriptHostError("The tag name provided ('\(name)') is not a valid name.", name: "InvalidCharacterError"))
            }
            return c.wrapper(c.tree.createElement(name, namespace: .html))
        },
        Method("createTextNode", on: .documentMethods) { c, a in
            do throws(ContentError) { try c.tree.ensureCapacity() } catch { return c.fail(ScriptHostError(error.description, name: "QuotaExceededError")) }
            return c.wrapper(c.tree.createText(c.text(a[0])))
        },
        // Node's tree changes, for elements and documents (other nodes keep the prelude's)
        Method("appendChild", on: .elementMethods) { c, a in c.insert(a[0], before: nil, method: "appendChild") },
        Method("appendChild", on: .documentMethods) { c, a in c.insert(a[0], before: nil, method: "appendChild") },
        Method("insertBefore", on: .elementMethods) { c, a in c.insert(a[0], before: a[1], method: "insertBefore") },
        Method("insertBefore", on: .documentMethods) { c, a in c.insert(a[0], before: a[1], method: "insertBefore") },
        Method("removeChild", on: .elementMethods) { c, a in c.removeChild(a[0]) },
        Method("removeChild", on: .documentMethods) { c, a in c.removeChild(a[0]) },
        // ParentNode's queries, for elements and documents (a fragment keeps the prelude's)
        Method("querySelector", on: .elementMethods) { c, a in c.query(a[0], all: false) },
        Method("querySelectorAll", on: .elementMethods) { c, a in c.query(a[0], all: true) },
        Method("querySelector", on: .documentMethods) { c, a in c.query(a[0], all: false) },
        Method("querySelectorAll", on: .documentMethods) { c, a in c.query(a[0], all: true) },
        // DOMTokenList
        Method("item", on: .tokenList) { c, a in
            let tokens = TokenSet(c.tree.attribute(c.node, "class")).tokens
            let i = c.index(a[0])
            return i.map { $0 < tokens.count ? c.string(tokens[$0]) : c.null } ?? c.null
        },
        Method("contains", on: .tokenList) { c, a in c.bool(TokenSet(c.tree.attribute(c.node, "class")).tokens.contains(c.text(a[0]))) },
        Method("add", on: .tokenList) { c, a in
            guard let tokens = c.validTokens(a, count: a.count) else { return nil }
            var set = TokenSet(c.tree.attribute(c.node, "class"))
            for t in tokens where !set.tokens.contains(t) { set.tokens.append(t) }
            return c.update(set)
        },
        Method("remove", on: .tokenList) { c, a in
            guard let tokens = c.validTokens(a, count: a.count) else { return nil }
            var set = TokenSet(c.tree.attribute(c.node, "class"))
            set.tokens.removeAll { tokens.contains($0) }
            return c.update(set)
        },
        Method("toggle", on: .tokenList) { c, a in
            guard let token = c.validTokens(a, count: 1)?.first else { return nil }
            var set = TokenSet(c.tree.attribute(c.node, "class"))
            let force: Bool? = a.count > 1 && c.lib.valueGetType(c.ctx, a[1]) != JSType.undefined.rawValue ? c.lib.valueToBoolean(c.ctx, a[1]) : nil
            if set.tokens.contains(token) {
                if force == true { return c.bool(true) }
                set.tokens.removeAll { $0 == token }
                return c.update(set) == nil ? nil : c.bool(false)
            }
            if force == false { return c.bool(false) }
            set.tokens.append(token)
            return c.update(set) == nil ? nil : c.bool(true)
        },
        Method("replace", on: .tokenList) { c, a in
            guard let pair = c.validTokens(a, count: 2), pair.count == 2 else { return nil }
            var set = TokenSet(c.tree.attribute(c.node, "class"))
            guard set.tokens.contains(pair[0]) else { return c.bool(false) }
            // An ordered set's replace: the first of either token becomes the new one, other instances of both go.
            guard let first = set.tokens.firstIndex(where: { $0 == pair[0] || $0 == pair[1] }) else { return c.bool(false) }
            set.tokens = set.tokens.enumerated().compactMap { i, t in i == first ? pair[1] : (t == pair[0] || t == pair[1]) ? nil : t }
            return c.update(set) == nil ? nil : c.bool(true)
        },
        Method("toString", on: .tokenList) { c, _ in c.string(c.tree.attribute(c.node, "class") ?? "") },
        Method("supports", on: .tokenList) { c, _ in c.fail(ScriptHostError("DOMTokenList has no supported tokens.")) },
        // CSSStyleDeclaration
        Method("getPropertyValue", on: .style) { c, a in
            c.string(InlineStyle(c.tree.attribute(c.node, "style")).value(TextBytes.lowercased(c.text(a[0]))) ?? "")
        },
        Method("getPropertyPriority", on: .style) { c, a in
            let v = InlineStyle(c.tree.attribute(c.node, "style")).value(TextBytes.lowercased(c.text(a[0]))) ?? ""
            return c.string(v.contains("!important") ? "important" : "")
        },
        Method("setProperty", on: .style) { c, a in
            let priority = a.count > 2 && c.text(a[2]) == "important"
            let isEmpty = a.count < 2 || c.lib.valueGetType(c.ctx, a[1]) == JSType.null.rawValue
            return c.setStyle(TextBytes.lowercased(c.text(a[0])), isEmpty ? "" : c.text(a[1]), important: priority)
        },
        Method("removeProperty", on: .style) { c, a in
            let name = TextBytes.lowercased(c.text(a[0]))
            let old = InlineStyle(c.tree.attribute(c.node, "style")).value(name) ?? ""
            return c.setStyle(name, "", important: false) == nil ? nil : c.string(old)
        },
        Method("item", on: .style) { c, a in
            let entries = InlineStyle(c.tree.attribute(c.node, "style")).entries
            return c.string(c.index(a[0]).flatMap { $0 < entries.count ? entries[$0].name : nil } ?? "")
        },
    ]

    /// The host operations native members answer through (``NativeCall/hostValue(_:_:)``), as the prelude's calls do.
    static let hostOperations: Set<HostOperation> = [.domText, .domSetText, .domSerialize, .domSetHTML, .domInsert]

    /// Setter entry point → accessor index.
    static let setterAccessors: [Int] = accessors.indices.filter { accessors[$0].set != nil }

    // MARK: Entry points

    /// The call's context when `object` is a native object of `owner`'s class, of the engine running on this thread.
    static func context(_ ctx: JSContextRef?, _ object: JSObjectRef?, _ owner: Owner,
                        _ exception: UnsafeMutablePointer<JSValueRef?>?) -> NativeCall? {
        guard let engine = JSCEngine.running, let dom = engine.dom,
              let node = node(of: object, owner: owner, engine.lib, dom) else { return nil }
        return NativeCall(engine: engine, dom: dom, ctx: ctx, this: object, node: node, exception: exception)
    }

    /// The node `object` wraps, if it is a node wrapper of this page.
    static func node(of object: JSObjectRef?, in dom: PageScripting) -> DOMNodeID? {
        guard let lib = try? JSCLibrary.shared.get() else { return nil }
        return node(of: object, owner: .node, lib, dom)
    }

    /// The node of `object` when it is a native object of `owner` for this page. The private data says whose object it
    /// is (see privateData): no call into the engine to ask its class.
    private static func node(of object: JSObjectRef?, owner: Owner, _ lib: JSCLibrary, _ dom: PageScripting) -> DOMNodeID? {
        guard let raw = lib.objectGetPrivate(object) else { return nil }
        let bits = UInt(bitPattern: raw)
        guard bits & privateTagMask == privateTag | (UInt(owner.rawValue) << 32) else { return nil }
        let id = Int(bits & 0xFFFF_FFFF) - 1
        guard id >= 0, id < dom.tree.arenaCount else { return nil }
        return DOMNodeID(raw: Int32(id))
    }

    /// A native object's private data: a tag no pointer has (other native objects' private data are pointers), its
    /// owner, and its node id + 1.
    static func privateData(_ owner: Owner, _ node: DOMNodeID) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: privateTag | (UInt(owner.rawValue) << 32) | UInt(UInt32(node.raw) + 1))
    }
    private static let privateTag: UInt = 0x4F49 << 48
    private static let privateTagMask: UInt = 0xFFFF_00FF_0000_0000

    static func get(_ slot: Int, _ ctx: JSContextRef?, _ object: JSObjectRef?, _ exception: UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef? {
        guard slot < accessors.count, let call = context(ctx, object, accessors[slot].owner, exception) else { return nil }
        return JSCLock.holding(ctx) { accessors[slot].get(call) }
    }

    static func set(_ slot: Int, _ ctx: JSContextRef?, _ object: JSObjectRef?, _ value: JSValueRef?,
                    _ exception: UnsafeMutablePointer<JSValueRef?>?) -> Bool {
        guard slot < setterAccessors.count else { return false }
        let accessor = accessors[setterAccessors[slot]]
        guard let call = context(ctx, object, accessor.owner, exception), let set = accessor.set else { return false }
        return JSCLock.holding(ctx) { set(call, value) != nil || exception?.pointee != nil }
    }

    static func call(_ slot: Int, _ ctx: JSContextRef?, _ this: JSObjectRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?,
                     _ exception: UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef? {
        guard slot < methods.count, let engine = JSCEngine.running else { return nil }
        let method = methods[slot]
        guard let call = context(ctx, this, method.owner.receiver, exception), method.owner.accepts(call.kind) else {
            let interface = method.owner.interface
            exception?.pointee = engine.makeError(name: "TypeError", message: "Can only call \(interface).\(method.name) on instances of \(interface)")
            return nil
        }
        return JSCLock.holding(ctx) { method.call(call, NativeArguments(count: argc, values: argv)) }
    }

    // MARK: Named properties (style, dataset)

    /// Whether `name` is a property a style declaration answers as a CSS property (`display`, `backgroundColor`,
    /// `webkitTransform`, a custom `--x`): not one of its own members or its prototype's (`setProperty`, `toString`).
    static func isStyleProperty(_ call: NativeCall, _ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "_"), !styleMembers.contains(name) else { return false }
        if let proto = call.engine.native.stylePrototype,
           call.lib.withString(name, { call.lib.objectHasProperty(call.ctx, proto, $0) }) { return false }
        return true
    }

    static let styleMembers: Set<String> = Set(["cssText", "length", "constructor"] + methods.filter { $0.owner == .style }.map(\.name))

    /// The CSS property a style declaration's camel-cased name stands for (`backgroundColor` → `background-color`,
    /// `webkitTransform` → `-webkit-transform`, `cssFloat` → `float`).
    static func styleName(_ name: String) -> String {
        if name.hasPrefix("--") { return name }
        if name == "cssFloat" { return "float" }
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count + 4)
        for b in name.utf8 {
            if b >= 0x41 && b <= 0x5A { out.append(0x2D); out.append(b + 32) } else { out.append(b) }
        }
        let kebab = String(decoding: out, as: UTF8.self)
        for vendor in ["webkit-", "moz-", "ms-"] where kebab.hasPrefix(vendor) { return "-" + kebab }
        return kebab
    }

    static func datasetAttribute(_ name: String) -> String {
        var out = "data-"
        for ch in name { if ch.isASCII && ch.isUppercase { out += "-" + ch.lowercased() } else { out.append(ch) } }
        return out
    }

    static let styleGet: JSCLibrary.GetProperty = { ctx, object, nameRef, exception in
        JSCLock.holding(ctx) { () -> JSValueRef? in
            guard let c = context(ctx, object, .style, exception) else { return nil }
            let name = c.lib.string(nameRef)
            if let i = Int(name), i >= 0 {
                let entries = InlineStyle(c.tree.attribute(c.node, "style")).entries
                return i < entries.count ? c.string(entries[i].name) : nil
            }
            guard isStyleProperty(c, name) else { return nil }
            return c.string(InlineStyle(c.tree.attribute(c.node, "style")).value(styleName(name)) ?? "")
        }
    }

    static let styleSet: JSCLibrary.SetProperty = { ctx, object, nameRef, value, exception in
        JSCLock.holding(ctx) { () -> Bool in
            guard let c = context(ctx, object, .style, exception) else { return false }
            let name = c.lib.string(nameRef)
            if Int(name) != nil { return true }
            guard isStyleProperty(c, name) else { return false }
            let type = c.lib.valueGetType(ctx, value)
            let text = type == JSType.null.rawValue || type == JSType.undefined.rawValue ? "" : c.text(value)
            _ = c.setStyle(styleName(name), text, important: false)
            return true
        }
    }

    static let datasetGet: JSCLibrary.GetProperty = { ctx, object, nameRef, exception in
        guard let c = context(ctx, object, .dataset, exception) else { return nil }
        guard let value = c.tree.attribute(c.node, datasetAttribute(c.lib.string(nameRef))) else { return nil }
        return c.string(value)
    }

    static let datasetSet: JSCLibrary.SetProperty = { ctx, object, nameRef, value, exception in
        JSCLock.holding(ctx) { () -> Bool in
            guard let c = context(ctx, object, .dataset, exception) else { return false }
            _ = c.setAttribute(datasetAttribute(c.lib.string(nameRef)), c.text(value))
            return true
        }
    }

    static let datasetDelete: JSCLibrary.DeleteProperty = { ctx, object, nameRef, exception in
        guard let c = context(ctx, object, .dataset, exception) else { return false }
        let attribute = datasetAttribute(c.lib.string(nameRef))
        guard c.tree.attribute(c.node, attribute) != nil else { return false }
        _ = c.removeAttribute(attribute)
        return true
    }

    static let datasetNames: JSCLibrary.GetPropertyNames = { ctx, object, accumulator in
        guard let c = context(ctx, object, .dataset, nil) else { return }
        for attribute in c.tree.attributes(c.node) where attribute.namespace == nil && attribute.localName.hasPrefix("data-") {
            var name = ""
            var upper = false
            for ch in attribute.localName.dropFirst(5) {
                if ch == "-" { upper = true; continue }
                if upper, ch.isASCII, ch.isLowercase { name += ch.uppercased() } else { if upper { name += "-" }; name.append(ch) }
                upper = false
            }
            c.lib.withString(name) { c.lib.propertyNameAccumulatorAddName(accumulator, $0) }
        }
    }

    // MARK: Classes

    /// The native classes, made once per process (a class is not tied to a context or a VM), one per ``Owner``,
    /// and the setup object the prelude receives as `__oiaNative`.
    struct Classes: @unchecked Sendable {
        let owners: [JSClassRef]
        let setup: JSClassRef
        func of(_ owner: Owner) -> JSClassRef { owners[owner.rawValue] }
    }

    static let classes: Classes? = {
        guard case .success(let lib) = JSCLibrary.shared else { return nil }
        precondition(accessors.count <= NativeEntryPoints.getters.count && setterAccessors.count <= NativeEntryPoints.setters.count
                     && methods.count <= NativeEntryPoints.functions.count, "more native members than entry points")
        // Property attributes: ReadOnly 2, DontEnum 4, DontDelete 8. Every class is made without an automatic
        // prototype: the prelude gives each object its prototype, and static functions live on the objects.
        var setterSlot = 0
        var owners: [JSClassRef] = []
        for owner in Owner.allCases {
            var values: [ClassTable.Value] = []
            for (i, a) in accessors.enumerated() {
                var setter: JSCLibrary.SetProperty?
                if a.set != nil { setter = NativeEntryPoints.setters[setterSlot]; setterSlot += 1 }
                guard a.owner == owner else { continue }
                values.append(.init(name: a.name, get: NativeEntryPoints.getters[i], set: setter, attributes: setter == nil ? 2 | 4 | 8 : 4 | 8))
            }
            setterSlot = 0
            let functions = methods.indices.filter { methods[$0].owner == owner }
                .map { ClassTable.Function(name: methods[$0].name, call: NativeEntryPoints.functions[$0], attributes: 4) }
            var callbacks = ClassTable.Callbacks()
            if owner == .style { callbacks.get = styleGet; callbacks.set = styleSet }
            if owner == .dataset { callbacks.get = datasetGet; callbacks.set = datasetSet; callbacks.delete = datasetDelete; callbacks.names = datasetNames }
            guard let cls = ClassTable.make(lib, name: owner == .node ? "Object" : owner.interface, values: values, functions: functions,
                                            callbacks: callbacks) else { return nil }
            owners.append(cls)
        }
        let setupFunctions: [ClassTable.Function] = [
            .init(name: "wrap", call: { ctx, _, _, argc, argv, _ in JSCLock.holding(ctx) { NativeDOM.wrap(ctx, argc, argv) } }, attributes: 2 | 4 | 8),
            .init(name: "setup", call: { ctx, _, _, argc, argv, _ in JSCLock.holding(ctx) { NativeDOM.setUp(ctx, argc, argv) } }, attributes: 2 | 4 | 8),
            .init(name: "observing", call: { ctx, _, _, argc, argv, _ in NativeDOM.setObserving(ctx, argc, argv) }, attributes: 2 | 4 | 8),
            .init(name: "readyState", call: { ctx, _, _, _, _, _ in
                guard let engine = JSCEngine.running, let dom = engine.dom else { return nil }
                return JSCLock.holding(ctx) { engine.lib.withString(dom.readyState) { engine.lib.valueMakeString(ctx, $0) } }
            }, attributes: 2 | 4 | 8),
            .init(name: "media", call: { ctx, _, _, argc, argv, _ in JSCLock.holding(ctx) { NativeDOM.media(ctx, argc, argv) } }, attributes: 2 | 4 | 8),
            .init(name: "event", call: { ctx, _, _, argc, argv, _ in JSCLock.holding(ctx) { NativeEvents.make(ctx, argc, argv) } }, attributes: 2 | 4 | 8),
            .init(name: "eventOp", call: { ctx, _, this, argc, argv, exception in
                JSCLock.holding(ctx) { NativeEvents.operation(ctx, this, argc, argv, exception) }
            }, attributes: 2 | 4 | 8),
            .init(name: "dispatchStart", call: { ctx, _, _, argc, argv, exception in
                JSCLock.holding(ctx) { NativeEvents.dispatchStart(ctx, argc, argv, exception) }
            }, attributes: 2 | 4 | 8),
            .init(name: "dispatchNext", call: { ctx, _, _, argc, argv, _ in JSCLock.holding(ctx) { NativeEvents.dispatchNext(ctx, argc, argv) } },
                  attributes: 2 | 4 | 8),
            .init(name: "listened", call: { ctx, _, _, argc, argv, _ in JSCLock.holding(ctx) { NativeEvents.listened(ctx, argc, argv) } }, attributes: 2 | 4 | 8),
        ]
        guard let setup = ClassTable.make(lib, name: "Object", values: [], functions: setupFunctions + NativeInput.functions,
                                          callbacks: .init()) else { return nil }
        return Classes(owners: owners, setup: setup)
    }()

    /// `wrap(id)`: the wrapper of node `id` (the prelude's `wrap` asks when its cache has none).
    private static func wrap(_ ctx: JSContextRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?) -> JSValueRef? {
        guard let engine = JSCEngine.running, let dom = engine.dom, argc >= 1, let argv else { return nil }
        let raw = engine.lib.valueToNumber(ctx, argv[0], nil)
        guard raw.isFinite, raw >= 0, raw < Double(dom.tree.arenaCount) else { return engine.lib.valueMakeNull(ctx) }
        return makeWrapper(engine, dom, ctx, DOMNodeID(raw: Int32(raw))) ?? engine.lib.valueMakeNull(ctx)
    }

    /// The element names the prelude has a class for, in the order of its `ELEMENT_CLASSES`.
    static let elementClassNames = ["a", "area", "img", "script", "input", "textarea", "select", "option", "button", "form", "label",
                                    "template", "body", "dialog", "video", "audio", "canvas"]
    static let elementClassIndex = Dictionary(uniqueKeysWithValues: elementClassNames.enumerated().map { ($1, $0) })

    /// A new wrapper of node `id`, with its prototype, its `__id` and `__n` (the prelude reads them everywhere: as
    /// ordinary read-only, hidden properties they cost no call into native code), kept in the page's cache.
    static func makeWrapper(_ engine: JSCEngine, _ dom: PageScripting, _ ctx: JSContextRef?, _ id: DOMNodeID) -> JSObjectRef? {
        let lib = engine.lib
        let state = engine.native
        guard let classes, Int(id.raw) < dom.tree.arenaCount,
              let object = lib.objectMake(ctx, classes.of(.node), privateData(.node, id)) else { return nil }
        let kind = dom.tree.kind(id)
        let hidden: UInt32 = 2 | 4 | 8
        var prototype: JSObjectRef? = Int(kind.rawValue) < state.kindPrototypes.count ? state.kindPrototypes[Int(kind.rawValue)] : nil
        lib.objectSetProperty(ctx, object, NativeNames.shared.id, lib.valueMakeNumber(ctx, Double(id.raw)), hidden, nil)
        if kind == .element {
            let name = dom.tree.localName(id)
            if let i = NativeDOM.elementClassIndex[name], i < state.elementPrototypes.count, let own = state.elementPrototypes[i] {
                prototype = own
            }
            lib.withString(name) { nameRef in
                lib.objectSetProperty(ctx, object, NativeNames.shared.name, lib.valueMakeString(ctx, nameRef), hidden, nil)
            }
        }
        if let prototype { lib.objectSetPrototype(ctx, object, prototype) }
        if let cache = state.cache { lib.objectSetPropertyAtIndex(ctx, cache, UInt32(id.raw), object, nil) }
        return object
    }

    /// `setup(cache, hooks)`: keeps what native members need; answers the method holders (element, document).
    private static func setUp(_ ctx: JSContextRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?) -> JSValueRef? {
        guard let engine = JSCEngine.running, let classes, argc >= 2, let argv else { return nil }
        let lib = engine.lib
        engine.native.cache = lib.valueToObject(ctx, argv[0], nil)
        for kept in [engine.native.cache, lib.valueToObject(ctx, argv[1], nil)].compactMap({ $0 }) {
            lib.valueProtect(ctx, kept)
            engine.native.protected.append(kept)
        }
        if let hooks = lib.valueToObject(ctx, argv[1], nil) {
            func hook(_ name: String) -> JSObjectRef? {
                lib.withString(name) { lib.objectGetProperty(ctx, hooks, $0, nil) }.flatMap { lib.valueToObject(ctx, $0, nil) }
            }
            engine.native.attributeChanged = hook("attributeChanged")
            engine.native.imageSourceSet = hook("imageSourceSet")
            engine.native.domException = hook("domException")
            engine.native.inlineHandler = hook("inlineHandler")
            engine.native.tokenListPrototype = hook("tokenListPrototype")
            engine.native.stylePrototype = hook("stylePrototype")
            engine.native.nodeListPrototype = hook("nodeListPrototype")
            if let elements = hook("elementPrototypes") {
                engine.native.elementPrototypes = NativeDOM.elementClassNames.indices.map { i in
                    lib.objectGetPropertyAtIndex(ctx, elements, UInt32(i), nil).flatMap { lib.valueToObject(ctx, $0, nil) }
                }
            }
            engine.native.reportError = hook("reportError")
            engine.native.compileHandler = hook("compileHandler")
            if let events = hook("eventPrototypes") {
                engine.native.eventPrototypes = EventKind.allCases.map { kind in
                    lib.objectGetPropertyAtIndex(ctx, events, UInt32(kind.rawValue), nil).flatMap { lib.valueToObject(ctx, $0, nil) }
                }
            }
            if let kinds = hook("kindPrototypes") {
                engine.native.kindPrototypes = (0..<6).map { i in
                    lib.objectGetPropertyAtIndex(ctx, kinds, UInt32(i), nil).flatMap { lib.valueToObject(ctx, $0, nil) }
                }
            }
            for name in ["insertNode", "removeNode", "setTextContent", "setInnerHTML", "startScripts", "imageBroughtIn"] { engine.native.mutationHooks[name] = hook(name) }
        }
        let holders: [JSValueRef?] = [lib.objectMake(ctx, classes.of(.elementMethods), nil), lib.objectMake(ctx, classes.of(.documentMethods), nil)]
        return holders.withUnsafeBufferPointer { lib.objectMakeArray(ctx, $0.count, $0.baseAddress, nil) }
    }

    /// `media(query)`: whether the media query list matches the simulated screen (MediaQuery, as the style sheets use it).
    private static func media(_ ctx: JSContextRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?) -> JSValueRef? {
        guard let engine = JSCEngine.running, let page = engine.dom?.page, argc >= 1, let argv else { return nil }
        return engine.lib.valueMakeBoolean(ctx, MediaQuery.matches(engine.string(of: argv[0]), page.viewport))
    }

    /// `observing(flag)`: whether a MutationObserver is registered (attribute changes then queue records).
    private static func setObserving(_ ctx: JSContextRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?) -> JSValueRef? {
        guard let engine = JSCEngine.running else { return nil }
        engine.native.observing = argc > 0 && argv.map { engine.lib.valueToBoolean(ctx, $0[0]) } == true
        return engine.lib.valueMakeUndefined(ctx)
    }
}

/// An attribute's value as the DOM's ordered set of tokens (split on ASCII whitespace, duplicates dropped).
struct TokenSet {
    var tokens: [String]
    init(_ value: String?) {
        var seen = Set<String>()
        tokens = []
        // On bytes: "\r\n" is one Character, which a split on characters would not take for whitespace.
        for part in (value ?? "").utf8.split(whereSeparator: TextBytes.isSpace) {
            let t = String(decoding: part, as: UTF8.self)
            if seen.insert(t).inserted { tokens.append(t) }
        }
    }
    var serialized: String { tokens.joined(separator: " ") }
}

/// A style attribute's declarations, in order, as the inline style object reads and writes them (the last
/// declaration of a property wins and keeps the first one's place).
struct InlineStyle {
    var entries: [(name: String, value: String)] = []
    init(_ text: String?) {
        guard let text, !text.isEmpty else { return }
        let bytes = Array(text.utf8)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x3B { end += 1 }   // ';'
            if let colon = bytes[start..<end].firstIndex(of: 0x3A) {   // ':'
                let name = TextBytes.lowercased(TextBytes.trimmed(bytes, start..<colon))
                if !name.isEmpty { set(name, TextBytes.trimmed(bytes, (colon + 1)..<end)) }
            }
            start = end + 1
        }
    }
    func value(_ name: String) -> String? { entries.first { $0.name == name }?.value }
    mutating func set(_ name: String, _ value: String) {
        if let i = entries.firstIndex(where: { $0.name == name }) { entries[i].value = value } else { entries.append((name, value)) }
    }
    mutating func remove(_ name: String) { entries.removeAll { $0.name == name } }
    var serialized: String { entries.filter { !$0.value.isEmpty }.map { "\($0.name): \($0.value);" }.joined(separator: " ") }
}

extension NativeCall {
    private func hasHandler(documentOnly: Bool) -> Bool { kind == .document || (kind == .element && !documentOnly) }

    /// The node's table of handlers set by script (`__h`, no prototype), made when `create`.
    private func handlerTable(create: Bool) -> JSObjectRef? {
        guard let this else { return nil }
        let names = NativeNames.shared
        if let existing = lib.objectGetProperty(ctx, this, names.handlers, nil), lib.valueGetType(ctx, existing) == JSType.object.rawValue {
            return lib.valueToObject(ctx, existing, nil)
        }
        guard create, let table = lib.objectMake(ctx, nil, nil) else { return nil }
        lib.objectSetPrototype(ctx, table, lib.valueMakeNull(ctx))
        lib.objectSetProperty(ctx, this, names.handlers, table, 2 | 4 | 8, nil)
        return table
    }

    func handler(_ type: String, documentOnly: Bool) -> JSValueRef? {
        guard hasHandler(documentOnly: documentOnly) else { return nil }
        if let table = handlerTable(create: false),
           let own = lib.withString(type, { lib.objectGetProperty(ctx, table, $0, nil) }),
           lib.valueGetType(ctx, own) != JSType.undefined.rawValue { return own }
        guard kind == .element, tree.attribute(node, "on" + type) != nil, let compile = engine.native.inlineHandler else { return null }
        let args: [JSValueRef?] = [this, string(type)]
        let compiled = args.withUnsafeBufferPointer { lib.objectCallAsFunction(ctx, compile, nil, $0.count, $0.baseAddress, exception) }
        guard let compiled, lib.valueGetType(ctx, compiled) == JSType.object.rawValue else { return null }
        return compiled
    }

    func setHandler(_ type: String, documentOnly: Bool, _ value: JSValueRef?) -> JSValueRef? {
        guard hasHandler(documentOnly: documentOnly), let table = handlerTable(create: true) else { return nil }
        let isFunction = lib.valueGetType(ctx, value) == JSType.object.rawValue && lib.valueToObject(ctx, value, nil).map { lib.objectIsFunction(ctx, $0) } == true
        lib.withString(type) { lib.objectSetProperty(ctx, table, $0, isFunction ? value : null, 0, nil) }
        if isFunction { dom.noteListener(node, type) }
        return undefined
    }

    var id: ScriptValue { .number(Double(node.raw)) }

    /// A host operation's answer (the prelude's operations, answered without the trip through JavaScript).
    func hostValue(_ op: HostOperation, _ args: [ScriptValue]) -> JSValueRef? {
        do throws(ScriptHostError) { return engine.jsValue(try dom.host(op, args)) } catch { return fail(error) }
    }

    /// Calls the prelude's mutation function `name` (the path that queues MutationObserver records).
    func callHook(_ name: String, _ args: [JSValueRef?]) -> JSValueRef? {
        guard let hook = engine.native.mutationHooks[name] else { return undefined }
        var thrown: JSValueRef?
        let result = args.withUnsafeBufferPointer { lib.objectCallAsFunction(ctx, hook, nil, $0.count, $0.baseAddress, &thrown) }
        if let thrown { exception?.pointee = thrown; return nil }
        return result
    }

    /// The node id of `value` when it is a node wrapper of this page.
    func nodeArgument(_ value: JSValueRef?) -> DOMNodeID? {
        guard let value, lib.valueGetType(ctx, value) == JSType.object.rawValue, let object = lib.valueToObject(ctx, value, nil) else { return nil }
        return NativeDOM.context(ctx, object, .node, nil)?.node
    }

    /// `appendChild`/`insertBefore`: inserts the node (a fragment's children), starts scripts it connected, answers it.
    func insert(_ child: JSValueRef?, before reference: JSValueRef?, method: String) -> JSValueRef? {
        guard let childID = nodeArgument(child) else {
            return fail(ScriptHostError("Argument 1 ('node') to Node.\(method) must be an instance of Node"))
        }
        let refType = reference.map { lib.valueGetType(ctx, $0) } ?? JSType.undefined.rawValue
        let hasReference = refType != JSType.undefined.rawValue && refType != JSType.null.rawValue
        let refID = hasReference ? nodeArgument(reference) : nil
        if hasReference && refID == nil { return fail(ScriptHostError("Argument 2 ('child') to Node.insertBefore must be an instance of Node")) }
        if engine.native.observing {
            return callHook("insertNode", [this, child, hasReference ? reference : null]) == nil ? nil : child
        }
        let started: ScriptValue
        let brought = tree.kind(childID) == .documentFragment ? tree.children(childID) : [childID]   // what lands in the tree
        do throws(ScriptHostError) {
            started = try dom.host(.domInsert, [.number(Double(childID.raw)), refID.map { .number(Double($0.raw)) } ?? .null, id])
        } catch { return fail(error) }
        if case .array(let ids) = started, !ids.isEmpty, callHook("startScripts", [engine.jsValue(started)]) == nil { return nil }
        for root in brought where !imagesBroughtIn(under: root) { return nil }
        return child
    }

    /// The images under `root` that markup or an insertion just brought in get their load or error in a task, as a
    /// browser starts loading them (the prelude's `imageBroughtIn`, which skips images already settled and those of a
    /// document that never loads anything: DOMParser's, createHTMLDocument's). False when the hook threw.
    func imagesBroughtIn(under root: DOMNodeID) -> Bool {
        guard engine.native.mutationHooks["imageBroughtIn"] != nil else { return true }
        var stack = [root]
        while let n = stack.popLast() {
            if tree.kind(n) == .element, tree.localName(n) == "img", tree.namespace(n) == .html, tree.attribute(n, "src") != nil {
                if callHook("imageBroughtIn", [wrapper(n)]) == nil { return false }
            }
            var c = tree.lastChild(n)
            while let x = c { stack.append(x); c = tree.previousSibling(x) }
        }
        return true
    }

    func removeChild(_ child: JSValueRef?) -> JSValueRef? {
        guard let childID = nodeArgument(child) else {
            return fail(ScriptHostError("Argument 1 ('child') to Node.removeChild must be an instance of Node"))
        }
        guard tree.parent(childID) == node else { return failDOM("The node to be removed is not a child of this node.", "NotFoundError") }
        if engine.native.observing { return callHook("removeNode", [child]) == nil ? nil : child }
        tree.remove(childID)
        return child
    }

    /// `querySelector(All)` under this node: the first match (or null), or a NodeList of all of them; a selector the
    /// engine cannot read throws a SyntaxError DOMException.
    func query(_ selectorText: JSValueRef?, all: Bool) -> JSValueRef? {
        let text = text(selectorText)
        let selector: CSSSelector
        do throws(ScriptHostError) { selector = try dom.selector(text) } catch { return failDOM(error.message, error.name) }
        let found = dom.query(node, selector, all: all)
        guard all else { return wrapper(found.first) }
        var items: [JSValueRef?] = []
        items.reserveCapacity(found.count)
        for n in found { items.append(wrapper(n)) }
        let list = items.withUnsafeBufferPointer { lib.objectMakeArray(ctx, $0.count, $0.baseAddress, nil) }
        if let list, let proto = engine.native.nodeListPrototype { lib.objectSetPrototype(ctx, list, proto) }
        return list
    }

    /// `index` as the DOM converts an `unsigned long` argument (nil for a negative or non-finite one).
    func index(_ value: JSValueRef?) -> Int? {
        let d = lib.valueToNumber(ctx, value, nil)
        guard d.isFinite, d >= 0, d < 4_294_967_296 else { return nil }
        return Int(d)
    }

    /// The first `count` arguments as tokens, or nil after throwing the DOMException a browser throws for an empty
    /// token or one with whitespace in it.
    func validTokens(_ a: NativeArguments, count: Int) -> [String]? {
        var out: [String] = []
        for i in 0..<count {
            let t = text(a[i])
            if t.isEmpty { _ = failDOM("The token provided must not be empty.", "SyntaxError"); return nil }
            if t.utf8.contains(where: TextBytes.isSpace) {
                _ = failDOM("The token provided ('\(t)') contains HTML space characters, which are not valid in tokens.", "InvalidCharacterError")
                return nil
            }
            out.append(t)
        }
        return out
    }

    /// A token list's update steps: the class attribute becomes the set, unless it is absent and the set empty.
    func update(_ set: TokenSet) -> JSValueRef? {
        if set.tokens.isEmpty && tree.attribute(node, "class") == nil { return undefined }
        return setAttribute("class", set.serialized)
    }

    /// Sets (or, with an empty value, removes) one property of the style attribute.
    func setStyle(_ name: String, _ value: String, important: Bool) -> JSValueRef? {
        let old = tree.attribute(node, "style")
        var style = InlineStyle(old)
        if value.isEmpty { style.remove(name) } else { style.set(name, value + (important ? " !important" : "")) }
        let text = style.serialized
        guard !text.isEmpty || old != nil else { return undefined }
        return setAttribute("style", text)
    }
}

/// `JSClassDefinition` with static tables and callbacks, laid out by hand (no C headers here). The engine copies the
/// names and tables when it makes the class, so the memory here is freed once the class exists.
enum ClassTable {
    struct Value { let name: String; let get: JSCLibrary.GetProperty; let set: JSCLibrary.SetProperty?; let attributes: UInt32 }
    struct Function { let name: String; let call: JSCLibrary.CallAsFunction; let attributes: UInt32 }
    /// Class-wide callbacks (named properties such as a style declaration's; a callable object's call; finalize).
    struct Callbacks {
        var get: JSCLibrary.GetProperty?
        var set: JSCLibrary.SetProperty?
        var delete: JSCLibrary.DeleteProperty?
        var names: JSCLibrary.GetPropertyNames?
        var call: JSCLibrary.CallAsFunction?
        var finalize: JSCLibrary.Finalize?
    }

    /// A class whose objects get their prototype from whoever makes them (kJSClassAttributeNoAutomaticPrototype: the
    /// static functions live on the objects themselves).
    static func make(_ lib: JSCLibrary, name: String, parent: JSClassRef? = nil, values: [Value] = [], functions: [Function] = [],
                     callbacks: Callbacks) -> JSClassRef? {
        let pointer = MemoryLayout<UnsafeRawPointer>.size
        var allocations: [UnsafeMutableRawPointer] = []
        defer { allocations.forEach { free($0) } }
        func cString(_ s: String) -> UnsafeRawPointer? {
            guard let p = strdup(s) else { return nil }
            allocations.append(UnsafeMutableRawPointer(p))
            return UnsafeRawPointer(p)
        }
        /// A zero-filled table of `count` entries of `slots` pointers each, plus the zeroed entry that ends it.
        func table(_ count: Int, slots: Int, _ fill: (UnsafeMutableRawPointer, Int) -> Void) -> UnsafeRawPointer? {
            guard count > 0, let t = calloc(count + 1, slots * pointer) else { return nil }
            allocations.append(t)
            for i in 0..<count { fill(t.advanced(by: i * slots * pointer), i) }
            return UnsafeRawPointer(t)
        }
        // JSStaticValue: name, getProperty, setProperty, attributes (padded to 4 pointers).
        let valueTable = table(values.count, slots: 4) { entry, i in
            entry.storeBytes(of: cString(values[i].name), as: UnsafeRawPointer?.self)
            entry.advanced(by: pointer).storeBytes(of: values[i].get, as: JSCLibrary.GetProperty.self)
            entry.advanced(by: 2 * pointer).storeBytes(of: values[i].set, as: JSCLibrary.SetProperty?.self)
            entry.advanced(by: 3 * pointer).storeBytes(of: values[i].attributes, as: UInt32.self)
        }
        // JSStaticFunction: name, callAsFunction, attributes (padded to 3 pointers).
        let functionTable = table(functions.count, slots: 3) { entry, i in
            entry.storeBytes(of: cString(functions[i].name), as: UnsafeRawPointer?.self)
            entry.advanced(by: pointer).storeBytes(of: functions[i].call, as: JSCLibrary.CallAsFunction.self)
            entry.advanced(by: 2 * pointer).storeBytes(of: functions[i].attributes, as: UInt32.self)
        }
        // JSClassDefinition: int version; unsigned attributes; then 15 pointers (className, parentClass,
        // staticValues, staticFunctions, initialize, finalize, hasProperty, getProperty, setProperty,
        // deleteProperty, getPropertyNames, callAsFunction, callAsConstructor, hasInstance, convertToType).
        guard let def = calloc(1, 8 + 15 * pointer) else { return nil }
        allocations.append(def)
        def.advanced(by: 4).storeBytes(of: UInt32(2), as: UInt32.self)   // kJSClassAttributeNoAutomaticPrototype
        let slot = { (i: Int) in def.advanced(by: 8 + i * pointer) }
        slot(0).storeBytes(of: cString(name), as: UnsafeRawPointer?.self)
        slot(1).storeBytes(of: parent, as: JSClassRef?.self)
        slot(2).storeBytes(of: valueTable, as: UnsafeRawPointer?.self)
        slot(3).storeBytes(of: functionTable, as: UnsafeRawPointer?.self)
        slot(5).storeBytes(of: callbacks.finalize, as: JSCLibrary.Finalize?.self)
        slot(7).storeBytes(of: callbacks.get, as: JSCLibrary.GetProperty?.self)
        slot(8).storeBytes(of: callbacks.set, as: JSCLibrary.SetProperty?.self)
        slot(9).storeBytes(of: callbacks.delete, as: JSCLibrary.DeleteProperty?.self)
        slot(10).storeBytes(of: callbacks.names, as: JSCLibrary.GetPropertyNames?.self)
        slot(11).storeBytes(of: callbacks.call, as: JSCLibrary.CallAsFunction?.self)
        return lib.classCreate(def)
    }
}
