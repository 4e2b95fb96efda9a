#!/usr/bin/env python3
"""Bots' decision time in the browser (Pyodide in headless Chromium) next to CPython.

Runs the very same command in both runtimes, `python -m manni bench-bots --json ...`
(manni.bots.tournament.bench: every decision of whole deals, each level in every
seat, timed around bot.steps() with the longest slice between yields):
  - CPython: this interpreter, importing manni from the working tree, which must be the
    sources static/manni.zip was built from (its comment says which: scripts/vendor.py);
  - Chromium: static/bench.html served from 127.0.0.1 loads the vendored Pyodide,
    unpacks static/manni.zip into its FS and calls manni.cli.main() in the page.
Prints p50 / p95 / max / longest slice (and worlds per searched move for Hard) of both,
and the ratio Chromium / CPython. Not a test; it only prints figures. The two runs are
sequential, never concurrent.

Usage: python3 scripts/bench/bench_bots_browser.py [--levels hard|all|easy,medium] [--deals 10]
           [--rules all] [--seed 1] [--hard-ms 130] [--hard-work N]
           [--expert-ms 1000] [--expert-work N] [--phone] [--json]
--phone throttles the page's CPU 4x (DevTools' CPU throttling, as bench_boot.py --phone):
phone-class decision times.
Needs: npm ci && python3 scripts/vendor.py, and playwright (requirements-dev.txt).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from browser import StaticServer, check_vendored, is_local, launch_args  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
import game_zips  # noqa: E402

sys.path.insert(0, str(ROOT))
from manni.variants import VARIANTS  # noqa: E402

ZIP = ROOT / "static" / "manni.zip"
READY = "() => document.body.dataset.phase !== 'loading'"
BOOT_TIMEOUT_MS = 120_000


def cpython(argv: list[str]) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory(prefix="manni-bench-") as cwd:
        proc = subprocess.run([sys.executable, "-m", "manni", *argv], cwd=cwd, env=env,
                              capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"CPython bench-bots failed ({proc.returncode}):\n{proc.stderr}")
    return json.loads(proc.stdout)


PHONE_CPU = 4  # DevTools CPU throttling rate for a mid-range phone (as bench_boot.py)


@contextmanager
def bench_page(phone: bool = False):
    """static/bench.html booted in headless Chromium, its CPU throttled ``PHONE_CPU``× with
    ``phone``: yields (page, runtime). Fails on an off-origin request or a page error."""
    from playwright.sync_api import sync_playwright

    offsite: list[str] = []
    errors: list[str] = []

    def route(r):
        if is_local(r.request.url):
            r.continue_()
        else:
            offsite.append(r.request.url)
            r.abort()

    with StaticServer() as server, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        try:
            page = browser.new_page()
            page.route("**/*", route)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.goto(server.url + "/static/bench.html")
            page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
            if page.get_attribute("body", "data-phase") != "ready":
                raise SystemExit(f"bench.html failed: {page.inner_text('#status')} {errors}")
            runtime = page.evaluate("window.manniRuntime")
            runtime["browser"] = browser.version
            if phone:
                cdp = page.context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
            yield page, runtime
        finally:
            browser.close()
    if offsite or errors:
        raise SystemExit(f"off-origin requests {offsite}, page errors {errors}")


def built_from_tree(script: str) -> bool:
    """Are the vendored runtime and static/manni.zip there, built from the tree's manni/?"""
    problem = check_vendored()
    if problem:
        print(f"{script}: {problem}", file=sys.stderr)
        return False
    if game_zips.zip_sources_id(ZIP) != game_zips.sources_id():
        print(f"{script}: static/manni.zip was built from other sources than "
              "the working tree's manni/ (CPython runs the tree, the page the zip); "
              "`python3 scripts/vendor.py` rebuilds it.", file=sys.stderr)
        return False
    return True


def chromium(argvs: list[list[str]], phone: bool = False) -> tuple[list[dict], dict]:
    results = []
    with bench_page(phone) as (page, runtime):
        for argv in argvs:
            r = page.evaluate("(argv) => window.manniCli(argv)", argv)
            if r["rc"]:
                raise SystemExit(f"bench-bots in Pyodide failed ({r['rc']}):\n{r['err']}")
            results.append(json.loads(r["out"]))
    return results, runtime


def fmt(x) -> str:
    return "<0.1" if x < 0.1 else f"{x:.1f}"


