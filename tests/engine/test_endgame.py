"""The exact endgame solver (``bots.endgame``) and the play-outs that hand over to it, and
the soft evidence of the cards given away (``bots.likely``)."""

from __future__ import annotations

import random

import pytest

from manni import Match
from manni.bots import make_bot
from manni.bots.endgame import solve
from manni.bots.likely import misfits, shed_events
from manni.bots.partners import legal_cards, medium_partner_play, table_of
from manni.bots.search import partner_rollout
from manni.cards import mask_of
from manni.rules.manille import TRUMPS

from manille_support import MANILLE, codes


def _brute(hands, leader, trick, t) -> int:
    """Side 0's points from here on, by plain minimax over every legal card."""
    seat = (leader + len(trick)) % 4
    if not hands[seat]:
        return 0
    values = []
    legal = legal_cards(hands[seat], trick, leader, t)
    for c in range(52):
        if not legal >> c & 1:
            continue
        h = list(hands)
        h[seat] &= ~(1 << c)
        tr = [*trick, c]
        if len(tr) == 4:
            w = (leader + t.contract.trick_winner(tr)) % 4
            got = t.trick_points + sum(t.points[x] for x in tr) if t.side_of[w] == 0 else 0
            values.append(got + _brute(h, w, [], t))
        else:
            values.append(_brute(h, leader, tr, t))
    return max(values) if t.side_of[seat] == 0 else min(values)


def _position(seed: int, cards_played: int) -> Match:
    m = Match("manille", {"talk": False}, seed)
    bots = [make_bot("medium", seed=seed * 4 + s) for s in range(4)]
    for _ in range(cards_played):
        seat = m.turn
        m.apply(bots[seat].choose(m.view(seat)), seat)
    return m


def _hands(*per_seat):
    return [mask_of(codes(*cs)) for cs in per_seat]


def test_a_hand_made_ending_is_solved_exactly():
    t = table_of(MANILLE, TRUMPS[0])  # spades trump
    # Seat 0 leads; side 0 holds both tens: the 10 of hearts, then the 10 of clubs, win
    # every point (12 + 5 of cards, 2 of tricks).
    hands = _hands(["TH", "7C"], ["AH", "8C"], ["TC", "9H"], ["KH", "9C"])
    assert solve(hands, 0, [], t) == _brute(hands, 0, [], t) == 19
    # One trump with side 1: its ace of spades ruffs the hearts lead, after which side 0
    # still wins the clubs: the solver finds the best line for both.
    hands = _hands(["TH", "7C"], ["AS", "8C"], ["TC", "9H"], ["KH", "9C"])
    assert solve(hands, 0, [], t) == _brute(hands, 0, [], t)


@pytest.mark.parametrize("seed", range(40))
def test_the_solver_agrees_with_plain_minimax(seed):
    rnd = random.Random(seed)
    m = _position(seed, rnd.randrange(17, 31))
    v = m.view(m.turn)
    t = table_of(MANILLE, v.contract)
    nodes = [0]
    hands = list(m.deal.hands)
    got = solve(hands, v.leader, list(v.trick), t, nodes)
    assert got == _brute(hands, v.leader, list(v.trick), t)
    assert nodes[0] >= 1 and hands == list(m.deal.hands)


@pytest.mark.parametrize("seed", range(10))
def test_a_play_out_that_hands_over_to_the_solver_keeps_the_deals_points(seed):
    m = _position(seed, 12)  # three tricks played
    v = m.view(m.turn)
    t = table_of(MANILLE, v.contract)
    args = (list(m.deal.hands), v.leader, list(v.trick), [0, 0], [0] * 4, t,
            medium_partner_play)
    played = sum(t.trick_points + sum(t.points[c] for c in cards) for _l, cards, _w in v.history)
    nodes = [0]
    for endgame in (0, 2, 3):
        pts = partner_rollout(*args, endgame=endgame, nodes=nodes)
        assert sum(pts) + played == 68
    assert nodes[0] > 0
    # Solved from the start when no hand holds more cards than ``endgame``.
    assert partner_rollout(*args, endgame=5)[0] == solve(list(m.deal.hands), v.leader,
                                                         list(v.trick), t)


def test_a_card_given_away_over_a_cheaper_one_is_a_misfit():
    m = _position(3, 0)
    t = table_of(MANILLE, TRUMPS[0])  # spades trump
    # Seat 1 gave the 9 of hearts under seat 0's 10: a world where it also held the 7 of
    # hearts (cheaper, as legal) explains that less well than one where it did not.
    events = [(1, tuple(codes("TH")), 0, mask_of(codes("9H")), mask_of(codes("7H", "8H")), 0)]
    fits = _hands([], ["KD"], [], [])
    worse = _hands([], ["7H"], [], [])
    assert misfits(fits, events, t) == 0
    assert misfits(worse, events, t) == 1
    assert shed_events(m.view(0), table_of(MANILLE, m.deal.contract)) == []
    # Seat 3, last on its partner's winning 10 of hearts, gave the 7 of clubs: holding the
    # king of diamonds (more points, not a master: the 10 and ace are out) fits worse; a
    # master ace of diamonds would have been kept.
    unplayed = mask_of(codes("TD", "AD", "KD", "7C", "KC", "AC"))
    feed = [(3, tuple(codes("9H", "TH", "8H")), 0, mask_of(codes("7C")),
             mask_of(codes("KD", "AD", "KC")), unplayed)]
    assert misfits(_hands([], [], [], ["KD"]), feed, t) == 1
    assert misfits(_hands([], [], [], ["AD", "TD"]), feed, t) == 0


@pytest.mark.parametrize("seed", range(6))
def test_hard_with_the_endgame_and_the_weights_plays_legally(seed):
    m = Match("manille", {"talk": seed % 2 == 0}, seed)
    bots = [make_bot("hard", seed=seed * 4 + s, work=800, budget_ms=None, endgame=3,
                     infer=0.3) for s in range(4)]
    while not m.deal_scores:
        seat = m.turn
        view = m.view(seat)
        action = bots[seat].choose(view)
        if hasattr(action, "card"):
            assert view.legal >> action.card & 1
        m.apply(action, seat)
