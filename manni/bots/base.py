"""The bot interface: decide from a SeatView, synchronously or in slices."""

from __future__ import annotations

import random
import time
from typing import Any, Generator, TypeVar

from ..actions import Action
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

    def any_choice(self, view):
        """An exchange step the bots do not model (a rule set's own action, such as
        declaring a contract): a seeded random choice among the actions open."""
        return self.rng.choice(view.choices)


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
