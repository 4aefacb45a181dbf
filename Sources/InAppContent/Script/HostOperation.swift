// The operations of the host function a page's prelude calls (`H(op, …)`), by number: the prelude's source names
// them (`H('dom.attr', …)`) and is rewritten once per process to pass each one's number, so a host call neither
// converts nor compares an operation name. Names stay the operations' public spelling (the subset engine, errors).

enum HostOperation: Int, CaseIterable, Sendable {
    case domKind
    case layoutHit
    case domName
    case domNs
    case domParent
    case domFirst
    case domNext
    case domPrev
    case domChildren
    case domVersion
    case domIds
    case domData
    case domText
    case domInnerText
    case domAttr
    case domAttrs
    case domContains
    case domPosition
    case domTemplate
    case domDoctype
    case domQuirks
    case domRoots
    case domQuery
    case domMatches
    case styleComputed
    case domSetChecked
    case domSetFocus
    case domClosest
    case domSerialize
    case domSetData
    case domSetText
    case domSetHTML
    case domParseFragment
    case domCreate
    case domCreateComment
    case domCreateFragment
    case domInsert
    case scriptRun
    case domRemove
    case domClone
    case domListen
    case documentTitle
    case documentSetTitle
    case device
    case userAgent
    case clockNow
    case clockOrigin
    case timerSet
    case timerClear
    case console
    case error
    case network
    case dialog
    case windowClose
    case locationHref
    case locationParts
    case locationAssign
    case locationReload
    case historyPush
    case urlResolve
    case navLink
    case navOpen
    case formSubmit
    case formInvalid
    case handlerExists
    case postMessage
    case bridge
    case bridgeMethods
    case bridgeUserMethods
    case imageLoads
    case layoutBox
    case styleValue
    case imageSize

    /// The operation's name as the prelude's source writes it.
    var name: String { HostOperation.names[rawValue] }

    static let names: [String] = [
        "dom.kind",
        "layout.hit",
        "dom.name",
        "dom.ns",
        "dom.parent",
        "dom.first",
        "dom.next",
        "dom.prev",
        "dom.children",
        "dom.version",
        "dom.ids",
        "dom.data",
        "dom.text",
        "dom.innerText",
        "dom.attr",
        "dom.attrs",
        "dom.contains",
        "dom.position",
        "dom.template",
        "dom.doctype",
        "dom.quirks",
        "dom.roots",
        "dom.query",
        "dom.matches",
        "style.computed",
        "dom.setChecked",
        "dom.setFocus",
        "dom.closest",
        "dom.serialize",
        "dom.setData",
        "dom.setText",
        "dom.setHTML",
        "dom.parseFragment",
        "dom.create",
        "dom.createComment",
        "dom.createFragment",
        "dom.insert",
        "script.run",
        "dom.remove",
        "dom.clone",
        "dom.listen",
        "document.title",
        "document.setTitle",
        "device",
        "userAgent",
        "clock.now",
        "clock.origin",
        "timer.set",
        "timer.clear",
        "console",
        "error",
        "network",
        "dialog",
        "window.close",
        "location.href",
        "location.parts",
        "location.assign",
        "location.reload",
        "history.push",
        "url.resolve",
        "nav.link",
        "nav.open",
        "form.submit",
        "form.invalid",
        "handler.exists",
        "postMessage",
        "bridge",
        "bridge.methods",
        "bridge.userMethods",
        "image.loads",
        "layout.box",
        "style.value",
        "image.size",
    ]

    private static let byName: [String: HostOperation] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    init?(name: String) {
        guard let op = HostOperation.byName[name] else { return nil }
        self = op
    }

    /// The operation named `name`, or the error a script sees for a name the host does not answer.
    static func named(_ name: String) throws(ScriptHostError) -> HostOperation {
        guard let op = HostOperation(name: name) else { throw ScriptHostError("unknown host operation \(name)") }
        return op
    }
}
