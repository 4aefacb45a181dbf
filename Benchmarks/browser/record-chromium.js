#!/usr/bin/env node
'use strict';
// Records what headless Chromium does when a person goes through each scripted fixture's scenarios, and writes
// Tests/Fixtures/Scripted/expected/<name>.json. Re-runnable; the output is deterministic (virtual time).
//
//   nice -n 10 node Benchmarks/browser/record-chromium.js [--check] [NAME ...]
//
// NAME is a fixture base name (braze-modal); none = every Tests/Fixtures/Scripted/*.scenario.json. --dir DIR records the
// fixtures of another folder laid out the same way (your own messages: DIR/NAME.html, DIR/NAME.scenario.json; the
// records go to DIR/expected/), which ScriptedFixtureTests checks when OPENINAPP_SCRIPTED_FIXTURES=DIR is set.
// --check records again and compares steps and records with the committed expected files instead of writing them
// (exit 1 on a difference; a difference in the input-event lists alone is reported, not failed).
// Needs Debian's `chromium` (CHROMIUM=/path overrides). Tests/Fixtures/Scripted/README.md defines each step.
const fs = require('fs');
const path = require('path');
const { Chromium } = require('./cdp');
const stubs = require('./page-stubs');

const ROOT = path.resolve(__dirname, '..', '..');
let DIR = path.join(ROOT, 'Tests', 'Fixtures', 'Scripted');
const ORIGIN = 'https://fixtures.openinapp.invalid/';
const EPOCH = 1767225600; // 2026-01-01T00:00:00Z: Date.now() in every page starts here (virtual time)
const EMIT = '__oiaEmit';

const DEFAULT_DEVICE = { width: 390, height: 844, deviceScaleFactor: 3, colorScheme: 'light' };

// US keyboard: what a key press of each printable character reports (key, code, keyCode, needs shift).
function keyFor(ch) {
  const shifted = { '!': '1', '@': '2', '#': '3', '$': '4', '%': '5', '^': '6', '&': '7', '*': '8', '(': '9', ')': '0', '_': '-', '+': '=' };
  const punct = { '-': ['Minus', 189], '=': ['Equal', 187], '.': ['Period', 190], ',': ['Comma', 188], '/': ['Slash', 191],
    ' ': ['Space', 32], "'": ['Quote', 222], ';': ['Semicolon', 186] };
  if (/[a-z]/.test(ch)) return { key: ch, code: 'Key' + ch.toUpperCase(), keyCode: ch.toUpperCase().charCodeAt(0), shift: false };
  if (/[A-Z]/.test(ch)) return { key: ch, code: 'Key' + ch, keyCode: ch.charCodeAt(0), shift: true };
  if (/[0-9]/.test(ch)) return { key: ch, code: 'Digit' + ch, keyCode: ch.charCodeAt(0), shift: false };
  if (shifted[ch]) { const base = keyFor(shifted[ch]); return { key: ch, code: base.code, keyCode: base.keyCode, shift: true }; }
  if (punct[ch]) return { key: ch, code: punct[ch][0], keyCode: punct[ch][1], shift: false };
  return { key: ch, code: '', keyCode: 0, shift: false };
}
const NAMED_KEYS = {
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
};

