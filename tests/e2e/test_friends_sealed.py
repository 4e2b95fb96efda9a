"""Sealed tables (docs/sealed-deal.md): browser contexts, one a person, play sealed deals
through the local PeerJS server (the harness of test_friends.py). Every page deals: the
host's page holds no card of a guest's hand, in its Python objects (read from its Pyodide)
nor in its page, until the deal is over and checked; every page checks the deal."""
from __future__ import annotations

import json

import pytest

from test_friends import (STEP_MS, host_table, join, move, people, signal_url,  # noqa: F401
                          wait_all)
from test_friends_manille import host_manille

pytestmark = pytest.mark.e2e

# What the host's own Python holds now of the deal under way: every card its seats have
# opened, and the cards in the views it draws (TEST-ONLY: read through Pyodide).
HOST_KNOWS = """async () => {
  const py = await (await import("./static/vendor/runtime.mjs")).loadPyodide();
  return py.runPython(`
import json
from manni.cards import card_code, cards_of
from manni.sealed.views import seat_view
from manni.ui.page import boot
g = boot._page.game
play = g.play
known, public = set(), set()
for page in play.pages.values():
    known |= set(page.mine.values())
    public |= set(page.shown.values())  # played, or turned for all (Manille's trump card)
for seat in play.local:
    v = seat_view(play, seat)
    if v is not None and play.live() is not None:
        known |= set(cards_of(v.hand | v.own_out))
json.dumps({"local": list(play.local), "live": play.live() is not None,
            "known": sorted(card_code(c) for c in known - public),
            "public": sorted(card_code(c) for c in public)})
`);
}"""


def hand(p) -> list[str]:
    return p.page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")


def dom_cards(p) -> set[str]:
    return set(p.page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))


def sealed_start(host, guests) -> None:
    host.page.check("[name=sealed]")
    host.page.click("[data-action=start-table]")
    for p in [host, *guests]:
        p.page.wait_for_selector("#table[data-sealed]", timeout=STEP_MS)
        p.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)


def check_host_blind(host, guests, local=(0,)) -> int:
    """The host's page holds no unplayed card of any guest: returns the cards checked."""
    knows = json.loads(host.page.evaluate(HOST_KNOWS))
    assert knows["local"] == list(local)
    held = {c for g in guests for c in hand(g)} - set(knows["public"])
    if not knows["live"] or host.table().get("sealed") != "on":
        return 0
    assert not held & set(knows["known"]), sorted(held & set(knows["known"]))
    assert not held & dom_cards(host), sorted(held & dom_cards(host))
    return len(held)


def play_sealed_deal(host, everyone, guests, until=None, local=(0,)) -> int:
    """Whoever's page waits moves, until every page shows the deal over; after each move the
    host's page is checked. Returns how many checks found guests' cards to look for."""
    checks = 0
    while True:
        st = host.table()
        n = int(st["actions"])
        if st["phase"] in ("deal-over", "match-over") or (until and until(n)):
            return checks
        wait_all(everyone, n)
        checks += check_host_blind(host, guests, local) > 0
        mover = next((p for p in everyone if p.table()["turn"] == "you"), None)
        if mover is not None:
            move(mover)
        host.page.wait_for_function(
            f"() => {{ const t = document.getElementById('table').dataset;"
            f" return Number(t.actions) > {n} || t.phase === 'deal-over' || t.phase === 'match-over'; }}",
            timeout=STEP_MS)


def test_three_people_play_a_sealed_deal_the_host_never_holds_a_guests_card(people, base_url, signal_url):
    host, ann, bob = people("Hosty"), people("Ann"), people("Bob")
    url = host_table(host, base_url, signal_url)
    join(ann, url)
    join(bob, url)
    everyone, guests = [host, ann, bob], [ann, bob]
    sealed_start(host, guests)
    assert check_host_blind(host, guests) > 0
    checks = play_sealed_deal(host, everyone, guests)
    assert checks > 10
    for p in everyone:
        p.page.wait_for_function("() => document.getElementById('table').dataset.audit === 'ok'",
                                 timeout=STEP_MS)
        assert p.page.locator(".result .deal-result").count() == 1
        assert p.table()["phase"] in ("deal-over", "match-over")
    # a page's Export is its own seat's record, the host's too
    for p, seat in ((host, 0), (ann, 1)):
        with p.page.expect_download() as dl:
            p.page.click("[data-action=menu]")
            p.page.click("[data-action=export]")
        rec = json.loads(open(dl.value.path()).read())
        assert rec["format"] == "manni-seat/1" and rec["seat"] == seat
        p.page.keyboard.press("Escape")
    for p in everyone:
        p.monitor.assert_clean(p.page)


