#!/usr/bin/env python3
"""WebKit's time to load and lay out a page, and to lay it out again, for the layout section of Benchmarks/run
(the peer of `openinapp-bench --only layout`). WebKit is WebKitGTK driven by Selenium's WebKitGTK driver under a
virtual X server, as Benchmarks/browser/record-webkit.py drives it (same viewport, same bridge stand-ins).

Installs: apt-get install webkit2gtk-driver xvfb && pip install selenium

Usage:
  xvfb-run -a python3 Benchmarks/browser/webkit-layout-time.py PAGE.html... [--runs N] > webkit-layout.jsonl

Prints one JSON line per page: {"file", "load_ms", "load_min_ms", "load_max_ms", "relayout_ms"}.
- load_ms: the page loaded into an iframe of 390 x 844, from the frame's navigation start to its load event with a
  layout forced there (document.body.offsetHeight): fetching the local file, parsing, running its scripts, style and
  layout, as `performance.now()` inside the frame reads it. Median of --runs loads after one warm-up load.
- relayout_ms: the loaded page's style and layout again from nothing: body set to display:none, layout forced, then
  display restored and layout forced; the median over --runs batches of 20 (WebKit's clock is coarse, so a batch
  is timed and divided).
Wall-clock figures of a shared machine: compare them with ours measured minutes apart, not across days."""
import argparse, importlib.util, json, os, statistics, sys

# Put first in the page: at its load event (before the page's own load listeners) force a layout and note the time
# since the frame's navigation started.
MARK = """
window.addEventListener('load', function () {
  document.body && document.body.offsetHeight;
  window.__oiaLoaded = performance.now();
});
"""

WAIT = """
var done = arguments[arguments.length - 1];
(function poll() { if (window.__oiaLoaded !== undefined) done(window.__oiaLoaded); else setTimeout(poll, 10); })();
"""

RELAYOUT = """
var runs = arguments[0], batch = arguments[1];
var w = window, body = document.body;
var times = [];
for (var r = 0; r <= runs; r++) {
  var t0 = w.performance.now();
  for (var i = 0; i < batch; i++) {
    body.style.display = 'none'; body.offsetHeight;
    body.style.display = ''; body.offsetHeight;
  }
  times.push((w.performance.now() - t0) / batch);
}
return JSON.stringify(times.slice(1));
"""


def load_recorder():
    spec = importlib.util.spec_from_file_location("record_webkit", os.path.join(os.path.dirname(os.path.abspath(__file__)), "record-webkit.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages", nargs="+")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--width", type=int, default=390)
    ap.add_argument("--height", type=int, default=844)
    a = ap.parse_args()
    from selenium.webdriver.common.by import By
    recorder = load_recorder()
    d = recorder.driver(a.width, a.height)
    d.set_script_timeout(30)
    try:
        for path in a.pages:
            with open(path, encoding="utf-8") as f:
                source = f.read()
            stub = '<base href="file://%s/"><script>%s%s</script>' % (os.path.dirname(os.path.abspath(path)), recorder.STUBS, MARK)
            at = source.lower().find("<head>")
            page = source[:at + 6] + stub + source[at + 6:] if at >= 0 else stub + source
            tmp = os.path.join("/tmp", "oia-webkit-time-%d-%s" % (os.getpid(), os.path.basename(path)))
            holder = tmp + ".holder.html"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(page)
            with open(holder, "w", encoding="utf-8") as f:
                f.write('<!doctype html><html><body style="margin:0"><iframe id="oia-frame" src="file://%s" '
                        'style="border:0;display:block;width:%dpx;height:%dpx"></iframe></body></html>' % (tmp, a.width, a.height))
            try:
                loads = []
                for run in range(a.runs + 1):
                    d.get("file://" + holder)
                    d.switch_to.frame(d.find_element(By.ID, "oia-frame"))
                    loads.append(float(d.execute_async_script(WAIT)))
                    if run < a.runs:
                        d.switch_to.default_content()
                loads = loads[1:]
                relayouts = json.loads(d.execute_script(RELAYOUT, a.runs, 20))
            finally:
                os.unlink(tmp)
                os.unlink(holder)
            print(json.dumps({"file": path, "load_ms": statistics.median(loads), "load_min_ms": min(loads),
                              "load_max_ms": max(loads), "relayout_ms": statistics.median(relayouts)}), flush=True)
    finally:
        d.quit()


if __name__ == "__main__":
    main()