// In-page: find the element a step names and say whether a person could tap it, and where. Serialised.
function locate(spec, scroll) {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const describe = (n) => !n ? 'nothing' : n.localName + (n.id ? '#' + n.id : (n.classList.length ? '.' + Array.from(n.classList).join('.') : ''));
  let el = null;
  if (spec.selector) el = document.querySelector(spec.selector);
  else if (spec.labelOf) { const control = document.querySelector(spec.labelOf); el = (control && control.labels && control.labels[0]) || null; }
  else if (spec.text !== undefined) {
    const want = norm(spec.text);
    const all = Array.from(document.body.querySelectorAll('*')).filter((n) => n.localName !== 'script' && n.localName !== 'style');
    const label = (n) => n.getAttribute('aria-label') || norm(n.textContent) || n.value || '';
    const interactive = 'a, button, input, select, textarea, label, [role=button], [onclick], [tabindex]';
    el = all.find((n) => n.matches(interactive) && norm(label(n)) === want) || null;
    if (!el) { const exact = all.filter((n) => norm(n.textContent) === want); el = exact.length ? exact[exact.length - 1] : null; }
  }
  if (!el) return { reason: 'not-found' };
  const info = { target: describe(el), checked: el.checked === true };
  // What a person sees decides first: a control they cannot see is refused as hidden, whether or not it is disabled.
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
    if (n.hidden) return Object.assign(info, { reason: 'hidden' });
    const cs = getComputedStyle(n);
    if (cs.display === 'none') return Object.assign(info, { reason: 'display-none' });
    if (parseFloat(cs.opacity) === 0) return Object.assign(info, { reason: 'opacity-zero' });
  }
  const cs = getComputedStyle(el);
  if (cs.visibility !== 'visible') return Object.assign(info, { reason: 'visibility-hidden' });
  if (cs.pointerEvents === 'none') return Object.assign(info, { reason: 'pointer-events-none' });
  if (el.matches(':disabled')) return Object.assign(info, { reason: 'disabled' });
  let r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return Object.assign(info, { reason: 'zero-size' });
  if (scroll && (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)) {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    r = el.getBoundingClientRect();
  }
  // The centre of the box, else the first point of a 7x7 grid over it (row by row) where the element is on top.
  // With spec.at = [fx, fy], only that point of the box (fractions of its width and height).
  const points = [spec.at || [0.5, 0.5]];
  if (!spec.at) for (let i = 0; i < 7; i++) for (let j = 0; j < 7; j++) points.push([(j + 0.5) / 7, (i + 0.5) / 7]);
  let x, y, hit, first;
  for (const [fx, fy] of points) {
    x = Math.max(0, Math.min(innerWidth - 1, r.left + r.width * fx));
    y = Math.max(0, Math.min(innerHeight - 1, r.top + r.height * fy));
    hit = document.elementFromPoint(x, y);
    if (first === undefined) first = hit;
    if (hit && (hit === el || el.contains(hit))) break;
    hit = null;
  }
  if (!hit) return Object.assign(info, { reason: 'covered', by: describe(first) });
  return Object.assign(info, { x, y, focused: document.activeElement === el,
    label: el.labels && el.labels.length ? true : false });
}

class Recorder {
  constructor(browser) { this.browser = browser; }

