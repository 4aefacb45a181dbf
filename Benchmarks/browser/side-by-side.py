#!/usr/bin/env python3
"""Draws each page twice, as `iam render` draws it and as WebKit (WebKitGTK) shows it, and writes ONE combined PNG
per page: ours | WebKit | where they differ (differing pixels red over a faded WebKit picture). Prints a Markdown
table with a pixel-difference figure per page.

Needs: rsvg-convert (Debian librsvg2-bin, for `iam render -o x.png`), WebKitGTK's driver and a virtual X server
(Debian webkit2gtk-driver, xvfb), Selenium and Pillow (pip install selenium pillow), and a built `iam`
(swift build --product iam).

Usage:
  xvfb-run -a python3 Benchmarks/browser/side-by-side.py PAGES... -o OUT_DIR [--iam PATH] [--vendor V] [--scale S]
      PAGES are HTML files or folders; a folder with an index.html is that page (named after the folder), another
      folder contributes its *.html files and its subfolders' index.html (named after the subfolder). OUT_DIR must lie outside the repository (pictures of others' pages are never committed);
      --allow-in-repo lifts that for the repository's own pages (Docs/images).

The figures: "differing pixels" is the share of pixels whose largest channel difference exceeds --threshold (48 of
255 by default: antialiasing and slightly different greys do not count, a box or a line of text in another place
does); "mean difference" is the mean absolute channel difference over the whole picture, 0-255. Both pictures are
the page at the same CSS size (390 x 844 by default; --width and --height draw ours with `iam render --device WxH`,
landscape when wider than tall) at one device pixel per CSS pixel, read half a second after
load (WebKit, which gets Braze's ab.BridgeReady event after load, as our page does), or half a second of virtual
time after load (ours)."""
import argparse, importlib.util, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_recorder():
    spec = importlib.util.spec_from_file_location("record_webkit", os.path.join(os.path.dirname(os.path.abspath(__file__)), "record-webkit.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pages_in(arguments):
    pages = []
    for arg in arguments:
        if os.path.isfile(os.path.join(arg, "index.html")):
            pages.append((os.path.basename(os.path.abspath(arg)), os.path.join(arg, "index.html")))
        elif os.path.isdir(arg):
            for entry in sorted(os.listdir(arg)):
                path = os.path.join(arg, entry)
                if entry.endswith(".html") and os.path.isfile(path):
                    pages.append((entry[:-5], path))
                elif os.path.isfile(os.path.join(path, "index.html")):
                    pages.append((entry, os.path.join(path, "index.html")))
        elif os.path.isfile(arg):
            pages.append((os.path.splitext(os.path.basename(arg))[0], arg))
        else:
            sys.exit("side-by-side: no such page or folder: " + arg)
    return pages


def vendor_of(name, default):
    if default:
        return default
    for vendor in ("adobe", "appboy"):
        if name.startswith(vendor):
            return vendor
    return "braze"


def combine(ours_path, webkit_path, out_path, width, height, threshold, scale):
    from PIL import Image, ImageChops, ImageDraw
    def open_rgb(path):
        image = Image.open(path).convert("RGBA")
        white = Image.new("RGBA", image.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, image).convert("RGB")
        if image.size != (width, height):
            canvas = Image.new("RGB", (width, height), (255, 255, 255))
            canvas.paste(image.crop((0, 0, min(width, image.width), min(height, image.height))), (0, 0))
            image = canvas
        return image
    ours, webkit = open_rgb(ours_path), open_rgb(webkit_path)
    difference = ImageChops.difference(ours, webkit)
    channels = difference.split()
    largest = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    mask = largest.point(lambda v: 255 if v > threshold else 0)
    histogram = mask.histogram()
    differing = histogram[255] / float(width * height)
    mean = sum(sum(i * n for i, n in enumerate(c.histogram())) for c in channels) / float(3 * width * height)
    faded = Image.blend(webkit, Image.new("RGB", (width, height), (255, 255, 255)), 0.75)
    faded.paste(Image.new("RGB", (width, height), (220, 0, 0)), (0, 0), mask)
    gap, label = 12, 22
    sheet = Image.new("RGB", (3 * width + 4 * gap, height + label + 2 * gap), (236, 236, 236))
    draw = ImageDraw.Draw(sheet)
    titles = ("ours (iam render)", "WebKitGTK", "differing pixels: %.1f %%" % (100 * differing))
    for i, (picture, title) in enumerate(zip((ours, webkit, faded), titles)):
        x = gap + i * (width + gap)
        draw.text((x, gap), title, fill=(0, 0, 0))
        sheet.paste(picture, (x, gap + label))
        draw.rectangle((x - 1, gap + label - 1, x + width, gap + label + height), outline=(120, 120, 120))
    if scale != 1:
        sheet = sheet.resize((round(sheet.width * scale), round(sheet.height * scale)), Image.LANCZOS)
    sheet.save(out_path, optimize=True)
    return differing, mean


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages", nargs="+")
    ap.add_argument("-o", "--out", required=True, help="folder for NAME.png (one combined picture per page)")
    ap.add_argument("--iam", default=os.path.join(ROOT, ".build", "debug", "iam"))
    ap.add_argument("--vendor", choices=["braze", "adobe", "appboy"], help="default: from the file name, else braze")
    ap.add_argument("--width", type=int, default=390)
    ap.add_argument("--height", type=int, default=844)
    ap.add_argument("--settle", type=float, default=0.5, help="seconds WebKit runs after load before its screenshot")
    ap.add_argument("--threshold", type=int, default=48)
    ap.add_argument("--scale", type=float, default=1.0, help="scale of the combined picture (e.g. 0.5 for docs)")
    ap.add_argument("--allow-in-repo", action="store_true", help="allow OUT inside the repository (its own pages only)")
    ap.add_argument("--keep", action="store_true", help="also keep NAME.ours.png and NAME.webkit.png in OUT")
    a = ap.parse_args()
    out = os.path.abspath(a.out)
    if not a.allow_in_repo and (out + os.sep).startswith(ROOT + os.sep):
        sys.exit("side-by-side: %s is inside the repository; pictures of others' pages stay outside it "
                 "(--allow-in-repo for the repository's own pages)" % a.out)
    if not os.access(a.iam, os.X_OK):
        sys.exit("side-by-side: no iam at %s (swift build --product iam, or --iam PATH)" % a.iam)
    pages = pages_in(a.pages)
    os.makedirs(out, exist_ok=True)
    recorder = load_recorder()
    work = tempfile.mkdtemp(prefix="oia-side-by-side-")
    driver = recorder.driver(a.width, a.height)
    server = recorder.Server()
    rows = []
    try:
        for name, path in pages:
            ours = os.path.join(out if a.keep else work, name + ".ours.png")
            webkit = os.path.join(out if a.keep else work, name + ".webkit.png")
            screen = ["--device", "%dx%d" % (a.width, a.height)] + (["--orientation", "landscape"] if a.width > a.height else [])
            run = subprocess.run([a.iam, "render", "--html", path, "--vendor", vendor_of(name, a.vendor), "-o", ours] + screen,
                                 capture_output=True, text=True)
            if run.returncode != 0:
                print("%s: iam render failed: %s" % (name, run.stderr.strip()), file=sys.stderr)
                continue
            recorder.record(driver, server, path, a.settle, a.width, a.height, shot=webkit, assets_beside=True,
                            bridge_ready=True)
            differing, mean = combine(ours, webkit, os.path.join(out, name + ".png"), a.width, a.height, a.threshold, a.scale)
            rows.append((name, differing, mean))
            print("%s: %.1f %% of pixels differ, mean difference %.1f" % (name, 100 * differing, mean), file=sys.stderr)
    finally:
        driver.quit()
        server.close()
        for entry in os.listdir(work):
            os.unlink(os.path.join(work, entry))
        os.rmdir(work)
    print("| page | differing pixels | mean difference (0-255) |")
    print("|---|---|---|")
    for name, differing, mean in rows:
        print("| %s | %.1f %% | %.1f |" % (name, 100 * differing, mean))
    print("pictures in", out, file=sys.stderr)
    return 0 if len(rows) == len(pages) else 1


if __name__ == "__main__":
    sys.exit(main())
