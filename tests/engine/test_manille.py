"""Manille (RULES.md §3b): every worked check, and the rules as properties."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

from manni import IllegalAction, Match, Play
from manni.cards import CLUBS, HEARTS, SPADES, cards_of, count, mask_of
from manni.match import Layout
from manni.record import summary
from manni.rules.manille import DECK, POINTS, TRUMPS, deal_score_of, manches_of, side_points
from manni.talk import Ask
from manni.undo import undo_refusal

from engine_support import PROPS, seeds
from manille_support import MANILLE, codes, play_match, random_step, situation


def legal(trick, hand, trump=HEARTS):
    return set(cards_of(situation(trick, hand, trump).legal_cards()))


def refused_key(trick, hand, card, trump=HEARTS):
    d = situation(trick, hand, trump)
    with pytest.raises(IllegalAction) as e:
        d.check(Play(codes(card)[0]))
    return e.value


def test_every_rule_set_numbers_its_sides_and_seats_alike():
    from manni.rules import RULE_SETS
    for rules in RULE_SETS.values():
        seats = sorted(s for side in rules.sides for s in side)
        assert seats == list(range(rules.seats))
        assert all(rules.side_of[s] == i for i, side in enumerate(rules.sides) for s in side)
    assert MANILLE.sides == ((0, 2), (1, 3)) and MANILLE.side_of == (0, 1, 0, 1)


# -- the worked checks of §3b --------------------------------------------------------------
def test_must_beat_the_king_led_by_an_opponent():
    assert legal(["KS"], ["TS", "QS", "7S", "8H", "AC"]) == set(codes("TS"))
    e = refused_key(["KS"], ["TS", "QS", "7S", "8H", "AC"], "QS")
    assert e.key == "must_beat" and e.params["card"] == codes("KS")[0]
    assert e.params["cards"] == codes("KS") and e.params["allowed"] == codes("TS")


def test_partner_winning_follow_without_climbing():
    assert legal(["AS", "7S"], ["TS", "8S", "KD"]) == set(codes("TS", "8S"))
    assert refused_key(["AS", "7S"], ["TS", "8S", "KD"], "KD").key == "must_follow"


def test_opponent_winning_over_the_partner_must_be_beaten():
    assert legal(["KS", "AS"], ["TS", "9S"]) == set(codes("TS"))


def test_no_spade_beats_an_opponents_trump_so_any_spade():
    assert legal(["JS", "KS", "7H"], ["TS", "8S", "AH"]) == set(codes("TS", "8S"))
    assert refused_key(["JS", "KS", "7H"], ["TS", "8S", "AH"], "AH").key == "must_follow"


def test_void_must_trump():
    assert legal(["AD"], ["7H", "QH", "TC", "9S"]) == set(codes("7H", "QH"))
    assert refused_key(["AD"], ["7H", "QH", "TC", "9S"], "TC").key == "must_trump"


def test_void_must_overtrump():
    assert legal(["AD", "7D", "KH"], ["QH", "TH", "JC"]) == set(codes("TH"))
    e = refused_key(["AD", "7D", "KH"], ["QH", "TH", "JC"], "QH")
    assert e.key == "must_overtrump" and e.params["card"] == codes("KH")[0]


def test_no_trump_beats_the_king_so_any_card():
    hand = ["QH", "9H", "JC", "8S"]
    assert legal(["AD", "7D", "KH"], hand) == set(codes(*hand))


def test_partner_trumped_so_any_card():
    hand = ["TH", "8H", "QD"]
    assert legal(["KC", "JH", "AC"], hand) == set(codes(*hand))


def test_nothing_beats_the_ten_follow_anyway():
    assert legal(["TH"], ["AH", "9H", "KD"]) == set(codes("AH", "9H"))


def test_the_seven_of_trumps_wins_a_trick_worth_thirteen():
    trick = codes("KD", "TD", "7C", "AD")
    assert TRUMPS[CLUBS].trick_winner(trick) == 2
    assert 1 + sum(POINTS[c] for c in trick) == 13


def test_35_card_points_and_6_tricks_score_7():
    assert deal_score_of([35 + 6, 25 + 2]) == [7, 0]
    assert deal_score_of([34, 34]) == [0, 0]


def _deal_with(turned: str, dealer: int, seed: int = 0) -> Layout:
    """A shuffled Manille layout whose dealer holds ``turned``."""
    rnd = random.Random(seed)
    turned_card = codes(turned)[0]
    rest = [c for c in cards_of(DECK) if c != turned_card]
    rnd.shuffle(rest)
    hands = []
    for s in range(4):
        take = 7 if s == dealer else 8
        hands.append(rest[:take] + ([turned_card] if s == dealer else []))
        rest = rest[take:]
    return Layout(tuple(mask_of(h) for h in hands), (), turned_card)


def test_the_turned_ten_gives_the_dealers_side_five_at_once():
    m = Match("manille", {}, 1, first_dealer=1, layouts=[_deal_with("TH", 1)])
    assert m.deal.bonus == [0, 5] and m.manches.score == (0, 5)
    assert m.deal.contract.trump == HEARTS and m.deal.turn == 2


def _side_on(score_wanted: range, won: int, seed_range=range(300)):
    """(seed, match, side, manche score) after a deal's last card with a side that has
    won ``won`` manches on a score in ``score_wanted``, whose seat deals next."""
    for seed in seed_range:
        m = Match("manille", {}, seed)
        rnd = random.Random(seed)
        while not m.finished:
            n = len(m.deals)
            random_step(m, rnd, 0)
            if len(m.deals) > n and m.deal.bonus is not None:
                state = manches_of(m.deals[:-1], 50)
                before = state.score
                side = MANILLE.side_of[m.deal.dealer]
                if before[side] in score_wanted and state.won[side] == won:
                    return seed, m, side, before
    raise AssertionError("no such match")


def _turn_up_on(score: int, card: str, won: int) -> tuple:
    """The match found by _side_on, again, with ``card`` turned up in the next deal."""
    seed, m, side, before = _side_on(range(score, score + 1), won)
    index = len(m.deals) - 1
    dealer = m.deal.dealer
    layouts = [Layout(tuple(d0.hands), (), d0.cut) for d0 in (m.dealt(i) for i in range(index))]
    layouts.append(_deal_with(card, dealer, seed))
    again = Match("manille", {}, seed, first_dealer=m.first_dealer, layouts=layouts)
    for a, s in zip(m.actions, m.action_seats):
        again.apply(a, s)
    return again, index, side, before


def test_a_turned_king_on_47_wins_the_manche_before_a_card_is_played():
    again, index, side, before = _turn_up_on(47, "KS", 0)
    unplayed = again.deals[index]
    assert unplayed.unplayed and unplayed.phase == "over" and not unplayed.history
    assert again.manches.done[-1] == (side, tuple(47 + 3 if i == side else before[i]
                                                 for i in range(2)))
    assert not again.finished and len(again.deals) == index + 2
    assert again.manches.score == tuple(again.deal.bonus)  # the next manche begins at once
    assert again.deal.dealer == (unplayed.dealer + 1) % 4  # the deal moves on as usual
    assert unplayed.score() == [0, 0]


def test_a_turned_card_can_win_the_match():
    again, index, side, _ = _turn_up_on(46, "TS", 1)
    assert again.deals[-1].unplayed and again.finished and len(again.deals) == index + 1
    assert again.winners == list(MANILLE.sides[side])


def test_manches_to_50_a_then_b_then_the_belle_from_0_0():
    class D:
        def __init__(self, bonus, score):
            self.bonus, self._score = bonus, score

        def score(self):
            return self._score
    deals = [D([0, 0], [30, 0]), D([0, 0], [25, 0]),  # A wins the first manche 55-0
             D([0, 3], [0, 50]),  # B the second, 53-0
             D([0, 0], [10, 0])]  # the belle starts from 0-0
    m = manches_of(deals, 50)
    assert m.done == ((0, (55, 0)), (1, (0, 53))) and m.won == (1, 1) and m.score == (10, 0)


# -- properties ----------------------------------------------------------------------------
@PROPS
@given(seeds, st.booleans())
def test_random_matches_keep_every_rule(seed, talk):
    m = Match("manille", {"talk": talk}, seed % 10_000)
    rnd = random.Random(seed)
    target = m.options["target"]
    while not m.finished:
        d = m.deal
        assert d.legal_cards(), "legal cards never empty"
        mover = d.turn
        for seat in range(4):  # no other seat's card but the turned one while it is held
            v = m.view(seat)
            others = 0
            for s in range(4):
                if s != seat:
                    others |= d.hands[s]
            visible = (v.hand | v.own_out | v.legal | v.played | mask_of(v.trick)
                       | (1 << v.cut))
            for _, cards, _ in v.history:
                visible |= mask_of(cards)
            turned_held = 1 << d.cut if d.hands[d.dealer] >> d.cut & 1 else 0
            assert visible & others == (turned_held if seat != d.dealer else 0)
            assert v.hand == d.hands[seat]
        # a card the seat may not play is refused with its reason
        for c in cards_of(d.hands[mover] & ~d.legal_cards()):
            with pytest.raises(IllegalAction) as e:
                m.check(Play(c), mover)
            assert e.value.key in ("must_follow", "must_beat", "must_trump", "must_overtrump")
        if not talk:
            assert not any(m.view(s).asks for s in range(4))
        done_before = len(m.manches.done)
        deals_before = len(m.deals)
        random_step(m, rnd)
        for a in m.deal.answers:  # answers are true of the partner's hand when asked
            assert a.partner == (a.asker + 2) % 4
        if len(m.deals) > deals_before or m.finished:
            finished = m.deals[deals_before - 1]
            pts = side_points(finished)
            assert sum(pts) == 68
            assert finished.score() == [max(0, pts[0] - 34), max(0, pts[1] - 34)]
            hi = max(pts)
            assert sorted(finished.score()) == [0, max(0, hi - 34)]
            ms = m.manches
            assert all(max(sc) >= target for _, sc in ms.done)
            assert all(x < target for x in ms.score)  # it ends the moment a side reaches it
            if len(ms.done) > done_before:
                assert max(ms.won) <= 2
    assert max(m.manches.won) == 2 and sum(m.manches.won) in (2, 3)
    assert list(m.winners) == list(MANILLE.sides[m.manches.won.index(2)])


@PROPS
@given(seeds)
def test_answers_are_true_of_the_partners_hand_at_the_moment_of_asking(seed):
    m = Match("manille", {}, seed % 10_000)
    rnd = random.Random(seed)
    for _ in range(60):
        if m.finished:
            break
        askers = [s for s in range(4) if m.view(s).asks]
        if askers and rnd.random() < 0.5:
            seat = rnd.choice(askers)
            ask = rnd.choice(m.view(seat).asks)
            partner_hand = m.deal.hands[(seat + 2) % 4]
            m.apply(ask, seat)
            a = m.deal.answers[-1]
            assert (a.asker, a.partner, a.question) == (seat, (seat + 2) % 4, ask)
            expected = (count(partner_hand & (0x1FFF << 13 * ask.subject)) if ask.kind == "count"
                        else bool(partner_hand >> ask.subject & 1))
            assert a.value == expected
            assert all(m.view(s).answers == m.deal.answers for s in range(4))  # public
        else:
            m.apply(rnd.choice(m.legal_actions()))


@PROPS
@given(seeds)
def test_undo_takes_back_plays_and_questions_exactly(seed):
    m = Match("manille", {}, seed % 10_000)
    rnd = random.Random(seed)
    for _ in range(rnd.randrange(1, 80)):
        before = [m.view(s) for s in range(4)], summary(m), len(m.deals)
        random_step(m, rnd, 0.4)
        if rnd.random() < 0.3:
            assert m.undo()
            assert ([m.view(s) for s in range(4)], summary(m), len(m.deals)) == before
        if m.finished:
            break


# -- the parlée's refusals -----------------------------------------------------------------
def _fresh(talk=True):
    m = Match("manille", {"talk": talk}, 7, first_dealer=3)
    assert m.deal.leader == 0
    return m


def test_a_question_is_refused_with_talk_off():
    with pytest.raises(IllegalAction) as e:
        _fresh(False).apply(Ask("count", SPADES), 0)
    assert e.value.key == "ask_no_talk"


def test_either_partner_on_lead_may_ask_the_other_side_may_not():
    m = _fresh()
    m.apply(Ask("count", SPADES), 2)  # the leader's partner asks the leader
    m.apply(Ask("count", HEARTS), 0)  # and the leader asks back
    assert [a.asker for a in m.deal.answers] == [2, 0]
    with pytest.raises(IllegalAction) as e:
        m.apply(Ask("count", CLUBS), 0)
    assert e.value.key == "ask_limit"
    with pytest.raises(IllegalAction) as e:
        _fresh().apply(Ask("count", SPADES), 1)
    assert e.value.key == "ask_other_side"


def test_no_question_after_the_lead_or_without_a_seat():
    m = _fresh()
    with pytest.raises(IllegalAction) as e:
        m.apply(Ask("count", SPADES))
    assert e.value.key == "ask_needs_seat"
    m.apply(m.legal_actions()[0])
    with pytest.raises(IllegalAction) as e:
        m.apply(Ask("count", SPADES), 0)
    assert e.value.key == "ask_after_lead"


def test_asking_is_undone_and_an_answered_question_cannot_be_taken_back_at_a_table():
    m = _fresh()
    before = m.view(0)
    m.apply(Ask("count", SPADES), 2)
    assert undo_refusal(m, 2) == "answered"
    assert undo_refusal(m, 2, practice=True) is None
    assert m.undo() and m.view(0) == before and m.actions == []


def test_undo_of_a_deals_last_card_takes_the_next_deal_away():
    m = play_match(3, ask_rate=0.2, limit=10_000)
    # play again, stopping right after some deal's last card
    again = Match("manille", {}, 3)
    for a, s in zip(m.actions, m.action_seats):
        n = len(again.deals)
        again.apply(a, s)
        if len(again.deals) > n:
            copy = again.copy()
            scores = list(again.deal_scores)
            assert again.undo()
            assert len(again.deals) == n and again.deal_scores == scores[:len(again.deal_scores)]
            again.apply(a, s)
            assert len(again.deals) == len(copy.deals)
            break
    else:
        raise AssertionError("no deal ended")
