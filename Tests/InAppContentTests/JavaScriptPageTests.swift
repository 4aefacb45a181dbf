import XCTest
@testable import InAppContent

final class JavaScriptPageTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/HTML/js")

    func fixture(_ name: String) throws -> String {
        try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// A page with a bridge receiver recording calls as `path(args)`.
    func page(_ html: String, dark: Bool = false, scriptLimits: ScriptLimits = .default) throws -> (ContentPage, Recorder) {
        try requireJavaScriptCore()
        let page = ContentPage(scriptLimits: scriptLimits)
        let rec = Recorder()
        page.bridgeReceiver = { rec.calls.append("\($0.path)(\($0.arguments.map(\.description).joined(separator: ",")))") }
        if dark { page.viewport.darkMode = true }
        page.loadHTMLString(html, baseURL: URL(string: "https://appboy-images.com/"))
        XCTAssertEqual(page.scriptEngine, .javaScriptCore)
        return (page, rec)
    }

    final class Recorder: @unchecked Sendable { var calls: [String] = [] }

    func errors(_ page: ContentPage) -> [String] {
        page.events.compactMap { if case .scriptError(let f) = $0.kind { return f.description } else { return nil } }
    }

    /// A page script's completion value is dropped, as a browser drops it: when the last statement yields an element,
    /// none of its getters run (a page's own enumerable getter here would have made a bridge call).
    func testThePageScriptsCompletionValueIsNotReadProperty() throws {
        let (page, rec) = try page("""
        <div id="box"></div>
        <script>
        Object.defineProperty(HTMLElement.prototype, 'probe', { enumerable: true, get() { brazeBridge.logClick('probe read'); return 1; } });
        var b = document.createElement('button');
        document.getElementById('box').appendChild(b);
        </script>
        <a href="javascript:document.getElementById('box')">javascript URL</a>
        """)
        XCTAssertEqual(errors(page), [])
        _ = try page.tap(page.document.elements(tag: "a")[0])
        XCTAssertEqual(rec.calls, [])
        XCTAssertEqual(page.evaluate("document.getElementById('box').probe"), .success(.number(1)))
        XCTAssertEqual(rec.calls, ["logClick(\"probe read\")"])
    }

    /// getElementById as Chromium answers it (checked with `chromium --headless --dump-dom` on the same page): the
    /// first element in tree order among duplicates, ids compared exactly (case and non-ASCII included), an empty id
    /// matching nothing, the live tree read (an element added or renamed by script is found at once, a removed one
    /// is not), `<svg>` elements found too.
    func testGetElementByIdReadsTheLiveTreeExactly() throws {
        let (page, _) = try page("""
        <p id="dup" class="first"></p><div><p id="dup" class="second"></p></div>
        <span id="Case"></span><span id="café"></span><span id=""></span><svg><rect id="r"></rect></svg>
        <script>
        var e = document.createElement('i'); e.id = 'late'; document.body.appendChild(e);
        document.getElementById('Case').id = 'renamed';
        var gone = document.getElementById('café'); gone.remove();
        </script>
        """)
        XCTAssertEqual(errors(page), [])
        let answers = page.evaluate("""
        [document.getElementById('dup').className, document.getElementById('case'), document.getElementById('Case'),
         document.getElementById('renamed').tagName, document.getElementById('late').tagName, document.getElementById(''),
         document.getElementById('café'), document.getElementById('r').tagName, document.getElementById('cafe')].map(String).join('|')
        """)
        XCTAssertEqual(answers, .success(.string("first|null|null|SPAN|I|null|null|rect|null")))
    }

    /// The interface objects are globals as in a browser (writable, configurable, not enumerable, named as their
    /// interface) and each element's wrapper is an instance of its tag's class; every answer here is Chromium's too.
    func testInterfaceObjectsAndElementClassesAreAsInABrowser() throws {
        let (page, _) = try page("<p></p>")
        let answers = page.evaluate("""
        var names = ['EventTarget', 'Node', 'Element', 'HTMLElement', 'Document', 'HTMLDocument', 'HTMLInputElement', 'HTMLButtonElement',
          'HTMLVideoElement', 'Event', 'MouseEvent', 'PointerEvent', 'CustomEvent', 'DOMException', 'NodeList', 'CSSStyleDeclaration'];
        var d = Object.getOwnPropertyDescriptor(window, 'Node');
        var tags = { a: 'HTMLAnchorElement', img: 'HTMLImageElement', input: 'HTMLInputElement', textarea: 'HTMLTextAreaElement',
          select: 'HTMLSelectElement', option: 'HTMLOptionElement', button: 'HTMLButtonElement', form: 'HTMLFormElement',
          label: 'HTMLLabelElement', template: 'HTMLTemplateElement', dialog: 'HTMLDialogElement', video: 'HTMLVideoElement',
          audio: 'HTMLAudioElement', canvas: 'HTMLCanvasElement', div: 'HTMLDivElement', span: 'HTMLSpanElement', p: 'HTMLParagraphElement',
          script: 'HTMLScriptElement' };
        [names.every(n => typeof window[n] === 'function'), names.filter(n => !/^HTML(Document|VideoElement)$/.test(n)).every(n => window[n].name === n),
         d.writable, d.enumerable, d.configurable, Object.keys(window).includes('Node'),
         Object.keys(tags).filter(t => !(document.createElement(t) instanceof window[tags[t]])).join(','),
         document instanceof HTMLDocument, document.body instanceof HTMLBodyElement, document.querySelector('p') instanceof HTMLParagraphElement,
         document.createElement('section') instanceof HTMLInputElement].join('|')
        """)
        XCTAssertEqual(answers, .success(.string("true|true|true|false|true|false||true|true|true|false")))
    }

    /// The window's operations are enumerable, writable, configurable data properties and its attributes enumerable,
    /// as WebIDL makes them; interface objects and `console` are not enumerable. Chromium's answers for the same
    /// names (headless, a file page): `Object.keys(window)` lists `setTimeout`, `alert`, `self`, `scrollX`,
    /// `document`, never `HTMLElement`. A page can replace an operation by assignment.
    func testWindowOperationsAndAttributesAreEnumerableAsInABrowser() throws {
        let (page, _) = try page("<p></p>")
        let answers = page.evaluate("""
        const d = (n) => { const x = Object.getOwnPropertyDescriptor(window, n); return x ? [x.enumerable, x.configurable].join('/') : 'none'; };
        const op = Object.getOwnPropertyDescriptor(window, 'setTimeout');
        const keys = Object.keys(window);
        [typeof op.value, op.writable, op.enumerable, op.configurable,
         ['alert', 'getComputedStyle', 'matchMedia', 'requestAnimationFrame', 'queueMicrotask'].map(d).join(),
         ['self', 'parent', 'name', 'scrollX', 'opener', 'length', 'document'].map(n => Object.getOwnPropertyDescriptor(window, n).enumerable).join(),
         d('HTMLElement'), ['setTimeout', 'alert', 'self', 'scrollX', 'document'].every(n => keys.includes(n)), keys.includes('HTMLElement'),
         window.scrollX, window.opener, window.closed, window.length, self === window, top === window].join('|')
        """)
        XCTAssertEqual(answers, .success(.string(
            "function|true|true|true|true/true,true/true,true/true,true/true,true/true|true,true,true,true,true,true,true|false/true|true|false|0||false|0|true|true")))
        XCTAssertEqual(page.evaluate("window.alert = () => 'mine'; [alert(), Object.getOwnPropertyDescriptor(window, 'alert').enumerable].join()"),
                       .success(.string("mine,true")))
    }

    /// An image's `width`/`height`, an input's `maxLength` and a form's `method` read and write their attributes
    /// as in Chromium (same page, `chromium --headless --dump-dom`), as configurable accessors of the prototype.
    func testImageSizeInputMaxLengthAndFormMethodReflectTheirAttributes() throws {
        let (page, _) = try page("""
        <img id=i width="120"><input id=t maxlength="3"><input id=u><form id=f method="POST"></form><form id=h></form>
        """)
        XCTAssertEqual(page.evaluate("""
        const i = document.getElementById('i'), t = document.getElementById('t'), u = document.getElementById('u'), f = document.getElementById('f'), h = document.getElementById('h');
        [i.width, i.height, (i.height = 50, i.getAttribute('height')), t.maxLength, u.maxLength, (u.maxLength = 5, u.getAttribute('maxlength')),
         f.method, h.method, (h.method = 'PoSt', h.method), Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'width').configurable].join('|')
        """), .success(.string("120|0|50|3|-1|5|post|get|post|true")))
    }

    /// The window's `on…` handlers: null at first and enumerable (`'ontouchstart' in window`, as on iOS), a function a
    /// script sets runs for the window's events with the window as `this` (set before a listener was added, it runs
    /// before it, as in Chromium), a handler that is not a function or
    /// was set back to null does not run, `window.onfoo` is an ordinary global for an event `foo` (no handler type),
    /// and `<body onload>` remains the window's load handler. The viewport's
    /// properties (`innerWidth`, `orientation`, …) read the new device during its resize.
    func testWindowHandlerPropertiesRunForTheWindowsEvents() throws {
        let (page, _) = try page("""
        <body onload="window.log.push('body onload')"><script>
        window.log = [];
        window.log.push([window.onresize, typeof window.onload, 'ontouchstart' in window, Object.keys(window).includes('onresize'),
          innerWidth, outerHeight, orientation, Object.keys(window).includes('innerWidth')].join());
        window.onresize = function (e) { log.push(['handler', this === window, e.type, innerWidth + 'x' + innerHeight, orientation, devicePixelRatio].join(' ')); };
        window.addEventListener('resize', () => log.push('listener'));
        onorientationchange = (e) => log.push('bare ' + e.type);
        window.onmessage = 'not a function';
        window.onfoo = () => log.push('onfoo is no handler');
        window.addEventListener('foo', () => log.push('foo listener'));
        window.dispatchEvent(new Event('foo'));
        addEventListener('message', () => log.push('message listener'));
        </script></body>
        """)
        page.viewport = ContentViewport(width: 844, height: 390, scale: 2, darkMode: false)
        _ = page.evaluate("postMessage('x'); window.onresize = null;")
        page.advanceTime(by: 0.1)
        page.viewport = ContentViewport(width: 390, height: 844, scale: 3, darkMode: false)
        XCTAssertEqual(page.evaluate("log.join('|')"), .success(.string(
            ",function,true,true,390,844,0,true|foo listener|body onload|handler true resize 844x390 90 2|listener|bare orientationchange|message listener|listener|bare orientationchange")))
    }

    /// The members bound natively (NativeDOM.swift) behave as Chromium's for the same page (recorded with `chromium
    /// --headless --dump-dom`): class lists as ordered sets (duplicates dropped, replace), inline style by camel-cased
    /// and custom properties, dataset names, `on…` properties, identity of `classList`/`style`/`dataset`. Where WebKit
    /// on iOS differs from desktop Chromium, WebKit's answer is expected: `'ontouchstart' in element` is true (touch
    /// events exist), and a method called on the wrong kind of node says "Can only call …" (Chromium: "Illegal
    /// invocation").
    func testNativelyBoundMembersAnswerAsABrowser() throws {
        let (page, _) = try page(#"""
        <div id="d" class="a  b a" data-user-id="7" style="color: red; margin-top: 4px">text</div>
        <script>
        var f = [];
        try {
        var d = document.getElementById('d');
        f.push(d.classList === d.classList, d.style === d.style, d.dataset === d.dataset);
        f.push(d.classList.length, d.classList.value, d.classList.item(1), d.classList.item(5), d.classList.contains('b'));
        d.classList.add('c', 'a'); f.push(d.className);
        d.classList.remove('a'); f.push(d.className);
        f.push(d.classList.toggle('z'), d.classList.toggle('z'), d.classList.toggle('y', true), d.classList.toggle('q', false), d.className);
        f.push(d.classList.replace('b', 'y'), d.className, d.classList.replace('nope', 'x'));
        try { d.classList.add(''); } catch (e) { f.push(e.name, e instanceof DOMException); }
        try { d.classList.add('a b'); } catch (e) { f.push(e.name); }
        f.push([...d.classList].join('+'), d.classList instanceof DOMTokenList, String(d.classList));
        var seen = []; d.classList.forEach(function (t, i) { seen.push(i + t); }); f.push(seen.join(','));
        f.push(d.style.color, d.style.marginTop, d.style.getPropertyValue('margin-top'), d.style.length, d.style[0], d.style.display === '');
        d.style.backgroundColor = 'blue'; d.style.color = ''; f.push(d.getAttribute('style'));
        d.style.setProperty('--gap', '2px'); f.push(d.style.getPropertyValue('--gap'));
        d.style.cssText = 'display: none'; f.push(d.style.display, d.style.length, d.style instanceof CSSStyleDeclaration);
        f.push(d.dataset.userId, 'userId' in d.dataset, 'nope' in d.dataset, JSON.stringify(d.dataset));
        d.dataset.fooBar = 'x'; f.push(d.getAttribute('data-foo-bar'), Object.keys(d.dataset).join(','));
        delete d.dataset.userId; f.push(d.hasAttribute('data-user-id'));
        var e = document.createElement('span'); e.setAttribute('onclick', 'return 1');
        f.push(typeof e.onclick, d.onclick, 'onclick' in d, 'ontouchstart' in d, typeof document.onreadystatechange);
        d.onclick = function () {}; f.push(typeof d.onclick); d.onclick = 'x'; f.push(d.onclick);
        f.push(d.nodeType, d.tagName, d.localName, d.id, d.parentNode === document.body, d.firstChild.nodeType, d.firstChild.id, d.firstChild.parentElement === d);
        try { Element.prototype.getAttribute.call(document, 'x'); } catch (e) { f.push(e.constructor.name, e.message); }
        f.push(d instanceof HTMLElement, d instanceof Element, d instanceof Node, Object.prototype.toString.call(d).length > 0);
        } catch (err) { f.push('THREW ' + err); }
        </script>
        """#)
        XCTAssertEqual(errors(page), [])
        XCTAssertEqual(page.evaluate("f.map(String).join('|')"), .success(.string(#"true|true|true|2|a  b a|b|null|true|a b c|b c|true|false|true|false|b c y|true|y c|false|SyntaxError|true|InvalidCharacterError|y+c|true|y c|0y,1c|red|4px|4px|2|color|true|margin-top: 4px; background-color: blue;|2px|none|1|true|7|true|false|{"userId":"7"}|x|userId,fooBar|false|function|null|true|true|object|function|null|1|DIV|div|d|true|3|undefined|true|TypeError|Can only call Element.getAttribute on instances of Element|true|true|true|true"#)))
    }

    /// What the native members keep of the prelude (its wrapper cache, prototypes, error and mutation functions) survives
    /// the garbage collector: a page used after a collection makes new wrappers and throws DOMExceptions as before.
    func testNativeMembersOutliveAGarbageCollection() throws {
        let (page, _) = try page("<p id=p>x</p><script>var kept = document.getElementById('p');</script>")
        for _ in 0..<3 { page.collectScriptGarbage() }
        XCTAssertEqual(page.evaluate("""
            var s = document.createElement('section'); document.body.appendChild(s); s.appendChild(document.createElement('a'));
            var e; try { s.classList.add(''); } catch (x) { e = x; }
            [s instanceof HTMLElement, s.firstChild instanceof HTMLAnchorElement, e instanceof DOMException, e.name,
             kept === document.getElementById('p')].join()
            """), .success(.string("true,true,true,SyntaxError,true")))
    }

    /// NodeList and HTMLCollection exist as in a browser (polyfills that assign to their prototypes run), and the
    /// collections a browser keeps live follow the tree; querySelectorAll stays a snapshot.
    func testCollectionsAreNodeListsAndHTMLCollectionsAndTheLiveOnesFollowTheTree() throws {
        let (page, _) = try page("""
        <ul id="list"><li class="item">a</li><li class="item">b</li></ul>
        <script>
        if (!NodeList.prototype.forEach) NodeList.prototype.forEach = Array.prototype.forEach;   // a common polyfill
        NodeList.prototype.extra = function () { return 'polyfilled ' + this.length; };
        var list = document.getElementById('list');
        var byClass = document.getElementsByClassName('item'), byTag = list.getElementsByTagName('li');
        var children = list.children, nodes = list.childNodes, snapshot = document.querySelectorAll('.item');
        var li = document.createElement('li'); li.className = 'item'; li.textContent = 'c'; list.appendChild(li);
        var facts = [
          snapshot instanceof NodeList, children instanceof HTMLCollection, byClass instanceof HTMLCollection,
          Object.prototype.toString.call(snapshot), Object.prototype.toString.call(children),
          snapshot.length, byClass.length, byTag.length, children.length, nodes.length,
          children === list.children, children.item(2).textContent, children.namedItem('nope'), byClass[2].textContent,
          Array.from(byClass).map(e => e.textContent).join(''), snapshot.extra(), nodes.extra(),
          list.style instanceof CSSStyleDeclaration, typeof CSSStyleDeclaration,
        ];
        list.removeChild(li);
        facts.push(byClass.length, children.length, [...children].length);
        </script>
        """)
        XCTAssertEqual(errors(page), [])
        XCTAssertEqual(page.evaluate("facts.map(String).join(',')"), .success(.string([
            "true", "true", "true", "[object NodeList]", "[object HTMLCollection]",
            "2", "3", "3", "3", "3",
            "true", "c", "null", "c", "abc", "polyfilled 2", "polyfilled 3",
            "true", "function", "2", "2", "2",
        ].joined(separator: ","))))
    }

    /// `validationMessage` gives WebKit's message for the first failing constraint (what a template shows under a
    /// field), a custom message first; a valid field has none.
    func testValidationMessagesAreWebKits() throws {
        let (page, _) = try page("""
        <form><input id="req" required><input id="mail" type="email" value="nope"><input id="num" type="number" min="1" max="5" value="7">
        <input id="low" type="number" min="3" value="1"><input id="box" type="checkbox" required>
        <select id="sel" required><option value="">Pick</option><option>A</option></select><input id="pat" pattern="[0-9]+" value="x">
        <input id="ok" value="fine"></form>
        """)
        XCTAssertEqual(page.evaluate("['req','mail','num','low','box','sel','pat','ok'].map(id => document.getElementById(id).validationMessage).join('|')"),
                       .success(.string([
                           "Fill out this field", "Enter an email address", "Value must be less than or equal to 5",
                           "Value must be greater than or equal to 3", "Select this checkbox", "Select an item in the list",
                           "Match the requested format", "",
                       ].joined(separator: "|"))))
        XCTAssertEqual(page.evaluate("const m = document.getElementById('mail'); m.setCustomValidity('Use your work address'); [m.validationMessage, m.validity.customError, (m.setCustomValidity(''), m.validationMessage)].join('|')"),
                       .success(.string("Use your work address|true|Enter an email address")))
    }

    /// MutationObserver delivers records as a browser does (checked against Chromium with the same page): child
    /// lists, attributes with old values and filters, character data, subtree, takeRecords, disconnect, one
    /// callback per observer per microtask. (Chromium adds one more record, for the whitespace its parser inserts
    /// after the script: here a page's scripts run once the whole document is parsed.)
    func testMutationObserverRecordsAsInABrowser() throws {
        let (page, _) = try page(#"""
        <ul id="u"><li id="a">a</li></ul><p id="p" class="x">t</p>
        <script>
        var log = [];
        var u = document.getElementById('u'), p = document.getElementById('p');
        var mo = new MutationObserver(function (recs, obs) {
          log.push(recs.map(function (r) {
            return r.type + ':' + (r.target.id || r.target.nodeName) + ':+' + r.addedNodes.length + '-' + r.removedNodes.length +
              ':' + (r.attributeName || '') + ':' + r.oldValue + ':' + (r.previousSibling ? (r.previousSibling.id || r.previousSibling.nodeName) : 'null');
          }).join(';') + '|' + (obs === mo) + '|' + (recs[0] instanceof MutationRecord));
        });
        mo.observe(document.body, { childList: true, subtree: true, attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true });
        var li = document.createElement('li'); li.id = 'b'; u.appendChild(li);
        p.setAttribute('class', 'y');
        p.firstChild.data = 'changed';
        u.removeChild(document.getElementById('a'));
        p.innerHTML = '<b>1</b><i>2</i>';
        var taken = mo.takeRecords().length;
        p.classList.add('z');
        var mo2 = new MutationObserver(function (r) { log.push('mo2:' + r.length); });
        mo2.observe(p, { attributes: true, attributeFilter: ['data-k'] });
        p.dataset.k = '1'; p.setAttribute('title', 'ignored by filter');
        setTimeout(function () { mo.disconnect(); p.setAttribute('class', 'after'); setTimeout(function () { document.title = 'taken=' + taken + ' ' + log.join(' / '); }, 0); }, 0);
        </script>
        """#)
        page.advanceTime(by: 1)
        XCTAssertEqual(errors(page), [])
        XCTAssertEqual(page.evaluate("document.title"), .success(.string(
            "taken=5 attributes:p:+0-0:class:y:null;attributes:p:+0-0:data-k:null:null;attributes:p:+0-0:title:null:null|true|true / mo2:1")))
    }

    /// A tap builds only the events something listens for, wherever that is on the path: a capture listener on
    /// the window, an `on…` attribute on an ancestor, a handler property, a listener added by an earlier event of
    /// the same tap, focus listeners on the document. Each still arrives in a browser's order.
    func testATapDeliversEveryEventSomethingListensFor() throws {
        let (page, _) = try page("""
        <div id="outer" ontouchend="log.push('touchend@attr')"><input id="field"><button id="b">Go</button></div>
        <script>
        var log = [];
        window.addEventListener('touchstart', e => log.push('touchstart@window:' + e.target.id), true);
        document.getElementById('b').addEventListener('pointerdown', () => {
          log.push('pointerdown');
          document.getElementById('b').addEventListener('mousedown', () => log.push('mousedown(added during pointerdown)'));
        });
        document.getElementById('b').onmouseup = () => log.push('mouseup@property');
        document.addEventListener('focusin', e => log.push('focusin@document:' + e.target.id));
        document.addEventListener('focusout', e => log.push('focusout@document:' + e.target.id));
        document.getElementById('b').addEventListener('click', () => log.push('click'));
        </script>
        """)
        _ = try page.tap(selector: "#field")
        _ = try page.tap(selector: "#b")
        XCTAssertEqual(page.evaluate("log.join(' | ')"), .success(.string([
            "touchstart@window:field", "touchend@attr", "focusin@document:field",
            "pointerdown", "touchstart@window:b", "touchend@attr", "mousedown(added during pointerdown)",
            "focusout@document:field", "focusin@document:b", "mouseup@property", "click",
        ].joined(separator: " | "))))
        XCTAssertEqual(errors(page), [])
    }

    func testNPSScaleBuiltByScriptIsTappableAndSubmits() throws {
        let (page, rec) = try page(try fixture("nps-survey.html"))
        XCTAssertEqual(errors(page), [])
        XCTAssertEqual(try page.document.querySelectorAll("button.score").count, 11)
        XCTAssertTrue(page.document.body.classList.contains("ready"), "ab.BridgeReady fired")
        XCTAssertFalse(page.document.body.classList.contains("dark"))
        // Submit is disabled until a score is chosen.
        let blocked = try page.tap(elementID: "submit")
        XCTAssertEqual(blocked.actions, [.blocked(reason: "disabled")])
        try page.tap(text: "Score 9")
        XCTAssertEqual(try page.document.querySelector(".selected")?.textContent, "9")
        try page.type("Great app", intoSelector: "#why")
        XCTAssertEqual(page.value(of: try XCTUnwrap(page.document.element(id: "why"))), "Great app")
        try page.tap(elementID: "submit")
        XCTAssertEqual(rec.calls, ["logCustomEvent(\"nps_submitted\",{\"comment\":\"Great app\",\"promoter\":true,\"score\":9})",
                                   "getUser().setCustomUserAttribute(\"nps_score\",9)", "logClick(\"submit\")"])
        XCTAssertEqual(page.document.element(id: "thanks")?["style"], "display: block;")
        XCTAssertEqual(page.pendingTimerCount, 1)
        page.advanceTime(by: 1.9)
        XCTAssertEqual(rec.calls.count, 3)
        page.advanceTime(by: 0.1)
        XCTAssertEqual(rec.calls.last, "closeMessage()")
        XCTAssertTrue(page.events.contains { if case .console("log", "score 9") = $0.kind { return true }; return false })
        XCTAssertEqual(errors(page), [])
    }

    func testDarkModeMediaQueryAndPreventedLink() throws {
        let (page, rec) = try page(try fixture("nps-survey.html"), dark: true)
        XCTAssertTrue(page.document.body.classList.contains("dark"))
        let r = try page.tap(elementID: "close")
        XCTAssertNil(r.navigationID, "preventDefault stops the link")
        XCTAssertEqual(rec.calls, ["logClick(\"dismiss\")", "closeMessage()"])
    }

    func testEvaluateJavaScriptReturnsRealResults() throws {
        let (page, _) = try page("<p id=x class='a b'>Hi</p><script>var n = 6 * 7</script>")
        var result: Any?
        page.evaluateJavaScript("({n, cls: document.getElementById('x').classList.length, t: document.title, arr: [1, 'a']})") { r, e in
            XCTAssertNil(e); result = r
        }
        let dict = try XCTUnwrap(result as? [String: Any])
        XCTAssertEqual(dict["n"] as? Int, 42)
        XCTAssertEqual(dict["cls"] as? Int, 2)
        var failure: (any Error)?
        page.evaluateJavaScript("nope()") { _, e in failure = e }
        guard case .exception(let f)? = failure as? ScriptError else { return XCTFail("\(String(describing: failure))") }
        XCTAssertTrue(f.message.contains("ReferenceError"))
        page.evaluateJavaScript("(function(){})") { _, e in failure = e }
        guard case .exception(let g)? = failure as? ScriptError else { return XCTFail() }
        XCTAssertEqual(g.kind, .unsupportedResult)
    }
}

extension JavaScriptPageTests {
    func testDeeplyNestedInlineHandlersAllRunOnce() throws {
        let depth = 2_000
        let html = String(repeating: "<span onclick=\"brazeBridge.closeMessage()\">", count: depth) + "<b>Deep</b>"
        // What is checked is that every handler runs once, not how fast: 2 000 handlers take well under a second on
        // a quiet machine and several on a loaded CI machine, so the time bounds are set out of the way.
        let (page, rec) = try page(html, scriptLimits: ScriptLimits(timeLimit: 120, pageTimeLimit: 600, callTimeLimit: 300))
        try page.tap(selector: "b")
        XCTAssertEqual(errors(page), [])
        XCTAssertEqual(rec.calls.count, depth)
    }

    func testButtonInsideLinkFollowsTheLinkAndLabelsToggleCheckboxes() throws {
        let (page, _) = try page("""
        <a id=l href="https://shop.example/"><button id=b>Shop</button></a>
        <label id=lab><input type=checkbox id=c name=optin> Keep me posted</label>
        <script>document.getElementById('c').addEventListener('change', e => console.log('optin', e.target.checked))</script>
        """)
        let r = try page.tap(elementID: "b")
        XCTAssertEqual(r.actions, [.navigation(id: 2, url: URL(string: "https://shop.example/")!)])
        page.loadHTMLString("""
        <label id=lab><input type=checkbox id=c name=optin> Keep me posted</label>
        <script>document.getElementById('c').addEventListener('change', e => console.log('optin', e.target.checked))</script>
        """, baseURL: nil)
        try page.tap(elementID: "lab")
        XCTAssertTrue(page.isChecked(try XCTUnwrap(page.document.element(id: "c"))))
        XCTAssertTrue(page.events.contains { $0.kind == .console(level: "log", message: "optin true") })
    }
}

extension JavaScriptPageTests {
    func testOnlyVisibleElementsCanBeTappedAndTheErrorSaysWhy() throws {
        let (page, rec) = try page("""
        <style>
          .step { display: none; } .step.active { display: block; }
          #ghost { opacity: 0 } .inert { pointer-events: none } .inert .live { pointer-events: auto }
          @media (prefers-color-scheme: dark) { #lightOnly { visibility: hidden } }
        </style>
        <div class="step active" id=s1><button id=next onclick="brazeBridge.logClick('next'); document.getElementById('s1').classList.remove('active'); document.getElementById('s2').classList.add('active')">Next</button></div>
        <div class="step" id=s2><button id=done onclick="brazeBridge.logClick('done')">Done</button></div>
        <button id=ghost onclick="brazeBridge.logClick('ghost')">Ghost</button>
        <div class=inert><button id=dead>Dead</button><button class=live id=live onclick="brazeBridge.logClick('live')">Live</button></div>
        <button hidden id=h>Hidden</button>
        <button id=lightOnly onclick="brazeBridge.logClick('light')">Light</button>
        <p style="visibility: hidden"><button id=vis style="visibility: visible" onclick="brazeBridge.logClick('vis')">Shown</button></p>
        <div style="opacity: 0"><div style="display: none"><button id=both>Both</button></div></div>
        """)
        func reason(_ id: String) -> String? {
            do { try page.tap(elementID: id); return nil } catch { if case .unreachable(_, let r) = error { return r }; return "\(error)" }
        }
        XCTAssertEqual(reason("done"), "<div#s2.step> has display: none")
        XCTAssertNil(reason("next"))
        XCTAssertNil(reason("done"), "the script showed step 2")
        XCTAssertEqual(reason("ghost"), "<button#ghost> has opacity: 0")
        XCTAssertEqual(reason("dead"), "<button#dead> has pointer-events: none")
        XCTAssertNil(reason("live"))
        XCTAssertEqual(reason("h"), "<button#h> has the hidden attribute")
        XCTAssertNil(reason("lightOnly"))
        XCTAssertNil(reason("vis"))
        // The nearest reason, as Benchmarks/browser/record-chromium.js names it (it walks up from the element).
        XCTAssertEqual(reason("both"), "<div> has display: none")
        XCTAssertEqual(rec.calls, ["logClick(\"next\")", "logClick(\"done\")", "logClick(\"live\")", "logClick(\"light\")", "logClick(\"vis\")"])
        page.viewport.darkMode = true
        XCTAssertEqual(reason("lightOnly"), "<button#lightOnly> has visibility: hidden")
    }
}

/// Runs the interaction scripts of Tests/Fixtures/HTML/js/expectations.json. The same file drives headless
/// Chromium (Benchmarks/chromium-compare.py), so the bridge calls and navigations checked here are the ones
/// a browser makes for the same steps.
final class BrowserExpectationTests: XCTestCase {
    struct Case: Decodable {
        let file: String
        let steps: [[String: Step]]
        let calls: [String]
        let navigations: [String]?
    }
    enum Step: Decodable {
        case selector(String), typing([String]), seconds(Double)
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { self = .selector(s) }
            else if let a = try? c.decode([String].self) { self = .typing(a) }
            else { self = .seconds(try c.decode(Double.self)) }
        }
    }
    final class CancellingDelegate: ContentNavigationDelegate {
        var urls: [String] = []
        func page(_ page: ContentPage, decidePolicyFor request: NavigationRequest, decisionHandler: @escaping (NavigationPolicy) -> Void) {
            if request.url.scheme == "https" && request.type == .linkActivated { urls.append(request.url.absoluteString); decisionHandler(.cancel) }
            else { decisionHandler(.allow) }
        }
    }

    func testEveryInteractionMakesTheBrowsersBridgeCalls() throws {
        try requireJavaScriptCore()
        let dir = JavaScriptPageTests.fixtures
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: dir.appendingPathComponent("expectations.json")))
        XCTAssertGreaterThanOrEqual(cases.count, 6)
        for c in cases {
            let page = ContentPage()
            var calls: [String] = []
            page.bridgeReceiver = { calls.append("\($0.path)(\($0.arguments.map(\.description).joined(separator: ",")))") }
            let delegate = CancellingDelegate()
            page.navigationDelegate = delegate
            page.loadHTMLString(try String(contentsOf: dir.appendingPathComponent(c.file), encoding: .utf8),
                                baseURL: URL(string: "https://appboy-images.com/"))
            for step in c.steps {
                for (verb, arg) in step {
                    switch (verb, arg) {
                    case ("tap", .selector(let s)): try page.tap(selector: s)
                    case ("type", .typing(let a)): try page.type(a[1], intoSelector: a[0])
                    case ("advance", .seconds(let t)): page.advanceTime(by: t)
                    default: XCTFail("bad step \(verb)")
                    }
                }
            }
            let errors = page.events.compactMap { if case .scriptError(let f) = $0.kind { return f.description } else { return nil } }
            XCTAssertEqual(errors, [], c.file)
            XCTAssertEqual(calls, c.calls, "\(c.file) \(c.steps.count) steps")
            XCTAssertEqual(delegate.urls, c.navigations ?? [], c.file)
        }
    }
}

extension JavaScriptPageTests {
    func testCoverageCountsListenersAndReachability() throws {
        let (page, _) = try page(try fixture("carousel.html"))
        let report = page.coverageReport()
        XCTAssertTrue(report.description.hasPrefix("coverage: "), report.description)
        XCTAssertTrue(report.description.contains("<script> element(s) run by JavaScriptCore"))
        let next = try XCTUnwrap(report.entries.first { $0.element.id == "next" })
        XCTAssertTrue(next.isRunnable, next.description)
        XCTAssertTrue(next.action.contains("listeners click"), next.action)
        // The shop links of the slides not shown are not reachable now.
        let shops = report.entries.filter { $0.element.classList.contains("shop") }
        XCTAssertEqual(shops.filter(\.isRunnable).count, 1)
        XCTAssertTrue(shops.contains { $0.reason?.contains("display: none") == true })
        // The three dots were created by the script and are counted.
        XCTAssertEqual(report.entries.filter { $0.label.hasPrefix("Slide ") && $0.isRunnable }.count, 3)
    }
}

extension JavaScriptPageTests {
    // URL, URLSearchParams, atob/btoa, TextEncoder/TextDecoder, structuredClone and crypto, which WebKit's WebCore
    // gives every page, give the standards' answers: Node's (WHATWG) results for the same expressions, recorded in
    // Tests/Fixtures/WebAPIs/expected.txt, line for line.
    func testWebAPIsAnswerAsTheStandardsDo() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/WebAPIs")
        let cases = try String(contentsOf: dir.appendingPathComponent("cases.js"), encoding: .utf8)
        let expected = try String(contentsOf: dir.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let (page, _) = try page("<script>" + cases.replacingOccurrences(of: "</", with: "<\\/") + "\nconsole.log(out.join('\\n'));</script>")
        XCTAssertEqual(errors(page), [])
        let lines = page.events.compactMap { e -> String? in if case .console(_, let m) = e.kind { return m } else { return nil } }
            .joined(separator: "\n").split(separator: "\n").map(String.init)
        XCTAssertGreaterThanOrEqual(expected.count, 40)
        XCTAssertEqual(lines.count, expected.count)
        for (ours, standard) in zip(lines, expected) where ours != standard { XCTFail("ours:     \(ours)\nstandard: \(standard)") }
    }

    // getComputedStyle resolves display, visibility, opacity and pointer-events from the page's stylesheets (defaults
    // by tag, [hidden], media queries, inheritance), and an element that is not rendered has no offsetParent and no
    // box: line for line what Chromium printed for the same page.
    // DOMParser and XMLSerializer (the parsed document's title, text, entities and queries, its script not run), and
    // TreeWalker/NodeIterator (filters, skip and reject, both directions, {{token}} personalization): each page prints
    // into <pre id=out> what Chromium printed for it.
    func testDOMParserAndTreeWalkersMatchChromium() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/WebAPIs")
        for name in ["dom-parser", "tree-walker"] {
            let (page, _) = try page(try String(contentsOf: dir.appendingPathComponent("\(name).html"), encoding: .utf8))
            XCTAssertEqual(errors(page), [], name)
            let expected = try String(contentsOf: dir.appendingPathComponent("\(name).chromium.txt"), encoding: .utf8)
            XCTAssertEqual(page.document.element(id: "out")?.textContent, expected.trimmingCharacters(in: .newlines), name)
        }
    }

    /// matchMedia and the style sheets' @media rules are one evaluator (MediaQuery): what a script sees is what hides an
    /// element from a tap. The default screen is a phone's: 390 × 844 points at 3x, touch only.
    func testMatchMediaAndStyleSheetMediaRulesAgree() throws {
        let (page, _) = try page("""
        <style>@media (min-width: 20em) and (hover: none) { #wide { display: none } } @media print { #printed { display: none } }</style>
        <button id=wide>Wide</button><button id=printed>Printed</button><pre id=out></pre>
        <script>
        document.getElementById('out').textContent = ['(min-width: 20em)', '(max-width: 20em)', '(min-resolution: 2dppx)',
          '(-webkit-min-device-pixel-ratio: 3.5)', '(hover: none)', '(pointer: fine)', 'print', 'not print',
          'only screen and (orientation: portrait)', '(min-width: 400px), (max-height: 900px)', '(color)', '(unknown: 1)']
          .map(q => q + '=' + matchMedia(q).matches).join(' ');
        </script>
        """)
        XCTAssertEqual(page.document.element(id: "out")?.textContent, "(min-width: 20em)=true (max-width: 20em)=false "
            + "(min-resolution: 2dppx)=true (-webkit-min-device-pixel-ratio: 3.5)=false (hover: none)=true (pointer: fine)=false "
            + "print=false not print=true only screen and (orientation: portrait)=true (min-width: 400px), (max-height: 900px)=true "
            + "(color)=true (unknown: 1)=false")
        XCTAssertThrowsError(try page.tap(elementID: "wide"), "hidden by the (min-width: 20em) and (hover: none) rule")
        XCTAssertNoThrow(try page.tap(elementID: "printed"), "a print rule does not apply on a screen")
    }

    /// Event objects (fields from init dictionaries, defaults, instanceof, subclassing, read-only fields) and dispatch
    /// (phases, capture, handleEvent objects, once, stopImmediatePropagation, return false, passive, re-dispatch, a
    /// listener that throws) against what Chromium prints for the same page (`chromium --headless --dump-dom`).
    func testEventObjectsAndDispatchMatchChromium() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/WebAPIs")
        let (page, _) = try page(try String(contentsOf: dir.appendingPathComponent("events.html"), encoding: .utf8))
        XCTAssertEqual(errors(page).count, 2, "the listener that throws, once per dispatch: \(errors(page))")
        XCTAssertTrue(errors(page).allSatisfy { $0.contains("listener broke") }, "\(errors(page))")
        let expected = try String(contentsOf: dir.appendingPathComponent("events.chromium.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let lines = (page.document.element(id: "out")?.textContent ?? "").split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, expected.count)
        // The one difference: the engine's C API ignores an assignment to a read-only native field, in strict code too
        // (Chromium throws there; sloppy code, what pages mostly are, ignores it in both).
        let known = ["assign target (strict) = no error"]
        for (ours, chromium) in zip(lines, expected) where ours != chromium && !known.contains(ours) { XCTFail("ours:     \(ours)\nChromium: \(chromium)") }
        XCTAssertTrue(lines.contains(known[0]), "the known difference changed: update the test and Docs/ContentModel.md")
    }

    func testComputedStyleAndRenderingMatchChromium() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/WebAPIs")
        let (page, _) = try page(try String(contentsOf: dir.appendingPathComponent("computed-style.html"), encoding: .utf8))
        XCTAssertEqual(errors(page), [])
        let expected = try String(contentsOf: dir.appendingPathComponent("computed-style.chromium.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let lines = (page.document.element(id: "out")?.textContent ?? "").split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 20)
        for (ours, chromium) in zip(lines, expected) where ours != chromium { XCTFail("ours:     \(ours)\nChromium: \(chromium)") }
        // In dark mode the media rule hides #darkonly.
        let (dark, _) = try self.page(try String(contentsOf: dir.appendingPathComponent("computed-style.html"), encoding: .utf8), dark: true)
        XCTAssertTrue(dark.document.element(id: "out")?.textContent.contains("darkonly display=none") ?? false)
    }

    // `background: var(--accent)` is a colour once the custom property is substituted (a template's buttons): the
    // computed style and the picture both see it.
    func testABackgroundShorthandThroughACustomPropertyIsItsColour() throws {
        try requireJavaScriptCore()
        let (page, _) = try page("""
        <style>:root { --accent: #5b2be0 } .b { background: var(--accent) } .i { background: var(--img, url(a.png) no-repeat) }</style>
        <button class=b id=b>Go</button><div class=i id=i>x</div><p id=out></p>
        <script>var s = getComputedStyle(document.getElementById('b'));
        document.getElementById('out').textContent = s.backgroundColor + '|' + s.backgroundImage + '|' + getComputedStyle(document.getElementById('i')).backgroundColor</script>
        """)
        XCTAssertEqual(page.document.element(id: "out")?.textContent, "rgb(91, 43, 224)|none|rgba(0, 0, 0, 0)")
    }

    // A linked stylesheet the page can read (here a registered asset of the message) takes part in the cascade, in
    // document order with <style>: what it hides cannot be tapped and scripts see it hidden. Nothing is fetched.
    func testLinkedStylesheetsFromTheMessagesAssetsApply() throws {
        try requireJavaScriptCore()
        let page = ContentPage()
        let recorded = Recorder()
        page.bridgeReceiver = { recorded.calls.append($0.path) }
        page.registerAsset(Data(".promo { display: none } .late { visibility: hidden }".utf8), for: URL(string: "https://cdn.example.com/iam.css")!)
        page.loadHTMLString("""
        <link rel="stylesheet" href="https://cdn.example.com/iam.css"><link rel=stylesheet href="https://cdn.example.com/missing.css">
        <style>.late { visibility: visible }</style>
        <button class=promo id=p onclick="brazeBridge.logClick('p')">Promo</button><button class=late id=l onclick="brazeBridge.logClick('l')">Late</button>
        <script>brazeBridge.logCustomEvent(getComputedStyle(document.getElementById('p')).display + ' ' + getComputedStyle(document.getElementById('l')).visibility)</script>
        """, baseURL: URL(string: "https://appboy-images.com/"))
        XCTAssertThrowsError(try page.tap(elementID: "p")) { error in
            guard case .unreachable(_, let reason)? = error as? InputError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("display: none"), reason)
        }
        try page.tap(elementID: "l")
        XCTAssertEqual(recorded.calls, ["logCustomEvent", "logClick"], "the later <style> wins for .late")
        let firstArguments: [String?] = page.events.compactMap { event -> String?? in
            guard case .bridgeCalled(let call) = event.kind else { return nil }
            return .some(call.arguments.first?.stringValue)
        }
        XCTAssertEqual(firstArguments.first ?? nil, "none visible")
    }

    // A tap reads the page's style rules as they are now: the rules are parsed once per document state, so a rule a
    // script adds, a rotation that changes which @media block applies, and a linked sheet registered after the load
    // all count at the next tap.
    func testTapsSeeStyleChangesMadeAfterTheLastTap() throws {
        try requireJavaScriptCore()
        let page = ContentPage()
        page.viewport = ContentViewport(width: 390, height: 844, scale: 3, darkMode: false)
        page.loadHTMLString("""
        <link rel=stylesheet href="https://cdn.example.com/late.css">
        <style>@media (orientation: landscape) { #b { display: none } }</style>
        <button id=b>Go</button>
        """, baseURL: URL(string: "https://appboy-images.com/"))
        func reason() -> String? {
            do { try page.tap(elementID: "b"); return nil } catch { if case .unreachable(_, let r) = error { return r }; return "\(error)" }
        }
        XCTAssertNil(reason())
        page.viewport = ContentViewport(width: 844, height: 390, scale: 3, darkMode: false)
        XCTAssertEqual(reason()?.contains("display: none"), true, "rotated: the landscape rule applies")
        page.viewport = ContentViewport(width: 390, height: 844, scale: 3, darkMode: false)
        XCTAssertNil(reason())
        page.evaluateJavaScript("document.head.insertAdjacentHTML('beforeend', '<style>#b { visibility: hidden }</style>')")
        XCTAssertEqual(reason()?.contains("visibility: hidden"), true, "a rule a script added")
        page.evaluateJavaScript("document.querySelector('style:last-of-type').remove()")
        XCTAssertNil(reason())
        page.registerAsset(Data("#b { pointer-events: none }".utf8), for: URL(string: "https://cdn.example.com/late.css")!)
        XCTAssertEqual(reason()?.contains("pointer-events: none"), true, "a linked sheet registered after the load")
    }

    // Script elements that scripts insert run as in Chromium: inline at once, innerHTML's never, a fragment's on
    // insertion, a src one (the message's asset) in a later task followed by `load`, other types never, none twice.
    func testInsertedScriptsRunAsInChromium() throws {
        try requireJavaScriptCore()
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/WebAPIs")
        let page = ContentPage()
        page.bridgeReceiver = { _ in }
        page.registerAsset(try Data(contentsOf: dir.appendingPathComponent("inserted-scripts-lib.js")), for: URL(string: "http://127.0.0.1:8765/lib.js")!)
        page.loadHTMLString(try String(contentsOf: dir.appendingPathComponent("inserted-scripts.html"), encoding: .utf8),
                            baseURL: URL(string: "http://127.0.0.1:8765/inserted-scripts.html"))
        page.advanceTime(by: 0.1)
        XCTAssertEqual(errors(page), [])
        let expected = try String(contentsOf: dir.appendingPathComponent("inserted-scripts.chromium.txt"), encoding: .utf8)
        XCTAssertEqual(page.document.element(id: "out")?.textContent, expected.trimmingCharacters(in: .newlines))
    }

    // Selectors in scripts read the page as it is now: which boxes are checked and what has focus.
    func testSelectorsSeeLiveCheckednessAndFocus() throws {
        let (page, rec) = try page("""
        <form id=f><label><input type=radio name=q value=a id=a> A</label><label><input type=radio name=q value=b id=b checked> B</label>
        <input type=checkbox id=c><input id=t></form>
        <script>
          document.addEventListener('change', () => {
            const picked = document.querySelector('input[name=q]:checked');
            brazeBridge.logCustomEvent('state', { picked: picked.value, checked: document.querySelectorAll('#f :checked').length,
                                                  unchecked: document.querySelectorAll('input:not(:checked):not(#t)').length });
          });
          document.getElementById('t').addEventListener('focus', () => {
            brazeBridge.logClick(document.querySelector(':focus').id + ' ' + document.getElementById('f').matches(':focus-within')
                                 + ' ' + !!document.getElementById('t').closest(':focus-within'));
          });
        </script>
        """)
        XCTAssertEqual(errors(page), [])
        try page.tap(elementID: "a")
        try page.tap(elementID: "c")
        try page.type("x", intoSelector: "#t")
        XCTAssertEqual(rec.calls, [#"logCustomEvent("state",{"checked":1,"picked":"a","unchecked":2})"#,
                                   #"logCustomEvent("state",{"checked":2,"picked":"a","unchecked":1})"#,
                                   #"logClick("t true true")"#])
    }

    func testElementsAreReachableAsWindowPropertiesByID() throws {
        let (page, rec) = try page("""
        <button id=go>Go</button><div id=result></div>
        <script>go.addEventListener('click', () => { window.result.textContent = 'sent'; brazeBridge.logClick('go') });</script>
        """)
        XCTAssertEqual(errors(page), [])
        try page.tap(elementID: "go")
        XCTAssertEqual(rec.calls, ["logClick(\"go\")"])
        XCTAssertEqual(page.evaluate("typeof go + ' ' + (go === document.getElementById('go'))"), .success(.string("object true")))
    }
}

extension JavaScriptPageTests {
    /// Hostile or broken page code ends in script errors; the host, the page and later taps go on.
    func testUntrustedCodeStaysContained() throws {
        try requireJavaScriptCore()
        let page = ContentPage(scriptLimits: ScriptLimits(timeLimit: 0.2))
        let rec = Recorder()
        page.bridgeReceiver = { rec.calls.append($0.path) }
        page.loadHTMLString("""
        <button id=spin>Spin</button><button id=ok>OK</button>
        <script>
          try { document.body.appendChild({ __id: 0 }); } catch (e) { console.log('refused', e.name); }
          try { Node.prototype.appendChild.call({ __id: 99999999 }, document.body); } catch (e) { console.log('refused', e.name); }
          Element.prototype.setAttribute.call({ __id: 1e15 }, 'a', 'b');
        </script>
        <script>function f() { return f() + 1 } f();</script>
        <script>
          document.getElementById('ok').addEventListener('click', () => { throw new Error('first listener broke') });
          document.getElementById('ok').addEventListener('click', () => brazeBridge.logClick('ok'));
          document.getElementById('spin').addEventListener('click', () => { for (;;) {} });
          setTimeout(function again() { setTimeout(again, 0) }, 0);
          let big = 'x'; try { while (true) big += big; } catch (e) { console.log('string', e.name); }
        </script>
        """, baseURL: nil)
        let failures = page.events.compactMap { if case .scriptError(let f) = $0.kind { return f } else { return nil } }
        XCTAssertTrue(failures.contains { $0.message.contains("RangeError") }, "\(failures)")
        // As WebKit answers a DOM method called on something that is not a node of its kind.
        XCTAssertTrue(failures.contains { $0.message == "TypeError: Can only call Element.setAttribute on instances of Element" }, "\(failures)")
        XCTAssertEqual(page.events.filter { if case .console("log", let m) = $0.kind { return m.hasPrefix("refused") } else { return false } }.count, 2)
        XCTAssertEqual(page.pendingTimerCount, 1, "a self-re-arming timer leaves the page idle")
        let spin = try page.tap(elementID: "spin")
        guard case .scriptFailed(_, .exception(let f))? = spin.actions.first else { return XCTFail("\(spin.actions)") }
        XCTAssertEqual(f.kind, .timeout)
        try page.tap(elementID: "ok")
        XCTAssertEqual(rec.calls, ["logClick"], "the second listener runs after the first threw")
        XCTAssertTrue(page.events.contains { if case .scriptError(let f) = $0.kind { return f.message.contains("first listener broke") } else { return false } })
        page.advanceTime(by: 1)
        XCTAssertEqual(page.pendingTimerCount, 1)
    }
}

extension JavaScriptPageTests {
    func testStatePseudoClassesInScriptQueries() throws {
        let (page, rec) = try page("""
        <form id=f><label><input type=radio name=nps value=7>7</label><label><input type=radio name=nps value=9>9</label>
        <ul><li class=opt>a</li><li class="opt off">b</li><li class=opt>c</li></ul>
        <button type=button id=send>Send</button></form>
        <script>
          document.getElementById('send').addEventListener('click', () => {
            const picked = document.querySelector('input[name=nps]:checked');
            brazeBridge.logCustomEvent('nps', { score: picked ? Number(picked.value) : null,
              live: document.querySelectorAll('li.opt:not(.off)').length, first: document.querySelector('ul > li:first-child').textContent,
              matches: picked ? picked.matches('input:checked') : false });
          });
        </script>
        """)
        try page.tap(elementID: "send")
        try page.tap(selector: "input[value='9']")
        try page.tap(elementID: "send")
        XCTAssertEqual(errors(page), [])
        XCTAssertEqual(rec.calls, ["logCustomEvent(\"nps\",{\"first\":\"a\",\"live\":2,\"matches\":false,\"score\":null})",
                                   "logCustomEvent(\"nps\",{\"first\":\"a\",\"live\":2,\"matches\":true,\"score\":9})"])
    }
}

extension JavaScriptPageTests {
    func testScriptSourcesComeFromRegisteredAssetsOrTheReadableDirectoryOnly() throws {
        try requireJavaScriptCore()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("oia-js-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "window.fromFile = 1".write(to: dir.appendingPathComponent("local.js"), atomically: true, encoding: .utf8)
        try "<script src='local.js'></script><script src='https://cdn.example/lib.js'></script><script src='https://cdn.example/missing.js' onerror='window.failed = 1'></script><script>window.seen = [typeof fromFile, typeof fromCDN, typeof failed].join()</script>"
            .write(to: dir.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        let page = ContentPage()
        page.registerAsset(Data("window.fromCDN = 2".utf8), for: URL(string: "https://cdn.example/lib.js")!)
        page.loadFileURL(dir.appendingPathComponent("index.html"), allowingReadAccessTo: dir)
        XCTAssertEqual(page.evaluate("seen"), .success(.string("number,number,number")))
        XCTAssertTrue(page.events.contains { $0.kind == .networkBlocked(api: "script", url: "https://cdn.example/missing.js") })
    }
}

extension JavaScriptPageTests {
    func testDateFollowsTheVirtualClock() throws {
        let (page, rec) = try page("""
        <script>
          const t0 = Date.now(), d0 = new Date();
          setTimeout(() => brazeBridge.logCustomEvent('elapsed', { ms: Date.now() - t0, dates: new Date() - d0, isDate: d0 instanceof Date,
                                                                 parsed: new Date('2020-01-02T00:00:00Z').getTime() }), 3000);
        </script>
        """)
        page.advanceTime(by: 3)
        XCTAssertEqual(rec.calls, ["logCustomEvent(\"elapsed\",{\"dates\":3000,\"isDate\":true,\"ms\":3000,\"parsed\":1577923200000})"])
    }
}

extension JavaScriptPageTests {
    /// Images load with no network from a data: URL, a registered asset or a readable file, and fail as offline
    /// otherwise: `load`/`error` before the window's `load` for the document's images, in a task after a script sets
    /// `src`; `decode()` settles the same way; each unavailable URL is one trace entry.
    func testImagesLoadFromTheMessagesOwnAssetsAndFailOfflineOtherwise() throws {
        try requireJavaScriptCore()
        let page = ContentPage()
        page.registerAsset(Data([0x47, 0x49, 0x46]), for: URL(string: "https://cdn.example/logo.gif")!)
        page.loadHTMLString("""
        <img id="a" src="https://cdn.example/logo.gif" onload="seen.push('a load')" onerror="seen.push('a error')">
        <img id="b" src="https://cdn.example/missing.png" onload="seen.push('b load')" onerror="seen.push('b error')">
        <img id="c" src="https://cdn.example/missing.png">
        <script>
          var seen = [];
          window.addEventListener('load', () => seen.push('window load'));
          var later = new Image();
          later.onload = () => seen.push('later load');
          later.onerror = () => seen.push('later error');
          later.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
          seen.push('script end');
          document.getElementById('b').decode().then(() => seen.push('b decoded'), e => seen.push('b ' + e.name));
          document.getElementById('a').decode().then(() => seen.push('a decoded'));
        </script>
        """, baseURL: URL(string: "https://app.example/message.html"))
        page.advanceTime(by: 0.01)
        XCTAssertEqual(page.evaluate("seen.join()"), .success(.string(
            "script end,b EncodingError,a decoded,a load,b error,window load,later load")))
        // A script that points an image somewhere else gets the new source's outcome.
        _ = page.evaluate("later.src = 'https://cdn.example/gone.jpg'; seen.length = 0")
        page.advanceTime(by: 0.01)
        XCTAssertEqual(page.evaluate("seen.join()"), .success(.string("later error")))
        let blocked = page.events.compactMap { e -> String? in
            if case .networkBlocked(let api, let url) = e.kind { return "\(api) \(url)" } else { return nil }
        }
        XCTAssertEqual(blocked, ["img https://cdn.example/missing.png", "img https://cdn.example/gone.jpg"])
    }
}

extension JavaScriptPageTests {
    /// A script that changes the tree (as jQuery's feature tests do when it loads) does not stop the page's later
    /// scripts (it did: they were skipped without a word); an empty `src` fails at once, without a request. The order
    /// is Chromium's for the same page.
    func testEveryScriptRunsAfterAnEarlierScriptChangedTheTree() throws {
        let (page, rec) = try page("""
        <div id="box"></div>
        <script>
          var d = document.createElement('div'); document.documentElement.appendChild(d); d.remove();
          document.getElementById('box').innerHTML = '<p>made by script 1</p>';
        </script>
        <script>brazeBridge.logCustomEvent('second');</script>
        <script src="" onerror="brazeBridge.logCustomEvent('empty src', { failed: true })"></script>
        <script>brazeBridge.logCustomEvent('third', { text: document.querySelector('#box p').textContent });</script>
        """)
        XCTAssertEqual(rec.calls, ["logCustomEvent(\"second\")", "logCustomEvent(\"empty src\",{\"failed\":true})",
                                   "logCustomEvent(\"third\",{\"text\":\"made by script 1\"})"])
        XCTAssertFalse(page.events.contains { if case .networkBlocked = $0.kind { return true } else { return false } })
    }
}

extension JavaScriptPageTests {
    /// `document.implementation.createHTMLDocument`, which jQuery 3 calls when it loads (and for `$.parseHTML`): every
    /// answer here is Chromium's for the same script (`chromium --headless --dump-dom`).
    func testDocumentImplementationMakesDetachedHTMLDocuments() throws {
        let (page, _) = try page("""
        <script>
          var d = document.implementation.createHTMLDocument('');
          d.body.innerHTML = '<form></form><form></form>';
          var frag = d.createDocumentFragment(); var tmp = frag.appendChild(d.createElement('div')); tmp.innerHTML = '<b>hi</b>';
          document.body.appendChild(tmp.firstChild);
          var t = document.implementation.createHTMLDocument('T');
          var ctor; try { new DOMImplementation(); ctor = 'made'; } catch (e) { ctor = e.name; }
          var out = [d.body.childNodes.length, document.body.querySelector('b').textContent, t.title, t.head.children.length,
            t.documentElement.localName, typeof DOMImplementation, document.implementation instanceof DOMImplementation,
            document.implementation === document.implementation, ctor, document.implementation.hasFeature(), typeof d.createTextNode('x').data];
        </script>
        """)
        XCTAssertEqual(page.evaluate("JSON.stringify(out)"),
                       .success(.string(#"[2,"hi","T",1,"html","function",true,true,"TypeError",true,"string"]"#)))
    }
}

extension JavaScriptPageTests {
    /// jQuery 3 (Debian's libjs-jquery, read at run time: not part of this repository) loads and runs a message's
    /// script as in Chromium: ready after load on a page with nothing to wait for, elements built and appended,
    /// delegated and direct handlers, `css`, `:visible`, `$.parseHTML`, `trigger`, an offline `$.ajax` failing.
    /// The expected log is Chromium's for the same page and the same taps (`chromium --headless --dump-dom`).
    func testAMessageBuiltOnJQueryRunsAsInChromium() throws {
        let path = "/usr/share/javascript/jquery/jquery.min.js"
        guard let jquery = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw XCTSkip("\(path) is missing (Debian: apt-get install libjs-jquery)")
        }
        let (page, _) = try page("""
        <style>.hidden{display:none}</style>
        <div class="card"><h1 id="t">Offer</h1><ul id="list"></ul>
        <button class="choice" data-value="a">A</button><button class="choice" data-value="b">B</button>
        <input id="email" value=""><a href="#" id="go">Go</a></div>
        <script>\(jquery.replacingOccurrences(of: "</script", with: "<\\/script"))</script>
        <script>
        window.log = [];
        $(function () {
          log.push('ready ' + $.fn.jquery.split('.')[0] + ' ' + document.readyState);
          $.each(['x', 'y'], function (i, v) { $('<li>').text(v).attr('data-i', i).appendTo('#list'); });
          log.push('items ' + $('#list li').length + ' ' + $('#list li').last().data('i'));
          $(document).on('click', '.choice', function (e) {
            log.push('choice ' + $(this).data('value') + ' ' + (e.target === this));
            $(this).addClass('on').siblings('.choice').removeClass('on');
          });
          $('#go').on('click', function (e) { e.preventDefault(); log.push('go ' + $('.choice.on').data('value') + ' ' + $('#email').val()); });
          $('#t').css('color', 'red');
          log.push('css ' + $('#t').css('display') + ' ' + $('#t')[0].style.color + ' ' + $('#t').css('color') + ' ' + $('#t').is(':visible') + ' ' + $('.hidden').length);
          var parsed = $.parseHTML('<p class="p">one</p><p>two</p>');
          log.push('parsed ' + parsed.length + ' ' + parsed[0].className);
          $('#t').trigger('custom');
          $.ajax({ url: 'https://api.example.invalid/x', timeout: 1000 }).fail(function (x, status) { log.push('ajax ' + status); });
        });
        $(window).on('load', function () { log.push('load'); });
        $('#t').on('custom', function () { log.push('custom'); });
        </script>
        """)
        XCTAssertEqual(errors(page), [])
        try page.tap(selector: ".choice[data-value=b]")
        try page.type("a@b.co", intoSelector: "#email")
        try page.tap(selector: "#go")
        page.advanceTime(by: 2)
        XCTAssertEqual(page.evaluate("JSON.stringify(log)"), .success(.string(
            #"["load","ready 3 complete","items 2 1","css block red rgb(255, 0, 0) true 0","parsed 2 p","custom","choice b true","go b a@b.co","ajax error"]"#)))
    }
}

extension JavaScriptPageTests {
    /// Loads `Tests/Fixtures/WebAPIs/NAME.html` (which writes its findings, `|`-separated, to the body's `data-out`)
    /// at Chromium's headless viewport (500 × 757) and returns its lines with those of `NAME.chromium.txt`.
    func linesBesideChromium(_ name: String) throws -> (ours: [String], chromium: [String]) {
        try requireJavaScriptCore()
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/WebAPIs")
        let page = ContentPage()
        page.viewport = ContentViewport(width: 500, height: 757, scale: 1)
        page.loadHTMLString(try String(contentsOf: dir.appendingPathComponent("\(name).html"), encoding: .utf8), baseURL: nil)
        XCTAssertEqual(errors(page), [])
        let chromium = try String(contentsOf: dir.appendingPathComponent("\(name).chromium.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        guard case .string(let out)? = try? page.evaluate("document.body.getAttribute('data-out')").get() else {
            XCTFail("\(name).html wrote no data-out")
            return ([], chromium)
        }
        let ours = out.split(separator: "|").map(String.init)
        XCTAssertEqual(ours.count, chromium.count, name)
        return (ours, chromium)
    }
}

extension JavaScriptPageTests {
    /// What scripts read of elements' sizes and places comes from the approximate layout: a modal card centred in a
    /// fixed overlay, a fixed-size area, a flex row, an absolutely placed close button, an inline span, elements not
    /// rendered. Compared with what Chromium prints for `Tests/Fixtures/WebAPIs/geometry.html` at its headless
    /// viewport (500 × 757; `chromium --headless --window-size=390,844 --dump-dom`), within 2 px; text is measured
    /// with an average glyph width, so the inline span's size is only checked to be non-zero.
    func testScriptsReadElementGeometryFromTheLayout() throws {
        let (lines, expected) = try linesBesideChromium("geometry")
        let words = { (line: String) in line.split(separator: " ").map(String.init) }
        for (ours, chromium) in zip(lines.map(words), expected.map(words)) {
            XCTAssertEqual(ours.first, chromium.first)
            for (i, (a, b)) in zip(ours.dropFirst(), chromium.dropFirst()).enumerated() {
                guard let x = Double(a), let y = Double(b) else { XCTFail("\(ours) / \(chromium)"); continue }
                if ours.first == "inl" && (i == 0 || i == 1) { XCTAssertGreaterThan(x, 0, "inl size"); continue }
                XCTAssertLessThanOrEqual(abs(x - y), 2, "\(ours.first ?? "") field \(i + 1): ours \(ours.joined(separator: " ")), Chromium \(chromium.joined(separator: " "))")
            }
        }
    }
}

extension JavaScriptPageTests {
    /// A canvas's 2D context draws into pixels scripts read back: fills, strokes with round caps, destination-out
    /// erasing (a scratch card), clearRect, transforms, state, resizing, errors. Compared with what Chromium prints for
    /// `Tests/Fixtures/WebAPIs/canvas.html`: exact where no edge is anti-aliased, within 15 % where Chromium's
    /// anti-aliasing counts partly covered pixels (ours samples pixel centres).
    func testCanvasPixelsMatchChromiumUpToAntiAliasing() throws {
        let (lines, expected) = try linesBesideChromium("canvas")
        for (ours, chromium) in zip(lines, expected) {
            let antiAliased = ["after arc", "after stroke", "rotated"].contains { chromium.hasPrefix($0) }
            guard antiAliased else { XCTAssertEqual(ours, chromium); continue }
            let a = ours.split(separator: " ").compactMap { Double($0) }, b = chromium.split(separator: " ").compactMap { Double($0) }
            XCTAssertEqual(a.count, b.count, "\(ours) / \(chromium)")
            for (x, y) in zip(a, b) { XCTAssertLessThanOrEqual(abs(x - y), 0.15 * max(abs(y), 1), "ours \(ours), Chromium \(chromium)") }
            if chromium.hasPrefix("rotated") { XCTAssertTrue(ours.hasSuffix(" px 255,0,0,128"), ours) }
        }
    }
}

extension JavaScriptPageTests {
    /// getComputedStyle for properties beyond display/visibility/opacity/pointer-events: the cascade, shorthands
    /// (`background`, `border`, `padding`), inheritance, initial values, `em` font sizes, colours serialized as
    /// `rgb()`/`rgba()` (hex, hsl, names, `transparent`), sizes by `box-sizing` from the layout, `auto` for an inline
    /// box. Every value is what Chromium prints for `Tests/Fixtures/WebAPIs/computed-values.html` at its headless
    /// viewport (500 × 757), except the card's height, which depends on text measurement (ours 113.5 px, Chromium 99.5: checked within 20 px).
    func testComputedValuesMatchChromium() throws {
        let (lines, expected) = try linesBesideChromium("computed-values")
        let words = { (line: String) in line.split(separator: " ").map(String.init) }
        for (ours, chromium) in zip(lines.map(words), expected.map(words)) {
            XCTAssertEqual(ours.count, chromium.count, "\(ours) / \(chromium)")
            for (a, b) in zip(ours, chromium) where a != b {
                if b.hasPrefix("height="), let x = Double(a.dropFirst(7).dropLast(2)), let y = Double(b.dropFirst(7).dropLast(2)), abs(x - y) <= 20 { continue }
                XCTFail("ours \(a), Chromium \(b) (\(chromium.first ?? ""))")
            }
        }
    }
}

extension JavaScriptPageTests {
    /// An image the message ships (a registered asset) is laid out at its size, read from its first bytes, and reports
    /// it: `naturalWidth`/`naturalHeight`, `width`/`height` as drawn, boxes scaled to CSS `width: 100%` or to one
    /// attribute. The numbers are Chromium's for the same page with the same two PNGs served from files (500 × 757).
    func testImagesFromTheMessagesAssetsHaveTheirSize() throws {
        try requireJavaScriptCore()
        func png(_ w: UInt32, _ h: UInt32) -> Data {   // the signature and IHDR chunk are all the size reader needs
            var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
            for v in [w, h] { d += Data([UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]) }
            return d + Data([8, 2, 0, 0, 0, 0, 0, 0, 0])
        }
        let page = ContentPage()
        page.viewport = ContentViewport(width: 500, height: 757, scale: 1)
        page.registerAsset(png(1200, 600), for: URL(string: "https://cdn.example/hero.png")!)
        page.registerAsset(png(40, 30), for: URL(string: "https://cdn.example/badge.png")!)
        page.loadHTMLString("""
        <style>body { margin: 8px; } .hero { width: 100%; display: block; }</style>
        <img id="hero" class="hero" src="hero.png" alt="Hero"><img id="badge" src="badge.png">
        <img id="half" src="badge.png" height="15"><img id="gone" src="missing.png" alt="Gone">
        <script>
          window.addEventListener('load', function () {
            window.out = ['hero', 'badge', 'half', 'gone'].map(function (id) { var e = document.getElementById(id);
              return [id, e.naturalWidth, e.naturalHeight, e.width, e.height, e.offsetWidth, e.offsetHeight].join(' '); });
          });
        </script>
        """, baseURL: URL(string: "https://cdn.example/message.html"))
        XCTAssertEqual(errors(page), [])
        guard case .success(.string(let out)) = page.evaluate("out.join('|')") else { return XCTFail("no output") }
        let lines = out.split(separator: "|").map(String.init)
        XCTAssertEqual(Array(lines.prefix(3)), ["hero 1200 600 484 242 484 242", "badge 40 30 40 30 40 30", "half 40 30 20 15 20 15"])
        // A broken image shows its alt text: Chromium 51 × 18, WebKitGTK 46 × 23 (each with its broken-image icon); the
        // text's line here, 19 px in DejaVu Sans as WebKitGTK lays out a line of it.
        let gone = lines.last?.split(separator: " ").map(String.init) ?? []
        XCTAssertEqual(Array(gone.prefix(3)), ["gone", "0", "0"])
        XCTAssertEqual(gone.last, "19")
        XCTAssertGreaterThan(Int(gone[5]) ?? 0, 0)
    }

    func testImageSizesAreReadFromTheFirstBytes() {
        func size(_ d: Data) -> [Double]? { ImageSize.of(d).map { [$0.width, $0.height] } }
        XCTAssertNil(size(Data("not an image".utf8)))
        XCTAssertEqual(size(Data(base64Encoded: "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==")!), [1, 1])
        XCTAssertEqual(size(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0, 0, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x2C, 0x02, 0x58, 0x03])), [600, 300])
        XCTAssertEqual(size(Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12"><path/></svg>"#.utf8)), [24, 12])
        XCTAssertEqual(size(Data(#"<svg width="34px" height='20' viewBox="0 0 1 1"></svg>"#.utf8)), [34, 20])
    }
}

extension JavaScriptPageTests {
    /// Images that markup brings in (innerHTML, insertAdjacentHTML, also into a detached element) load or fail as
    /// the parser's do; a DOMParser document loads nothing until its image is moved into the page. Chromium logs the
    /// same five lines for this page (`chromium --headless --virtual-time-budget=5000 --dump-dom`).
    func testImagesBroughtInByMarkupOrInsertionLoadAsInChromium() throws {
        let (page, _) = try page("""
        <div id="list"></div><script>
        window.log = [];
        document.getElementById('list').innerHTML = '<img id="a" src="https://offline.invalid/a.png" onerror="log.push(\\'a error\\')"><img id="b" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" onload="log.push(\\'b load\\')">';
        var detached = document.createElement('div');
        detached.innerHTML = '<img src="https://offline.invalid/c.png" onerror="log.push(\\'c error (detached)\\')">';
        var parsed = new DOMParser().parseFromString('<img src="https://offline.invalid/d.png" onerror="log.push(\\'d error (DOMParser)\\')">', 'text/html');
        var moved = parsed.body.firstChild;
        document.body.insertAdjacentHTML('beforeend', '<p><img src="https://offline.invalid/e.png" onerror="log.push(\\'e error (adjacent)\\')"></p>');
        setTimeout(function () { window.before = log.slice().sort().join('|'); document.body.appendChild(moved); }, 500);
        </script>
        """)
        page.advanceTime(by: 2)
        XCTAssertEqual(errors(page), [])
        XCTAssertEqual(page.evaluate("before"), .success(.string("a error|b load|c error (detached)|e error (adjacent)")),
                       "the DOMParser document's image waits until it is in the page")
        XCTAssertEqual(page.evaluate("log.sort().join('|')"),
                       .success(.string("a error|b load|c error (detached)|d error (DOMParser)|e error (adjacent)")))
    }
}
