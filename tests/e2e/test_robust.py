"""Nothing a player or a file does can stop the game or lose a match (issue 9).

Each poisoned start-up recovers on the first load; imports beyond the limits are refused
while the current match plays on.
"""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from manni_page import (RECORD_KEY, SETTINGS_KEY, PageMonitor, boot, record, state, step,
                        wait_settled)

W, H = 360, 740


@pytest.fixture
def fresh(browser, base_url):
    """A new context (empty storage) and a function that seeds its storage, then opens
    the page at ``query`` and waits for the boot."""
    context = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(context)
    page = context.new_page()

    def open_with(items: dict | None = None, query: str = ""):
        if items:  # written before the page's own scripts run, on the first load only
            page.add_init_script(
                "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
                f" for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v); }}")
        boot(page, f"{base_url}/index.html{query}")
        return page

    yield open_with, monitor
    context.close()


def plays_on(page) -> None:
    """The page is a working game: the player can make a move and it is saved."""
    st = wait_settled(page)
    assert st["phase"] in ("exchange", "play")
    before = len(record(page)["actions"])
    step(page)
    assert len(record(page)["actions"]) > before


def notice(page) -> str:
    expect(page.locator("#notice")).to_be_visible()
    return page.locator("#notice").inner_text()


def test_bad_settings_start_with_defaults(fresh):
    open_with, monitor = fresh
    page = open_with({SETTINGS_KEY: '{"target":"²","speed":"fastest"}'})
    assert "settings" in notice(page).lower()
    plays_on(page)
    saved = json.loads(page.evaluate(f"() => localStorage.getItem({SETTINGS_KEY!r})"))
    assert saved["target"] == 10 and saved["speed"] == "fastest"  # only the bad field went
    monitor.assert_clean(page)


def test_deeply_nested_saved_match_is_set_aside(fresh):
    open_with, monitor = fresh
    bad = "[" * 100_000
    page = open_with({RECORD_KEY: bad, SETTINGS_KEY: '{"speed":"fastest"}'})
    assert "could not be read" in notice(page)
    plays_on(page)
    assert page.evaluate(f"() => localStorage.getItem({RECORD_KEY + '.bad'!r})") == bad
    monitor.assert_clean(page)


def test_huge_seed_in_the_address_is_set_aside(fresh):
    open_with, monitor = fresh
    page = open_with({SETTINGS_KEY: '{"speed":"fastest"}'}, "?seed=" + "9" * 4301)
    assert "seed" in notice(page).lower()
    assert page.evaluate("location.search") == ""  # a reload will not meet it again
    plays_on(page)
    monitor.assert_clean(page)
