"""Tables with friends through a TURN relay: Debian's coturn (``turnserver``) on loopback with
a throw-away credential on a free port, and pages told ``policy=relay`` (only relayed paths,
``iceTransportPolicy: "relay"``), carried by the invite link. A whole deal is played and each
channel's selected candidate pair is read from ``RTCPeerConnection.getStats()``; a relay that
does not answer leaves no path, and the guest's page says so.

Where coturn is missing the tests are skipped, unless ``MANNI_TURN=required`` (scripts/test.sh
sets it where it installed coturn).
"""
from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import time

import pytest

from manni.text import Translator
from test_friends import (STEP_MS, _free_port, host_table, play_deal, three_at_table, truth,
                          wait_all)
from test_friends import people, signal_url  # noqa: F401  (fixtures)

TURNSERVER = shutil.which("turnserver") or "/usr/bin/turnserver"
# The selected candidate pair of each channel: [local type, remote type] (or null)
PAIRS = """async (conns) => { const out = [];
  for (const c of conns) {
    const stats = await c.peerConnection.getStats(); let pair = null;
    stats.forEach(r => { if (r.type === 'transport' && r.selectedCandidatePairId)
      pair = stats.get(r.selectedCandidatePairId); });
    out.push(pair && [stats.get(pair.localCandidateId).candidateType,
                      stats.get(pair.remoteCandidateId).candidateType]); }
  return out; }"""


def stun_answers(port: int) -> bool:
    """A STUN binding request to 127.0.0.1:port gets an answer."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.settimeout(0.5)
        s.sendto(b"\x00\x01\x00\x00\x21\x12\xa4\x42" + os.urandom(12), ("127.0.0.1", port))
        try:
            return len(s.recv(512)) >= 20
        except OSError:
            return False


@pytest.fixture(scope="module")
def turn(tmp_path_factory):
    """(port, user, password) of a coturn relay on 127.0.0.1, for this module only."""
    if not os.path.exists(TURNSERVER):
        why = "coturn's turnserver is not installed (apt-get install coturn; scripts/test.sh does)"
        if os.environ.get("MANNI_TURN") == "required":
            pytest.fail(why)
        pytest.skip(why)
    port, user, password = _free_port(), secrets.token_hex(4), secrets.token_hex(12)
    folder = tmp_path_factory.mktemp("turn")
    proc = subprocess.Popen(
        [TURNSERVER, "-n", "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1",
         f"--listening-port={port}", f"--user={user}:{password}", "--realm=manni.test",
         "--lt-cred-mech", "--no-tls", "--no-dtls", "--allow-loopback-peers", "--no-cli",
         f"--pidfile={folder}/turnserver.pid", f"--log-file={folder}/turnserver.log"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 20
    while not stun_answers(port):
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            pytest.fail(f"turnserver did not answer on 127.0.0.1:{port}")
    yield port, user, password
    proc.terminate()
    proc.wait(timeout=10)


def pairs(p, conns: str) -> list:
    return p.page.evaluate(f"() => ({PAIRS})({conns})")


def test_a_relay_only_table_plays_a_whole_deal_through_the_relay(people, base_url, signal_url,
                                                                  turn):
    port, user, password = turn
    link = f"ice=turn:{user}:{password}@127.0.0.1:{port}&policy=relay"
    host, ann, bob, url = three_at_table(people, base_url, signal_url, link=link)
    assert url.endswith(f"&ice=turn:{user}:{password}@127.0.0.1:{port}&policy=relay"), url
    everyone = [host, ann, bob]
    play_deal(host, everyone)
    wait_all(everyone, int(host.table()["actions"]))
    for p in everyone:
        p.page.wait_for_function("() => ['deal-over', 'match-over'].includes("
                                 "document.getElementById('table').dataset.phase)", timeout=STEP_MS)
    m = truth(host)
    assert m.deal.phase == "over" and len(m.deal_scores) == 1
    # every channel went through the relay, at both of its ends
    for guest in (ann, bob):
        assert pairs(guest, "[window.manniNet.hostConn]") == [["relay", "relay"]]
    assert pairs(host, "[...window.manniNet.conns.values()]") == [["relay", "relay"]] * 2
    for p in everyone:
        p.monitor.assert_clean(p.page)


def test_a_guest_with_no_path_to_the_host_is_told_so(people, base_url, signal_url):
    """A relay-only table whose relay does not answer: the host is at the table (its
    signaling server is), but no channel can open; the guest's page says so in words, and
    so does the host's."""
    dead = _free_port()  # nothing listens there
    host, ann = people("Hosty"), people("Ann")
    url = host_table(host, base_url, signal_url, link=f"ice=turn:u:p@127.0.0.1:{dead}&policy=relay")
    ann.open(url)
    ann.page.fill("#join-name", "Ann")
    ann.page.click("[data-action=join-table]")
    ann.page.wait_for_function("() => document.getElementById('table').dataset.link === 'no_path'",
                               timeout=60_000)
    assert ann.page.inner_text("#net-status") == Translator("en")("net.link.no_path")
    host.page.wait_for_selector("#notice[data-kind=warning]:not([hidden])", timeout=STEP_MS)
    assert host.page.inner_text("#notice") == Translator("en")("net.host_no_path")
    assert host.page.locator(".net-seat.guest").count() == 0
    assert host.table()["link"] == "open"  # the host's own link is fine: others may come
    for p in (host, ann):
        p.monitor.assert_clean(p.page)
