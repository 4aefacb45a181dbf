#!/usr/bin/env python3
"""Records WebKit's layout of HTML pages: for every element of each page's body, its border box
(getBoundingClientRect), whether it is rendered at all (getClientRects().length), and the element elementFromPoint
finds at the box's centre; optionally a screenshot. WebKit is WebKitGTK driven by Selenium's WebKitGTK driver
(Debian `webkit2gtk-driver`) under a virtual X server (`xvfb-run`).

Installs: apt-get install webkit2gtk-driver xvfb && pip install selenium

Usage:
  xvfb-run -a python3 Benchmarks/browser/record-webkit.py --fixtures
      records the repository's own pages (Tests/Fixtures/Scripted/*.html and Tests/Fixtures/Layout/*.html) at
      390x844 into Tests/Fixtures/Layout/webkit-layout.json (LayoutTests reads it)
  xvfb-run -a python3 Benchmarks/browser/record-webkit.py PAGE.html... -o OUT.json [--width W --height H] [--shots DIR]
      records any pages (e.g. public templates in a local folder; never commit those recordings)
  xvfb-run -a python3 Benchmarks/browser/record-webkit.py DIR/NAME.html... -o OUT.json --taps [--click]
      for each selector NAME.scenario.json taps, checks or types into: the recorder's tap rule (record-chromium.js's
      `locate`: the reason a person could not tap it, or the point after scrolling it into view) run in WebKit, and
      with --click what WebDriver's element click does on a fresh load (WebKit's own in-view and obscured checks)

Each page gets a stand-in for the messaging bridges (brazeBridge/appboyBridge, WebKit message handlers) so its
scripts run, and is read `--settle` seconds (default 0.5, wall clock) after its load event. The page and the frame
around it are served from one local HTTP origin (UTF-8), so that a page's `window.top.document` is readable as in an
app's web view, where the message is the top document: a file:// frame would make the top window cross-origin, and
templates that probe it (Braze's NPS template) would take their dashboard-preview branch instead."""
import argparse, functools, http.server, json, os, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

STUBS = """
(function () {
  var noop = function () {};
  var user = new Proxy({}, { get: function () { return noop; } });
  var bridge = new Proxy({ getUser: function () { return user; }, web: {} }, {
    get: function (t, k) { return k in t ? t[k] : noop; } });
  window.brazeBridge = bridge; window.appboyBridge = bridge;
})();
"""

PROBE = """
var done = arguments[arguments.length - 1];
var settle = arguments[0];
function read() {
  var name = function (e) { return e ? e.localName + (e.id ? '#' + e.id : '') : null; };
  var all = Array.from(document.body ? document.body.querySelectorAll('*') : []);
  var out = { width: innerWidth, height: innerHeight, boxes: [], hidden: [] };
  all.forEach(function (e, index) {
    if (e.getClientRects().length === 0) { out.hidden.push({ index: index, element: name(e) }); return; }
    var r = e.getBoundingClientRect();
    var cx = r.x + r.width / 2, cy = r.y + r.height / 2;
    var inView = r.width > 0 && r.height > 0 && cx >= 0 && cy >= 0 && cx < innerWidth && cy < innerHeight;
    out.boxes.push({ index: index, element: name(e),
                     box: [r.x, r.y, r.width, r.height].map(function (v) { return Math.round(v * 10) / 10; }),
                     hit: inView ? name(document.elementFromPoint(cx, cy)) : null });
  });
  done(JSON.stringify(out));
}
function whenLoaded() { setTimeout(read, settle * 1000); }
if (document.readyState === 'complete') whenLoaded(); else window.addEventListener('load', whenLoaded);
"""


READY = """
window.addEventListener('load', function () {
  setTimeout(function () { window.dispatchEvent(new Event('ab.BridgeReady')); }, 0);
});
"""


def serve_in_frame(server, path, source, stub, width, height):
    """Writes the page (`stub` put first in its head) and a frame page holding it at width × height into the
    server's folder; returns the page's file name (the frame is NAME.frame.html)."""
    at = source.lower().find("<head>")
    page = source[:at + 6] + stub + source[at + 6:] if at >= 0 else stub + source
    name = os.path.basename(path)
    with open(os.path.join(server.folder, name), "w", encoding="utf-8") as f:
        f.write(page)
    with open(os.path.join(server.folder, name + ".frame.html"), "w", encoding="utf-8") as f:
        f.write('<!doctype html><html><body style="margin:0"><iframe id="oia-frame" src="%s" '
                'style="border:0;display:block;width:%dpx;height:%dpx"></iframe></body></html>' % (name, width, height))
    return name


