"""Computer players. They decide from a :class:`~manni.view.SeatView` only.

``make_bot(level, seed)`` -> a :class:`Bot` with ``choose(view)`` (synchronous) and
``steps(view)`` (a generator that yields between slices of work, ~20-40 ms, and returns
the action); ``hint(view)`` -> the Hard bot's choice for that seat with short reasons.
"""

from __future__ import annotations

from .base import Bot
from .easy import EasyBot, RandomBot

LEVELS = ("easy", "medium", "hard")


def _classes():
    classes = {"easy": EasyBot, "random": RandomBot}
    try:
        from .medium import MediumBot
        classes["medium"] = MediumBot
    except ImportError:  # pragma: no cover  (during development)
        classes["medium"] = EasyBot
    try:
        from .hard import HardBot
        classes["hard"] = HardBot
    except ImportError:  # pragma: no cover
        classes["hard"] = classes["medium"]
    return classes


def make_bot(level: str, seed: int = 0, **kw) -> Bot:
    """A bot of ``level`` ("easy", "medium", "hard"; "random" for a baseline), deterministic
    given ``seed``. Hard takes ``budget_ms`` (time per move) or ``worlds`` (iterations)."""
    classes = _classes()
    if level not in classes:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    bot = classes[level](seed=seed, **kw)
    bot.level = level
    return bot


def hint(view, budget_ms: int = 500):
    """(action, reasons): what the Hard bot would do in this seat, with short English reasons."""
    bot = make_bot("hard", seed=view.deal_number * 7919 + view.seat, budget_ms=budget_ms)
    action = bot.choose(view)
    from .hard import reason_text
    return action, [reason_text(key, params) for key, params in bot.last_reasons]


__all__ = ["LEVELS", "Bot", "make_bot", "hint"]