  async open(fixture, scenario, device) {
    const page = await this.browser.newPage();
    this.page = page;
    this.record = [];
    this.events = [];
    this.internal = [];
    this.step = 0;
    const html = fs.readFileSync(path.join(DIR, fixture));
    const url = ORIGIN + fixture;
    let served = false;
    page.on('Runtime.bindingCalled', (p) => {
      if (p.name !== EMIT) return;
      const entry = JSON.parse(p.payload);
      if (entry.kind === 'event') { delete entry.kind; this.events.push(Object.assign({ step: this.step }, entry)); }
      else if (entry.kind === 'internal') this.internal.push(entry);
      else this.record.push(Object.assign({ step: this.step }, entry));
    });
    page.on('Page.frameRequestedNavigation', (p) => {
      this.record.push({ step: this.step, kind: 'navigation', url: p.url });
    });
    // A link to a fragment of the page (href="#", "#top") is a same-document navigation: WebKit asks the web view's
    // navigation delegate about it as about any other (the vendors' delegates see it), Chromium reports it here.
    page.on('Page.navigatedWithinDocument', (p) => {
      if (p.navigationType && p.navigationType !== 'fragment') return;   // history.pushState/replaceState ask nobody
      this.record.push({ step: this.step, kind: 'navigation', url: p.url });
    });
    // window.open(url): an in-app web view hands it to the app as a navigation (WebKit asks the web view's
    // delegates; the vendors' SDKs open the link or, for appboy://close, close the message). Chromium opens a popup
    // instead, which the page never sees; the request is recorded as the navigation the page asked for.
    page.on('Page.windowOpen', (p) => {
      this.record.push({ step: this.step, kind: 'navigation', url: p.url });
    });
    // alert/confirm/prompt: an in-app web view without a UI delegate for them returns at once (WKWebView does),
    // so the dialog is dismissed as soon as it opens (it would otherwise stop the page, and this recorder, for good).
    page.on('Page.javascriptDialogOpening', () => {
      page.send('Page.handleJavaScriptDialog', { accept: false }).catch(() => {});
    });
    page.on('Fetch.requestPaused', (p) => {
      const id = p.requestId;
      if (!served && p.request.url === url) {
        served = true;
        page.send('Fetch.fulfillRequest', { requestId: id, responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }], body: html.toString('base64') }).catch(() => {});
      } else {
        // Navigations are recorded from Page.frameRequestedNavigation; the page stays (as an in-app web view
        // that hands links to the app). Anything else is a network request: offline, like a message must be.
        const favicon = new URL(p.request.url).pathname === '/favicon.ico'; // the browser's, not the page's
        if (p.resourceType !== 'Document' && !favicon) this.record.push({ step: this.step, kind: 'request', url: p.request.url });
        page.send('Fetch.failRequest', { requestId: id, errorReason: p.resourceType === 'Document' ? 'Aborted' : 'InternetDisconnected' }).catch(() => {});
      }
    });
    await page.send('Page.enable');
    await page.send('Runtime.enable');
    await page.send('Page.setLifecycleEventsEnabled', { enabled: true });
    await page.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    await page.send('Runtime.addBinding', { name: EMIT });
    await page.send('Page.addScriptToEvaluateOnNewDocument', {
      source: stubs.source(EMIT, { braze: scenario.braze !== false, messageHandlers: scenario.messageHandlers || [] }) });
    await page.send('Emulation.setDeviceMetricsOverride', { width: device.width, height: device.height,
      deviceScaleFactor: device.deviceScaleFactor, mobile: true });
    await page.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: device.colorScheme }] });
    await page.send('Emulation.setFocusEmulationEnabled', { enabled: true });
    // Virtual time: paused except while the harness advances it, so page timers fire only on 'advance' steps and
    // Date.now() is deterministic. Loading itself needs a little virtual time: it is advanced 1 ms at a time until
    // the load event (timers due by then, such as setTimeout(fn, 0) and the first animation frame, fire during load).
    await page.send('Emulation.setVirtualTimePolicy', { policy: 'pause', initialVirtualTime: EPOCH });
    let loaded = false;
    let loaderId = null;
    page.on('Page.lifecycleEvent', (p) => { if (p.name === 'load' && p.loaderId === loaderId) loaded = true; });
    const nav = await page.send('Page.navigate', { url });
    loaderId = nav.loaderId;
    let ms = 0;
    while (!loaded) {
      if (ms >= 5000) throw new Error(`${fixture}: no load event after ${ms} ms of virtual time`);
      await this.advance(1);
      ms += 1;
    }
    this.loadVirtualMs = ms;
    // The native side announces the bridge once the page has loaded (ab.BridgeReady, dispatched on window).
    await this.evaluate(`window.${EMIT}(JSON.stringify({kind:'lifecycle', name:'ab.BridgeReady'}));
      window.dispatchEvent(new Event('ab.BridgeReady'));`);
    await this.settle();
  }

  async evaluate(expression, returnByValue = true) {
    const r = await this.page.send('Runtime.evaluate', { expression, returnByValue, awaitPromise: true, userGesture: false });
    if (r.exceptionDetails) throw new Error(`harness evaluation failed: ${JSON.stringify(r.exceptionDetails).slice(0, 300)}`);
    return r.result.value;
  }

  // A round trip through the renderer, so every entry the last action produced has arrived before the step ends.
  async settle() { await this.evaluate('0'); }

  async locate(spec) { return this.evaluate(`(${locate.toString()})(${JSON.stringify(spec)}, true)`); }

  async click(x, y) {
    const base = { x, y, button: 'left', clickCount: 1, pointerType: 'mouse' };
    await this.page.send('Input.dispatchMouseEvent', Object.assign({ type: 'mousePressed', buttons: 1 }, base));
    await this.page.send('Input.dispatchMouseEvent', Object.assign({ type: 'mouseReleased', buttons: 0 }, base));
  }

  async key(k) {
    const params = { key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, nativeVirtualKeyCode: k.keyCode,
      modifiers: k.shift ? 8 : 0 };
    if (k.text !== undefined) Object.assign(params, { text: k.text, unmodifiedText: k.text });
    await this.page.send('Input.dispatchKeyEvent', Object.assign({ type: k.text !== undefined ? 'keyDown' : 'rawKeyDown' }, params));
    await this.page.send('Input.dispatchKeyEvent', Object.assign({ type: 'keyUp' }, params));
  }

  async tap(spec) {
    const at = await this.locate(spec);
    if (at.reason) return { unreachable: at.reason, target: at.target, by: at.by };
    await this.click(at.x, at.y);
    return { ok: at.target };
  }

  async run(step) {
    const [name] = Object.keys(step);
    const arg = step[name];
    let outcome;
    switch (name) {
      case 'tap': outcome = await this.tap(arg); break;
      case 'type': {
        const at = await this.locate(arg);
        if (at.reason) { outcome = { unreachable: at.reason, target: at.target }; break; }
        if (!at.focused) await this.click(at.x, at.y);
        // The caret goes to the end of what is already there (as after a tap at the end of the text).
        await this.evaluate(`(() => { const el = document.querySelector(${JSON.stringify(arg.selector)});
          if (el && typeof el.setSelectionRange === 'function' && el.value !== undefined) { try { el.setSelectionRange(el.value.length, el.value.length); } catch (e) {} } })()`);
        for (const ch of Array.from(arg.text)) {
          const k = keyFor(ch);
          await this.key(Object.assign({ text: ch }, k));
        }
        outcome = { ok: at.target };
        break;
      }
      case 'press': {
        const k = NAMED_KEYS[arg.key];
        if (!k) throw new Error(`unknown key ${arg.key}`);
        if (arg.selector) {
          const at = await this.locate(arg);
          if (at.reason) { outcome = { unreachable: at.reason, target: at.target }; break; }
          if (!at.focused) await this.click(at.x, at.y);
        }
        await this.key(k);
        outcome = { ok: arg.key };
        break;
      }
      case 'check': case 'uncheck': {
        const want = name === 'check';
        const at = await this.locate(arg);
        if (at.reason === 'not-found') { outcome = { unreachable: 'not-found' }; break; }
        if (at.checked === want) { outcome = { unchanged: at.target }; break; }
        if (!at.reason) { await this.click(at.x, at.y); outcome = { ok: at.target }; break; }
        // A control a person cannot see is toggled through its label, as on custom-styled radios and checkboxes.
        if (at.reason === 'disabled') { outcome = { unreachable: at.reason, target: at.target }; break; }
        const tapped = await this.tap({ labelOf: arg.selector });
        if (tapped.unreachable === 'not-found') { outcome = { unreachable: at.reason, target: at.target }; break; }
        outcome = tapped.ok ? { ok: at.target, via: 'label' } : tapped;
        break;
      }
      case 'advance': {
        await this.advance(Math.round(arg * 1000));
        outcome = { ok: arg };
        break;
      }
      case 'colorScheme': {
        // The device setting changes; the browser delivers MediaQueryList 'change' events at its next rendering
        // update. Virtual time is advanced 1 ms at a time (a frame requested each time) until that delivery, so
        // the listeners' calls belong to this step. Chromium needs a variable handful of ms; fixtures keep page
        // timers away from these moments.
        if (await this.evaluate(`matchMedia('(prefers-color-scheme: dark)').matches`) === (arg === 'dark')) {
          outcome = { unchanged: arg };
          break;
        }
        this.internal = [];
        await this.page.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: arg }] });
        let ms = 0;
        for (; !this.internal.some((e) => e.name === 'colorScheme' && e.dark === (arg === 'dark')); ms++) {
          if (ms > 5000) throw new Error('the colour-scheme change never reached the page\'s listeners');
          await this.evaluate('requestAnimationFrame(function () {}), 0');
          await this.advance(1);
          await this.settle();
        }
        outcome = { ok: arg };
        break;
      }
      case 'evaluate': {
        // The app runs a script in the page (WKWebView.evaluateJavaScript, Adobe's evaluateJavascript): global
        // scope, no user gesture; its value comes back as JSON, an exception comes back to the app (the page's
        // 'error' listeners do not see it).
        const r = await this.page.send('Runtime.evaluate', { expression: arg, returnByValue: true, userGesture: false });
        if (r.exceptionDetails) {
          const ex = r.exceptionDetails.exception || {};
          outcome = { threw: ex.className || 'Error' };
        } else if (r.result.type === 'undefined') outcome = { ok: true, undefined: true };
        else outcome = { ok: true, result: r.result.value === undefined ? null : r.result.value };
        break;
      }
      default: throw new Error(`unknown step ${name}`);
    }
    await this.settle();
    return outcome;
  }

  async advance(ms) {
    const expired = this.page.once('Emulation.virtualTimeBudgetExpired', 60000);
    await this.page.send('Emulation.setVirtualTimePolicy', { policy: 'advance', budget: ms });
    await expired;
  }

  async close() { await this.browser.closePage(this.page); }
}

