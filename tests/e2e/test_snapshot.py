"""Return visits start from the runtime's memory snapshot (static/js/runtime.mjs).

Each test has its own browser context (the pytest-playwright default), so its Cache
Storage starts empty: the first visit is a plain boot that makes the snapshot.
"""
from __future__ import annotations

import re

from browser import StaticServer
from manni_page import BOOT_MS, boot, record, step

SNAPSHOT_SAVED = "() => document.documentElement.dataset.snapshot"
# This page never gets a service worker: the snapshot's downloads go to the network.
NO_SERVICE_WORKER = ("ServiceWorkerContainer.prototype.register ="
                     " () => new Promise(() => {});")
ATTEMPT = "() => sessionStorage.getItem('manni:snapshot-attempt')"
WORKER_STARTED = ("() => performance.getEntriesByType('resource')"
                  ".some(e => e.name.includes('snapshot-worker.mjs'))")
# The stored snapshot as the page sees it (runtime.mjs exports its key, snapshot-store.mjs
# reads and writes it).
SNAPSHOT_BYTES = """async () => {
  const rt = await import('./static/vendor/runtime.mjs');
  const store = await import('./static/js/snapshot-store.mjs');
  const bytes = await store.readSnapshot(rt.SNAPSHOT_KEY);
  return bytes ? bytes.byteLength : 0;
}"""
CORRUPT_SNAPSHOT = """async () => {
  const rt = await import('./static/vendor/runtime.mjs');
  const store = await import('./static/js/snapshot-store.mjs');
  await store.writeSnapshot(rt.SNAPSHOT_KEY, new Uint8Array(4096).fill(7));
}"""


def html_data(page) -> dict:
    return page.evaluate("() => ({...document.documentElement.dataset})")


def reload_to_table(page) -> str:
    """Reloads the page and waits for its table; how Python started (data-boot)."""
    page.reload()
    page.wait_for_function("() => document.getElementById('table').dataset.turn", timeout=BOOT_MS)
    return html_data(page)["boot"]


def first_visit_makes_snapshot(page, url: str) -> int:
    boot(page, url)
    assert html_data(page)["boot"] == "plain"
    page.wait_for_function(SNAPSHOT_SAVED, timeout=BOOT_MS)
    assert html_data(page)["snapshot"] == "saved"
    assert page.evaluate(WORKER_STARTED)
    size = page.evaluate(SNAPSHOT_BYTES)
    assert size > 10_000_000  # the runtime's whole memory
    return size


def play_a_card(page) -> None:
    before = len(record(page)["actions"])
    for _ in range(10):
        st = step(page)
        if st["phase"] == "play" and len(record(page)["actions"]) > before:
            return
    raise AssertionError("no card played")


def test_second_visit_restores_from_snapshot(page, base_url, monitor):
    first_visit_makes_snapshot(page, f"{base_url}/index.html")
    assert reload_to_table(page) == "snapshot"
    assert html_data(page)["wasm"] == "early"  # compiled as it came on the snapshot's start too
    play_a_card(page)  # the game, bots included, runs in the restored runtime
    play_a_card(page)
    monitor.assert_clean(page)


# When the page opened the snapshot's database (PyScript opens databases of its own).
COUNT_OPENS = """
window.__idbOpens = [];
const open = IDBFactory.prototype.open;
IDBFactory.prototype.open = function (...args) {
  if (args[0] === "manni-snapshot") window.__idbOpens.push(performance.now());
  return open.apply(this, args);
};
"""
OPENS_BEFORE_PLAYABLE = """() => {
  const playable = performance.getEntriesByName('manni:playable')[0].startTime;
  return window.__idbOpens.filter((t) => t <= playable).length;
}"""
RUNTIME = "async () => (await import('./static/vendor/build.mjs')).RUNTIME"
SAVED = "() => localStorage.getItem('manni:snapshot-saved')"


def test_a_first_visit_never_opens_indexeddb_before_the_table(page, base_url, monitor):
    # Which build's snapshot is stored is in localStorage: a first visit has none, so it
    # starts the runtime without creating the database; a return visit reads the snapshot.
    page.add_init_script(COUNT_OPENS)
    first_visit_makes_snapshot(page, f"{base_url}/index.html")
    assert page.evaluate(OPENS_BEFORE_PLAYABLE) == 0
    assert page.evaluate(SAVED) == page.evaluate(RUNTIME)
    assert reload_to_table(page) == "snapshot"
    assert page.evaluate(OPENS_BEFORE_PLAYABLE) >= 1
    monitor.assert_clean(page)


def test_a_snapshot_named_but_gone_means_a_plain_boot_and_a_new_one(page, base_url, monitor):
    first_visit_makes_snapshot(page, f"{base_url}/index.html")
    page.evaluate("async () => (await import('./static/js/snapshot-store.mjs')).dropSnapshots()")
    assert reload_to_table(page) == "plain"
    page.wait_for_function(SNAPSHOT_SAVED, timeout=BOOT_MS)
    assert page.evaluate(SNAPSHOT_BYTES) > 10_000_000
    assert reload_to_table(page) == "snapshot"
    monitor.assert_clean(page)


