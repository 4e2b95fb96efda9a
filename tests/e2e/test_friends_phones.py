"""Tables with friends through what phones really do: a guest's phone that stops the page's
JavaScript (a suspended browser: its channel falls silent), a guest offline for a while,
and a slow phone still starting Python after opening the invite link. After each, the same
people sit in the same seats with the same hands, no action is lost or applied twice, and
play goes on.

A suspended page is the DevTools debugger paused on it (``Debugger.pause``): its timers,
its heartbeat and its Python stop, while its data channels stay open underneath, as on a
phone that stopped the browser. Being offline is ``Network.emulateNetworkConditions``
(docs/net-protocol.md, "Faults", says what it cuts).
"""
from __future__ import annotations

import re
import time

import pytest

from manni.cards import card_code, cards_of
from manni_page import with_query
from test_friends import (STEP_MS, Person, hand, host_actions, host_table, join, move,
                          play_deal, play_until_turn, start, three_at_table, truth, wait_all)
from test_friends import people, signal_url  # noqa: F401  (fixtures)
from test_friends_frozen import OPEN, saved_actions, seat_list

STOPPED_S = 25
OFFLINE_S = 20
SLOW_S = 22
DROP_S = 6  # static/js/net.js drops a channel silent this long
NO_WAITING = "() => !document.querySelector('[data-waiting]')"
# On a page, every 250 ms, the time: a gap in it is a time the page's JavaScript stood still.
TICKS = "() => { window.__ticks = [Date.now()]; setInterval(() => __ticks.push(Date.now()), 250); }"
LONGEST_GAP = "() => Math.max(...__ticks.slice(1).map((t, i) => t - __ticks[i]))"


def snapshot(host: Person, everyone: list[Person]) -> dict:
    """What must be the same after a fault: actions, hands, who sits where."""
    return {"n": host_actions(host), "actions": saved_actions(host),
            "hands": {p.name: hand(p) for p in everyone},
            "names": {p.name: p.page.locator(".seat-name").all_inner_texts() for p in everyone},
            "seats": seat_list(host)}


def assert_same(host: Person, everyone: list[Person], before: dict) -> None:
    for p in everyone:
        p.page.wait_for_function(OPEN, timeout=STEP_MS)
        p.page.wait_for_function(NO_WAITING, timeout=STEP_MS)
    wait_all(everyone, before["n"])
    after = snapshot(host, everyone)
    assert after == before


def waiting_for(p: Person, seat: int, text: str) -> None:
    """p's page says whose phone the table waits for (seat: as p's page numbers it)."""
    sel = f"[data-waiting='{seat}']"
    p.page.wait_for_selector(sel, timeout=STEP_MS)
    assert text in p.page.inner_text(sel)


def test_a_guests_phone_stops_its_page_and_the_table_waits_then_goes_on(people, base_url,
                                                                         signal_url):
    host, ann, bob, _ = three_at_table(people, base_url, signal_url)
    everyone = [host, ann, bob]
    play_until_turn(host, everyone, ann)  # the table cannot go on without Ann
    wait_all(everyone, host_actions(host))
    before = snapshot(host, everyone)
    assert host.page.evaluate("() => window.manniNet.conns.size") == 2
    ann.page.evaluate(TICKS)
    cdp = ann.context.new_cdp_session(ann.page)
    paused = []
    cdp.on("Debugger.paused", lambda e: paused.append(e))
    cdp.send("Debugger.enable")
    stopped = time.monotonic()
    cdp.send("Debugger.pause")  # Ann's JavaScript stops at its next statement (a timer)
    try:
        waiting_for(host, 1, "Waiting for Ann's phone…")
        waiting_for(bob, 2, "Waiting for Ann's phone…")
        seen = time.monotonic() - stopped
        assert paused, "the debugger never paused Ann's page"
        # Ann's heartbeat stopped: the host dropped her channel as silent
        assert host.page.evaluate("() => window.manniNet.conns.size") == 1
        assert DROP_S - 1.5 <= seen < DROP_S + 8, seen  # the drop, then a redraw
        time.sleep(max(0.0, STOPPED_S - (time.monotonic() - stopped)))
        for p in (host, bob):  # still waiting, nobody moved for Ann
            assert p.page.locator("[data-waiting]").count() == 1
        assert host_actions(host) == before["n"]
    finally:
        cdp.send("Debugger.resume")
        cdp.send("Debugger.disable")
        cdp.detach()
    # Ann's page runs again: it finds its channel gone and reconnects by itself
    assert_same(host, everyone, before)
    assert ann.page.evaluate(LONGEST_GAP) >= (STOPPED_S - 2) * 1000
    play_deal(host, everyone, until=lambda k: k >= before["n"] + 3)
    m = truth(host)
    assert m.actions[:before["n"]] == before["actions"] and len(m.actions) >= before["n"] + 3
    for p in everyone:
        p.monitor.assert_clean(p.page)


def set_offline(p: Person, cdp, offline: bool) -> None:
    cdp.send("Network.emulateNetworkConditions", {"offline": offline, "latency": 0,
                                                  "downloadThroughput": -1,
                                                  "uploadThroughput": -1})


