"""The page boots offline: only 127.0.0.1, no errors, leaves the loading phase."""
import gzip
import io
import re
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

import bench_boot as _bench_boot
import pytest

from playwright.sync_api import expect


ROOT = Path(__file__).resolve().parents[2]
GZIP_SUFFIXES = _bench_boot.GZIP_SUFFIXES  # what the benchmark's host compresses
FIRST_VISIT_BUDGET = 5_200_000
HEADER_BYTES = 600  # a response's headers, about


def test_loading_shell_is_plain_html(page, base_url, monitor):
    # Before any Python, and even with no script at all: the table frame is there, and the
    # loading message (hidden until boot.js has chosen its language) shows after a while.
    page.route(re.compile(r".*/static/(vendor|js)/.*"), lambda route: route.abort())
    page.goto(f"{base_url}/index.html", wait_until="domcontentloaded")
    table = page.locator("#table")
    expect(table).to_be_visible()
    expect(table).to_have_attribute("data-phase", "loading")
    expect(page.locator("#boot-status")).to_be_visible()
    assert page.evaluate("window.manniBoot") is None
    expect(page.locator("#boot-message")).to_be_hidden()
    expect(page.locator("#boot-message")).to_be_visible(timeout=10_000)
    expect(page.locator("#boot-message")).to_have_text("Loading…")


def test_every_preloaded_file_exists():
    # The preloads name files of the pinned runtime; an upgrade that renames one must
    # update index.html (a missing preload would be reported as a failed start).
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    hrefs = re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', html)
    assert len(hrefs) >= 10
    missing = [h for h in hrefs if not (ROOT / h).is_file()]
    assert not missing, f"index.html preloads files the vendored runtime lacks: {missing}"


# What the runtime's start waits for, in the order it needs it: the runtime's module (one
# file, its imports in place), then what loadPyodide() fetches. Over HTTP/1.1 (six
# connections a host) whatever comes before these in index.html is fetched first.
RUNTIME_FIRST = list(_bench_boot.RUNTIME_FILES)


def test_the_runtimes_files_are_asked_for_first():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    body = html[html.index("<body>"):]
    later = body[body.index('<template id="pyscript-later">'):]
    later = later[:later.index("</template>")]
    fetched = re.findall(r'<(?:link rel="(?:module)?preload" href|script [^>]*src)="\./([^"]+)"',
                         body.replace(later, ""))
    assert fetched[0] == "static/vendor/runtime.mjs", fetched
    assert fetched[1:len(RUNTIME_FIRST) + 1] == RUNTIME_FIRST, fetched
    # PyScript's files only once the table is playable (runtime.mjs puts them in then)
    assert not [f for f in fetched if "/pyscript/" in f], fetched
    assert "./static/vendor/pyscript/core.js" in later and "./static/main.py" in later
    source = (ROOT / "static/js/runtime.mjs").read_text(encoding="utf-8")
    imported = re.findall(r'^import [^;]*? from "([^"]+)";', source, re.M)
    assert imported == ["../vendor/pyodide/pyodide.mjs", "../vendor/build.mjs",
                        "../vendor/package-loader.mjs", "../js/early-wasm.mjs",
                        "../js/game-files.mjs", "../js/snapshot-boot.mjs"], imported
    # the module the page runs has them in place: it asks for nothing before it runs
    module = (ROOT / "static/vendor/runtime.mjs").read_text(encoding="utf-8")
    assert not re.findall(r"^import\s", module, re.M)
    assert source.split('from "../js/snapshot-boot.mjs";\n', 1)[1] in module


def test_python_runs_without_stack_switching(page, base_url, boot):
    """Chromium has JSPI, which bare Pyodide uses; the page takes it away before Pyodide
    loads (docs/ui.md, "Without stack switching")."""
    page.goto(f"{base_url}/static/bare.html")
    assert page.evaluate("'Suspending' in WebAssembly")
    page.goto(f"{base_url}/index.html?snapshot=0")
    assert boot(page) not in ("loading", "error")
    assert not page.evaluate("'Suspending' in WebAssembly")


