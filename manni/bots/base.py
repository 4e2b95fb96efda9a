"""The bot interface: decide from a SeatView, synchronously or in slices."""

from __future__ import annotations

import random
import time
from typing import Generator


class Bot:
    level = "?"

    def __init__(self, seed: int = 0, **kw) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = kw

    def choose(self, view):
        """The action for ``view`` (it must be this seat's turn)."""
        return finish(self.steps(view))

    def steps(self, view) -> Generator[None, None, object]:
        """Yield between slices of work; the generator's return value is the action."""
        return self.choose(view)
        yield  # pragma: no cover  (makes this a generator)


def finish(gen: Generator):
    """Run a ``steps()``-style generator to its end and return its value."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def timed_steps(gen: Generator) -> tuple[object, float]:
    """Run a ``steps()`` generator to its end: (the action, the longest slice in seconds)."""
    longest = 0.0
    while True:
        t = time.perf_counter()
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value, max(longest, time.perf_counter() - t)
        longest = max(longest, time.perf_counter() - t)
