"""Friends, two against two: the host picks its partner in the lobby (the players trade
seats, each connected one is told its new seat), bots fill the empty seats, and a guest
who comes back finds its seat by its token."""
from __future__ import annotations

from manni.net import protocol as P
from manni.net.guest import GuestTable
from manni.net.host import HostTable
from manni.text import Translator
from manni.ui import lobby
from manni.ui.netgame import HostGame
from manni.ui.settings import Settings

TABLE = "0123456789abcdef0123456789abcdef"
T = Translator("en")


def hello(table: HostTable, game, conn: str, name: str, token: str) -> int:
    out = table.receive(conn, P.hello(TABLE, name, token), game.match)
    (to, text), = out.replies
    assert to == conn
    return P.parse_host(text).seat


def manille_host() -> HostGame:
    s = Settings()
    s.variant = "manille"
    return HostGame.host(s, HostTable(TABLE, "Hosty", seats=4))


def test_the_host_picks_its_partner_and_the_guests_learn_their_seats():
    g = manille_host()
    table = g.table
    assert g.partner_seat == 2
    tokens = {"Ann": "a" * 32, "Bo": "b" * 32}
    assert hello(table, g, "c1", "Ann", tokens["Ann"]) == 1
    assert hello(table, g, "c2", "Bo", tokens["Bo"]) == 2
    html = lobby.host_lobby(g, "https://x/?table=" + TABLE, ("easy",), False)
    assert 'data-action="pick-partner" data-seat="1"' in html
    assert 'data-action="pick-partner" data-seat="3"' in html
    assert 'data-seat="2"' in html and "your partner" in html and "Two against two" in html
    assert "up to three friends" in html
    welcomes = g.choose_partner(1)  # Ann across the table, Bo to the host's right
    assert [s.name for s in table.seats] == ["Hosty", "Bo", "Ann", ""]
    assert sorted((to, P.parse_host(text).seat) for to, text in welcomes) == [("c1", 2), ("c2", 1)]
    assert g.choose_partner(2) is None  # already the partner
    assert g.choose_partner(0) is None and g.choose_partner(4) is None
    # a guest told its new seat reads the lobby from there
    ann = GuestTable(TABLE, tokens["Ann"], "Ann")
    ann.receive(P.welcome(1, 0))
    ann.receive(dict(welcomes)["c1"])
    assert ann.seat == 2
    # an empty seat can be the partner too: a bot will sit there
    assert g.choose_partner(3) == [("c1", P.welcome(3, 0))]
    g.start()
    assert [s.kind for s in table.seats] == ["host", "guest", "bot", "guest"]
    assert g.choose_partner(1) is None  # not once the match has begun
    # reconnecting: the token finds the seat it was moved to
    table.disconnect("c1")
    assert hello(table, g, "c9", "Ann", tokens["Ann"]) == 3


def test_a_manni_table_has_no_partner_to_pick():
    g = HostGame.host(Settings(), HostTable(TABLE, "Hosty"))
    assert g.partner_seat is None and g.choose_partner(1) is None
    html = lobby.host_lobby(g, "https://x/?table=" + TABLE, ("easy",), False)
    assert "pick-partner" not in html and "Two against two" not in html
    assert "one or two friends" in html
