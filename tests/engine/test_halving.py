"""Hard's search: sequential halving over the candidates within a work budget."""

from __future__ import annotations

import random

import pytest

from manni import Match
from manni.actions import Discard, Play
from manni.bots import make_bot
from manni.bots.base import finish
from manni.bots.knowledge import Knowledge
from manni.bots import search
from manni.bots.policy import medium_play
from manni.bots.search import (WORLD_WORK, _halving, candidates, evaluate_exchange,
                               halving_cards, match_utility)
from manni.bots.tournament import kept

from engine_support import after_exchange, bots_choose, deals_over, drive


def _noisy(means, seed):
    """(sample, score): options whose score is its mean plus noise, drawn per play-out."""
    rng = random.Random(seed)
    return (lambda: None), (lambda world, i: means[i] + rng.gauss(0, 1.0))


def test_halving_finds_the_best_option_and_plays_it_most():
    means = [0.0, 0.3, 0.1, 1.0, 0.2, 0.0, 0.4, 0.1]
    for seed in range(5):
        sample, score = _noisy(means, seed)
        got, seen, n = finish(_halving(len(means), sample, score, 0, 4000, 10, None, 1))
        top = max(seen)
        best = max((i for i in range(len(means)) if seen[i] == top), key=lambda i: got[i])
        assert best == 3
        # 8 options, play-outs of 10 cards: 3 rounds of ~1333 cards, 8 then 4 then 2 options.
        assert seen[3] == 15 + 28 + 51
        assert sorted(seen) == [15] * 4 + [43] * 2 + [94] * 2
        assert n == 94 and n * WORLD_WORK + sum(seen) * 10 <= 4000


def test_halving_with_fixed_worlds_plays_every_option_in_each():
    sample, score = _noisy([0.0, 1.0, 0.5], 1)
    got, seen, n = finish(_halving(3, sample, score, 7, 0, 0, None, 1))
    assert seen == [7, 7, 7] and n == 7


class _Clock:
    """A stand-in for ``time.perf_counter`` that moves only when told to."""

    def __init__(self) -> None:
        self.t = 0.0

    def perf_counter(self) -> float:
        return self.t


def test_the_search_yields_before_a_slice_would_overrun(monkeypatch):
    """Units of 4 ms: two fit a 10 ms slice; yielding only once past it (the old rule) would
    have made 12 ms slices, and so would a second search starting its own slice where the
    first left off. The means are those of the same searches run without a yield."""
    clock = _Clock()
    monkeypatch.setattr(search, "time", clock)
    monkeypatch.setattr(search.Pacer, "since", 0.0)
    rng = random.Random(3)
    units: list[int] = []

    def score(world, i):
        clock.t += 0.004
        units.append(i)
        return rng.random()

    def two_searches():
        first = yield from _halving(5, lambda: None, score, 5, 0, 0, None, 1)
        second = yield from _halving(1, lambda: None, score, 5, 0, 0, None, 1)
        return first, second

    gen = two_searches()
    per_slice = []
    while True:
        before = len(units)
        try:
            next(gen)
        except StopIteration as stop:
            got = stop.value
            per_slice.append(len(units) - before)
            break
        per_slice.append(len(units) - before)
    assert len(units) == 30 and sum(per_slice) == 30
    assert max(per_slice) * 0.004 <= search.SLICE_S and per_slice[0] == 2
    rng = random.Random(3)
    assert got == (finish(_halving(5, lambda: None, lambda w, i: rng.random(), 5, 0, 0, None, 1)),
                   finish(_halving(1, lambda: None, lambda w, i: rng.random(), 5, 0, 0, None, 1)))


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_where_a_bot_yields_changes_none_of_its_decisions(monkeypatch, level):
    """A yield after every unit of work (no slice at all) or in ~10 ms slices: the same
    cards and the same exchange, from the same seeds."""
    def decisions():
        out = []
        for rules in ("classic", "hornafjordur"):
            m = Match(rules, seed=8)
            seat = m.turn
            for _ in range(4):
                bot = make_bot(level, seed=5, budget_ms=None, work=2000)
                action = bot.choose(m.view(m.turn))
                out.append(action)
                m.apply(action, m.turn)
                while m.phase in ("exchange", "play") and m.turn != seat:
                    m.apply(kept(m.view(m.turn)) if m.phase == "exchange"
                            else Play(m.view(m.turn).legal.bit_length() - 1), m.turn)
        return out
    paced = decisions()
    monkeypatch.setattr(search, "SLICE_S", 0.0)
    assert decisions() == paced


def _mid_deal(seed=4, tricks=2):
    m = Match("classic", seed=seed)
    bots = [make_bot("medium", seed=s, exchange_worlds=4) for s in range(3)]
    drive(m, bots_choose(bots), lambda mm: mm.phase == "play" and len(mm.deal.history) == tricks)
    return m