def driver(width, height):
    from selenium import webdriver
    d = webdriver.WebKitGTK(options=webdriver.WebKitGTKOptions())
    d.set_script_timeout(30)
    # GTK windows are at least 447 px wide and the browser's toolbar takes some height: pages are loaded into an
    # iframe of exactly the viewport asked for, in a window large enough to hold it.
    d.set_window_size(max(width, 500) + 40, height + 120)
    return d


class Server:
    """Serves one temporary folder on 127.0.0.1 (a free port) from a background thread."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="oia-webkit-")

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".html": "text/html; charset=utf-8"}

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=self.folder))
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.origin = "http://127.0.0.1:%d/" % self.httpd.server_address[1]

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        os.rmdir(self.folder)


def screenshot(d, shot):
    """The frame's picture, cut from a screenshot of the whole window: WebKitGTK's element screenshot leaves a black
    band at the top of a frame (≈ 84 px at 390 x 844) where the window shows the page. Without Pillow, the element's."""
    from selenium.webdriver.common.by import By
    try:
        import io
        from PIL import Image
    except ImportError:
        d.find_element(By.ID, "oia-frame").screenshot(shot)
        return
    x, y, w, h = d.execute_script("var r = document.getElementById('oia-frame').getBoundingClientRect();"
                                  "return [r.x, r.y, r.width, r.height];")
    window = Image.open(io.BytesIO(d.get_screenshot_as_png()))
    window.crop((round(x), round(y), round(x + w), round(y + h))).save(shot)


def record(d, server, path, settle, width, height, shot=None, assets_beside=False, bridge_ready=False):
    """The page's layout (and with `shot`, a screenshot of it), served by `server`. `assets_beside`: relative URLs
    resolve against the page's own folder (linked into the server's folder; a <base> element first in <head>), so
    WebKit loads the images `iam render --html` finds. `bridge_ready`: the window gets Braze's `ab.BridgeReady` event
    after load, as the SDK (and our page) sends it."""
    from selenium.webdriver.common.by import By
    with open(path, encoding="utf-8") as f:
        source = f.read()
    # The bridge stand-ins must exist before the page's own scripts: put them first in <head> (or the document).
    # A message's HTML reaches the web view as a string (UTF-8), not as a file WebKit would read as windows-1252
    # when the page declares no charset: the declaration goes first.
    stub = '<meta charset="utf-8"><script>' + STUBS + (READY if bridge_ready else "") + "</script>"
    link = None
    if assets_beside:
        link = os.path.join(server.folder, "assets-%d" % len(os.listdir(server.folder)))
        os.symlink(os.path.dirname(os.path.abspath(path)), link)
        stub = '<base href="%s%s/">' % (server.origin, os.path.basename(link)) + stub
    name = serve_in_frame(server, path, source, stub, width, height)
    try:
        d.get(server.origin + name + ".frame.html")
        d.switch_to.frame(d.find_element(By.ID, "oia-frame"))
        result = json.loads(d.execute_async_script(PROBE, settle))
        d.switch_to.default_content()
        if shot:
            screenshot(d, shot)
    finally:
        os.unlink(os.path.join(server.folder, name))
        os.unlink(os.path.join(server.folder, name + ".frame.html"))
        if link:
            os.unlink(link)
    return result


def locate_source():
    """The recorder's in-page `locate` (record-chromium.js): the one definition of where a tap lands and why a person
    could not tap an element (Tests/Fixtures/Scripted/README.md)."""
    import re
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "record-chromium.js"), encoding="utf-8") as f:
        js = f.read()
    return re.search(r"^function locate\(spec, scroll\) \{.*?^\}$", js, re.S | re.M).group(0)


TAP_PROBE = """
var done = arguments[arguments.length - 1];
var settle = arguments[0], specs = arguments[1];
%s
function read() {
  var out = specs.map(function (spec) {
    window.scrollTo(0, 0);
    var r = locate(spec, true);
    var el = spec.selector ? document.querySelector(spec.selector) : null;
    if (el) { var b = el.getBoundingClientRect(); r.box = [b.x, b.y, b.width, b.height].map(function (v) { return Math.round(v * 10) / 10; }); }
    r.scrollY = window.scrollY; r.scrollX = window.scrollX;
    window.scrollTo(0, 0);
    return r;
  });
  done(JSON.stringify(out));
}
function whenLoaded() { setTimeout(read, settle * 1000); }
if (document.readyState === 'complete') whenLoaded(); else window.addEventListener('load', whenLoaded);
"""


