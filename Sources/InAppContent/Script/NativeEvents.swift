// Events bound natively: event objects are objects of native classes (one per interface, Event → UIEvent →
// MouseEvent → PointerEvent, …) whose fields answer from Swift, and dispatch's bookkeeping (the path, capture, target
// and bubble phases, which handler or listener comes next, `once`, `passive`, stopping, a handler's return value) runs
// here; the prelude's small `dispatch` loop makes each call, so that what a listener throws, and the engine ending a
// run that took too long, unwind through script frames (a listener called from native code would turn the engine's
// termination into an ordinary, catchable exception). Whether anything listens at all is answered here too, so an
// event nobody could see is never made. A page pays nothing for an interface it does not use, where the prelude's
// classes cost every page their creation and every first event a cold run of their constructors and of dispatch.
// What stays in the prelude (Prelude.swift): the interfaces' classes (empty, for `instanceof`, subclassing by pages and
// the methods on Event.prototype), addEventListener/removeEventListener (listeners are kept on the target, in `__l`,
// where dispatch reads them), and the sequences that decide what to dispatch (a tap, typing, forms).
import Foundation

/// The event interfaces, in the order of the prelude's `eventPrototypes` (its setup hooks).
enum EventKind: Int, CaseIterable {
    case event, ui, mouse, pointer, touch, keyboard, input, focus, custom, submit, error, mediaQueryList

    var interface: String {
        ["Event", "UIEvent", "MouseEvent", "PointerEvent", "TouchEvent", "KeyboardEvent", "InputEvent", "FocusEvent",
         "CustomEvent", "SubmitEvent", "ErrorEvent", "MediaQueryListEvent"][rawValue]
    }

    var parent: EventKind? {
        switch self {
        case .event: return nil
        case .ui, .custom, .submit, .error, .mediaQueryList: return .event
        case .mouse, .touch, .keyboard, .input, .focus: return .ui
        case .pointer: return .mouse
        }
    }

    /// The fields the interface adds to its parent's, each with how the constructor's init dictionary gives it.
    var fields: [(name: String, rule: EventField)] {
        let modifiers: [(String, EventField)] = ["ctrlKey", "shiftKey", "altKey", "metaKey"].map { ($0, .flag) }
        switch self {
        case .event: return []
        case .ui: return [("detail", .or(0)), ("view", .orNull)]
        case .mouse:
            return ["screenX", "screenY", "clientX", "clientY", "pageX", "pageY", "offsetX", "offsetY", "button", "buttons"].map { ($0, .or(0)) }
                + modifiers + [("relatedTarget", .orNull)]
        case .pointer:
            return [("pointerId", .or(1)), ("pointerType", .orString("touch")), ("isPrimary", .flag), ("width", .or(1)),
                    ("height", .or(1)), ("pressure", .or(0))]
        case .touch: return [("touches", .orList), ("targetTouches", .orList), ("changedTouches", .orList)]
        case .keyboard:
            return [("key", .orString("")), ("code", .orString("")), ("keyCode", .or(0)), ("which", .same("keyCode")),
                    ("charCode", .or(0)), ("repeat", .flag), ("location", .constant(0))] + modifiers
        case .input: return [("data", .nullIfUndefined), ("inputType", .orString("")), ("isComposing", .constantFalse)]
        case .focus: return [("relatedTarget", .orNull)]
        case .custom: return [("detail", .nullIfUndefined)]
        case .submit: return [("submitter", .orNull)]
        case .error:
            return [("message", .orString("")), ("filename", .orString("")), ("lineno", .or(0)), ("colno", .or(0)), ("error", .orNull)]
        case .mediaQueryList: return [("matches", .flag), ("media", .orString(""))]
        }
    }

    /// This interface's rule for `name`, or its nearest parent's.
    func rule(_ name: String) -> EventField? {
        var kind: EventKind? = self
        while let k = kind {
            if let f = EventKind.rules[k.rawValue][name] { return f }
            kind = k.parent
        }
        return nil
    }

    private static let rules: [[String: EventField]] = allCases.map { kind in
        Dictionary(kind.fields.map { ($0.name, $0.rule) }, uniquingKeysWith: { a, _ in a })
    }
}

/// How an event field comes from the init dictionary (as the prelude's constructors wrote it).
enum EventField {
    case or(Double)             // init.x || n
    case orString(String)       // init.x || 's'
    case orNull                 // init.x || null
    case orList                 // init.x || [] (one array per event)
    case flag                   // !!init.x
    case nullIfUndefined        // init.x === undefined ? null : init.x
    case constant(Double)
    case constantFalse
    case same(String)           // another field's value (`which` is `keyCode`)
}

