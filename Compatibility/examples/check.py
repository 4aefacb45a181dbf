#!/usr/bin/env python3
"""Type-check the vendors' example integration files against this package, unchanged.

The Braze Swift SDK's in-app message example apps and Adobe's messaging demo/test apps are public, but their
code may not be committed here. This script reads them from wherever they are (a checkout, or the bare git
mirror `fetch` makes), copies them to a temporary folder, adds our own stand-ins for app scaffolding
(Compatibility/examples/stubs: storyboard-made screens, credentials, third-party libraries) and type-checks each
example app as its own module against the built modules of this package, in Swift 5 mode like the vendors'
projects. Nothing is written to the tree unless --update is given (then examples-baseline.txt).

A file that imports a module this platform lacks (SwiftUI) is left out and the rest of its app type-checked again;
when the left-out file is the app delegate other files use, a stand-in for it (FALLBACK_STUBS) is compiled in its
place, and a file using a type that only a left-out file declares is reported with that file's rule.

    swift build --build-tests          # the modules must be built first
    python3 Compatibility/examples/check.py --braze PATH --adobe PATH --appboy PATH [--check | --update]

PATH is a clone or bare mirror of braze-inc/braze-swift-sdk, adobe/aepsdk-messaging-ios and Appboy/appboy-ios-sdk
(the legacy SDK's HelloSwift sample). Without any found
source the script prints why and exits 0 (skipped). --check exits 1 when a file listed in
Compatibility/examples-baseline.txt no longer type-checks (it skips apps with no listed file; --update checks every app).

Flags and why: `-Xfrontend -enable-objc-interop` lets `@objc`, `@IBAction` and `#selector` type-check (the
examples use target-action; Swift enables Objective-C interop only on Apple platforms, and our ObjectiveC shim
supplies `Selector`). This is a type check, not a build: such code cannot be compiled to a binary off Apple
platforms. `-continue-building-after-errors`: without it swiftc stops type-checking an app's other files after
the first file with an error, and those unchecked files would count as passing.
"""
import argparse, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STUBS = os.path.join(HERE, "stubs")
BASELINE = os.path.join(ROOT, "Compatibility", "examples-baseline.txt")

# Each app: vendor, name, folder in the vendor repository, files (relative to the folder; a trailing / takes
# every .swift file below, "*" every .swift file of the folder), our scaffolding stubs, stub modules for
# third-party libraries and Apple frameworks the package does not offer (a stub module is skipped when the package
# builds a module of that name, so a real stand-in always wins).
BRAZE_APPS = ["Analytics", "BannerUI", "Banners-Custom-UI", "ContentCardUI", "ContentCardUI-Customization",
              "ContentCards-Custom-UI", "InAppMessageUI", "InAppMessageUI-Customization", "InAppMessages-Custom-UI",
              "Location", "PushLogout", "PushNotifications-Automatic", "PushNotifications-DelayedInitialization",
              "PushNotifications-Manual", "PushNotificationsContentExtension", "PushNotificationsServiceExtension"]
# App extensions have no app delegate or readme screen, so the app scaffolding stub is not theirs.
# Stand-ins for app scaffolding an app declares in a file that cannot compile here (it imports SwiftUI): used only
# when that file is left out for its missing module, so that the app's other files are type-checked.
FALLBACK_STUBS = {("BannerUI", "AppDelegate.swift"): "braze-bannerui-appdelegate.swift",
                  ("Banners-Custom-UI", "AppDelegate.swift"): "braze-banners-custom-ui-appdelegate.swift"}
