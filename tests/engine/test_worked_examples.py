"""The twelve worked examples of RULES.md §4, one test each.

Where an example is about play, it is played through the real engine (Match/Deal with an
explicit layout); where it is about scoring or the end of a match, the rule-set hook is
checked and, where it can be reached, a real deal through the engine as well.
"""
from __future__ import annotations

import random

import pytest

from manni import KEEP, TAKE, Discard, IllegalAction, Match, Play, get_rules, parse_card
from manni.cards import CLUBS, DIAMONDS, HEARTS, SPADES, cards_of
from manni.record import match_from_record, match_to_record

from engine_support import build_layout, cards, play_random, snapshot

CLASSIC = get_rules("classic")
HORNA = get_rules("hornafjordur")
NO_DISCARD = Discard(())


def _play_trick(match: Match, codes: list[str]) -> None:
    for code in codes:
        match.apply(Play(parse_card(code)), match.turn)


def _classic_first_trick(fixed, void, first_dealer=0, deal_index=0):
    """A classic match whose deal ``deal_index + 1`` has the given layout; every earlier deal
    is played out at random; everyone keeps in the target deal."""
    layouts = [build_layout(CLASSIC, (first_dealer + i) % 3, {}) for i in range(deal_index)]
    layouts.append(build_layout(CLASSIC, (first_dealer + deal_index) % 3, fixed, void))
    m = Match("classic", {"target": 20}, seed=1, first_dealer=first_dealer, layouts=layouts)
    if deal_index:
        play_random(m, random.Random(0), max_deals=deal_index)
    assert len(m.deal_scores) == deal_index and not m.finished
    for _ in range(3):
        m.apply(KEEP)
    return m


def _horna_first_trick(fixed, void, cut, first_dealer=0):
    lay = build_layout(HORNA, first_dealer, fixed, void, cut=parse_card(cut))
    m = Match("hornafjordur", seed=1, first_dealer=first_dealer, layouts=[lay])
    for _ in range(3):
        m.apply(NO_DISCARD)
    return m


def test_example_01_classic_trump_beats_the_led_suit():
    # Dealer 0: seat 1 leads, then seat 2, then seat 0 (who has no spade).
    m = _classic_first_trick({1: cards("AS"), 2: cards("TS"), 0: cards("4H")}, {0: [SPADES]})
    assert m.deal.contract.trump == HEARTS
    _play_trick(m, ["AS", "TS", "4H"])
    leader, trick, winner = m.deal.history[0]
    assert (leader, trick, winner) == (1, tuple(cards("AS", "TS", "4H")), 0)
    assert m.deal.tricks == [1, 0, 0]
    assert m.turn == 0  # the winner leads the next trick


def test_example_02_classic_highest_of_led_suit_without_trump():
    m = _classic_first_trick({1: cards("KD"), 2: cards("9D"), 0: cards("7D")}, {})
    assert m.deal.contract.trump == HEARTS
    _play_trick(m, ["KD", "9D", "7D"])
    assert m.deal.history[0][2] == 1
    assert m.deal.tricks == [0, 1, 0]


def test_example_03_low_trump_beats_ace_of_led_suit():
    # Classic deal 2 is played in spades; deal 1 is played out first. Dealer of deal 2 is 1,
    # so seat 2 leads, seat 0 (void in hearts) plays second, seat 1 third.
    m = _classic_first_trick({2: cards("KH"), 0: cards("3S"), 1: cards("AH")}, {0: [HEARTS]},
                             deal_index=1)
    assert m.deal.number == 2 and m.deal.contract.trump == SPADES
    _play_trick(m, ["KH", "3S", "AH"])
    assert m.deal.history[0] == (2, tuple(cards("KH", "3S", "AH")), 0)
    # The same trick in a Hornafjarðarmanni deal whose cut (8♠) makes spades trump.
    h = _horna_first_trick({1: cards("KH"), 2: cards("3S"), 0: cards("AH")}, {2: [HEARTS]}, "8S")
    assert h.deal.contract.trump == SPADES
    _play_trick(h, ["KH", "3S", "AH"])
    assert h.deal.history[0][2] == 2


