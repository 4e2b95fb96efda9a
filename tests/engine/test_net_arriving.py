"""A guest's page on its way (an invite page whose Python is still starting): its
``arriving`` message, the seat the host keeps for it, and what the pages say meanwhile."""
from __future__ import annotations

import pytest

from manni.match import Match
from manni.net import protocol as P
from manni.net.guest import GuestTable
from manni.net.host import HostTable
from manni.text import Translator
from manni.ui import lobby, talk
from manni.ui.netgame import GuestGame, HostGame
from manni.ui.settings import Settings

TABLE = "0123456789abcdef0123456789abcdef"
TOK1, TOK2, TOK3 = "1" * 32, "2" * 32, "3" * 32


def test_arriving_round_trips_and_junk_is_refused():
    assert P.parse_guest(P.arriving(TABLE, TOK1, " Ann ")) == P.Arriving(TABLE, TOK1, "Ann")
    assert P.parse_guest(P.arriving(TABLE, TOK1)) == P.Arriving(TABLE, TOK1, "")
    base = f'"v": 1, "type": "arriving", "table": "{TABLE}", "token": "{TOK1}"'
    for text in ("{" + base + "}",                                    # no name
                 "{" + base + ', "name": "A", "seat": 1}',             # an extra field
                 "{" + base + ', "name": 3}',
                 "{" + base.replace(TOK1, "x") + ', "name": ""}',
                 "{" + base + ', "name": "\\u0007"}'):
        with pytest.raises(P.ProtocolError):
            P.parse_guest(text)


def test_a_joining_seat_travels_in_the_seat_list():
    seats = [P.SeatInfo("Hosty", "host", True), P.SeatInfo("", "guest", False, True),
             P.SeatInfo("Bob", "guest", False, True)]
    text = P.lobby(seats, "classic", {})
    assert '"joining"' in text and P.parse_host(text).seats == tuple(seats)
    # a table with nobody joining says nothing new
    nobody = [P.SeatInfo("Hosty", "host", True), P.SeatInfo("", "empty", False),
              P.SeatInfo("Bob", "guest", True)]
    assert '"joining"' not in P.lobby(nobody, "classic", {})
    with pytest.raises(P.ProtocolError):  # only an empty seat or a guest may have no name
        P.parse_host(P.lobby([P.SeatInfo("", "host", True), *seats[1:]], "classic", {}))


def lobby_table():
    m = Match("classic", {"target": 5}, 3)
    return m, HostTable(TABLE, "Hosty")


def test_an_arriving_page_gets_a_seat_kept_and_takes_it_with_its_hello():
    m, t = lobby_table()
    out = t.receive("e1", P.arriving(TABLE, TOK1, "Ann"), m)
    assert out.changed and out.replies == []
    assert t.infos()[1] == P.SeatInfo("Ann", "guest", False, True) and t.missing() == [1]
    # the arriving channel is no seat's yet: nothing it sends is taken, nothing is sent to it
    assert t.receive("e1", P.act(1, m.legal_actions()[0]), m).replies[0][1] == \
        P.refused(1, "not_seated")
    assert t.broadcast(m) == [] and t.listeners() == []
    # a second page arriving with no name saved gets the next seat
    t.receive("e2", P.arriving(TABLE, TOK2), m)
    assert t.infos()[2] == P.SeatInfo("", "guest", False, True)
    # Python is up on Ann's page: its hello (on the same channel) takes the kept seat
    out = t.receive("e1", P.hello(TABLE, "Ann", TOK1), m)
    assert out.replies[0][1] == P.welcome(1, 0)
    assert t.infos()[1] == P.SeatInfo("Ann", "guest", True) and t.missing() == [2]


def test_an_arriving_page_that_closes_before_the_start_frees_its_seat():
    m, t = lobby_table()
    t.receive("e1", P.arriving(TABLE, TOK1, "Ann"), m)
    assert t.disconnect("e1") and t.infos()[1].kind == "empty"


def test_the_host_may_start_while_a_guest_is_joining_and_its_seat_waits_for_it():
    m, t = lobby_table()
    t.receive("c1", P.hello(TABLE, "Ann", TOK1), m)
    t.receive("e2", P.arriving(TABLE, TOK2), m)
    t.start(lambda s: f"Bot{s}")
    assert [s.kind for s in t.seats] == ["host", "guest", "guest"]  # no bot took the seat
    assert not t.bot_plays(2) and t.missing() == [2]
    assert t.disconnect("e2") and t.seats[2].kind == "guest"  # kept after the start
    t.set_stand_in(2, True)
    assert t.bot_plays(2)  # the host may let a bot play for it, as for an away guest
    # the late page arrives again, then says hello: its own seat, the stand-in ends
    t.receive("e3", P.arriving(TABLE, TOK2), m)
    assert t.bot_plays(2) and t.seat_of("e3") is None
    out = t.receive("e3", P.hello(TABLE, "Cara", TOK2), m)
    assert out.replies[0][1] == P.welcome(2, 0) and not t.bot_plays(2)
    assert t.infos()[2] == P.SeatInfo("Cara", "guest", True) and t.missing() == []


def test_arriving_never_takes_a_seat_it_has_no_claim_to():
    m, t = lobby_table()
    t.receive("c1", P.hello(TABLE, "Ann", TOK1), m)
    t.receive("c2", P.hello(TABLE, "Bob", TOK2), m)
    assert t.receive("e3", P.arriving(TABLE, TOK3, "Eve"), m).changed is False  # full
    # a second tab with Ann's token does not take her seat from her open page
    assert t.receive("e4", P.arriving(TABLE, TOK1, "Ann"), m).changed is False
    assert t.seat_of("c1") == 1 and t.infos()[1].present
    assert t.receive("e5", P.arriving("f" * 32, TOK3), m).replies[0][1] == P.refused(None, "table")
    t.start(lambda s: f"Bot{s}")
    assert t.receive("e6", P.arriving(TABLE, TOK3), m).changed is False  # started: no seat


def test_pages_show_who_is_joining():
    t = HostTable(TABLE, "Hosty")
    game = HostGame.host(Settings(), t)
    t.receive("e1", P.arriving(TABLE, TOK1, "Ann"), game.match)
    t.receive("e2", P.arriving(TABLE, TOK2), game.match)
    html = lobby.host_lobby(game, "u", ["easy"], False)
    assert "Ann — joining…" in html and "A friend is joining…" in html
    assert html.count('class="net-seat joining"') == 2
    t.receive("e1", P.hello(TABLE, "Ann", TOK1), game.match)
    game.start()
    bar = lobby.host_bar(game, "u")
    assert 'data-waiting="2"' in bar and "A friend is joining…" in bar
    assert 'data-waiting="1"' not in bar
    ann = GuestGame(GuestTable(TABLE, TOK1, "Ann"), Settings())
    for text in (P.welcome(1, 0), *(x for c, x in t.broadcast(game.match) if c == "e1")):
        ann.table.receive(text)
    room = talk.guest_room(ann)
    assert 'data-waiting="1"' in room and "A friend is joining…" in room
    en = Translator("en")
    assert lobby.link_text(en, "offline", "Hosty") == "This phone is offline: reconnecting…"
