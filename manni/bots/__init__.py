"""Computer players. They decide from a :class:`~manni.view.SeatView` only.

``make_bot(level, seed)`` -> a :class:`Bot` with ``choose(view)`` (synchronous) and
``steps(view)`` (a generator that yields between slices of work, ~10 ms of wall time, and
returns the action); ``hint(view)`` -> the Expert bot's choice for that seat with short
reasons (``hint_steps``: the same as a generator, reasons as (key, params) for the UI's
translation layer).
"""

from __future__ import annotations

from .base import Bot, finish
from .easy import EasyBot, RandomBot

LEVELS = ("easy", "medium", "hard", "expert")


def _classes() -> dict:
    from .expert import ExpertBot
    from .hard import HardBot  # imported at the first bot, not with the package
    from .ismcts import IsmctsBot
    from .medium import MediumBot
    return {"easy": EasyBot, "medium": MediumBot, "hard": HardBot, "random": RandomBot,
            "ismcts": IsmctsBot, "expert": ExpertBot}


def make_bot(level: str, seed: int = 0, **kw) -> Bot:
    """A bot of ``level`` ("easy", "medium", "hard", "expert"; for tournaments "random", a
    baseline, and "ismcts", the reference search), deterministic given ``seed``. Hard takes
    ``budget_ms`` (time per move) or ``worlds`` (iterations), and so does Expert; ISMCTS
    ``iterations``."""
    classes = _classes()
    if level not in classes:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    bot = classes[level](seed=seed, **kw)
    bot.level = level
    return bot


HINT_LEVEL = "expert"  # the strongest level: the page gives a hint the time it gives Expert


def hint_steps(view, budget_ms: int | None = 1000):
    """Generator form of :func:`hint` (yields between slices, like ``Bot.steps``); returns
    ``(action, reasons)`` with reasons as language-neutral ``(key, params)`` pairs (texts:
    ``manni.bots.hard.reason_text`` or ``manni.text.Translator.reason``). The action is the
    Expert bot's own choice for ``view.seat``, decided from that SeatView only."""
    bot = make_bot(HINT_LEVEL, seed=view.deal_number * 7919 + view.seat, budget_ms=budget_ms)
    action = yield from bot.steps(view)
    return action, list(bot.last_reasons)


def hint(view, budget_ms: int | None = 1000):
    """(action, reasons): what the Expert bot would do in this seat, with short English
    reasons."""
    action, reasons = finish(hint_steps(view, budget_ms))
    from .hard import reason_text
    return action, [reason_text(key, params) for key, params in reasons]


__all__ = ["LEVELS", "Bot", "make_bot", "hint", "hint_steps"]
