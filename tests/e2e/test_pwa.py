"""Offline and installable: the service worker (sw.js), the update offer, the manifest.

Each test has its own browser context (the pytest-playwright default): its service
worker registrations and caches start empty. Tests that change the site serve a copy.
"""
from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path

import pytest
import site_files
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from browser import StaticServer
from manni_page import BOOT_MS, boot, record
from test_snapshot import play_a_card

ROOT = Path(__file__).resolve().parents[2]
SW_ACTIVE = "() => document.documentElement.dataset.sw === 'active'"
TURN = "() => document.getElementById('table').dataset.turn"
SITE_CACHES = "async () => (await caches.keys()).filter(k => k.startsWith('manni-site-')).sort()"
# Where the page and its service workers stand, for a wait that gives up.
PWA_STATE = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const state = (w) => w && w.state;
  return {oldPage: !!window.manniOldPage, html: {...document.documentElement.dataset},
          table: {...(document.getElementById('table') || {}).dataset},
          reload: document.getElementById('update-reload')?.disabled ? 'disabled' : 'enabled',
          taps: window.__taps, controlled: !!navigator.serviceWorker.controller,
          installing: state(r && r.installing), waiting: state(r && r.waiting),
          active: state(r && r.active), caches: await caches.keys()};
}"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def build_of(page) -> str:
    text = page.request.get(page.url.split("index.html")[0].split("?")[0] + "sw.js").text()
    return json.loads(text.split("const BUILD = ", 1)[1].split(";", 1)[0])


def reload_offline_and_play(page, context) -> None:
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_function(TURN, timeout=BOOT_MS)
        play_a_card(page)
    finally:
        context.set_offline(False)


