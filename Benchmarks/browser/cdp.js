'use strict';
// A small client for the Chrome DevTools Protocol over --remote-debugging-pipe (no npm packages needed).
// Used by record-chromium.js (expected records of the scripted fixtures) and peers-jsdom.js (Chromium timing).
//
//   const browser = await Chromium.launch();             // Debian's /usr/bin/chromium, new headless mode
//   const page = await browser.newPage();                // a fresh target with its own flattened session
//   await page.send('Page.enable'); page.on('Page.loadEventFired', fn);
//   await browser.close();
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

class Session {
  constructor(browser, sessionId) {
    this.browser = browser;
    this.sessionId = sessionId;
    this.listeners = new Map();
  }
  send(method, params = {}) { return this.browser.send(method, params, this.sessionId); }
  on(event, fn) {
    if (!this.listeners.has(event)) this.listeners.set(event, []);
    this.listeners.get(event).push(fn);
  }
  off(event, fn) {
    const list = this.listeners.get(event) || [];
    const i = list.indexOf(fn);
    if (i >= 0) list.splice(i, 1);
  }
  once(event, timeoutMs = 10000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this.off(event, fn); reject(new Error(`timed out waiting for ${event}`)); }, timeoutMs);
      const fn = (params) => { clearTimeout(timer); this.off(event, fn); resolve(params); };
      this.on(event, fn);
    });
  }
  emit(event, params) {
    for (const fn of [...(this.listeners.get(event) || [])]) fn(params);
    for (const fn of [...(this.listeners.get('*') || [])]) fn(event, params);
  }
}

class Chromium {
  static async launch(extraArgs = []) {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oia-chromium-'));
    const args = [
      '--headless', '--remote-debugging-pipe', '--no-first-run', '--no-default-browser-check', '--disable-gpu',
      '--disable-extensions', '--disable-background-networking', '--disable-sync', '--mute-audio', '--hide-scrollbars',
      '--disable-component-update', '--disable-default-apps', '--no-sandbox', `--user-data-dir=${userDataDir}`,
      ...extraArgs, 'about:blank',
    ];
    const proc = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    const browser = new Chromium(proc, userDataDir);
    proc.stderr.on('data', (d) => { browser.stderr += d.toString(); if (browser.stderr.length > 20000) browser.stderr = browser.stderr.slice(-10000); });
    const version = await browser.send('Browser.getVersion');
    browser.version = version.product;
    return browser;
  }

  constructor(proc, userDataDir) {
    this.proc = proc;
    this.userDataDir = userDataDir;
    this.stderr = '';
    this.nextId = 1;
    this.pending = new Map();
    this.sessions = new Map();
    this.rootListeners = [];
    this.buffer = '';
    this.writer = proc.stdio[3];
    this.reader = proc.stdio[4];
    this.reader.on('data', (chunk) => this.onData(chunk));
    proc.on('exit', (code) => {
      for (const { reject, method } of this.pending.values()) reject(new Error(`chromium exited (${code}) during ${method}`));
      this.pending.clear();
    });
  }

  onData(chunk) {
    this.buffer += chunk.toString('utf8');
    let end;
    while ((end = this.buffer.indexOf('\0')) >= 0) {
      const text = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 1);
      const msg = JSON.parse(text);
      if (msg.id !== undefined) {
        const p = this.pending.get(msg.id);
        if (!p) continue;
        this.pending.delete(msg.id);
        if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}${msg.error.data ? ' ' + msg.error.data : ''}`));
        else p.resolve(msg.result);
      } else if (msg.sessionId) {
        const s = this.sessions.get(msg.sessionId);
        if (s) s.emit(msg.method, msg.params);
      } else {
        for (const fn of this.rootListeners) fn(msg.method, msg.params);
      }
    }
  }

  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.writer.write(JSON.stringify(msg) + '\0');
    });
  }

  /// A page in a fresh browser context of its own (no storage, cookies or cache shared with other pages).
  async newPage() {
    const { browserContextId } = await this.send('Target.createBrowserContext', { disposeOnDetach: true });
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    const s = new Session(this, sessionId);
    s.targetId = targetId;
    s.browserContextId = browserContextId;
    this.sessions.set(sessionId, s);
    return s;
  }

  async closePage(session) {
    await this.send('Target.closeTarget', { targetId: session.targetId }).catch(() => {});
    await this.send('Target.disposeBrowserContext', { browserContextId: session.browserContextId }).catch(() => {});
    this.sessions.delete(session.sessionId);
  }

  async close() {
    const exited = new Promise((r) => { if (this.proc.exitCode !== null) r(); else this.proc.once('exit', r); });
    try { await Promise.race([this.send('Browser.close'), new Promise((r) => setTimeout(r, 3000))]); } catch (e) { /* already gone */ }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (this.proc.exitCode === null) { this.proc.kill('SIGKILL'); await exited; }
    fs.rmSync(this.userDataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

module.exports = { Chromium, Session };