/// An event's state: what its native fields answer and what dispatch changes.
final class EventState {
    let kind: EventKind
    var type: String
    var bubbles = false, cancelable = false, composed = false
    var defaultPrevented = false, isTrusted = false
    var timeStamp: Double = 0
    var phase = 0
    var stop = false, stopNow = false, passive = false
    /// The nodes of the last dispatch's path, innermost first, and whether the window followed them; nil when the
    /// target was not a node (then the path is the target alone).
    var path: [DOMNodeID]?
    var pathEndsAtWindow = false
    /// The dispatch under way, between the prelude's dispatchStart and its last dispatchNext.
    var cursor: EventDispatch?

    init(kind: EventKind, type: String) { self.kind = kind; self.type = type }
    deinit { if let typeRef = cursor?.typeName { (try? JSCLibrary.shared.get())?.stringRelease(typeRef) } }

    func preventDefault() { if cancelable && !passive { defaultPrevented = true } }
}

/// Property names native events and dispatch use, made once per process.
final class EventNames: @unchecked Sendable {
    static let shared = EventNames()
    let listeners, handlers, target, currentTarget, initDictionary, fn, capture, once, passive, removed, length, prototype,
        bubbles, cancelable, composed, snapshot: JSStringRef?
    private init() {
        let lib = try? JSCLibrary.shared.get()
        func s(_ text: String) -> JSStringRef? { lib?.makeString(text) }
        listeners = s("__l"); handlers = s("__h"); target = s("__t"); currentTarget = s("__ct"); initDictionary = s("__i")
        fn = s("fn"); capture = s("capture"); once = s("once"); passive = s("passive"); removed = s("removed")
        length = s("length")
        prototype = s("prototype"); bubbles = s("bubbles"); cancelable = s("cancelable"); composed = s("composed")
        snapshot = s("__s")
    }

    /// An event type and its `on…` handler name as property names, kept for the process: whether anything listens is
    /// asked for every event a page may fire (16 times for a tap), and making and releasing the two strings each time
    /// was over a quarter of that question's cost (callgrind). At most `typeLimit` types are kept (pages make up their own); past that, nil.
    func typeNames(_ type: String) -> (type: JSStringRef?, handler: JSStringRef?)? {
        lock.lock(); defer { lock.unlock() }
        if let names = types[type] { return names }
        guard types.count < Self.typeLimit, let lib = try? JSCLibrary.shared.get() else { return nil }
        let names = (type: lib.makeString(type), handler: lib.makeString("on" + type))
        types[type] = names
        return names
    }
    static let typeLimit = 256
    private let lock = NSLock()
    private var types: [String: (type: JSStringRef?, handler: JSStringRef?)] = [:]
}

enum NativeEvents {
    // MARK: Classes

    /// One class per interface, each the child of its parent interface's (so `Event`'s fields are every event's);
    /// made once per process. The base class releases an event's state when the collector frees the event.
    struct Classes: @unchecked Sendable {
        let byKind: [JSClassRef]
        subscript(kind: EventKind) -> JSClassRef { byKind[kind.rawValue] }
        var base: JSClassRef { byKind[0] }
    }

    static let classes: Classes? = {
        guard case .success(let lib) = JSCLibrary.shared else { return nil }
        // Property attributes: ReadOnly 2, DontEnum 4, DontDelete 8. `isTrusted` is the one own enumerable field
        // browsers show (JSON.stringify(event) gives {"isTrusted": …}).
        let readOnly: UInt32 = 2 | 4 | 8
        let core: [ClassTable.Value] = ["type", "target", "currentTarget", "srcElement", "eventPhase", "bubbles", "cancelable",
                                        "composed", "defaultPrevented", "timeStamp"].map { .init(name: $0, get: eventGet, set: nil, attributes: readOnly) }
            + [.init(name: "isTrusted", get: eventGet, set: eventSet, attributes: 8),
               .init(name: "returnValue", get: eventGet, set: eventSet, attributes: 4 | 8),
               .init(name: "cancelBubble", get: eventGet, set: eventSet, attributes: 4 | 8)]
        var made: [JSClassRef] = []
        for kind in EventKind.allCases {
            let values = kind == .event ? core : kind.fields.map { ClassTable.Value(name: $0.name, get: eventGet, set: nil, attributes: readOnly) }
            var callbacks = ClassTable.Callbacks()
            if kind == .event { callbacks.finalize = eventFinalize }
            guard let cls = ClassTable.make(lib, name: kind.interface, parent: kind.parent.map { made[$0.rawValue] },
                                            values: values, callbacks: callbacks) else { return nil }
            made.append(cls)
        }
        return Classes(byKind: made)
    }()

    /// The state of `value` when it is an event made here.
    static func state(_ lib: JSCLibrary, _ ctx: JSContextRef?, _ value: JSValueRef?) -> (JSObjectRef, EventState)? {
        guard let value, let base = classes?.base, lib.valueIsObjectOfClass(ctx, value, base),
              let object = lib.valueToObject(ctx, value, nil), let raw = lib.objectGetPrivate(object) else { return nil }
        return (object, Unmanaged<EventState>.fromOpaque(raw).takeUnretainedValue())
    }

    // MARK: Fields

