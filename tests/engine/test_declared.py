"""Trjámann and Laugavatnsmanni (RULES.md §3): the worked checks, one test each, and the
declaration, overcalls, both exchanges, the lists and the match end through the engine."""
from __future__ import annotations

import json
import random

import pytest

from manni import KEEP, TAKE, Discard, IllegalAction, ManniError, Match, get_rules
from manni.cards import DIAMONDS, HEARTS, SPADES, cards_of
from manni.record import loads, match_to_record, summary
from manni.rules.declared import Declare, Overcall

from engine_support import play_random, random_action, run_cli, snapshot

TRJ = get_rules("trjamann")
LAUG = get_rules("laugavatn")
LAUG_ALL = ("spades", "hearts", "diamonds", "clubs", "grand", "nolo")


def _declared(rules, contract, declarer=0):
    return rules.declared(contract, declarer)


# -- the worked checks of RULES.md §3 --------------------------------------------------------

def test_check_1_spades_declarer_with_no_tricks():
    assert TRJ.deal_score(_declared(TRJ, "spades"), [0, 8, 8], {}) == [-8, 4, 4]


def test_check_2_spades_declarer_with_ten_tricks():
    assert TRJ.deal_score(_declared(TRJ, "spades"), [10, 3, 3], {}) == [2, -1, -1]


def test_check_3_nolo_declarer_with_two_tricks():
    assert TRJ.deal_score(_declared(TRJ, "nolo"), [2, 7, 7], {}) == [2, -1, -1]


def test_the_declarer_need_not_be_seat_0_and_grand_scores_like_a_trump_contract():
    assert LAUG.deal_score(_declared(LAUG, "grand", 2), [4, 4, 8], {}) == [0, 0, 0]
    assert LAUG.deal_score(_declared(LAUG, "nolo", 1), [7, 2, 7], {}) == [-1, 2, -1]


# -- dealing, declaring, the lists -------------------------------------------------------------

def _declare_first(m: Match) -> int:
    """The seat to declare in the first deal."""
    assert m.phase == "exchange" and m.view(m.turn).stage == "declare"
    return m.turn


def test_sixteen_cards_each_a_manni_of_four_and_the_dealers_left_declares():
    m = Match("trjamann", seed=7, first_dealer=2)
    d = m.deal
    assert [len(cards_of(h)) for h in d.hands] == [16, 16, 16] and len(d.manni) == 4
    assert _declare_first(m) == 0 and d.contract.name == "undeclared"
    names = [a.contract for a in m.view(0).choices]
    assert names == ["nolo", "grand", "spades", "hearts", "diamonds"]
    assert m.view(1).choices == () and m.view(1).lists == (("nolo", "grand", "spades", "colour"),) * 3
    with pytest.raises(IllegalAction, match="declare first"):
        m.apply(KEEP, 0)
    with pytest.raises(IllegalAction, match="not a contract of trjamann"):
        m.apply(Declare("clubs"), 0)
    m.apply(Declare("diamonds"), 0)
    assert (d.contract.name, d.contract.trump, d.contract.declarer, d.contract.entry) == \
        ("diamonds", DIAMONDS, 0, "colour")
    # Trjámann has no overcalls: the exchange (pickup) starts with the declarer.
    assert m.view(0).stage == "pickup" and m.turn == 0


def test_a_ticked_entry_cannot_be_declared_again_and_colour_ticks_either_suit():
    m = Match("trjamann", seed=3, first_dealer=2)
    m.apply(Declare("hearts"), 0)
    play_random(m, random.Random(1), max_deals=3)
    assert [d.contract.declarer for d in m.deals] == [0, 1, 2]
    # Deal 4: seat 0 declares again; colour is ticked, so neither red suit is offered.
    m.start_next_deal()
    assert m.turn == 0 and m.deal.lists[0] == ("nolo", "grand", "spades")
    assert [a.contract for a in m.view(0).choices] == ["nolo", "grand", "spades"]
    for red in ("hearts", "diamonds"):
        with pytest.raises(IllegalAction, match="colour is no longer on your list"):
            m.apply(Declare(red), 0)


def test_a_full_trjamann_match_is_twelve_deals_each_seat_declaring_each_contract_once():
    m = Match("trjamann", seed=11)
    play_random(m, random.Random(2), max_deals=99)
    assert m.finished and len(m.deals) == 12
    for seat in range(3):
        entries = sorted(d.contract.entry for d in m.deals if d.contract.declarer == seat)
        assert entries == sorted(TRJ.ENTRIES)
    # Without overcalls the dealer's left always declares.
    assert all(d.contract.declarer == (d.dealer + 1) % 3 for d in m.deals)
    best = max(m.totals)
    assert m.winners == [s for s in range(3) if m.totals[s] == best]
    assert sum(m.totals) == 0


