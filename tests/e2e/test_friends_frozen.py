"""Tables with friends through what phones do to pages: a page frozen in the background (as a
phone freezes a tab whose player switched to a messaging app), through Chromium's DevTools
protocol (Page.setWebLifecycleState), and the host's page reloaded mid-trick. After each, the
same people sit in the same seats and the match goes on from where it was, every action kept
once.

Chromium's frozen state here does not stop a page's data channels: a frozen host's page
still answers the heartbeat and even relays a guest's chat within a second, so nobody's
channel drops and no page has anything to wait for. The waiting texts are checked where a
page really goes away: the host's reload.
"""
from __future__ import annotations

import json
import time

from manni.record import loads
from manni_page import wait_until_booted, with_query
from test_friends import (NET_HOST_KEY, NET_RECORD_KEY, STEP_MS, Person, hand, host_actions,
                          host_table, join, play_deal, start, three_at_table, truth, wait_all)
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


def seat_list(host: Person) -> list[tuple[str, str]]:
    saved = json.loads(host.page.evaluate(f"() => localStorage.getItem({NET_HOST_KEY!r})"))
    return [(s["kind"], s["name"]) for s in saved["seats"]]


def test_the_hosts_page_frozen_at_the_lobby(people, base_url, signal_url):
    host, ann, bob = people("Hosty"), people("Ann"), people("Bob")
    url = host_table(host, base_url, signal_url)
    join(ann, url)
    join(bob, url)
    freeze(host, FROZEN_S)
    for p in (host, ann, bob):
        p.page.wait_for_function(OPEN, timeout=60_000)
    host.page.wait_for_function("() => document.querySelectorAll('.net-seat.guest').length === 2",
                                timeout=STEP_MS)
    start(host)
    assert seat_list(host) == [("host", "Hosty"), ("guest", "Ann"), ("guest", "Bob")]
    everyone = [host, ann, bob]
    for p in everyone:  # everyone at the table in their own seat, with their own hand
        p.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
        names = p.page.locator(".seat-name").all_inner_texts()
        assert {q.name for q in everyone} - {p.name} <= set(names), names
    play_deal(host, everyone, until=lambda n: n >= 4)
    n = host_actions(host)
    wait_all(everyone, n)
    assert n >= 4 and len(truth(host).actions) == n
    for p in everyone:
        p.monitor.assert_clean(p.page)


def mid_trick(host: Person) -> bool:
    v = truth(host).view(0)
    return v.phase == "play" and len(v.trick) > 0


def test_the_host_reloads_mid_trick(people, base_url, signal_url):
    host, ann, bob, _ = three_at_table(people, base_url, signal_url)
    everyone = [host, ann, bob]
    play_deal(host, everyone, until=lambda n: n >= 4 and mid_trick(host))
    wait_all(everyone, host_actions(host))
    n = host_actions(host)
    before = saved_actions(host)
    hands = {p.name: hand(p) for p in everyone}
    host.page.goto(with_query(host.page.url, "snapshot=0"), wait_until="commit")
    for g in (ann, bob):  # while the host's page boots again, the guests say whom they wait for
        g.page.wait_for_function(
            "() => document.getElementById('net-status').textContent"
            ".includes(\"Waiting for Hosty's phone\")", timeout=STEP_MS)
    wait_until_booted(host.page)
    for p in everyone:
        p.page.wait_for_function(OPEN, timeout=STEP_MS)
    host.page.wait_for_function("() => !document.querySelector('[data-waiting]')", timeout=STEP_MS)
    wait_all(everyone, n)
    assert host_actions(host) == n and saved_actions(host) == before and mid_trick(host)
    assert {p.name: hand(p) for p in everyone} == hands
    assert seat_list(host) == [("host", "Hosty"), ("guest", "Ann"), ("guest", "Bob")]
    play_deal(host, everyone, until=lambda k: k >= n + 3)
    m = truth(host)
    assert len(m.actions) >= n + 3 and m.actions[:n] == before
