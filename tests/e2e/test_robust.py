"""Nothing a player or a file does can stop the game or lose a match.

Each poisoned start-up recovers on the first load and says what it set aside; two tabs
never lose a move; a full storage is reported; imports beyond the limits are refused while
the current match plays on; the page boots and plays under its Content-Security-Policy.
"""
from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from manni.inputs import MAX_RECORD_BYTES
from manni_page import (RECORD_KEY, SETTINGS_KEY, PageMonitor, boot, import_text, record,
                        state, step, wait_settled)
from test_boot import _zip_with

W, H = 360, 740
ROOT = Path(__file__).resolve().parents[2]
FASTEST = json.dumps({"speed": "fastest", "level": "easy"})
# 'unsafe-eval': PyScript's core calls Function(...) (tried without: it fails to start).
# The one inline style (the loading screen's first frame) is allowed by its hash.
INLINE_STYLE = re.findall(r"<style>(.*?)</style>", (ROOT / "index.html").read_text(encoding="utf-8"),
                          re.S)
STYLE_HASH = base64.b64encode(hashlib.sha256(INLINE_STYLE[0].encode()).digest()).decode()
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
       f"style-src 'self' 'sha256-{STYLE_HASH}'; "
       "img-src 'self' data:; connect-src 'self' https://0.peerjs.com wss://0.peerjs.com "
       "http://127.0.0.1:* ws://127.0.0.1:* http://localhost:* ws://localhost:*; worker-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'")
# Every CSP violation of a page lands in window.__csp (and the console).
WATCH_CSP = ("window.__csp = []; document.addEventListener('securitypolicyviolation',"
             " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")


@pytest.fixture
def ctx(browser):
    context = browser.new_context(viewport={"width": W, "height": H}, accept_downloads=True)
    context.add_init_script(WATCH_CSP)
    yield context, PageMonitor(context)
    context.close()


@pytest.fixture
def fresh(ctx, base_url):
    """Opens the page in a new context after writing ``items`` to its storage (before the
    page's own scripts run, on the first load only)."""
    context, monitor = ctx
    page = context.new_page()

    def open_with(items: dict | None = None, query: str = ""):
        if items:
            page.add_init_script(
                "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
                f" for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v); }}")
        boot(page, f"{base_url}/index.html{query}")
        return page

    yield open_with, monitor


def plays_on(page) -> None:
    """The page is a working game: the player can make a move and it is saved."""
    st = wait_settled(page)
    assert st["phase"] in ("exchange", "play")
    before = len(record(page)["actions"])
    step(page)
    assert len(record(page)["actions"]) > before


def alert(page, kind: str):
    el = page.locator(f'#alerts .alert[data-alert="{kind}"]')
    expect(el).to_be_visible()
    return el


def no_csp_violations(page) -> None:
    assert page.evaluate("window.__csp") == []


# -- poisoned start-ups ---------------------------------------------------------------------
def test_bad_settings_start_with_defaults(fresh):
    open_with, monitor = fresh
    page = open_with({SETTINGS_KEY: '{"target":"²","speed":"fastest"}'})
    expect(alert(page, "set-aside")).to_contain_text("settings could not be used")
    plays_on(page)
    saved = json.loads(page.evaluate(f"() => localStorage.getItem({SETTINGS_KEY!r})"))
    assert saved["target"] == 10 and saved["speed"] == "fastest"  # only the bad field went
    page.click('#alerts [data-action="dismiss-alert"]')
    expect(page.locator("#alerts")).to_be_hidden()
    monitor.assert_clean(page)


def test_deeply_nested_saved_match_is_set_aside_and_downloadable(fresh):
    open_with, monitor = fresh
    bad = "[" * 100_000
    page = open_with({RECORD_KEY: bad, SETTINGS_KEY: FASTEST})
    box = alert(page, "set-aside")
    expect(box).to_contain_text("saved match could not be read")
    plays_on(page)
    assert page.evaluate(f"() => localStorage.getItem({RECORD_KEY + '.bad'!r})") == bad
    with page.expect_download() as info:
        box.locator('[data-action="download-damaged"]').click()
    assert Path(info.value.path()).read_text(encoding="utf-8") == bad
    # the menu keeps offering it, and can delete it
    page.click("[data-action=menu]")
    expect(page.locator("#damaged-tools")).to_be_visible()
    page.click('#damaged-tools [data-action="delete-damaged"]')
    expect(page.locator("#damaged-tools")).to_be_hidden()
    assert page.evaluate(f"() => localStorage.getItem({RECORD_KEY + '.bad'!r})") is None
    no_csp_violations(page)
    monitor.assert_clean(page)