ARCHIVE_MODULES = ("shutil", "tempfile", "zipfile", "bz2", "lzma", "compression.zstd")


def test_python_starts_without_the_package_loaders_archive_modules(page, base_url, monitor, boot):
    """A plain start's Python imports Pyodide's package loader without shutil, tempfile,
    zipfile and the compression modules (static/py/package_loader.py): nothing before the
    first table uses them, and unpacking an archive imports them when it needs them."""
    # PyScript's start and main.py, after the table, import some of them: not here.
    page.route(re.compile(r".*/pyscript/core\.js$"), lambda route: route.fulfill(
        body="", content_type="text/javascript"))
    page.goto(f"{base_url}/index.html?snapshot=0")
    assert boot(page) not in ("loading", "error")
    run = """async (code) => {
      const runtime = await (await import("./static/vendor/runtime.mjs")).loadPyodide();
      return runtime.runPython(code);
    }"""
    imported = page.evaluate(run, f"import sys; [m for m in {ARCHIVE_MODULES!r} if m in sys.modules]")
    assert imported == [], imported
    assert page.evaluate(run, "import sys; type(sys.modules['pyodide._package_loader'].shutil).__name__") == "OnUse"
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("unpacked/hello.txt", "hello")
    assert page.evaluate("""async (bytes) => {
      const runtime = await (await import("./static/vendor/runtime.mjs")).loadPyodide();
      runtime.unpackArchive(new Uint8Array(bytes), "zip", { extractDir: "/tmp/archive" });
      return runtime.runPython(`
import shutil, sys
from pathlib import Path
(Path("/tmp/archive/unpacked/hello.txt").read_text(), "zipfile" in sys.modules,
 "whl" in [name for name, *_ in shutil.get_unpack_formats()])`).toJs();
    }""", list(archive.getvalue())) == ["hello", True, True]
    monitor.assert_clean(page)


def test_page_boots_offline_without_errors(page, base_url, monitor, boot):
    page.goto(f"{base_url}/index.html")
    expect(page.locator("#boot-message")).to_have_text(re.compile("Loading|Downloading|Starting"))
    phase = boot(page)
    assert phase not in ("loading", "error")
    expect(page.locator("#boot-status")).to_be_hidden()
    monitor.assert_clean(page)
    urls = monitor.requests
    # Fetched once (the preload, taken by Pyodide's own request) and compiled as it came,
    # from that request; the wrapped fetch() and instantiateStreaming() are the browser's again.
    assert [u for u in urls if u.endswith("/pyodide.asm.wasm")] == [
        f"{base_url}/static/vendor/pyodide/pyodide.asm.wasm"]
    expect(page.locator("html")).to_have_attribute("data-wasm", "early")
    assert page.evaluate("""() => [fetch, WebAssembly.instantiateStreaming]
        .every((f) => String(f).includes("[native code]"))""")
    assert any(u.endswith("/static/manni.zip") for u in urls)
    unused = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
    assert not [u for u in urls if any(f"/pyscript/{name}-" in u for name in unused)]
    # A first visit's bytes up to playable, as a gzip-compressing static host sends them
    # (scripts/bench/bench_boot.py measures the same in a browser; docs/performance.md).
    fetched = page.evaluate("() => [performance.getEntriesByType('navigation')[0].name,"
                            " ...performance.getEntriesByType('resource').map(e => e.name)]")
    # and what the game's worker fetched (not in the page's Resource Timing), whose size the
    # page keeps for the benchmark
    fetched += [u for u in urls if u.endswith("/static/manni.zip") and u not in fetched]
    zip_sent = page.evaluate("performance.getEntriesByName('manni:zip-arrived')[0].detail.transferSize")
    zip_size = (ROOT / "static/manni.zip").stat().st_size
    assert zip_size < zip_sent < zip_size + 2000, (zip_sent, zip_size)  # the body and its headers
    sent = sum(_gzip_size(_local_file(u)) + HEADER_BYTES for u in fetched)
    assert sent <= FIRST_VISIT_BUDGET, (
        f"a first visit sends {sent:,} bytes, over the budget of {FIRST_VISIT_BUDGET:,}")


