#!/usr/bin/env node
'use strict';
/*
Peer baselines for the scripted-message benchmark (issue 20): jsdom, and headless Chromium as a reference.

  NODE_PATH=/usr/share/nodejs nice -n 10 node --expose-gc Benchmarks/peers-jsdom.js [--runs N] [--live K]
      [--peers jsdom,chromium] FILE...

Per file and peer, one sample is: load the HTML with its scripts running, run to idle (the load event, then
ab.BridgeReady dispatched on window as the Braze SDK does, then one macrotask turn so the handlers' follow-ups
run), then one tap on the fixture's primary button (the "primary" selector of Tests/Fixtures/Scripted/
NAME.scenario.json; for other files the first enabled button or link), then one more macrotask turn.
  jsdom:    new JSDOM(html, {runScripts: 'dangerously', pretendToBeVisual: true}) with the bridge stubs of
            Benchmarks/browser/page-stubs.js installed before parsing (no recording); the tap is the pointer and
            mouse event sequence dispatched on the element (jsdom has no layout). Real jsdom timers.
            Closing the window is outside the timing.
  chromium: Debian's chromium, new headless mode, over the DevTools protocol (one browser for the run). A page
            (target) is created and prepared (stubs, request interception) before the clock starts; timed are
            Page.navigate -> load event -> ab.BridgeReady -> Input.dispatchMouseEvent press/release at the
            primary button -> a round trip to the renderer. Real time (no virtual time). Wall time as the
            client sees it, so it includes the protocol round trips (about 10 of them).
Medians of N runs (default 7) after 2 warm-ups; each run repeats the cycle enough times to last at least 20 ms.
Memory: K live pages (default 20), each loaded and tapped and kept open. jsdom: in a fresh Node process, the
growth of its resident set and of the V8 heap after a full GC, divided by K ("mb_per_page", "heap_mb_per_page").
Chromium: the growth of the proportional set size (PSS) of the browser and all its processes, divided by K
(each page has its own browser context, hence its own renderer process, as each message has its own web view).
Prints one JSON object a line, as Benchmarks/peers.py does:
  {"file", "peer": "jsdom"|"chromium", "bytes", "median_s", "min_s", "max_s", "samples", "reps", "interactive",
   "mb_per_page", "heap_mb_per_page"}
"interactive" counts a, button, [onclick], form, input, select, textarea in the live DOM after the scripts ran.
*/
const fs = require('fs');
const path = require('path');
try { require.resolve('jsdom'); } catch (e) { // Debian's node-jsdom and its dependencies live in /usr/share/nodejs
  process.env.NODE_PATH = ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(path.delimiter);
  require('module').Module._initPaths();
}

const INTERACTIVE = 'a, button, [onclick], form, input, select, textarea';
const SCRIPTED = path.resolve(__dirname, '..', 'Tests', 'Fixtures', 'Scripted');

function fixtureSpec(file) {
  const scenario = path.join(SCRIPTED, path.basename(file).replace(/\.html$/, '.scenario.json'));
  if (fs.existsSync(scenario)) {
    const spec = JSON.parse(fs.readFileSync(scenario, 'utf8'));
    return { primary: spec.primary, braze: spec.braze !== false, messageHandlers: spec.messageHandlers || [] };
  }
  return { primary: 'button:not([disabled]), a[href], [onclick]', braze: true, messageHandlers: [] };
}

const now = () => Number(process.hrtime.bigint()) / 1e9;
const turn = () => new Promise((r) => setImmediate(r));

async function timed(cycle, runs) {
  for (let i = 0; i < 2; i++) await cycle();
  let reps = 1;
  for (;;) { // a repetition count that lasts >= 20 ms, for clock resolution
    let t = 0;
    for (let i = 0; i < reps; i++) t += await cycle();
    if (t >= 0.02) break;
    reps *= 2;
  }
  const samples = [];
  for (let r = 0; r < runs; r++) {
    let t = 0;
    for (let i = 0; i < reps; i++) t += await cycle();
    samples.push(t / reps);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], min: samples[0], max: samples[samples.length - 1], reps, samples: samples.length };
}

// ---- jsdom