# -- overcalls ---------------------------------------------------------------------------------

def test_laugavatn_overcalls_the_last_taker_declares_and_only_their_entry_is_ticked():
    m = Match("laugavatn", seed=5, first_dealer=0)
    m.apply(Declare("grand"), 1)
    assert m.view(2).stage == "overcall" and m.turn == 2
    assert m.view(2).choices[0] == Overcall(None) and len(m.view(2).choices) == 7
    with pytest.raises(IllegalAction, match="overcall first"):
        m.apply(Declare("nolo"), 2)
    m.apply(Overcall("nolo"), 2)
    assert m.deal.contract.declarer == 2 and m.deal.contract.name == "nolo"
    m.apply(Overcall("clubs"), 0)
    assert (m.deal.contract.declarer, m.deal.contract.name) == (0, "clubs")
    assert m.view(0).stage == "pickup"
    play_random(m, random.Random(3), max_deals=1)
    m.start_next_deal()
    no_clubs = ("spades", "hearts", "diamonds", "grand", "nolo")
    assert m.deal.lists == (no_clubs, LAUG_ALL, LAUG_ALL)


def test_all_pass_leaves_the_first_declaration_and_overcalls_can_be_switched_off():
    m = Match("laugavatn", seed=5, first_dealer=0)
    m.apply(Declare("spades"), 1)
    m.apply(Overcall(None), 2)
    m.apply(Overcall(None), 0)
    assert (m.deal.contract.declarer, m.deal.contract.name) == (1, "spades")
    plain = Match("laugavatn", {"overcalls": False}, seed=5, first_dealer=0)
    plain.apply(Declare("spades"), 1)
    assert plain.view(1).stage == "pickup"


def test_an_empty_list_passes_the_declaration_on_and_the_match_ends_when_all_are_empty():
    # Seat 1 overcalls every deal it can, so its list empties early.
    m = Match("laugavatn", seed=9, first_dealer=0)
    rnd = random.Random(4)
    passed_on = False
    while not m.finished:
        if m.phase == "deal-over":
            m.start_next_deal()
        v = m.view(m.turn)
        if v.stage == "declare":
            forehand = (m.deal.dealer + 1) % 3
            if not m.deal.lists[forehand]:
                assert m.turn != forehand and m.deal.lists[m.turn]
                passed_on = True
            else:
                assert m.turn == forehand
        if v.stage == "overcall":
            assert m.deal.lists[m.turn]  # a seat with an empty list is not asked
            m.apply(v.choices[1] if m.turn == 1 else Overcall(None), m.turn)
            continue
        seat, action = random_action(m, rnd)
        m.apply(action, seat)
    assert passed_on
    assert len(m.deals) == 18 and not any(LAUG.open_lists(m.deals))


# -- the exchanges -----------------------------------------------------------------------------

def test_pickup_take_lay_away_exactly_four_and_nobody_else_is_asked():
    m = Match("trjamann", seed=21, first_dealer=2)
    m.apply(Declare("grand"), 0)
    manni = list(m.deal.manni)
    m.apply(TAKE, 0)
    hand = m.deal.hands[0]
    assert len(cards_of(hand)) == 20 and all(hand >> c & 1 for c in manni)
    assert m.view(0).stage == "lay_away" and m.view(0).discard_limit == 4
    before = snapshot(m)
    lay = cards_of(hand)[:4]
    for bad in (Discard(tuple(lay[:3])), Discard(tuple(cards_of(hand)[:5])), KEEP):
        with pytest.raises(IllegalAction):
            m.apply(bad, 0)
        assert snapshot(m) == before
    m.apply(Discard(tuple(lay)), 0)
    assert m.phase == "play" and m.turn == 0  # forhönd (the declarer here) leads
    assert m.deal.exchanged == [4, None, None] and len(cards_of(m.deal.hands[0])) == 16
    assert m.view(1).own_out == 0 and m.view(0).own_out == sum(1 << c for c in lay)


