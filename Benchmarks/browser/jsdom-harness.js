'use strict';
// Runs a scripted fixture in jsdom (Debian's node-jsdom): the same recording layer as in Chromium
// (page-stubs.js), the same steps, as a web developer drives jsdom in tests (no layout, so reachability
// is decided from attributes and computed style only; the person's input is synthesised event by event).
//
//   NODE_PATH=/usr/share/nodejs node ...   (jsdom is not on the default module path on Debian)
//
// Timers: jsdom's own timers run in real time, so the harness replaces setTimeout/setInterval/
// requestAnimationFrame (and Date.now) in each window with a virtual clock that only moves on 'advance'
// steps, like the fake timers web developers use with jsdom. rAF callbacks run at the next 16 ms boundary.
const fs = require('fs');
const path = require('path');
try { require.resolve('jsdom'); } catch (e) { // Debian's node-jsdom and its dependencies live in /usr/share/nodejs
  process.env.NODE_PATH = ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(path.delimiter);
  require('module').Module._initPaths();
}

// jsdom performs no navigation except to fragments; wrap its navigate() before jsdom loads, so a page's
// location changes and link activations reach the harness with their URL.
const navigation = require('jsdom/lib/jsdom/living/window/navigation.js');
const whatwgURL = require('whatwg-url');
const originalNavigate = navigation.navigate;
navigation.navigate = (window, newURL, flags) => {
  const hook = window && window.__oiaNavigate;
  const url = whatwgURL.serializeURL(newURL);
  if (hook) hook(url);
  const current = window && window._document ? window.location.href.split('#')[0] : null;
  if (current !== null && url.split('#')[0] === current) return originalNavigate(window, newURL, flags);
  // Other documents: the page stays, as in the in-app web view (and in the Chromium recorder).
};

const { JSDOM, VirtualConsole } = require('jsdom');
const stubs = require('./page-stubs');

const ORIGIN = 'https://fixtures.openinapp.invalid/';
const EPOCH_MS = 1767225600 * 1000;

function installClock(window) {
  const clock = { now: 0, seq: 0, timers: new Map() };
  const schedule = (fn, delay, args, repeat) => {
    const id = ++clock.seq;
    const d = Math.max(0, Number(delay) || 0);
    clock.timers.set(id, { id, fn, args, at: clock.now + d, every: repeat ? Math.max(d, 1) : null, order: id });
    return id;
  };
  window.setTimeout = (fn, delay, ...args) => schedule(fn, delay, args, false);
  window.setInterval = (fn, delay, ...args) => schedule(fn, delay, args, true);
  window.clearTimeout = window.clearInterval = (id) => { clock.timers.delete(id); };
  window.requestAnimationFrame = (fn) => {
    const next = (Math.floor(clock.now / 16) + 1) * 16;
    return schedule(() => fn(next), next - clock.now, [], false);
  };
  window.cancelAnimationFrame = (id) => { clock.timers.delete(id); };
  window.Date.now = () => EPOCH_MS + clock.now;
  window.performance.now = () => clock.now;
  // Runs every timer due up to now + ms, in due order (ties in creation order), moving the clock as it goes.
  clock.advance = (ms) => {
    const end = clock.now + ms;
    for (;;) {
      let next = null;
      for (const t of clock.timers.values()) {
        if (t.at <= end && (!next || t.at < next.at || (t.at === next.at && t.order < next.order))) next = t;
      }
      if (!next) break;
      clock.now = Math.max(clock.now, next.at);
      if (next.every !== null) { next.at += next.every; next.order = ++clock.seq; } else clock.timers.delete(next.id);
      try {
        if (typeof next.fn === 'function') next.fn.apply(window, next.args);
        else window.eval(String(next.fn));
      } catch (e) {
        reportError(window, e);
      }
    }
    clock.now = end;
  };
  return clock;
}

function reportError(window, error) {
  // As a browser reports an exception thrown by a timer callback: an ErrorEvent at the window.
  const event = new window.ErrorEvent('error', { message: `Uncaught ${error && error.name}: ${error && error.message}`,
    error, cancelable: true });
  window.dispatchEvent(event);
}