function jsdomPeer() {
  const { JSDOM, VirtualConsole } = require('jsdom');
  const stubs = require('./browser/page-stubs');
  const quiet = new VirtualConsole(); // page console output and jsdom's "not implemented" notices are dropped

  async function live(html, url, spec) {
    let loaded;
    const done = new Promise((r) => { loaded = r; });
    const dom = new JSDOM(html, { url, runScripts: 'dangerously', pretendToBeVisual: true, virtualConsole: quiet,
      beforeParse(window) {
        stubs.install(window, () => {}, { braze: spec.braze, messageHandlers: spec.messageHandlers, bridgeMethods: stubs.BRIDGE_METHODS,
          userMethods: stubs.USER_METHODS, inputEvents: [] });
        window.addEventListener('load', () => loaded());
      } });
    await done;
    const w = dom.window;
    w.dispatchEvent(new w.Event('ab.BridgeReady'));
    await turn();
    const el = w.document.querySelector(spec.primary);
    if (el) {
      const init = { bubbles: true, cancelable: true, composed: true, view: w, button: 0, detail: 1 };
      const Pointer = w.PointerEvent || w.MouseEvent;
      el.dispatchEvent(new Pointer('pointerdown', init));
      if (el.dispatchEvent(new w.MouseEvent('mousedown', init)) && typeof el.focus === 'function') el.focus();
      el.dispatchEvent(new Pointer('pointerup', init));
      el.dispatchEvent(new w.MouseEvent('mouseup', init));
      el.dispatchEvent(new w.MouseEvent('click', init));
    }
    await turn();
    return { w, tapped: !!el };
  }

  return {
    name: 'jsdom',
    async measure(file, runs, liveCount) {
      const html = fs.readFileSync(file, 'utf8');
      const url = 'https://fixtures.openinapp.invalid/' + path.basename(file);
      const spec = fixtureSpec(file);
      const first = await live(html, url, spec);
      const interactive = first.w.document.querySelectorAll(INTERACTIVE).length;
      if (!first.tapped) console.error(`${file}: jsdom found no element for ${spec.primary}`);
      first.w.close();
      const t = await timed(async () => {
        const t0 = now();
        const { w } = await live(html, url, spec);
        const t1 = now();
        w.close();
        return t1 - t0;
      }, runs);
      // Memory per live page, in a fresh process (a process that has just run the timing loop has resident
      // memory to spare, which would hide the pages' growth).
      const { execFileSync } = require('child_process');
      const out = execFileSync(process.execPath, ['--expose-gc', __filename, '--memory-child', String(liveCount), file],
        { env: process.env, encoding: 'utf8' });
      const m = JSON.parse(out);
      return Object.assign(t, { interactive, mbPerPage: m.rss, heapMbPerPage: m.heap });
    },
    async memoryChild(file, liveCount) {
      const html = fs.readFileSync(file, 'utf8');
      const url = 'https://fixtures.openinapp.invalid/' + path.basename(file);
      const spec = fixtureSpec(file);
      const gc = global.gc || (() => {});
      (await live(html, url, spec)).w.close(); // the modules' own first-use allocations are not the page's
      for (let i = 0; i < 3; i++) { gc(); await turn(); }
      const before = process.memoryUsage();
      const pages = [];
      for (let i = 0; i < liveCount; i++) pages.push((await live(html, url, spec)).w);
      for (let i = 0; i < 3; i++) { gc(); await turn(); }
      const after = process.memoryUsage();
      console.log(JSON.stringify({ rss: (after.rss - before.rss) / liveCount / 1e6, heap: (after.heapUsed - before.heapUsed) / liveCount / 1e6 }));
      pages.forEach((w) => w.close());
      process.exit(0);
    },
    async close() {},
  };
}

// ---- Chromium

/// Bytes of PSS of process `root` and its descendants (Linux /proc; 0 where unreadable).
function familyPss(root) {
  const parent = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch (e) { /* gone */ }
  }
  const inFamily = (pid) => { for (let p = pid, n = 0; p > 1 && n < 64; p = parent.get(p), n++) if (p === root) return true; return false; };
  let total = 0;
  for (const pid of parent.keys()) {
    if (!inFamily(pid)) continue;
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch (e) { /* gone or not readable */ }
  }
  return total;
}

