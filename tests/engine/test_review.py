"""The review of a finished deal (manni.review): the deal as it was, and Hard's suggestions
from your own SeatView, the same when the match is resumed from its record."""
from __future__ import annotations

import random

import pytest

from manni.actions import Play
from manni.bots import finish, make_bot
from manni.cards import cards_of, mask_of
from manni.match import Match
from manni.record import dumps, loads
from manni.review import deal_actions, finished_deals, review_steps

YOU = 0


def play_deals(rules: str, seed: int, deals: int):
    """Medium bots in every seat play ``deals`` deals; the views seat 0 decided from."""
    m = Match(rules, {"target": 20}, seed=seed)
    bots = {s: make_bot("medium", seed=seed + s) for s in range(3)}
    seen = []
    while True:
        if m.phase == "deal-over":
            if len(m.deals) == deals:
                return m, seen
            m.start_next_deal()
        s = m.turn
        view = m.view(s)
        if s == YOU:
            seen.append((m.deal.number, view))
        m.apply(bots[s].choose(view), s)


@pytest.mark.parametrize("rules,seed", [("classic", 4), ("hornafjordur", 8)])
def test_review_uses_the_views_you_had_and_replays_identically_from_the_record(rules, seed):
    m, seen = play_deals(rules, seed, 2)
    assert finished_deals(m) == [0, 1]
    for index in (0, 1):
        steps = review_steps(m, index)
        slices = 0
        while True:
            try:
                next(steps)
                slices += 1
            except StopIteration as stop:
                r = stop.value
                break
        assert slices >= len(r.decisions)  # at least one slice per decision: the page breathes
        assert [d.view for d in r.decisions] == [v for n, v in seen if n == index + 1]
        again = finish(review_steps(loads(dumps(m)), index))
        assert [(d.yours, d.hard, d.matched, d.cost) for d in again.decisions] == \
               [(d.yours, d.hard, d.matched, d.cost) for d in r.decisions]
        # Hard's suggestion is Hard's own choice from that view, with the review's budget.
        assert len(r.cards) == 12 and all(isinstance(d.hard, Play) for d in r.cards)
        for d in r.decisions:
            if d.matched:
                assert d.cost is None
        assert r.matched_cards <= 12 and r.loss >= 0


def test_the_deal_as_dealt_after_the_exchange_and_trick_by_trick():
    m, _ = play_deals("classic", 21, 1)
    r = finish(review_steps(m, 0))
    deck = m.rules.deck
    assert mask_of(list(r.manni)) | r.dealt[0] | r.dealt[1] | r.dealt[2] == deck
    assert sum(len(cards_of(h)) for h in r.dealt) + len(r.manni) == 48
    # after the exchange: what each seat then played, trick by trick
    played = [0, 0, 0]
    for leader, cards, _w in r.tricks:
        for i, c in enumerate(cards):
            played[(leader + i) % 3] |= 1 << c
    assert tuple(played) == r.after
    assert len(r.tricks) == 12 and sum(r.score) == sum(m.deal_scores[0])
    assert [a for _, a in r.exchange] == m.actions[:len(r.exchange)]


def test_only_finished_deals_can_be_reviewed():
    m = Match("classic", seed=2)
    with pytest.raises(ValueError):
        finish(review_steps(m, 0))
    m, _ = play_deals("classic", 2, 1)
    m.apply(m.legal_actions()[0])  # deal 2 has started
    assert finished_deals(m) == [0]
    with pytest.raises(ValueError):
        finish(review_steps(m, 1))


def test_deal_actions_gives_each_action_of_one_deal_with_its_seat():
    m, _ = play_deals("hornafjordur", 3, 2)
    first = [(s, a) for _, s, a in deal_actions(m, 0)]
    second = [(s, a) for _, s, a in deal_actions(m, 1)]
    assert [a for _, a in first + second] == m.actions
    assert all(s in (0, 1, 2) for s, _ in first + second)


def test_a_manille_deal_with_questions_out_of_turn_is_reviewed():
    """A question put to a partner on lead names its asker, not the seat in turn: the review
    replays it so, and your decisions are your turns (the same from the record)."""
    m = Match("manille", {}, seed=1)
    rnd = random.Random(1)
    seen, out_of_turn = [], []
    while not m.deal_scores:  # random legal play, questions included, as any seat may ask
        askers = [s for s in range(4) if m.view(s).asks] if rnd.random() < 0.4 else []
        seat = rnd.choice(askers) if askers else m.turn
        if seat != m.turn:
            out_of_turn.append(seat)
        elif seat == YOU:
            seen.append(m.view(YOU))
        m.apply(rnd.choice(m.view(seat).asks if askers else m.legal_actions()), seat)
    assert YOU in out_of_turn and any(s != YOU for s in out_of_turn)
    assert [s for _, s, _ in deal_actions(m, 0)] == \
           [s if s is not None else t for s, t in zip(m.action_seats, _turns(m))]
    r = finish(review_steps(m, 0))
    assert [d.view for d in r.decisions] == seen
    # a question you asked on your lead is a decision, but not one of your 8 cards
    assert len(r.decisions) > len(r.cards) == 8 and r.matched_cards <= 8
    again = finish(review_steps(loads(dumps(m)), 0))
    assert [(d.yours, d.hard, d.matched, d.cost) for d in again.decisions] == \
           [(d.yours, d.hard, d.matched, d.cost) for d in r.decisions]


def _turns(m: Match) -> list:
    """The seat in turn before each action of ``m``, from a replay of its record."""
    replay, turns = Match(m.rules, m.options, m.seed, m.first_dealer, m.layouts), []
    for action, seat in zip(m.actions, m.action_seats):
        turns.append(replay.turn)
        replay.apply(action, seat)
    return turns


def test_review_html_holds_every_card_of_the_deal_and_only_at_deal_over():
    import re

    from manni.cards import card_code
    from manni.text import Translator
    from manni.ui.game import Game
    from manni.ui.review_view import review_html
    from manni.ui.settings import Settings
    m, _ = play_deals("classic", 6, 1)
    g = Game(m, Settings(target=20))
    assert g.reviewable() == [0]
    r = finish(g.review_steps(0))
    html = review_html(r, Translator("en"), g.reviewable(), 0)
    shown = set(re.findall(r'data-card="(\w\w)"', html))
    assert shown == {card_code(c) for c in cards_of(m.rules.deck)}
    assert re.search(r"You matched Hard on \d+ of 12 cards; estimated loss \d+\.\d points\.", html)
    g.match.apply(g.match.legal_actions()[0])  # the next deal is under way
    assert g.reviewable() == []
    with pytest.raises(ValueError):
        g.review_steps(0)


def test_a_discard_hard_did_not_consider_still_gets_an_estimate():
    from manni.actions import Discard
    for seed in range(30):
        m = Match("hornafjordur", {"target": 20}, seed=seed)
        bots = {s: make_bot("medium", seed=s) for s in (1, 2)}
        while m.phase != "deal-over":
            s = m.turn
            view = m.view(s)
            if s == YOU and m.phase == "exchange":
                # three cards no ordering of Hard's would pick together: the highest
                action = Discard(tuple(sorted(cards_of(view.hand))[-min(3, view.discard_limit):]))
            elif s == YOU:
                action = Play(cards_of(view.legal)[0])
            else:
                action = bots[s].choose(view)
            m.apply(action, s)
        r = finish(review_steps(m, 0))
        ex = [d for d in r.decisions if d.trick is None]
        if ex and not ex[0].matched:
            assert ex[0].cost is not None and ex[0].cost > -1
            return
    raise AssertionError("no deal where your discard differed from Hard's")
