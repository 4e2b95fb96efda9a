"""The bot interface: decide from a SeatView, synchronously or in slices."""

from __future__ import annotations

import random
import time
from typing import Any, Generator, TypeVar

from ..actions import Action, Play
from ..states import ExchangeKind

T = TypeVar("T")


class Bot:
    level = "?"

    def __init__(self, seed: int = 0, **kw) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = kw
        self.last_reasons: list[tuple[str, dict]] = []  # (key, params): why (Hard says)
        self.last_stats: dict = {}

    def choose(self, view) -> Action:
        """The action for ``view`` (it must be this seat's turn)."""
        return finish(self.steps(view))

    def steps(self, view) -> Generator[None, None, Action]:
        """Yield between slices of work; the generator's return value is the action."""
        return self.choose(view)
        yield  # pragma: no cover  (makes this a generator)

    def question(self, view):
        """An Ask this seat puts out of turn, to its partner on lead, or None (by default).
        Cheap: the drive loops call it before each lead (:func:`partner_question`)."""
        return None

    def any_choice(self, view):
        """An exchange step the bots do not model (a rule set's own action, such as
        declaring a contract): a seeded random choice among the actions open."""
        return self.rng.choice(view.choices)


def partner_question(match, leader: int, action, bot_of) -> tuple | None:
    """Before a computer's lead (``action``, its card for an empty trick), the question its
    partner asks it first, as (the partner's seat, the Ask): only a computer partner
    (``bot_of(seat)``: its bot, or None for a person). Else None, and the card is led."""
    rules, deal = match.rules, match.deal
    if not isinstance(action, Play) or deal.trick or match.turn != leader:
        return None
    partner = next((s for s in rules.sides[rules.side_of[leader]] if s != leader), None)
    bot = bot_of(partner) if partner is not None else None
    ask = bot.question(match.view(partner)) if bot is not None else None
    return None if ask is None else (partner, ask)


def models_exchange(view) -> bool:
    """Is this exchange step one the bots reason about: a discard, or Take/Keep in a swap
    (the Manni for the hand)?"""
    return view.discard_limit is not None or view.stage == ExchangeKind.SWAP


def finish(gen: Generator[Any, Any, T]) -> T:
    """Run a ``steps()``-style generator to its end and return its value."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def timed_steps(gen: Generator[Any, Any, T]) -> tuple[T, float]:
    """Run a ``steps()`` generator to its end: (the action, the longest slice in seconds)."""
    longest = 0.0
    while True:
        t = time.perf_counter()
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value, max(longest, time.perf_counter() - t)
        longest = max(longest, time.perf_counter() - t)
