"""The review of a finished deal: the deal as it really was, and your decisions next to Hard's.

:func:`review_steps` replays the match from its start (rule set, options, seed, layouts and
the action list, with the seat a question out of turn names: exactly what a record holds),
so the review of a deal is the same in the match you played and in one resumed from its
record. At each of your decisions (your turns: a question put to your partner before its
lead is not one) it asks the Hard bot for its choice given the SeatView you had at that
moment (``Match.view(seat)`` at that point of the replay: nothing more), with its fixed work
(no time cap) and a seed derived from the match, the deal and the decision, so the
suggestions are reproducible. Where your choice differs, Hard's estimate of the cost is the
mean deal score, for your seat, of its choice minus yours over the same sampled worlds
(played out with the Medium policy, as Hard plays them out). Cards of a run (no unseen card
between them in a suit) count as the same choice.

It is a generator (``yield`` between slices, like ``Bot.steps``) so the page never freezes;
:func:`manni.bots.finish` runs it to its end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .actions import Action, Discard, Play
from .cards import cards_of
from .deal import OVER, PLAY
from .match import Match

ESTIMATE_WORLDS = 40  # worlds for the cost of a different card
EXCHANGE_WORLDS = 48  # worlds for the cost of a different discard


@dataclass(frozen=True)
class Decision:
    """One of your decisions: ``trick`` is None in the exchange (else 1-based)."""

    trick: int | None
    yours: Action
    hard: Action
    matched: bool
    cost: float | None  # Hard's estimated loss in points when not matched (None: not estimated)
    view: object = field(repr=False, compare=False)


@dataclass
class DealReview:
    """A finished deal with every hand, and what Hard would have played."""

    deal_number: int
    dealer: int
    contract: object
    cut: int | None
    dealt: tuple            # hands by seat as dealt (masks)
    manni: tuple            # the Manni as dealt, top first
    after: tuple            # hands by seat when the first card was played (after the exchange)
    out: tuple              # cards each seat put out of play (masks)
    exchange: list          # (seat, action) in order
    tricks: list            # (leader, cards, winner)
    score: tuple
    decisions: list[Decision]
    rules: str = "classic"  # the rule set's name

    @property
    def cards(self) -> list[Decision]:
        """Your cards played (not a question asked before one)."""
        return [d for d in self.decisions if isinstance(d.yours, Play)]

    @property
    def matched_cards(self) -> int:
        return sum(d.matched for d in self.cards)

    @property
    def loss(self) -> float:
        return sum(max(0.0, d.cost) for d in self.decisions if d.cost is not None)


def finished_deals(match: Match) -> list[int]:
    """Indexes (0-based) of the deals of ``match`` that are over, so may be reviewed."""
    return [i for i, d in enumerate(match.deals) if d.phase == OVER]


def _fresh(match: Match) -> Match:
    m = Match(match.rules, match.options, match.seed, match.first_dealer, match.layouts)
    m.practice = match.practice
    return m


def deal_actions(match: Match, index: int):
    """Replay ``match`` from its start; yields (match before the action, seat, action) for
    every action of deal ``index`` (0-based): the seat in turn, or the one a question put
    out of turn names (as the record does). The match yielded is the replay itself."""
    m = _fresh(match)
    for action, named in zip(match.actions, match.action_seats):
        if m.deal.phase == OVER:
            if m.deal.number > index:
                return
            m.start_next_deal()
        seat = m.turn if named is None else named
        if m.deal.number == index + 1:
            yield m, seat, action
        m.apply(action, seat)


def review_steps(match: Match, index: int, seat: int = 0):
    """Generator: the :class:`DealReview` of deal ``index`` for ``seat`` (it must be over)."""
    if index not in finished_deals(match):
        raise ValueError(f"deal {index + 1} is not over: it can't be reviewed yet")
    from .bots import make_bot  # on demand, like the page's opponents
    dealt = match.dealt(index)
    final = match.deals[index]
    exchange, decisions = [], []
    after = None
    for n, (m, who, action) in enumerate(deal_actions(match, index)):
        d = m.deal
        if d.phase == PLAY and after is None:
            after = tuple(d.hands)
        if d.phase != PLAY:
            exchange.append((who, action))
        if who != seat or who != m.turn:  # a question to a partner on lead: not your turn
            continue
        view = m.view(seat)
        bot = make_bot("hard", seed=_seed(match.seed, index, n), budget_ms=None)
        hard = yield from bot.steps(view)
        trick = len(d.history) + 1 if d.phase == PLAY else None
        matched = _same(view, hard, action)
        cost = None
        if not matched:
            cost = yield from _cost(view, hard, action, bot)
        decisions.append(Decision(trick, action, hard, matched, cost, view))
        yield
    if after is None:  # (a deal is always played out before it is over)
        after = tuple(final.hands)
    score = final.score()
    assert score is not None
    return DealReview(final.number, final.dealer, final.contract, final.cut,
                      tuple(dealt.hands), tuple(dealt.manni), after, tuple(final.out),
                      exchange, list(final.history), tuple(score), decisions, match.rules.name)


def _seed(seed: int, index: int, n: int) -> int:
    return (seed * 1_000_003 + index * 7919 + n) & 0xFFFFFFFF


def _same(view, a: Action, b: Action) -> bool:
    """Equal actions, or two cards of one run (equal for the play)."""
    if a == b:
        return True
    if not (isinstance(a, Play) and isinstance(b, Play)) or a.card // 13 != b.card // 13:
        return False
    power = view.contract.power
    lo, hi = sorted((power[a.card], power[b.card]))
    unseen = view.ruleset.deck & ~view.hand & ~view.played & ~view.own_out
    return not any(lo < power[c] < hi for c in cards_of(unseen) if c // 13 == a.card // 13)


def _cost(view, hard: Action, yours: Action, bot):
    """Generator: Hard's estimate (points for ``view.seat``) of choosing ``yours``, not ``hard``."""
    if isinstance(hard, Play) and isinstance(yours, Play):
        means = yield from _card_means(view, [hard.card, yours.card])
        return means[0] - means[1]
    report = getattr(bot, "last_report", None) or {}
    options, means = report.get("options", []), report.get("means", [])
    if hard in options and yours in options:
        return means[options.index(hard)] - means[options.index(yours)]
    if isinstance(hard, Discard) and isinstance(yours, Discard):
        # Your discards were not among Hard's candidates: compare the two on the same worlds.
        from .bots.policy import medium_play
        from .bots.search import evaluate_exchange
        report = {}
        rng = random.Random(_seed(view.deal_number, view.exchange_step, len(yours.cards)))
        yield from evaluate_exchange(view, rng, EXCHANGE_WORLDS, medium_play, report=report,
                                     options=[hard, yours])
        return report["means"][0] - report["means"][1]
    return None  # another kind of decision (a rule set's own): not estimated


def _card_means(view, cards: list[int]):
    """Generator: the mean deal score of ``view.seat`` (in a partnership game, its side's
    points) after playing each card, over the same worlds sampled from the view (Hard's
    sampler and play-out)."""
    from .bots.knowledge import Knowledge
    from .bots.partners import medium_partner_play, partnership, table_of
    from .bots.policy import medium_play
    from .bots.search import WORLD_WORK, evaluate_cards, partner_halving
    rng = random.Random(_seed(view.deal_number, len(view.history), len(view.trick)))
    me, rules, contract, options = view.seat, view.ruleset, view.contract, view.options
    k = Knowledge(view, read_discards=True)
    if partnership(rules):
        work = ESTIMATE_WORLDS * (WORLD_WORK + sum(view.hand_sizes) * len(cards))
        means, _, _ = yield from partner_halving(k, table_of(rules, contract), rng, cards,
                                                 medium_partner_play, work)
        return means
    totals, n = yield from evaluate_cards(
        k, rng, cards, lambda tricks: rules.deal_score(contract, tricks, options)[me],
        medium_play, ESTIMATE_WORLDS)
    return [t / n for t in totals]
