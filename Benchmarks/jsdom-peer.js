// jsdom peer for the scripts section of openinapp-bench: per HTML message, load with scripts run to idle, then one
// tap (click on the first button), with a recording brazeBridge. Prints one JSON line per file:
// {"file", "peer": "jsdom", "median_ms", "mb_per_page"}. Usage: NODE_PATH=/usr/share/nodejs node jsdom-peer.js RUNS FILE…
const { JSDOM, VirtualConsole } = require('jsdom');
const fs = require('fs');
const runs = parseInt(process.argv[2], 10) || 20;
const quiet = new VirtualConsole();
function once(html) {
  return new Promise((resolve) => {
    let calls = 0;
    const dom = new JSDOM(html, {
      runScripts: 'dangerously', url: 'https://appboy-images.com/', virtualConsole: quiet, pretendToBeVisual: true,
      beforeParse(window) {
        const rec = () => { calls++; };
        const user = new Proxy({}, { get: () => rec });
        window.brazeBridge = window.appboyBridge = new Proxy({ getUser: () => user, web: { registerAppboyPushMessages: rec } }, { get: (t, k) => t[k] || rec });
      },
    });
    dom.window.addEventListener('load', () => {
      dom.window.dispatchEvent(new dom.window.Event('ab.BridgeReady'));
      const b = dom.window.document.querySelector('button');
      if (b) b.click();
      resolve(dom);
    });
  });
}
(async () => {
  for (const file of process.argv.slice(3)) {
    const html = fs.readFileSync(file, 'utf8');
    for (let i = 0; i < 3; i++) (await once(html)).window.close();
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t = process.hrtime.bigint();
      const dom = await once(html);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      dom.window.close();
    }
    times.sort((a, b) => a - b);
    global.gc && global.gc();
    const before = process.memoryUsage().rss;
    const live = [];
    for (let i = 0; i < 20; i++) live.push(await once(html));
    global.gc && global.gc();
    const perPage = (process.memoryUsage().rss - before) / 20 / 1e6;
    live.forEach(d => d.window.close());
    console.log(JSON.stringify({ file, peer: 'jsdom', median_ms: times[times.length >> 1], mb_per_page: perPage }));
  }
})();
