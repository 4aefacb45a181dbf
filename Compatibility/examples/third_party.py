#!/usr/bin/env python3
"""Type-check third-party Braze integration code (wrapper SDKs and apps) against this package, unchanged.

The companion of check.py for code the vendor did not write as a sample: the React Native, Flutter and Expo
wrappers, the Segment and Tealium integrations, and apps. Their code may not be committed here; this script reads
each source from a bare mirror (what `fetch` makes under /work/.mirror/OWNER+NAME/repo) or a checkout given with
--source OWNER/NAME=PATH, copies the listed files to a temporary folder and type-checks each unit as its own
module in Swift 5 mode, with our stand-ins (stubs/third-party) for the wrappers' own frameworks (React Native,
Flutter, Expo, Segment, Tealium, Bluedot) and the apps' own modules — never for SDK API. Unlike check.py it passes
-continue-building-after-errors, so a failing file does not keep the others of its unit from being checked.

    swift build --target BrazeUI && swift build --target BrazeLocation && swift build --target Appboy_iOS_SDK
    python3 Compatibility/examples/third_party.py [--source OWNER/NAME=PATH ...] [--check | --update] [-v]

--check exits 1 when a file listed in Compatibility/examples/third-party-baseline.txt no longer type-checks
(units whose source is missing are skipped); --update rewrites that file. Docs/Porting.md §7 has the figures.
"""
import argparse, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STUBS = os.path.join(HERE, "stubs", "third-party")
BASELINE = os.path.join(ROOT, "Compatibility", "examples", "third-party-baseline.txt")

