"""The deal of the day at phone size (360×740): today's three deals against Hard, par after
each, the share text at the end, counted once in the statistics; a replay is practice."""
from __future__ import annotations

import datetime
import json

from playwright.sync_api import expect

from manni.daily import BETTER, EQUAL, WORSE, daily_seed

from manni_page import (PageMonitor, boot, booted, no_horizontal_scroll, record, start_match,
                        step, wait_settled)

W, H = 360, 740
PAR_MS = 400_000  # Expert replays three deals in the page's Pyodide


def stats(page) -> dict:
    return json.loads(page.evaluate("() => localStorage.getItem('manni:stats')") or "{}")


def test_the_deal_of_the_day_gives_the_share_text_and_counts_once(browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    start_match(page, "classic", level="easy", speed="fastest")  # the speed stays
    day = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    page.goto(f"{base_url}/index.html?daily&rules=classic")
    booted(page)
    expect(page.locator("#table")).to_have_attribute("data-daily", day)
    rec = record(page)
    assert rec["seed"] == daily_seed(day, "classic") and rec["daily"] == day
    assert "practice" not in rec
    st = wait_settled(page)
    while st["phase"] != "match-over":
        st = step(page)
    assert int(st["deal"]) == 3
    share = page.locator("[data-share-text]")
    expect(share).to_be_visible(timeout=PAR_MS)
    lines = share.text_content().splitlines()
    assert day in lines[0] and len(lines) == 6
    assert all(line[len("Deal 1: "):][:1] in (BETTER, EQUAL, WORSE) for line in lines[1:4])
    assert lines[-1].endswith("/index.html?daily&rules=classic")
    no_horizontal_scroll(page, W)
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('manni:stats')).daily || {})"
                           f"['{day}/classic'] !== null")
    counted = stats(page)["daily"]
    assert isinstance(counted[f"{day}/classic"], int)
    start_match(page, "classic", level="easy", speed="fastest")
    page.goto(f"{base_url}/index.html?daily&rules=classic")  # again: practice, not counted
    booted(page)
    expect(page.locator("#table")).to_have_attribute("data-daily", day)
    assert record(page).get("practice") is True
    assert stats(page)["daily"] == counted
    monitor.assert_clean(page)
    context.close()