def test_halving_cards_spends_the_work_on_the_same_worlds():
    m = _mid_deal()
    view = m.view(m.turn)
    k = Knowledge(view)
    cands = candidates(view.legal, k.unseen, k.info.power)
    assert len(cands) >= 3
    work = 3000
    means, seen, n = finish(halving_cards(k, random.Random(1), cands, match_utility(view, k),
                                          medium_play, work=work))
    cards = sum(view.hand_sizes)
    assert n * WORLD_WORK + sum(seen) * cards <= work
    assert max(seen) == n  # the survivors were played in every world sampled
    assert min(seen) < n  # and some candidates were dropped early
    for c, x in zip(cands, means):
        assert view.legal >> c & 1 and -1 <= x <= 9


def test_hard_plays_one_card_per_decision_within_its_work():
    """Every decision of a deal: a legal card, the same from the same seed and view, and no
    more play-outs than the work allows."""
    m = Match("classic", seed=12)
    while m.phase == "exchange":
        m.apply(kept(m.view(m.turn)), m.turn)
    while m.phase == "play":
        view = m.view(m.turn)
        bot = make_bot("hard", seed=3, budget_ms=None, work=1500)
        action = bot.choose(view)
        assert isinstance(action, Play) and view.legal >> action.card & 1
        assert action == make_bot("hard", seed=3, budget_ms=None, work=1500).choose(view)
        if bot.last_stats:
            assert bot.last_stats["rollouts"] * (sum(view.hand_sizes) - 1) <= 1500
        m.apply(action, m.turn)


def test_exchange_by_halving_compares_discard_sets():
    m = Match("hornafjordur", seed=6)
    view = m.view(m.turn)
    assert view.discard_limit
    report: dict = {}
    action = finish(evaluate_exchange(view, random.Random(2), 0, medium_play, report=report,
                                      work=6000))
    assert isinstance(action, Discard) and action in report["options"]
    assert len(report["options"]) >= 3 and report["worlds"] >= 1
    m.check(action, m.turn)


def _highest_legal(seat, hand, legal, trick, leader, live, voids, info):
    return legal.bit_length() - 1


def test_rollout_plays_tricks_as_the_engine_does():
    """From every point of a deal (mid-trick too), a play-out with a fixed policy ends with
    the tricks the engine gives the same plays (its trick winner is inlined)."""
    from manni.bots.policy import contract_info
    from manni.bots.search import rollout
    checked = set()
    for rules in ("classic", "hornafjordur"):
        for seed in range(8):
            m = Match(rules, seed=seed)
            while m.phase == "exchange":
                m.apply(kept(m.view(m.turn)), m.turn)
            d = m.deal
            checked.add(d.contract.name if d.contract.trump is None else "trump")
            starts = []
            while m.phase == "play":
                starts.append((list(d.hands), d.leader, list(d.trick), list(d.tricks)))
                view = m.view(m.turn)
                m.apply(Play(view.legal.bit_length() - 1), m.turn)
            for hands, leader, trick, tricks in starts:
                got = rollout(hands, leader, trick, tricks, (0, 0, 0),
                              contract_info(d.contract), _highest_legal)
                assert got == d.tricks
    assert checked == {"trump", "grand", "nolo"}


def _reads(monkeypatch, module) -> list[bool]:
    """The ``read_discards`` of every Knowledge ``module`` makes, in order."""
    flags: list[bool] = []
    real = module.Knowledge
    monkeypatch.setattr(module, "Knowledge",
                        lambda view, read=False: flags.append(read) or real(view, read))
    return flags


def _first_card_after_discards():
    m = after_exchange("hornafjordur", 4)
    view = m.view(m.turn)
    assert any(view.exchanged) and view.legal & (view.legal - 1)  # a searched decision
    return view


def test_hard_reads_the_opponents_discards_unless_told_not_to(monkeypatch):
    from manni.bots import hard
    flags = _reads(monkeypatch, hard)
    view = _first_card_after_discards()
    for bot in (make_bot("hard", budget_ms=None, work=600),
                make_bot("hard", budget_ms=None, work=600, read_discards=False)):
        assert isinstance(bot.choose(view), Play)
    assert flags == [True, False]


def test_expert_reads_the_discards_as_hard_does_and_the_reference_does_not(monkeypatch):
    from manni.bots import ismcts
    flags = _reads(monkeypatch, ismcts)
    view = _first_card_after_discards()
    make_bot("expert", budget_ms=None, work=600).choose(view)
    assert flags[0] is True  # the search's worlds (the reasons' Knowledge samples nothing)
    flags.clear()
    make_bot("ismcts", iterations=20).choose(view)
    assert flags and not any(flags)
