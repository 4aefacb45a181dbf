#!/usr/bin/env python3
"""Records Chromium's layout of the scripted fixtures for LayoutTests: for every element of each page's body with a
box, its border box (getBoundingClientRect) and the element Chromium's elementFromPoint finds at the box's centre,
half a second (virtual time) after load. Writes Tests/Fixtures/Layout/chromium-layout.json.
Usage: python3 Benchmarks/browser/record-layout.py   (needs Debian's chromium)"""
import json, os, subprocess, tempfile, html

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "Scripted")
PROBE = """<script>
window.addEventListener('load', function () { setTimeout(function () {
  var name = function (e) { return e ? e.localName + (e.id ? '#' + e.id : '') : null; };
  var all = Array.from(document.body.querySelectorAll('*'));
  var out = { width: innerWidth, height: innerHeight, boxes: [] };
  all.forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).display === 'none') return;
    var cx = r.x + r.width / 2, cy = r.y + r.height / 2;
    var inView = cx >= 0 && cy >= 0 && cx < innerWidth && cy < innerHeight;
    out.boxes.push({ index: all.indexOf(e), element: name(e), box: [r.x, r.y, r.width, r.height].map(function (v) { return Math.round(v * 10) / 10; }),
                     hit: inView ? name(document.elementFromPoint(cx, cy)) : null });
  });
  var pre = document.createElement('pre'); pre.id = 'oia-layout'; pre.textContent = JSON.stringify(out);
  document.documentElement.appendChild(pre);
}, 500); });
</script>"""

def record(name):
    with open(os.path.join(FIXTURES, name)) as f:
        source = f.read()
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
        f.write(source.replace("</head>", PROBE + "</head>", 1))
        path = f.name
    try:
        dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--window-size=390,844",
                              "--virtual-time-budget=3000", "--run-all-compositor-stages-before-draw", "--dump-dom", "file://" + path],
                             capture_output=True, text=True, timeout=120).stdout
    finally:
        os.unlink(path)
    start = dom.index('<pre id="oia-layout">') + len('<pre id="oia-layout">')
    return json.loads(html.unescape(dom[start:dom.index("</pre>", start)]))

result = {name[:-5]: record(name) for name in sorted(os.listdir(FIXTURES)) if name.endswith(".html")}
with open(os.path.join(ROOT, "Tests", "Fixtures", "Layout", "chromium-layout.json"), "w") as f:
    json.dump(result, f, indent=1, sort_keys=True)
    f.write("\n")
print("recorded", sum(len(v["boxes"]) for v in result.values()), "boxes of", len(result), "fixtures")
