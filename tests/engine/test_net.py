"""Tables with friends, in CPython: the manni-net/1 messages, the host's authority (seat
binding, sequence numbers, refusals), the guest's side and the links."""
from __future__ import annotations

import json

import pytest

from manni.actions import KEEP, TAKE, Discard, Play
from manni.cards import cards_of, parse_card
from manni.match import Match
from manni.net import protocol as P
from manni.net import wire as W
from manni.net.guest import GuestTable, rotate_view
from manni.net.host import HostTable
from manni.rules import RULE_SETS
from manni.net.links import (Connection, host_peer_id, ice_servers, invite_url, is_id, new_id,
                             parse_connection, parse_signal, query)

TABLE = "0123456789abcdef0123456789abcdef"
TOK1, TOK2, TOK3 = "1" * 32, "2" * 32, "3" * 32


def seated(rules="classic", seed=3):
    """A started table: host at 0, guests on connections c1 (seat 1) and c2 (seat 2)."""
    m = Match(rules, {"target": 5}, seed)
    t = HostTable(TABLE, "Hosty")
    assert t.receive("c1", P.hello(TABLE, "Ann", TOK1), m).replies[0][1] == P.welcome(1, 0)
    assert t.receive("c2", P.hello(TABLE, "Bob", TOK2), m).replies[0][1] == P.welcome(2, 0)
    t.start(lambda s: f"Bot{s}")
    return m, t


def play_to_seat(m, seat):
    """Apply first legal actions until it is ``seat``'s turn."""
    while m.turn != seat:
        m.apply(m.legal_actions()[0])


# -- messages ---------------------------------------------------------------------------------
def test_guest_messages_round_trip():
    assert P.parse_guest(P.hello(TABLE, "  Ann\u0000 \n B ", TOK1)) == P.Hello(TABLE, "Ann B", TOK1)
    for action in (TAKE, KEEP, Discard((parse_card("TH"), parse_card("2S"))), Play(parse_card("AS"))):
        assert P.parse_guest(P.act(7, action)) == P.Act(7, action)


@pytest.mark.parametrize("text, key", [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "act", "seq": 1, "action": {"play": "AS"}}', "version"),
    ('{"v": 2, "type": "act", "seq": 1, "action": {"play": "AS"}}', "version"),
    ('{"v": 1, "type": "shout"}', "malformed"),
    ('{"v": 1, "type": "act", "seq": 0, "action": {"play": "AS"}}', "malformed"),
    ('{"v": 1, "type": "act", "seq": true, "action": {"play": "AS"}}', "malformed"),
    ('{"v": 1, "type": "act", "seq": 1, "action": {"play": "ZZ"}}', "malformed"),
    ('{"v": 1, "type": "act", "seq": 1, "action": {"play": "AS", "seat": 2}}', "malformed"),
    ('{"v": 1, "type": "act", "seq": 1, "action": {"play": "AS"}, "seat": 2}', "malformed"),
    ('{"v": 1, "type": "hello", "table": "x", "name": "A", "token": "' + TOK1 + '"}', "malformed"),
    ('{"v": 1, "type": "hello", "table": "' + TABLE + '", "name": " ", "token": "' + TOK1 + '"}', "name"),
    ('{"v": 1, "type": "hello", "table": "' + TABLE + '", "name": "' + "x" * 20000 + '"}', "too_long"),
    (None, "malformed"),
    ("[" * 100000, "too_long"),
])
def test_malformed_guest_messages_are_refused(text, key):
    with pytest.raises(P.ProtocolError) as e:
        P.parse_guest(text)
    assert e.value.key == key


def test_names_are_text_and_short():
    assert P.clean_name("<b>Ann</b>") == "<b>Ann</b>"  # kept as text; the page escapes it
    assert len(P.clean_name("x" * 100)) == W.MAX_NAME
    with pytest.raises(P.ProtocolError):
        P.clean_name("\u0007\u200b\n")


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_state_carries_exactly_the_seat_view(rules):
    m = Match(rules, {}, 11)
    seats = [P.SeatInfo("Hosty", "host", True), P.SeatInfo("Ann", "guest", False), P.SeatInfo("Bot", "bot", True)]
    for step in range(30):
        for seat in (1, 2):
            text = P.state(len(m.actions), seats, m.view(seat), [d.contract for d in m.deals], 4)
            assert len(text.encode()) < W.MAX_BYTES
            msg = P.parse_host(text)
            assert msg.view == m.view(seat) and msg.seats == tuple(seats) and msg.last_seq == 4
            # nothing but the seat's own cards and the public ones is named
            v = m.view(seat)
            visible = v.hand | v.own_out | v.played | (0 if v.cut is None else 1 << v.cut)
            hidden = m.deal.hands[(seat + 1) % 3] | m.deal.hands[(seat + 2) % 3]
            for c in m.deal.manni:
                hidden |= 1 << c
            for c in cards_of(hidden & ~visible):
                assert f'"{P.card_code(c)}"' not in text
        if m.phase in ("deal-over", "match-over"):
            break
        m.apply(m.legal_actions()[-1])