def _find_deal(rules, options, want, tries=2000):
    """A seeded match whose first deal, played at random, has sorted tricks == want."""
    for seed in range(tries):
        m = Match(rules, options, seed=seed)
        play_random(m, random.Random(seed))
        if tuple(sorted(m.deal.tricks)) == want[1] and m.deal.contract.kind == want[0]:
            return m
    raise AssertionError(f"no {want} deal in {tries} seeds")


def test_example_04_classic_scores_with_and_without_minus_points():
    contract = CLASSIC.contract(1, None)
    assert CLASSIC.deal_score(contract, [6, 4, 2], CLASSIC.resolve_options({})) == [2, 0, 0]
    assert CLASSIC.deal_score(contract, [6, 4, 2],
                              CLASSIC.resolve_options({"minus_points": True})) == [2, 0, -2]
    # Through the engine: a real 6/4/2 deal, then the same record with minus points.
    m = _find_deal("classic", {}, ("trump", (2, 4, 6)))
    by_tricks = {6: 2, 4: 0, 2: 0}
    assert m.deal_scores == [[by_tricks[t] for t in m.deal.tricks]]
    rec = match_to_record(m)
    rec["options"]["minus_points"] = True
    minus = match_from_record(rec)
    assert minus.deal.tricks == m.deal.tricks
    assert minus.deal_scores == [[t - 4 for t in m.deal.tricks]]
    assert sorted(minus.deal_scores[0]) == [-2, 0, 2]


def test_example_05_classic_reaching_the_target_alone_or_tied():
    opts = CLASSIC.resolve_options({})
    contract = CLASSIC.contract(1, None)

    def after(before, tricks):
        score = CLASSIC.deal_score(contract, tricks, opts)
        plus = [b + s for b, s in zip(before, score)]
        return plus, CLASSIC.match_over(plus, [0, 0, 0], opts)

    plus, result = after([9, 4, 2], [5, 4, 3])
    assert plus == [10, 4, 2] and result == (True, [0])
    plus, result = after([9, 9, 2], [5, 5, 2])  # tied at the top: another deal
    assert plus == [10, 10, 2] and result == (False, [])
    plus, result = after([9, 10, 2], [5, 4, 3])
    assert plus == [10, 10, 2] and result == (False, [])
    plus, result = after([9, 9, 2], [6, 5, 1])  # both pass it: the higher total wins
    assert plus == [11, 10, 2] and result == (True, [0])

    # Through Match.apply: a deal in which one seat takes exactly 5 tricks, with that seat
    # standing on 9 before the deal's last card.
    for seed in range(500):
        m = Match("classic", seed=seed)
        rnd = random.Random(seed)
        play_random(m, rnd)
        if sorted(m.deal.tricks)[-2:] == [4, 5]:
            break
    five = m.deal.tricks.index(5)
    other = (five + 1) % 3
    m.undo()  # back before the last card
    m.deal_scores = [[9 if s == five else 0 for s in range(3)]]
    last = m.deal.legal_actions()[0]
    m.apply(last)
    assert m.finished and m.winners == [five] and m.totals[five] == 10
    m.undo()
    m.deal_scores = [[9 if s == five else 10 if s == other else 0 for s in range(3)]]
    m.apply(last)
    assert m.totals[five] == m.totals[other] == 10
    assert not m.finished and m.winners == []
    assert m.phase == "deal-over"  # a further deal is played


def test_example_06_classic_trump_rotation_by_deal_number():
    expected = [HEARTS, SPADES, DIAMONDS, CLUBS, HEARTS, SPADES]
    assert [CLASSIC.contract(n, None).trump for n in range(1, 7)] == expected
    m = Match("classic", {"target": 20}, seed=7)
    play_random(m, random.Random(7), max_deals=6)
    assert not m.finished and len(m.deals) == 6
    assert [d.contract.trump for d in m.deals] == expected
    assert [d.number for d in m.deals] == [1, 2, 3, 4, 5, 6]