async function chromiumPeer() {
  const { Chromium } = require('./browser/cdp');
  const stubs = require('./browser/page-stubs');
  const { locate } = require('./browser/record-chromium');
  const browser = await Chromium.launch();

  async function prepared(html, url, spec) {
    const page = await browser.newPage();
    const blank = new URL('blank.html', url).href;
    let served = false;
    page.on('Fetch.requestPaused', (p) => {
      const body = p.request.url === blank ? Buffer.from('<!DOCTYPE html><title>blank</title>') : (!served && p.request.url === url ? html : null);
      if (body) {
        if (body === html) served = true;
        page.send('Fetch.fulfillRequest', { requestId: p.requestId, responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }], body: body.toString('base64') }).catch(() => {});
      } else {
        page.send('Fetch.failRequest', { requestId: p.requestId, errorReason: 'Aborted' }).catch(() => {});
      }
    });
    await page.send('Page.enable');
    await page.send('Page.setLifecycleEventsEnabled', { enabled: true });
    await page.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    await page.send('Runtime.addBinding', { name: '__oiaEmit' });
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: stubs.source('__oiaEmit', { braze: spec.braze,
      messageHandlers: spec.messageHandlers, inputEvents: [] }) });
    await page.send('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 3, mobile: true });
    // A warm web view: an empty page of the same origin is loaded first, so the timed navigation reuses its
    // renderer process (a cross-site navigation would start a new one).
    await cycle(page, blank, null);
    return page;
  }

  async function cycle(page, url, spec) {
    let loaderId = null;
    let fired = false;
    let resolveLoad;
    const loaded = new Promise((r) => { resolveLoad = r; });
    const onLife = (p) => { if (p.name === 'load' && (loaderId === null || p.loaderId === loaderId)) { fired = true; resolveLoad(); } };
    page.on('Page.lifecycleEvent', onLife);
    const nav = await page.send('Page.navigate', { url });
    loaderId = nav.loaderId;
    if (!fired) await loaded;
    page.off('Page.lifecycleEvent', onLife);
    const ev = (expression) => page.send('Runtime.evaluate', { expression, returnByValue: true });
    if (!spec) return true;
    await ev(`window.dispatchEvent(new Event('ab.BridgeReady')); 0`);
    const at = (await ev(`(${locate.toString()})(${JSON.stringify({ selector: spec.primary })}, true)`)).result.value;
    if (at && !at.reason) {
      const base = { x: at.x, y: at.y, button: 'left', clickCount: 1 };
      await page.send('Input.dispatchMouseEvent', Object.assign({ type: 'mousePressed', buttons: 1 }, base));
      await page.send('Input.dispatchMouseEvent', Object.assign({ type: 'mouseReleased', buttons: 0 }, base));
    }
    await ev('0');
    return at && !at.reason;
  }

  return {
    name: 'chromium',
    async measure(file, runs, liveCount) {
      const html = fs.readFileSync(file);
      const url = 'https://fixtures.openinapp.invalid/' + path.basename(file);
      const spec = fixtureSpec(file);
      let interactive = null;
      {
        const page = await prepared(html, url, spec);
        if (!(await cycle(page, url, spec))) console.error(`${file}: chromium could not tap ${spec.primary}`);
        await page.send('Runtime.enable');
        const r = await page.send('Runtime.evaluate', { expression: `document.querySelectorAll(${JSON.stringify(INTERACTIVE)}).length`, returnByValue: true });
        interactive = r.result.value;
        await browser.closePage(page);
      }
      const t = await timed(async () => {
        const page = await prepared(html, url, spec);
        const t0 = now();
        await cycle(page, url, spec);
        const t1 = now();
        await browser.closePage(page);
        return t1 - t0;
      }, runs);
      // Memory per live page: K pages loaded and tapped, kept open; the growth of the proportional set size
      // (PSS, shared pages split among their users) of the browser and all its child processes, divided by K.
      const pss = () => familyPss(browser.proc.pid);
      const before = pss();
      const pages = [];
      for (let i = 0; i < liveCount; i++) { const page = await prepared(html, url, spec); await cycle(page, url, spec); pages.push(page); }
      await new Promise((r) => setTimeout(r, 500));
      const after = pss();
      for (const page of pages) await browser.closePage(page);
      return Object.assign(t, { interactive, mbPerPage: (after - before) / liveCount / 1e6, heapMbPerPage: null });
    },
    async close() { await browser.close(); },
  };
}

async function main(argv) {
  let runs = 7, liveCount = 20, peers = ['jsdom', 'chromium'];
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--memory-child') { await jsdomPeer().memoryChild(argv[i + 2], Number(argv[i + 1])); return; }
    if (argv[i] === '--runs') runs = Number(argv[++i]);
    else if (argv[i] === '--live') liveCount = Number(argv[++i]);
    else if (argv[i] === '--peers') peers = argv[++i].split(',');
    else if (argv[i] === '--help' || argv[i] === '-h') { console.log(fs.readFileSync(__filename, 'utf8').split('*/')[0].replace('/*', '').trim()); return; }
    else files.push(argv[i]);
  }
  if (!files.length) { console.error('usage: peers-jsdom.js [--runs N] [--live K] [--peers jsdom,chromium] FILE...'); process.exit(2); }
  const made = [];
  if (peers.includes('jsdom')) made.push(jsdomPeer());
  if (peers.includes('chromium')) made.push(await chromiumPeer());
  try {
    for (const file of files) {
      const bytes = fs.statSync(file).size;
      for (const peer of made) {
        const r = await peer.measure(file, runs, liveCount);
        const round = (v) => (v === null ? null : Math.round(v * 1000) / 1000);
        console.log(JSON.stringify({ file, peer: peer.name, bytes, median_s: r.median, min_s: r.min, max_s: r.max, samples: r.samples,
          reps: r.reps, interactive: r.interactive, mb_per_page: round(r.mbPerPage), heap_mb_per_page: round(r.heapMbPerPage) }));
      }
    }
  } finally {
    for (const peer of made) await peer.close();
  }
}

main(process.argv.slice(2)).catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