def test_corrupt_snapshot_falls_back_and_recovers(page, base_url, monitor):
    first_visit_makes_snapshot(page, f"{base_url}/index.html")
    page.evaluate(CORRUPT_SNAPSHOT)
    assert reload_to_table(page) == "plain"
    play_a_card(page)
    # The bad entry was deleted and a good snapshot made again: the next visit uses it.
    page.wait_for_function(SNAPSHOT_SAVED, timeout=BOOT_MS)
    assert page.evaluate(SNAPSHOT_BYTES) > 10_000_000
    assert reload_to_table(page) == "snapshot"
    monitor.assert_clean(page)


def test_unfinished_snapshot_boot_is_not_retried(page, base_url, monitor):
    # A page on the snapshot that was not left normally (a boot that hung, a crashed tab)
    # leaves its mark in sessionStorage: the next load starts plainly, drops the snapshot
    # and makes none again for this runtime build.
    first_visit_makes_snapshot(page, f"{base_url}/index.html")
    runtime = page.evaluate("async () => (await import('./static/vendor/build.mjs')).RUNTIME")
    page.evaluate(f"() => sessionStorage.setItem('manni:snapshot-attempt', {runtime!r})")
    assert reload_to_table(page) == "plain"
    assert page.evaluate(ATTEMPT) is None
    assert page.evaluate("() => localStorage.getItem('manni:snapshot-off')") == runtime
    assert page.evaluate(SNAPSHOT_BYTES) == 0
    page.wait_for_timeout(4000)  # idle: no new snapshot is made for this runtime build
    assert not page.evaluate(WORKER_STARTED)
    assert "snapshot" not in html_data(page) and page.evaluate(SNAPSHOT_BYTES) == 0
    assert reload_to_table(page) == "plain"
    monitor.assert_clean(page)


def test_a_page_on_the_snapshot_is_marked_until_it_is_left_normally(page, base_url):
    # A crashed tab never fires pagehide: its mark stays, and the next load in that tab
    # is handled as test_unfinished_snapshot_boot_is_not_retried shows. (A real crash
    # can't be reloaded in the same tab by Playwright.)
    first_visit_makes_snapshot(page, f"{base_url}/index.html")
    runtime = page.evaluate("async () => (await import('./static/vendor/build.mjs')).RUNTIME")
    assert page.evaluate(ATTEMPT) is None  # a plain boot is not marked
    for _ in range(2):
        page.reload()
        page.wait_for_function("() => document.getElementById('table').dataset.turn", timeout=BOOT_MS)
        assert html_data(page)["boot"] == "snapshot"
        assert page.evaluate(ATTEMPT) == runtime
    play_a_card(page)
    assert page.evaluate(ATTEMPT) == runtime


def test_snapshot_0_forces_a_plain_boot(page, base_url, monitor):
    first_visit_makes_snapshot(page, f"{base_url}/index.html")
    page.goto(f"{base_url}/index.html?snapshot=0")
    page.wait_for_function("() => document.getElementById('table').dataset.turn", timeout=BOOT_MS)
    assert html_data(page)["boot"] == "plain"
    assert re.search(r"snapshot=0", page.url)
    page.goto(f"{base_url}/index.html")  # the tab remembers it (a ?seed= start drops the query)
    page.wait_for_function("() => document.getElementById('table').dataset.turn", timeout=BOOT_MS)
    assert html_data(page)["boot"] == "plain"
    page.goto(f"{base_url}/index.html?snapshot=1")
    page.wait_for_function("() => document.getElementById('table').dataset.turn", timeout=BOOT_MS)
    assert html_data(page)["boot"] == "snapshot"
    monitor.assert_clean(page)


def test_a_snapshot_whose_downloads_fail_is_reported_and_made_next_time(page, monitor):
    # The network goes down while the snapshot worker starts Pyodide (seen in CI: a page
    # went offline before its service worker was in charge). Pyodide leaves the failed
    # downloads' rejections unawaited; they must not surface as uncaught errors.
    page.add_init_script(NO_SERVICE_WORKER)
    with StaticServer() as server:
        boot(page, f"{server.url}/index.html")
        server.cut("pyodide-lock.json", "pyodide.asm.wasm", "pyodide.asm.mjs")
        page.wait_for_function(SNAPSHOT_SAVED, timeout=BOOT_MS)
        assert html_data(page)["snapshot"] == "failed"
        play_a_card(page)
        monitor.assert_clean(page)
        server.cut()
        page.reload()
        page.wait_for_function(SNAPSHOT_SAVED, timeout=BOOT_MS)
        assert html_data(page)["boot"] == "plain" and html_data(page)["snapshot"] == "saved"
        assert page.evaluate(SNAPSHOT_BYTES) > 10_000_000
    monitor.assert_clean(page)
