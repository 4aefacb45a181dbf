#!/usr/bin/env python3
"""Build the per-surface compatibility tables from the package's symbol graph and Compatibility/status/*.tsv.

  python3 Compatibility/generate.py            write Compatibility/<surface>.md
  python3 Compatibility/generate.py --check    fail (exit 1) if a table is stale, a listed symbol is missing
                                               from the package, a status has no test, a named test does not
                                               exist, or a difference has no written reason
Options: --shared DIR (default ../shared, or $OPENINAPP_SHARED), --reuse-symbol-graph (use the symbol graph a
previous step already dumped under .build), --allow-unstated (with --check: symbols with no status row are
counted, not failed — for use while the tables are being filled in).

Compatibility/status/*.tsv rows (one file per surface): MODULE<TAB>PATTERN<TAB>STATUS<TAB>TESTS<TAB>REASON
  PATTERN  an upstream symbol path, or a prefix ending in '*' (the longest matching pattern wins)
  STATUS   same | headless (works, with a difference stated in REASON) | n/a (not offered; REASON says why)
  TESTS    comma-separated Suite.testName (found in Tests/); required unless STATUS is n/a
"""
import glob, json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SURFACES = [  # reference file, table file, title
    ("adobe-ios.txt", "adobe-ios.md", "Adobe AEP iOS (AEPCore, AEPServices, AEPMessaging)"),
    ("adobe-android.txt", "adobe-android.md", "Adobe AEP Android spellings"),
    ("adobe-messaging-extended.txt", "adobe-messaging-extended.md", "Adobe AEPMessaging proposition API"),
    ("adobe-bootstrap.txt", "adobe-bootstrap.md", "Adobe SDK set-up (MobileCore, Edge, EdgeIdentity, Lifecycle, Signal, Assurance)"),
    ("braze-kit.txt", "braze-kit.md", "BrazeKit"),
    ("braze-ui.txt", "braze-ui.md", "BrazeUI (core tier)"),
    ("braze-ui-extended.txt", "braze-ui-extended.md", "BrazeUI (extended tier)"),
    ("appboy.txt", "appboy.md", "Legacy Appboy (AppboyKit)"),
    # Lists written here (not in ../shared) start with "Compatibility/": the path inside this package.
    ("Compatibility/reference/appboy-ui.txt", "appboy-ui.md", "Legacy Appboy built-in UI (AppboyUI)"),
    ("Compatibility/reference/url-delegates.txt", "url-delegates.md", "URL delegates (BrazeDelegate, ABKURLDelegate)"),
    ("Compatibility/reference/adobe-eventhub.txt", "adobe-eventhub.md", "Adobe AEP event hub (Extension, ExtensionRuntime, shared states, event history)"),
    ("Compatibility/reference/adobe-edgeconsent.txt", "adobe-edgeconsent.md", "Adobe Consent for Edge Network (AEPEdgeConsent)"),
    ("Compatibility/reference/adobe-messagingnotification.txt", "adobe-messagingnotification.md", "Adobe AEPMessagingNotification (notification service helper)"),
    ("Compatibility/reference/sdk-companions.txt", "sdk-companions.md", "Braze companion modules and AEPMessaging schema helpers"),
    ("Compatibility/reference/adobe-thirdparty.txt", "adobe-thirdparty.md", "Adobe companions public integrations call (AEPIdentity, AEPUserProfile, XDMSchema, helpers)"),
]

def symbol_graph(reuse):
    if not reuse or not glob.glob(os.path.join(ROOT, ".build", "*", "symbolgraph", "*.symbols.json")):
        subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    found = {}
    for f in glob.glob(os.path.join(ROOT, ".build", "*", "symbolgraph", "*.symbols.json")):
        declaring = os.path.basename(f).split("@")[0].split(".symbols.json")[0]
        for s in json.load(open(f))["symbols"]:
            if s.get("accessLevel") in ("public", "open"):
                found.setdefault(".".join(s["pathComponents"]), set()).add(declaring)
    return found

def tests_index():
    names = set()
    for f in glob.glob(os.path.join(ROOT, "Tests", "**", "*.swift"), recursive=True):
        suite = None
        for line in open(f, encoding="utf-8", errors="replace"):
            m = re.search(r"\b(?:class|struct)\s+(\w+)", line)
            if m and ("XCTestCase" in line or "@Suite" in line or "Tests" in m.group(1)):
                suite = m.group(1)
            m = re.search(r"\bfunc\s+(test\w*)\s*\(", line) or re.search(r"@Test.*\bfunc\s+(\w+)\s*\(", line)
            if m and suite:
                names.add(f"{suite}.{m.group(1)}")
    return names

def read_status():
    rows = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Compatibility", "status", "*.tsv"))):
        rows += read_status_file(path)
    return rows