# Each unit: name, source repository, files (repository paths), scaffolding stubs, stub modules.
RN, FLUTTER, EXPO = "braze-inc/braze-react-native-sdk", "braze-inc/braze-flutter-sdk", "braze-inc/braze-expo-plugin"
SEG1, SEG2, TEALIUM = "braze-inc/braze-segment-swift", "segment-integrations/analytics-swift-braze", "Tealium/tealium-ios-braze-remote-command"
BLUEDOT, POCKET = "Bluedot-Innovation/PointSDK-BrazeSDK-IntegrationExample-iOS", "Pocket/pocket-ios"
FLUTTER_PLUGIN = ["ios/braze_plugin/Sources/braze_plugin/" + f for f in ("BrazePlugin.swift", "BrazeUIHandler.swift", "BrazeBannerView.swift")]
TEALIUM_LIB = ["Sources/" + f for f in ("BrazeConstants.swift", "BrazeExtensions.swift", "BrazeInstance.swift", "BrazeRemoteCommand.swift", "DateConverter.swift")]
TEALIUM_APP = ["TealiumBrazeExample/TealiumBrazeExample/" + f for f in ("AppDelegate.swift", "EngagementViewController.swift", "EventViewController.swift", "TealiumHelper.swift")]
SEG_FILES = ["Sources/SegmentBraze/" + f for f in ("BrazeDestination.swift", "BrazeIDFAPlugin.swift", "ConcurrencyExt.swift", "Version.swift")]
REACT = ["React", "React_RCTAppDelegate", "ReactAppDependencyProvider", "braze_react_native_sdk", "SDWebImage"]
UNITS = [
    ("rn-app", RN, ["BrazeProject/ios/AppDelegate.swift", "BrazeProject/ios/BrazeReactGIFHelper.swift",
                    "iOS/BrazeReactBridge/BrazeReactBridge/BrazeReactInitializer.swift"], [], REACT),
    ("rn-pushstory", RN, ["BrazeProject/ios/BrazeProjectPushStory/NotificationViewController.swift"], [], []),
    ("rn-richpush", RN, ["BrazeProject/ios/BrazeProjectRichPush/NotificationService.swift"], [], []),
    ("flutter-plugin", FLUTTER, FLUTTER_PLUGIN, [], ["Flutter"]),
    ("flutter-app", FLUTTER, ["example/ios/Runner/AppDelegate.swift"] + FLUTTER_PLUGIN, ["flutter-app.swift"],
     ["Flutter", "braze_plugin", "SDWebImage"]),
    ("flutter-pushstory", FLUTTER, ["example/ios/BrazeFlutterPushStory/NotificationViewController.swift"], [], []),
    ("flutter-richpush", FLUTTER, ["example/ios/BrazeFlutterRichPush/NotificationService.swift"], [], []),
    ("expo-adapter", EXPO, ["plugin/ios/ExpoAdapterBraze/BrazeAppDelegate.swift"], [],
     ["ExpoModulesCore", "braze_react_native_sdk", "SystemConfiguration"]),
    ("expo-pushstory", EXPO, ["plugin/ios/ExpoAdapterBraze/PushStories/NotificationViewController.swift"], [], []),
    ("expo-richpush", EXPO, ["plugin/ios/ExpoAdapterBraze/RichPush/NotificationService.swift"], [], []),
    ("segment-braze", SEG1, SEG_FILES + ["Sources/SegmentBraze/BrazeFactory.swift"], [], ["Segment"]),
    ("segment-example", SEG1, ["Example/BasicExample/BasicExampleApp.swift"], [], ["Segment", "SegmentBraze"]),
    ("segment-integrations", SEG2, SEG_FILES, [], ["Segment"]),
    ("tealium", TEALIUM, TEALIUM_LIB, [], ["TealiumCore", "TealiumRemoteCommands"]),
    ("tealium-example", TEALIUM, TEALIUM_LIB + TEALIUM_APP, [], ["TealiumCore", "TealiumRemoteCommands", "TealiumSwift", "TealiumBraze"]),
    ("bluedot", BLUEDOT, ["PointSDK-BrazeSDKIntegrationExample-iOS/" + f for f in
                          ("AppDelegate.swift", "AppDelegate+GeoTriggeringEventDelegate.swift", "ViewController.swift")], [], ["BDPointSDK"]),
    ("pocket", POCKET, ["PocketKit/Sources/PocketKit/Notifications/PocketBraze.swift"], ["pocket-braze.swift"],
     ["Sync", "Analytics", "SharedPocketKit"]),
    ("pocket-push", POCKET, ["PocketKit/Sources/PocketKit/Notifications/PushNotificationService.swift"], [], ["Sync", "Analytics", "SharedPocketKit"]),
    ("pocket-sticker", POCKET, ["PocketKit/Sources/PocketStickerKit/StickerBraze.swift"], [], ["Sync", "SharedPocketKit"]),
    ("pocket-saveto", POCKET, ["PocketKit/Sources/SaveToPocketKit/SaveToBraze.swift"], [], ["Sync", "SharedPocketKit"]),
]