def _local_file(url: str) -> Path:
    f = ROOT / unquote(urlsplit(url).path).lstrip("/")
    return f / "index.html" if f.is_dir() else f


def _gzip_size(f: Path) -> int:
    raw = f.read_bytes()
    return len(gzip.compress(raw, 6)) if f.suffix in GZIP_SUFFIXES else len(raw)


@pytest.mark.parametrize("compile_reads, requests", [(False, 1), (True, 2)])
def test_a_wasm_that_did_not_compile_as_it_came_is_instantiated_as_pyodide_would(
        page, base_url, monitor, boot, compile_reads, requests):
    # The early compile fails (as it would in a browser that rejects the answer), before or
    # after reading the body: Pyodide's instantiation takes the answer itself, or fetches
    # the wasm again if it was read, and the page starts as before. The link is slowed so
    # that the wasm is still arriving when the compile fails: cancelling it then would fail
    # its preload, which the loading screen reports.
    read = ".then((r) => r.arrayBuffer())" if compile_reads else ""
    page.add_init_script(f"""WebAssembly.compileStreaming = (source) =>
        Promise.resolve(source){read}.then(() => {{ throw new TypeError("not here"); }});""")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20,
        "downloadThroughput": 5_000_000, "uploadThroughput": 1_000_000})
    page.goto(f"{base_url}/index.html")
    assert boot(page) not in ("loading", "error")
    expect(page.locator("html")).to_have_attribute("data-wasm", "again")
    assert len([u for u in monitor.requests if u.endswith("/pyodide.asm.wasm")]) == requests
    monitor.assert_clean(page)


def test_runtime_failure_shows_error(page, base_url):
    # The wasm never arrives: the page must say so instead of spinning forever.
    page.route(re.compile(r".*pyodide\.asm\.wasm$"), lambda route: route.abort())
    page.goto(f"{base_url}/index.html")
    page.wait_for_function(
        "() => document.getElementById('table').dataset.phase === 'error'", timeout=60_000)
    expect(page.locator("#boot-message")).to_contain_text("could not start")
    expect(page.locator("#boot-reload")).to_be_visible()


@pytest.mark.parametrize("how", ["network error", "404"])
def test_a_download_that_failed_before_boot_js_ran_is_reported(page, base_url, how):
    # boot.js is deferred: hold it until the wasm has failed, so its error event fired
    # unheard; boot.js must find the failure in Resource Timing and say so.
    held, failed = [], []
    page.route(re.compile(r".*/static/vendor/boot\.js$"), lambda route: held.append(route))
    page.route(re.compile(r".*pyodide\.asm\.wasm$"), lambda route: (
        route.abort() if how == "network error" else route.fulfill(status=404, body="")))
    page.on("requestfinished", lambda r: r.url.endswith(".wasm") and failed.append(r))
    page.on("requestfailed", lambda r: r.url.endswith(".wasm") and failed.append(r))
    page.goto(f"{base_url}/index.html", wait_until="commit")
    page.wait_for_timeout(100)
    while not (held and failed):
        page.wait_for_timeout(50)
    assert page.evaluate("window.manniBoot") is None  # boot.js has not run yet
    held[0].continue_()
    page.wait_for_function(
        "() => document.getElementById('table').dataset.phase === 'error'", timeout=60_000)
    expect(page.locator("#boot-message")).to_contain_text("could not be loaded")
    expect(page.locator("#boot-detail")).to_contain_text("pyodide.asm.wasm")


def _zip_with(replaced: dict[str, bytes | None]) -> bytes:
    """static/manni.zip with the entries in ``replaced`` swapped (None: left out)."""
    out = io.BytesIO()
    with zipfile.ZipFile(ROOT / "static" / "manni.zip") as zin, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if info.filename not in replaced:
                zout.writestr(info, zin.read(info.filename))
        for name, data in replaced.items():
            if data is not None:
                zout.writestr(name, data)
    return out.getvalue()


