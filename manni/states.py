"""Named states: a deal's phase, a match's phase, the kinds of exchange.

They are ``StrEnum``s, so each equals its plain string ("exchange", "deal-over", "swap", ...)
in records, JSON and the page's ``data-phase``.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a deal stands."""

    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"


class MatchPhase(StrEnum):
    """Where a match stands: a deal's phase, or between deals, or finished."""

    EXCHANGE = "exchange"
    PLAY = "play"
    DEAL_OVER = "deal-over"
    MATCH_OVER = "match-over"


class ExchangeKind(StrEnum):
    """The exchange strategies of the built-in rule sets (a plug-in may name its own)."""

    SWAP = "swap"  # Classic: take the whole Manni for your hand, or keep it
    DRAW = "draw"  # Hornafjarðarmanni: discard up to a limit, draw as many
    DECLARE = "declare"  # the declared family: declare, overcall, then pickup or draw
    NONE = "none"  # no Manni and no exchange: play starts as the cards are dealt (Manille)
