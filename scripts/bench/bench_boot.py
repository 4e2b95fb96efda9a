#!/usr/bin/env python3
"""Boot-time benchmark: how fast does the page paint and become playable?

Opens index.html, static/bare.html (a bare loadPyodide() of the same vendored runtime,
the floor) and static/bare-pyscript.html (the same runtime through PyScript, running one
line: PyScript's own cost) in headless Chromium, alternating them in one run, each in a
fresh browser profile, opened once the browser has done its own start-up (as a link opened
in a browser already running), and prints medians of
  - first paint (the first-contentful-paint entry),
  - loading text (the app only): when the loading message first paints in the player's
    language (Element Timing of #boot-message: it is hidden until boot.js has run),
  - playable: the moment data-phase leaves "loading" (#table on the app page, <body> on
    the bare page), from navigation start,
  - bytes on the wire up to that moment (Resource Timing transferSize; the game's worker's
    download from the size static/js/runtime.mjs puts on its mark "manni:zip-arrived"),
for a first visit (empty profile) and a return visit (the same profile, page opened
again, after the app has stored its runtime snapshot and its service worker is active),
the ratios to bare Pyodide (of the medians, with a bootstrap 90% interval over the runs,
and the median of each run's own ratio: the pages of one run are opened about a minute
apart, so a machine that slows down for a while moves both), and the app's first visit
step by step: the medians of its start-up's performance measures ("manni:<step>",
static/js/runtime.mjs and static/main.py: when each starts, how long it takes), beside the
same steps of the bare page (static/bare.html marks the runtime's own), and when the
runtime's files arrived on each page. --first-only skips the return visit.
The site is served from 127.0.0.1 by a gzip-compressing static server (html, js, mjs,
css, json, wasm, toml, py, webmanifest; zips are already compressed), with
Cache-Control: max-age=600 and Last-Modified revalidation, as GitHub Pages does.

--phone adds what Lighthouse calls a mid-range phone on 4G: CPU throttled 4x and
9 Mbit/s down, 60 ms round trip, through the DevTools protocol. Not a test: it only
prints figures.

--before DIR alternates a fourth page: the app of another built checkout (say a worktree
of the commit before a change, after scripts/vendor.py there), served under /before/, and
prints the app's ratio to it.

Usage: python3 scripts/bench/bench_boot.py [--phone] [--runs 5] [--pages app,bare,pyscript]
                                      [--before DIR] [--first-only] [--json]
Needs: npm ci && python3 scripts/vendor.py, and playwright (requirements-dev.txt).
"""
from __future__ import annotations

import argparse
import contextlib
import email.utils
import gzip
import http.server
import json
import mimetypes
import random
import socketserver
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "scripts" / "bench"))

from browser import check_vendored, launch_args  # noqa: E402
from browser_procs import settle  # noqa: E402

GZIP_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".toml", ".py",
                 ".webmanifest", ".txt", ".pot", ".po"}
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".toml": "application/toml",
         ".py": "text/x-python"}
# Files whose arrival (Resource Timing responseEnd) the step table shows.
ARRIVALS = ["pyodide.asm.wasm", "python_stdlib.zip"]  # manni.zip: a worker's, see zip-fetch
# What loadPyodide() fetches, in the order the start needs them (index.html preloads them
# in this order, after the runtime's module; tests/e2e/test_boot.py keeps it).
RUNTIME_FILES = ("static/vendor/pyodide/pyodide.asm.wasm",
                 "static/vendor/pyodide/python_stdlib.zip",
                 "static/vendor/pyodide/pyodide-lock.json",
                 "static/vendor/pyodide/pyodide.asm.mjs")
PHONE_CPU = 4
PHONE_NET = {"offline": False, "latency": 60, "downloadThroughput": 9_000_000 / 8,
             "uploadThroughput": 9_000_000 / 8 / 4}
TIMEOUT_MS = 180_000

