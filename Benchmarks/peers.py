#!/usr/bin/env python3
"""Peer baselines for the content-model benchmark, run on the same files in the same job.

  python3 Benchmarks/peers.py [--runs N] FILE...

For each file and each peer, times parse + tree only — strictly less work than the OpenInApp figure, which also
builds the interactive index — so the ratios are conservative. The interactive elements (links, buttons, elements
with onclick, forms, fields) are counted once, outside the timing, as a sanity check. The peers are called from
Python, as their users call them; for documents of a few kB the per-call overhead is part of what is measured.
Prints one JSON object a line:
  {"file": ..., "peer": "lexbor"|"lxml", "bytes": N, "median_s": ..., "min_s": ..., "max_s": ..., "interactive": K}
Medians of N runs (default 7) after 2 warm-ups; each run repeats the parse enough times to last at least 20 ms.
"""
import json, sys, time

INTERACTIVE = "a, button, [onclick], form, input, select, textarea"

from selectolax.lexbor import LexborHTMLParser
import lxml.html

def lexbor(data):
    return LexborHTMLParser(data)

def lxml_html(data):
    return lxml.html.document_fromstring(data)

def interactive(name, tree):
    if name == "lexbor":
        return len(tree.css(INTERACTIVE))
    return len(tree.xpath("//a|//button|//*[@onclick]|//form|//input|//select|//textarea"))

PEERS = {"lexbor": lexbor, "lxml": lxml_html}

def timed(name, fn, data, runs):
    count = interactive(name, fn(data))
    for _ in range(2):
        fn(data)
    reps, t = 1, 0.0
    while True:  # find a repetition count that lasts ≥ 20 ms, for clock resolution
        t0 = time.perf_counter()
        for _ in range(reps):
            fn(data)
        t = time.perf_counter() - t0
        if t >= 0.02:
            break
        reps *= 2
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn(data)
        samples.append((time.perf_counter() - t0) / reps)
    samples.sort()
    return samples[len(samples) // 2], samples[0], samples[-1], count

def main(argv):
    runs = 7
    if "--runs" in argv:
        i = argv.index("--runs"); runs = int(argv[i + 1]); del argv[i:i + 2]
    for path in argv:
        raw = open(path, "rb").read()
        for name, fn in PEERS.items():
            data = raw
            med, lo, hi, count = timed(name, fn, data, runs)
            print(json.dumps({"file": path, "peer": name, "bytes": len(raw), "median_s": med, "min_s": lo,
                              "max_s": hi, "interactive": count}), flush=True)

if __name__ == "__main__":
    main(sys.argv[1:])