def test_huge_seed_in_the_address_is_set_aside(fresh):
    open_with, monitor = fresh
    page = open_with({SETTINGS_KEY: FASTEST}, "?seed=" + "9" * 4301)
    expect(alert(page, "set-aside")).to_contain_text("seed in the address could not be used")
    assert page.evaluate("location.search") == ""  # a reload will not meet it again
    plays_on(page)
    monitor.assert_clean(page)


def test_error_screen_reload_drops_the_query(ctx, base_url):
    context, _ = ctx
    page = context.new_page()
    broken = _zip_with({"manni/__init__.pyc": None,
                        "manni/__init__.py": b"raise RuntimeError('boot exploded')\n"})
    page.route(re.compile(r".*/static/manni\.zip$"), lambda route: route.fulfill(
        status=200, content_type="application/zip", body=broken))
    page.goto(f"{base_url}/index.html?seed=1")
    page.wait_for_function("document.getElementById('table').dataset.phase === 'error'",
                           timeout=90_000)
    expect(page.locator("#boot-message")).to_be_visible()
    expect(page.locator(".py-error")).to_be_hidden()  # the runtime's traceback is not shown
    page.click("#boot-reload")
    page.wait_for_function("location.search === '' && document.readyState !== 'loading'")
    assert page.url.endswith("/index.html")


# -- two tabs -------------------------------------------------------------------------------
def actions_of(page) -> list:
    return record(page)["actions"]


def test_two_tabs_never_lose_a_move(ctx, base_url):
    context, monitor = ctx
    a = context.new_page()
    a.add_init_script(f"localStorage.getItem('manni:settings') || localStorage.setItem('manni:settings', {FASTEST!r})")
    boot(a, f"{base_url}/index.html")
    step(a)
    step(a)
    seen = [actions_of(a)]

    b = context.new_page()
    boot(b, f"{base_url}/index.html")
    # the older tab steps back and says so; the newer one has every move
    a.wait_for_function("document.getElementById('table').dataset.tab === 'elsewhere'")
    expect(a.locator(".elsewhere")).to_contain_text("continues in another tab")
    assert a.locator("#hand").count() == 0 and a.get_attribute("#table", "data-turn") == ""
    assert int(state(b)["actions"]) >= len(seen[-1])
    step(b)
    step(b)
    seen.append(actions_of(b))

    # a tap in the paused tab does nothing (its menu is gone too)
    expect(a.locator("[data-action=menu]")).to_be_hidden()

    a.click('[data-action="take-back"]')
    st = wait_settled(a)
    assert int(st["actions"]) >= len(seen[-1])
    b.wait_for_function("document.getElementById('table').dataset.tab === 'elsewhere'")
    step(a)
    seen.append(actions_of(a))

    # every saved state extends the one before: no move was lost or overwritten
    for earlier, later in zip(seen, seen[1:]):
        assert later[:len(earlier)] == earlier and len(later) > len(earlier)
    # a reload of the paused tab takes the match over with every move
    b.reload()
    boot(b, f"{base_url}/index.html")
    assert actions_of(b)[:len(seen[-1])] == seen[-1]
    a.wait_for_function("document.getElementById('table').dataset.tab === 'elsewhere'")
    no_csp_violations(a)
    no_csp_violations(b)
    monitor.assert_clean(a)


# -- storage full ---------------------------------------------------------------------------
# To the last character (the last value grown one at a time): a move adds a few characters
# to the saved record, which must not fit.
FILL = """() => {
  let i = 0, size = 1 << 20;
  while (size >= 16) {
    try { localStorage.setItem('junk' + i, 'x'.repeat(size)); i++; }
    catch (e) { size = size >> 1; }
  }
  const last = 'junk' + (i - 1);
  for (let value = localStorage.getItem(last) + 'x'; ; value += 'x') {
    try { localStorage.setItem(last, value); } catch (e) { break; }
  }
  return i;
}"""
EMPTY = "() => { for (const k of Object.keys(localStorage)) if (k.startsWith('junk')) localStorage.removeItem(k); }"