def reader(path):
    """A function reading a repository path from a bare mirror or a checkout, and the revision."""
    if os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects")):
        rev = subprocess.run(["git", "--git-dir", path, "rev-parse", "--short=10", "HEAD"], capture_output=True, text=True).stdout.strip()
        def read(p):
            r = subprocess.run(["git", "--git-dir", path, "show", "HEAD:" + p], capture_output=True)
            return r.stdout if r.returncode == 0 else None
        return read, rev
    def read(p):
        try:
            with open(os.path.join(path, p), "rb") as f: return f.read()
        except OSError:
            return None
    return read, "files"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", action="append", default=[], help="OWNER/NAME=PATH (a checkout or bare mirror)")
    ap.add_argument("--modules", help="folder of built .swiftmodule files (default: swift build --show-bin-path)/Modules")
    ap.add_argument("--check", action="store_true"); ap.add_argument("--update", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    given = dict(s.split("=", 1) for s in args.source)
    sources = {}
    for repo in sorted({u[1] for u in UNITS}):
        path = given.get(repo) or "/work/.mirror/%s/repo" % repo.replace("/", "+")
        if os.path.isdir(path): sources[repo] = reader(path)
    if not sources:
        print("skipped: no third-party sources found (pass --source OWNER/NAME=PATH)")
        return 0
    modules = args.modules or os.path.join(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                                                          text=True).stdout.strip(), "Modules")
    if not os.path.exists(os.path.join(modules, "BrazeUI.swiftmodule")):
        print(f"error: no built modules in {modules}; build BrazeUI, BrazeLocation and Appboy_iOS_SDK first")
        return 2
    work = tempfile.mkdtemp(prefix="openinapp-third-party-")
    results, seen = [], set()
    try:
        stubmods = os.path.join(work, "modules"); os.makedirs(stubmods)
        for name, repo, files, scaffold, mods in UNITS:
            if repo not in sources:
                print(f"skip  {name}: no copy of {repo}"); continue
            read, rev = sources[repo]
            for m in mods:
                if os.path.exists(os.path.join(modules, m + ".swiftmodule")) or os.path.exists(os.path.join(stubmods, m + ".swiftmodule")):
                    continue
                stub = os.path.join(STUBS, "modules", m + ".swift")
                if not os.path.exists(stub): stub = os.path.join(HERE, "stubs", "modules", m + ".swift")
                r = subprocess.run(["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "5", "-module-name", m,
                                    "-I", modules, "-I", stubmods, stub, "-emit-module-path", os.path.join(stubmods, m + ".swiftmodule")],
                                   capture_output=True, text=True)
                if r.returncode: print(r.stderr); return 2
            paths = []
            for f in files:
                data = read(f)
                if data is None:
                    results.append((f"{repo}/{f}", False, ["missing in the source"])); continue
                dest = os.path.join(work, name, f); os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as out: out.write(data)
                paths.append(dest)
            stubs = [os.path.join(STUBS, "scaffold", s) for s in scaffold]
            def typecheck(files):
                cmd = ["swiftc", "-typecheck", "-continue-building-after-errors", "-parse-as-library", "-swift-version", "5",
                       "-module-name", re.sub(r"\W", "_", name), "-Xfrontend", "-enable-objc-interop",
                       "-I", modules, "-I", stubmods] + files + stubs
                r = subprocess.run(cmd, capture_output=True, text=True)
                errors = {}
                for line in (r.stdout + r.stderr).splitlines():
                    m = re.match(r"^(/[^:]+):(\d+):\d+: error: (.*)$", line)
                    if m: errors.setdefault(m.group(1), []).append(f"line {m.group(2)}: {m.group(3)}")
                return errors
            errors = typecheck(paths)
            rest = list(paths)
            while True:  # a missing module hides every other error: set its importers aside and check the rest again
                found = [p for p in rest if any("no such module" in e for e in errors.get(p, []))]
                rest = [p for p in rest if p not in found]
                if not found or not rest: break
                again = typecheck(rest)
                for p in rest: errors[p] = again.get(p, [])
            for p in paths:
                rel = f"{repo}/{os.path.relpath(p, os.path.join(work, name))}"
                if rel in seen: continue
                seen.add(rel)
                results.append((rel, not errors.get(p), errors.get(p, [])))
            print(f"unit  {name} ({repo} {rev})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for rel, ok, errs in results:
        print(("ok    " if ok else "FAIL  ") + rel + ("" if ok else ": " + ("; ".join(errs) if args.verbose else errs[0])))
    passed = [rel for rel, ok, _ in results if ok]
    print(f"third-party files type-checked: {len(passed)}/{len(results)}")
    if args.update:
        with open(BASELINE, "w") as f:
            f.write("# Third-party integration files that type-check unchanged (python3 Compatibility/examples/third_party.py --check).\n")
            for rel in passed: f.write(rel + "\n")
            for rel, ok, errs in results:
                if not ok: f.write(f"# FAIL {rel}: {errs[0]}\n")
    if args.check and os.path.exists(BASELINE):
        listed = [l.strip() for l in open(BASELINE) if l.strip() and not l.startswith("#")]
        regressed = [l for l in listed if l not in passed and any(l.startswith(r + "/") for r in sources)]
        for l in regressed: print(f"FAIL: {l} stopped type-checking")
        if regressed: return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