const tick = () => new Promise((r) => setTimeout(r, 2));

class JsdomPage {
  /// Loads `file` with its scripts and the recording layer; resolves after load and ab.BridgeReady.
  static async open(file, options = {}) {
    const page = new JsdomPage();
    await page.load(file, options);
    return page;
  }

  async load(file, options) {
    this.record = [];
    this.events = [];
    this.notes = [];
    this.step = 0;
    const html = options.html || fs.readFileSync(file, 'utf8');
    const virtualConsole = new VirtualConsole();
    virtualConsole.on('jsdomError', (e) => this.notes.push({ step: this.step, jsdomError: String(e.message).split('\n')[0] }));
    const emit = (s) => {
      const entry = JSON.parse(s);
      if (entry.kind === 'event') { delete entry.kind; this.events.push(Object.assign({ step: this.step }, entry)); }
      else if (entry.kind !== 'internal') this.record.push(Object.assign({ step: this.step }, entry));
    };
    const useClock = options.virtualTime !== false;
    let loaded;
    const loadedPromise = new Promise((r) => { loaded = r; });
    this.dom = new JSDOM(html, {
      url: ORIGIN + path.basename(file),
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      virtualConsole,
      beforeParse: (window) => {
        window.__oiaEmit = emit;
        window.__oiaNavigate = (url) => this.record.push({ step: this.step, kind: 'navigation', url });
        if (useClock) this.clock = installClock(window);
        if (options.record !== false) {
          window.eval(stubs.source('__oiaEmit', { braze: options.braze !== false, messageHandlers: options.messageHandlers || [] }));
        } else {
          // Benchmark mode: the bridges only, no recording of console and input events.
          stubs.install(window, () => {}, { braze: options.braze !== false, messageHandlers: options.messageHandlers || [],
            bridgeMethods: stubs.BRIDGE_METHODS, userMethods: stubs.USER_METHODS, inputEvents: [] });
        }
        window.addEventListener('load', () => loaded());
        // The value of a text field when it gets focus (by a tap or by script), for 'change' when it is left.
        window.addEventListener('focus', (e) => {
          const t = e.target;
          this.focusValue = t && t.matches && t.matches('input, textarea') ? { el: t, value: t.value } : null;
        }, true);
      },
    });
    this.window = this.dom.window;
    await loadedPromise;
    if (this.clock) this.clock.advance(0);
    this.window.__oiaEmit(JSON.stringify({ kind: 'lifecycle', name: 'ab.BridgeReady' }));
    this.window.dispatchEvent(new this.window.Event('ab.BridgeReady'));
    await tick();
  }

  close() { this.window.close(); }