def test_python_error_during_boot_shows_error(page, base_url, monitor):
    # The game's package raises as it is imported: the loading screen must turn it into a
    # visible error, and the monitor must notice it (an uncaught Python error fires no
    # `pageerror`).
    broken = _zip_with({"manni/__init__.pyc": None,
                        "manni/__init__.py": b"raise RuntimeError('boot exploded')\n"})
    page.route(re.compile(r".*/static/manni\.zip$"), lambda route: route.fulfill(
        status=200, content_type="application/zip", body=broken))
    page.goto(f"{base_url}/index.html")
    page.wait_for_function(
        "() => document.getElementById('table').dataset.phase === 'error'", timeout=90_000)
    expect(page.locator("#boot-message")).to_contain_text("Python error")
    expect(page.locator("#boot-detail")).to_contain_text("boot exploded")
    assert any("boot exploded" in t for t in monitor.console_errors)
    assert not monitor.page_errors  # the trap: nothing reaches pageerror
    with pytest.raises(AssertionError, match="console errors"):
        monitor.assert_clean(page)


# Every text the loading message shows, with the table's phase at that moment.
SAID = """window.manniSaid = [];
new MutationObserver(() => {
  const message = document.getElementById("boot-message");
  const text = message && message.textContent;
  const last = window.manniSaid[window.manniSaid.length - 1];
  if (text && (!last || last[0] !== text))
    window.manniSaid.push([text, document.getElementById("table").dataset.phase, performance.now()]);
}).observe(document, { subtree: true, childList: true, characterData: true });"""


def test_loading_screen_shows_steps_bytes_and_how_to_play(page, base_url, monitor, boot):
    # Hold the wasm back: the page must show the download step with the bytes so far,
    # a progress bar between empty and full, and the "How to play" card.
    held = []
    page.route(re.compile(r".*pyodide\.asm\.wasm$"), lambda route: held.append(route))
    page.add_init_script(SAID)
    page.goto(f"{base_url}/index.html")
    expect(page.locator("#boot-message")).to_have_text("Downloading Python…")
    expect(page.locator("#boot-detail")).to_have_text(re.compile(r"^\d+\.\d of \d+\.\d MB$"))
    page.wait_for_function("() => document.getElementById('boot-progress').value > 0")
    assert page.evaluate("() => document.getElementById('boot-progress').value") < 1
    expect(page.locator(".boot-howto")).to_be_visible()
    expect(page.locator(".boot-howto ul:not([hidden]) li")).to_have_count(5)  # Manni's card
    assert held, "the wasm request was not seen"
    for route in held:
        route.continue_()
    phase = boot(page)
    assert phase not in ("loading", "error")
    said = [(text, when) for text, at, when in page.evaluate("() => window.manniSaid")
            if at == "loading"]
    # In order; "Starting Python…" shows only if the page's thread was free between the last
    # download and Python's start. Nothing is said once Python is up: a text changed then
    # would be drawn in a frame of its own, ahead of the table's task.
    steps = ["Downloading Python…", "Starting Python…"]
    seen = [text for text, _ in said if text in steps]
    assert seen and seen == sorted(seen, key=steps.index), said
    up = page.evaluate("performance.getEntriesByName('manni:runtime-started')[0].startTime")
    assert all(when < up for _, when in said), (said, up)
    expect(page.locator(".boot-howto")).to_be_hidden()
    expect(page.locator("#boot-progress")).to_be_hidden()
    monitor.assert_clean(page)


# A first visit's steps one after another (static/js/runtime.mjs, static/main.py; their
# figures: scripts/bench/bench_boot.py, docs/performance.md). "import ..." stands for the first
# table's imports, one measure each. PyScript starts once the table is playable: its
# module, its start-up until it asks for the runtime, then its own Python and main.py.
BOOT_STEPS = ("runtime-module", "pyodide-load", "python-start", "game", "import ...",
              "first-render")