def test_four_people_play_a_sealed_manille_deal_the_asked_partner_answers(people, base_url, signal_url):
    host, ann, bob, cid = people("Hosty"), people("Ann"), people("Bob"), people("Cid")
    url = host_manille(host, base_url, signal_url, talk="on")
    for g in (ann, bob, cid):
        join(g, url)
    everyone, guests = [host, ann, bob, cid], [ann, bob, cid]
    sealed_start(host, guests)
    asked = False
    checks = 0
    for _ in range(200):
        if host.table().get("audit"):
            break
        n = int(host.table()["actions"])
        wait_all(everyone, n)
        checks += check_host_blind(host, guests) > 0
        # a question to the partner when there is one to ask: its page answers
        asker = next((p for p in everyone if p.page.locator("[data-action=ask]").count()), None)
        if not asked and asker is not None:
            asker.page.locator("[data-action=ask]").first.click()
            asker.page.wait_for_selector(".bubble[data-answer]", timeout=STEP_MS)
            asked = True
            continue
        mover = next((p for p in everyone if p.table()["turn"] == "you"), None)
        if mover is not None:
            move(mover)
            host.page.wait_for_function(
                f"() => {{ const t = document.getElementById('table').dataset;"
                f" return Number(t.actions) > {n} || t.audit; }}", timeout=STEP_MS)
    assert asked and checks > 10
    for p in everyone:
        p.page.wait_for_function("() => document.getElementById('table').dataset.audit === 'ok'",
                                 timeout=STEP_MS)
    for p in everyone:
        p.monitor.assert_clean(p.page)


def test_a_guest_reloads_mid_sealed_deal_and_resumes_its_hand(people, base_url, signal_url):
    host, ann, bob = people("Hosty"), people("Ann"), people("Bob")
    url = host_table(host, base_url, signal_url)
    join(ann, url)
    join(bob, url)
    everyone, guests = [host, ann, bob], [ann, bob]
    sealed_start(host, guests)
    play_sealed_deal(host, everyone, guests, until=lambda n: n >= 5)
    before = hand(ann)
    ann.reopen(url)  # her own storage: the seat's token and the deal's secrets
    ann.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    wait_all(everyone, int(host.table()["actions"]))
    assert hand(ann) == before
    play_sealed_deal(host, everyone, guests)
    for p in everyone:
        p.page.wait_for_function("() => document.getElementById('table').dataset.audit === 'ok'",
                                 timeout=STEP_MS)
        p.monitor.assert_clean(p.page)


def test_a_guest_gone_mid_sealed_deal_the_host_deals_again_with_a_computer(people, base_url, signal_url):
    host, ann, bob = people("Hosty"), people("Ann"), people("Bob")
    url = host_table(host, base_url, signal_url)
    join(ann, url)
    join(bob, url)
    sealed_start(host, [ann, bob])
    play_sealed_deal(host, [host, ann, bob], [ann, bob], until=lambda n: n >= 2)
    bob.page.close()
    # the host's clock: once the deal waits for Bob's gone page (his card, his shares), it
    # is annulled and dealt again, the host's page playing his seat, and the table says so
    for _ in range(60):
        if host.page.locator(".net-sealed-note").count():
            break
        mover = next((p for p in (host, ann) if p.table()["turn"] == "you"), None)
        if mover is None:
            host.page.wait_for_selector(".net-sealed-note", timeout=90_000)
            break
        n = int(host.table()["actions"])
        move(mover)
        host.page.wait_for_function(
            f"() => Number(document.getElementById('table').dataset.actions) > {n}"
            " || document.querySelector('.net-sealed-note')", timeout=STEP_MS)
    ann.page.wait_for_selector(".net-sealed-note", timeout=STEP_MS)
    for p in (host, ann):
        p.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    play_sealed_deal(host, [host, ann], [ann], local=(0, 2))
    for p in (host, ann):
        p.page.wait_for_function("() => document.getElementById('table').dataset.audit === 'ok'",
                                 timeout=STEP_MS)
        assert p.table()["phase"] in ("deal-over", "match-over")
        p.monitor.assert_clean(p.page)