BRAZE_EXTENSIONS = {"PushNotificationsContentExtension", "PushNotificationsServiceExtension"}
APPS = [("braze", name, "Examples/Swift/Sources/" + name, ["*"],
         [] if name in BRAZE_EXTENSIONS else ["braze-common.swift"], ["SDWebImage", "UserNotifications"])
        for name in BRAZE_APPS] + [
    ("adobe", "FunctionalTestApp", "AEPMessaging/Tests/FunctionalTests/FunctionalTestApp",
     ["AppDelegate.swift", "SceneDelegate.swift", "ViewController.swift"], ["adobe-demo.swift"], []),
    ("adobe", "E2EFunctionalTestApp", "AEPMessaging/Tests/E2EFunctionalTests/E2EFunctionalTestApp",
     ["AppDelegate.swift", "SceneDelegate.swift", "ViewController.swift"], ["adobe-demo.swift"], []),
    ("adobe", "MessagingDemoApp", "TestApps/MessagingDemoApp",
     ["AppDelegate.swift", "SceneDelegate.swift", "ViewController.swift", "String+DataConversion.swift"],
     ["adobe-demo.swift"], ["UserNotifications"]),
    ("adobe", "MessagingDemoApp-NotificationService", "TestApps/MessagingDemoApp/NotificationService", ["*"], [], ["UserNotifications"]),
    ("adobe", "MessagingDemoAppSwiftUI", "TestApps/MessagingDemoAppSwiftUI", ["*"], [], []),
    ("adobe", "WidgetMessagingDemoAppSwiftUI", "TestApps/WidgetMessagingDemoAppSwiftUI", ["*"], [], []),
    # The legacy SDK's own Swift sample app (`import Appboy_iOS_SDK`).
    ("appboy", "HelloSwift", "HelloSwift/HelloSwift", ["*"], [], ["UserNotifications"]),
]

# Why a file cannot type-check here, from the first error that names a rule we cannot change (checked in order).
RULES = [
    (r"no such module 'SwiftUI'|cannot find type 'View' in scope|SwiftUI",
     "platform: SwiftUI exists only on Apple platforms (Swift on Linux has no SwiftUI)"),
    (r"no such module '(ActivityKit|WidgetKit|Combine|CoreLocation|StoreKit)'",
     "platform: the Apple framework {0} does not exist off Apple platforms"),
    (r"no such module '(\w+)'", "module {0} is not offered by this package"),
    (r"non-'@objc' class type|@IBAction methods must have|@objc|#selector|Objective-C",
     "language: @IBOutlet/@IBAction/@objc need the Objective-C runtime (Swift offers it only on Apple platforms)"),
]


def rule_for(errors, excluded=None):
    # A name the file uses that a sibling file declares, when that sibling was left out for a missing module.
    for e in errors:
        m = re.search(r"cannot find (?:type )?'(\w+)' in scope", e)
        if m and excluded and m.group(1) in excluded:
            where, why = excluded[m.group(1)]
            return f"platform: uses {m.group(1)}, declared in {where}, a file that cannot compile here ({why})"
    for pattern, text in RULES:
        for e in errors:
            m = re.search(pattern, e)
            if m:
                return text.format(*(m.groups() or [""]))
    return "API not offered yet: " + (errors[0] if errors else "unknown")


DEFAULT_SOURCES = {
    "braze": ["/work/.mirror/braze-inc+braze-swift-sdk/repo", os.path.join(ROOT, "..", "shared", "examples", "braze-swift-sdk")],
    "adobe": ["/work/.mirror/adobe+aepsdk-messaging-ios/repo", os.path.join(ROOT, "..", "shared", "examples", "aepsdk-messaging-ios")],
    "appboy": ["/work/.mirror/Appboy+appboy-ios-sdk/repo", os.path.join(ROOT, "..", "shared", "examples", "appboy-ios-sdk")],
}


class Source:
    """A checkout or a bare git repository."""
    def __init__(self, path):
        self.path = path
        self.bare = os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))
        self.revision = "files"
        if self.bare:
            self.revision = subprocess.run(["git", "--git-dir", path, "rev-parse", "--short", "HEAD"],
                                           capture_output=True, text=True).stdout.strip()

    def list(self, folder):
        if self.bare:
            out = subprocess.run(["git", "--git-dir", self.path, "ls-tree", "-r", "--name-only", "HEAD", folder],
                                 capture_output=True, text=True).stdout.split("\n")
            return [p[len(folder) + 1:] for p in out if p.endswith(".swift")]
        base = os.path.join(self.path, folder)
        found = []
        for dirpath, _, names in os.walk(base):
            found += [os.path.relpath(os.path.join(dirpath, n), base) for n in names if n.endswith(".swift")]
        return found

    def read(self, path):
        if self.bare:
            r = subprocess.run(["git", "--git-dir", self.path, "show", "HEAD:" + path], capture_output=True)
            return r.stdout if r.returncode == 0 else None
        try:
            with open(os.path.join(self.path, path), "rb") as f:
                return f.read()
        except OSError:
            return None