AFTER_PLAYABLE = ("pyscript-module", "pyscript-start", "pyscript-bootstrap", "later ...")
READ_MEASURES = """() => performance.getEntriesByType("measure")
  .filter((m) => m.name.startsWith("manni:"))
  .map((m) => [m.name.slice(6), m.startTime, m.startTime + m.duration])"""


def _in_order(steps: dict, chain: list[str], end: float) -> float:
    """Each step of ``chain`` starts where the one before it ended (the first at ``end``)
    and none goes backwards; returns where the last one ends."""
    missing = [n for n in chain if n not in steps]
    assert not missing, f"start-up steps not measured: {missing} (measured: {list(steps)})"
    for name in chain:
        start, stop = steps[name]
        assert abs(start - end) < 1 and stop >= start, (name, start, stop, end)
        end = stop
    return end


def test_every_start_up_step_is_measured_in_order(page, base_url, monitor, boot):
    page.goto(f"{base_url}/index.html")
    assert boot(page) not in ("loading", "error")
    assert page.get_attribute("html", "data-boot") == "plain"
    page.wait_for_function(
        "() => performance.getEntriesByName('manni:later manni.ui.page.net_link').length")
    measures = page.evaluate(READ_MEASURES)
    steps = {name: (start, end) for name, start, end in measures}

    def expand(names):
        return [n for step in names for n in (
            [m for m, _, _ in measures if m.startswith(step[:-3])] if step.endswith("...")
            else [step])]

    imports = expand(["import ..."])
    assert "import manni.ui.page.boot" in imports and len(imports) >= 3, imports
    playable = _in_order(steps, expand(BOOT_STEPS), 0.0)
    assert page.evaluate("performance.getEntriesByName('manni:playable')[0].startTime") == playable
    assert steps["html"][0] == 0 and steps["html"][1] < playable, steps["html"]
    later = expand(AFTER_PLAYABLE)
    assert {"later manni.bots", "later manni.ui.page.net_link"} <= set(later), later
    assert steps[later[0]][0] >= playable - 1, (later[0], playable)
    _in_order(steps, later, steps[later[0]][0])
    pyscript = page.evaluate("""() => performance.getEntriesByType("resource")
      .filter((e) => e.name.includes("/vendor/pyscript/")).map((e) => e.startTime)""")
    assert len(pyscript) >= 3 and min(pyscript) >= playable, (pyscript, playable)
    # The game's files: asked for before Python's start holds the page's thread (a worker
    # that is still starting gets its message through that thread), fetched off it, then
    # written, within "game".
    assert steps["zip-ask"][0] == steps["zip-fetch"][0]
    # (the same task: a millisecond or two at most, in the page clock's 0.1 ms steps)
    assert abs(steps["zip-ask"][0] - steps["pyodide-load"][1]) < 5, (steps["zip-ask"], steps["pyodide-load"])
    assert steps["zip-ask"][1] < steps["python-start"][1] - 1, (steps["zip-ask"], steps["python-start"])
    assert steps["zip-fetch"][1] <= steps["zip-unpack"][0]
    assert steps["game"][0] <= steps["zip-unpack"][0] <= steps["zip-unpack"][1] <= steps["game"][1]
    # The rest of the game's files: fetched once the table is playable, written before
    # PyScript gets the runtime (its package is among them, and main.py imports the rest).
    assert steps["later-fetch"][0] >= playable - 1, (steps["later-fetch"], playable)
    assert steps["later-fetch"][1] <= steps["later-write"][0], (steps["later-fetch"],
                                                                 steps["later-write"])
    assert steps["later-write"][1] <= steps["pyscript-bootstrap"][0], steps["later-write"]
    assert page.get_attribute("html", "data-game-later") == "fetched"
    # Python's garbage collector, off while the first table is made, is on again.
    assert page.evaluate("""async () => {
      const runtime = await (await import("./static/vendor/runtime.mjs")).loadPyodide();
      return runtime.runPython("import gc; gc.isenabled()");
    }""") is True
    monitor.assert_clean(page)