def test_state_names_every_seat_view_field():
    from dataclasses import fields
    from manni.view import SeatView
    names = {f.name for f in fields(SeatView)} - {"deal_number"} | {"deal"}
    assert set(P.VIEW_KEYS) == names


def test_host_messages_refuse_junk():
    for text in ('{"v":1,"type":"welcome","seat":0,"last_seq":0}',
                 '{"v":1,"type":"refused","seq":null,"key":"x","params":{"cards":[1]}}',
                 '{"v":1,"type":"closed","reason":"<script>"}',
                 '{"v":1,"type":"lobby","seats":[],"rules":"classic","options":{}}'):
        with pytest.raises(P.ProtocolError):
            P.parse_host(text)
    assert P.parse_host(P.refused(3, "must_follow", {"suit": 1, "cards": [5, 6]})) == P.Refused(3, "must_follow", {"suit": 1})
    assert P.parse_host(P.ask()) == P.Ask() and P.parse_host(P.closed("host_left")) == P.Closed("host_left")


# -- the host's authority ---------------------------------------------------------------------
def test_a_guest_acts_only_for_its_own_seat_on_its_turn():
    m, t = seated()
    play_to_seat(m, 2)
    n = len(m.actions)
    out = t.receive("c1", P.act(1, m.legal_actions()[0]), m)  # seat 1 tries seat 2's move
    assert out.apply is None and json.loads(out.replies[0][1])["type"] == "refused"
    assert out.replies[0][0] == "c1" and len(m.actions) == n and t.seats[1].last_seq == 0
    assert "seat 1" in t.log[-1]
    out = t.receive("c2", P.act(1, m.legal_actions()[0]), m)
    assert out.apply == (2, m.legal_actions()[0]) and t.seats[2].last_seq == 1


def test_an_illegal_card_and_junk_are_refused_and_logged():
    m, t = seated()
    play_to_seat(m, 1)
    before = (len(m.actions), t.to_json())
    if m.phase == "exchange":
        bad = Play(cards_of(m.deal.hands[1])[0])  # a card in the exchange
    else:
        bad = Play(cards_of(m.deal.hands[2])[0])  # someone else's card
    out = t.receive("c1", P.act(1, bad), m)
    assert out.apply is None and P.parse_host(out.replies[0][1]).key != "malformed"
    for junk in ("{", '{"v":1,"type":"act","seq":1,"action":{"play":"AS"},"seat":2}', 42):
        out = t.receive("c1", junk, m)
        assert out.apply is None and P.parse_host(out.replies[0][1]).key == "malformed"
    assert (len(m.actions), t.to_json()) == before and len(t.log) == 4


def test_an_act_is_applied_once_across_resends():
    m, t = seated()
    play_to_seat(m, 1)
    a = m.legal_actions()[0]
    out = t.receive("c1", P.act(1, a), m)
    m.apply(*reversed(out.apply))
    # the same act again (a resend after a reconnect) is refused as a duplicate
    t.disconnect("c1")
    assert t.receive("c9", P.hello(TABLE, "Ann", TOK1), m).replies[0][1] == P.welcome(1, 1)
    out = t.receive("c9", P.act(1, a), m)
    assert out.apply is None and P.parse_host(out.replies[0][1]).key == "duplicate"
    out = t.receive("c9", P.act(5, a), m)
    assert out.apply is None and P.parse_host(out.replies[0][1]).key == "seq"


def test_seats_rejoin_by_token_and_strangers_are_turned_away():
    m, t = seated()
    t.disconnect("c2")
    assert t.missing() == [2] and not t.bot_plays(2)
    assert t.set_stand_in(2, True) and t.bot_plays(2)
    t.set_watch_limit(0)
    out = t.receive("c3", P.hello(TABLE, "Eve", TOK3), m)
    assert P.parse_host(out.replies[0][1]).key == "full"  # no seat, and no room to watch
    out = t.receive("c3", P.hello("f" * 32, "Bob", TOK2), m)
    assert P.parse_host(out.replies[0][1]).key == "table"
    out = t.receive("c4", P.hello(TABLE, "Bobby", TOK2), m)
    assert out.replies[0][1] == P.welcome(2, 0) and t.seat_of("c4") == 2
    assert not t.bot_plays(2) and t.seats[2].name == "Bobby" and t.missing() == []