async function recordFixture(browser, scenarioFile) {
  const spec = JSON.parse(fs.readFileSync(scenarioFile, 'utf8'));
  const out = { fixture: spec.fixture, recordedWith: `${browser.version} headless, Benchmarks/browser/record-chromium.js`,
    scenarios: [] };
  for (const scenario of spec.scenarios) {
    const device = Object.assign({}, DEFAULT_DEVICE, spec.device || {}, scenario.device || {});
    const merged = Object.assign({ braze: spec.braze, messageHandlers: spec.messageHandlers }, scenario);
    const r = new Recorder(browser);
    await r.open(spec.fixture, merged, device);
    const outcomes = [{ step: 0, load: true }];
    for (let i = 0; i < scenario.steps.length; i++) {
      r.step = i + 1;
      const outcome = await r.run(scenario.steps[i]);
      outcomes.push(Object.assign({ step: i + 1 }, scenario.steps[i], { outcome }));
    }
    await r.close();
    out.scenarios.push({ name: scenario.name, device, steps: outcomes, record: r.record, events: r.events });
  }
  return out;
}

function format(value) {
  // One entry a line: readable diffs, stable output.
  const lines = ['{'];
  lines.push(`  "fixture": ${JSON.stringify(value.fixture)},`);
  lines.push(`  "recordedWith": ${JSON.stringify(value.recordedWith)},`);
  lines.push('  "scenarios": [');
  value.scenarios.forEach((s, si) => {
    lines.push('    {');
    lines.push(`      "name": ${JSON.stringify(s.name)},`);
    lines.push(`      "device": ${JSON.stringify(s.device)},`);
    ['steps', 'record', 'events'].forEach((key, k) => {
      const items = s[key];
      const end = k < 2 ? ',' : '';
      if (!items.length) { lines.push(`      "${key}": []${end}`); return; }
      lines.push(`      "${key}": [`);
      items.forEach((it, i) => lines.push(`        ${JSON.stringify(it)}${i < items.length - 1 ? ',' : ''}`));
      lines.push(`      ]${end}`);
    });
    lines.push(`    }${si < value.scenarios.length - 1 ? ',' : ''}`);
  });
  lines.push('  ]', '}');
  return lines.join('\n') + '\n';
}

