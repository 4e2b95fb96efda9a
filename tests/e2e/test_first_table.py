"""The first table imports only what it needs (its own rule set, no other); the rest (bots,
review, tables with friends, other rule sets) is imported when first needed, and
static/main.py imports it once PyScript has started, while the player reads the hand. Here
main.py never arrives, so nothing is imported ahead: the first bot move, hint, review and a
friend's table must still work at once, on a first visit and on a runtime restored from its
snapshot.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from manni.actions import KEEP, Play
from manni.cards import cards_of
from manni.match import Match
from manni.record import dumps

from manni_page import (BOOT_MS, STEP_MS, boot, booted, classic_first_to_choose, import_text,
                        state, step, wait_settled)
from test_friends import signal_url  # noqa: F401  (fixture)

HOLD_MAIN_PY = re.compile(r".*/static/main\.py$")
LATER_ZIP = re.compile(r".*/static/manni-later\.zip$")
NET_JS = re.compile(r".*/static/js/net\.js$")
# main.py's imports (not the game's later files, which runtime.mjs fetches itself)
LATER = "() => performance.getEntriesByType('measure')" \
        ".filter(m => m.name.startsWith('manni:later ')).map(m => m.name)"
TABLE_ID = "0123456789abcdef0123456789abcdef"


def finished_deal() -> Match:
    """Classic, the first deal played out (its review is offered)."""
    m = Match("classic", {"target": 20}, 3)
    while m.phase == "exchange":
        m.apply(KEEP)
    while m.phase == "play":
        m.apply(Play(cards_of(m.deal.legal_cards())[-1]))
    return m


def first_table(page, base_url: str, how: str, query: str = "") -> None:
    """Boot (a first visit, or a return visit on the snapshot) with main.py held back (no
    service worker: it would answer from its cache)."""
    if how == "snapshot":
        boot(page, f"{base_url}/index.html?sw=0")
        page.wait_for_function("() => document.documentElement.dataset.snapshot === 'saved'",
                               timeout=BOOT_MS)
    page.route(HOLD_MAIN_PY, lambda route: None)  # never answered
    boot(page, f"{base_url}/index.html?sw=0{query}")
    assert page.get_attribute("html", "data-boot") == ("snapshot" if how == "snapshot" else "plain")
    assert page.evaluate(LATER) == []  # main.py did not run


@pytest.mark.parametrize("how", ["first visit", "snapshot"])
def test_first_hint_bot_move_and_review_need_nothing_imported_ahead(page, base_url, monitor, how):
    m = classic_first_to_choose()
    first_table(page, base_url, how)
    import_text(page, dumps(m))
    wait_settled(page, 0)
    page.click("[data-action=hint]")
    expect(page.locator("#notice")).to_contain_text("Hint: ", timeout=STEP_MS)
    page.click("[data-action=keep-hand]")
    wait_settled(page, 2)  # the opponents chose (the first bot moves) and it is your turn
    import_text(page, dumps(finished_deal()))
    page.click(".result [data-action=review]")
    expect(page.locator("[data-review] .review-summary")).to_be_visible(timeout=60_000)
    assert page.evaluate(LATER) == []
    monitor.assert_clean(page)


@pytest.mark.parametrize("how", ["first visit", "snapshot"])
def test_an_invited_friend_sees_the_table_at_once(page, base_url, monitor, how, signal_url):
    # (the invite page says "arriving" to the host at once: through a local server)
    first_table(page, base_url, how, f"&table={TABLE_ID}&signal={signal_url}&ice=none")
    assert state(page).get("net") == "guest"
    expect(page.locator("#join-name")).to_be_visible()
    monitor.assert_clean(page)


@pytest.mark.parametrize("how", ["first visit", "snapshot"])
def test_the_first_table_waits_for_the_page_scripts_that_come_late(page, base_url, monitor, how,
                                                                   signal_url):
    # Python may be up before the page's deferred scripts have run (net.js here, held until
    # then): the first table still waits for them, and an invited friend's table opens.
    if how == "snapshot":
        boot(page, f"{base_url}/index.html?sw=0")
        page.wait_for_function("() => document.documentElement.dataset.snapshot === 'saved'",
                               timeout=BOOT_MS)
    held = []
    page.route(NET_JS, lambda route: held.append(route))
    page.goto(f"{base_url}/index.html?sw=0&table={TABLE_ID}&signal={signal_url}&ice=none",
              wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByName('manni:runtime-started').length",
                           timeout=BOOT_MS)
    page.wait_for_timeout(300)
    assert len(held) == 1 and state(page)["phase"] == "loading"
    held[0].continue_()
    booted(page)
    assert page.get_attribute("html", "data-boot") == ("snapshot" if how == "snapshot" else "plain")
    assert state(page).get("net") == "guest"
    expect(page.locator("#join-name")).to_be_visible()
    monitor.assert_clean(page)


@pytest.mark.parametrize("how", ["first visit", "snapshot"])
@pytest.mark.parametrize("variant", ["manille", "hornafjordur"])
def test_a_first_table_of_another_rule_set_needs_nothing_imported_ahead(page, base_url, monitor,
                                                                         how, variant):
    # dealt by seat 0: an opponent leads, so no partner's lead waits for your questions
    seed = next(s for s in range(100) if Match(variant, seed=s).first_dealer == 0)
    first_table(page, base_url, how, f"&rules={variant}&seed={seed}")
    st = wait_settled(page)
    assert st["rules"] == variant
    # Manille's table of four is among the later files: they came before the first table
    # (on a runtime restored from its snapshot its modules are imported already)
    written = page.evaluate("performance.getEntriesByName('manni:later-written').map(m => m.startTime)")
    playable = page.evaluate("performance.getEntriesByName('manni:playable')[0].startTime")
    if variant == "manille":
        assert written and written[0] < playable
    else:
        assert not written or written[0] > playable
    page.wait_for_function("document.documentElement.dataset.gameLater")
    assert page.get_attribute("html", "data-game-later") == "fetched"
    page.click("[data-action=hint]")
    expect(page.locator("#notice")).to_contain_text("Hint: ", timeout=STEP_MS)
    after = step(page)  # your move, then the bots' till your turn
    assert int(after["actions"]) > int(st["actions"]) and after["rules"] == variant
    assert page.evaluate(LATER) == []
    monitor.assert_clean(page)


@pytest.mark.parametrize("first", ["an opponent", "you"])
def test_the_first_bot_move_and_hint_wait_for_the_bots_to_arrive(page, base_url, monitor, first):
    """The bots come with the rest of the game, after the first table: until it has arrived,
    an opponent's first move and a hint wait for it, and the menu lists the levels without
    it (never reading it at once, which would hold the page's thread), then go on."""
    held = []

    def later_zip(route):  # the download is held; a synchronous read would be let through
        if route.request.resource_type == "xhr":
            route.continue_()
        else:
            held.append(route)
    page.route(LATER_ZIP, later_zip)
    if first == "you":  # asked first about the Manni
        query = f"seed={classic_first_to_choose().seed}"
    else:  # dealt by you: the opponent on your left leads
        query = "rules=hornafjordur&seed=" + str(next(
            s for s in range(100) if Match("hornafjordur", seed=s).first_dealer == 0))
    boot(page, f"{base_url}/index.html?sw=0&{query}")
    page.wait_for_function("() => performance.getEntriesByName('manni:playable').length")
    if first == "you":
        wait_settled(page, 0)
        page.click("[data-action=menu]")  # its list of levels does not import the bots now
        expect(page.locator("#opt-level option")).to_have_count(4)
        page.click("#menu-dialog [data-action=close-dialog]")
        page.click("[data-action=hint]")
    page.wait_for_timeout(1500)  # an opponent thinks within 0.6 s, a hint within 1 s
    assert held, "the rest of the game was not asked for"
    assert state(page)["actions"] == "0"
    assert "Hint: " not in page.locator("#notice").inner_text()
    assert page.get_attribute("html", "data-game-later") is None
    for route in held:  # the game's reader, and on a first visit the snapshot's worker
        route.continue_()
    if first == "you":
        # the hint waits for the download and the bots' import
        expect(page.locator("#notice")).to_contain_text("Hint: ", timeout=STEP_MS)
        page.click("[data-action=keep-hand]")
        wait_settled(page, 2)  # the opponents chose
    else:
        assert int(wait_settled(page)["actions"]) > 0
    assert page.get_attribute("html", "data-game-later") == "fetched"
    monitor.assert_clean(page)


def test_the_rules_page_and_a_seats_record_need_nothing_imported_ahead(page, base_url, monitor):
    # both are read through manni.lazy.Later, imported when first opened
    from manni.net import seat_record
    first_table(page, base_url, "first visit")
    page.click("[data-action=menu]")
    page.click("#menu-dialog [data-action=rules]:not([data-from])")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-body")).to_contain_text("Manni")
    page.click("#rules-dialog [data-action=close-dialog]")
    page.click("#menu-dialog [data-action=close-dialog]")
    m = finished_deal()
    rec = seat_record.add_view(None, m.view(1), ("Hosty", "Ann", "Jón"))
    import_text(page, seat_record.dumps(rec))
    expect(page.locator("#review-dialog")).to_be_visible()
    expect(page.locator("#review-body")).to_contain_text("Ann")
    assert page.evaluate(LATER) == []
    monitor.assert_clean(page)