def test_each_guest_is_sent_its_own_view_and_the_table_survives_a_reload():
    m, t = seated()
    sent = dict(t.broadcast(m))
    assert set(sent) == {"c1", "c2"}
    assert P.parse_host(sent["c1"]).view == m.view(1) and P.parse_host(sent["c2"]).view == m.view(2)
    back = HostTable.from_json(t.to_json())
    assert back.seats == t.seats and back.started and back.missing() == [1, 2]
    with pytest.raises(P.ProtocolError):
        HostTable("short", "Hosty")


def test_lobby_before_the_start():
    m = Match("classic", {"target": 5}, 1)
    t = HostTable(TABLE, "Hosty")
    t.receive("c1", P.hello(TABLE, "Ann", TOK1), m)
    lobby = P.parse_host(dict(t.broadcast(m))["c1"])  # after the room
    assert isinstance(lobby, P.Lobby) and [s.kind for s in lobby.seats] == ["host", "guest", "empty"]
    out = t.receive("c1", P.act(1, KEEP), m)
    assert P.parse_host(out.replies[0][1]).key == "not_started"
    t.start(lambda s: f"Bot{s}")
    assert t.seats[2].kind == "bot" and t.bot_plays(2) and not t.bot_plays(1)


# -- the guest's side -------------------------------------------------------------------------
def test_guest_turns_the_table_to_its_seat_and_numbers_its_acts():
    m, t = seated()
    play_to_seat(m, 2)
    g = GuestTable(TABLE, TOK2, "Bob")
    g.receive(P.welcome(2, 0))
    g.receive(dict(t.broadcast(m))["c2"])
    v = g.view()
    assert v.seat == 0 and v.turn == 0 and v.hand == m.deal.hands[2]
    assert v.dealer == (m.deal.dealer - 2) % 3
    assert [s.name for s in g.names_from_here()] == ["Bob", "Hosty", "Ann"]
    assert P.parse_guest(g.act(m.legal_actions()[0])).seq == 1
    with pytest.raises(P.ProtocolError):
        g.receive(dict(t.broadcast(m))["c1"])  # another seat's state


def test_rotate_view_moves_every_seat_index():
    m = Match("classic", {"target": 5}, 4)
    while len(m.deal_scores) < 1 or not m.deal.history:
        m.apply(m.legal_actions()[0])
    for seat in (1, 2):
        v, r = m.view(seat), rotate_view(m.view(seat))
        for s in range(3):
            assert r.tricks[(s - seat) % 3] == v.tricks[s]
            assert r.plus[(s - seat) % 3] == v.plus[s]
        assert r.history[-1][0] == (v.history[-1][0] - seat) % 3


# -- links ------------------------------------------------------------------------------------
def test_ids_links_and_settings():
    a, b = new_id(), new_id()
    assert is_id(a) and a != b and len(a) == 32 and host_peer_id(a) == "manni-" + a
    assert parse_signal("http://127.0.0.1:9000") == "http://127.0.0.1:9000/"
    assert parse_signal("wss://peer.example.org/x") == "https://peer.example.org/x/"
    for bad in ("ftp://x/", "javascript:alert(1)", "http://", "http://a:b@c/", "http://h:99999/",
                "http://h/a b", "http://h/a\\b", "https://\u00e4.example/"):
        with pytest.raises(P.ProtocolError):
            parse_signal(bad)
    assert ice_servers("none") == []
    assert ice_servers("stun:s.example:3478,turn:u:p@t.example:3478") == [
        {"urls": "stun:s.example:3478"},
        {"urls": "turn:t.example:3478", "username": "u", "credential": "p"}]
    conn = parse_connection(query("?table=x&signal=http%3A%2F%2F127.0.0.1%3A9000%2F&ice=none"))
    assert conn.peer_options() == {"debug": 0, "host": "127.0.0.1", "port": 9000, "path": "/",
                                   "secure": False, "config": {"iceServers": []}}
    url = invite_url("https://x.example/manni/?host=abc#top", TABLE, conn)
    assert url == f"https://x.example/manni/?table={TABLE}&signal=http://127.0.0.1:9000/&ice=none"
    assert parse_connection(query(url.split("?")[1])) == conn
    assert invite_url("https://x.example/", TABLE, Connection()) == f"https://x.example/?table={TABLE}"
    assert Connection().peer_options() == {"debug": 0}
    # relay only: iceTransportPolicy, carried by the invite link; a bad value is refused
    relay = parse_connection(query("?table=x&ice=turn:u:p@127.0.0.1:3478&policy=relay"))
    assert relay.peer_options()["config"] == {
        "iceServers": [{"urls": "turn:127.0.0.1:3478", "username": "u", "credential": "p"}],
        "iceTransportPolicy": "relay"}
    assert invite_url("https://x.example/", TABLE, relay).endswith(
        "&ice=turn:u:p@127.0.0.1:3478&policy=relay")
    assert parse_connection(query("?policy=relay")).peer_options() == {
        "debug": 0, "config": {"iceTransportPolicy": "relay"}}  # net.js adds PeerJS's servers
    for bad in ("?policy=all", "?policy=relay&ice=none", "?policy=relay&ice=stun:s:1"):
        with pytest.raises(P.ProtocolError) as e:
            parse_connection(query(bad))
        assert e.value.key == "policy"
    # PeerJS writes the host into its URLs: an IPv6 address keeps its brackets
    assert Connection(parse_signal("http://[::1]:9000")).peer_options() == {
        "debug": 0, "host": "[::1]", "port": 9000, "path": "/", "secure": False}