def ratio(a, b) -> str:
    return f"{a / b:.2f}x" if a >= 0.1 and b >= 0.1 else "-"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default="hard", help="hard (default), all, or e.g. easy,medium")
    ap.add_argument("--deals", type=int, default=10, help="deals per rule set (default 10)")
    ap.add_argument("--rules", default="all", help="bench-bots --rules (default all: "
                    "Classic, Hornafjarðarmanni, Trjámann and Laugavatnsmanni)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hard-ms", type=float, default=130,
                    help="Hard's time cap (the UI's; 0: none, fixed work: the ratio is the speed)")
    ap.add_argument("--hard-work", type=int, default=None,
                    help="Hard's work per move (default: the level's own)")
    ap.add_argument("--expert-ms", type=float, default=1000, help="Expert's time budget")
    ap.add_argument("--expert-work", type=int, default=None,
                    help="Expert's work per move (default: the level's own)")
    ap.add_argument("--phone", action="store_true",
                    help=f"throttle the page's CPU {PHONE_CPU}x (phone-class)")
    ap.add_argument("--json", action="store_true", help="print raw results as JSON")
    args = ap.parse_args()
    if not built_from_tree("bench_bots_browser.py"):
        return 1

    levels = (["easy", "medium", "hard", "expert"] if args.levels == "all"
              else args.levels.split(","))
    common = ["--rules", args.rules, "--deals", str(args.deals), "--seed", str(args.seed),
              "--hard-ms", str(args.hard_ms),
              "--expert-ms", str(args.expert_ms)]
    if args.hard_work is not None:
        common += ["--hard-work", str(args.hard_work)]
    if args.expert_work is not None:
        common += ["--expert-work", str(args.expert_work)]
    argvs = [["bench-bots", "--json", "--levels", lvl, *common] for lvl in levels]

    load_before = os.getloadavg()[0]
    t0 = time.perf_counter()
    cpy = {}
    for argv in argvs:
        cpy.update(cpython(argv))
    t1 = time.perf_counter()
    res, runtime = chromium(argvs, args.phone)
    web = {k: v for r in res for k, v in r.items()}
    t2 = time.perf_counter()
    load = f"1-min load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after"
    if args.json:
        print(json.dumps({"argv": common, "cpython": cpy, "chromium": web, "runtime": runtime,
                          "python": sys.version.split()[0], "load": load}, indent=2))
        return 0

    hard = {"work": args.hard_work or "default", "budget_ms": args.hard_ms or None}
    rules = ", ".join(dict.fromkeys(r for r, _ in VARIANTS.values())) if args.rules == "all" \
        else args.rules
    throttle = f", Chromium CPU throttled {PHONE_CPU}x (phone-class)" if args.phone else ""
    print(f"decision time per move over {args.deals} deal(s) of {rules} (seed {args.seed}), "
          f"hard {hard}, every seat, whole deals{throttle}")
    print(f"CPython {sys.version.split()[0]} ({t1 - t0:.0f} s) vs headless Chromium "
          f"{runtime['browser']} + Pyodide {runtime['pyodide']} (Python {runtime['python']}, "
          f"{t2 - t1:.0f} s incl. boot), {os.cpu_count()} cores "
          f"(navigator.hardwareConcurrency {runtime['cores']}), {load}")
    head = (f"{'level':7} {'runtime':9} {'decisions':>9} {'p50':>8} {'p95':>8} {'max':>8} "
            f"{'slice p95':>10} {'slice max':>10} {'worlds p5/p50':>14}")
    print(head)
    print("-" * len(head))
    keys = ("p50_ms", "p95_ms", "max_ms", "longest_slice_p95_ms", "longest_slice_max_ms")
    for lvl in levels:
        a, b = cpy[lvl], web[lvl]
        for name, r in (("CPython", a), ("Chromium", b)):
            w = f"{r['worlds_p5']:g}/{r['worlds_p50']:g}" if "worlds_p50" in r else ""
            print(f"{lvl:7} {name:9} {r['decisions']:>9} "
                  + " ".join(f"{fmt(r[k]):>{10 if 'slice' in k else 8}}" for k in keys)
                  + f" {w:>14}")
        w = ratio(a["worlds_p50"], b["worlds_p50"]) if "worlds_p50" in a else ""
        print(f"{lvl:7} {'ratio':9} {'':>9} "
              + " ".join(f"{ratio(b[k], a[k]):>{10 if 'slice' in k else 8}}" for k in keys)
              + f" {w:>14}")
    print("(ms; ratio = Chromium / CPython for times, CPython / Chromium for worlds; "
          "with a time cap Hard stops at the cap or its work, whichever comes first)")
    for lvl in levels:
        for name, r in (("CPython", cpy[lvl]), ("Chromium", web[lvl])):
            print(f"slowest {lvl} {name}: " + ", ".join(
                f"{d['ms']:g} ms ({d['rules']} {d['phase']}, {d['hand']} cards)"
                for d in r["slowest"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