# Records performance.now() when any element's data-phase first leaves "loading", and
# the bytes transferred by then; and when the loading message first painted.
PHASE_PROBE = """
(() => {
  window.__bootReadyAt = null;
  window.__bootTextAt = null;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.identifier === "boot-message" && window.__bootTextAt === null) {
          window.__bootTextAt = e.renderTime || e.loadTime;
        }
      }
    }).observe({ type: "element", buffered: true });
  } catch { /* no Element Timing: no figure */ }
  const bytes = () => {
    let n = 0;
    for (const e of performance.getEntriesByType("resource")) n += e.transferSize || 0;
    const nav = performance.getEntriesByType("navigation")[0];
    // manni.zip comes through a worker: static/js/runtime.mjs puts its size on this mark
    const zip = performance.getEntriesByName("manni:zip-arrived")[0];
    return n + (nav ? nav.transferSize || 0 : 0) + ((zip && zip.detail && zip.detail.transferSize) || 0);
  };
  const obs = new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (el.dataset && el.dataset.phase && el.dataset.phase !== "loading"
          && window.__bootReadyAt === null) {
        window.__bootReadyAt = performance.now();
        window.__bootPhase = el.dataset.phase;
        window.__bootBytes = bytes();
        // scripts/bench/bench_boot_cpu.py reads the processes' CPU times at this moment
        if (typeof window.__bootReadyCall === "function") window.__bootReadyCall();
        const tell = () => console.debug("READY_MESSAGE");
        if (document.readyState === "complete") tell();
        else addEventListener("load", tell, { once: true });
      }
    }
  });
  obs.observe(document, { attributes: true, attributeFilter: ["data-phase"], subtree: true });
})();
"""
# Said on the console once the page is playable and loaded: waited for as a console message,
# not with wait_for_function, whose polling script (about 0.3 MB, evaluated on the page's
# thread the first time it is used) would run in the middle of the start-up it measures.
READY_MESSAGE = "manni-bench: ready"
PHASE_PROBE = PHASE_PROBE.replace("READY_MESSAGE", READY_MESSAGE)

READ_METRICS = """
() => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const steps = {};
  for (const m of performance.getEntriesByType("measure")) {
    if (m.name.startsWith("manni:")) steps[m.name.slice(6)] = [m.startTime, m.duration];
  }
  const arrived = {};
  for (const e of performance.getEntriesByType("resource")) {
    const name = e.name.split("/").pop();
    if (ARRIVALS.includes(name)) arrived[name] = e.responseEnd;
  }
  return { fcp: fcp ? fcp.startTime : null, text: window.__bootTextAt, ready: window.__bootReadyAt,
           phase: window.__bootPhase || null, bytes: window.__bootBytes,
           boot: document.documentElement.dataset.boot || null, steps, arrived };
}
""".replace("ARRIVALS", json.dumps(ARRIVALS))

# The app's return visit is measured once what makes it fast is in place.
WAIT_APP_STORED = ("() => document.documentElement.dataset.snapshot"
                   " && document.documentElement.dataset.sw === 'active'")


