"""scripts/ceiling.py: the oracle sees the true deal, the fair bots still do not."""
from __future__ import annotations

import ceiling
import pytest

from manni.bots import hard, ismcts, make_bot
from manni.match import Match
from manni.states import MatchPhase


def _first_play_view(match):
    while match.phase == MatchPhase.EXCHANGE:
        seat = match.turn
        match.apply(make_bot("medium", seed=seat).choose(match.view(seat)), seat)
    return match.view(match.turn)


@pytest.mark.parametrize("oracle, fair, budget", [("oracle", "ismcts", {"iterations": 30}),
                                                  ("oracle_hard", "hard", {"work": 1500})])
def test_an_oracle_samples_only_the_true_deal_and_its_fair_level_does_not(oracle, fair, budget):
    seen = []
    with ceiling.installed():
        match = Match("classic", seed=5)
        view = _first_play_view(match)
        truth = list(match.deal.hands)
        bot = make_bot(oracle, seed=1, **budget)
        sample = ceiling._TrueWorlds.sample

        def spy(self, rng, tries=50):
            hands = sample(self, rng, tries)
            seen.append(list(hands))
            return hands
        ceiling._TrueWorlds.sample = spy
        try:
            bot.choose(view)
            n = len(seen)
            make_bot(fair, seed=1, budget_ms=None, **budget).choose(view)
        finally:
            ceiling._TrueWorlds.sample = sample
    oracle_worlds, fair_worlds = seen[:n], seen[n:]
    assert n >= 10 and len(fair_worlds) >= 10
    assert all(h == truth for h in oracle_worlds)
    assert sum(h == truth for h in fair_worlds) < 3
    assert all(h[view.seat] == truth[view.seat] for h in fair_worlds)


def test_leaving_the_script_undoes_its_patches():
    view_before, knowledge_before = Match.view, ismcts.Knowledge
    with ceiling.installed():
        assert make_bot("oracle").level == "oracle"
        assert make_bot("oracle_hard").budget_ms is None
    assert (Match.view, ismcts.Knowledge, hard.Knowledge) == (view_before, knowledge_before,
                                                               knowledge_before)
    match = Match("classic", seed=5)
    assert not ceiling._truth
    match.view(0)
    assert not ceiling._truth
    with pytest.raises(ValueError, match="unknown bot level 'oracle'"):
        make_bot("oracle")
