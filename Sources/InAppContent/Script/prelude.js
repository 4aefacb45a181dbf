(function (H) {
'use strict';
delete globalThis.__oiaHost;
const M = globalThis.__oiaNative;   // native DOM members (NativeDOM.swift): wrappers, and members moved out of here
delete globalThis.__oiaNative;
const g = globalThis;
const cache = [];   // node id → wrapper
const VOID = new Set(['area','base','br','col','embed','hr','img','input','link','meta','source','track','wbr']);
// A node's wrapper: made natively on first use (NativeDOM.makeWrapper), with its class's prototype, then cached.
function wrap(id) {
  if (id === null || id === undefined || id < 0) return null;
  return cache[id] || M.wrap(id);
}
// Query results: arrays whose prototype is NodeList's (querySelectorAll) or HTMLCollection's (document.forms,
// form.elements, select.options…), so `instanceof`, `item()` and the usual polyfills (`NodeList.prototype.forEach =
// Array.prototype.forEach`) work. These are snapshots; the collections a browser keeps live are below.
class NodeList extends Array {
  item(i) { return this[i] || null; }
  get [Symbol.toStringTag]() { return 'NodeList'; }
}
class HTMLCollection extends Array {
  item(i) { return this[i] || null; }
  namedItem(n) { n = String(n); return this.find(e => e.id === n || e.getAttribute('name') === n) || null; }
  get [Symbol.toStringTag]() { return 'HTMLCollection'; }
}
const listOf = (Kind, nodes) => Object.setPrototypeOf(nodes, Kind.prototype);
const ids = a => { const out = new Array(a.length); for (let i = 0; i < a.length; i++) out[i] = wrap(a[i]); return listOf(NodeList, out); };
const collection = nodes => listOf(HTMLCollection, Array.from(nodes));
// Live collections (childNodes, children, getElementsByTagName/ClassName) follow the tree as a browser's do: a read
// after the tree changed (its version) reads it again; otherwise the last snapshot answers.
const INDEX = /^(0|[1-9]\d*)$/;
function liveCollection(Kind, read) {
  let version = -1, items = null;
  const now = () => {
    const v = H('dom.version');
    if (v !== version || items === null) { version = v; items = listOf(Kind, read().map(x => wrap(x))); }
    return items;
  };
  return new Proxy(Object.create(Kind.prototype), {
    get(t, k) {
      if (Object.prototype.hasOwnProperty.call(t, k)) return t[k];
      const a = now(), v = a[k];
      return typeof v === 'function' && k !== 'constructor' ? v.bind(a) : v;
    },
    has(t, k) { return k in t || k in now(); },
    set(t, k, v) { if (k === 'length' || (typeof k === 'string' && INDEX.test(k))) return true; t[k] = v; return true; },
    ownKeys(t) { return [...Reflect.ownKeys(now()).filter(k => k !== 'length'), ...Reflect.ownKeys(t)]; },
    getOwnPropertyDescriptor(t, k) {
      if (Object.prototype.hasOwnProperty.call(t, k)) return Reflect.getOwnPropertyDescriptor(t, k);
      if (k === 'length') return undefined;
      const d = Reflect.getOwnPropertyDescriptor(now(), k);
      if (d) { d.configurable = true; d.writable = false; }
      return d;
    },
    deleteProperty(t, k) { return delete t[k]; },
  });
}
function cachedLive(node, key, Kind, read) {
  return node[key] || (Object.defineProperty(node, key, { value: liveCollection(Kind, read) }), node[key]);
}
function toNode(x) { return (x instanceof Node) ? x : g.document.createTextNode(String(x)); }
function reportError(e) {
  try {
    H('error', String(e && e.name ? e.name + ': ' + e.message : e), (e && e.line) || 0, (e && e.column) || 0, (e && e.sourceURL) || '');
  } catch (_) {}
}

// ---- Events ----
// Events are native objects (NativeEvents.swift): their fields answer from native code and dispatch runs there. These
// classes give them their prototypes (instanceof, subclassing by pages, the methods below); a constructor answers the
// native event made for the class `new` was called with.
class Event {
  constructor(type, init) { return M.event(new.target, type, init); }
  preventDefault() { M.eventOp(this, 0); }
  stopPropagation() { M.eventOp(this, 1); }
  stopImmediatePropagation() { M.eventOp(this, 2); }
  composedPath() { return M.eventOp(this, 3); }
  initEvent(type, bubbles, cancelable) { M.eventOp(this, 4, type, bubbles, cancelable); }
}
Event.NONE = 0; Event.CAPTURING_PHASE = 1; Event.AT_TARGET = 2; Event.BUBBLING_PHASE = 3;
class UIEvent extends Event {}
class MouseEvent extends UIEvent {}
class PointerEvent extends MouseEvent {}
class TouchEvent extends UIEvent {}
class KeyboardEvent extends UIEvent {}
class InputEvent extends UIEvent {}
class FocusEvent extends UIEvent {}
class CustomEvent extends Event { initCustomEvent(t, b, c, d) { M.eventOp(this, 4, t, b, c); M.eventOp(this, 5, d); } }
class SubmitEvent extends Event {}
class ErrorEvent extends Event {}
class MediaQueryListEvent extends Event {}
// In EventKind's order (NativeEvents.swift).
const EVENT_CLASSES = [Event, UIEvent, MouseEvent, PointerEvent, TouchEvent, KeyboardEvent, InputEvent, FocusEvent, CustomEvent,
  SubmitEvent, ErrorEvent, MediaQueryListEvent];

class EventTarget {
  addEventListener(type, fn, opts) {
    if (typeof fn !== 'function' && !(fn && typeof fn.handleEvent === 'function')) return;
    const capture = typeof opts === 'boolean' ? opts : !!(opts && opts.capture);
    const once = !!(opts && typeof opts === 'object' && opts.once);
    const passive = !!(opts && typeof opts === 'object' && opts.passive);
    const all = this.__l || (Object.defineProperty(this, '__l', { value: Object.create(null) }), this.__l);
    const list = all[type] || (all[type] = []);
    for (const e of list) if (e.fn === fn && e.capture === capture) return;
    list.push({ fn, capture, once, passive, removed: false });
    if (this.__id !== undefined) H('dom.listen', this.__id, String(type));
    if (opts && typeof opts === 'object' && opts.signal) opts.signal.addEventListener('abort', () => this.removeEventListener(type, fn, opts));
  }
  removeEventListener(type, fn, opts) {
    const capture = typeof opts === 'boolean' ? opts : !!(opts && opts.capture);
    const list = this.__l && this.__l[type];
    if (!list) return;
    let i = -1;
    for (let k = 0; k < list.length; k++) if (list[k].fn === fn && list[k].capture === capture) { i = k; break; }
    if (i >= 0) { list[i].removed = true; list.splice(i, 1); }
  }
  dispatchEvent(ev) { ev.isTrusted = false; return dispatch(this, ev); }
}
function inlineHandler(target, type, attrSrc) {
  const own = target.__h && target.__h[type];
  if (own !== undefined) return own;
  if (attrSrc !== undefined) return attrSrc === null ? null : compileHandler(target, attrSrc, type);
  if (target.__id === undefined || H('dom.kind', target.__id) !== 2) return null;
  const src = H('dom.attr', target.__id, 'on' + type);
  if (src === null) return null;
  return compileHandler(target, src, type);
}
const compiled = new Map();
function compileHandler(el, src, type) {
  const key = el.__id + ':' + type + ':' + src;
  if (compiled.has(key)) return compiled.get(key);
  let fn = null;
  try {
    fn = new Function('event', 'with (this.ownerDocument || document) { with (this.form || {}) { with (this) { ' + src + '\n} } }');
  } catch (e) { reportError(e); }
  compiled.set(key, fn);
  return fn;
}
function callListener(ev, target, fn) {
  try {
    if (typeof fn === 'function') return fn.call(target, ev);
    return fn.handleEvent(ev);
  } catch (e) { reportError(e); }
}
/** The node and its ancestors, innermost first (NativeInput.swift). */
function pathOf(node) { return node.__id === undefined ? [node] : M.path(node); }
/** Dispatches the event `make` builds, unless nothing on its path listens for `type`: then nobody could observe it
 *  (or cancel it), so it is not built; the result is dispatch's (true: not canceled). NativeEvents.swift answers both. */
function fire(target, type, make) { return M.listened(target, type) ? dispatch(target, make()) : true; }
// Native code walks the path and picks each listener (NativeEvents.swift); the calls are made here, so that what a
// listener throws, and the engine ending a run that took too long, unwind through script frames as in a browser.
const STEP = [null, null, false, false];   // listener, its this, remove it first (once), its capture flag
function dispatch(target, ev) {
  M.dispatchStart(target, ev);
  let r;
  while (M.dispatchNext(ev, r, STEP)) {
    const fn = STEP[0], self = STEP[1];
    if (STEP[2]) self.removeEventListener(ev.type, fn, STEP[3]);
    r = callListener(ev, self, fn);
  }
  return !ev.defaultPrevented;
}

// ---- Mutations and their observers ----
// Every change of the tree goes through these; with no MutationObserver registered they cost one check.
const registrations = [];   // { observer, node, options }
function observing() { return registrations.length > 0; }
function insertNode(parent, child, ref) {
  if (!observing()) return startScripts(H('dom.insert', child.__id, ref ? ref.__id : null, parent.__id));
  const added = child.nodeType === 11 ? Array.from(child.childNodes) : [child];
  const oldParent = child.nodeType === 11 ? null : child.parentNode;
  if (oldParent) removedRecord(oldParent, child);
  const previous = ref ? ref.previousSibling : parent.lastChild;
  const started = H('dom.insert', child.__id, ref ? ref.__id : null, parent.__id);
  if (added.length) queueMutation(parent, 'childList', { addedNodes: added, previousSibling: previous === child ? child.previousSibling : previous, nextSibling: ref });
  startScripts(started);
}
function removeNode(node) {
  const parent = observing() ? node.parentNode : null;
  if (parent) removedRecord(parent, node);
  H('dom.remove', node.__id);
}
function removedRecord(parent, node) {
  queueMutation(parent, 'childList', { removedNodes: [node], previousSibling: node.previousSibling, nextSibling: node.nextSibling });
}
function childListBefore(node) { return { removed: Array.from(node.childNodes) }; }
function childListAfter(node, before) {
  const added = Array.from(node.childNodes);
  if (before.removed.length || added.length) queueMutation(node, 'childList', { removedNodes: before.removed, addedNodes: added });
}
// textContent and innerHTML with their records, for the native setters while a MutationObserver is registered.
function setTextContent(node, text) { const m = observing() && childListBefore(node); H('dom.setText', node.__id, text); if (m) childListAfter(node, m); }
function setInnerHTML(el, html) { const m = observing() && childListBefore(el); H('dom.setHTML', el.__id, html); if (m) childListAfter(el, m); }
function setData(node, v) {
  const old = observing() ? H('dom.data', node.__id) : undefined;
  H('dom.setData', node.__id, v);
  if (old !== undefined) queueMutation(node, 'characterData', { oldValue: old });
}
function attributeChanged(el, name, old) { queueMutation(el, 'attributes', { attributeName: name, oldValue: old }); }
function queueMutation(target, type, fields) {
  for (const r of registrations) {
    const o = r.options;
    if (r.node !== target && !(o.subtree && r.node.contains(target))) continue;
    if (type === 'childList' && !o.childList) continue;
    if (type === 'attributes' && (!o.attributes || (o.attributeFilter && !o.attributeFilter.includes(fields.attributeName)))) continue;
    if (type === 'characterData' && !o.characterData) continue;
    const keepOld = type === 'attributes' ? o.attributeOldValue : type === 'characterData' ? o.characterDataOldValue : false;
    const obs = r.observer;
    // One record per observer, whichever of its registrations matched first.
    if (obs.__q.length && obs.__q[obs.__q.length - 1].__source === fields) continue;
    const rec = Object.assign(Object.create(MutationRecord.prototype), {
      type, target, addedNodes: ids([]), removedNodes: ids([]), previousSibling: null, nextSibling: null,
      attributeName: null, attributeNamespace: null, oldValue: null });
    if (fields.addedNodes) rec.addedNodes = listOf(NodeList, fields.addedNodes.slice());
    if (fields.removedNodes) rec.removedNodes = listOf(NodeList, fields.removedNodes.slice());
    if (fields.previousSibling) rec.previousSibling = fields.previousSibling;
    if (fields.nextSibling) rec.nextSibling = fields.nextSibling;
    if (fields.attributeName) rec.attributeName = fields.attributeName;
    if (keepOld && fields.oldValue !== undefined) rec.oldValue = fields.oldValue;
    Object.defineProperty(rec, '__source', { value: fields });
    obs.__q.push(rec);
    if (!obs.__scheduled) {
      obs.__scheduled = true;
      queueMicrotask(() => {
        obs.__scheduled = false;
        const records = obs.takeRecords();
        if (records.length) { try { obs.__cb.call(obs, records, obs); } catch (e) { reportError(e); } }
      });
    }
  }
}
class MutationRecord {}
class MutationObserver {
  constructor(callback) {
    if (typeof callback !== 'function') throw new TypeError("Argument 1 ('callback') to the MutationObserver constructor must be a function");
    Object.defineProperty(this, '__cb', { value: callback });
    Object.defineProperty(this, '__q', { value: [], writable: true });
    Object.defineProperty(this, '__scheduled', { value: false, writable: true });
  }
  observe(node, options) {
    if (!(node instanceof Node)) throw new TypeError("Argument 1 ('target') to MutationObserver.observe must be an instance of Node");
    const o = Object.assign({}, options || {});
    if (o.attributeOldValue || o.attributeFilter) o.attributes = o.attributes === undefined ? true : o.attributes;
    if (o.characterDataOldValue) o.characterData = o.characterData === undefined ? true : o.characterData;
    if (!o.childList && !o.attributes && !o.characterData) throw new TypeError('The options object must set at least one of \'attributes\', \'characterData\', or \'childList\' to true.');
    const existing = registrations.find(r => r.observer === this && r.node === node);
    if (existing) existing.options = o; else registrations.push({ observer: this, node, options: o });
    M.observing(true);
  }
  disconnect() {
    for (let i = registrations.length - 1; i >= 0; i--) if (registrations[i].observer === this) registrations.splice(i, 1);
    M.observing(registrations.length > 0);
    this.__q = [];
  }
  takeRecords() { const q = this.__q; this.__q = []; return q; }
}

// ---- Nodes ----
class Node extends EventTarget {
  get childNodes() { return cachedLive(this, '__cn', NodeList, () => H('dom.children', this.__id)); }
  get ownerDocument() { return this === g.document ? null : g.document; }
  get nodeValue() { const k = H('dom.kind', this.__id); return k === 3 || k === 4 ? H('dom.data', this.__id) : null; }
  set nodeValue(v) { const k = H('dom.kind', this.__id); if (k === 3 || k === 4) setData(this, String(v)); }
  hasChildNodes() { return H('dom.first', this.__id) !== null; }
  contains(other) { return !!other && H('dom.contains', this.__id, other.__id); }
  getRootNode() { let n = this; for (let p = n.parentNode; p; p = p.parentNode) n = p; return n; }
  // (Elements and the document have native appendChild, insertBefore, removeChild and textContent: NativeDOM.swift.)
  appendChild(c) { insertNode(this, c, null); return c; }
  insertBefore(c, ref) { insertNode(this, c, ref || null); return c; }
  removeChild(c) { if (!c || H('dom.parent', c.__id) !== this.__id) throw new DOMException('The node to be removed is not a child of this node.', 'NotFoundError'); removeNode(c); return c; }
  replaceChild(n, old) { insertNode(this, n, old); removeNode(old); return old; }
  cloneNode(deep) { return wrap(H('dom.clone', this.__id, !!deep)); }
  isEqualNode(o) { return !!o && H('dom.serialize', this.__id, true) === H('dom.serialize', o.__id, true); }
  isSameNode(o) { return this === o; }
  compareDocumentPosition(o) { return H('dom.position', this.__id, o.__id); }
  get nodeName() {
    switch (H('dom.kind', this.__id)) { case 0: return '#document'; case 3: return '#text'; case 4: return '#comment';
      case 5: return '#document-fragment'; case 1: return H('dom.name', this.__id); default: return this.tagName; }
  }
}
Node.ELEMENT_NODE = 1; Node.TEXT_NODE = 3; Node.COMMENT_NODE = 8; Node.DOCUMENT_NODE = 9; Node.DOCUMENT_FRAGMENT_NODE = 11;
class CharacterData extends Node {
  get data() { return H('dom.data', this.__id); }
  set data(v) { setData(this, String(v)); }
  get length() { return this.data.length; }
  appendData(s) { this.data = this.data + s; }
  remove() { removeNode(this); }
  get nextElementSibling() { return sibling(this, 'dom.next'); }
  get previousElementSibling() { return sibling(this, 'dom.prev'); }
}
class Text extends CharacterData { get wholeText() { return this.data; } splitText(off) { const t = this.data; this.data = t.slice(0, off); const n = g.document.createTextNode(t.slice(off)); if (this.parentNode) this.parentNode.insertBefore(n, this.nextSibling); return n; } }
class Comment extends CharacterData {}
class DocumentType extends Node { get name() { return H('dom.doctype', this.__id); } }
function sibling(n, op) { let s = H(op, n.__id); while (s !== null && H('dom.kind', s) !== 2) s = H(op, s); return wrap(s); }
// ParentNode's members, shared by elements, documents and fragments as a base class (one set of functions per page,
// where copying them onto each prototype defined each three times).
class ParentNode extends Node {
  get children() { return cachedLive(this, '__ch', HTMLCollection, () => H('dom.children', this.__id, true)); }
  get childElementCount() { return H('dom.children', this.__id, true).length; }
  get firstElementChild() { const c = H('dom.children', this.__id, true); return wrap(c.length ? c[0] : null); }
  get lastElementChild() { const c = H('dom.children', this.__id, true); return wrap(c.length ? c[c.length - 1] : null); }
  querySelector(s) { return query(this, String(s), false); }
  querySelectorAll(s) { return query(this, String(s), true); }
  getElementsByTagName(t) { const sel = t === '*' ? '*' : String(t).replace(/[^\w-]/g, ''); return liveCollection(HTMLCollection, () => sel ? H('dom.query', this.__id, sel, true) : []); }
  getElementsByClassName(c) { const sel = String(c).trim().split(/\s+/).filter(Boolean).map(x => '.' + cssEscape(x)).join(''); return liveCollection(HTMLCollection, () => sel ? H('dom.query', this.__id, sel, true) : []); }
  append(...ns) { for (const n of ns) this.appendChild(toNode(n)); }
  prepend(...ns) { const f = this.firstChild; for (const n of ns) this.insertBefore(toNode(n), f); }
  replaceChildren(...ns) { const m = observing() && childListBefore(this); H('dom.setText', this.__id, ''); if (m) childListAfter(this, m); this.append(...ns); }
}
// Selectors: CSSSelector in the host (combinators, structural and logical pseudo-classes, and :checked/:focus read
// from the live state the host mirrors).
function query(scope, sel, all) {
  return all ? ids(H('dom.query', scope.__id, sel, true)) : wrap(H('dom.query', scope.__id, sel, false));
}
function cssEscape(s) { return String(s).replace(/[^\w-]/g, c => '\\' + c); }
class DocumentFragment extends ParentNode {}
DocumentFragment.prototype.getElementById = function (id) { return this.querySelector('#' + cssEscape(id)); };

// DOMTokenList (classList) is native (NativeDOM.swift); iteration is written here, over its length and items.
class DOMTokenList {
  constructor() { throw new TypeError('Illegal constructor'); }
  __all() { const a = []; for (let i = 0; i < this.length; i++) a.push(this.item(i)); return a; }
  forEach(f, t) { this.__all().forEach((v, i) => f.call(t, v, i, this)); }
  entries() { return this.__all().entries(); } keys() { return this.__all().keys(); } values() { return this.__all().values(); }
  [Symbol.iterator]() { return this.__all()[Symbol.iterator](); }
}
class DOMException extends Error { constructor(m, n) { super(m); this.name = n || 'Error'; } }

class CSSStyleDeclaration { constructor() { throw new TypeError('Illegal constructor'); } }
// An element's style (CSSStyleDeclaration) and dataset are native (NativeDOM.swift).
class Element extends ParentNode {
  get namespaceURI() { return ['http://www.w3.org/1999/xhtml','http://www.w3.org/2000/svg','http://www.w3.org/1998/Math/MathML'][H('dom.ns', this.__id)] || null; }
  getAttributeNS(ns, n) { return this.getAttribute(n); }
  setAttributeNS(ns, n, v) { this.setAttribute(n, v); }
  hasAttributes() { return H('dom.attrs', this.__id).length > 0; }
  toggleAttribute(n, f) { const has = this.hasAttribute(n); const want = f === undefined ? !has : !!f; if (want && !has) this.setAttribute(n, ''); if (!want && has) this.removeAttribute(n); return want; }
  getAttributeNames() { return H('dom.attrs', this.__id).map(a => a[0]); }
  get attributes() { const a = H('dom.attrs', this.__id).map(([name, value]) => ({ name, value, localName: name, nodeName: name, nodeValue: value, specified: true }));
    a.getNamedItem = n => a.find(x => x.name === String(n).toLowerCase()) || null; a.item = i => a[i] || null; return a; }
  get outerHTML() { return H('dom.serialize', this.__id, true); }
  set outerHTML(v) { const p = this.parentNode; if (!p) return; const f = wrap(H('dom.parseFragment', p.__id, String(v))); p.insertBefore(f, this); this.remove(); }
  insertAdjacentHTML(pos, html) {
    const p = this.parentNode; const f = wrap(H('dom.parseFragment', (pos === 'beforebegin' || pos === 'afterend') && p ? p.__id : this.__id, String(html)));
    this.__adjacent(pos, f);
  }
  insertAdjacentElement(pos, el) { this.__adjacent(pos, el); return el; }
  insertAdjacentText(pos, t) { this.__adjacent(pos, g.document.createTextNode(t)); }
  __adjacent(pos, n) {
    switch (String(pos).toLowerCase()) {
      case 'beforebegin': if (this.parentNode) this.parentNode.insertBefore(n, this); break;
      case 'afterbegin': this.insertBefore(n, this.firstChild); break;
      case 'beforeend': this.appendChild(n); break;
      case 'afterend': if (this.parentNode) this.parentNode.insertBefore(n, this.nextSibling); break;
      default: throw new DOMException("The value provided ('" + pos + "') is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.", 'SyntaxError');
    }
  }
  get innerText() { return H('dom.innerText', this.__id); }
  set innerText(v) { this.textContent = v; }
  get outerText() { return this.innerText; }
  remove() { removeNode(this); }
  before(...ns) { const p = this.parentNode; if (p) for (const n of ns) p.insertBefore(toNode(n), this); }
  after(...ns) { const p = this.parentNode; if (!p) return; const ref = this.nextSibling; for (const n of ns) p.insertBefore(toNode(n), ref); }
  replaceWith(...ns) { const p = this.parentNode; if (!p) return; const ref = this.nextSibling; this.remove(); for (const n of ns) p.insertBefore(toNode(n), ref); }
  get nextElementSibling() { return sibling(this, 'dom.next'); }
  get previousElementSibling() { return sibling(this, 'dom.prev'); }
  matches(s) {
    try { return H('dom.matches', this.__id, String(s)); }
    catch (e) { if (!(e && e.name === 'SyntaxError')) throw e; const p = this.parentNode || this; return query(p, String(s), true).includes(this); }
  }
  webkitMatchesSelector(s) { return this.matches(s); }
  closest(s) {
    try { return wrap(H('dom.closest', this.__id, String(s))); }
    catch (e) { if (!(e && e.name === 'SyntaxError')) throw e; for (let n = this; n && n.nodeType === 1; n = n.parentElement) if (n.matches(s)) return n; return null; }
  }
  // Geometry from the approximate layout (Style/Layout.swift: close to a browser's boxes, not equal): an element that
  // is not rendered (display: none or hidden on it or an ancestor, from any stylesheet) has no box, as in a browser.
  __box() { return H('layout.box', this.__id); }
  getBoundingClientRect() { const b = this.__box() || [0, 0, 0, 0]; const r = { x: b[0], y: b[1], top: b[1], left: b[0], width: b[2], height: b[3], right: b[0] + b[2], bottom: b[1] + b[3] }; r.toJSON = () => r; return r; }
  getClientRects() { return this.__box() ? [this.getBoundingClientRect()] : []; }
  // __box(): [x, y, width, height, clientWidth, clientHeight, offset parent id (-1: none), border left, border top].
  __client(i) {
    if (this.localName === 'html') { const d = H('device'); return i === 0 ? d.width : d.height; }   // the viewport, as browsers answer
    const b = this.__box();
    return b ? Math.round(b[4 + i]) : 0;
  }
  get clientWidth() { return this.__client(0); } get clientHeight() { return this.__client(1); }
  get offsetWidth() { const b = this.__box(); return b ? Math.round(b[2]) : 0; } get offsetHeight() { const b = this.__box(); return b ? Math.round(b[3]) : 0; }
  // From the offset parent's padding edge (its border box less its border), or the viewport's origin without one.
  __offset(i) { const b = this.__box(); if (!b) return 0; const p = b[6] >= 0 ? H('layout.box', b[6]) : null; return Math.round(b[i] - (p ? p[i] + p[7 + i] : 0)); }
  get offsetTop() { return this.__offset(1); } get offsetLeft() { return this.__offset(0); }
  get offsetParent() { const b = this.__box(); return b && b[6] >= 0 ? wrap(b[6]) : null; }
  checkVisibility(o) { const c = H('style.computed', this.__id); if (!c.rendered) return false; if (o && (o.visibilityProperty || o.checkVisibilityCSS) && c.visibility !== 'visible') return false; if (o && (o.opacityProperty || o.checkOpacity) && +c.opacity === 0) return false; return true; }
  get scrollTop() { return 0; } set scrollTop(v) {} get scrollLeft() { return 0; } set scrollLeft(v) {}
  get scrollWidth() { return this.__client(0); } get scrollHeight() { return this.__client(1); }
  scrollIntoView() {} scrollTo() {} scrollBy() {}
  animate() { const a = { finished: Promise.resolve(), cancel() {}, play() {}, pause() {}, finish() {}, onfinish: null, addEventListener() {} }; return a; }
  attachShadow() { throw new DOMException('attachShadow is not supported in this headless model', 'NotSupportedError'); }
}
class HTMLElement extends Element {
  get hidden() { return this.hasAttribute('hidden'); } set hidden(v) { this.toggleAttribute('hidden', !!v); }
  get title() { return this.getAttribute('title') || ''; } set title(v) { this.setAttribute('title', v); }
  get lang() { return this.getAttribute('lang') || ''; } set lang(v) { this.setAttribute('lang', v); }
  get dir() { return this.getAttribute('dir') || ''; } set dir(v) { this.setAttribute('dir', v); }
  get tabIndex() { const v = parseInt(this.getAttribute('tabindex'), 10); return isNaN(v) ? (/^(a|button|input|select|textarea)$/.test(this.localName) ? 0 : -1) : v; }
  set tabIndex(v) { this.setAttribute('tabindex', String(v)); }
  get contentEditable() { return this.getAttribute('contenteditable') || 'inherit'; }
  focus() { focusElement(this); }
  blur() { if (activeElement === this) focusElement(null); }
  click() { if (isDisabled(this)) return; activate(this, false); }
}
// Properties that reflect an attribute (target, src, placeholder, readOnly, …) are native (NativeDOM.reflected).
class HTMLAnchorElement extends HTMLElement {
  get href() { const v = this.getAttribute('href'); return v === null ? '' : H('url.resolve', v); } set href(v) { this.setAttribute('href', v); }
  toString() { return this.href; }
}
class HTMLImageElement extends HTMLElement {
  get complete() { return true; }
  get naturalWidth() { const s = H('image.size', this.__id); return s ? s[0] : 0; } get naturalHeight() { const s = H('image.size', this.__id); return s ? s[1] : 0; }
  decode() { return H('image.loads', this.__id) === true ? Promise.resolve() : Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError')); }
  // As drawn (the layout's box, inside its borders) when rendered, else the attribute, else the natural size.
  get width() { const b = this.__box(); if (b) return Math.round(b[4]); const a = parseInt(this.getAttribute('width'), 10); return isNaN(a) ? this.naturalWidth : a; } set width(v) { this.setAttribute('width', String(v)); }
  get height() { const b = this.__box(); if (b) return Math.round(b[5]); const a = parseInt(this.getAttribute('height'), 10); return isNaN(a) ? this.naturalHeight : a; } set height(v) { this.setAttribute('height', String(v)); }
}
class HTMLScriptElement extends HTMLElement { get text() { return this.textContent; } set text(v) { this.textContent = v; } }

// Images load with no network: from a data: URL, the message's assets or a readable file (load); otherwise they
// fail as offline (error, and a trace entry). The document's images settle before the window's load; an image whose
// src a script sets (new Image(), img.src = …) settles in a task after.
const imagesSettled = new Set();   // ids whose current src has had its load or error
function settleImage(el) {
  imagesSettled.add(el.__id);
  const ok = H('image.loads', el.__id) === true;
  fire(el, ok ? 'load' : 'error', () => trusted(new Event(ok ? 'load' : 'error')));
}
function imageSourceSet(el) { imagesSettled.delete(el.__id); addTimer(() => { if (!imagesSettled.has(el.__id)) settleImage(el); }, 0, [], false); }
// Markup (innerHTML) or an insertion brought an image in: it loads unless it already settled or belongs to a document
// that loads nothing (DOMParser's, createHTMLDocument's: their roots are in inertRoots).
let inertRoots = null;
function imageBroughtIn(el) {
  if (imagesSettled.has(el.__id)) return;
  if (inertRoots) { let n = el; while (n.parentNode) n = n.parentNode; if (inertRoots.has(n)) return; }
  addTimer(() => { if (!imagesSettled.has(el.__id)) settleImage(el); }, 0, [], false);
}
function inertRoot(root) { (inertRoots || (inertRoots = new WeakSet())).add(root); return root; }
function settleDocumentImages() { for (const id of H('image.loads')) if (!imagesSettled.has(id)) settleImage(wrap(id)); }

// ---- Form controls ----
function isDisabled(el) { return el.__id !== undefined && M.disabled(el); }
function formOf(el) {
  const f = el.getAttribute('form');
  if (f !== null) { const x = g.document.getElementById(f); return x && x.localName === 'form' ? x : null; }
  return el.closest('form');
}
// What form controls share (input, textarea, select, button): a base class under HTMLElement.
class FormControl extends HTMLElement {
  get form() { return formOf(this); } get disabled() { return this.hasAttribute('disabled'); } set disabled(v) { this.toggleAttribute('disabled', !!v); }
  get name() { return this.getAttribute('name') || ''; } set name(v) { this.setAttribute('name', v); }
  get required() { return this.hasAttribute('required'); } set required(v) { this.toggleAttribute('required', !!v); }
  get willValidate() { return !isDisabled(this) && !/^(hidden|button|reset)$/.test(this.type || ''); }
  get validity() { return validity(this); } get validationMessage() { return validationMessage(this); }
  checkValidity() { const ok = validity(this).valid; if (!ok) dispatch(this, new Event('invalid', { cancelable: true })); return ok; }
  reportValidity() { return this.checkValidity(); }
  setCustomValidity(m) { Object.defineProperty(this, '__custom', { value: String(m), configurable: true }); }
  get labels() { const id = this.id; return g.document.querySelectorAll('label').filter(l => (id && l.getAttribute('for') === id) || (!l.hasAttribute('for') && l.contains(this))); }
}
// The message WebKit gives for the first failing constraint (its English strings); a custom message comes first.
function validationMessage(el) {
  if (!el.willValidate) return '';
  const v = validity(el), type = el.type;
  if (v.customError) return el.__custom;
  if (v.valueMissing) return type === 'checkbox' ? 'Select this checkbox' : type === 'radio' ? 'Select one of these options'
    : type === 'file' ? 'Select a file' : el.localName === 'select' ? 'Select an item in the list' : 'Fill out this field';
  if (v.typeMismatch) return type === 'email' ? 'Enter an email address' : type === 'url' ? 'Enter a URL' : 'Invalid value';
  if (v.patternMismatch) return 'Match the requested format';
  if (v.tooShort) return 'Use at least ' + parseInt(el.getAttribute('minlength'), 10) + ' characters';
  if (v.tooLong) return 'Use no more than ' + parseInt(el.getAttribute('maxlength'), 10) + ' characters';
  if (v.rangeUnderflow) return 'Value must be greater than or equal to ' + el.getAttribute('min');
  if (v.rangeOverflow) return 'Value must be less than or equal to ' + el.getAttribute('max');
  if (v.stepMismatch) return 'Enter a valid value';
  if (v.badInput) return type === 'number' ? 'Enter a number' : 'Enter a valid value';
  return '';
}
function validity(el) {
  const v = { valueMissing: false, typeMismatch: false, patternMismatch: false, tooLong: false, tooShort: false, rangeUnderflow: false, rangeOverflow: false, stepMismatch: false, badInput: false, customError: !!el.__custom, valid: true };
  if (!el.willValidate) return v;
  const type = el.type, value = el.value;
  if (el.required) {
    if (type === 'checkbox') v.valueMissing = !el.checked;
    else if (type === 'radio') { const n = el.name; const f = el.form || g.document; v.valueMissing = !f.querySelectorAll('input[type=radio]').some(r => r.name === n && r.checked); }
    else v.valueMissing = value === '';
  }
  if (value !== '' && el.localName === 'input') {
    if (type === 'email') v.typeMismatch = !/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/.test(value);
    if (type === 'url') v.typeMismatch = !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value);
    const pat = el.getAttribute('pattern');
    if (pat !== null) { try { v.patternMismatch = !new RegExp('^(?:' + pat + ')$', 'v').test(value); } catch (e) { try { v.patternMismatch = !new RegExp('^(?:' + pat + ')$').test(value); } catch (_) {} } }
    const minl = parseInt(el.getAttribute('minlength'), 10); if (!isNaN(minl) && el.__dirty && value.length < minl) v.tooShort = true;
    if (type === 'number' || type === 'range') { const n = parseFloat(value); const mn = parseFloat(el.getAttribute('min')), mx = parseFloat(el.getAttribute('max'));
      if (isNaN(n)) v.badInput = true; else { if (!isNaN(mn) && n < mn) v.rangeUnderflow = true; if (!isNaN(mx) && n > mx) v.rangeOverflow = true; } }
  }
  v.valid = !Object.keys(v).some(k => k !== 'valid' && v[k]);
  return v;
}
class HTMLInputElement extends FormControl {
  get type() { const t = (this.getAttribute('type') || 'text').toLowerCase(); return /^(hidden|text|search|tel|url|email|password|date|month|week|time|datetime-local|number|range|color|checkbox|radio|file|submit|image|reset|button)$/.test(t) ? t : 'text'; }
  set type(v) { this.setAttribute('type', v); }
  get value() { if (this.__v !== undefined) return this.__v; const v = this.getAttribute('value'); return v === null ? ((this.type === 'checkbox' || this.type === 'radio') ? 'on' : '') : v.replace(/[\r\n]/g, ''); }
  set value(v) { setOwn(this, '__v', v === null ? '' : String(v)); }
  get defaultValue() { return this.getAttribute('value') || ''; } set defaultValue(v) { this.setAttribute('value', v); }
  get checked() { return this.__c !== undefined ? this.__c : this.hasAttribute('checked'); }
  set checked(v) { setChecked(this, !!v); }
  get defaultChecked() { return this.hasAttribute('checked'); } set defaultChecked(v) { this.toggleAttribute('checked', !!v); }
  get valueAsNumber() { const n = parseFloat(this.value); return isNaN(n) ? NaN : n; } set valueAsNumber(n) { this.value = String(n); }
  select() {} setSelectionRange() {}
  get selectionStart() { return this.value.length; } get selectionEnd() { return this.value.length; }
  get maxLength() { const v = parseInt(this.getAttribute('maxlength'), 10); return isNaN(v) ? -1 : v; } set maxLength(v) { this.setAttribute('maxlength', String(v)); }
}
function setOwn(o, k, v) { Object.defineProperty(o, k, { value: v, writable: true, configurable: true }); }
// The checkedness lives on the element's wrapper; the host keeps a copy so that `:checked` selectors see it.
function setCheckedness(el, v) { setOwn(el, '__c', !!v); H('dom.setChecked', el.__id, !!v); }
function setChecked(el, v) {
  setCheckedness(el, v);
  if (v && el.type === 'radio' && el.name) {
    const scope = el.form || g.document;
    for (const r of scope.querySelectorAll('input[type=radio]')) if (r !== el && r.name === el.name && (r.form || g.document) === (el.form || g.document)) setCheckedness(r, false);
  }
}
class HTMLTextAreaElement extends FormControl {
  get type() { return 'textarea'; }
  get value() { return this.__v !== undefined ? this.__v : this.textContent; } set value(v) { setOwn(this, '__v', String(v)); }
  get defaultValue() { return this.textContent; } set defaultValue(v) { this.textContent = v; }
  select() {} setSelectionRange() {}
}
class HTMLSelectElement extends FormControl {
  get type() { return this.hasAttribute('multiple') ? 'select-multiple' : 'select-one'; }
  get options() { return collection(this.querySelectorAll('option')); }
  get length() { return this.options.length; }
  get selectedIndex() { const o = this.options; if (this.__si !== undefined && this.__si < o.length) return this.__si; const i = o.findIndex(x => x.hasAttribute('selected')); return i >= 0 ? i : (o.length && !this.hasAttribute('multiple') ? 0 : -1); }
  set selectedIndex(i) { setOwn(this, '__si', +i); }
  get selectedOptions() { const i = this.selectedIndex; return collection(i >= 0 ? [this.options[i]] : []); }
  get value() { const i = this.selectedIndex; return i >= 0 ? this.options[i].value : ''; }
  set value(v) { const i = this.options.findIndex(o => o.value === String(v)); setOwn(this, '__si', i); }
  add(o, before) { this.insertBefore(o, typeof before === 'number' ? this.options[before] : before || null); }
}
class HTMLOptionElement extends HTMLElement {
  get value() { const v = this.getAttribute('value'); return v === null ? this.text : v; } set value(v) { this.setAttribute('value', v); }
  get text() { return this.textContent.replace(/\s+/g, ' ').trim(); } set text(v) { this.textContent = v; }
  get label() { return this.getAttribute('label') || this.text; }
  get selected() { const s = this.closest('select'); return s ? s.options[s.selectedIndex] === this : this.hasAttribute('selected'); }
  set selected(v) { const s = this.closest('select'); if (s && v) s.selectedIndex = s.options.indexOf(this); }
  get index() { const s = this.closest('select'); return s ? s.options.indexOf(this) : 0; }
  get disabled() { return this.hasAttribute('disabled'); } set disabled(v) { this.toggleAttribute('disabled', !!v); }
}
class HTMLButtonElement extends FormControl {
  get type() { const t = (this.getAttribute('type') || 'submit').toLowerCase(); return t === 'button' || t === 'reset' ? t : 'submit'; }
  set type(v) { this.setAttribute('type', v); }
  get value() { return this.getAttribute('value') || ''; } set value(v) { this.setAttribute('value', v); }
}
class HTMLFormElement extends HTMLElement {
  get elements() { const id = this.id; const all = collection(g.document.querySelectorAll('input, select, textarea, button, fieldset, output').filter(e => formOf(e) === this));
    for (const e of all) { const n = e.getAttribute('name') || e.id; if (n && !(n in all)) all[n] = e; } all.namedItem = n => all[n] || null; return all; }
  get length() { return this.elements.length; }
  submit() { submitForm(this, null, false); }
  requestSubmit(s) { submitForm(this, s || null, true); }
  reset() { if (!dispatch(this, new Event('reset', { bubbles: true, cancelable: true }))) return;
    for (const e of this.elements) { delete e.__v; delete e.__c; delete e.__si; } }
  checkValidity() { return this.elements.filter(e => e.checkValidity && e.willValidate).map(e => e.checkValidity()).every(Boolean); }
  reportValidity() { return this.checkValidity(); }
  get method() { return (this.getAttribute('method') || 'get').toLowerCase() === 'post' ? 'post' : 'get'; } set method(v) { this.setAttribute('method', v); }
}
class HTMLLabelElement extends HTMLElement {
  get htmlFor() { return this.getAttribute('for') || ''; } set htmlFor(v) { this.setAttribute('for', v); }
  get control() { const f = this.getAttribute('for'); if (f !== null) return g.document.getElementById(f); return this.querySelector('input, select, textarea, button'); }
}
class HTMLTemplateElement extends HTMLElement { get content() { return wrap(H('dom.template', this.__id)); } }
class HTMLBodyElement extends HTMLElement {}
class HTMLDialogElement extends HTMLElement { get open() { return this.hasAttribute('open'); } set open(v) { this.toggleAttribute('open', !!v); } show() { this.open = true; } showModal() { this.open = true; } close(r) { this.open = false; if (r !== undefined) this.returnValue = r; dispatch(this, new Event('close')); } }
class HTMLMediaElement extends HTMLElement { play() { return Promise.reject(new DOMException('The request is not allowed by the user agent or the platform in the current context.', 'NotAllowedError')); } pause() {} load() {} get paused() { return true; } }
// A canvas has a 2D context whose drawing lands in a pixel buffer scripts can read back (getImageData), so that a
// scratch card sees what it erased; it is not shown anywhere. No WebGL (getContext('webgl') is null, as without a GPU).
class HTMLCanvasElement extends HTMLElement {
  get width() { const v = parseInt(this.getAttribute('width'), 10); return v >= 0 ? v : 300; } set width(v) { this.setAttribute('width', String(Math.max(0, v >>> 0))); if (this.__ctx) this.__ctx.__reset(); }
  get height() { const v = parseInt(this.getAttribute('height'), 10); return v >= 0 ? v : 150; } set height(v) { this.setAttribute('height', String(Math.max(0, v >>> 0))); if (this.__ctx) this.__ctx.__reset(); }
  getContext(kind) {
    if (String(kind) !== '2d') return null;
    if (!this.__ctx) Object.defineProperty(this, '__ctx', { value: new (webAPI().CanvasRenderingContext2D)(this) });
    return this.__ctx;
  }
  toDataURL() { return 'data:,'; }
  toBlob(cb) { addTimer(() => cb(null), 0, [], false); }
}
// The classes of elements by name, in NativeDOM.elementClassNames' order (a, area, img, script, input, textarea, select,
// option, button, form, label, template, body, dialog, video, audio, canvas); other elements are HTMLElements.
const ELEMENT_CLASSES = [HTMLAnchorElement, HTMLAnchorElement, HTMLImageElement, HTMLScriptElement, HTMLInputElement,
  HTMLTextAreaElement, HTMLSelectElement, HTMLOptionElement, HTMLButtonElement, HTMLFormElement, HTMLLabelElement,
  HTMLTemplateElement, HTMLBodyElement, HTMLDialogElement, HTMLMediaElement, HTMLMediaElement, HTMLCanvasElement];

// ---- Focus, activation, forms ----
let activeElement = null;
let focusValue = null;
function focusElement(el) {
  if (el === activeElement) return;
  const old = activeElement;
  if (old) {
    if (focusValue !== null && 'value' in old && old.value !== focusValue && /^(input|textarea)$/.test(old.localName)) dispatch(old, new Event('change', { bubbles: true }));
    activeElement = null;
    H('dom.setFocus', -1);
    fire(old, 'blur', () => new FocusEvent('blur', { relatedTarget: el }));
    fire(old, 'focusout', () => new FocusEvent('focusout', { bubbles: true, relatedTarget: el }));
  }
  activeElement = el;
  H('dom.setFocus', el ? el.__id : -1);
  focusValue = el && 'value' in el ? el.value : null;
  if (el) {
    fire(el, 'focus', () => new FocusEvent('focus', { relatedTarget: old }));
    fire(el, 'focusin', () => new FocusEvent('focusin', { bubbles: true, relatedTarget: old }));
  }
}
function trusted(ev) { ev.isTrusted = true; return ev; }
function activationTarget(el) { return el.__id === undefined ? null : M.activationTarget(el); }
function activate(el, isTrusted) {
  const act = activationTarget(el);
  let restore = null;
  if (act && act.localName === 'input' && (act.type === 'checkbox' || act.type === 'radio')) {
    const before = act.type === 'radio' ? act.form ? null : null : null;
    const wasChecked = act.checked;
    const group = act.type === 'radio' && act.name ? (act.form || g.document).querySelectorAll('input[type=radio]').filter(r => r.name === act.name && r.checked) : [];
    setChecked(act, act.type === 'checkbox' ? !wasChecked : true);
    restore = () => { setChecked(act, wasChecked); for (const r of group) setCheckedness(r, true); };
    void before;
    restore.changed = act.checked !== wasChecked;
  }
  const ev = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 1, view: g });
  ev.isTrusted = !!isTrusted;
  const ok = dispatch(el, ev);
  if (!act) return ok;
  if (!ok) { if (restore) restore(); return false; }
  if (restore) {
    if (restore.changed) { dispatch(act, trusted(new Event('input', { bubbles: true, composed: true }))); dispatch(act, trusted(new Event('change', { bubbles: true }))); }
    return true;
  }
  const n = act.localName;
  if (n === 'a' || n === 'area') { H('nav.link', act.__id, act.getAttribute('href'), act.getAttribute('target') || ''); return true; }
  if (n === 'label') { const c = act.control; if (c && c !== el && !c.contains(el) && !isDisabled(c)) activate(c, isTrusted); return true; }
  const type = act.type;
  const form = act.form;
  if (form && (type === 'submit' || type === 'image')) submitForm(form, act, true);
  else if (form && type === 'reset') form.reset();
  return true;
}
function submitForm(form, submitter, interactive) {
  if (interactive) {
    if (!form.noValidate && !(submitter && submitter.hasAttribute('formnovalidate'))) {
      const invalid = form.elements.filter(e => e.willValidate && e.validity && !e.validity.valid);
      if (invalid.length) {
        for (const e of invalid) dispatch(e, trusted(new Event('invalid', { cancelable: true })));
        H('form.invalid', form.__id, invalid[0].__id, invalid.map(e => e.name || e.id || e.localName));
        return;
      }
    }
    const ev = trusted(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter }));
    if (!dispatch(form, ev)) return;
  }
  const pairs = [];
  for (const e of form.elements) {
    const name = e.getAttribute('name');
    if (!name || isDisabled(e)) continue;
    const n = e.localName, type = e.type;
    if (n === 'button' || (n === 'input' && /^(submit|button|reset|image|file)$/.test(type))) { if (e === submitter) pairs.push([name, e.value]); continue; }
    if (n === 'input' && (type === 'checkbox' || type === 'radio') && !e.checked) continue;
    if (n === 'select') { for (const o of e.selectedOptions) pairs.push([name, o.value]); continue; }
    pairs.push([name, e.value]);
  }
  H('form.submit', form.__id, submitter ? submitter.__id : null, pairs);
}
function typeText(el, text) {
  focusElement(el);
  for (const ch of text) {
    const key = ch === '\n' ? 'Enter' : ch;
    const code = ch.charCodeAt(0);
    const down = trusted(new KeyboardEvent('keydown', { key, keyCode: code, bubbles: true, cancelable: true }));
    if (!dispatch(el, down)) { dispatch(el, trusted(new KeyboardEvent('keyup', { key, keyCode: code, bubbles: true, cancelable: true }))); continue; }
    const press = trusted(new KeyboardEvent('keypress', { key, keyCode: code, charCode: code, bubbles: true, cancelable: true }));
    const pressOk = dispatch(el, press);
    if (pressOk) {
      if (key === 'Enter' && el.localName === 'input') {
        implicitSubmission(el);
      } else {
        const max = el.maxLength === undefined ? -1 : el.maxLength;
        if (!(el.readOnly) && (max < 0 || el.value.length < max)) {
          const bi = trusted(new InputEvent('beforeinput', { inputType: 'insertText', data: ch, bubbles: true, cancelable: true }));
          if (dispatch(el, bi)) { setOwn(el, '__v', el.value + ch); setOwn(el, '__dirty', true); dispatch(el, trusted(new InputEvent('input', { inputType: 'insertText', data: ch, bubbles: true }))); }
        }
      }
    }
    dispatch(el, trusted(new KeyboardEvent('keyup', { key, keyCode: code, bubbles: true, cancelable: true })));
  }
}