def test_pickup_declined_passes_clockwise_and_all_may_decline():
    m = Match("trjamann", seed=21, first_dealer=2)
    m.apply(Declare("nolo"), 0)
    m.apply(KEEP, 0)
    assert m.turn == 1 and m.view(1).stage == "pickup"
    m.apply(TAKE, 1)
    assert m.turn == 1 and m.view(1).stage == "lay_away"
    m.apply(Discard(tuple(cards_of(m.deal.hands[1])[-4:])), 1)
    assert m.deal.exchanged == [0, 4, None] and m.phase == "play"
    assert m.turn == 0  # forhönd leads the first trick
    nobody = Match("trjamann", seed=21, first_dealer=2)
    nobody.apply(Declare("nolo"), 0)
    for seat in (0, 1, 2):
        nobody.apply(KEEP, seat)
    assert nobody.phase == "play" and len(nobody.deal.manni) == 4


def test_draw_exchange_only_the_declarer_up_to_four():
    m = Match("laugavatn", {"exchange": "draw", "overcalls": False}, seed=8, first_dealer=1)
    m.apply(Declare("hearts"), 2)
    assert m.view(2).stage == "draw" and m.view(2).discard_limit == 4
    with pytest.raises(IllegalAction, match="at most 4"):
        m.apply(Discard(tuple(cards_of(m.deal.hands[2])[:5])), 2)
    top = list(m.deal.manni[:2])
    m.apply(Discard(tuple(cards_of(m.deal.hands[2])[:2])), 2)
    assert all(m.deal.hands[2] >> c & 1 for c in top)
    assert m.phase == "play" and m.turn == 2 and m.deal.exchanged == [None, None, 2]


def test_options_are_checked():
    assert Match("trjamann").options == {"exchange": "pickup"}
    assert Match("laugavatn").options == {"overcalls": True, "exchange": "pickup"}
    with pytest.raises(ManniError, match="must be one of pickup, draw"):
        Match("trjamann", {"exchange": "swap"})
    with pytest.raises(ManniError, match="unknown option 'overcalls'"):
        Match("trjamann", {"overcalls": True})
    with pytest.raises(ManniError, match="unknown option 'target'"):
        Match("laugavatn", {"target": 10})


# -- records and the command line -------------------------------------------------------------

def test_declare_and_overcall_records_and_replay_json_report_contract_and_declarer(tmp_path):
    m = Match("laugavatn", seed=5, first_dealer=0)
    m.apply(Declare("grand"), 1)
    m.apply(Overcall("hearts"), 2)
    m.apply(Overcall(None), 0)
    play_random(m, random.Random(0), max_deals=2)
    rec = match_to_record(m)
    assert rec["actions"][:3] == [{"declare": "grand"}, {"overcall": "hearts"}, {"overcall": None}]
    assert match_to_record(loads(json.dumps(rec))) == rec
    proc = run_cli(tmp_path, rec, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [(d["contract"], d["declarer"]) for d in out["deals"]] == \
        [(d.contract.name, d.contract.declarer) for d in m.deals]
    assert out["deals"][0]["contract"] == "hearts" and out["deals"][0]["declarer"] == 2
    text = run_cli(tmp_path, rec)
    assert "deal 1: dealer 0, hearts declared by 2" in text.stdout
    bad = dict(rec, actions=[{"declare": "trumps"}])
    proc = run_cli(tmp_path, bad, "--json")
    assert proc.returncode == 2 and json.loads(proc.stdout)["action"] == 0
    late = dict(rec, actions=rec["actions"][:3] + [{"overcall": "clubs"}])
    proc = run_cli(tmp_path, late, "--json")
    assert proc.returncode == 2
    assert json.loads(proc.stdout) == {"error": "action 3: take the Manni or leave it", "action": 3}


def test_a_deal_not_yet_declared_reports_no_declarer():
    m = Match("trjamann", seed=1)
    assert summary(m)["deals"][0]["contract"] == "undeclared"
    assert summary(m)["deals"][0]["declarer"] is None
    assert "declarer" not in summary(Match("classic", seed=1))["deals"][0]


def test_undo_takes_back_a_declaration_and_an_overcall():
    m = Match("laugavatn", seed=5, first_dealer=0)
    start = snapshot(m)
    m.apply(Declare("grand"), 1)
    after_declare = snapshot(m)
    m.apply(Overcall("nolo"), 2)
    assert m.undo() and snapshot(m) == after_declare
    assert m.undo() and snapshot(m) == start and m.deal.contract.name == "undeclared"


def test_play_follows_the_declared_trump_and_nolo_ace_is_low():
    spades = TRJ.declared("spades", 0)
    # A♥ led, 2♠ ruffs.
    assert spades.trick_winner([13 * HEARTS + 12, 13 * SPADES + 0, 13 * HEARTS + 11]) == 1
    nolo = TRJ.declared("nolo", 0)
    assert nolo.trick_winner([13 * HEARTS + 3, 13 * HEARTS + 12, 13 * HEARTS + 11]) == 2