def test_an_import_before_the_rest_of_the_game_arrived_reads_it_at_once(page, base_url, monitor, boot):
    # The rest of the game's files cannot be fetched (the worker's request and the page's own
    # fail): the page stays playable, and the first import that needs one of them (main.py's,
    # after PyScript's start) reads the zip itself, synchronously.
    read_now = []

    def later_zip(route):
        if route.request.resource_type == "xhr":
            read_now.append(route.request.url)
            route.continue_()
        else:
            route.abort()
    page.route(re.compile(r".*/static/manni-later\.zip$"), later_zip)
    page.goto(f"{base_url}/index.html")
    assert boot(page) not in ("loading", "error")
    page.wait_for_function(
        "() => performance.getEntriesByName('manni:later-imported manni.ui.page.net_link').length")
    assert len(read_now) == 1, read_now
    assert page.get_attribute("html", "data-game-later") == "read-now"
    assert not page.evaluate("performance.getEntriesByName('manni:later-written').length")
    # what the rest holds works: the rules page (manni.ui.rules_page) opens
    page.click("[data-action=menu]")
    page.locator("[data-action=rules]").last.click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-body")).not_to_be_empty()
    # nothing went wrong but the downloads this test failed
    monitor.console_errors[:] = [e for e in monitor.console_errors
                                 if e != "Failed to load resource: net::ERR_FAILED"]
    monitor.assert_clean(page)


# A link slow enough that the runtime's downloads leave the page's thread idle for seconds,
# as on a phone (9 Mbit/s there; here a quicker one, for the test's time).
SLOW_LINK = {"offline": False, "latency": 40, "downloadThroughput": 2_000_000,
             "uploadThroughput": 500_000}


def test_the_first_table_is_laid_out_once_while_the_runtime_downloads(page, base_url, monitor,
                                                                      boot):
    # static/js/warm-up.mjs lays out a table as the game draws it (static/vendor/
    # sample-table.mjs) while the wasm arrives: before Python starts, hidden, and gone before
    # anything else.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
    page.add_init_script("""(() => {
      window.__warmUp = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) {
          if (n.classList && n.classList.contains("warm-up")) {
            window.__warmUp.push([n.inert, n.getAttribute("aria-hidden"),
                                  n.querySelectorAll("#hand [data-card]").length, n.isConnected]);
          }
        }
      }).observe(document, { childList: true, subtree: true });
    })()""")
    page.goto(f"{base_url}/index.html")
    assert boot(page) not in ("loading", "error")
    assert page.get_attribute("html", "data-boot") == "plain"
    steps = {name: (start, end) for name, start, end in page.evaluate(READ_MEASURES)}
    assert "warm-up" in steps, list(steps)
    assert steps["warm-up"][1] <= steps["pyodide-load"][1], (steps["warm-up"], steps["pyodide-load"])
    # the game's worker said it runs long before: Python's start did not wait for it
    assert page.evaluate("performance.getEntriesByName('manni:zip-asked')[0].detail") == {
        "waited": False}
    # inert, out of the accessibility tree, a whole hand in it, and removed in its own task
    assert page.evaluate("window.__warmUp") == [[True, "true", 12, False]]
    assert page.locator(".warm-up").count() == 0
    expect(page.locator("#hand [data-card]")).to_have_count(12)
    monitor.assert_clean(page)


def test_a_start_from_the_snapshot_lays_out_no_sample(page, base_url, boot):
    # From the snapshot Python starts at once: a rehearsal would only delay the table.
    page.goto(f"{base_url}/index.html?sw=0")
    boot(page)
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'saved'",
                           timeout=120_000)
    page.reload()
    boot(page)
    assert page.get_attribute("html", "data-boot") == "snapshot"
    assert page.evaluate("performance.getEntriesByName('manni:warm-up').length") == 0