// A key that is not a character, pressed on the focused element (the body when nothing has focus), as a US hardware
// keyboard sends it: keydown, keypress (Enter only), the key's effect, keyup to whatever has focus by then.
const namedKeyCodes = { Enter: 13, Backspace: 8, Escape: 27, Tab: 9 };
function isTextField(el) {
  return !!el && (el.localName === 'textarea' ||
    (el.localName === 'input' && !/^(submit|button|reset|image|checkbox|radio|hidden|file|range|color)$/.test(el.type)));
}
function focusedOrBody() { return activeElement && activeElement.isConnected ? activeElement : doc.body; }
function implicitSubmission(el) {
  const f = el.form;
  if (!f) return;
  const sub = f.querySelector('button:not([type]), button[type=submit], input[type=submit], input[type=image]');
  if (sub) { if (!isDisabled(sub)) activate(sub, true); return; }
  const blocking = f.elements.filter(e => e.localName === 'input' && !/^(submit|button|reset|image|checkbox|radio|hidden)$/.test(e.type));
  if (blocking.length <= 1) submitForm(f, null, true);
}
function pressKey(key) {
  if (!(key in namedKeyCodes)) { typeText(focusedOrBody(), key); return; }
  const el = focusedOrBody();
  const keyCode = namedKeyCodes[key];
  const init = { key, code: key, keyCode, which: keyCode, bubbles: true, cancelable: true, composed: true, view: g };
  const up = () => dispatch(focusedOrBody(), trusted(new KeyboardEvent('keyup', init)));
  if (!dispatch(el, trusted(new KeyboardEvent('keydown', init)))) { up(); return; }
  if (key === 'Enter') {
    if (dispatch(el, trusted(new KeyboardEvent('keypress', Object.assign({}, init, { charCode: 13 }))))) {
      if (el.localName === 'textarea' && !el.readOnly) {
        if (dispatch(el, trusted(new InputEvent('beforeinput', { inputType: 'insertLineBreak', bubbles: true, cancelable: true })))) {
          setOwn(el, '__v', el.value + '\n'); setOwn(el, '__dirty', true);
          dispatch(el, trusted(new InputEvent('input', { inputType: 'insertLineBreak', bubbles: true })));
        }
      } else if (isTextField(el)) {
        dispatch(el, trusted(new InputEvent('beforeinput', { inputType: 'insertLineBreak', bubbles: true, cancelable: true })));
        if (focusValue !== null && el.value !== focusValue) { focusValue = el.value; dispatch(el, trusted(new Event('change', { bubbles: true }))); }
        implicitSubmission(el);
      } else if (el !== doc.body && (el.localName === 'button' || (el.localName === 'a' && el.hasAttribute('href')) ||
                 (el.localName === 'input' && /^(submit|button|reset|image)$/.test(el.type)))) {
        if (!isDisabled(el)) activate(el, true);
      }
    }
  } else if (key === 'Backspace' && isTextField(el) && !el.readOnly && el.value.length > 0) {
    if (dispatch(el, trusted(new InputEvent('beforeinput', { inputType: 'deleteContentBackward', bubbles: true, cancelable: true })))) {
      setOwn(el, '__v', Array.from(el.value).slice(0, -1).join('')); setOwn(el, '__dirty', true);
      dispatch(el, trusted(new InputEvent('input', { inputType: 'deleteContentBackward', bubbles: true })));
    }
  }
  up();
}