def test_manifest_is_valid_and_its_icons_exist(page, base_url):
    boot(page, f"{base_url}/index.html")
    # in the document once the table is playable, not before: the browser reads the manifest
    # and fetches its icons then, not while Python starts
    page.wait_for_selector("link[rel=manifest]", state="attached")
    href = page.eval_on_selector("link[rel=manifest]", "l => l.href")
    # Chromium has taken the manifest added by script, and finds nothing wrong with it
    # (asked for, it fetches the manifest if it has not yet)
    seen = page.context.new_cdp_session(page).send("Page.getAppManifest")
    assert seen["url"] == href and not seen["errors"], seen
    page.wait_for_function("""() => performance.getEntriesByType('resource')
      .some(e => /manifest\\.webmanifest/.test(e.name))""", timeout=10_000)
    asked = page.evaluate("""() => {
      const playable = performance.getEntriesByName('manni:playable')[0].startTime;
      return performance.getEntriesByType('resource')
        .filter(e => /manifest\\.webmanifest|\\/icons\\//.test(e.name))
        .map(e => [e.name.split('/').pop(), e.startTime > playable]);
    }""")
    assert asked and all(after for _, after in asked), asked
    assert page.locator("link[rel=icon]").count() == 1  # the blank one is gone
    manifest = page.request.get(href).json()
    assert manifest["name"].startswith("Manni") and manifest["short_name"] == "Manni"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    start = page.evaluate("([s, m]) => new URL(s, m).href", [manifest["start_url"], href])
    scope = page.evaluate("([s, m]) => new URL(s, m).href", [manifest["scope"], href])
    assert start == scope == f"{base_url}/"
    seen = set()
    for icon in manifest["icons"]:
        url = page.evaluate("([s, m]) => new URL(s, m).href", [icon["src"], href])
        got = page.request.get(url)
        assert got.ok and icon["type"] == "image/png", url
        w, h = png_size(got.body())
        assert icon["sizes"] == f"{w}x{h}", url
        seen.add((w, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= seen
    apple = page.eval_on_selector("link[rel=apple-touch-icon]", "l => l.href")
    assert png_size(page.request.get(apple).body()) == (180, 180)
    assert page.eval_on_selector("meta[name=theme-color]", "m => m.content") == manifest["theme_color"]


def test_offline_reload_plays_a_card(page, context, base_url, monitor):
    boot(page, f"{base_url}/index.html")
    page.wait_for_function(SW_ACTIVE, timeout=BOOT_MS)
    reload_offline_and_play(page, context)
    monitor.assert_clean(page)


def test_an_offline_plain_start_has_the_whole_game_before_the_table(page, context, base_url,
                                                                    monitor):
    # Offline, the rest of the game's files (manni-later.zip) cannot be read at once by an
    # import that needs them: a start without the snapshot writes them before the table.
    boot(page, f"{base_url}/index.html")
    page.wait_for_function(SW_ACTIVE, timeout=BOOT_MS)
    context.set_offline(True)
    try:
        page.goto(f"{base_url}/index.html?snapshot=0")
        page.wait_for_function(TURN, timeout=BOOT_MS)
        assert page.get_attribute("html", "data-boot") == "plain"
        assert page.get_attribute("html", "data-game-later") == "fetched"
        written, playable = page.evaluate("""() => ['later-written', 'playable'].map(
            (m) => performance.getEntriesByName(`manni:${m}`)[0].startTime)""")
        assert written < playable
        page.click("[data-action=menu]")  # the rules page is one of those files
        page.locator("[data-action=rules]").last.click()
        expect(page.locator("#rules-body")).not_to_be_empty()
    finally:
        context.set_offline(False)
    monitor.assert_clean(page)


def test_a_start_from_the_snapshot_fetches_the_rest_of_the_game_after_the_table(page, base_url,
                                                                               monitor):
    # The snapshot holds every file already: nothing more to unpack while it is restored.
    boot(page, f"{base_url}/index.html")
    page.wait_for_function(SW_ACTIVE, timeout=BOOT_MS)
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'saved'",
                           timeout=BOOT_MS)
    page.reload()
    page.wait_for_function(TURN, timeout=BOOT_MS)
    assert page.get_attribute("html", "data-boot") == "snapshot"
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    page.wait_for_function("() => performance.getEntriesByName('manni:later-fetch').length",
                           timeout=BOOT_MS)
    fetched, playable = page.evaluate("""() => [
        performance.getEntriesByName('manni:later-fetch')[0].startTime,
        performance.getEntriesByName('manni:playable')[0].startTime]""")
    assert fetched >= playable
    monitor.assert_clean(page)


@pytest.fixture
def site_copy(tmp_path):
    """A copy of the built site that a test may change (a new deploy)."""
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "pyscript.toml", "sw.js"):
        shutil.copy2(ROOT / name, site / name)
    shutil.copytree(ROOT / "static", site / "static")
    with StaticServer(site) as server:
        yield site, server.url


def return_visit(page, url) -> None:
    """A first visit that installs the service worker, then a reload that it serves."""
    boot(page, f"{url}/index.html")
    page.wait_for_function(SW_ACTIVE, timeout=BOOT_MS)
    page.reload()
    page.wait_for_function(TURN, timeout=BOOT_MS)


def deploy_again(site) -> str:
    """A new deploy: one file changes, sw.js with it. Returns the new build."""
    css = site / "static" / "css" / "app.css"
    css.write_text(css.read_text() + "\n/* deploy 2 */\n")
    return site_files.write_build_files(site)["build"]


# The first Reload's message to the waiting worker gets lost: the page reloads after a
# while anyway and the page it reloads to asks again.
DROP_FIRST_SKIP_WAITING = """() => {
  const post = ServiceWorker.prototype.postMessage;
  ServiceWorker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'SKIP_WAITING' && !window.manniDropped) {
      window.manniDropped = true;
      return;
    }
    return post.call(this, message, ...rest);
  };
}"""
# A page of the new build: its service worker registered and nothing waiting to take over.
NEW_VERSION_PAGE = """() => !window.manniOldPage && document.getElementById('table')?.dataset.turn
  && document.documentElement.dataset.sw === 'active' && !document.documentElement.dataset.update"""


