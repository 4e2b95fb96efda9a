"""The deal of the day: the same short match for everyone, by date (UTC) and variant.

The seed (docs/record-format.md, *The deal of the day*) comes from the date and the
variant's name only; the match ends after ``match.DAILY_DEALS`` deals (a rule set of
manches: after ``DAILY_MANCHES`` manche), against ``DAILY_LEVEL`` opponents.
"""

from __future__ import annotations

import datetime

from .match import Match
from .rng import MASK64, Rng
from .variants import VARIANTS

DAILY_LEVEL = "hard"
SEED_BITS = 48
_EPOCH = datetime.date(1970, 1, 1)


def fnv1a64(text: str) -> int:
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & MASK64
    return h


def daily_seed(day: str, variant: str) -> int:
    """The seed of the deal of the day ``day`` (YYYY-MM-DD) for ``variant``."""
    days = (datetime.date.fromisoformat(day) - _EPOCH).days
    return Rng.derived(fnv1a64(f"manni-daily/{variant}"), days).next64() >> (64 - SEED_BITS)


def today() -> str:
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def daily_match(day: str, variant: str) -> Match:
    rules, options = VARIANTS[variant]
    m = Match(rules, options, daily_seed(day, variant))
    m.daily = day
    return m


BETTER, EQUAL, WORSE = "🟩", "🟨", "🟥"


def symbol(yours: int, par: int) -> str:
    return BETTER if yours > par else (EQUAL if yours == par else WORSE)
