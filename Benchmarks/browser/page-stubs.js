'use strict';
// The recording layer installed into a fixture page before any of its own scripts run, identically in headless
// Chromium (Page.addScriptToEvaluateOnNewDocument) and in jsdom (beforeParse). It plays the part of the native
// host: the Braze bridge (brazeBridge, with appboyBridge the same object, getUser() chain included), WebKit's
// script message handlers, and it writes every call, console line, script error, lifecycle point and the
// user-input events a person's actions caused into one ordered stream through `emit(JSON string)`.
//
// What it emits (one object per entry, in order):
//   {kind: 'bridgeCall', method: 'getUser().setEmail', arguments: [...]}   arguments as JSON.stringify gives them
//   {kind: 'handlerPost', handler: 'buttonClicked', body: ...}             body as JSON (undefined -> null)
//   {kind: 'console', level: 'log'|'info'|'warn'|'error'|'debug', text}    arguments joined by one space
//   {kind: 'error', name, message, line, column}                           an uncaught exception (window 'error')
//   {kind: 'lifecycle', name: 'DOMContentLoaded'|'load'}                  before the page's own listeners run
//   {kind: 'event', type, target, trusted[, key][, value|checked]}         input events, for the 'events' list
// Navigations are added by the harness (Chromium: Page.frameRequestedNavigation; jsdom: its navigate hook).

// Bridge methods the fixtures may call: the documented Braze HTML bridge (Sources/InAppContent/Script.swift,
// BridgeCall.knownPaths).
const BRIDGE_METHODS = ['closeMessage', 'requestImmediateDataFlush', 'logClick', 'logCustomEvent', 'logPurchase',
  'changeUser', 'requestPushPermission'];
const USER_METHODS = ['addAlias', 'addToCustomAttributeArray', 'removeFromCustomAttributeArray', 'addToSubscriptionGroup',
  'removeFromSubscriptionGroup', 'setFirstName', 'setLastName', 'setEmail', 'setGender', 'setDateOfBirth', 'setCountry',
  'setHomeCity', 'setLanguage', 'setPhoneNumber', 'setEmailNotificationSubscriptionType',
  'setPushNotificationSubscriptionType', 'setCustomUserAttribute', 'incrementCustomUserAttribute',
  'setCustomLocationAttribute'];
// Events logged (capture phase on window, so before any page listener) to show what a step dispatched.
const INPUT_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'focus', 'blur', 'keydown',
  'keypress', 'beforeinput', 'input', 'keyup', 'change', 'submit', 'touchstart', 'touchend'];

// The page-side function. It is serialised with Function.prototype.toString, so it must stay self-contained.
function install(win, emit, options) {
  const json = (v) => {
    try { const s = JSON.stringify(v); return s === undefined ? null : JSON.parse(s); } catch (e) { return String(v); }
  };
  const send = (entry) => { try { emit(JSON.stringify(entry)); } catch (e) { /* the harness is gone */ } };
  const call = (method) => function () { send({ kind: 'bridgeCall', method, arguments: json(Array.prototype.slice.call(arguments)) }); };

  const user = {};
  options.userMethods.forEach((m) => { user[m] = call('getUser().' + m); });
  const bridge = { getUser: () => user, web: { registerAppboyPushMessages: call('web.registerAppboyPushMessages') } };
  options.bridgeMethods.forEach((m) => { bridge[m] = call(m); });
  if (options.braze) { win.brazeBridge = bridge; win.appboyBridge = bridge; }

  const handlers = {};
  (options.messageHandlers || []).forEach((name) => {
    handlers[name] = { postMessage: (body) => send({ kind: 'handlerPost', handler: name, body: json(body) }) };
  });
  win.webkit = { messageHandlers: handlers };

  const text = (v) => {
    if (typeof v === 'string') return v;
    if (v === null || typeof v !== 'object') return String(v);
    if (v instanceof win.Error) return v.name + ': ' + v.message;   // as a browser's console shows an error (DOMException too)
    try { return JSON.stringify(v); } catch (e) { return String(v); }
  };
  ['log', 'info', 'warn', 'error', 'debug'].forEach((level) => {
    const original = win.console[level];
    win.console[level] = function () {
      send({ kind: 'console', level, text: Array.prototype.map.call(arguments, text).join(' ') });
      return original.apply(this, arguments);
    };
  });

  win.addEventListener('error', (e) => {
    // Uncaught exceptions are dispatched at the window; a script, stylesheet or image that failed to load fires
    // 'error' at its element, which this capturing listener sees too: those are the record's requests, not errors.
    if (e.target !== win) return;
    const error = e.error;
    send({ kind: 'error', name: error && error.name ? error.name : 'Error', message: String(e.message),
      line: e.lineno, column: e.colno });
  }, true);
  // Tells the harness when the browser has delivered a colour-scheme change to MediaQueryList listeners (this
  // listener is registered before any of the page's, so it runs first in the same delivery).
  if (typeof win.matchMedia === 'function') {
    win.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (e) => send({ kind: 'internal', name: 'colorScheme', dark: e.matches }));
  }
  win.document.addEventListener('DOMContentLoaded', () => send({ kind: 'lifecycle', name: 'DOMContentLoaded' }));
  win.addEventListener('load', () => send({ kind: 'lifecycle', name: 'load' }));

  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node === win ? 'window' : (node && node.nodeType === 9 ? 'document' : String(node));
    let s = node.localName;
    if (node.id) s += '#' + node.id;
    else if (node.classList && node.classList.length) s += '.' + Array.prototype.join.call(node.classList, '.');
    return s;
  };
  options.inputEvents.forEach((type) => {
    win.addEventListener(type, (e) => {
      const entry = { kind: 'event', type, target: describe(e.target), trusted: e.isTrusted };
      if (type.startsWith('key')) entry.key = e.key;
      if ((type === 'input' || type === 'change') && e.target && 'value' in e.target) {
        const t = e.target;
        if (t.type === 'checkbox' || t.type === 'radio') entry.checked = t.checked; else entry.value = t.value;
      }
      send(entry);
    }, true);
  });
}

/// The script text that installs the layer, for a page that calls `emitName(string)` to deliver entries.
function source(emitName, options) {
  const opts = Object.assign({ braze: true, messageHandlers: [], bridgeMethods: BRIDGE_METHODS, userMethods: USER_METHODS,
    inputEvents: INPUT_EVENTS }, options);
  return `(${install.toString()})(window, function (s) { window[${JSON.stringify(emitName)}](s); }, ${JSON.stringify(opts)});`;
}

module.exports = { source, install, BRIDGE_METHODS, USER_METHODS, INPUT_EVENTS };
