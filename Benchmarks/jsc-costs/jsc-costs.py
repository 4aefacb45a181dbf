#!/usr/bin/env python3
"""What a definition costs JavaScriptCore in a new context, in instructions (Docs/Benchmarks.md, tenth pass).

Builds contexts.c against Debian's libjavascriptcoregtk-4.1-0, then for each case counts the instructions of 50 and
of 250 contexts (20 and 70 with --quick) under callgrind (deterministic: one collector thread, no concurrent JIT) and
prints the cost of one item in one context: the difference over the difference of contexts, less the baseline
context's, over the N items. Needs cc, valgrind and the library. Usage: python3 Benchmarks/jsc-costs/jsc-costs.py [--quick]
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY = "/usr/lib/x86_64-linux-gnu/libjavascriptcoregtk-4.1.so.0"
N = 100


def iife(body):
    return "(function(){'use strict';" + body + "})()"


def unrolled(template):
    return "".join(template.format(i=i) for i in range(N))


# (what, mode, static members, source, baseline case)
CASES = [
    ("empty context (the baseline of the rows below)", 0, 0, iife("typeof member0;"), None),
    ("a static value of the global object's class (one of them read)", 1, N, iife("typeof member0;"), 0),
    ("a static function of the global object's class (one of them read)", 2, N, iife("typeof member0;"), 0),
    ("a function never called, in a linked body", 0, 0, iife("return;" + unrolled("function f{i}(a){{return a+{i}}}")), 0),
    ("an arrow function never made, in a linked body", 0, 0, iife("return;" + unrolled("const f{i}=(a)=>a+{i};")), 0),
    ("a const never captured, in a linked body", 0, 0, iife("return;" + unrolled("const c{i}={i};")), 0),
    ("a const captured by a closure never made", 0, 0,
     iife("return;" + unrolled("const c{i}={i};") + "const z=()=>" + "+".join(f"c{i}" for i in range(N)) + ";"), 0),
    ("a statement never run (a property write and a call), in a linked body", 0, 0,
     iife("const o={};return;" + unrolled("o.x{i}=o.y{i}+{i};o.f(o.z{i});")), 0),
    ("a method in a class body, run", 0, 0, iife("class K {" + unrolled("m{i}(a){{return a+{i}}}") + "}"), 0),
    ("a data property on the window: defineProperty, a new descriptor each time", 0, 0,
     iife("const g=globalThis;const def=(name,value)=>{Object.defineProperty(g,name,{value,writable:true,configurable:true,enumerable:false});};"
          + unrolled("def('m{i}',{{a:{i}}});")), 0),
    ("a data property on the window: defineProperty, one descriptor reused", 0, 0,
     iife("const g=globalThis;const D={__proto__:null,value:undefined,writable:true,configurable:true,enumerable:false};"
          "const def=(name,value)=>{D.value=value;Object.defineProperty(g,name,D);D.value=undefined;};"
          + unrolled("def('m{i}',{{a:{i}}});")), 0),
    ("a data property on the window: assignment", 0, 0, iife("const g=globalThis;" + unrolled("g.m{i}={{a:{i}}};")), 0),
    ("an accessor pair on the window: defineProperty", 0, 0,
     iife("const g=globalThis;" + unrolled("Object.defineProperty(g,'m{i}',{{get(){{return {i}}},set(v){{}},configurable:true,enumerable:false}});")), 0),
]


def count(binary, mode, members, contexts, source):
    # The package's engine options too (JSCLibrary.engineOptions): without them a helper called 100 times in one
    # context is compiled by the baseline JIT, and that compile is charged to the items (Docs/Benchmarks.md, eleventh pass).
    env = dict(os.environ, JSC_useConcurrentGC="0", JSC_numberOfGCMarkers="1",
               JSC_useParallelMarkingConstraintSolver="0", JSC_useConcurrentJIT="0",
               JSC_thresholdForJITAfterWarmUp="100000", JSC_thresholdForJITSoon="100000")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, str(mode),
                          str(contexts), str(members), source], env=env, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"contexts failed: {out.stderr.strip().splitlines()[-1:]}")
    for line in out.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1].replace(",", ""))
    sys.exit("no callgrind total")


def main():
    low, high = (20, 70) if "--quick" in sys.argv else (50, 250)
    with tempfile.TemporaryDirectory() as work:
        binary = os.path.join(work, "contexts")
        subprocess.run(["cc", "-O2", os.path.join(HERE, "contexts.c"), "-o", binary, LIBRARY], check=True)
        per_context = []
        print("| case | instructions per item per context |\n|---|---|")
        for what, mode, members, source, base in CASES:
            cost = (count(binary, mode, members, high, source) - count(binary, mode, members, low, source)) / (high - low)
            per_context.append(cost)
            if base is None:
                print(f"| {what} | {cost / 1000:.0f} K per context |")
            else:
                print(f"| {what} | {(cost - per_context[base]) / N / 1000:.2f} K |")


if __name__ == "__main__":
    main()
