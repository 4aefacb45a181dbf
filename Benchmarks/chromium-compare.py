#!/usr/bin/env python3
"""Runs the interaction scripts of Tests/Fixtures/HTML/js/expectations.json in headless Chromium and checks that the
browser makes the bridge calls and link navigations the file expects (the same file BrowserExpectationTests runs
through OpenInApp). A recording stand-in for brazeBridge is injected before the page's own scripts; taps are
element.click(), typing is focus + keydown/keypress/input/keyup per character, advance waits on the page's timers
(Chromium's virtual time, so nothing sleeps). Links the page does not cancel are recorded and then cancelled.
Usage: python3 Benchmarks/chromium-compare.py [chromium binary]"""
import html, json, os, re, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
fixtures = os.path.join(root, "Tests", "Fixtures", "HTML", "js")
chromium = sys.argv[1] if len(sys.argv) > 1 else "chromium"

USER = ["addAlias", "addToCustomAttributeArray", "removeFromCustomAttributeArray", "addToSubscriptionGroup",
        "removeFromSubscriptionGroup", "setFirstName", "setLastName", "setEmail", "setGender", "setDateOfBirth",
        "setCountry", "setHomeCity", "setLanguage", "setPhoneNumber", "setEmailNotificationSubscriptionType",
        "setPushNotificationSubscriptionType", "setCustomUserAttribute", "incrementCustomUserAttribute",
        "setCustomLocationAttribute"]
TOP = ["closeMessage", "requestImmediateDataFlush", "logClick", "logCustomEvent", "logPurchase", "changeUser",
       "requestPushPermission"]

STUB = """<script>
(function () {
  const log = window.__oiaLog = { calls: [], navs: [] };
  const enc = (v) => {
    if (v === undefined) return 'undefined';
    if (Array.isArray(v)) return '[' + v.map(enc).join(',') + ']';
    if (v && typeof v === 'object') return '{' + Object.keys(v).filter(k => v[k] !== undefined).sort().map(k => JSON.stringify(k) + ':' + enc(v[k])).join(',') + '}';
    return JSON.stringify(v);
  };
  const rec = (path) => (...a) => { log.calls.push(path + '(' + a.map(enc).join(',') + ')'); };
  const user = {}; USER.forEach(m => user[m] = rec('getUser().' + m));
  const bridge = { getUser: () => user, web: { registerAppboyPushMessages: rec('web.registerAppboyPushMessages') } };
  TOP.forEach(m => bridge[m] = rec(m));
  window.brazeBridge = window.appboyBridge = bridge;
  window.addEventListener('load', () => setTimeout(() => window.dispatchEvent(new Event('ab.BridgeReady')), 0));
  window.addEventListener('click', (e) => {
    const a = e.target.closest && e.target.closest('a[href]');
    if (a && !e.defaultPrevented) { log.navs.push(a.href); e.preventDefault(); }
  });
})();
</script>""".replace("USER", json.dumps(USER)).replace("TOP", json.dumps(TOP))

DRIVER = """<script>
window.addEventListener('load', async () => {
  const sleep = (ms) => new Promise(r => setTimeout(r, ms));
  await sleep(0); await sleep(0);
  for (const step of STEPS) {
    if (step.tap) { const el = document.querySelector(step.tap); if (!el) __oiaLog.calls.push('MISSING ' + step.tap); else el.click(); }
    if (step.type) {
      const el = document.querySelector(step.type[0]); el.focus();
      for (const ch of step.type[1]) {
        const o = { key: ch, bubbles: true, cancelable: true };
        if (el.dispatchEvent(new KeyboardEvent('keydown', o)) && el.dispatchEvent(new KeyboardEvent('keypress', o))) {
          el.value += ch; el.dispatchEvent(new InputEvent('input', { data: ch, inputType: 'insertText', bubbles: true }));
        }
        el.dispatchEvent(new KeyboardEvent('keyup', o));
      }
    }
    if (step.advance !== undefined) await sleep(step.advance * 1000);
    await sleep(0);
  }
  const pre = document.createElement('pre'); pre.id = 'oia-log'; pre.textContent = JSON.stringify(__oiaLog);
  document.documentElement.appendChild(pre);
});
</script>"""

def run(case):
    with open(os.path.join(fixtures, case["file"]), encoding="utf-8") as f:
        page = f.read()
    page = re.sub(r"(<head[^>]*>)", lambda m: m.group(1) + STUB, page, count=1, flags=re.I)
    page = re.sub(r"(</body>)", lambda m: DRIVER.replace("STEPS", json.dumps(case["steps"])) + m.group(1), page, count=1, flags=re.I)
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as t:
        t.write(page)
    try:
        out = subprocess.run([chromium, "--headless", "--disable-gpu", "--no-sandbox", "--virtual-time-budget=60000",
                              "--dump-dom", "file://" + t.name], capture_output=True, text=True, timeout=120).stdout
    finally:
        os.unlink(t.name)
    m = re.search(r'<pre id="oia-log">(.*?)</pre>', out, re.S)
    return json.loads(html.unescape(m.group(1))) if m else None

cases = json.load(open(os.path.join(fixtures, "expectations.json")))
bad = 0
for c in cases:
    got = run(c)
    want = {"calls": c["calls"], "navs": c.get("navigations", [])}
    ok = got == want
    bad += not ok
    print(("same " if ok else "DIFF ") + c["file"] + " " + json.dumps(c["steps"]))
    if not ok:
        print("  chromium:", got, "\n  expected:", want)
print(f"{len(cases) - bad} of {len(cases)} interaction scripts: Chromium makes the expected bridge calls and navigations")
sys.exit(1 if bad else 0)
