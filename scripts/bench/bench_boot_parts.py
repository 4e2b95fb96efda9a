#!/usr/bin/env python3
"""What each part of the app's page costs before Python starts.

Alternates first visits (each in a fresh browser profile, as scripts/bench/bench_boot.py does) to
the app's page and to pages cut down from it, and prints, for each, the medians of when
runtime.mjs ran (the mark "manni:runtime-module") and when Python started (the mark
"manni:python-starts": Pyodide calls fsInit), and the median of each run's difference from
the app's page in when Python started. The cut-down pages are made from index.html as it is
and served from memory beside it, so their URLs resolve as its own do:
  app        index.html
  no-extras  only runtime.mjs and boot.js of the page's scripts and modules, and of the
             preloads only the runtime's (the stylesheet stays)
  markup     the same without boot.js and the stylesheet: the markup, its inline style and
             runtime.mjs
  runtime    a page of nothing but the table's element, runtime.mjs and the runtime's
             preloads
  bare       static/bare.html (a bare loadPyodide())
The cut-down pages lack what the table needs and need not become playable: only the start
is measured. Not a test: it only prints figures.

Usage: python3 scripts/bench/bench_boot_parts.py [--phone] [--runs 12]
Needs: npm ci && python3 scripts/vendor.py, and playwright (requirements-dev.txt).
"""
from __future__ import annotations

import argparse
import gzip
import re
import statistics
import sys
from urllib.parse import urlsplit

import bench_boot
from bench_boot import PHONE_CPU, ROOT
from bench_boot import RUNTIME_FILES as RUNTIME
from browser import check_vendored

RUNTIME_MJS = "static/vendor/runtime.mjs"
BOOT_JS = "static/vendor/boot.js"
STYLESHEET = re.compile(r'[ \t]*<link rel="stylesheet"[^>]*>\n')
PRELOAD = re.compile(r'[ \t]*<link rel="(?:module)?preload" href="\./([^"]+)"[^>]*>\n')
SCRIPT = re.compile(r'[ \t]*<script [^>]*src="\./([^"]+)"[^>]*></script>\n')
TEMPLATE = re.compile(r'<template id="pyscript-later">.*?</template>', re.S)
MARKS = """() => {
  const ran = performance.getEntriesByName("manni:runtime-module", "mark");
  const starts = performance.getEntriesByName("manni:python-starts", "mark");
  return ran.length && starts.length ? [ran[ran.length - 1].startTime, starts[0].startTime] : null;
}"""
TIMEOUT_MS = 120_000


def _cut(html: str, scripts: tuple[str, ...], stylesheet: bool) -> str:
    """index.html without the scripts not in `scripts`, the preloads not of the runtime
    and, unless `stylesheet`, the stylesheet; PyScript's template (after playable) as is."""
    later = TEMPLATE.search(html)
    if not later:
        raise SystemExit("index.html has no <template id=\"pyscript-later\">: update this script")
    head, tail = html[:later.start()], html[later.end():]

    def cut(part: str) -> str:
        part = PRELOAD.sub(lambda m: m.group(0) if m.group(1) in RUNTIME else "", part)
        part = SCRIPT.sub(lambda m: m.group(0) if m.group(1) in scripts else "", part)
        return part if stylesheet else STYLESHEET.sub("", part)
    return cut(head) + later.group(0) + cut(tail)


def pages(html: str) -> dict[str, str]:
    """The cut-down pages, by name, made from index.html's text."""
    preloads = [m.group(0) for m in PRELOAD.finditer(html) if m.group(1) in RUNTIME]
    found = {m.group(1) for m in SCRIPT.finditer(html)}
    missing = [f for f in (RUNTIME_MJS, BOOT_JS) if f not in found]
    if missing or len(preloads) != len(RUNTIME) or not STYLESHEET.search(html):
        raise SystemExit(f"index.html is not shaped as this script expects (scripts {missing} "
                         f"or {len(RUNTIME) - len(preloads)} runtime preloads missing, or no "
                         "stylesheet): update this script")
    runtime = ("<!doctype html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n"
               "  <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
               "  <title>Manni</title>\n  <link rel=\"icon\" href=\"data:,\">\n</head>\n<body>\n"
               "  <main id=\"table\" data-phase=\"loading\"><div id=\"game\"></div></main>\n"
               f"  <script type=\"module\" async src=\"./{RUNTIME_MJS}\"></script>\n"
               + "".join(preloads) + "</body>\n</html>\n")
    return {"no-extras": _cut(html, (RUNTIME_MJS, BOOT_JS), True),
            "markup": _cut(html, (RUNTIME_MJS,), False),
            "runtime": runtime}


class _PartsHandler(bench_boot._GzipHandler):
    """The benchmark's static host, with the cut-down pages served from memory."""
    parts: dict[str, bytes] = {}

    def do_GET(self, body: bool = True):
        page = self.parts.get(urlsplit(self.path).path)
        if page is None:
            super().do_GET(body)
            return
        data = gzip.compress(page, 6)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if body:
            self.wfile.write(data)


def visit(p, url: str, phone: bool) -> tuple[float, float]:
    with bench_boot.fresh_page(p, phone) as page:
        page.goto(url)
        ran, starts = page.wait_for_function(MARKS, timeout=TIMEOUT_MS).json_value()
    return ran, starts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--phone", action="store_true",
                    help=f"throttle: CPU {PHONE_CPU}x, 9 Mbit/s down, 60 ms round trip")
    ap.add_argument("--runs", type=int, default=12, help="runs per page (default 12)")
    args = ap.parse_args()
    problem = check_vendored()
    if problem:
        print(f"bench_boot_parts.py: {problem}", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    cut = pages((ROOT / "index.html").read_text(encoding="utf-8"))
    _PartsHandler.parts = {f"/bench-part-{name}.html": html.encode("utf-8")
                           for name, html in cut.items()}
    urls = {"app": "/index.html", **{name: f"/bench-part-{name}.html" for name in cut},
            "bare": "/static/bare.html"}
    got: dict[str, list[tuple[float, float]]] = {name: [] for name in urls}
    with bench_boot.GzipServer(_PartsHandler) as server, sync_playwright() as p:
        for i in range(args.runs):
            for name, path in urls.items():
                got[name].append(visit(p, server.url + path, args.phone))
            print(f"run {i + 1}/{args.runs}: Python started at "
                  + ", ".join(f"{n} {v[-1][1] / 1000:.2f} s" for n, v in got.items()),
                  file=sys.stderr)
    where = "phone-class (CPU 4x, 9 Mbit/s, 60 ms RTT)" if args.phone else "unthrottled"
    print(f"Before Python starts: medians of {args.runs} alternating first visits, {where}, gzip")
    print(f"{'page':12}{'runtime.mjs runs':>18}{'Python starts':>15}{'vs app (paired)':>18}")
    for name, v in got.items():
        diff = statistics.median(s - a for (_, s), (_, a) in zip(v, got["app"]))
        print(f"{name:12}{statistics.median(r for r, _ in v) / 1000:>17.3f}s"
              f"{statistics.median(s for _, s in v) / 1000:>14.3f}s{diff:>+15.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
