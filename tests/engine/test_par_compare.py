"""Your deal beside par's in the review (manni.par_compare, review_view.par_block): the first
card par played differently, each side's tricks and points as the tricks go, the steps."""
from __future__ import annotations

import re

import pytest

from manni.bots import finish, make_bot
from manni.match import Match
from manni.par import par_deal_steps
from manni.par_compare import before_play_differs, first_difference, won_after
from manni.review import review_steps
from manni.rules import get_rules
from manni.rules.manille import side_points
from manni.text import Translator
from manni.ui import review_view

T = Translator("en")


def played(rules: str, seed: int) -> Match:
    m = Match(rules, None, seed=seed)
    bots = {s: make_bot("easy", seed=seed + s) for s in range(m.rules.seats)}
    while not m.deal_scores:
        s = m.turn
        m.apply(bots[s].choose(m.view(s)), s)
    return m


def test_the_first_difference_is_the_first_card_or_lead_that_differs():
    a = [(0, [1, 2, 3], 2), (2, [4, 5, 6], 0), (0, [7, 8, 9], 1)]
    assert first_difference(a, list(a)) is None
    assert first_difference(a, [a[0], (2, [4, 11, 6], 1), a[2]]) == (2, 1)
    assert first_difference(a, [a[0], (1, [4, 5, 6], 0)]) == (2, 0)  # another seat led
    assert first_difference(a, a[:2]) == (3, 0)
    assert first_difference([], []) is None


def test_won_after_counts_your_sides_tricks_and_card_points():
    classic = get_rules("classic")
    tricks = [(0, [1, 2, 3], 2), (2, [4, 5, 6], 0), (0, [7, 8, 9], 0)]
    assert [won_after(classic, tricks, 0, n) for n in range(4)] == [(0, 0), (0, 0), (1, 0), (2, 0)]
    assert won_after(classic, tricks, 2, 3) == (1, 0)
    m = played("manille", seed=3)
    deal, rules = m.deals[0], m.rules
    for seat in range(4):  # the whole deal: the deal's own card points, side by side
        won, points = won_after(rules, deal.history, seat, len(deal.history))
        side = rules.side_of[seat]
        assert points == side_points(deal)[side]
        assert won == sum(deal.tricks[s] for s in rules.sides[side])


@pytest.mark.parametrize("rules,seed", [("classic", 6), ("manille", 3)])
def test_the_review_steps_through_par_beside_yours_from_the_first_difference(rules, seed):
    m = played(rules, seed)
    review = finish(review_steps(m, 0))
    par = finish(par_deal_steps(m, 0, "easy", work=1500))
    first = first_difference(review.tricks, par.history)
    assert first is not None, "Expert played this deal card for card as Easy did"
    n, place = first
    assert review.tricks[:n - 1] == par.history[:n - 1]
    mine, theirs = review.tricks[n - 1], par.history[n - 1]
    assert (mine[0], mine[1][:place]) == (theirs[0], theirs[1][:place])
    assert mine[0] != theirs[0] or mine[1][place] != theirs[1][place]
    html = review_view.review_html(review, T, [0], 0, par)
    section = html[html.index('<section class="review-par"'):]
    total = len(review.tricks)
    assert f'data-tricks="{total}" data-step="{n}" data-first-trick="{n}" data-first-place="{place}"' in section
    assert f"Par first played another card at trick {n} (marked)." in section
    assert f"Trick {n} of {total}" in section
    for step in (n, total):
        body = review_view.compare_body(review, par, step, T)
        marked = re.findall(r'class="play[^"]* differs"', body)  # "play won differs" too
        assert len(marked) == (2 if step == n else 0)  # that card, in each column
        for kind, tricks in (("yours", review.tricks), ("par", par.history)):
            won, points = won_after(m.rules, tricks, 0, step)
            winner = tricks[step - 1][2]
            assert (f'data-col="{kind}" data-winner="{winner}" data-won="{won}" '
                    f'data-points="{points}"') in body
        assert len(re.findall(r'data-card="', body)) == 2 * m.rules.seats
    assert review_view.next_step(1, total, "prev", n) == 1
    assert review_view.next_step(total, total, "next", n) == total
    assert review_view.next_step(total, total, "first", n) == n
    assert review_view.step_disabled(1, total) == {"prev": True, "next": False}


def test_a_deal_par_played_as_you_did_says_so():
    m = played("classic", seed=6)
    review = finish(review_steps(m, 0))
    same = m.deals[0]
    assert not before_play_differs(review, same)
    html = review_view.review_html(review, T, [0], 0, same)
    assert "Par played every card as you did." in html and "data-first-trick" not in html
    assert 'data-step="1"' in html and "play differs" not in html
    assert 'data-dir="first"' not in html
    assert re.search(r'data-dir="prev"[^>]* aria-disabled=true>', html)
    assert not re.search(r'data-dir="next"[^>]* aria-disabled', html)