    private static let eventFinalize: JSCLibrary.Finalize = { object in
        guard let object, let lib = try? JSCLibrary.shared.get(), let raw = lib.objectGetPrivate(object) else { return }
        Unmanaged<EventState>.fromOpaque(raw).release()
    }

    private static let eventGet: JSCLibrary.GetProperty = { ctx, object, name, _ in
        JSCLock.holding(ctx) { field(ctx, object, name) }
    }

    private static func field(_ ctx: JSContextRef?, _ object: JSObjectRef?, _ name: JSStringRef?) -> JSValueRef? {
        guard let lib = try? JSCLibrary.shared.get(), let object, let raw = lib.objectGetPrivate(object) else { return nil }
        let state = Unmanaged<EventState>.fromOpaque(raw).takeUnretainedValue()
        let names = EventNames.shared
        let field = lib.string(name)
        switch field {
        case "type": return lib.withString(state.type) { lib.valueMakeString(ctx, $0) }
        case "target", "srcElement": return hidden(lib, ctx, object, names.target)
        case "currentTarget": return hidden(lib, ctx, object, names.currentTarget)
        case "eventPhase": return lib.valueMakeNumber(ctx, Double(state.phase))
        case "bubbles": return lib.valueMakeBoolean(ctx, state.bubbles)
        case "cancelable": return lib.valueMakeBoolean(ctx, state.cancelable)
        case "composed": return lib.valueMakeBoolean(ctx, state.composed)
        case "defaultPrevented": return lib.valueMakeBoolean(ctx, state.defaultPrevented)
        case "isTrusted": return lib.valueMakeBoolean(ctx, state.isTrusted)
        case "timeStamp": return lib.valueMakeNumber(ctx, state.timeStamp)
        case "returnValue": return lib.valueMakeBoolean(ctx, !state.defaultPrevented)
        case "cancelBubble": return lib.valueMakeBoolean(ctx, state.stop)
        default:
            guard let rule = state.kind.rule(field) else { return nil }
            return value(of: field, rule, lib, ctx, object, state)
        }
    }

    private static let eventSet: JSCLibrary.SetProperty = { ctx, object, name, value, _ in
        guard let lib = try? JSCLibrary.shared.get(), let object, let raw = lib.objectGetPrivate(object) else { return false }
        let state = Unmanaged<EventState>.fromOpaque(raw).takeUnretainedValue()
        let on = lib.valueToBoolean(ctx, value)
        switch lib.string(name) {
        case "isTrusted": state.isTrusted = on
        case "returnValue": if !on { state.preventDefault() }
        case "cancelBubble": if on { state.stop = true }
        default: return false
        }
        return true
    }

    private static func hidden(_ lib: JSCLibrary, _ ctx: JSContextRef?, _ object: JSObjectRef, _ name: JSStringRef?) -> JSValueRef? {
        let v = lib.objectGetProperty(ctx, object, name, nil)
        return v.map { lib.valueGetType(ctx, $0) == JSType.undefined.rawValue ? lib.valueMakeNull(ctx) : $0 } ?? lib.valueMakeNull(ctx)
    }

    /// A field from the init dictionary the event was made with, as the interface's constructor reads it.
    private static func value(of field: String, _ rule: EventField, _ lib: JSCLibrary, _ ctx: JSContextRef?, _ object: JSObjectRef,
                              _ state: EventState) -> JSValueRef? {
        var member: JSValueRef? {
            guard let members = lib.object(ctx, lib.objectGetProperty(ctx, object, EventNames.shared.initDictionary, nil)) else { return nil }
            return lib.withString(field) { lib.objectGetProperty(ctx, members, $0, nil) }
        }
        func truthy(_ v: JSValueRef?) -> JSValueRef? { v.flatMap { lib.valueToBoolean(ctx, $0) ? $0 : nil } }
        switch rule {
        case .or(let n): return truthy(member) ?? lib.valueMakeNumber(ctx, n)
        case .orString(let s): return truthy(member) ?? lib.withString(s) { lib.valueMakeString(ctx, $0) }
        case .orNull: return truthy(member) ?? lib.valueMakeNull(ctx)
        case .flag: return lib.valueMakeBoolean(ctx, member.map { lib.valueToBoolean(ctx, $0) } ?? false)
        case .nullIfUndefined:
            guard let v = member, lib.valueGetType(ctx, v) != JSType.undefined.rawValue else { return lib.valueMakeNull(ctx) }
            return v
        case .constant(let n): return lib.valueMakeNumber(ctx, n)
        case .constantFalse: return lib.valueMakeBoolean(ctx, false)
        case .same(let other): return state.kind.rule(other).flatMap { value(of: other, $0, lib, ctx, object, state) }
        case .orList:
            if let v = truthy(member) { return v }
            // The same empty list on every read: kept on the event once made.
            let key = "__" + field
            if let kept = lib.object(ctx, lib.withString(key, { lib.objectGetProperty(ctx, object, $0, nil) })) { return kept }
            let list = lib.objectMakeArray(ctx, 0, nil, nil)
            lib.withString(key) { lib.objectSetProperty(ctx, object, $0, list, 4, nil) }
            return list
        }
    }