def test_example_07_classic_exchange_ends_with_the_first_taker():
    m = Match("classic", seed=11, first_dealer=0)
    deal = m.deal
    manni = list(deal.manni)
    old_hand = deal.hands[2]
    assert m.turn == 1
    m.apply(KEEP, 1)
    assert m.turn == 2
    m.apply(TAKE, 2)
    assert m.phase == "play"
    assert deal.exchanged == [None, 0, 12]  # the dealer (seat 0) was never asked
    assert deal.manni_taken_by == 2
    assert cards_of(deal.hands[2]) == sorted(manni) and deal.out[2] == old_hand
    assert m.turn == 1  # dealer's left still leads trick 1
    before = snapshot(m)
    with pytest.raises(IllegalAction, match="already taken"):
        m.apply(TAKE)
    with pytest.raises(IllegalAction, match="not seat 0's turn"):
        m.apply(TAKE, 0)
    with pytest.raises(IllegalAction, match="not seat 2's turn"):
        m.apply(Play(cards_of(deal.hands[2])[0]), 2)
    assert snapshot(m) == before


def test_example_08_hornafjordur_cut_fixes_the_contract():
    expected = {"7C": "clubs", "9H": "hearts", "5S": "nolo", "2D": "nolo",
                "TD": "grand", "QS": "grand", "AC": "grand"}
    for code, name in expected.items():
        assert HORNA.contract(1, parse_card(code)).name == name
        lay = build_layout(HORNA, 2, {}, cut=parse_card(code))
        m = Match("hornafjordur", seed=3, first_dealer=2, layouts=[lay])
        assert m.deal.contract.name == name
        assert m.view(0).cut == parse_card(code)  # shown to everyone
    assert HORNA.contract(1, parse_card("7C")).trump == CLUBS
    assert HORNA.contract(1, parse_card("9H")).trump == HEARTS
    assert HORNA.contract(1, parse_card("QS")).trump is None


def test_example_09_hornafjordur_exchange_limits():
    # Left (seat 1) discards 7, right (seat 2) 5 -> 4 remain for the dealer (seat 0).
    m = Match("hornafjordur", seed=5, first_dealer=0)
    deal = m.deal
    manni = list(deal.manni)
    before = snapshot(m)
    with pytest.raises(IllegalAction, match="at most 7"):
        m.apply(Discard(tuple(cards_of(deal.hands[1])[:8])))
    assert snapshot(m) == before
    gone = cards_of(deal.hands[1])[:7]
    m.apply(Discard(tuple(gone)), 1)
    assert deal.hands[1] & sum(1 << c for c in manni[:7]) == sum(1 << c for c in manni[:7])
    assert m.view(2).discard_limit == 5
    m.apply(Discard(tuple(cards_of(deal.hands[2])[:5])), 2)
    view = m.view(0)
    assert view.manni_left == 4 and view.discard_limit == 4
    with pytest.raises(IllegalAction, match="at most 4"):
        m.apply(Discard(tuple(cards_of(deal.hands[0])[:5])), 0)
    m.apply(Discard(tuple(cards_of(deal.hands[0])[:4])), 0)
    assert deal.manni == [] and m.phase == "play" and deal.exchanged == [4, 7, 5]

    # Left 3, right 0 -> 13 remain, the dealer may exchange up to 12 (a whole hand).
    m = Match("hornafjordur", seed=5, first_dealer=0)
    deal = m.deal
    m.apply(Discard(tuple(cards_of(deal.hands[1])[:3])), 1)
    m.apply(NO_DISCARD, 2)
    view = m.view(0)
    assert view.manni_left == 13 and view.discard_limit == 12
    rest = list(deal.manni)
    m.apply(Discard(tuple(cards_of(deal.hands[0]))), 0)
    assert cards_of(deal.hands[0]) == sorted(rest[:12]) and deal.manni == rest[12:]


