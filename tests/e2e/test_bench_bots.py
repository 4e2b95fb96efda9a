"""static/bench.html (scripts/bench/bench_bots_browser.py) runs `bench-bots` in Pyodide.

No timing is asserted. Hard gets no time cap (its fixed work decides), so its decisions are
deterministic: one whole Classic deal played in the page (Match.apply checks every
action, so an illegal one fails the run) must take exactly as many decisions as the same
command in CPython on the same sources (static/manni.zip says which it was built from),
and sample as many worlds per searched move.
"""
import json
import os
import subprocess
import sys
import tempfile

import game_zips

from browser import ROOT

ARGV = ["bench-bots", "--json", "--levels", "hard", "--rules", "classic", "--deals", "1",
        "--seed", "3", "--hard-ms", "0"]


def test_bench_page_runs_bench_bots_like_cpython(page, base_url, monitor):
    page.goto(f"{base_url}/static/bench.html")
    page.wait_for_function("() => document.body.dataset.phase !== 'loading'", timeout=90_000)
    assert page.get_attribute("body", "data-phase") == "ready", page.inner_text("#status")
    r = page.evaluate("(argv) => window.manniCli(argv)", ARGV)
    assert r["rc"] == 0, r["err"]
    web = json.loads(r["out"])["hard"]
    monitor.assert_clean(page)

    assert game_zips.zip_sources_id(ROOT / "static" / "manni.zip") == game_zips.sources_id()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as cwd:
        out = subprocess.run([sys.executable, "-m", "manni", *ARGV], cwd=cwd, env=env,
                             capture_output=True, text=True, check=True).stdout
    cpy = json.loads(out)["hard"]

    assert web["decisions"] >= 3 * 8  # at least every card of a Classic deal is a decision
    assert web["decisions"] == cpy["decisions"]
    assert web["searched_moves"] == cpy["searched_moves"]
    assert (web["worlds_p5"], web["worlds_p50"]) == (cpy["worlds_p5"], cpy["worlds_p50"])
    assert web["worlds_p5"] > 0
    slowest = web["slowest"]  # the three longest decisions, longest first, and where
    assert [d["ms"] for d in slowest] == sorted((d["ms"] for d in slowest), reverse=True)
    assert slowest[0]["ms"] == web["max_ms"] and len(slowest) == 3
    assert all(d["rules"] == "classic" and d["phase"] in ("exchange", "play")
               and 1 <= d["hand"] <= 16 for d in slowest)