@pytest.mark.parametrize("first_message", ["delivered", "lost"])
def test_update_is_offered_and_keeps_the_saved_match(page, site_copy, monitor, first_message):
    site, url = site_copy
    return_visit(page, url)
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    old_build = build_of(page)
    assert page.evaluate(SITE_CACHES) == [f"manni-site-{old_build}"]
    play_a_card(page)
    saved = record(page)

    new_build = deploy_again(site)
    assert new_build != old_build
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    page.wait_for_selector("#update-banner", state="visible", timeout=BOOT_MS)
    # Installed beside the old one, not applied: this page still runs the old build.
    assert page.evaluate(SITE_CACHES) == sorted([f"manni-site-{old_build}", f"manni-site-{new_build}"])
    assert "deploy 2" not in page.evaluate("async () => (await fetch('static/css/app.css')).text()")

    page.evaluate("window.manniOldPage = true")
    if first_message == "lost":
        page.evaluate(DROP_FIRST_SKIP_WAITING)
    page.click("#update-reload")
    # The page reloads once the new version is in charge: wait for the new page's table.
    try:
        page.wait_for_function(NEW_VERSION_PAGE, timeout=BOOT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"no table on the new version; the page shows {page.evaluate(PWA_STATE)};"
                             f" errors: {monitor.console_errors + monitor.page_errors}") from None
    page.wait_for_function(f"async () => (await caches.keys()).includes('manni-site-{new_build}')"
                           f" && !(await caches.keys()).includes('manni-site-{old_build}')",
                           timeout=BOOT_MS)
    assert "deploy 2" in page.evaluate("async () => (await fetch('static/css/app.css')).text()")
    assert page.is_hidden("#update-banner")
    assert page.evaluate("() => sessionStorage.getItem('manni:update-asked')") is None
    assert record(page) == saved  # the match resumed where it was
    monitor.assert_clean(page)


def test_a_tab_that_did_not_ask_offers_the_reload_when_another_tab_updates(page, site_copy, monitor):
    site, url = site_copy
    return_visit(page, url)
    other = page.context.new_page()
    boot(other, f"{url}/index.html")
    other.wait_for_function(SW_ACTIVE, timeout=BOOT_MS)

    deploy_again(site)
    page.evaluate("window.manniOldPage = true")
    other.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    other.wait_for_selector("#update-banner", state="visible", timeout=BOOT_MS)
    page.wait_for_selector("#update-banner", state="visible", timeout=BOOT_MS)
    other.click("#update-reload")
    other.wait_for_function(NEW_VERSION_PAGE, timeout=BOOT_MS)
    # This tab was not reloaded under its player: it offers the reload, which now just reloads.
    page.wait_for_function("() => navigator.serviceWorker.controller && !document.getElementById('update-reload').disabled"
                           " && window.manniOldPage", timeout=BOOT_MS)
    assert page.is_visible("#update-banner")
    page.click("#update-reload")
    page.wait_for_function(NEW_VERSION_PAGE, timeout=BOOT_MS)
    assert "deploy 2" in page.evaluate("async () => (await fetch('static/css/app.css')).text()")
    monitor.assert_clean(page)


def test_served_from_a_sub_path(page, context, tmp_path, monitor):
    # GitHub Pages serves a project site under /<repo>/.
    (tmp_path / "manni").symlink_to(ROOT, target_is_directory=True)
    with StaticServer(tmp_path) as server:
        boot(page, f"{server.url}/manni/")
        page.wait_for_function(SW_ACTIVE, timeout=BOOT_MS)
        scope = page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).scope")
        assert scope == f"{server.url}/manni/"
        outside = [u for u in monitor.requests if not u.startswith(f"{server.url}/manni/")]
        assert not outside, outside
        reload_offline_and_play(page, context)
        monitor.assert_clean(page)