class _GzipHandler(http.server.BaseHTTPRequestHandler):
    """GET/HEAD of files under ROOT, gzip-compressed in memory once, like a static host."""
    cache: dict[Path, tuple[bytes, bytes | None, float]] = {}
    lock = threading.Lock()

    def log_message(self, format, *args):  # noqa: A002
        pass

    before: Path | None = None  # --before: another built checkout, served under /before/

    def _file(self) -> Path | None:
        path = unquote(urlsplit(self.path).path)
        root = ROOT
        if self.before is not None and path.startswith("/before/"):
            root, path = self.before, path[len("/before"):]
        target = (root / path.lstrip("/")).resolve()
        if target.is_dir():
            target = target / "index.html"
        if root not in target.parents or not target.is_file():
            return None
        return target

    @classmethod
    def entry(cls, f: Path):
        mtime = f.stat().st_mtime
        with cls.lock:
            got = cls.cache.get(f)
            if got is None or got[2] != mtime:
                raw = f.read_bytes()
                packed = gzip.compress(raw, 6) if f.suffix in GZIP_SUFFIXES else None
                got = cls.cache[f] = (raw, packed, mtime)
        return got

    def do_HEAD(self):
        self.do_GET(body=False)

    def do_GET(self, body: bool = True):
        f = self._file()
        if f is None:
            self.send_error(404)
            return
        raw, packed, mtime = self.entry(f)
        last_modified = email.utils.formatdate(int(mtime), usegmt=True)
        if self.headers.get("If-Modified-Since") == last_modified:
            self.send_response(304)
            self.send_header("Cache-Control", "max-age=600")
            self.end_headers()
            return
        use_gzip = packed is not None and "gzip" in self.headers.get("Accept-Encoding", "")
        data = packed if use_gzip else raw
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(f.suffix) or mimetypes.guess_type(f.name)[0]
                         or "application/octet-stream")
        if use_gzip:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", last_modified)
        self.send_header("Cache-Control", "max-age=600")
        self.end_headers()
        if body:
            try:
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        pass


class GzipServer:
    def __init__(self, handler: type[_GzipHandler] = _GzipHandler):
        self.handler = handler

    def __enter__(self):
        # Compressed before the first run, which would otherwise wait for it.
        roots = [ROOT] + ([_GzipHandler.before] if _GzipHandler.before else [])
        for f in [f for r in roots for f in (r / "index.html", *(r / "static").rglob("*"))]:
            if f.is_file() and f.suffix in GZIP_SUFFIXES:
                _GzipHandler.entry(f)
        self.httpd = _Server(("127.0.0.1", 0), self.handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def open_until_ready(page, url: str) -> None:
    """Opens `url` (a page with PHASE_PROBE) and returns once it is playable and loaded."""
    with page.expect_console_message(lambda m: m.text == READY_MESSAGE, timeout=TIMEOUT_MS):
        page.goto(url)


def measure(page, url: str) -> dict:
    open_until_ready(page, url)
    for _ in range(20):  # FCP can be reported a frame later
        m = page.evaluate(READ_METRICS)
        if m["fcp"] is not None:
            break
        page.wait_for_timeout(50)
    if m["phase"] == "error":
        raise SystemExit(f"page reached phase 'error' ({page.url})")
    return m


@contextlib.contextmanager
def fresh_context(p, phone: bool, init_script: str | None = None):
    """(page, profile folder): a page in a persistent context on a fresh profile: empty
    cache, but a disk cache like a real browser's (an incognito context's memory cache would
    not keep the wasm); throttled phone-class if `phone`. The browser has done its own
    start-up first (browser_procs.settle): a link is opened in a browser already running.
    Closed on leaving."""
    with tempfile.TemporaryDirectory(prefix="manni-bench-") as profile:
        ctx = p.chromium.launch_persistent_context(
            profile, **launch_args(), viewport={"width": 360, "height": 740})
        try:
            if init_script:
                ctx.add_init_script(init_script)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            if phone:
                cdp = ctx.new_cdp_session(page)
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", PHONE_NET)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
            settle(profile)
            yield page, profile
        finally:
            ctx.close()


@contextlib.contextmanager
def fresh_page(p, phone: bool, init_script: str | None = None):
    """fresh_context's page."""
    with fresh_context(p, phone, init_script) as (page, _):
        yield page


def visit_twice(p, url: str, app: bool, phone: bool,
                again: bool = True) -> tuple[dict, dict | None]:
    with fresh_page(p, phone, PHASE_PROBE) as page:
        first = measure(page, url)
        if not again:
            return first, None
        if app:
            page.wait_for_function(WAIT_APP_STORED, timeout=TIMEOUT_MS)
        back = measure(page, url)
        if app and back["boot"] != "snapshot":
            print(f"warning: the app's return visit booted {back['boot']!r}", file=sys.stderr)
    return first, back


PAGES = {"app": "/index.html", "bare": "/static/bare.html",
         "pyscript": "/static/bare-pyscript.html", "before": "/before/index.html"}
APPS = ("app", "before")


def run(runs: int, phone: bool, pages: list[str], again: bool = True) -> dict:
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list]] = {}
    with GzipServer() as server, sync_playwright() as p:
        for i in range(runs):
            for name in pages:
                first, back = visit_twice(p, server.url + PAGES[name], name in APPS, phone, again)
                r = results.setdefault(name, {})
                for visit, m in (("first", first), ("return", back)):
                    for k in ("fcp", "text", "ready", "bytes", "steps", "arrived"):
                        r.setdefault(f"{k}_{visit}", []).append(m[k] if m else None)
                print(f"run {i + 1}/{runs} {name}: first {first['ready'] / 1000:.2f} s"
                      + (f", return {back['ready'] / 1000:.2f} s" if back else ""), file=sys.stderr)
    return results


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else float("nan")