async function main(argv) {
  const check = argv.includes('--check');
  const dirAt = argv.indexOf('--dir');
  if (dirAt >= 0) {
    if (!argv[dirAt + 1]) { console.error('--dir needs a folder'); process.exit(2); }
    DIR = path.resolve(argv[dirAt + 1]);
    argv = argv.filter((_, i) => i !== dirAt && i !== dirAt + 1);
  }
  const names = argv.filter((a) => !a.startsWith('--'));
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.scenario.json'))
    .filter((f) => !names.length || names.includes(f.replace('.scenario.json', ''))).sort();
  if (!files.length) { console.error('no scenario files matched'); process.exit(2); }
  const browser = await Chromium.launch();
  let failures = 0;
  try {
    for (const f of files) {
      const name = f.replace('.scenario.json', '');
      const result = await recordFixture(browser, path.join(DIR, f));
      const text = format(result);
      const target = path.join(DIR, 'expected', name + '.json');
      if (check) {
        // The steps' outcomes and the records must be identical; the input-event lists are documentation and
        // may differ where Chromium ties an event to a rendering update (blur of a hidden or disabled element),
        // whose timing under virtual time follows real frame production: reported, not failed.
        const old = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')) : { scenarios: [] };
        const norm = (r, key) => JSON.stringify(r.scenarios.map((s) => [s.name, s.device, s[key]]));
        const same = norm(old, 'steps') === norm(result, 'steps') && norm(old, 'record') === norm(result, 'record');
        const eventsSame = norm(old, 'events') === norm(result, 'events');
        if (!same) failures++;
        console.log(`${same ? 'same' : 'DIFFERS'} ${name}${same && !eventsSame ? ' (input events differ)' : ''}`);
      } else {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, text);
        const n = result.scenarios.reduce((a, s) => a + s.record.length, 0);
        console.log(`${name}: ${result.scenarios.length} scenarios, ${n} record entries -> ${path.relative(process.cwd(), target)}`);
      }
    }
  } finally {
    await browser.close();
  }
  process.exit(failures ? 1 : 0);
}

if (require.main === module) main(process.argv.slice(2)).catch((e) => { console.error(e.stack || String(e)); process.exit(1); });

module.exports = { Recorder, recordFixture, locate, keyFor, ORIGIN, EPOCH, EMIT, DEFAULT_DEVICE };
