"""Tables with friends through what phones do to pages: a page frozen in the background (as a
phone freezes a tab whose player switched to a messaging app), through Chromium's DevTools
protocol (Page.setWebLifecycleState). After it, the same people sit in the same seats and
the deal goes on from where it was, every action kept once.
"""
from __future__ import annotations

import time

from manni.record import loads
from test_friends import (NET_RECORD_KEY, Person, hand, host_actions, play_deal, three_at_table,
                          truth, wait_all)
from test_friends import people, signal_url  # noqa: F401  (fixtures)

FROZEN_S = 60
OPEN = "() => document.getElementById('table').dataset.link === 'open'"


def freeze(p: Person, seconds: float) -> None:
    cdp = p.context.new_cdp_session(p.page)
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    try:
        time.sleep(seconds)
    finally:
        cdp.send("Page.setWebLifecycleState", {"state": "active"})
        cdp.detach()


def saved_actions(p: Person) -> list:
    return loads(p.page.evaluate(f"() => localStorage.getItem({NET_RECORD_KEY!r})")).actions


def check_frozen_and_back(host: Person, everyone: list[Person], frozen: Person) -> None:
    play_deal(host, everyone, until=lambda n: n >= 5)
    wait_all(everyone, host_actions(host))
    n = host_actions(host)
    before = saved_actions(host)
    hands = {p.name: hand(p) for p in everyone}
    seats = {p.name: p.page.locator(".seat-name").all_inner_texts() for p in everyone}
    freeze(frozen, FROZEN_S)
    for p in everyone:
        p.page.wait_for_function(OPEN, timeout=60_000)
    wait_all(everyone, n)
    # Nobody moved for the frozen page: nothing was lost or played twice meanwhile.
    assert host_actions(host) == n and saved_actions(host) == before
    assert {p.name: hand(p) for p in everyone} == hands
    assert {p.name: p.page.locator(".seat-name").all_inner_texts() for p in everyone} == seats
    play_deal(host, everyone)
    m = truth(host)
    assert m.deal.phase == "over" and m.actions[:n] == before
    for p in everyone:
        p.monitor.assert_clean(p.page)


def test_the_hosts_page_frozen_mid_deal(people, base_url, signal_url):
    host, ann, bob, _ = three_at_table(people, base_url, signal_url)
    check_frozen_and_back(host, [host, ann, bob], host)


def test_a_guests_page_frozen_mid_deal(people, base_url, signal_url):
    host, ann, bob, _ = three_at_table(people, base_url, signal_url)
    check_frozen_and_back(host, [host, ann, bob], ann)
