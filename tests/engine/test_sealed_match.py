"""A sealed match across deals, each page with its own SealedPlay: a deal found broken is
scored by its penalty on every page and the match goes on."""
from __future__ import annotations

import random

import pytest

from manni.actions import Discard, Play
from manni.cards import cards_of
from manni.sealed.play import SealedPlay, restored
from manni.sealed.seat import SealedSeat

from sealed_support import TABLE


class NoSelfCheck(SealedSeat):
    def _check_own_play(self, card):
        return None


class Plays:
    """One SealedPlay a page, every message taken by every page in one order."""

    def __init__(self, rules, locals_, seed=5):
        self.plays = [SealedPlay(TABLE, rules, None, 0, loc) for loc in locals_]
        self.rnd = random.Random(seed)
        self.queue = [m for p in self.plays for m in p.begin()]
        self.cheat: int | None = None
        self.cheated = 0

    def owner(self, seat):
        return next(p for p in self.plays if seat in p.local)

    def flush(self):
        while self.queue:
            m = self.queue.pop(0)
            for p in self.plays:
                self.queue += p.take(m)

    def decide(self, seat):
        play = self.owner(seat)
        page = play.pages[seat]
        if page.stage == "exchange":
            action = self.rnd.choice(page.swap.legal_actions())
            if isinstance(action, Discard):
                action = Discard(tuple(page.mine[p] for p in action.cards))
            return play.act(seat, action)
        probe = page.tricks.copy()
        probe.hands[seat] = page.hand()
        legal = probe.legal_cards()
        if seat == self.cheat and page.hand() & ~legal:
            if type(page) is SealedSeat:
                page.__class__ = NoSelfCheck
            self.cheated += 1
            return play.act(seat, Play(cards_of(page.hand() & ~legal)[0]))
        return play.act(seat, Play(self.rnd.choice(cards_of(legal))))

    def deal_out(self):
        """Play the deal under way to its verdict on every page."""
        number = self.plays[0].number
        for p in self.plays:
            p.open_next()
        self.flush()
        while self.plays[0].number == number:
            page = self.plays[0].page()
            self.queue.append(self.decide(page.turn))
            self.flush()


@pytest.mark.parametrize("rules", ["classic", "manille"])
def test_an_illegal_card_scores_the_penalty_on_every_page_and_the_match_goes_on(rules):
    seats = 4 if rules == "manille" else 3
    t = Plays(rules, [(0,), (1,), tuple(range(2, seats))])
    t.cheat = 1
    while not t.cheated:  # until seat 1 can revoke (one deal at most, mostly)
        t.deal_out()
    judged = t.plays[0].number - 1
    verdicts = {p.verdicts[-1] for p in t.plays}
    assert len(verdicts) == 1
    (verdict,) = verdicts
    assert verdict.offender == 1 and verdict.reason not in ("fair", "false_halt"), verdict
    assert verdict.score is not None
    for p in t.plays:
        m = p.match
        assert len(m.deal_scores) == judged and tuple(m.deal_scores[-1]) == verdict.score
        assert not p.over and p.broken == verdict and p.page() is not None  # the next deal
    if rules == "manille":
        assert sorted(verdict.score) == [0, 34]
        assert verdict.score[t.plays[0].rules.side_of[1]] == 0
    else:
        assert verdict.score[1] <= min(verdict.score)
    # the match goes on: the next deal is played and judged fair on every page
    t.cheat = None
    t.deal_out()
    assert all(p.verdicts[-1].fair and len(p.match.deal_scores) == judged + 1 for p in t.plays)
    # a page reloaded keeps the penalty in its match
    again = restored(t.plays[1].saved())
    assert again.match.deal_scores == t.plays[1].match.deal_scores
    assert [v.fair for v in again.verdicts] == [v.fair for v in t.plays[1].verdicts]
