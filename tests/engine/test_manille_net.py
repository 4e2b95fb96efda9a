"""Four-seat tables over manni-net/1: Manille views travel whole, and hide what they hide."""
from __future__ import annotations

import random

from manni.cards import cards_of
from manni.net import protocol as P
from manni.net.guest import rotate_view
from manni.net.host import HostTable

from manille_support import play_match, random_step

TABLE = "0123456789abcdef0123456789abcdef"


def test_a_manille_state_carries_the_view_and_no_hidden_card():
    m = play_match(5, limit=0)
    rnd = random.Random(5)
    seats = [P.SeatInfo("Hosty", "host", True), P.SeatInfo("Ann", "guest", False),
             P.SeatInfo("Bot", "bot", True), P.SeatInfo("Bo", "guest", True)]
    asked = False
    for _ in range(120):
        for seat in (1, 2, 3):
            v = m.view(seat)
            text = P.state(len(m.actions), seats, v, [d.contract for d in m.deals], 4)
            msg = P.parse_host(text)
            assert msg.view == v and msg.seats == tuple(seats)
            asked |= bool(v.answers) and bool(v.asks)
            visible = v.hand | v.played | 1 << v.cut
            for a in v.answers:  # a card asked about is named in public
                if a.question.kind == "has":
                    visible |= 1 << a.question.subject
            hidden = 0
            for s in range(4):
                if s != seat:
                    hidden |= m.deal.hands[s]
            for c in cards_of(hidden & ~visible):
                assert f'"{P.card_code(c)}"' not in text
        random_step(m, rnd, 0.5)
    assert asked and len(m.deals) > 1


def test_a_guest_sees_its_own_side_first():
    m = play_match(6, limit=200)
    for seat in range(4):
        v = rotate_view(m.view(seat))
        assert v.seat == 0 and v.side == 0
        mine = m.view(seat).side
        assert v.manches.score == (m.manches.score[mine], m.manches.score[1 - mine])
        assert v.tricks[0] == m.deal.tricks[seat]
        assert all(a.partner == (a.asker + 2) % 4 for a in v.answers)


def test_a_host_table_has_the_rule_sets_seats():
    t = HostTable(TABLE, "Hosty", seats=4)
    assert len(t.infos()) == 4
    again = HostTable.from_json(t.to_json())
    assert len(again.seats) == 4 and again.seats[0].kind == "host"
    assert len(HostTable(TABLE, "Hosty").seats) == 3