def read_status_file(path):
    rows = []
    name = os.path.relpath(path, ROOT)
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t") + [""] * 5
        module, pattern, status, tests, reason = (p.strip() for p in parts[:5])
        rows.append(dict(line=f"{name}:{n}", module=module, pattern=pattern, status=status,
                         tests=[t.strip() for t in tests.split(",") if t.strip()], reason=reason))
    return rows

def match(rows, module, path):
    best = None
    for r in rows:
        if r["module"] not in (module, "*"):
            continue
        p = r["pattern"]
        ok = path == p or (p.endswith("*") and path.startswith(p[:-1]))
        if ok and (best is None or len(p) > len(best["pattern"])):
            best = r
    return best

def build(shared, reuse):
    graph = symbol_graph(reuse)
    tests = tests_index()
    rows = read_status()
    problems, tables = [], {}
    for ref, out, title in SURFACES:
        ref_path = (os.path.join(ROOT, ref) if ref.startswith("Compatibility/")
                    else os.path.join(shared, "reference", "api", ref))
        if not os.path.exists(ref_path):
            problems.append(f"missing reference list {ref_path}")
            continue
        lines, counts, present, total = [], {"same": 0, "headless": 0, "n/a": 0, "unstated": 0}, 0, 0
        for raw in open(ref_path, encoding="utf-8"):
            raw = raw.rstrip("\n")
            if not raw or raw.startswith("#"):
                continue
            module, path = raw.split("\t")[:2]
            total += 1
            ours = graph.get(path)
            if not ours and "(" not in path:
                # An enum case listed without labels matches its declaration with values, e.g. `x` ~ `x(_:)`.
                ours = next((graph[k] for k in graph if k.startswith(path + "(")), None)
            if ours:
                present += 1
            row = match(rows, module, path)
            status = row["status"] if row else "unstated"
            counts[status if status in counts else "unstated"] += 1
            where = f"`{'/'.join(sorted(ours))}` `{path}`" if ours else "—"
            tests_cell = ", ".join(f"`{t}`" for t in (row["tests"] if row else []))
            reason = (row["reason"] if row else "").replace("|", "\\|")
            lines.append(f"| `{module}` `{path}` | {where} | {status} | {tests_cell} | {reason} |")
            label = f"{ref}: {module}\t{path}"
            if row is None:
                problems.append(f"{label}: no status (add a row to Compatibility/status/)")
                continue
            if status not in ("same", "headless", "n/a"):
                problems.append(f"{label}: unknown status '{status}' ({row['line']})")
            if status in ("same", "headless"):
                if not ours:
                    problems.append(f"{label}: marked {status} but the package does not declare it")
                if not row["tests"]:
                    problems.append(f"{label}: status {status} without a test ({row['line']})")
                for t in row["tests"]:
                    if t not in tests:
                        problems.append(f"{label}: test {t} not found in Tests/ ({row['line']})")
            if status != "same" and not row["reason"]:
                problems.append(f"{label}: status {status} needs a reason ({row['line']})")
        head = [f"# {title}", "",
                "Generated by `python3 Compatibility/generate.py` from the package's symbol graph and "
                "`Compatibility/status/*.tsv`; do not edit by hand.", "",
                f"Declared: {present}/{total}. Statuses: same {counts['same']}, headless difference {counts['headless']}, "
                f"not applicable {counts['n/a']}, unstated {counts['unstated']}.", "",
                "| upstream symbol | ours | status | covering test | reason for a difference |",
                "|---|---|---|---|---|"]
        tables[out] = "\n".join(head + lines) + "\n"
    # The UIKit/WebKit/ObjectiveC stand-ins, type by type (Compatibility/shims.py).
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import shims
    tables["shims.md"], shim_problems = shims.build(graph, tests, rows, match)
    problems += shim_problems
    return tables, problems

def main(argv):
    shared = os.environ.get("OPENINAPP_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
    if "--shared" in argv:
        shared = argv[argv.index("--shared") + 1]
    tables, problems = build(shared, "--reuse-symbol-graph" in argv)
    if "--check" in argv:
        for name, text in tables.items():
            path = os.path.join(ROOT, "Compatibility", name)
            if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
                problems.append(f"Compatibility/{name} is stale: run python3 Compatibility/generate.py")
        if "--allow-unstated" in argv:
            unstated = [p for p in problems if p.endswith("no status (add a row to Compatibility/status/)")]
            problems = [p for p in problems if p not in set(unstated)]
            print(f"compatibility: {len(unstated)} upstream symbol(s) without a status yet")
        for p in problems[:200]:
            print("compat:", p)
        if len(problems) > 200:
            print(f"compat: … and {len(problems) - 200} more")
        print(f"compatibility check: {len(problems)} problem(s)")
        return 1 if problems else 0
    for name, text in tables.items():
        with open(os.path.join(ROOT, "Compatibility", name), "w", encoding="utf-8") as f:
            f.write(text)
    print(f"wrote {len(tables)} tables; {len(problems)} problem(s) (run with --check to list them)")
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
