"""Friends, two against two: four browser contexts (four people, one Chromium) at one
Manille table through the local PeerJS server (the harness of test_friends.py). The host
picks its partner in the lobby; every guest's page shows its own seat, its partner across
the table, and never receives a card its seat cannot see."""
from __future__ import annotations

import json

import pytest

from test_friends import (LET_LEAD, STEP_MS, assert_received_only_visible, join, move,  # noqa: F401
                          people, plain, play_deal, signal_url, to_move, truth, wait_all)
from manni_page import boot

pytestmark = pytest.mark.e2e


def host_manille(host, base_url: str, signal: str, talk: str = "off", level: str | None = None,
                 manche: int = 50) -> str:
    """The host's page opens a Manille table; returns the invite link."""
    boot(host.page, plain(f"{base_url}/?signal={signal}&ice=none"))
    page = host.page
    page.click("[data-action=menu]")
    page.select_option("#opt-variant", "manille")
    page.select_option("#opt-manche", str(manche))
    page.select_option("#opt-talk", talk)
    if level is not None:
        page.select_option("#opt-level", level)
    page.select_option("#opt-speed", "fastest")
    page.fill("#net-name", host.name)
    page.click("[data-action=host-table]")
    page.wait_for_selector("[data-invite]")
    page.wait_for_function("() => document.getElementById('table').dataset.link === 'open'",
                           timeout=STEP_MS)
    return page.get_attribute("[data-invite]", "data-invite")


def top_name(p) -> str:
    return p.page.inner_text(".seat[data-seat='2'] .seat-name")


def test_four_people_play_a_manille_deal_two_against_two(people, base_url, signal_url):
    host, ann, bob, cid = people("Hosty"), people("Ann"), people("Bob"), people("Cid")
    url = host_manille(host, base_url, signal_url)
    for guest in (ann, bob, cid):  # seats 1, 2, 3 in the order they join
        join(guest, url)
    lobby = host.page.locator(".net-lobby")
    assert lobby.locator(".net-seat").count() == 4
    assert lobby.locator("[data-action=pick-partner]").count() == 2  # seats 1 and 3
    host.page.click("[data-action=pick-partner][data-seat='1']")  # Ann across, Bob to the right
    host.page.wait_for_function(
        "() => document.querySelector(\".net-seat[data-seat='2']\").textContent.includes('Ann')",
        timeout=STEP_MS)
    host.page.click("[data-action=start-table]")
    everyone = [host, ann, bob, cid]
    for p in everyone:
        p.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
        assert p.page.locator(".felt.four").count() == 1
    # each page is turned to its own seat: the partner faces it
    assert top_name(host) == "Ann" and top_name(ann) == "Hosty"
    assert top_name(bob) == "Cid" and top_name(cid) == "Bob"
    play_deal(host, everyone, until=lambda n: host.table()["deal"] != "1")
    wait_all(everyone, int(host.table()["actions"]))
    m = truth(host)
    assert m.rules.name == "manille" and len(m.deal_scores) == 1
    assert sum(m.deals[0].tricks) == 8
    saved = json.loads(host.page.evaluate("() => localStorage.getItem('manni:net-host')"))
    assert [s["name"] for s in saved["seats"]] == ["Hosty", "Bob", "Ann", "Cid"]
    for guest, seat in ((bob, 1), (ann, 2), (cid, 3)):
        assert assert_received_only_visible(guest, seat, m) > 10
    for p in everyone:
        p.monitor.assert_clean(p.page)


