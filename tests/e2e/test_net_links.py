"""An invite link read twice: by static/js/net.js, which sends the "arriving" hello before
Python is up, and by manni/net/links.py, which then takes the channel over. Both must read
the same link to the same PeerJS options, and refuse the same links."""
from __future__ import annotations

import pytest

from manni.net.links import Connection, invite_url, parse_connection, query
from manni.net.protocol import ProtocolError
from manni.text import Translator
from manni_page import boot, start_match

TABLE = "0123456789abcdef0123456789abcdef"
SIGNALS_OK = ["", "  ", "https://peer.example/", "https://peer.example", "HTTPS://Peer.Example/x",
              "wss://peer.example:9443/p", "http://127.0.0.1:9000", "ws://h:80/a/b/", "https://h:443/",
              "http://[::1]:9000/", "https://h/%41/", "  https://h/  "]
SIGNALS_BAD = ["ftp://x/", "javascript:alert(1)", "https://u@h/", "https://:pw@h/", "https://h/?q=1",
               "https://h/#f", "https://h:99999/", "https://h:abc/", "http:///x", "http:h", "wss:/h",
               "https://h/\\x", "https://h/a b", "https://ä.example/", "http://"]
ICES_OK = ["", "none", "stun:s.example:3478", "turn:u:p@t.example:3478,stun:s:1", "turns:u@h:5349",
           " stun:a:1 , turn:b:2 ", "turn:a:b:c@h:1", "turn:@h:1"]
ICES_BAD = ["bogus:x", "stun:", "stun:a,,stun:b", "NONE"]


# policy=relay needs a turn: server when ice= names the servers (PeerJS's own list has one)
POLICIES = [("", ""), ("relay", ""), (" relay ", ""), ("relay", "turn:u:p@t:3478"),
            ("relay", "stun:s:1, turns:u@h:5349")]
POLICIES_BAD = [("relay", "none"), ("relay", "stun:s:1"), ("all", ""), ("RELAY", ""),
                ("relay", "bogus:x")]


def python_options(signal: str, ice: str, policy: str = "") -> dict | None:
    try:
        return parse_connection({"signal": signal, "ice": ice, "policy": policy}).peer_options()
    except ProtocolError:
        return None


@pytest.fixture
def net_js(page, base_url):
    page.set_content("<!doctype html><title>net.js</title>")
    page.add_script_tag(url=f"{base_url}/static/js/net.js")
    return page


def test_net_js_reads_every_link_as_python_does(net_js):
    cases = [(s, i) for s in SIGNALS_OK + SIGNALS_BAD for i in ICES_OK + ICES_BAD]
    expected = [python_options(s, i) for s, i in cases]
    assert [e is not None for e in expected] == [s in SIGNALS_OK and i in ICES_OK for s, i in cases]
    # as arrive() calls it, with the query's values
    got = net_js.evaluate("cases => cases.map(([s, i]) => manniNet.peerOptions(s, i.trim()))", cases)
    differ = [(case, js, py) for case, js, py in zip(cases, got, expected) if js != py]
    assert not differ, differ[:5]


def test_net_js_reads_the_relay_policy_as_python_does(net_js):
    cases = [("http://127.0.0.1:9000", i, p) for p, i in POLICIES + POLICIES_BAD]
    expected = [python_options(*case) for case in cases]
    assert [e is not None for e in expected] == [(p, i) in POLICIES for _, i, p in cases]
    got = net_js.evaluate("cases => cases.map(([s, i, p]) => manniNet.peerOptions(s, i.trim(), p))",
                          cases)
    assert got == expected


@pytest.mark.parametrize("conn", [
    Connection(), Connection("http://127.0.0.1:9000/", "none"),
    Connection("https://peer.example/ab/", "turn:u:p@t.example:3478,stun:s:1"),
    Connection("http://[::1]:9000/", "stun:s.example:3478"),
    Connection("http://127.0.0.1:9000/", "turn:u:p@127.0.0.1:3478", "relay"),
    Connection("", "", "relay"),
])
def test_an_invite_link_reads_the_same_in_the_page(net_js, conn):
    url = invite_url("https://x.example/manni/", TABLE, conn)
    search = url[url.index("?"):]
    got = net_js.evaluate("""search => {
        const q = new URLSearchParams(search);
        return manniNet.peerOptions(q.get("signal") || "", (q.get("ice") || "").trim(),
                                    q.get("policy") || "");
    }""", search)
    assert parse_connection(query(search)) == conn
    assert got == conn.peer_options()


@pytest.mark.parametrize("bad", ["policy=all", "policy=relay&ice=none", "ice=bogus:x"])
def test_a_bad_link_option_says_so_and_keeps_the_saved_match(page, base_url, bad):
    boot(page, f"{base_url}/?snapshot=0")
    start_match(page)
    saved = page.evaluate("() => localStorage.getItem('manni:record')")
    boot(page, f"{base_url}/?table={TABLE}&{bad}&snapshot=0")
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice") == Translator("en")("net.bad_link")
    assert page.get_attribute("#table", "data-net") is None  # no table with friends opened
    assert page.evaluate("() => localStorage.getItem('manni:record')") == saved
    assert page.evaluate("() => window.manniNet.session") is None  # net.js did not arrive