// ---- Document ----
class Document extends ParentNode {
  get documentElement() { return wrap(H('dom.roots')[1]); }
  get head() { return wrap(H('dom.roots')[2]); }
  get body() { return wrap(H('dom.roots')[3]); }
  get title() { return H('document.title'); }
  set title(v) { H('document.setTitle', String(v)); }
  get readyState() { return M.readyState(); }   // the page's load state (PageScripting.readyState)
  get activeElement() { return activeElement || this.body; }
  get defaultView() { return g; }
  get location() { return g.location; }
  set location(v) { g.location.href = v; }
  get URL() { return H('location.href'); }
  get documentURI() { return this.URL; }
  get baseURI() { return H('url.resolve', ''); }
  get referrer() { return ''; }
  get cookie() { return cookies.join('; '); }
  set cookie(v) { const kv = String(v).split(';')[0]; const k = kv.split('=')[0]; cookies = cookies.filter(c => c.split('=')[0] !== k); cookies.push(kv); }
  get visibilityState() { return 'visible'; } get hidden() { return false; }
  get compatMode() { return H('dom.quirks') ? 'BackCompat' : 'CSS1Compat'; }
  get characterSet() { return 'UTF-8'; } get charset() { return 'UTF-8'; }
  get doctype() { return this.childNodes.find(n => n instanceof DocumentType) || null; }
  get forms() { return collection(this.querySelectorAll('form')); }
  get images() { return collection(this.querySelectorAll('img')); }
  get links() { return collection(this.querySelectorAll('a[href], area[href]')); }
  get scripts() { return collection(this.querySelectorAll('script')); }
  get currentScript() { return currentScript; }
  getElementsByName(n) { return this.querySelectorAll('[name]').filter(e => e.getAttribute('name') === String(n)); }
  createElementNS(ns, t) { return wrap(H('dom.create', String(t), ns === 'http://www.w3.org/2000/svg' ? 1 : ns === 'http://www.w3.org/1998/Math/MathML' ? 2 : 0)); }
  createComment(s) { return wrap(H('dom.createComment', String(s))); }
  createDocumentFragment() { return wrap(H('dom.createFragment')); }
  createEvent(kind) { const C = { mouseevents: MouseEvent, mouseevent: MouseEvent, keyboardevent: KeyboardEvent, customevent: CustomEvent, uievents: UIEvent, uievent: UIEvent }[String(kind).toLowerCase()] || Event; return new C(''); }
  get implementation() { return webAPI().domImplementation; }
  createTreeWalker(root, whatToShow, filter) { return new (webAPI().TreeWalker)(root, whatToShow, filter); }
  createNodeIterator(root, whatToShow, filter) { return new (webAPI().NodeIterator)(root, whatToShow, filter); }
  createRange() { return { selectNodeContents() {}, createContextualFragment: (h) => wrap(H('dom.parseFragment', this.body.__id, String(h))), setStart() {}, setEnd() {}, collapse() {}, getBoundingClientRect() { return { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0 }; } }; }
  importNode(n, deep) { return n.cloneNode(deep); }
  adoptNode(n) { if (n.parentNode) n.remove(); return n; }
  hasFocus() { return true; }
  execCommand() { return false; }
  write(...s) { H('console', 'warn', 'document.write is ignored after the document was parsed: ' + s.join('').slice(0, 80)); }
  writeln(...s) { this.write(...s); }
  open() { return this; } close() {}
  elementFromPoint(x, y) { return wrap(H('layout.hit', +x, +y)); }
  getSelection() { return g.getSelection(); }
}
// The native element and document methods, between Element.prototype (Document.prototype) and Node.prototype, so
// that a member written above still wins and a page's own patch of Element.prototype is seen first.
// The on… handler properties of elements and the document are native too (the window's are below).
const [ELEMENT_METHODS, DOCUMENT_METHODS] = M.setup(cache, { attributeChanged, imageSourceSet,
  kindPrototypes: [Document, DocumentType, HTMLElement, Text, Comment, DocumentFragment].map(C => C.prototype),
  elementPrototypes: ELEMENT_CLASSES.map(C => C.prototype), inlineHandler, domException: (m, n) => new DOMException(m, n),
  eventPrototypes: EVENT_CLASSES.map(C => C.prototype), reportError, compileHandler,
  tokenListPrototype: DOMTokenList.prototype, stylePrototype: CSSStyleDeclaration.prototype, nodeListPrototype: NodeList.prototype,
  insertNode, removeNode, setTextContent, setInnerHTML, startScripts, imageBroughtIn });