def find_source(explicit, vendor):
    for p in ([explicit] if explicit else DEFAULT_SOURCES[vendor]):
        if p and os.path.isdir(p):
            return Source(os.path.abspath(p))
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--braze"); ap.add_argument("--adobe"); ap.add_argument("--appboy")
    ap.add_argument("--modules", help="folder of built .swiftmodule files (default: swift build --show-bin-path)/Modules")
    ap.add_argument("--check", action="store_true", help="fail when a baseline file stops type-checking")
    ap.add_argument("--update", action="store_true", help="rewrite Compatibility/examples-baseline.txt")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every error")
    args = ap.parse_args()

    sources = {v: find_source(getattr(args, v), v) for v in ("braze", "adobe", "appboy")}
    if not any(sources.values()):
        print("skipped: no vendor example sources found (pass --braze/--adobe with a clone or mirror)")
        return 0
    modules = args.modules
    if not modules:
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        modules = os.path.join(bin_path, "Modules")
    if not os.path.isdir(modules) or not os.path.exists(os.path.join(modules, "BrazeUI.swiftmodule")):
        print(f"error: no built modules in {modules}; run `swift build --build-tests` first")
        return 2

    work = tempfile.mkdtemp(prefix="openinapp-examples-")
    results, apps_ok, total_warnings = [], 0, 0
    try:
        stubmods = os.path.join(work, "modules")
        os.makedirs(stubmods)
        built = set()
        listed = []
        if args.check and os.path.exists(BASELINE):
            listed = [l.strip() for l in open(BASELINE) if l.strip() and not l.startswith("#")]
        for vendor, name, folder, files, stubs, mods in APPS:
            src = sources[vendor]
            if src is None:
                print(f"skip  {vendor}/{name}: no {vendor} source")
                continue
            if args.check and not any(l.startswith(f"{vendor}/{name}/") for l in listed):
                # --check guards the listed files only; --update looks at every app.
                print(f"skip  {vendor}/{name}: no file of it in the baseline")
                continue
            for m in mods:
                if m in built or os.path.exists(os.path.join(modules, m + ".swiftmodule")): continue
                r = subprocess.run(["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "5", "-module-name", m,
                                    "-I", modules, os.path.join(STUBS, "modules", m + ".swift"),
                                    "-emit-module-path", os.path.join(stubmods, m + ".swiftmodule")],
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    print(r.stderr); return 2
                built.add(m)
            available = src.list(folder)
            chosen = []
            for f in files:
                if f == "*":
                    chosen += sorted(available)
                else:
                    chosen += sorted(a for a in available if a.startswith(f)) if f.endswith("/") else [f]
            appdir = os.path.join(work, vendor, name)
            paths = []
            for rel in chosen:
                data = src.read(folder + "/" + rel)
                if data is None:
                    results.append((f"{vendor}/{name}/{rel}", False, "missing in the source", "missing in the source"))
                    continue
                dest = os.path.join(appdir, rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as f: f.write(data)
                paths.append(dest)
            def typecheck(files):
                cmd = ["swiftc", "-typecheck", "-continue-building-after-errors", "-parse-as-library", "-swift-version", "5", "-module-name", re.sub(r"\W", "_", name),
                       "-Xfrontend", "-enable-objc-interop", "-I", modules, "-I", stubmods] + files + [os.path.join(STUBS, s) for s in stubs]
                r = subprocess.run(cmd, capture_output=True, text=True)
                errors, warnings = {}, 0
                for line in (r.stdout + r.stderr).splitlines():
                    m = re.match(r"^(/[^:]+):(\d+):\d+: (error|warning): (.*)$", line)
                    if not m: continue
                    if m.group(3) == "warning":
                        warnings += 1; continue
                    errors.setdefault(m.group(1), []).append(f"line {m.group(2)}: {m.group(4)}")
                return r.returncode == 0, errors, warnings

            app_ok, errors, warnings = typecheck(paths)
            total_warnings += warnings
            apps_ok += app_ok
            # A missing module stops the compiler before type checking. The files importing it fail with that
            # reason; the rest of the app is type-checked again without them (errors there, such as a name only
            # those files declare, count against the rest).
            importing = []
            rest = list(paths)
            fallback = []
            while True:
                found = [p for p in rest if any("no such module" in e for e in errors.get(p, []))]
                if not found: break
                importing += found
                rest = [p for p in rest if p not in found]
                if not rest: break
                fallback = [os.path.join(STUBS, FALLBACK_STUBS[(name, os.path.relpath(p, appdir))]) for p in importing
                            if vendor == "braze" and (name, os.path.relpath(p, appdir)) in FALLBACK_STUBS]
                _, again, warnings = typecheck(rest + fallback)
                total_warnings += warnings
                for p in rest: errors[p] = again.get(p, [])
                errors.update({p: es for p, es in again.items() if p not in paths})
            # Types declared by the files left out, so that a file using one names the inherited rule.
            excluded = {}
            for p in importing:
                why = rule_for(errors.get(p, [])).split(": ", 1)[-1]
                text = open(p, encoding="utf-8", errors="replace").read()
                for decl in re.findall(r"^\s*(?:@\w+\s+)*(?:public |final |open )*(?:class|struct|enum|protocol|actor)\s+(\w+)", text, re.M):
                    excluded.setdefault(decl, (os.path.relpath(p, appdir), why))
            for p in paths:
                rel = f"{vendor}/{name}/{os.path.relpath(p, appdir)}"
                errs = errors.get(p, [])
                results.append((rel, not errs, "; ".join(errs if args.verbose else errs[:1]), rule_for(errs, excluded)))
            stub_errors = [e for p, es in errors.items() if p.startswith(STUBS) for e in es]
            if stub_errors:
                print(f"note  {vendor}/{name}: errors in our stubs: {stub_errors[:2]}")
            print(f"{'ok   ' if app_ok else 'FAIL '} app {vendor}/{name} ({src.revision}, {len(paths)} files)")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    for rel, ok, why, rule in results:
        print(f"{'ok    ' if ok else 'FAIL  '}{rel}{'' if ok else ': ' + rule + ' (' + why + ')'}")
    passed = [rel for rel, ok, _, _ in results if ok]
    apps_total = sum(1 for a in APPS if sources[a[0]] and (not listed or any(l.startswith(f"{a[0]}/{a[1]}/") for l in listed)))
    print(f"example files type-checked: {len(passed)}/{len(results)}; apps: {apps_ok}/{apps_total}; warnings: {total_warnings}")

    if args.update:
        with open(BASELINE, "w") as f:
            f.write("# Vendor example files that type-check unchanged (python3 Compatibility/examples/check.py --check).\n")
            f.write("# Produced by --update; see Compatibility/README.md for the sources, stubs and flags.\n")
            for rel in passed: f.write(rel + "\n")
            failed = [(rel, rule) for rel, ok, _, rule in results if not ok]
            if failed:
                f.write("# Files that do not type-check here, with the rule that stops them (not checked by --check):\n")
                for rel, rule in failed: f.write(f"# FAIL {rel}: {rule}\n")
    if args.check and os.path.exists(BASELINE):
        listed = [l.strip() for l in open(BASELINE) if l.strip() and not l.startswith("#")]
        regressed = [l for l in listed if l not in passed and any(l.startswith(f"{a[0]}/{a[1]}/") for a in APPS if sources[a[0]])]
        for l in regressed: print(f"FAIL: {l} stopped type-checking")
        if regressed: return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