def test_storage_full_is_reported_with_export(fresh):
    open_with, monitor = fresh
    page = open_with({SETTINGS_KEY: FASTEST})
    expect(page.locator("#alerts")).to_be_hidden()
    assert page.evaluate(FILL) > 0
    step(page)
    box = alert(page, "unsaved")
    expect(box).to_contain_text("not being saved")
    with page.expect_download() as info:
        box.locator('[data-action="export"]').click()
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert len(exported["actions"]) == int(state(page)["actions"])
    # an import is loaded but says it is not saved
    import_text(page, json.dumps(exported))
    expect(page.locator("#notice")).to_contain_text("not being saved")
    # room again: the next save works and the alert goes
    page.evaluate(EMPTY)
    step(page)
    expect(page.locator('#alerts .alert[data-alert="unsaved"]')).to_have_count(0)
    assert len(record(page)["actions"]) == int(state(page)["actions"])
    # the full storage raised QuotaExceededError inside setItem; nothing else went wrong
    monitor.assert_clean(page)


# -- imports beyond the limits --------------------------------------------------------------
def test_deep_or_huge_imports_are_refused_and_the_match_plays_on(fresh):
    open_with, monitor = fresh
    page = open_with({SETTINGS_KEY: FASTEST})
    step(page)
    before = actions_of(page)
    import_text(page, "[" * 10_000)
    expect(page.locator("#menu-message")).to_contain_text("nested too deeply")
    page.fill("#import-text", " " * (MAX_RECORD_BYTES + 1))
    page.click("[data-action=import-text]")
    expect(page.locator("#menu-message")).to_contain_text("too large")
    page.set_input_files("#import-file", files=[{
        "name": "big.json", "mimeType": "application/json",
        "buffer": b'{"format": "manni-record/1", "x": "' + b"y" * (3 * MAX_RECORD_BYTES) + b'"}'}])
    expect(page.locator("#menu-message")).to_contain_text("too large")
    page.set_input_files("#import-file", files=[{
        "name": "odd.json", "mimeType": "application/json",
        "buffer": json.dumps({**record(page), "rules": "Qſ" * 5000}).encode()}])
    expect(page.locator("#menu-message")).to_contain_text("could not be loaded")
    page.click("#menu-dialog [data-action=close-dialog]")
    assert actions_of(page) == before
    plays_on(page)
    monitor.assert_clean(page)


def test_a_long_valid_import_loads(fresh):
    """A whole match of a few thousand actions (replayed in slices of 200) loads."""
    import random

    from manni import Match
    from manni.record import dumps
    open_with, monitor = fresh
    page = open_with({SETTINGS_KEY: FASTEST})
    m, rng = Match("classic", {"target": 20, "minus_points": True}, 5), random.Random(1)
    while not m.finished:
        m.apply(rng.choice(m.legal_actions()))
    assert len(m.actions) > 1000
    import_text(page, dumps(m))
    expect(page.locator("#notice")).to_contain_text("Game record loaded")
    assert int(state(page)["actions"]) == len(m.actions)
    assert state(page)["phase"] == "match-over"
    monitor.assert_clean(page)


# -- Content-Security-Policy ----------------------------------------------------------------
def test_csp_meta_is_strict_and_only_the_first_frame_style_is_inline():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert metas == [CSP]
    head = html[:html.index("<meta http-equiv")]
    assert "<script" not in head and "<link" not in head  # the policy comes before any load
    # connect-src beyond 'self' is for tables with friends: PeerJS's public
    # signaling server and one on this machine (scripts/signal.sh), nothing else
    connect = re.search(r"connect-src ([^;]+);", CSP).group(1)
    assert connect.split() == ["'self'", "https://0.peerjs.com", "wss://0.peerjs.com",
                               "http://127.0.0.1:*", "ws://127.0.0.1:*", "http://localhost:*", "ws://localhost:*"]
    rest = CSP.replace(connect, "")
    assert "unsafe-inline" not in CSP and "*" not in rest and "http" not in rest
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, f"inline script: {tag}"
    assert len(INLINE_STYLE) == 1 and html.count("<style") == 1  # its hash is in CSP above
    assert not re.search(r"\sstyle=", html)
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"
    # the renderers write no style attributes either (style-src 'self' would drop them)
    for path in (ROOT / "manni" / "ui").glob("*.py"):
        assert "style=" not in path.read_text(encoding="utf-8"), path


def test_page_boots_and_plays_under_the_csp(fresh):
    open_with, monitor = fresh
    page = open_with({SETTINGS_KEY: FASTEST})
    assert page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]').content") == CSP
    for _ in range(4):
        step(page)
    no_csp_violations(page)
    monitor.assert_clean(page)