def test_a_guests_computer_partner_waits_for_her_questions(people, base_url, signal_url):
    """Ann (seat 1) has the bot at seat 3 for partner: before its lead the host's page
    waits for her questions, and the answer she reads is true of the bot's hand."""
    host, ann = people("Hosty"), people("Ann")
    join(ann, host_manille(host, base_url, signal_url, talk="on", level="medium"))
    page = host.page
    page.click("[data-action=start-table]")
    everyone = [host, ann]
    for _ in range(200):
        n = int(host.table()["actions"])
        wait_all(everyone, n)
        if ann.page.locator(LET_LEAD).count():
            break
        if host.page.locator(LET_LEAD).count():
            host.page.click(LET_LEAD)  # the host's own computer partner waited for him
        else:
            mover = next((p for p in everyone if to_move(p.table())), None)
            if mover is not None:
                move(mover)
        host.page.wait_for_function(
            f"() => Number(document.getElementById('table').dataset.actions) > {n}",
            timeout=STEP_MS)
    else:
        raise AssertionError("Ann's partner never led")
    assert truth(host).turn == 3 and not truth(host).deal.trick
    host.page.wait_for_selector("#table[data-asks='1']", timeout=STEP_MS)  # it waits for Ann
    assert int(host.table()["actions"]) == n and host.table()["turn"] == "opponent"
    ann.page.locator("[data-action=ask]").first.click()
    wait_all(everyone, n + 1)
    m = truth(host)
    answer = m.deal.answers[-1]
    assert (answer.asker, answer.partner) == (1, 3) and m.turn == 3 and not m.deal.trick
    hand, ask = m.deal.hands[3], answer.question
    value = (sum(1 for c in range(52) if hand >> c & 1 and c // 13 == ask.subject)
             if ask.kind == "count" else int(bool(hand >> ask.subject & 1)))
    assert int(answer.value) == value
    bubble = ann.page.locator(".bubble")
    assert bubble.count() == 1 and int(bubble.get_attribute("data-answer")) == value
    if ann.page.locator(LET_LEAD).count():  # one question left: still hers to ask or not
        host.page.wait_for_selector("#table[data-asks='1']", timeout=STEP_MS)
        assert int(host.table()["actions"]) == n + 1
        ann.page.click(LET_LEAD)
        host.page.wait_for_selector("#table[data-asks='']", timeout=STEP_MS)  # she let it lead
    host.page.wait_for_function("() => document.querySelectorAll('.trick .card').length >= 1",
                                timeout=STEP_MS)
    assert len(truth(host).deal.trick) >= 1
    for p in everyone:
        p.monitor.assert_clean(p.page)


def test_a_guest_who_lets_her_partner_lead_unless_she_asks_taps_nothing(people, base_url,
                                                                         signal_url):
    """Ann sets *Let my partner lead unless I ask* on her own page (remembered there): before
    her computer partner's lead her questions are offered, no *Let … lead* waits for a tap,
    and the partner leads."""
    host, ann = people("Hosty"), people("Ann")
    join(ann, host_manille(host, base_url, signal_url, talk="on", level="medium"))
    host.page.click("[data-action=start-table]")
    ann.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    ann.page.click("[data-action=menu]")
    ann.page.set_checked("#opt-partner-leads", True)  # shown: the host's table has a parlée
    ann.page.click("#menu-dialog [data-action=close-dialog]")
    assert json.loads(ann.page.evaluate("localStorage.getItem('manni:settings')"))["partner_leads"]
    everyone, led = [host, ann], 0
    for _ in range(400):
        st = host.table()
        n = int(st["actions"])
        wait_all(everyone, n)
        m = truth(host)
        if m.phase == "deal-over":
            host.page.click("[data-action=next-deal]")
            host.page.wait_for_selector("#table[data-phase=play]", timeout=STEP_MS)
            continue
        if m.phase == "play" and m.turn == 3 and not m.deal.trick and ann.page.locator(
                ".talk-bar [data-action=ask]").count():  # her partner's lead, questions offered
            assert not ann.page.locator(LET_LEAD).count()
            while not m.deal.trick:  # it may ask her a question first: answered by her page
                host.page.wait_for_function(
                    f"() => Number(document.getElementById('table').dataset.actions) > {n}",
                    timeout=STEP_MS)
                m = truth(host)
                n = len(m.actions)
            assert m.deal.leader == 3  # and Ann asked nothing
            assert not any(a.asker == 1 for a in m.deal.answers if a.trick == len(m.deal.history))
            led += 1
            if led == 2:
                break
            continue
        if host.page.locator(LET_LEAD).count():
            host.page.click(LET_LEAD)  # the host's own computer partner waits for him
        else:
            mover = next((p for p in everyone if to_move(p.table())), None)
            if mover is not None:
                move(mover)
        host.page.wait_for_function(
            f"() => {{ const t = document.getElementById('table').dataset;"
            f" return Number(t.actions) > {n} || t.phase === 'deal-over'; }}", timeout=STEP_MS)
    else:
        raise AssertionError(f"Ann's partner led {led} times")
    for p in everyone:
        p.monitor.assert_clean(p.page)
