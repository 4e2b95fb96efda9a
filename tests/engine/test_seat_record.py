"""A seat's record (manni-seat/1): built on a guest's page from the states its seat was sent,
it holds no card that seat did not see and nothing to predict another match with; read
back through the input boundary, every field checked."""
from __future__ import annotations

import copy
import json
import re

import pytest

from manni.cards import card_code, cards_of
from manni.match import Match
from manni.net import protocol as P
from manni.net import seat_record as S
from manni.net.guest import GuestTable
from manni.net.host import HostTable
from manni.record import ReplayError
from manni.text import Translator

TABLE = "0123456789abcdef0123456789abcdef"
TOKEN = "1" * 32
CODE_RE = re.compile(r'"([2-9TJQKA][SHDC])"')
OPTIONS = {"classic": {"target": 5}, "hornafjordur": {"target": 5}, "manille": {"target": 50},
           "trjamann": {}}


def seen_by(v) -> int:
    """Every card the seat's view shows: its hand and discards, the cards played, the cut or
    turned card, and cards named by a question (said aloud)."""
    asked = 0
    for a in v.answers:
        if a.question.kind == "has":
            asked |= 1 << a.question.subject
    return v.hand | v.own_out | v.played | (0 if v.cut is None else 1 << v.cut) | asked


def guest_at_table(rules: str, seed: int):
    """A whole match with a guest at seat 1 (bots' moves stand in for everyone); returns the
    match, the guest's game, and what seat 1 saw in each deal."""
    from manni.ui.netgame import GuestGame
    from manni.ui.settings import Settings
    m = Match(rules, OPTIONS[rules], 10**15 + seed * 7919)  # a seed as long as the host's
    t = HostTable(TABLE, "Hosty", seats=m.rules.seats)
    g = GuestGame(GuestTable(TABLE, TOKEN, "Ann"), Settings())
    for _c, text in t.receive("c1", P.hello(TABLE, "Ann", TOKEN), m).replies:
        g.table.receive(text)
    t.start(lambda s: f"Bot{s}")
    seen: dict[int, int] = {}
    g.sent_to_me = []  # every text the guest was sent
    while True:
        for conn, text in t.broadcast(m):
            if conn == "c1":
                g.table.receive(text)
                g.sent_to_me.append(text)
        g.on_state()
        v = m.view(1)
        seen[v.deal_number] = seen.get(v.deal_number, 0) | seen_by(v)
        if m.finished:
            return m, g, seen
        asks = m.view(m.turn).asks if m.turn is not None else ()
        if asks and not [a for a in m.view(0).answers if a.trick == len(m.deal.history)]:
            m.apply(asks[0], m.turn)  # a question before the trick's first card, once a trick
        else:
            m.apply(m.legal_actions()[-1])


@pytest.mark.parametrize("rules", sorted(OPTIONS))
def test_a_guests_record_holds_only_what_its_seat_saw(rules):
    m, g, seen = guest_at_table(rules, 7)
    rec = g.seat_record
    assert rec.finished and rec.seat == 1 and rec.names[:2] == ("Hosty", "Ann")
    assert rec.scores == m.view(1).deal_scores and rec.winners == tuple(m.winners)
    assert [d.number for d in rec.deals] == list(range(1, len(m.deals) + 1))
    text = S.dumps(rec)
    for d, rd, entry in zip(m.deals, rec.deals, json.loads(text)["deals"]):
        shown = set(CODE_RE.findall(json.dumps(entry)))
        assert shown <= {card_code(c) for c in cards_of(seen[rd.number])}
        as_played = [(lead, tuple(cs), win) for lead, cs, win in d.history]
        assert list(rd.tricks) == as_played[:len(rd.tricks)]  # every trick as it was played
        assert len(rd.tricks) + bool(rd.trick) >= len(d.history)  # (a deal that ends at once
        # leaves its last trick without the card that ended it: the page never saw it)
    assert "seed" not in text and str(m.seed) not in text  # nothing to deal the next match from
    assert not [x for x in g.sent_to_me if "seed" in x or str(m.seed) in x]
    assert S.loads(text) == rec


@pytest.mark.parametrize("rules", ["classic", "hornafjordur", "trjamann"])
def test_the_manni_and_the_others_discards_never_reach_the_record(rules):
    m, g, _seen = guest_at_table(rules, 3)
    hidden_any = 0
    for d, entry in zip(m.deals, S.to_json(g.seat_record)["deals"]):
        hidden = d.out[0] | d.out[2]
        for c in d.manni:
            hidden |= 1 << c
        hidden &= ~(0 if d.cut is None else 1 << d.cut)  # the cut was shown to everyone
        hidden_any |= hidden
        assert not set(CODE_RE.findall(json.dumps(entry))) & {card_code(c) for c in cards_of(hidden)}
    assert hidden_any  # there was something to hide