def test_example_10_nolo_ace_is_low():
    # Cut 3♣ (Nóló) in the dealer's hand; seat 1 leads 5♦, seat 2 A♦, the dealer K♦.
    fixed = {1: cards("5D"), 2: cards("AD"), 0: cards("KD")}
    m = _horna_first_trick(fixed, {}, "3C")
    assert m.deal.contract.name == "nolo"
    _play_trick(m, ["5D", "AD", "KD"])
    assert m.deal.history[0][2] == 0
    # The same cards in a Grand deal (cut 10♣): there the Ace is high.
    g = _horna_first_trick(fixed, {}, "TC")
    assert g.deal.contract.name == "grand"
    _play_trick(g, ["5D", "AD", "KD"])
    assert g.deal.history[0][2] == 2


def test_example_11_hornafjordur_deal_scores():
    opts = HORNA.resolve_options({})
    trump = HORNA.contract(1, parse_card("7C"))
    nolo = HORNA.contract(1, parse_card("4C"))
    grand = HORNA.contract(1, parse_card("KC"))
    assert HORNA.deal_score(trump, [7, 3, 2], opts) == [3, -1, -2]
    assert HORNA.deal_score(grand, [7, 3, 2], opts) == [3, -1, -2]
    assert HORNA.deal_score(nolo, [0, 5, 7], opts) == [4, -1, -3]
    assert HORNA.deal_score(nolo, [1, 3, 8], opts) == [3, 1, -4]
    # Through the engine: real deals with those trick counts.
    m = _find_deal("hornafjordur", {}, ("trump", (2, 3, 7)))
    assert m.deal_scores == [[{7: 3, 3: -1, 2: -2}[t] for t in m.deal.tricks]]
    m = _find_deal("hornafjordur", {}, ("nolo", (0, 5, 7)))
    assert m.deal_scores == [[{0: 4, 5: -1, 7: -3}[t] for t in m.deal.tricks]]
    seat_plus = [max(s, 0) for s in m.deal_scores[0]]
    seat_minus = [max(-s, 0) for s in m.deal_scores[0]]
    assert m.plus == seat_plus and m.minus == seat_minus


def test_example_12_hornafjordur_end_and_net_winner():
    opts = HORNA.resolve_options({})
    assert HORNA.match_over([10, 8, 3], [4, 0, 6], opts) == (True, [1])
    assert HORNA.match_over([9, 8, 3], [0, 0, 0], opts) == (False, [])
    assert HORNA.match_over([10, 6, 3], [4, 0, 6], opts) == (True, [0, 1])  # shared win
    # Through Match.apply: A and B stand so that the last card of a real deal leaves
    # A with plus 10 / minus 4 and B with plus 8 / minus 0.
    for seed in range(2000):
        m = Match("hornafjordur", seed=seed)
        play_random(m, random.Random(seed))
        score = m.deal_scores[0]
        a = next((s for s in range(3) if 1 <= score[s] <= 4), None)
        b = next((s for s in range(3) if s != a and 0 <= score[s] <= 8), None)
        if a is not None and b is not None:
            break
    c = 3 - a - b
    m.undo()
    prior_plus = [0, 0, 0]
    prior_minus = [0, 0, 0]
    prior_plus[a], prior_minus[a] = 10 - score[a], 4
    prior_plus[b] = 8 - score[b]
    m.deal_scores = [prior_plus, [-x for x in prior_minus]]
    assert not HORNA.match_over(m.plus, m.minus, opts)[0]
    m.apply(m.deal.legal_actions()[0])
    assert m.plus[a] == 10 and m.minus[a] == 4
    assert m.plus[b] == 8 and m.minus[b] == 0
    assert m.finished
    assert m.plus[c] - m.minus[c] < 8
    assert m.winners == [b]