    // MARK: Entry points (the prelude's `M.event`, `M.eventOp`, `M.listened`, `M.dispatchStart`, `M.dispatchNext`)

    /// `event(newTarget, type, init)`: a new event of the interface `newTarget` is (or extends), with the
    /// prototype `newTarget.prototype`, so that a page's own subclass of Event works.
    static func make(_ ctx: JSContextRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?) -> JSValueRef? {
        guard let engine = JSCEngine.running, let classes, let argv, argc >= 2 else { return nil }
        let lib = engine.lib
        let names = EventNames.shared
        let prototype = lib.object(ctx, argv[0]).flatMap { lib.object(ctx, lib.objectGetProperty(ctx, $0, names.prototype, nil)) }
        // The interface: the first of the prelude's event prototypes on the new prototype's chain.
        var kind = EventKind.event
        var cursor = prototype
        search: while let p = cursor {
            for (i, known) in engine.native.eventPrototypes.enumerated() where known == p {
                kind = EventKind(rawValue: i) ?? .event
                break search
            }
            cursor = lib.object(ctx, lib.objectGetPrototype(ctx, p))
        }
        let state = EventState(kind: kind, type: engine.string(of: argv[1]))
        state.timeStamp = engine.dom?.now ?? 0
        let initValue: JSValueRef? = argc > 2 ? argv[2] : nil
        let initObject = lib.object(ctx, initValue)
        if let initObject {
            func flag(_ name: JSStringRef?) -> Bool { lib.objectGetProperty(ctx, initObject, name, nil).map { lib.valueToBoolean(ctx, $0) } ?? false }
            state.bubbles = flag(names.bubbles); state.cancelable = flag(names.cancelable); state.composed = flag(names.composed)
        }
        guard let object = lib.objectMake(ctx, classes[kind], Unmanaged.passRetained(state).toOpaque()) else { return nil }
        if let prototype { lib.objectSetPrototype(ctx, object, prototype) }
        // Hidden and undeletable, but writable: initCustomEvent replaces it.
        if let initObject, kind != .event { lib.objectSetProperty(ctx, object, names.initDictionary, initObject, 4 | 8, nil) }
        return object
    }