def ratio_interval(page: list, bare: list, level: float = 0.90,
                   resamples: int = 2000) -> tuple[float, float]:
    """A bootstrap interval (seeded, so the same figures give the same interval) of
    median(page) / median(bare), resampling whole runs: the pages of one run were opened
    one after the other, on the machine as it was then."""
    pairs = [(a, b) for a, b in zip(page, bare) if a is not None and b is not None]
    rng = random.Random(0)
    ratios = []
    for _ in range(resamples):
        pick = [rng.choice(pairs) for _ in pairs]
        ratios.append(statistics.median(a for a, _ in pick) / statistics.median(b for _, b in pick))
    ratios.sort()
    tail = int(resamples * (1 - level) / 2)
    return ratios[tail], ratios[resamples - 1 - tail]


def step_table(res: dict, visit: str) -> list[str]:
    """The app's start-up steps (its "manni:" measures) and the runtime's downloads, by
    median start, with the bare pages' downloads beside them."""
    steps: dict[str, list] = {}
    for run_steps in res["app"][f"steps_{visit}"]:
        for name, (start, took) in run_steps.items():
            steps.setdefault(name, []).append((start, took))
    rows = [(median([a for a, _ in v]), median([b for _, b in v]), name)
            for name, v in steps.items()]
    names = [n for n in res if n != "app"]
    # the same steps on the other pages: when they end, how long they take
    others = {n: {name: (median([s[name][0] + s[name][1] for s in res[n][f"steps_{visit}"]
                                 if name in s]),
                         median([s[name][1] for s in res[n][f"steps_{visit}"] if name in s]))
                  for name in steps} for n in names}
    arrivals: dict[str, dict[str, float]] = {}
    for page, r in res.items():
        for f in ARRIVALS:
            arrivals.setdefault(f, {})[page] = median([a.get(f) for a in r[f"arrived_{visit}"]])
    lines = [f"{'step (app, ' + visit + ' visit)':34}{'starts':>9}{'takes':>9}{'ends':>9}"
             + "".join(f"{n + ' ends':>12}{'takes':>9}" for n in names)]
    for start, took, name in sorted(rows):
        line = f"{name:34}{start / 1000:>8.2f}s{took / 1000:>8.2f}s{(start + took) / 1000:>8.2f}s"
        for n in names:
            end, other = others[n][name]
            line += (f"{end / 1000:>11.2f}s{other / 1000:>8.2f}s" if end == end
                     else f"{'':>12}{'':>9}")
        lines.append(line.rstrip())
    lines.append(f"{'arrived':34}{'app':>9}" + "".join(f"{n:>9}" for n in names))
    for f, at in arrivals.items():
        cells = [at.get("app", float("nan"))] + [at.get(n, float("nan")) for n in names]
        lines.append(f"{f:34}" + "".join(f"{c / 1000:>8.2f}s" if c == c else f"{'-':>9}"
                                         for c in cells))
    return lines