Object.setPrototypeOf(ELEMENT_METHODS, ParentNode.prototype); Object.setPrototypeOf(Element.prototype, ELEMENT_METHODS);
Object.setPrototypeOf(DOCUMENT_METHODS, ParentNode.prototype); Object.setPrototypeOf(Document.prototype, DOCUMENT_METHODS);
let currentScript = null;
let cookies = [];

// ---- Window ----
// The window's on… handlers are plain properties, null until a script sets one: native dispatch reads the property
// when an event reaches the window (NativeEvents.windowHandler), where an accessor pair per type made each page pay
// for 104 functions and 52 definitions (Docs/Benchmarks.md, eleventh pass). `'ontouchstart' in window` holds, as on
// iOS. Unlike a browser's, a value that is not a function reads back as it was set rather than as null. The types
// are written in from NativeEvents.windowHandlerTypeList when the prelude's source is made (``source``).
for (const t of WINDOW_HANDLER_TYPES) g['on' + t] = null;
// One descriptor object for the window's non-enumerable data properties (its value cleared after each use): a new
// descriptor per call made the prelude's run 0.7 M instructions longer (Docs/Benchmarks.md, tenth pass). Its
// prototype is null, so a `get` or `set` a page adds to Object.prototype cannot turn it into an accessor.
const DATA = { __proto__: null, value: undefined, writable: true, configurable: true, enumerable: false };
const def = (name, value) => { DATA.value = value; Object.defineProperty(g, name, DATA); DATA.value = undefined; };
// The window's operations (alert, setTimeout, …) and the attributes below whose value never changes: plain assignment,
// which gives them a browser's descriptor (enumerable, writable, configurable; Chromium's answer) and costs a page
// about half of a defineProperty on the window (Docs/Benchmarks.md, eleventh pass).
const op = (name, value) => { g[name] = value; };
// A global made when a page first reads it (then an ordinary property, as in a browser): most pages never touch most
// of these, and making them cost every page.
const lazyGlobal = (name, make) => Object.defineProperty(g, name, { configurable: true, enumerable: false,
  get() { const v = make(); def(name, v); return v; }, set(v) { def(name, v); } });
// EventTarget's methods, called on the window even without a receiver (a bare addEventListener in strict code).
for (const m of ['addEventListener', 'removeEventListener', 'dispatchEvent']) def(m, function (...a) { return EventTarget.prototype[m].apply(g, a); });
op('window', g); op('self', g); op('top', g); op('parent', g); op('frames', g); op('frameElement', null);
op('opener', null); op('closed', false); op('name', ''); op('length', 0);
// The interface objects, by the name they have in a browser (the class's own, then the aliases): flat arrays, not
// object literals, so that no object shape is built for them on every page.
for (const C of [EventTarget, Node, CharacterData, Text, Comment, DocumentType, DocumentFragment, Element, HTMLElement, Document,
  HTMLAnchorElement, HTMLImageElement, HTMLScriptElement, HTMLInputElement, HTMLTextAreaElement, HTMLSelectElement, HTMLOptionElement, HTMLButtonElement,
  HTMLFormElement, HTMLLabelElement, HTMLTemplateElement, HTMLBodyElement, HTMLDialogElement, HTMLMediaElement, HTMLCanvasElement,
  Event, UIEvent, MouseEvent, PointerEvent, TouchEvent, KeyboardEvent, InputEvent, FocusEvent, CustomEvent, SubmitEvent, ErrorEvent, MediaQueryListEvent,
  DOMTokenList, DOMException, NodeList, HTMLCollection, CSSStyleDeclaration]) def(C.name, C);
const ALIASES = ['HTMLDocument', Document, 'HTMLVideoElement', HTMLMediaElement, 'HTMLAudioElement', HTMLMediaElement,
  'HTMLDivElement', HTMLElement, 'HTMLSpanElement', HTMLElement, 'HTMLParagraphElement', HTMLElement];
for (let i = 0; i < ALIASES.length; i += 2) def(ALIASES[i], ALIASES[i + 1]);
const doc = wrap(0);
op('document', doc);
// <body onload> (onunload, onresize) is the window's handler, and the window's property reads it.
const bodyNode = H('dom.roots')[3];
if (bodyNode !== null && bodyNode !== undefined) for (const t of ['load', 'unload', 'resize']) {
  const src = H('dom.attr', bodyNode, 'on' + t);
  if (src !== null) g['on' + t] = compileHandler(wrap(bodyNode), src, t);
}

const device = () => H('device');
// The viewport's size, scale and orientation: plain enumerable properties (a browser's attributes are enumerable), set
// here and again when the simulated device changes (deviceChanged below), where an accessor pair each cost every page
// more. On a change they are redefined rather than assigned, so a page's own accessor there cannot break the resize.
function viewportProperties(d, write) {
  write('innerWidth', d.width); write('innerHeight', d.height); write('outerWidth', d.width); write('outerHeight', d.height);
  write('devicePixelRatio', d.scale); write('orientation', d.width > d.height ? 90 : 0);
}
viewportProperties(device(), op);
op('scrollX', 0); op('scrollY', 0); op('pageXOffset', 0); op('pageYOffset', 0); op('screenX', 0); op('screenY', 0);
lazyGlobal('screen', () => Object.create(EventTarget.prototype, {
  width: { get: () => device().width }, height: { get: () => device().height }, availWidth: { get: () => device().width }, availHeight: { get: () => device().height },
  colorDepth: { value: 24 }, pixelDepth: { value: 24 },
  orientation: { get: () => ({ type: device().width > device().height ? 'landscape-primary' : 'portrait-primary', angle: device().width > device().height ? 90 : 0, addEventListener() {}, removeEventListener() {} }) } }));