    /// `eventOp(event, op, …)`: Event.prototype's methods. 0 preventDefault, 1 stopPropagation,
    /// 2 stopImmediatePropagation, 3 composedPath, 4 initEvent(type, bubbles, cancelable), 5 the detail initCustomEvent sets.
    static func operation(_ ctx: JSContextRef?, _ this: JSObjectRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?,
                          _ exception: UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef? {
        guard let engine = JSCEngine.running, let argv, argc >= 2 else { return nil }
        let lib = engine.lib
        guard let (object, state) = state(lib, ctx, argv[0]) else {
            exception?.pointee = engine.makeError(name: "TypeError", message: "Can only call Event methods on instances of Event")
            return nil
        }
        func arg(_ i: Int) -> JSValueRef? { i < argc ? argv[i] : nil }
        switch Int(lib.valueToNumber(ctx, argv[1], nil)) {
        case 0: state.preventDefault()
        case 1: state.stop = true
        case 2: state.stop = true; state.stopNow = true
        case 3: return composedPath(engine, ctx, object, state)
        case 4:
            state.type = arg(2).map { engine.string(of: $0) } ?? "undefined"
            state.bubbles = arg(3).map { lib.valueToBoolean(ctx, $0) } ?? false
            state.cancelable = arg(4).map { lib.valueToBoolean(ctx, $0) } ?? false
        case 5:
            guard let dict = lib.objectMake(ctx, nil, nil) else { return nil }
            lib.withString("detail") { lib.objectSetProperty(ctx, dict, $0, arg(2) ?? lib.valueMakeUndefined(ctx), 0, nil) }
            lib.objectSetProperty(ctx, object, EventNames.shared.initDictionary, dict, 4 | 8, nil)
        default: break
        }
        return lib.valueMakeUndefined(ctx)
    }

    private static func composedPath(_ engine: JSCEngine, _ ctx: JSContextRef?, _ object: JSObjectRef, _ state: EventState) -> JSValueRef? {
        let lib = engine.lib
        var items: [JSValueRef?] = []
        if let path = state.path, let dom = engine.dom {
            items = path.map { NativeCall.wrapper(engine, dom, ctx, $0) }
            if state.pathEndsAtWindow { items.append(lib.contextGetGlobalObject(ctx)) }
        } else if let t = lib.object(ctx, lib.objectGetProperty(ctx, object, EventNames.shared.target, nil)) {
            items = [t]
        }
        return items.withUnsafeBufferPointer { lib.objectMakeArray(ctx, $0.count, $0.baseAddress, nil) }
    }

    /// `listened(target, type)`: whether anything on the path of a `type` event at `target` could see it (a
    /// listener, a handler property or an `on…` attribute, the window included); when nothing could, an event
    /// need not be made or dispatched.
    static func listened(_ ctx: JSContextRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?) -> JSValueRef? {
        guard let engine = JSCEngine.running, let dom = engine.dom, let argv, argc >= 2 else { return nil }
        let lib = engine.lib
        let target = lib.valueToObject(ctx, argv[0], nil)
        return lib.valueMakeBoolean(ctx, isListened(engine, dom, ctx, target, engine.string(of: argv[1])))
    }

    static func isListened(_ engine: JSCEngine, _ dom: PageScripting, _ ctx: JSContextRef?, _ target: JSObjectRef?, _ type: String) -> Bool {
        let lib = engine.lib
        if let names = EventNames.shared.typeNames(type) {
            return isListened(engine, dom, ctx, target, type, typeRef: names.type, handlerRef: names.handler)
        }
        return lib.withString(type) { typeRef in
            lib.withString("on" + type) { handlerRef in
                isListened(engine, dom, ctx, target, type, typeRef: typeRef, handlerRef: handlerRef)
            }
        }
    }

    private static func isListened(_ engine: JSCEngine, _ dom: PageScripting, _ ctx: JSContextRef?, _ target: JSObjectRef?, _ type: String,
                                   typeRef: JSStringRef?, handlerRef: JSStringRef?) -> Bool {
        let lib = engine.lib
        let global = lib.contextGetGlobalObject(ctx)
        if hasHandler(lib, ctx, global, typeRef) { return true }
        if windowHandlerTypes.contains(type), windowHandler(lib, ctx, global, handlerRef) != nil { return true }
        guard let target else { return false }
        if target == global { return windowBodyHandler(dom, type) != nil }
        guard let node = NativeDOM.node(of: target, in: dom) else { return hasHandler(lib, ctx, target, typeRef) }
        let attribute = "on" + type
        var cur: DOMNodeID? = node
        while let n = cur {
            if dom.tree.kind(n) == .element, dom.tree.attribute(n, attribute) != nil { return true }
            if dom.mayListen(n, type), let w = NativeCall.cachedWrapper(engine, ctx, n), hasHandler(lib, ctx, w, typeRef) { return true }
            cur = dom.tree.parent(n)
        }
        return false
    }

    /// A listener for the type in the target's `__l`, or a handler it set (`__h`).
    private static func hasHandler(_ lib: JSCLibrary, _ ctx: JSContextRef?, _ target: JSObjectRef?, _ typeRef: JSStringRef?) -> Bool {
        let names = EventNames.shared
        if let table = lib.object(ctx, lib.objectGetProperty(ctx, target, names.listeners, nil)),
           let list = lib.object(ctx, lib.objectGetProperty(ctx, table, typeRef, nil)),
           lib.valueToNumber(ctx, lib.objectGetProperty(ctx, list, names.length, nil), nil) > 0 { return true }
        if let table = lib.object(ctx, lib.objectGetProperty(ctx, target, names.handlers, nil)),
           let h = lib.objectGetProperty(ctx, table, typeRef, nil) {
            let t = lib.valueGetType(ctx, h)
            return t != JSType.undefined.rawValue && t != JSType.null.rawValue
        }
        return false
    }

    /// The event types the window has an `on…` handler property for (the elements' types and the window's own; the
    /// prelude defines one property per type from this list); a window property `on` + another type is an ordinary
    /// global, never called by dispatch.
    static let windowHandlerTypeList: [String] = NativeDOM.handlerTypes + ["hashchange", "popstate", "message",
        "orientationchange", "beforeunload", "unload", "pageshow", "pagehide", "online", "offline", "storage", "unhandledrejection"]
    static let windowHandlerTypes = Set(windowHandlerTypeList)

    /// The window's handler for `type`: its `on…` property (plain properties on the window, null at first; the prelude
    /// makes them so, since an accessor pair per event type cost each page more than any other window member), when a
    /// script made it a function. Anything else there (null, a string, an object that cannot be called) is no handler,
    /// as a browser turns such a value into null.
    static func windowHandler(_ lib: JSCLibrary, _ ctx: JSContextRef?, _ global: JSObjectRef?, _ handlerName: JSStringRef?) -> JSObjectRef? {
        guard let fn = lib.object(ctx, lib.objectGetProperty(ctx, global, handlerName, nil)), lib.objectIsFunction(ctx, fn) else { return nil }
        return fn
    }

    static func windowHandler(_ lib: JSCLibrary, _ ctx: JSContextRef?, _ global: JSObjectRef?, type: String) -> JSObjectRef? {
        guard windowHandlerTypes.contains(type) else { return nil }
        if let names = EventNames.shared.typeNames(type) { return windowHandler(lib, ctx, global, names.handler) }
        return lib.withString("on" + type) { windowHandler(lib, ctx, global, $0) }
    }

    /// The body's `on…` attribute, which is the window's handler for load, unload and resize.
    static func windowBodyHandler(_ dom: PageScripting, _ type: String) -> (body: DOMNodeID, source: String)? {
        guard type == "load" || type == "unload" || type == "resize", let body = dom.body,
              let source = dom.tree.attribute(body, "on" + type) else { return nil }
        return (body, source)
    }

    /// `dispatchStart(target, event)`: begins dispatching `event` at `target` (the path is fixed now). The prelude's
    /// `dispatch` then asks `dispatchNext` for each listener to call and calls it itself, so that a listener's
    /// exception, and the engine stopping a run that took too long, unwind through the page's own frames.
    static func dispatchStart(_ ctx: JSContextRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?,
                              _ exception: UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef? {
        guard let engine = JSCEngine.running, let dom = engine.dom, let argv, argc >= 2 else { return nil }
        let lib = engine.lib
        guard let (event, state) = state(lib, ctx, argv[1]) else {
            exception?.pointee = engine.makeError(name: "TypeError",
                                                  message: "Argument 1 ('event') to EventTarget.dispatchEvent must be an instance of Event")
            return nil
        }
        guard state.cursor == nil else {
            exception?.pointee = engine.makeError(name: "InvalidStateError", message: "The event is already being dispatched.")
            return nil
        }
        guard let target = lib.object(ctx, argv[0]) else {
            exception?.pointee = engine.makeError(name: "TypeError", message: "dispatchEvent called on something that is not an EventTarget")
            return nil
        }
        state.cursor = EventDispatch(engine: engine, dom: dom, ctx: ctx, event: event, state: state, target: target)
        return lib.valueMakeUndefined(ctx)
    }

    /// `dispatchNext(event, lastResult, step)`: the next listener to call, written into `step` as [listener, its
    /// `this`, whether to remove it first (`once`), its capture flag]; false when dispatch is over. `lastResult`
    /// is what the previous call returned (a handler returning false cancels the event).
    static func dispatchNext(_ ctx: JSContextRef?, _ argc: Int, _ argv: UnsafePointer<JSValueRef?>?) -> JSValueRef? {
        guard let engine = JSCEngine.running, let argv, argc >= 3 else { return nil }
        let lib = engine.lib
        guard let (_, state) = state(lib, ctx, argv[0]), var cursor = state.cursor,
              let step = lib.object(ctx, argv[2]) else { return lib.valueMakeBoolean(ctx, false) }
        engine.stressCollect(ctx)
        let more = cursor.next(lastResult: argv[1], into: step)
        state.cursor = more ? cursor : nil
        return lib.valueMakeBoolean(ctx, more)
    }
}

/// One dispatch of one event (the DOM Standard's algorithm, without shadow trees), as a cursor over the calls it makes:
/// the path's entries from the window down to the target (capturing), the target, then back up (bubbling); at each
/// entry its handler (a script's `on…` property or the compiled attribute; not while capturing), then its listeners as
/// they were when the entry's turn came.
struct EventDispatch {
    // Not owned: the cursor lives in the event's state (which the collector frees), and is used only while the page
    // runs the dispatch. Owning the engine here would let a collection end it (an event left mid-dispatch by a run
    // the engine stopped, freed after its page) and release its context from inside the collector.
    unowned(unsafe) let engine: JSCEngine
    unowned(unsafe) let dom: PageScripting
    unowned(unsafe) let state: EventState
    let ctx: JSContextRef?
    let event: JSObjectRef
    let lib: JSCLibrary

    /// Where the handler a path entry may have comes from: a node on the path, with or without an `on…` attribute
    /// (its source), or a target off the tree (the window, an XMLHttpRequest, …).
    private enum Inline { case absent, source(String), offTree }

    private struct Stop {
        var object: JSObjectRef?
        let node: DOMNodeID?
        let inline: Inline
        /// False for a node script never gave a listener or handler for the type: only its attribute can run there.
        var listens = true
    }

    private var path: [Stop] = []
    /// The entries to visit, in order, with the phase of each visit (1 capturing, 3 bubbling; the target is visited
    /// twice, capture listeners first).
    private var visits: [(stop: Int, phase: Int, eventPhase: Int)] = []
    private var visit = -1
    /// Within the current visit: its listener table, the count of its snapshot (kept on the event as `__s`, where the
    /// collector sees it), the next position in it, and whether the last step was the handler.
    private var listeners: JSObjectRef?
    private var count = 0
    private var position = 0
    private var handlerPending = false
    /// The type as a property name while the dispatch is under way: the process's (``EventNames/typeNames(_:)``), or one
    /// made for this dispatch past that table's limit (`ownsTypeRef`; released when it ends, or with the event).
    private var typeRef: JSStringRef?
    private var ownsTypeRef = false
    /// The name this dispatch made and must release, if any.
    var typeName: JSStringRef? { ownsTypeRef ? typeRef : nil }
    /// This dispatch's number in the engine's ``NativePageState/dispatchKept``.
    private let number: Int

    /// Protects `object` from the collector until the dispatch ends. Everything the dispatch holds between its calls
    /// goes through here: the event's own properties (`__s`, `__t`, `__ct`) do not keep them, since a listener can
    /// overwrite those or freeze the event so that they are never set, and the collector does not see this struct.
    private func keep(_ object: JSObjectRef?) {
        guard let object else { return }
        lib.valueProtect(ctx, object)
        engine.native.dispatchKept[number, default: []].append(object)
    }

    init(engine: JSCEngine, dom: PageScripting, ctx: JSContextRef?, event: JSObjectRef, state: EventState, target: JSObjectRef) {
        self.engine = engine; self.dom = dom; self.ctx = ctx; self.event = event; self.state = state
        let lib = engine.lib
        self.lib = lib
        number = engine.native.nextDispatch
        engine.native.nextDispatch &+= 1
        keep(event)
        keep(target)
        let names = EventNames.shared
        lib.objectSetProperty(ctx, event, names.target, target, 4 | 8, nil)
        if let node = NativeDOM.node(of: target, in: dom) {
            let attribute = "on" + state.type
            var ids: [DOMNodeID] = []
            var cur: DOMNodeID? = node
            while let n = cur {
                ids.append(n)
                let source = dom.tree.kind(n) == .element ? dom.tree.attribute(n, attribute) : nil
                path.append(Stop(object: n == node ? target : nil, node: n, inline: source.map { .source($0) } ?? .absent,
                                 listens: dom.mayListen(n, state.type)))
                cur = dom.tree.parent(n)
            }
            state.path = ids
            state.pathEndsAtWindow = ids.last == dom.tree.document && state.type != "load"
            if state.pathEndsAtWindow { path.append(Stop(object: lib.contextGetGlobalObject(ctx), node: nil, inline: .offTree)) }
        } else {
            state.path = nil
            state.pathEndsAtWindow = false
            path = [Stop(object: target, node: nil, inline: .offTree)]
        }
        for i in stride(from: path.count - 1, to: 0, by: -1) { visits.append((i, 1, 1)) }
        visits.append((0, 1, 2))
        visits.append((0, 3, 2))
        if state.bubbles { for i in 1..<max(1, path.count) { visits.append((i, 3, 3)) } }
        if let names = EventNames.shared.typeNames(state.type) {
            typeRef = names.type
        } else {
            typeRef = lib.makeString(state.type)
            ownsTypeRef = true
        }
    }

    /// Advances to the next call; false (with the event's phase and current target reset) when there is none.
    mutating func next(lastResult: JSValueRef?, into step: JSObjectRef) -> Bool {
        state.passive = false
        if handlerPending {
            handlerPending = false
            if let r = lastResult, lib.valueGetType(ctx, r) == JSType.boolean.rawValue, !lib.valueToBoolean(ctx, r),
               state.type != "beforeunload", state.type != "error" {
                state.preventDefault()
            }
        }
        while true {
            if visit >= 0 && !state.stopNow, let call = nextListener(into: step) { return call }
            // The next visit, unless propagation was stopped.
            visit += 1
            guard visit < visits.count, !state.stop else { return finish() }
            let v = visits[visit]
            state.phase = v.eventPhase
            listeners = nil; count = 0; position = 0
            if let handler = enter(v.stop, phase: v.phase) {
                handlerPending = true
                fill(step, handler, path[v.stop].object, once: false, capture: false)
                return true
            }
        }
    }

    /// The end of dispatch: as the DOM Standard says, the phase and current target are reset and so are the stop
    /// flags (an event dispatched again propagates again).
    private mutating func finish() -> Bool {
        state.phase = 0
        state.stop = false
        state.stopNow = false
        lib.objectSetProperty(ctx, event, EventNames.shared.currentTarget, lib.valueMakeNull(ctx), 4 | 8, nil)
        if ownsTypeRef { lib.stringRelease(typeRef) }
        typeRef = nil
        ownsTypeRef = false
        listeners = nil
        for object in engine.native.dispatchKept.removeValue(forKey: number) ?? [] { lib.valueUnprotect(ctx, object) }
        return false
    }

    /// Starts a visit: its current target, its listener snapshot, and the handler to call first, if any.
    private mutating func enter(_ index: Int, phase: Int) -> JSValueRef? {
        let names = EventNames.shared
        var stop = path[index]
        if !stop.listens, case .absent = stop.inline { return nil }
        if stop.object == nil, let node = stop.node {
            // A node with no wrapper has no listeners or handler property of its own; only its attribute can run.
            if phase != 1, case .source = stop.inline {
                stop.object = NativeCall.wrapper(engine, dom, ctx, node).flatMap { lib.object(ctx, $0) }
            } else if let cached = NativeCall.cachedWrapper(engine, ctx, node) {
                stop.object = cached
            }
            path[index].object = stop.object
            keep(stop.object)
        }
        guard let target = stop.object else { return nil }
        let listenerTable = stop.listens ? lib.object(ctx, lib.objectGetProperty(ctx, target, names.listeners, nil)) : nil
        let handlerTable = stop.listens ? lib.object(ctx, lib.objectGetProperty(ctx, target, names.handlers, nil)) : nil
        if case .absent = stop.inline, listenerTable == nil, handlerTable == nil { return nil }
        lib.objectSetProperty(ctx, event, names.currentTarget, target, 4 | 8, nil)
        if let listenerTable, let list = lib.object(ctx, lib.objectGetProperty(ctx, listenerTable, typeRef, nil)) {
            let n = Int(lib.valueToNumber(ctx, lib.objectGetProperty(ctx, list, names.length, nil), nil))
            if n > 0 {
                // The listeners as they are now (one added during this visit waits for the next event).
                let entries: [JSValueRef?] = (0..<n).map { lib.objectGetPropertyAtIndex(ctx, list, UInt32($0), nil) }
                let snapshot = entries.withUnsafeBufferPointer { lib.objectMakeArray(ctx, $0.count, $0.baseAddress, nil) }
                lib.objectSetProperty(ctx, event, names.snapshot, snapshot, 4 | 8, nil)
                keep(snapshot)
                listeners = snapshot
                count = n
            }
        }
        guard phase != 1 else { return nil }
        return inlineHandler(target, stop, handlerTable)
    }

    /// The next listener of the current visit that applies to its phase.
    private mutating func nextListener(into step: JSObjectRef) -> Bool? {
        guard let snapshot = listeners else { return nil }
        let names = EventNames.shared
        let phase = visits[visit].phase
        while position < count {
            let i = position
            position += 1
            guard let entry = lib.object(ctx, lib.objectGetPropertyAtIndex(ctx, snapshot, UInt32(i), nil)) else { continue }
            func flag(_ name: JSStringRef?) -> Bool { lib.objectGetProperty(ctx, entry, name, nil).map { lib.valueToBoolean(ctx, $0) } ?? false }
            if flag(names.removed) { continue }
            let capture = flag(names.capture)
            if phase == 1 && !capture { continue }
            if phase == 3 && capture { continue }
            guard let fn = lib.objectGetProperty(ctx, entry, names.fn, nil) else { continue }
            state.passive = flag(names.passive)
            fill(step, fn, path[visits[visit].stop].object, once: flag(names.once), capture: capture)
            return true
        }
        listeners = nil
        return nil
    }

    private func fill(_ step: JSObjectRef, _ listener: JSValueRef?, _ this: JSObjectRef?, once: Bool, capture: Bool) {
        lib.objectSetPropertyAtIndex(ctx, step, 0, listener, nil)
        lib.objectSetPropertyAtIndex(ctx, step, 1, this, nil)
        lib.objectSetPropertyAtIndex(ctx, step, 2, lib.valueMakeBoolean(ctx, once), nil)
        lib.objectSetPropertyAtIndex(ctx, step, 3, lib.valueMakeBoolean(ctx, capture), nil)
    }

    /// The entry's handler: one a script set (`__h`, null included; the window's `on…` property), else its compiled
    /// `on…` attribute, else (for the window) the body's load, unload or resize attribute.
    private func inlineHandler(_ target: JSObjectRef, _ stop: Stop, _ table: JSObjectRef?) -> JSValueRef? {
        if let table, let own = lib.objectGetProperty(ctx, table, typeRef, nil), lib.valueGetType(ctx, own) != JSType.undefined.rawValue {
            return lib.valueGetType(ctx, own) == JSType.object.rawValue ? own : nil
        }
        if stop.node == nil, target == lib.contextGetGlobalObject(ctx), let own = NativeEvents.windowHandler(lib, ctx, target, type: state.type) {
            return own
        }
        switch stop.inline {
        case .absent: return nil
        case .source(let source): return compile(on: target, source)
        case .offTree:
            guard target == lib.contextGetGlobalObject(ctx), let (body, source) = NativeEvents.windowBodyHandler(dom, state.type),
                  let wrapper = NativeCall.wrapper(engine, dom, ctx, body).flatMap({ lib.object(ctx, $0) }) else { return nil }
            return compile(on: wrapper, source)
        }
    }

    /// The prelude's compileHandler (it reports a syntax error as the page's and answers null).
    private func compile(on element: JSObjectRef, _ source: String) -> JSValueRef? {
        guard let compile = engine.native.compileHandler else { return nil }
        let args: [JSValueRef?] = [element, lib.withString(source) { lib.valueMakeString(ctx, $0) }, lib.valueMakeString(ctx, typeRef)]
        let fn = args.withUnsafeBufferPointer { lib.objectCallAsFunction(ctx, compile, nil, $0.count, $0.baseAddress, nil) }
        guard let fn, lib.valueGetType(ctx, fn) == JSType.object.rawValue else { return nil }
        return fn
    }
}