LABELS = {"app": "app (index.html)", "bare": "bare Pyodide", "pyscript": "bare PyScript",
          "before": "app (--before)"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--phone", action="store_true",
                    help=f"throttle: CPU {PHONE_CPU}x, 9 Mbit/s down, 60 ms round trip")
    ap.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    ap.add_argument("--pages", default=",".join(PAGES),
                    help=f"pages to alternate, of {','.join(PAGES)} (default: all)")
    ap.add_argument("--first-only", action="store_true",
                    help="first visits only (no return visit): twice the runs in the same time")
    ap.add_argument("--before", type=Path, metavar="DIR",
                    help="also alternate the app of another built checkout (a page 'before')")
    ap.add_argument("--json", action="store_true", help="print raw results as JSON")
    args = ap.parse_args()
    pages = args.pages.split(",")
    if args.before:
        if not (args.before / "static/vendor/runtime.mjs").is_file():
            ap.error(f"--before: {args.before} has no built runtime (run scripts/vendor.py there)")
        _GzipHandler.before = args.before.resolve()
        pages += [] if "before" in pages else ["before"]
    if "app" not in pages or not set(pages) <= set(PAGES) or ("before" in pages) != bool(args.before):
        ap.error(f"--pages: app and any of {', '.join(PAGES)} ('before' with --before)")
    problem = check_vendored()
    if problem:
        print(f"bench_boot.py: {problem}", file=sys.stderr)
        return 1

    res = run(args.runs, args.phone, pages, again=not args.first_only)
    if args.json:
        print(json.dumps(res, indent=2))
        return 0

    exe = launch_args().get("executable_path", "Playwright's Chromium")
    where = (f"phone-class (CPU {PHONE_CPU}x, 9 Mbit/s, 60 ms RTT)" if args.phone
             else "unthrottled")
    print(f"Boot benchmark: medians of {args.runs} alternating runs, headless {exe}, "
          f"{where}, gzip, 360x740")
    print(f"{'':26}" + "".join(f"{LABELS[n]:>18}" for n in pages))
    visits = ("first",) if args.first_only else ("first", "return")
    for label, key in (("first paint, first visit", "fcp_first"),
                       ("loading text, first visit", "text_first"),
                       ("playable, first visit", "ready_first"),
                       ("first paint, return", "fcp_return"),
                       ("loading text, return", "text_return"),
                       ("playable, return", "ready_return")):
        if key.endswith("return") and args.first_only:
            continue
        cells = [median(res[n][key]) for n in pages]
        print(f"{label:26}" + "".join(f"{c / 1000:>16.2f} s" if c == c else f"{'-':>18}"
                                      for c in cells))
    for visit in visits:
        label = f"on the wire, {'first visit' if visit == 'first' else 'return'}"
        print(f"{label:26}" + "".join(f"{median(res[n][f'bytes_{visit}']) / 1e6:>15.2f} MB"
                                      for n in pages))
    for visit in visits:
        if "bare" in res:
            bare = res["bare"][f"ready_{visit}"]
            ratios = []
            for n in pages:
                if n == "bare":
                    continue
                mine = res[n][f"ready_{visit}"]
                low, high = ratio_interval(mine, bare)
                ratios.append(f"{n} {median(mine) / median(bare):.3f}x (90% interval {low:.3f}x-"
                              f"{high:.3f}x; each run's: median "
                              f"{median([a / b for a, b in zip(mine, bare)]):.3f}x)")
            print(f"playable against bare Pyodide, {visit} visit: {', '.join(ratios)}")
        if "before" in res:
            mine, old = res["app"][f"ready_{visit}"], res["before"][f"ready_{visit}"]
            low, high = ratio_interval(mine, old)
            diffs = [a - b for a, b in zip(mine, old)]
            print(f"playable against --before, {visit} visit: {median(mine) / median(old):.3f}x "
                  f"(90% interval {low:.3f}x-{high:.3f}x); each run's difference: median "
                  f"{median(diffs):+.0f} ms")
    print("(playable = data-phase leaves 'loading'; bytes up to that moment)")
    print()
    print("\n".join(step_table(res, "first")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