def taps(d, server, path, settle, width, height, selectors, click=False):
    """For each selector, what WebKit says of a tap on it: the recorder's `locate` run in WebKit (the reason a person
    could not tap it, or the point and what is on top there, after scrolling it into view as the recorder does), and
    with `click`, what WebDriver's element click does on a fresh load (WebKit's own in-view and obscured checks:
    "ok", or the error's name)."""
    from selenium.webdriver.common.by import By
    with open(path, encoding="utf-8") as f:
        source = f.read()
    stub = '<meta charset="utf-8"><script>' + STUBS + READY + "</script>"
    name = serve_in_frame(server, path, source, stub, width, height)
    try:
        d.get(server.origin + name + ".frame.html")
        d.switch_to.frame(d.find_element(By.ID, "oia-frame"))
        specs = [{"selector": s} for s in selectors]
        result = json.loads(d.execute_async_script(TAP_PROBE % locate_source(), settle, specs))
        d.switch_to.default_content()
        if click:
            for entry, selector in zip(result, selectors):
                d.get(server.origin + name + ".frame.html")
                d.switch_to.frame(d.find_element(By.ID, "oia-frame"))
                time.sleep(settle)
                try:
                    d.find_element(By.CSS_SELECTOR, selector).click()
                    entry["webdriverClick"] = "ok"
                except Exception as e:   # the WebDriver error's name is WebKit's answer
                    entry["webdriverClick"] = type(e).__name__
                d.switch_to.default_content()
    finally:
        os.unlink(os.path.join(server.folder, name))
        os.unlink(os.path.join(server.folder, name + ".frame.html"))
    return [dict(selector=s, **r) for s, r in zip(selectors, result)]


def scenario_selectors(page):
    """The selectors a page's NAME.scenario.json taps, checks or types into, in order, once each."""
    scenario = os.path.splitext(page)[0] + ".scenario.json"
    if not os.path.exists(scenario):
        return []
    with open(scenario, encoding="utf-8") as f:
        data = json.load(f)
    out = []
    for sc in data.get("scenarios", []):
        for step in sc.get("steps", []):
            for kind in ("tap", "check", "uncheck", "type"):
                sel = step.get(kind, {}).get("selector") if isinstance(step.get(kind), dict) else None
                if sel and sel not in out:
                    out.append(sel)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages", nargs="*")
    ap.add_argument("--fixtures", action="store_true")
    ap.add_argument("-o", "--out")
    ap.add_argument("--width", type=int, default=390)
    ap.add_argument("--height", type=int, default=844)
    ap.add_argument("--settle", type=float, default=0.5)
    ap.add_argument("--shots", help="folder for one PNG screenshot per page")
    ap.add_argument("--taps", action="store_true", help="instead of boxes, what WebKit says of a tap on each selector "
                    "the page's NAME.scenario.json taps (the recorder's rule run in WebKit)")
    ap.add_argument("--click", action="store_true", help="with --taps, also WebDriver's element click on a fresh load")
    a = ap.parse_args()
    pages = list(a.pages)
    out = a.out
    if a.fixtures:
        for folder in ("Scripted", "Layout"):
            base = os.path.join(ROOT, "Tests", "Fixtures", folder)
            pages += [os.path.join(base, n) for n in sorted(os.listdir(base)) if n.endswith(".html")]
        out = out or os.path.join(ROOT, "Tests", "Fixtures", "Layout", "webkit-layout.json")
    if not pages or not out:
        ap.error("give pages and -o OUT.json, or --fixtures")
    if a.shots:
        os.makedirs(a.shots, exist_ok=True)
    d = driver(a.width, a.height)
    server = Server()
    result = {}
    try:
        for p in pages:
            name = os.path.splitext(os.path.basename(p))[0]
            if a.taps:
                result[name] = taps(d, server, p, a.settle, a.width, a.height, scenario_selectors(p), a.click)
                for t in result[name]:
                    print(name, t["selector"], t.get("reason") or "at (%s, %s)" % (t.get("x"), t.get("y")),
                          t.get("webdriverClick", ""), file=sys.stderr)
                continue
            shot = os.path.join(a.shots, name + ".png") if a.shots else None
            result[name] = record(d, server, p, a.settle, a.width, a.height, shot)
            print(name, len(result[name]["boxes"]), "boxes,", len(result[name]["hidden"]), "not rendered", file=sys.stderr)
    finally:
        d.quit()
        server.close()
    with open(out, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    if a.taps:
        print("recorded", sum(len(v) for v in result.values()), "taps of", len(result), "pages into", out)
        return
    print("recorded", sum(len(v["boxes"]) for v in result.values()), "boxes of", len(result), "pages into", out)


if __name__ == "__main__":
    main()
