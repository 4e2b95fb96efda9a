"""Tables with friends without their signaling server: the local PeerJS server
(scripts/signal.sh) stopped mid-deal and started again on the same port, or not running when
the table is hosted and joined. Open channels need no server, so the table plays on; a page
that needs a new channel says in words that the table cannot be reached for now, and gets
there by itself once the server is back."""
from __future__ import annotations

import pytest

from manni.text import Translator
from test_friends import (STEP_MS, Person, SignalServer, hand, host_actions, join, move,
                          play_deal, start, three_at_table, wait_all)
from test_friends import people  # noqa: F401  (fixture)

T = Translator("en")
OPEN = "() => document.getElementById('table').dataset.link === 'open'"
NO_SERVER = "() => document.getElementById('table').dataset.link === 'no_server'"


@pytest.fixture
def server():
    s = SignalServer()
    yield s
    s.stop()


def assert_clean_but_the_server(p: Person, server: SignalServer) -> None:
    """Clean but for the browser's own lines about the server it could not reach."""
    ws = f"WebSocket connection to 'ws://127.0.0.1:{server.port}/"
    p.monitor.console_errors[:] = [
        e for e in p.monitor.console_errors
        if not (e.startswith(ws) or e == "Failed to load resource: net::ERR_CONNECTION_REFUSED")]
    p.monitor.assert_clean(p.page)


def status(p: Person) -> str:
    return p.page.inner_text("#net-status")


def test_the_table_plays_on_without_its_server_and_a_reloaded_guest_comes_back(people, base_url,
                                                                              server):
    server.start()
    host, ann, bob, url = three_at_table(people, base_url, server.url)
    everyone = [host, ann, bob]
    play_deal(host, everyone, until=lambda n: n >= 3)
    server.stop()
    host.page.wait_for_function(NO_SERVER, timeout=STEP_MS)
    assert status(host) == T("net.link.host_no_server")
    n = host_actions(host)
    play_deal(host, everyone, until=lambda k: k >= n + 4)  # the channels carry the table
    wait_all(everyone, host_actions(host))
    for p in (ann, bob):
        assert p.table()["link"] == "open"
    n = host_actions(host)
    ann.reopen(url)  # a new page needs the server for its channel
    ann.page.wait_for_function(NO_SERVER, timeout=STEP_MS)
    assert status(ann) == T("net.link.no_server")
    assert host_actions(host) == n
    server.start()  # back on the same port: Ann's page finds the table by itself
    for p in everyone:
        p.page.wait_for_function(OPEN, timeout=STEP_MS)
    ann.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    wait_all(everyone, n)
    assert host_actions(host) == n and len(hand(ann)) > 0
    play_deal(host, everyone)
    assert host.table()["phase"] in ("deal-over", "match-over")
    for p in everyone:
        assert_clean_but_the_server(p, server)


def test_with_no_server_hosting_and_joining_say_so_and_retry(people, base_url, server):
    host, ann = people("Hosty"), people("Ann")  # the server is not running yet
    host.open(f"{base_url}/?signal={server.url}&ice=none")
    host.page.click("[data-action=menu]")
    host.page.select_option("#opt-level", "easy")
    host.page.select_option("#opt-speed", "fastest")
    host.page.fill("#net-name", "Hosty")
    host.page.click("[data-action=host-table]")
    host.page.wait_for_function(NO_SERVER, timeout=STEP_MS)
    assert status(host) == T("net.link.host_no_server")
    url = host.page.get_attribute("[data-invite]", "data-invite")
    ann.open(url)
    ann.page.fill("#join-name", "Ann")
    ann.page.click("[data-action=join-table]")
    ann.page.wait_for_function(NO_SERVER, timeout=STEP_MS)
    assert status(ann) == T("net.link.no_server")
    server.start()  # both pages retry by themselves
    for p in (host, ann):
        p.page.wait_for_function(OPEN, timeout=STEP_MS)
    ann.page.wait_for_function(
        "() => [...document.querySelectorAll('.net-seat')]"
        ".some(e => e.textContent.includes('Ann'))",
        timeout=STEP_MS)
    start(host)
    play_deal(host, [host, ann], until=lambda n: n >= 3)
    for p in (host, ann):
        assert_clean_but_the_server(p, server)