lazyGlobal('navigator', () => ({ userAgent: H('userAgent'), language: 'en-US', languages: ['en-US', 'en'], platform: 'iPhone', vendor: 'Apple Computer, Inc.', onLine: true,
  cookieEnabled: true, maxTouchPoints: 5, hardwareConcurrency: 2, standalone: false, webdriver: false,
  clipboard: { writeText: (t) => { H('console', 'info', 'clipboard.writeText ' + t); return Promise.resolve(); }, readText: () => Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError')) },
  vibrate: () => false, share: () => Promise.reject(new DOMException('Share is not supported in this headless model', 'NotAllowedError')),
  sendBeacon: (u) => { H('network', 'sendBeacon', String(u)); return false; } }));
op('scrollTo', () => {}); op('scrollBy', () => {}); op('scroll', () => {}); op('focus', () => {}); op('blur', () => {});
op('print', () => {}); op('stop', () => {}); op('open', (u) => { if (u) H('nav.open', String(u)); return null; }); op('close', () => H('window.close'));
op('alert', (m) => { H('dialog', 'alert', m === undefined ? '' : String(m)); });
op('confirm', (m) => { H('dialog', 'confirm', m === undefined ? '' : String(m)); return false; });
op('prompt', (m) => { H('dialog', 'prompt', m === undefined ? '' : String(m)); return null; });
// The cascade resolves display, visibility, pointer-events and opacity from the page's stylesheets and inline style
// (defaults by tag, inheritance); other properties read the inline style.
const computedMembers = ' length cssText item getPropertyPriority setProperty removeProperty parentRule toString constructor valueOf hasOwnProperty toJSON then ';
const computedNames = { display: 'display', visibility: 'visibility', opacity: 'opacity', pointerEvents: 'pointerEvents', 'pointer-events': 'pointerEvents' };
op('getComputedStyle', (el) => {
  if (!(el instanceof Element)) throw new TypeError("Argument 1 ('element') to Window.getComputedStyle must be an instance of Element");
  const inline = el.style;
  let c = null;
  const computed = () => c || (c = H('style.computed', el.__id));
  // Other properties: the cascade, inheritance, initial values and the layout's sizes, read when asked (live).
  const other = (name) => H('style.value', el.__id, name);
  return new Proxy({}, {
    get(t, k) {
      if (k === 'getPropertyValue') return (name) => { const n = String(name).trim().toLowerCase(); return n in computedNames ? computed()[computedNames[n]] : other(n); };
      if (typeof k === 'string' && k in computedNames) return computed()[computedNames[k]];
      if (typeof k === 'string' && /^(webkit)?[a-z][a-zA-Z]*$/.test(k) && !computedMembers.includes(' ' + k + ' ')) {
        return other(k === 'cssFloat' ? 'float' : k.replace(/^webkit/, '-webkit').replace(/[A-Z]/g, m => '-' + m.toLowerCase()));
      }
      const v = inline[k];
      return typeof v === 'function' ? v.bind(inline) : v;
    },
    set() { throw new DOMException('The CSSStyleDeclaration is read-only.', 'NoModificationAllowedError'); },
  });
});
op('getSelection', () => ({ toString: () => '', removeAllRanges() {}, addRange() {}, rangeCount: 0 }));
op('postMessage', (data) => { setTimeout(() => dispatch(g, Object.assign(new Event('message'), { data, origin: g.location.origin, source: g })), 0); });
def('CSS', { supports: () => false, escape: cssEscape });
op('performance', { now: () => H('clock.now'), timing: {}, mark() {}, measure() {}, getEntriesByName: () => [], getEntriesByType: () => [] });

// matchMedia over the simulated device.
const mediaLists = [];
function evalMedia(q) { return M.media(String(q)); }   // MediaQuery.swift, as the style sheets evaluate them
class MediaQueryList extends EventTarget {
  constructor(q) { super(); this.media = String(q); this.__m = evalMedia(q); this.onchange = null; }
  get matches() { return evalMedia(this.media); }
  addListener(f) { this.addEventListener('change', f); }
  removeListener(f) { this.removeEventListener('change', f); }
}
def('MediaQueryList', MediaQueryList);
op('matchMedia', (q) => { const l = new MediaQueryList(q); mediaLists.push(new WeakRef(l)); return l; });

// Storage in memory, per page.
class Storage {
  constructor() { Object.defineProperty(this, '__m', { value: new Map() }); }
  get length() { return this.__m.size; }
  key(i) { return [...this.__m.keys()][i] ?? null; }
  getItem(k) { k = String(k); return this.__m.has(k) ? this.__m.get(k) : null; }
  setItem(k, v) { this.__m.set(String(k), String(v)); }
  removeItem(k) { this.__m.delete(String(k)); }
  clear() { this.__m.clear(); }
}
const storageProxy = (s) => new Proxy(s, {
  get(t, k) { if (typeof k === 'symbol' || k in t) { const v = Reflect.get(t, k, t); return typeof v === 'function' ? v.bind(t) : v; } return t.getItem(k) ?? undefined; },
  set(t, k, v) { t.setItem(k, v); return true; },
  deleteProperty(t, k) { t.removeItem(k); return true; },
  ownKeys(t) { return [...t.__m.keys()]; },
  getOwnPropertyDescriptor(t, k) { return t.__m.has(k) ? { value: t.__m.get(k), enumerable: true, configurable: true, writable: true } : undefined; },
});
def('Storage', Storage);
lazyGlobal('localStorage', () => storageProxy(new Storage()));
lazyGlobal('sessionStorage', () => storageProxy(new Storage()));

// Console into the page's events.
const fmt = (args) => args.map(a => typeof a === 'string' ? a : (a instanceof Error ? a.name + ': ' + a.message : (() => { try { return JSON.stringify(a); } catch (e) { return String(a); } })())).join(' ');
lazyGlobal('console', () => {
  const cons = {};
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace']) cons[level] = (...a) => H('console', level, fmt(a));
  cons.dir = cons.log; cons.table = cons.log; cons.assert = (c, ...a) => { if (!c) H('console', 'error', 'Assertion failed: ' + fmt(a)); };
  cons.group = cons.log; cons.groupCollapsed = cons.log; cons.groupEnd = () => {}; cons.time = () => {}; cons.timeEnd = () => {}; cons.count = () => {};
  return cons;
});

// Date follows the page's virtual clock (wall time at load, or the page's clockOrigin, + virtual milliseconds), so countdowns and durations
// measured by scripts move with advanceTime, not with real time.
const RealDate = Date;
const loadedAt = H('clock.origin') ?? RealDate.now();
const virtualNow = () => loadedAt + H('clock.now');
function VirtualDate(...a) {
  if (!new.target) return new RealDate(virtualNow()).toString();
  return a.length ? new RealDate(...a) : new RealDate(virtualNow());
}
VirtualDate.prototype = RealDate.prototype;
Object.defineProperty(RealDate.prototype, 'constructor', { value: VirtualDate, writable: true, configurable: true });
VirtualDate.now = virtualNow; VirtualDate.parse = RealDate.parse; VirtualDate.UTC = RealDate.UTC;
Object.setPrototypeOf(VirtualDate, RealDate);
def('Date', VirtualDate);

// Script elements a page script connects run as in a browser: inline ones at once, during the insertion; ones with
// a `src` in a later task (a timer of 0 on the virtual clock), then `load` (or `error` when the page cannot have the
// file: no network) at the element.
function startScripts(ids) {
  if (!ids) return;
  for (const id of ids) {
    const el = wrap(id);
    if (el.hasAttribute('src')) addTimer(() => { const ok = H('script.run', id); dispatch(el, trusted(new Event(ok ? 'load' : 'error'))); }, 0, [], false);
    else H('script.run', id);
  }
}

// Timers on the page's virtual clock.
const timers = new Map();
let nextTimer = 1;
function addTimer(fn, delay, args, repeat, frame) {
  const id = nextTimer++;
  timers.set(id, { fn, args, repeat, delay: Math.max(0, +delay || 0), frame });
  H('timer.set', id, Math.max(0, +delay || 0), !!repeat);
  return id;
}
function clearTimer(id) { if (timers.delete(+id)) H('timer.clear', +id); }
op('setTimeout', (fn, d, ...a) => addTimer(fn, d, a, false));
op('setInterval', (fn, d, ...a) => addTimer(fn, Math.max(1, +d || 0), a, true));
op('clearTimeout', clearTimer); op('clearInterval', clearTimer);
op('requestAnimationFrame', (fn) => addTimer(fn, 16, null, false, true));
op('cancelAnimationFrame', clearTimer);
op('requestIdleCallback', (fn) => addTimer(() => fn({ didTimeout: false, timeRemaining: () => 50 }), 1, [], false));
op('cancelIdleCallback', clearTimer);
op('queueMicrotask', (fn) => { Promise.resolve().then(fn); });

// No network: fetch and XMLHttpRequest fail as they do offline.
lazyGlobal('fetch', () => (input) => { const url = typeof input === 'string' ? input : (input && input.url) || String(input); H('network', 'fetch', url); return Promise.reject(new TypeError('Load failed')); });
lazyGlobal('XMLHttpRequest', () => { class XMLHttpRequest extends EventTarget {
  constructor() { super(); this.readyState = 0; this.status = 0; this.statusText = ''; this.responseText = ''; this.response = ''; this.responseType = ''; this.timeout = 0; this.withCredentials = false; this.onload = null; this.onerror = null; this.onreadystatechange = null; this.onloadend = null; }
  open(m, u) { this.__m = m; this.__u = String(u); this.readyState = 1; }
  setRequestHeader() {} getResponseHeader() { return null; } getAllResponseHeaders() { return ''; } abort() {} overrideMimeType() {}
  send() {
    H('network', 'XMLHttpRequest', this.__u || '');
    setTimeout(() => { this.readyState = 4; const fire = (t) => { const e = new Event(t); dispatch(this, e); const h = this['on' + t]; if (typeof h === 'function') callListener(e, this, h); };
      fire('readystatechange'); fire('error'); fire('loadend'); }, 0);
  }
}
XMLHttpRequest.UNSENT = 0; XMLHttpRequest.OPENED = 1; XMLHttpRequest.DONE = 4;
return XMLHttpRequest; });
lazyGlobal('WebSocket', () => class WebSocket extends EventTarget { constructor(u) { super(); H('network', 'WebSocket', String(u)); this.readyState = 3; setTimeout(() => dispatch(this, new Event('error')), 0); } send() {} close() {} });
lazyGlobal('Image', () => class Image { constructor(w, h) { const i = doc.createElement('img'); if (w) i.width = w; if (h) i.height = h; return i; } });
lazyGlobal('Option', () => class Option { constructor(t, v, d, s) { const o = doc.createElement('option'); if (t !== undefined) o.text = t; if (v !== undefined) o.value = v; if (d) o.setAttribute('selected', ''); if (s) o.selected = true; return o; } });
def('MutationObserver', MutationObserver); def('MutationRecord', MutationRecord); def('WebKitMutationObserver', MutationObserver);
lazyGlobal('ResizeObserver', () => class ResizeObserver { constructor() {} observe() {} unobserve() {} disconnect() {} });
lazyGlobal('IntersectionObserver', () => class IntersectionObserver { constructor(cb) { this.__cb = cb; } observe(el) { const cb = this.__cb; setTimeout(() => cb([{ target: el, isIntersecting: true, intersectionRatio: 1 }], this), 0); } unobserve() {} disconnect() {} takeRecords() { return []; } });
lazyGlobal('AbortController', () => class AbortController { constructor() { const s = new EventTarget(); s.aborted = false; this.signal = s; } abort() { if (!this.signal.aborted) { this.signal.aborted = true; dispatch(this.signal, new Event('abort')); } } });
lazyGlobal('FormData', () => class FormData { constructor(form) { this.__p = []; if (form) { const saved = H; void saved; for (const e of form.elements) { const n = e.getAttribute('name'); if (!n || isDisabled(e)) continue; if (e.localName === 'button' || /^(submit|button|reset|image|file)$/.test(e.type)) continue; if ((e.type === 'checkbox' || e.type === 'radio') && !e.checked) continue; this.__p.push([n, e.value]); } } }
  append(k, v) { this.__p.push([String(k), String(v)]); } get(k) { const p = this.__p.find(x => x[0] === k); return p ? p[1] : null; } getAll(k) { return this.__p.filter(x => x[0] === k).map(x => x[1]); }
  has(k) { return this.__p.some(x => x[0] === k); } set(k, v) { this.delete(k); this.append(k, v); } delete(k) { this.__p = this.__p.filter(x => x[0] !== k); }
  entries() { return this.__p[Symbol.iterator](); } keys() { return this.__p.map(x => x[0])[Symbol.iterator](); } values() { return this.__p.map(x => x[1])[Symbol.iterator](); }
  forEach(f) { this.__p.forEach(([k, v]) => f(v, k, this)); } [Symbol.iterator]() { return this.entries(); } });

// location, through the page's navigation policy.
let loc = null;
const parsed = () => H('location.parts');
function makeLocation() {
loc = {};
for (const part of ['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'])
  Object.defineProperty(loc, part, { get: () => parsed()[part], set: (v) => { if (part === 'hash') H('location.assign', '#' + String(v).replace(/^#/, '')); }, enumerable: true });
Object.defineProperty(loc, 'href', { get: () => H('location.href'), set: (v) => { H('location.assign', String(v)); }, enumerable: true });
loc.assign = (u) => H('location.assign', String(u));
loc.replace = (u) => H('location.assign', String(u));
loc.reload = () => H('location.reload');
loc.toString = () => H('location.href');
Object.freeze(loc);
return loc;
}
Object.defineProperty(g, 'location', { get: () => loc || makeLocation(), set: (v) => { H('location.assign', String(v)); }, configurable: false, enumerable: true });
lazyGlobal('history', () => ({ length: 1, state: null, back() {}, forward() {}, go() {}, pushState(s, t, u) { this.state = s; if (u !== undefined && u !== null) H('history.push', String(u)); }, replaceState(s, t, u) { this.state = s; if (u !== undefined && u !== null) H('history.push', String(u)); } }));

// WebKit message handlers: only names the app registered exist, as in WKWebView.
const handlerObjects = new Map();
const messageHandlers = new Proxy({}, {
  get(t, name) {
    if (typeof name !== 'string' || !H('handler.exists', name)) return undefined;
    if (!handlerObjects.has(name)) handlerObjects.set(name, Object.freeze({ postMessage(body) { if (arguments.length < 1) throw new TypeError('Not enough arguments'); return H('postMessage', name, body); } }));
    return handlerObjects.get(name);
  },
  has(t, name) { return typeof name === 'string' && H('handler.exists', name); },
});
def('webkit', Object.freeze({ messageHandlers }));

// The Braze bridge (and its legacy name).
function makeBridge(root) {
  const call = (path) => function (...args) { H('bridge', root, path, ...args); };
  // The user object's 19 methods are made on the first getUser() (many messages only log and close).
  let user = null;
  const makeUser = () => {
    user = {};
    for (const m of H('bridge.userMethods')) user[m] = call('getUser().' + m);
    return Object.freeze(user);
  };
  const b = { getUser: () => user || makeUser(), web: Object.freeze({ registerAppboyPushMessages: call('web.registerAppboyPushMessages') }) };
  for (const m of H('bridge.methods')) b[m] = call(m);
  b.display = Object.freeze({});
  return Object.freeze(b);
}
// Made when a page first reads it (most pages use one of the two names, many neither before a tap).
for (const name of ['brazeBridge', 'appboyBridge'])
  Object.defineProperty(g, name, { configurable: true, enumerable: false,
    get() { const v = makeBridge(name); def(name, v); return v; }, set(v) { def(name, v); } });

// Named access: window.ID is the element with that id (unless a global of that name exists).
const named = new Set();
function syncNamed() {
  for (const id of H('dom.ids')) {
    if (named.has(id) || id in g) continue;
    named.add(id);
    Object.defineProperty(g, id, { configurable: true, enumerable: false,
      get: () => doc.getElementById(id),
      set: (v) => { Object.defineProperty(g, id, { value: v, writable: true, configurable: true, enumerable: true }); } });
  }
}

// ---- Web APIs WebKit gives every page (WebCore's, not JavaScriptCore's): URL, URLSearchParams, atob/btoa,
// TextEncoder/TextDecoder, crypto, structuredClone, document.fonts ----
// Few pages use these, so they are made on first use (a getter on the global object that replaces itself with the
// value, as the property a browser has): a page that never touches them does not pay for making them.
let webAPIObject = null;
function webAPI() {
if (webAPIObject) return webAPIObject;
const formDecode = (s) => { try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch (e) { return s.replace(/\+/g, ' '); } };
const formEncode = (s) => encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, c => '%' + c.charCodeAt(0).toString(16).toUpperCase());
class URLSearchParams {
  constructor(init) {
    Object.defineProperty(this, '__l', { value: [], writable: true });
    Object.defineProperty(this, '__u', { value: null, writable: true });
    if (init === undefined || init === null) return;
    if (init instanceof URLSearchParams) { this.__l = init.__l.map(e => [e[0], e[1]]); return; }
    if (typeof init === 'object' || typeof init === 'function') {
      if (typeof init[Symbol.iterator] === 'function') {
        for (const pair of init) {
          const p = Array.from(pair);
          if (p.length !== 2) throw new TypeError('Each query pair must be an iterable [name, value] tuple');
          this.__l.push([String(p[0]), String(p[1])]);
        }
      } else for (const k of Object.keys(init)) this.__l.push([k, String(init[k])]);
      return;
    }
    this.__parse(String(init));
  }
  __parse(s) {
    if (s[0] === '?') s = s.slice(1);
    this.__l = [];
    for (const part of s.split('&')) {
      if (!part) continue;
      const i = part.indexOf('=');
      this.__l.push([formDecode(i < 0 ? part : part.slice(0, i)), formDecode(i < 0 ? '' : part.slice(i + 1))]);
    }
  }
  __changed() { if (this.__u) this.__u.__setQuery(this.__l.length ? this.toString() : null); }
  get size() { return this.__l.length; }
  append(k, v) { this.__l.push([String(k), String(v)]); this.__changed(); }
  delete(k, v) { k = String(k); this.__l = this.__l.filter(e => !(e[0] === k && (v === undefined || e[1] === String(v)))); this.__changed(); }
  get(k) { k = String(k); const e = this.__l.find(x => x[0] === k); return e ? e[1] : null; }
  getAll(k) { k = String(k); return this.__l.filter(x => x[0] === k).map(x => x[1]); }
  has(k, v) { k = String(k); return this.__l.some(e => e[0] === k && (v === undefined || e[1] === String(v))); }
  set(k, v) {
    k = String(k); v = String(v);
    const i = this.__l.findIndex(e => e[0] === k);
    if (i < 0) this.__l.push([k, v]);
    else { this.__l[i][1] = v; this.__l = this.__l.filter((e, j) => e[0] !== k || j === i); }
    this.__changed();
  }
  sort() { this.__l = this.__l.map((e, i) => [e, i]).sort((a, b) => a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1]).map(x => x[0]); this.__changed(); }
  forEach(f, thisArg) { for (const e of this.__l.slice()) f.call(thisArg, e[1], e[0], this); }
  keys() { return this.__l.map(e => e[0])[Symbol.iterator](); }
  values() { return this.__l.map(e => e[1])[Symbol.iterator](); }
  entries() { return this.__l.map(e => [e[0], e[1]])[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
  toString() { return this.__l.map(e => formEncode(e[0]) + '=' + formEncode(e[1])).join('&'); }
  get [Symbol.toStringTag]() { return 'URLSearchParams'; }
}
const specialPorts = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21', 'file:': '' };
const URL_RE = /^([a-zA-Z][a-zA-Z0-9+.\-]*:)(?:\/\/(?:([^\/?#@]*)@)?(\[[^\]]*\]|[^\/?#:]*)(?::([^\/?#]*))?)?([^?#]*)(\?[^#]*)?(#[\s\S]*)?$/;
function removeDotSegments(path) {
  const out = [];
  const segs = path.split('/');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (s === '..' || s.toLowerCase() === '%2e%2e') { if (out.length > 1) out.pop(); if (i === segs.length - 1) out.push(''); }
    else if (s === '.' || s.toLowerCase() === '%2e') { if (i === segs.length - 1) out.push(''); }
    else out.push(s);
  }
  return out.join('/');
}
function resolveURL(input, base) {
  input = String(input).replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (/^[a-zA-Z][a-zA-Z0-9+.\-]*:/.test(input)) {
    const scheme = input.slice(0, input.indexOf(':') + 1).toLowerCase();
    // A special scheme without slashes relative to a base of the same scheme ("https:path") is relative.
    if (!(scheme in specialPorts) || /^[a-zA-Z][a-zA-Z0-9+.\-]*:[\/\\]/.test(input) || !base || base.protocol !== scheme) {
      if (scheme === 'file:') { if (!input.slice(5).startsWith('//')) input = 'file:///' + input.slice(5).replace(/^[\/\\]*/, ''); }
      else if (scheme in specialPorts) input = scheme + '//' + input.slice(scheme.length).replace(/^[\/\\]*/, '');
      return input;
    }
    input = input.slice(scheme.length);
  }
  if (!base) return null;
  if (base.__opaque) return input.startsWith('#') ? base.href.replace(/#[\s\S]*$/, '') + input : null;
  const special = base.protocol in specialPorts;
  if (special) input = input.replace(/\\/g, '/');
  if (input.startsWith('//')) return base.protocol + input;
  const authority = base.protocol + '//' + (base.username ? base.username + (base.password ? ':' + base.password : '') + '@' : '') + base.host;
  if (input.startsWith('/')) return authority + input;
  if (input === '') return base.href.replace(/#[\s\S]*$/, '');
  if (input.startsWith('?')) return authority + base.pathname + input;
  if (input.startsWith('#')) return base.href.replace(/#[\s\S]*$/, '') + input;
  const q = input.search(/[?#]/);
  const relPath = q < 0 ? input : input.slice(0, q);
  const dir = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1) || '/';
  return authority + removeDotSegments(dir + relPath) + (q < 0 ? '' : input.slice(q));
}
class URL {
  constructor(url, base) {
    let b = null;
    if (base !== undefined) { b = base instanceof URL ? base : new URL(base); }
    const abs = resolveURL(url, b);
    if (abs === null || !this.__set(abs)) throw new TypeError('"' + String(url) + '" cannot be parsed as a URL.');
  }
  static canParse(url, base) { try { new URL(url, base); return true; } catch (e) { return false; } }
  static parse(url, base) { try { return new URL(url, base); } catch (e) { return null; } }
  __set(abs) {
    const m = URL_RE.exec(abs);
    if (!m) return false;
    const protocol = m[1].toLowerCase();
    const special = protocol in specialPorts;
    const hasAuthority = abs.slice(m[1].length, m[1].length + 2) === '//';
    if (special && !hasAuthority) return false;
    let hostname = (m[3] || '');
    if (special) {
      hostname = hostname.toLowerCase();
      if (protocol !== 'file:' && hostname === '') return false;
      if (/[\s<>^|%]/.test(hostname.replace(/%[0-9a-fA-F]{2}/g, ''))) return false;
    }
    let port = m[4] || '';
    if (port !== '' && !/^\d+$/.test(port)) return false;
    if (port !== '') { port = String(parseInt(port, 10)); if (+port > 65535) return false; }
    if (special && specialPorts[protocol] === port) port = '';
    let pathname = m[5] || '';
    if (special) pathname = removeDotSegments(pathname.startsWith('/') ? pathname : '/' + pathname) || '/';
    else if (hasAuthority && pathname) pathname = removeDotSegments(pathname);
    const enc = (s) => s.replace(/[\u0000-\u0020"<>`\u007f-\uffff]/g, c => encodeURIComponent(c));
    const userinfo = (m[2] || '').split(':');
    Object.defineProperty(this, '__p', { value: {
      protocol, username: userinfo[0] || '', password: userinfo.slice(1).join(':'), hostname, port,
      pathname: enc(pathname).replace(/ /g, '%20'), query: m[6] === undefined ? null : enc(m[6].slice(1)).replace(/'/g, special ? '%27' : "'"),
      fragment: m[7] === undefined ? null : enc(m[7].slice(1)), authority: hasAuthority, opaque: !hasAuthority && !special }, writable: true, configurable: true });
    if (!this.__sp) Object.defineProperty(this, '__sp', { value: new URLSearchParams(), writable: true });
    this.__sp.__u = null; this.__sp.__parse(this.__p.query || ''); this.__sp.__u = this;
    return true;
  }
  __setQuery(q) { this.__p.query = q; }
  get __opaque() { return this.__p.opaque; }
  get href() {
    const p = this.__p;
    let s = p.protocol;
    if (p.authority) s += '//' + (p.username ? p.username + (p.password ? ':' + p.password : '') + '@' : '') + p.hostname + (p.port ? ':' + p.port : '');
    s += p.pathname;
    if (p.query !== null) s += '?' + p.query;
    if (p.fragment !== null) s += '#' + p.fragment;
    return s;
  }
  set href(v) { if (!this.__set(resolveURL(v, null) || '')) throw new TypeError('"' + String(v) + '" cannot be parsed as a URL.'); }
  get origin() { const p = this.__p; return (p.protocol in specialPorts) && p.protocol !== 'file:' ? p.protocol + '//' + this.host : 'null'; }
  get protocol() { return this.__p.protocol; }
  set protocol(v) { const s = String(v).replace(/:.*$/, '').toLowerCase() + ':'; if (/^[a-z][a-z0-9+.\-]*:$/.test(s) && ((s in specialPorts) === (this.__p.protocol in specialPorts))) { this.__p.protocol = s; if (specialPorts[s] === this.__p.port) this.__p.port = ''; } }
  get username() { return this.__p.username; } set username(v) { if (this.__p.authority) this.__p.username = encodeURIComponent(String(v)); }
  get password() { return this.__p.password; } set password(v) { if (this.__p.authority) this.__p.password = encodeURIComponent(String(v)); }
  get host() { return this.__p.hostname + (this.__p.port ? ':' + this.__p.port : ''); }
  set host(v) { const m = /^([^:\/?#]*)(?::(\d*))?/.exec(String(v)); if (m && m[1]) { this.hostname = m[1]; if (m[2] !== undefined) this.port = m[2]; } }
  get hostname() { return this.__p.hostname; }
  set hostname(v) { v = String(v); if (v && !/[\/?#@\s]/.test(v)) this.__p.hostname = (this.__p.protocol in specialPorts) ? v.toLowerCase() : v; }
  get port() { return this.__p.port; }
  set port(v) { v = String(v); if (v === '') { this.__p.port = ''; return; } const m = /^\d+/.exec(v); if (m && +m[0] <= 65535) { const p = String(+m[0]); this.__p.port = specialPorts[this.__p.protocol] === p ? '' : p; } }
  get pathname() { return this.__p.pathname; }
  set pathname(v) { if (this.__p.opaque) return; let s = String(v); if ((this.__p.protocol in specialPorts) && !s.startsWith('/')) s = '/' + s; this.__p.pathname = removeDotSegments(s).replace(/[\u0000-\u0020"<>`?#\u007f-\uffff]/g, c => encodeURIComponent(c)); }
  get search() { const q = this.__p.query; return q ? '?' + q : ''; }
  set search(v) { let s = String(v); if (s.startsWith('?')) s = s.slice(1); this.__p.query = s === '' ? null : s.replace(/[\u0000-\u0020"#<>\u007f-\uffff]/g, c => encodeURIComponent(c)); this.__sp.__u = null; this.__sp.__parse(s); this.__sp.__u = this; }
  get searchParams() { return this.__sp; }
  get hash() { const f = this.__p.fragment; return f ? '#' + f : ''; }
  set hash(v) { let s = String(v); if (s.startsWith('#')) s = s.slice(1); this.__p.fragment = s === '' ? null : s.replace(/[\u0000-\u0020"<>`\u007f-\uffff]/g, c => encodeURIComponent(c)); }
  toString() { return this.href; }
  toJSON() { return this.href; }
  get [Symbol.toStringTag]() { return 'URL'; }
}
URL.createObjectURL = () => { throw new DOMException('Blob URLs are not supported in this headless model', 'NotSupportedError'); };
URL.revokeObjectURL = () => {};
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function btoa(data) {
  if (arguments.length === 0) throw new TypeError('Not enough arguments');
  const s = String(data);
  if (/[^\u0000-\u00ff]/.test(s)) throw new DOMException('The string contains invalid characters.', 'InvalidCharacterError');
  let out = '';
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
    out += B64[a >> 2] + B64[((a & 3) << 4) | (b >> 4 || 0)] + (i + 1 < s.length ? B64[((b & 15) << 2) | (c >> 6 || 0)] : '=') + (i + 2 < s.length ? B64[c & 63] : '=');
  }
  return out;
}
function atob(data) {
  if (arguments.length === 0) throw new TypeError('Not enough arguments');
  let s = String(data).replace(/[\t\n\f\r ]/g, '');
  if (s.length % 4 === 0) s = s.replace(/==?$/, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+\/]/.test(s)) throw new DOMException('The string contains invalid characters.', 'InvalidCharacterError');
  let out = '', bits = 0, acc = 0;
  for (const ch of s) { acc = (acc << 6) | B64.indexOf(ch); bits += 6; if (bits >= 8) { bits -= 8; out += String.fromCharCode((acc >> bits) & 255); } }
  return out;
}
class TextEncoder {
  get encoding() { return 'utf-8'; }
  encode(input = '') {
    const s = String(input), out = [];
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { c = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00); }
      else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  }
}
class TextDecoder {
  constructor(label = 'utf-8', options = {}) {
    const l = String(label).trim().toLowerCase();
    if (l !== 'utf-8' && l !== 'utf8' && l !== 'unicode-1-1-utf-8') throw new RangeError('The "' + label + '" encoding is not supported in this headless model.');
    this.fatal = !!options.fatal; this.ignoreBOM = !!options.ignoreBOM;
  }
  get encoding() { return 'utf-8'; }
  decode(input) {
    if (input === undefined) return '';
    const b = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    let out = '', i = 0;
    if (!this.ignoreBOM && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3;
    const bad = () => { if (this.fatal) throw new TypeError('The encoded data was not valid.'); out += '\ufffd'; };
    while (i < b.length) {
      const c = b[i];
      let n = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 : c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : -1;
      if (n < 0) { bad(); i++; continue; }
      let cp = n === 0 ? c : c & (0x3f >> n), ok = true, j = 1;
      for (; j <= n; j++) { const x = b[i + j]; if (x === undefined || (x & 0xc0) !== 0x80) { ok = false; break; } cp = (cp << 6) | (x & 63); }
      if (!ok || (n === 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n === 3 && (cp < 0x10000 || cp > 0x10ffff))) { bad(); i += ok ? n + 1 : j; continue; }
      out += String.fromCodePoint(cp); i += n + 1;
    }
    return out;
  }
}
const cryptoObject = {
  getRandomValues(a) {
    if (!ArrayBuffer.isView(a) || a instanceof Float32Array || a instanceof Float64Array) throw new DOMException('The data is not an integer typed array.', 'TypeMismatchError');
    if (a.byteLength > 65536) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
    return a;
  },
  randomUUID() {
    const b = cryptoObject.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    const h = Array.from(b, x => x.toString(16).padStart(2, '0')).join('');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  },
  subtle: {},
};
function structuredClone(value) {
  const seen = new Map();
  const fail = (what) => { throw new DOMException(what + ' could not be cloned.', 'DataCloneError'); };
  const clone = (v) => {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'symbol')) return v;
    if (typeof v === 'function' || typeof v === 'symbol') fail(String(v).slice(0, 40));
    if (seen.has(v)) return seen.get(v);
    if (v instanceof EventTarget) fail('A DOM object');
    let out;
    if (v instanceof Date) out = new Date(v.getTime());
    else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
    else if (v instanceof ArrayBuffer) out = v.slice(0);
    else if (ArrayBuffer.isView(v)) out = new v.constructor(v);
    else if (v instanceof Map) { out = new Map(); seen.set(v, out); for (const [k, x] of v) out.set(clone(k), clone(x)); return out; }
    else if (v instanceof Set) { out = new Set(); seen.set(v, out); for (const x of v) out.add(clone(x)); return out; }
    else if (v instanceof Error) { out = new (g[v.name] || Error)(v.message); }
    else if (Array.isArray(v)) { out = []; seen.set(v, out); for (let i = 0; i < v.length; i++) out[i] = clone(v[i]); return out; }
    else { out = {}; seen.set(v, out); for (const k of Object.keys(v)) out[k] = clone(v[k]); return out; }
    seen.set(v, out);
    return out;
  };
  return clone(value);
}
// DOMParser: an HTML string parsed into a detached document-like tree (an `html` element parsed as the Standard
// parses a fragment in that context, so `head` and `body` exist; its scripts never run, as in a browser).
class ParsedHTMLDocument {
  constructor(root) { Object.defineProperty(this, 'documentElement', { value: root, enumerable: true }); }
  get head() { return Array.from(this.documentElement.children).find(e => e.localName === 'head') || null; }
  get body() { return Array.from(this.documentElement.children).find(e => e.localName === 'body') || null; }
  get title() { const t = this.querySelector('title'); return t ? t.textContent.replace(/[\t\n\f\r ]+/g, ' ').trim() : ''; }
  get nodeType() { return 9; }
  get textContent() { return null; }
  querySelector(sel) { return this.querySelectorAll(sel)[0] || null; }
  querySelectorAll(sel) {
    // The structural elements by name, then each part's content (document order: html, head…, body…).
    const own = (e) => new RegExp('^\\s*' + e.localName + '\\s*$', 'i').test(sel) ? [e] : [];
    const head = this.head, body = this.body;
    return [...own(this.documentElement), ...(head ? [...own(head), ...head.querySelectorAll(sel)] : []),
            ...(body ? [...own(body), ...body.querySelectorAll(sel)] : [])];
  }
  getElementById(id) { return this.querySelector('#' + cssEscape(id)); }
  getElementsByTagName(t) { return this.querySelectorAll(String(t).toLowerCase() === '*' ? '*' : cssEscape(t)); }
  getElementsByClassName(c) { return this.querySelectorAll(String(c).trim().split(/\s+/).map(x => '.' + cssEscape(x)).join('')); }
  // Nodes made for this document are the page's detached nodes (their ownerDocument is the page's; inert until a
  // script inserts them, as jQuery's parseHTML expects of a document from createHTMLDocument).
  createElement(t) { return doc.createElement(t); }
  createElementNS(ns, t) { return doc.createElementNS(ns, t); }
  createDocumentFragment() { return doc.createDocumentFragment(); }
  createTextNode(t) { return doc.createTextNode(t); }
  createComment(t) { return doc.createComment(t); }
  get implementation() { return webAPI().domImplementation; }
}
// document.implementation: a new empty HTML document (html, head with the title if one is given, body) as DOMParser
// makes them; XML documents are not supported.
class DOMImplementation {
  constructor() { throw new TypeError('Illegal constructor'); }
  createHTMLDocument(title) {
    const root = inertRoot(doc.createElement('html')), head = doc.createElement('head');
    root.appendChild(head);
    if (title !== undefined) { const t = doc.createElement('title'); t.textContent = String(title); head.appendChild(t); }
    root.appendChild(doc.createElement('body'));
    return new ParsedHTMLDocument(root);
  }
  createDocument() { throw new DOMException('XML documents are not supported in this headless model', 'NotSupportedError'); }
  hasFeature() { return true; }
}
class DOMParser {
  parseFromString(string, type) {
    const t = String(type);
    if (t !== 'text/html') {
      if (/^(text\/xml|application\/xml|application\/xhtml\+xml|image\/svg\+xml)$/.test(t)) throw new DOMException('XML parsing is not supported in this headless model', 'NotSupportedError');
      throw new TypeError("The provided value '" + t + "' is not a valid enum value of type DOMParserSupportedType.");
    }
    const root = inertRoot(doc.createElement('html'));
    root.innerHTML = String(string);
    const parsed = new ParsedHTMLDocument(root);
    if (!parsed.head) root.insertBefore(doc.createElement('head'), root.firstChild);
    if (!parsed.body) root.appendChild(doc.createElement('body'));
    return parsed;
  }
}
// XMLSerializer over HTML elements: their markup as XML (the XHTML namespace on the top element, void elements
// closed with " />").
class XMLSerializer {
  serializeToString(node) {
    const el = node instanceof ParsedHTMLDocument || (node && node.nodeType === 9) ? node.documentElement : node;
    if (!el || el.nodeType !== 1) return el && el.textContent !== undefined ? String(el.textContent) : '';
    return el.outerHTML
      .replace(/^<([^\s>\/]+)/, '<$1 xmlns="http://www.w3.org/1999/xhtml"')
      .replace(/<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)((?:\s[^>]*)?)>/g, (m, t, a) => '<' + t + a + ' />');
  }
}
// TreeWalker and NodeIterator, as the DOM Standard walks: whatToShow bits by node type, then the filter
// (a function or an object with acceptNode); FILTER_REJECT skips a subtree for a TreeWalker only.
const NodeFilter = Object.freeze({ FILTER_ACCEPT: 1, FILTER_REJECT: 2, FILTER_SKIP: 3, SHOW_ALL: 0xFFFFFFFF, SHOW_ELEMENT: 0x1,
  SHOW_ATTRIBUTE: 0x2, SHOW_TEXT: 0x4, SHOW_CDATA_SECTION: 0x8, SHOW_ENTITY_REFERENCE: 0x10, SHOW_ENTITY: 0x20,
  SHOW_PROCESSING_INSTRUCTION: 0x40, SHOW_COMMENT: 0x80, SHOW_DOCUMENT: 0x100, SHOW_DOCUMENT_TYPE: 0x200,
  SHOW_DOCUMENT_FRAGMENT: 0x400, SHOW_NOTATION: 0x800 });
function nodeFilterAccepts(t, node) {
  if (t.__active) throw new DOMException('Recursive node filtering', 'InvalidStateError');
  if (!((t.whatToShow >>> 0) & (1 << (node.nodeType - 1)))) return 3;
  const f = t.filter;
  if (f === null || f === undefined) return 1;
  t.__active = true;
  try { return +(typeof f === 'function' ? f.call(undefined, node) : f.acceptNode(node)); } finally { t.__active = false; }
}
class TreeWalker {
  constructor(root, whatToShow, filter) {
    if (!(root instanceof Node)) throw new TypeError("Argument 1 ('root') to Document.createTreeWalker must be an instance of Node");
    Object.defineProperty(this, 'root', { value: root, enumerable: true });
    Object.defineProperty(this, 'whatToShow', { value: whatToShow === undefined ? 0xFFFFFFFF : whatToShow >>> 0, enumerable: true });
    Object.defineProperty(this, 'filter', { value: filter === undefined ? null : filter, enumerable: true });
    this.__active = false; this.currentNode = root;
  }
  parentNode() {
    let n = this.currentNode;
    while (n && n !== this.root) { n = n.parentNode; if (n && nodeFilterAccepts(this, n) === 1) { this.currentNode = n; return n; } }
    return null;
  }
  __children(first) {
    let n = first ? this.currentNode.firstChild : this.currentNode.lastChild;
    while (n) {
      const r = nodeFilterAccepts(this, n);
      if (r === 1) { this.currentNode = n; return n; }
      if (r === 3) { const c = first ? n.firstChild : n.lastChild; if (c) { n = c; continue; } }
      while (n) {
        const sib = first ? n.nextSibling : n.previousSibling;
        if (sib) { n = sib; break; }
        const p = n.parentNode;
        if (!p || p === this.root || p === this.currentNode) return null;
        n = p;
      }
    }
    return null;
  }
  firstChild() { return this.__children(true); }
  lastChild() { return this.__children(false); }
  __siblings(next) {
    let node = this.currentNode;
    if (node === this.root) return null;
    while (true) {
      let sib = next ? node.nextSibling : node.previousSibling;
      while (sib) {
        node = sib;
        const r = nodeFilterAccepts(this, node);
        if (r === 1) { this.currentNode = node; return node; }
        sib = next ? node.firstChild : node.lastChild;
        if (r === 2 || !sib) sib = next ? node.nextSibling : node.previousSibling;
      }
      node = node.parentNode;
      if (!node || node === this.root) return null;
      if (nodeFilterAccepts(this, node) === 1) return null;
    }
  }
  nextSibling() { return this.__siblings(true); }
  previousSibling() { return this.__siblings(false); }
  previousNode() {
    let node = this.currentNode;
    while (node !== this.root) {
      let sib = node.previousSibling;
      while (sib) {
        node = sib;
        let r = nodeFilterAccepts(this, node);
        while (r !== 2 && node.lastChild) { node = node.lastChild; r = nodeFilterAccepts(this, node); }
        if (r === 1) { this.currentNode = node; return node; }
        sib = node.previousSibling;
      }
      if (node === this.root || !node.parentNode) return null;
      node = node.parentNode;
      if (nodeFilterAccepts(this, node) === 1) { this.currentNode = node; return node; }
    }
    return null;
  }
  nextNode() {
    let node = this.currentNode, r = 1;
    while (true) {
      while (r !== 2 && node.firstChild) {
        node = node.firstChild;
        r = nodeFilterAccepts(this, node);
        if (r === 1) { this.currentNode = node; return node; }
      }
      let temp = node, sib = null;
      while (temp) {
        if (temp === this.root) return null;
        sib = temp.nextSibling;
        if (sib) { node = sib; break; }
        temp = temp.parentNode;
      }
      if (!temp) return null;
      r = nodeFilterAccepts(this, node);
      if (r === 1) { this.currentNode = node; return node; }
    }
  }
}
class NodeIterator {
  constructor(root, whatToShow, filter) {
    if (!(root instanceof Node)) throw new TypeError("Argument 1 ('root') to Document.createNodeIterator must be an instance of Node");
    Object.defineProperty(this, 'root', { value: root, enumerable: true });
    Object.defineProperty(this, 'whatToShow', { value: whatToShow === undefined ? 0xFFFFFFFF : whatToShow >>> 0, enumerable: true });
    Object.defineProperty(this, 'filter', { value: filter === undefined ? null : filter, enumerable: true });
    this.__active = false; this.referenceNode = root; this.pointerBeforeReferenceNode = true;
  }
  __following(n) {
    if (n.firstChild) return n.firstChild;
    while (n && n !== this.root) { if (n.nextSibling) return n.nextSibling; n = n.parentNode; }
    return null;
  }
  __preceding(n) {
    if (n === this.root) return null;
    let p = n.previousSibling;
    if (!p) return n.parentNode;
    while (p.lastChild) p = p.lastChild;
    return p;
  }
  __traverse(next) {
    let node = this.referenceNode, before = this.pointerBeforeReferenceNode;
    while (true) {
      if (next) { if (!before) { node = this.__following(node); if (!node) return null; } else before = false; }
      else { if (before) { node = this.__preceding(node); if (!node) return null; } else before = true; }
      if (nodeFilterAccepts(this, node) === 1) { this.referenceNode = node; this.pointerBeforeReferenceNode = before; return node; }
    }
  }
  nextNode() { return this.__traverse(true); }
  previousNode() { return this.__traverse(false); }
  detach() {}
}
// ---- Canvas 2D: paths and rectangles filled or stroked into an RGBA buffer (pixel centres sampled, no
// anti-aliasing), with the current transform, globalAlpha and the source-over / destination-out / copy compositing;
// text, shadows and filters draw nothing; an image draws as an opaque rectangle of its fill colour.
const CANVAS_MAX_PIXELS = 4000000;   // a larger canvas keeps no pixels (drawing is accepted, reads are transparent)
const namedColors = { black: [0, 0, 0], white: [255, 255, 255], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255],
  gray: [128, 128, 128], grey: [128, 128, 128], silver: [192, 192, 192], yellow: [255, 255, 0], orange: [255, 165, 0],
  purple: [128, 0, 128], pink: [255, 192, 203], gold: [255, 215, 0], transparent: [0, 0, 0, 0] };
function parseColor(v) {
  const s = String(v).trim().toLowerCase();
  let m;
  if ((m = /^#([0-9a-f]{3,8})$/.exec(s))) {
    let h = m[1]; if (h.length === 3 || h.length === 4) h = h.split('').map(c => c + c).join('');
    if (h.length !== 6 && h.length !== 8) return null;
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16), h.length === 8 ? parseInt(h.slice(6, 8), 16) / 255 : 1];
  }
  if ((m = /^rgba?\(([^)]*)\)$/.exec(s))) {
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(x => x.endsWith('%') ? parseFloat(x) * 2.55 : parseFloat(x));
    if (p.length < 3 || p.some(isNaN)) return null;
    const a = m[1].includes('%') && p.length > 3 && /%\s*$/.test(m[1]) ? p[3] / 255 : (p.length > 3 ? p[3] : 1);
    return [p[0], p[1], p[2], Math.max(0, Math.min(1, a))];
  }
  if (s in namedColors) { const c = namedColors[s]; return [c[0], c[1], c[2], c.length > 3 ? c[3] : 1]; }
  return null;
}
class CanvasGradient { addColorStop(o, c) { if (!this.__c) Object.defineProperty(this, '__c', { value: parseColor(c), writable: true }); } }
class ImageData {
  constructor(a, b, c) {
    if (a instanceof Uint8ClampedArray) { this.data = a; this.width = b; this.height = c === undefined ? a.length / 4 / b : c; }
    else { this.width = a >>> 0; this.height = b >>> 0; this.data = new Uint8ClampedArray(this.width * this.height * 4); }
  }
}
class CanvasRenderingContext2D {
  constructor(canvas) { Object.defineProperty(this, 'canvas', { value: canvas, enumerable: true }); this.__reset(); }
  __reset() {
    const w = this.canvas.width, h = this.canvas.height;
    Object.defineProperty(this, '__px', { value: w * h <= CANVAS_MAX_PIXELS ? new Uint8ClampedArray(w * h * 4) : null, writable: true, configurable: true });
    Object.defineProperty(this, '__stack', { value: [], writable: true, configurable: true });
    Object.defineProperty(this, '__path', { value: [], writable: true, configurable: true });
    Object.defineProperty(this, '__m', { value: [1, 0, 0, 1, 0, 0], writable: true, configurable: true });
    Object.assign(this, { fillStyle: '#000000', strokeStyle: '#000000', lineWidth: 1, lineCap: 'butt', lineJoin: 'miter', miterLimit: 10,
      globalAlpha: 1, globalCompositeOperation: 'source-over', font: '10px sans-serif', textAlign: 'start', textBaseline: 'alphabetic',
      direction: 'inherit', shadowBlur: 0, shadowColor: 'rgba(0, 0, 0, 0)', shadowOffsetX: 0, shadowOffsetY: 0,
      imageSmoothingEnabled: true, imageSmoothingQuality: 'low', lineDashOffset: 0, filter: 'none' });
  }
  // State
  save() { this.__stack.push([this.fillStyle, this.strokeStyle, this.lineWidth, this.lineCap, this.lineJoin, this.globalAlpha, this.globalCompositeOperation, this.font, this.textAlign, this.textBaseline, this.__m.slice()]); }
  restore() { const s = this.__stack.pop(); if (!s) return; [this.fillStyle, this.strokeStyle, this.lineWidth, this.lineCap, this.lineJoin, this.globalAlpha, this.globalCompositeOperation, this.font, this.textAlign, this.textBaseline, this.__m] = s; }
  reset() { this.__reset(); }
  // Transform
  setTransform(a, b, c, d, e, f) { if (a && typeof a === 'object') { const o = a; a = o.a; b = o.b; c = o.c; d = o.d; e = o.e; f = o.f; } this.__m = [+a, +b, +c, +d, +e, +f]; }
  resetTransform() { this.__m = [1, 0, 0, 1, 0, 0]; }
  transform(a, b, c, d, e, f) { const m = this.__m; this.__m = [m[0] * a + m[2] * b, m[1] * a + m[3] * b, m[0] * c + m[2] * d, m[1] * c + m[3] * d, m[0] * e + m[2] * f + m[4], m[1] * e + m[3] * f + m[5]]; }
  translate(x, y) { this.transform(1, 0, 0, 1, +x, +y); }
  scale(x, y) { this.transform(+x, 0, 0, +y, 0, 0); }
  rotate(r) { const c = Math.cos(r), s = Math.sin(r); this.transform(c, s, -s, c, 0, 0); }
  getTransform() { const m = this.__m; return { a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5], is2D: true, isIdentity: m.join() === '1,0,0,1,0,0' }; }
  __t(x, y) { const m = this.__m; return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]; }
  // Paths: subpaths of device-space points
  beginPath() { this.__path = []; }
  moveTo(x, y) { this.__path.push([this.__t(+x, +y)]); }
  lineTo(x, y) { if (!this.__path.length) this.__path.push([]); this.__path[this.__path.length - 1].push(this.__t(+x, +y)); }
  closePath() { const p = this.__path[this.__path.length - 1]; if (p && p.length) p.push(p[0].slice()); }
  rect(x, y, w, h) { this.moveTo(x, y); this.lineTo(x + w, y); this.lineTo(x + w, y + h); this.lineTo(x, y + h); this.closePath(); }
  roundRect(x, y, w, h) { this.rect(x, y, w, h); }
  arc(x, y, r, a0, a1, ccw) {
    if (r < 0) throw new DOMException('The radius provided (' + r + ') is negative.', 'IndexSizeError');
    let sweep = a1 - a0;
    if (!ccw && sweep < 0) sweep = sweep % (2 * Math.PI) + 2 * Math.PI; if (ccw && sweep > 0) sweep = sweep % (2 * Math.PI) - 2 * Math.PI;
    if (Math.abs(a1 - a0) >= 2 * Math.PI) sweep = ccw ? -2 * Math.PI : 2 * Math.PI;
    const n = Math.max(8, Math.ceil(Math.abs(sweep) / (Math.PI / 24)));
    for (let i = 0; i <= n; i++) { const a = a0 + sweep * i / n; this.lineTo(x + r * Math.cos(a), y + r * Math.sin(a)); }
  }
  ellipse(x, y, rx, ry, rot, a0, a1, ccw) { this.save(); this.translate(x, y); this.rotate(rot); this.scale(rx, ry); this.arc(0, 0, 1, a0, a1, ccw); this.restore(); }
  arcTo(x1, y1) { this.lineTo(x1, y1); }
  quadraticCurveTo(cx, cy, x, y) { this.lineTo(x, y); }
  bezierCurveTo(c1x, c1y, c2x, c2y, x, y) { this.lineTo(x, y); }
  // Painting
  __color(style) { const c = style instanceof CanvasGradient ? style.__c : typeof style === 'string' ? parseColor(style) : null; return c || [128, 128, 128, 1]; }
  __paint(inside, bx0, by0, bx1, by1, style) {
    const px = this.__px; if (!px) return;
    const w = this.canvas.width, h = this.canvas.height;
    const [r, g, b, a0] = this.__color(style), a = a0 * Math.max(0, Math.min(1, this.globalAlpha));
    const op = this.globalCompositeOperation;
    const x0 = Math.max(0, Math.floor(bx0)), y0 = Math.max(0, Math.floor(by0)), x1 = Math.min(w, Math.ceil(bx1)), y1 = Math.min(h, Math.ceil(by1));
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
      if (!inside(x + 0.5, y + 0.5)) continue;
      const i = (y * w + x) * 4;
      if (op === 'destination-out') { px[i + 3] = px[i + 3] * (1 - a); continue; }
      if (op === 'copy') { px[i] = r; px[i + 1] = g; px[i + 2] = b; px[i + 3] = a * 255; continue; }
      const da = px[i + 3] / 255, oa = a + da * (1 - a);
      if (oa === 0) { px[i] = px[i + 1] = px[i + 2] = px[i + 3] = 0; continue; }
      px[i] = (r * a + px[i] * da * (1 - a)) / oa; px[i + 1] = (g * a + px[i + 1] * da * (1 - a)) / oa; px[i + 2] = (b * a + px[i + 2] * da * (1 - a)) / oa; px[i + 3] = oa * 255;
    }
  }
  __polys(path) { return path.filter(p => p.length > 1); }
  __bounds(polys, pad) { let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity; for (const p of polys) for (const [x, y] of p) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); } return [x0 - pad, y0 - pad, x1 + pad, y1 + pad]; }
  __fillPath(polys, evenOdd, style) {
    if (!polys.length) return;
    const inside = (x, y) => { let wn = 0;
      for (const p of polys) for (let k = 0; k < p.length; k++) { const [ax, ay] = p[k], [bx, by] = p[(k + 1) % p.length];
        if ((ay <= y) !== (by <= y)) { const t = (y - ay) / (by - ay); if (ax + t * (bx - ax) > x) wn += by > ay ? 1 : -1; } }
      return evenOdd ? (wn & 1) !== 0 : wn !== 0; };
    const [x0, y0, x1, y1] = this.__bounds(polys, 0);
    this.__paint(inside, x0, y0, x1, y1, style);
  }
  fill(a, b) { const rule = typeof a === 'string' ? a : b; this.__fillPath(this.__polys(this.__path), rule === 'evenodd', this.fillStyle); }
  stroke() {
    const polys = this.__polys(this.__path), m = this.__m, half = Math.max(0.5, this.lineWidth * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])) / 2);
    if (!polys.length) return;
    const round = this.lineCap === 'round' || this.lineJoin === 'round';
    const inside = (x, y) => { for (const p of polys) for (let k = 0; k + 1 < p.length; k++) { const [ax, ay] = p[k], [bx, by] = p[k + 1];
        const dx = bx - ax, dy = by - ay, l = dx * dx + dy * dy; let t = l ? ((x - ax) * dx + (y - ay) * dy) / l : 0;
        if (!round && (t < 0 || t > 1)) continue; t = Math.max(0, Math.min(1, t));
        const ex = ax + t * dx - x, ey = ay + t * dy - y; if (ex * ex + ey * ey <= half * half) return true; }
      return false; };
    const [x0, y0, x1, y1] = this.__bounds(polys, half);
    this.__paint(inside, x0, y0, x1, y1, this.strokeStyle);
  }
  __rectPoly(x, y, w, h) { return [[this.__t(x, y), this.__t(x + w, y), this.__t(x + w, y + h), this.__t(x, y + h)]]; }
  fillRect(x, y, w, h) { this.__fillPath(this.__rectPoly(+x, +y, +w, +h), false, this.fillStyle); }
  strokeRect(x, y, w, h) { const saved = this.__path; this.__path = this.__rectPoly(+x, +y, +w, +h).map(p => p.concat([p[0]])); this.stroke(); this.__path = saved; }
  clearRect(x, y, w, h) { const op = this.globalCompositeOperation, ga = this.globalAlpha; this.globalCompositeOperation = 'destination-out'; this.globalAlpha = 1; this.__fillPath(this.__rectPoly(+x, +y, +w, +h), false, '#000'); this.globalCompositeOperation = op; this.globalAlpha = ga; }
  clip() {} isPointInPath() { return false; } isPointInStroke() { return false; }
  drawImage(img, ...a) {
    if (img && img.localName === 'img' && H('image.loads', img.__id) !== true) throw new DOMException("The HTMLImageElement provided is in the 'broken' state.", 'InvalidStateError');
    const iw = img && (img.width || img.naturalWidth) || 0, ih = img && (img.height || img.naturalHeight) || 0;
    const [dx, dy, dw, dh] = a.length >= 8 ? a.slice(4, 8) : a.length >= 4 ? a.slice(0, 4) : [a[0], a[1], iw, ih];
    this.__fillPath(this.__rectPoly(+dx, +dy, +dw, +dh), false, this.fillStyle);
  }
  fillText() {} strokeText() {}
  measureText(t) { const size = parseFloat((/(\d+(?:\.\d+)?)px/.exec(this.font) || [0, 10])[1]); const width = String(t).length * size * 0.5;
    return { width, actualBoundingBoxLeft: 0, actualBoundingBoxRight: width, actualBoundingBoxAscent: size * 0.8, actualBoundingBoxDescent: size * 0.2,
      fontBoundingBoxAscent: size * 0.9, fontBoundingBoxDescent: size * 0.25 }; }
  setLineDash() {} getLineDash() { return []; }
  createLinearGradient() { return new CanvasGradient(); } createRadialGradient() { return new CanvasGradient(); } createConicGradient() { return new CanvasGradient(); }
  createPattern() { return new CanvasGradient(); }
  createImageData(a, b) { return a instanceof ImageData ? new ImageData(a.width, a.height) : new ImageData(Math.abs(a), Math.abs(b)); }
  getImageData(sx, sy, sw, sh) {
    sw = sw | 0; sh = sh | 0;
    if (!sw || !sh) throw new DOMException('The source ' + (sw ? 'height' : 'width') + ' is 0.', 'IndexSizeError');
    const out = new ImageData(Math.abs(sw), Math.abs(sh)), px = this.__px, w = this.canvas.width, h = this.canvas.height;
    if (px) for (let y = 0; y < out.height; y++) { const yy = (sy | 0) + y; if (yy < 0 || yy >= h) continue;
      for (let x = 0; x < out.width; x++) { const xx = (sx | 0) + x; if (xx < 0 || xx >= w) continue;
        const i = (yy * w + xx) * 4, o = (y * out.width + x) * 4; out.data[o] = px[i]; out.data[o + 1] = px[i + 1]; out.data[o + 2] = px[i + 2]; out.data[o + 3] = px[i + 3]; } }
    return out;
  }
  putImageData(d, dx, dy) { const px = this.__px, w = this.canvas.width, h = this.canvas.height; if (!px) return;
    for (let y = 0; y < d.height; y++) { const yy = (dy | 0) + y; if (yy < 0 || yy >= h) continue;
      for (let x = 0; x < d.width; x++) { const xx = (dx | 0) + x; if (xx < 0 || xx >= w) continue;
        const i = (yy * w + xx) * 4, o = (y * d.width + x) * 4; px[i] = d.data[o]; px[i + 1] = d.data[o + 1]; px[i + 2] = d.data[o + 2]; px[i + 3] = d.data[o + 3]; } } }
}

webAPIObject = { NodeFilter, TreeWalker, NodeIterator, DOMParser, XMLSerializer, DOMImplementation, CanvasRenderingContext2D, CanvasGradient, ImageData, URL, webkitURL: URL, URLSearchParams,
  btoa, atob, TextEncoder, TextDecoder, crypto: cryptoObject, structuredClone,
  domImplementation: Object.create(DOMImplementation.prototype) };
return webAPIObject;
}
for (const name of ['NodeFilter', 'TreeWalker', 'NodeIterator', 'DOMParser', 'XMLSerializer', 'DOMImplementation',
  'CanvasRenderingContext2D', 'CanvasGradient', 'ImageData', 'URL', 'webkitURL', 'URLSearchParams',
  'btoa', 'atob', 'TextEncoder', 'TextDecoder', 'crypto', 'structuredClone'])
  Object.defineProperty(g, name, { configurable: true, enumerable: false,
    get() { const v = webAPI()[name]; def(name, v); return v; }, set(v) { def(name, v); } });
// Web fonts are the system's here: nothing to wait for.
const fontSet = { status: 'loaded', size: 0, check: () => true, load: () => Promise.resolve([]), forEach() {},
  addEventListener() {}, removeEventListener() {}, onloadingdone: null };
let fontsReady = null;   // made on first read: a settled promise costs every page the engine's promise machinery
Object.defineProperty(fontSet, 'ready', { get() { return fontsReady || (fontsReady = Promise.resolve(fontSet)); }, enumerable: true });
Object.defineProperty(Document.prototype, 'fonts', { get() { return fontSet; }, configurable: true });

// ---- Native entry points ----
const internal = {
  syncNamed,
  forNative(src) {
    const v = (0, eval)(src);
    const bad = x => typeof x === 'function' || typeof x === 'symbol' || x instanceof Node || x === g || x instanceof EventTarget;
    if (bad(v)) return { __oiaUnsupported: true };
    return v;
  },
  run(id, src, name) { currentScript = wrap(id); try { (0, eval)(src); } finally { currentScript = null; } },
  ready(state) {
    fire(doc, 'readystatechange', () => new Event('readystatechange'));
    if (state === 'interactive') fire(doc, 'DOMContentLoaded', () => trusted(new Event('DOMContentLoaded', { bubbles: true })));
    if (state === 'complete') { settleDocumentImages(); fire(g, 'load', () => trusted(new Event('load'))); }
  },
  fire(name, bubbles) { fire(g, name, () => trusted(new Event(name, { bubbles: !!bubbles }))); },
  scriptError(id) { dispatch(wrap(id), trusted(new Event('error'))); },
  tap(id) {
    const el = wrap(id);
    // Events nothing listens for are not built: most pages listen for click alone, and then one native question
    // answers for all the events before it.
    if (M.tapListened(el) & 0x7f) {
      const opts = { bubbles: true, cancelable: true, composed: true, view: g, pointerType: 'touch', isPrimary: true, button: 0, buttons: 1, detail: 1 };
      fire(el, 'pointerdown', () => trusted(new PointerEvent('pointerdown', opts)));
      const touchOk = fire(el, 'touchstart', () => trusted(new TouchEvent('touchstart', opts)));
      fire(el, 'pointerup', () => trusted(new PointerEvent('pointerup', Object.assign({}, opts, { buttons: 0 }))));
      const teOk = fire(el, 'touchend', () => trusted(new TouchEvent('touchend', opts)));
      if (!touchOk || !teOk) return;
      fire(el, 'mouseover', () => trusted(new MouseEvent('mouseover', opts)));
      fire(el, 'mousemove', () => trusted(new MouseEvent('mousemove', opts)));
      fire(el, 'mousedown', () => trusted(new MouseEvent('mousedown', opts)));
    }
    focusElement(M.focusTarget(el));
    fire(el, 'mouseup', () => trusted(new MouseEvent('mouseup', { bubbles: true, cancelable: true, composed: true, view: g, pointerType: 'touch', isPrimary: true, button: 0, buttons: 0, detail: 1 })));
    if (!isDisabled(el)) activate(el, true);
  },
  type(id, text) { typeText(wrap(id), String(text)); },
  press(key) { pressKey(String(key)); },
  isFocused(id) { return activeElement === wrap(id); },
  setValue(id, v) { const el = wrap(id); focusElement(el); el.value = v; dispatch(el, trusted(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText' }))); dispatch(el, trusted(new Event('change', { bubbles: true }))); },
  value(id) { const el = wrap(id); return 'value' in el ? el.value : null; },
  checked(id) { const el = wrap(id); return !!el.checked; },
  select(id, value) { const el = wrap(id); focusElement(el); el.value = value; dispatch(el, trusted(new Event('input', { bubbles: true }))); dispatch(el, trusted(new Event('change', { bubbles: true }))); },
  submit(id) { submitForm(wrap(id), null, true); },
  fireTimer(id) {
    const t = timers.get(id);
    if (!t) return;
    if (!t.repeat) timers.delete(id);
    if (typeof t.fn === 'function') t.fn.apply(g, t.frame ? [H('clock.now')] : t.args);
    else (0, eval)(String(t.fn));
  },
  deviceChanged(oldDark, oldLandscape, oldWidth, oldHeight) {
    const d = device();
    viewportProperties(d, (name, value) => {
      try { Object.defineProperty(g, name, { value, writable: true, enumerable: true, configurable: true }); } catch (_) {}
    });
    // A colour-scheme change alone is no resize.
    if (oldWidth === undefined || d.width !== oldWidth || d.height !== oldHeight) dispatch(g, trusted(new Event('resize')));
    if ((d.width > d.height) !== oldLandscape) dispatch(g, trusted(new Event('orientationchange')));
    for (const ref of mediaLists) {
      const l = ref.deref(); if (!l) continue;
      const now = evalMedia(l.media);
      if (now !== l.__m) { l.__m = now; const ev = new MediaQueryListEvent('change', { matches: now, media: l.media }); dispatch(l, ev); if (typeof l.onchange === 'function') callListener(ev, l, l.onchange); }
    }
  },
};
Object.defineProperty(g, '__oiaInternal', { value: Object.freeze(internal), enumerable: false, configurable: false, writable: false });
})(__oiaHost);