  // Reachability without layout: what a person cannot tap, from attributes and jsdom's computed style.
  locate(spec) {
    const { document } = this.window;
    const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
    const describe = (n) => n.localName + (n.id ? '#' + n.id : (n.classList.length ? '.' + Array.from(n.classList).join('.') : ''));
    let el = null;
    if (spec.selector) el = document.querySelector(spec.selector);
    else if (spec.text !== undefined) {
      const want = norm(spec.text);
      const all = Array.from(document.body.querySelectorAll('*')).filter((n) => n.localName !== 'script' && n.localName !== 'style');
      const label = (n) => n.getAttribute('aria-label') || norm(n.textContent) || n.value || '';
      const interactive = 'a, button, input, select, textarea, label, [role=button], [onclick], [tabindex]';
      el = all.find((n) => n.matches(interactive) && norm(label(n)) === want) || null;
      if (!el) { const exact = all.filter((n) => norm(n.textContent) === want); el = exact.length ? exact[exact.length - 1] : null; }
    }
    if (!el) return { reason: 'not-found' };
    const info = { el, target: describe(el), checked: el.checked === true };
    // Not el.matches(':disabled'): jsdom's selector engine (nwsapi 2.2.2) matches every control inside a
    // <fieldset> that has a <legend>, disabled or not. The rule as browsers apply it:
    const disabled = (n) => {
      if (!n.matches('button, input, select, textarea, optgroup, option, fieldset')) return false;
      if (n.hasAttribute('disabled')) return true;
      const set = n.parentElement && n.parentElement.closest('fieldset[disabled]');
      if (!set) return false;
      const legend = Array.from(set.children).find((c) => c.localName === 'legend');
      return !(legend && legend.contains(n));
    };
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      if (n.hidden) return Object.assign(info, { reason: 'hidden' });
      const cs = this.window.getComputedStyle(n);
      if (cs.display === 'none') return Object.assign(info, { reason: 'display-none' });
      if (cs.opacity !== '' && parseFloat(cs.opacity) === 0) return Object.assign(info, { reason: 'opacity-zero' });
    }
    const cs = this.window.getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.visibility === 'collapse') return Object.assign(info, { reason: 'visibility-hidden' });
    if (cs.pointerEvents === 'none') return Object.assign(info, { reason: 'pointer-events-none' });
    if (disabled(el)) return Object.assign(info, { reason: 'disabled' });
    return info;
  }

  // A tap as Chromium dispatches it for a mouse: pointerdown, mousedown, (focus), pointerup, mouseup, click.
  tapElement(el) {
    const w = this.window;
    const init = { bubbles: true, cancelable: true, composed: true, view: w, button: 0, detail: 1 };
    const Pointer = w.PointerEvent || w.MouseEvent;
    const go = (Type, type, extra) => el.dispatchEvent(new Type(type, Object.assign({}, init, extra)));
    go(Pointer, 'pointerdown', { buttons: 1 });
    const down = go(w.MouseEvent, 'mousedown', { buttons: 1 });
    if (down) {
      const focusable = el.closest('a[href], button, input, select, textarea, [tabindex]');
      const active = w.document.activeElement;
      if (focusable !== active) {
        this.commit(); // a text field that loses focus after an edit fires 'change' (before 'blur', as in Chromium)
        if (focusable && !focusable.disabled) focusable.focus();
        else if (active && active !== w.document.body) active.blur();
      }
    }
    go(Pointer, 'pointerup', {});
    go(w.MouseEvent, 'mouseup', {});
    go(w.MouseEvent, 'click', {});
  }

  commit() {
    const f = this.focusValue;
    if (f && f.el.matches('input:not([type=checkbox]):not([type=radio]), textarea') && f.el.value !== f.value) {
      f.el.dispatchEvent(new this.window.Event('change', { bubbles: true }));
      f.value = f.el.value;
    }
  }

  key(el, k) {
    const w = this.window;
    const init = { bubbles: true, cancelable: true, composed: true, view: w, key: k.key, code: k.code, keyCode: k.keyCode,
      which: k.keyCode, shiftKey: !!k.shift };
    const target = el || w.document.activeElement || w.document.body;
    const down = target.dispatchEvent(new w.KeyboardEvent('keydown', init));
    if (down && k.text !== undefined && k.text !== '\r') {
      const press = target.dispatchEvent(new w.KeyboardEvent('keypress', Object.assign({}, init, { charCode: k.text.charCodeAt(0) })));
      const field = target.matches && target.matches('input, textarea') ? target : null;
      if (press && field) {
        // From the attribute: jsdom's HTMLTextAreaElement.maxLength is 0, not -1, when the attribute is absent.
        const attr = field.getAttribute('maxlength');
        const max = attr !== null && /^\d+$/.test(attr.trim()) ? Number(attr.trim()) : -1;
        const before = target.dispatchEvent(new w.InputEvent('beforeinput', { bubbles: true, cancelable: true, composed: true,
          inputType: 'insertText', data: k.text }));
        if (before && !(max >= 0 && field.value.length >= max)) {
          field.value += k.text;
          target.dispatchEvent(new w.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: k.text }));
        }
      }
    } else if (down && k.key === 'Enter') {
      target.dispatchEvent(new w.KeyboardEvent('keypress', Object.assign({}, init, { charCode: 13 })));
      if (target.matches && target.matches('input, textarea')) {
        target.dispatchEvent(new w.InputEvent('beforeinput', { bubbles: true, cancelable: true, composed: true, inputType: 'insertLineBreak' }));
      }
      // Implicit submission: the field's edit is committed ('change'), then the form's default button is
      // clicked (or the form submitted if it has none).
      if (target.localName === 'input') this.commit();
      const form = target.form;
      if (form && target.localName === 'input') {
        const button = form.querySelector('button:not([type]), button[type=submit], input[type=submit]');
        if (button) { if (!button.disabled) button.dispatchEvent(new w.MouseEvent('click', { bubbles: true, cancelable: true, view: w })); }
        else form.requestSubmit();
      }
    }
    // Key events go to the focused element of the moment (the body once the field is gone).
    const upTarget = target.isConnected ? target : (w.document.activeElement || w.document.body);
    upTarget.dispatchEvent(new w.KeyboardEvent('keyup', init));
  }

  async run(step) {
    const [name] = Object.keys(step);
    const arg = step[name];
    let outcome;
    const keyFor = require('./record-chromium').keyFor;
    switch (name) {
      case 'tap': {
        const at = this.locate(arg);
        if (at.reason) { outcome = { unreachable: at.reason, target: at.target }; break; }
        this.tapElement(at.el);
        outcome = { ok: at.target };
        break;
      }
      case 'type': {
        const at = this.locate(arg);
        if (at.reason) { outcome = { unreachable: at.reason, target: at.target }; break; }
        if (this.window.document.activeElement !== at.el) this.tapElement(at.el);
        for (const ch of Array.from(arg.text)) this.key(at.el, Object.assign({ text: ch }, keyFor(ch)));
        outcome = { ok: at.target };
        break;
      }
      case 'press': {
        const keys = { Enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' }, Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
          Tab: { key: 'Tab', code: 'Tab', keyCode: 9 }, Escape: { key: 'Escape', code: 'Escape', keyCode: 27 } };
        let el = null;
        if (arg.selector) {
          const at = this.locate(arg);
          if (at.reason) { outcome = { unreachable: at.reason, target: at.target }; break; }
          if (this.window.document.activeElement !== at.el) this.tapElement(at.el);
          el = at.el;
        }
        this.key(el, keys[arg.key]);
        outcome = { ok: arg.key };
        break;
      }
      case 'check': case 'uncheck': {
        const want = name === 'check';
        const at = this.locate(arg);
        if (at.reason === 'not-found') { outcome = { unreachable: 'not-found' }; break; }
        if (at.checked === want) { outcome = { unchanged: at.target }; break; }
        if (!at.reason) { this.tapElement(at.el); outcome = { ok: at.target }; break; }
        const label = at.el.labels && at.el.labels[0];
        if (!label || at.reason === 'disabled') { outcome = { unreachable: at.reason, target: at.target }; break; }
        this.tapElement(label);
        outcome = { ok: at.target, via: 'label' };
        break;
      }
      case 'advance':
        this.clock.advance(Math.round(arg * 1000));
        outcome = { ok: arg };
        break;
      case 'colorScheme':
        // jsdom has no matchMedia and no notion of a colour scheme.
        outcome = { unsupported: arg };
        break;
      case 'evaluate': {
        const w = this.window;
        try {
          const value = w.eval(arg);
          if (value === undefined) outcome = { ok: true, undefined: true };
          else { const json = JSON.stringify(value); outcome = { ok: true, result: json === undefined ? null : JSON.parse(json) }; }
        } catch (e) {
          outcome = { threw: (e && e.constructor && e.constructor.name) || 'Error' };
        }
        break;
      }
      default: throw new Error(`unknown step ${name}`);
    }
    await tick(); // jsdom defers link navigations by a macrotask
    return outcome;
  }
}

module.exports = { JsdomPage, ORIGIN };