# -- the UI side (pure) -----------------------------------------------------------------------
def test_guest_names_are_only_ever_text_in_the_page():
    from manni.ui import lobby, render
    from manni.ui.netgame import GuestGame, HostGame
    from manni.ui.settings import Settings

    evil = '<img src=x onerror="alert(1)">'
    s = Settings()
    t = HostTable(TABLE, "Hosty")
    game = HostGame.host(s, t)
    t.receive("c1", P.hello(TABLE, evil, TOK1), game.match)
    t.receive("c2", P.hello(TABLE, "Bob", TOK2), game.match)
    pages = [lobby.host_lobby(game, "https://x/?table=" + TABLE, ("easy",), True)]
    game.start()
    play_to_seat(game.match, 1)
    pages += [render.table_html(game), lobby.host_bar(game, "u")]
    t.disconnect("c1")
    pages.append(lobby.host_bar(game, "u"))
    g = GuestGame(GuestTable(TABLE, TOK2, "Bob"), s)
    g.table.receive(P.welcome(2, 0))
    g.table.receive(dict(t.broadcast(game.match))["c2"])
    pages.append(render.table_html(g))
    assert all("<img" not in html for html in pages)
    assert [("&lt;img src=x" in html) for html in pages] == [True, True, False, True, True]


def test_pages_say_whose_phone_the_table_waits_for():
    from manni.text import Translator
    from manni.ui import lobby, talk
    from manni.ui.netgame import GuestGame, HostGame
    from manni.ui.settings import Settings

    t = HostTable(TABLE, "Hosty")
    game = HostGame.host(Settings(), t)
    t.receive("c1", P.hello(TABLE, "Ann", TOK1), game.match)
    t.receive("c2", P.hello(TABLE, "Bob", TOK2), game.match)
    game.start()
    assert "data-waiting" not in lobby.host_bar(game, "u")
    t.disconnect("c2")
    bar = lobby.host_bar(game, "u")
    assert "Waiting for Bob&#x27;s phone…" in bar and "until they are back" not in bar
    t.set_stand_in(2, True)
    assert "A bot plays for Bob until they are back." in lobby.host_bar(game, "u")
    # Ann's page (seat 1) waits for Bob too; Bob's own seat is never "waited for" on his page
    ann = GuestGame(GuestTable(TABLE, TOK1, "Ann"), Settings())
    for text in (P.welcome(1, 0), *(x for c, x in t.broadcast(game.match) if c == "c1")):
        ann.table.receive(text)
    room = talk.guest_room(ann)
    assert 'data-waiting="1"' in room and "Waiting for Bob&#x27;s phone…" in room
    assert "Ann" not in room and "Hosty" not in room
    # a guest whose host does not answer names the host, once it knows the name
    en, ru = Translator("en"), Translator("ru")
    assert lobby.link_text(en, "reconnecting", "Hosty").startswith("Waiting for Hosty's phone")
    assert lobby.link_text(en, "host_gone", "Hosty") == lobby.link_text(en, "reconnecting", "Hosty")
    assert "Hosty" in lobby.link_text(ru, "host_gone", "Hosty")
    assert lobby.link_text(en, "reconnecting") == "Connection lost: reconnecting…"
    assert lobby.link_text(en, "open", "Hosty") == ""


def test_guest_game_sends_one_act_per_state():
    from manni.ui.netgame import GuestGame
    from manni.ui.settings import Settings

    m, t = seated()
    play_to_seat(m, 1)
    g = GuestGame(GuestTable(TABLE, TOK1, "Ann"), Settings())
    g.table.receive(P.welcome(1, 0))
    g.table.receive(dict(t.broadcast(m))["c1"])
    assert g.waits_for_you() and g.action_count == len(m.actions)
    a = m.legal_actions()[0]
    assert g.act(a) and not g.act(a)  # a double tap sends once
    assert [P.parse_guest(x) for x in g.outbox] == [P.Act(1, a)]
    # seats in refusals are absolute: seat 2 is "Bob" seen from seat 1
    assert g.refusal_text(P.Refused(1, "not_your_turn", {"turn": 2})) == "Wait: it is Bob's turn."
    assert g.act(a)  # after a refusal the guest may try again