def test_a_guest_offline_for_a_while_rejoins_its_seat_with_its_hand(people, base_url, signal_url):
    host, ann, bob, _ = three_at_table(people, base_url, signal_url)
    everyone = [host, ann, bob]
    play_until_turn(host, everyone, ann)
    wait_all(everyone, host_actions(host))
    before = snapshot(host, everyone)
    cdp = ann.context.new_cdp_session(ann.page)
    cdp.send("Network.enable")
    set_offline(ann, cdp, True)
    try:
        ann.page.wait_for_function("() => navigator.onLine === false", timeout=STEP_MS)
        # CDP's offline leaves WebRTC alone (docs/net-protocol.md): the channel is cut as a
        # lost network cuts it, here from Ann's side; she must come back through the server.
        ann.page.evaluate("() => window.manniNet.hostConn.close()")
        ann.page.wait_for_function(
            "() => document.getElementById('table').dataset.link === 'offline'", timeout=STEP_MS)
        assert "offline" in ann.page.inner_text("#net-status")
        waiting_for(host, 1, "Waiting for Ann's phone…")
        waiting_for(bob, 2, "Waiting for Ann's phone…")
        time.sleep(OFFLINE_S)
        # still offline: no way back to the table yet
        assert ann.table()["link"] == "offline"
        assert ann.page.evaluate("() => window.manniNet.hostConn") is None
        assert host.page.locator("[data-waiting='1']").count() == 1
    finally:
        set_offline(ann, cdp, False)
        cdp.detach()
    assert_same(host, everyone, before)
    assert ann.table()["turn"] == "you"
    play_deal(host, everyone, until=lambda k: k >= before["n"] + 3)
    m = truth(host)
    assert m.actions[:before["n"]] == before["actions"] and len(m.actions) >= before["n"] + 3
    for p in everyone:
        p.monitor.assert_clean(p.page)


HELD = re.compile(r".*/pyodide\.asm\.wasm$")


@pytest.mark.parametrize("saved", ["first visit", "name saved"])
def test_a_slow_phone_joining_keeps_its_seat_while_the_host_starts(people, base_url,
                                                                   signal_url, saved):
    host, ann, cara = people("Hosty"), people("Ann"), people("Cara")
    url = host_table(host, base_url, signal_url)
    join(ann, url)
    if saved == "name saved":  # Cara played at another table before: her name is kept
        cara.context.add_init_script(
            "localStorage.setItem('manni:net-guest', JSON.stringify("
            "{table: 'f'.repeat(32), token: 'e'.repeat(32), name: 'Cara'}));")
    held = []
    cara.context.route(HELD, lambda route: held.append(route))  # Python cannot start
    opened = time.monotonic()
    cara.page.goto(with_query(url, "snapshot=0"), wait_until="domcontentloaded")
    arriving = "Cara — joining…" if saved == "name saved" else "A friend is joining…"
    host.page.wait_for_selector(".net-seat.joining[data-seat='2']", timeout=STEP_MS)
    assert host.page.inner_text(".net-seat.joining") == arriving
    ann.page.wait_for_function(
        f"() => [...document.querySelectorAll('.net-seat')]"
        f".some(e => e.textContent === {arriving!r})", timeout=STEP_MS)
    start(host)  # the host does not wait
    assert [k for k, _ in seat_list(host)] == ["host", "guest", "guest"]  # no bot took it
    waiting_for(host, 2, arriving)
    waiting_for(ann, 1, arriving)
    # the others play until it is the late guest's turn; the table waits for her
    play_deal(host, [host, ann], until=lambda k: truth(host).turn == 2)
    n = host_actions(host)
    before = saved_actions(host)
    time.sleep(max(0.0, SLOW_S - (time.monotonic() - opened)))
    assert held and host_actions(host) == n
    for route in held:
        route.continue_()
    cara.context.unroute(HELD)
    cara.page.wait_for_selector("#join-name", timeout=90_000)
    assert cara.page.input_value("#join-name") == ("Cara" if saved == "name saved" else "")
    cara.page.fill("#join-name", "Cara")
    cara.page.click("[data-action=join-table]")
    everyone = [host, ann, cara]
    for p in everyone:
        p.page.wait_for_function(OPEN, timeout=STEP_MS)
        p.page.wait_for_function(NO_WAITING, timeout=STEP_MS)
    wait_all(everyone, n)
    m = truth(host)
    assert seat_list(host) == [("host", "Hosty"), ("guest", "Ann"), ("guest", "Cara")]
    assert host_actions(host) == n and m.actions == before
    assert sorted(hand(cara)) == sorted(card_code(c) for c in cards_of(m.view(2).hand))
    assert cara.table()["turn"] == "you"
    move(cara)  # the late guest plays
    host.page.wait_for_function(
        f"() => Number(document.getElementById('table').dataset.actions) > {n}", timeout=STEP_MS)
    play_deal(host, everyone, until=lambda k: k >= n + 3)
    m = truth(host)
    assert m.actions[:n] == before and len(m.actions) >= n + 3
    for p in everyone:
        p.monitor.assert_clean(p.page)
