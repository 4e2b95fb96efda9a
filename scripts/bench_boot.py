#!/usr/bin/env python3
"""Boot-time benchmark: how fast does the page paint and become playable?

Opens index.html and static/bare.html (bare loadPyodide(), the floor PyScript
adds to) in headless Chromium, served from 127.0.0.1, and prints medians over
N runs of
  - first contentful paint (performance paint entry), and
  - ready: the moment data-phase leaves "loading" (#table on the app page,
    <body> on the bare page), measured in the page from navigation start,
each cold (fresh browser profile, empty cache) and warm (reload in the same
profile, disk cache), plus the app/bare ratio. Not a test; it only prints figures.

Usage: python3 scripts/bench_boot.py [--runs 5] [--json]
Needs: npm ci && python3 scripts/vendor.py, and playwright (requirements-dev.txt).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from browser import StaticServer, check_vendored, launch_args  # noqa: E402

# Records performance.now() when any element's data-phase first leaves "loading".
PHASE_PROBE = """
(() => {
  window.__bootReadyAt = null;
  const obs = new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (el.dataset && el.dataset.phase && el.dataset.phase !== "loading"
          && window.__bootReadyAt === null) {
        window.__bootReadyAt = performance.now();
        window.__bootPhase = el.dataset.phase;
      }
    }
  });
  obs.observe(document, { attributes: true, attributeFilter: ["data-phase"], subtree: true });
})();
"""

READ_METRICS = """
() => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  let bytes = 0;
  for (const e of performance.getEntriesByType("resource")) bytes += e.transferSize || 0;
  const nav = performance.getEntriesByType("navigation")[0];
  if (nav) bytes += nav.transferSize || 0;
  return { fcp: fcp ? fcp.startTime : null, ready: window.__bootReadyAt,
           phase: window.__bootPhase || null, bytes };
}
"""

WAIT_READY = "() => window.__bootReadyAt !== null && document.readyState === 'complete'"
TIMEOUT_MS = 120_000


def measure(page, navigate) -> dict:
    navigate()
    page.wait_for_function(WAIT_READY, timeout=TIMEOUT_MS)
    # FCP can be reported a frame after; give it a moment if still missing.
    for _ in range(20):
        m = page.evaluate(READ_METRICS)
        if m["fcp"] is not None:
            break
        page.wait_for_timeout(50)
    if m["phase"] == "error":
        raise SystemExit(f"page reached phase 'error' ({page.url})")
    return m


def run(runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[float]]] = {}
    with StaticServer() as server, sync_playwright() as p:
        for _ in range(runs):
            for name, path in (("app", "/index.html"), ("bare", "/static/bare.html")):
                url = server.url + path
                # A persistent context on a fresh profile: empty cache, but a disk
                # cache like a real browser's. (A plain new_context() is incognito:
                # its in-memory cache won't keep the 9.6 MB wasm, so "warm" would
                # download it again.)
                with tempfile.TemporaryDirectory(prefix="manni-bench-") as profile:
                    ctx = p.chromium.launch_persistent_context(
                        profile, **launch_args(), viewport={"width": 360, "height": 740})
                    try:
                        ctx.add_init_script(PHASE_PROBE)
                        page = ctx.pages[0] if ctx.pages else ctx.new_page()
                        cold = measure(page, lambda: page.goto(url))
                        warm = measure(page, lambda: page.reload())
                    finally:
                        ctx.close()
                r = results.setdefault(name, {})
                for k, v in (("fcp_cold", cold["fcp"]), ("ready_cold", cold["ready"]),
                             ("fcp_warm", warm["fcp"]), ("ready_warm", warm["ready"]),
                             ("bytes_cold", cold["bytes"]), ("bytes_warm", warm["bytes"])):
                    r.setdefault(k, []).append(v)
    return results


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    ap.add_argument("--json", action="store_true", help="print raw results as JSON")
    args = ap.parse_args()
    problem = check_vendored()
    if problem:
        print(f"bench_boot.py: {problem}", file=sys.stderr)
        return 1

    res = run(args.runs)
    if args.json:
        print(json.dumps(res, indent=2))
        return 0

    exe = launch_args().get("executable_path", "Playwright's Chromium")
    print(f"Boot benchmark: medians of {args.runs} runs, headless {exe}, 127.0.0.1, 360x740")
    print(f"{'':28}{'app (index.html)':>18}{'bare (loadPyodide)':>20}{'app/bare':>10}")
    rows = (("first paint, cold", "fcp_cold"), ("ready, cold", "ready_cold"),
            ("first paint, warm reload", "fcp_warm"), ("ready, warm reload", "ready_warm"))
    for label, key in rows:
        a, b = median(res["app"][key]), median(res["bare"][key])
        print(f"{label:28}{a / 1000:>16.2f} s{b / 1000:>18.2f} s{a / b:>9.2f}x")
    for label, key in (("transferred, cold", "bytes_cold"), ("transferred, warm", "bytes_warm")):
        a, b = median(res["app"][key]), median(res["bare"][key])
        print(f"{label:28}{a / 1e6:>15.2f} MB{b / 1e6:>17.2f} MB")
    print("(ready = data-phase leaves 'loading'; transfer is uncompressed: "
          "http.server does not gzip)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