def test_the_record_survives_a_reload_of_the_guests_page():
    from manni.ui.netgame import GuestGame
    from manni.ui.settings import Settings
    _m, g, _seen = guest_at_table("classic", 5)
    kept = g.kept_record()
    fresh = GuestGame(GuestTable(TABLE, TOKEN, "Ann"), Settings())
    fresh.table.room = g.table.room
    fresh.resume_record(kept)
    assert fresh.seat_record == g.seat_record
    for bad in ("{", json.dumps({"match": "net:other:1", "record": {}}),
                kept.replace('"manni-seat/1"', '"manni-seat/9"')):
        other = GuestGame(GuestTable(TABLE, TOKEN, "Ann"), Settings())
        other.table.room = g.table.room
        other.resume_record(bad)
        assert other.seat_record is None


def test_a_record_begun_mid_deal_has_that_deals_tricks_and_no_hand():
    m = Match("classic", {"target": 5}, 10**15 + 1)
    for _ in range(20):  # the exchange and some tricks before the page sees the table
        m.apply(m.legal_actions()[0])
    rec = None
    while m.deal.phase != "over":
        rec = S.add_view(rec, m.view(1), ["Hosty", "Ann", "Bob"])
        m.apply(m.legal_actions()[0])
    rec = S.add_view(rec, m.view(1), ["Hosty", "Ann", "Bob"])
    (deal,) = rec.deals
    assert deal.hands == () and len(deal.tricks) == len(m.deal.history)
    assert S.loads(S.dumps(rec)) == rec


def corrupt(rec: dict, how: str) -> dict:
    r = copy.deepcopy(rec)
    d = r["deals"][0]
    if how == "format":
        r["format"] = "manni-record/1"
    elif how == "extra":
        r["seed"] = 5
    elif how == "rules":
        r["rules"] = "bridge"
    elif how == "option":
        r["options"] = {"target": 99}
    elif how == "names":
        r["names"] = r["names"][:2]
    elif how == "name":
        r["names"][0] = "\u0000"
    elif how == "card":
        d["hands"][0][0] = "2C"  # no 2s in Classic
    elif how == "code":
        d["hands"][0][0] = "XX"
    elif how == "twice":
        d["tricks"][1][1][0] = d["tricks"][0][1][0]
    elif how == "never_held":  # a card seat 1 played, taken out of the hands it held
        lead, cards, _w = d["tricks"][0]
        mine = cards[(r["seat"] - lead) % len(cards)]
        d["hands"] = [[c for c in h if c != mine] for h in d["hands"]]
    elif how == "short_trick":
        d["tricks"][0][1] = d["tricks"][0][1][:2]
    elif how == "winner":
        d["tricks"][0][2] = 7
    elif how == "order":
        r["deals"][1]["deal"] = 1
    elif how == "score":
        r["scores"][0] = ["a", 0, 0]
    elif how == "deal_field":
        del d["tricks"]
    return r


@pytest.mark.parametrize("how", ["format", "extra", "rules", "option", "names", "name", "card",
                                 "code", "twice", "never_held", "short_trick", "winner", "order",
                                 "score", "deal_field"])
def test_a_corrupt_record_is_refused_with_a_reason(how):
    _m, g, _seen = guest_at_table("classic", 5)
    good = S.to_json(g.seat_record)
    assert len(good["deals"]) >= 2 and S.from_json(good) == g.seat_record
    with pytest.raises(ReplayError) as e:
        S.from_json(corrupt(good, how))
    assert str(e.value) and len(str(e.value)) <= 240


def test_what_is_not_json_is_refused_at_the_boundary():
    for text, key in (("", "invalid"), ("[" * 50, "too_deep"), ("x" * 1_000_001, "too_large"),
                      ("[1, 2]", "invalid")):
        with pytest.raises(ReplayError) as e:
            S.loads(text)
        assert e.value.key == key


def test_the_opened_record_shows_only_its_own_cards_by_name():
    from manni.ui.seat_view import seat_record_html
    _m, g, _seen = guest_at_table("manille", 2)
    rec = g.seat_record
    html = seat_record_html(rec, Translator("en"))
    held = set(CODE_RE.findall(S.dumps(rec)))
    assert set(re.findall(r'data-card="(\w\w)"', html)) <= held
    assert html.count('class="seat-deal"') == len(rec.deals) and "Hosty &amp; Bot2" in html
    assert "Won by:" in html and 'data-seat-record="1"' in html
