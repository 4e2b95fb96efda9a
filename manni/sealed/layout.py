"""Where each position of the shuffled deck goes, by the rule set's own dealing.

The shuffled deck is a pack, top first. The rule set's ``deal_pack`` and ``cut_card``
hooks, given the positions 0..n-1 instead of cards, say which positions each seat's hand,
the Manni (top first) and the cut or turned card are; given the cards once the deal is
revealed, they make the engine's Layout.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import cards_of
from ..match import Layout
from ..rules import RuleSet


@dataclass(frozen=True)
class Positions:
    """Which deck positions each hand, the Manni and the cut or turned card hold."""

    hands: tuple[int, ...]  # by seat: a mask of positions
    manni: tuple[int, ...]  # positions, top first
    cut: int | None  # the position of the card shown to all as it is dealt

    def holder(self, position: int) -> int | None:
        """The seat dealt ``position``, or None (the Manni)."""
        return next((s for s, m in enumerate(self.hands) if m >> position & 1), None)


def deck_size(rules: type[RuleSet]) -> int:
    return rules.deck.bit_count()


def positions_of(rules: type[RuleSet], dealer: int) -> Positions:
    pack = list(range(deck_size(rules)))
    hands, manni = rules.deal_pack(list(pack), dealer)
    return Positions(tuple(hands), tuple(manni), rules.cut_card(list(pack)))


def layout_of(rules: type[RuleSet], dealer: int, pack: list[int]) -> Layout:
    """The engine's layout of a pack (cards, top first)."""
    hands, manni = rules.deal_pack(list(pack), dealer)
    return Layout(tuple(hands), tuple(manni), rules.cut_card(list(pack)))


def deck_cards(rules: type[RuleSet]) -> list[int]:
    """The cards of the rule set's deck in order: the deck before the first shuffle."""
    return cards_of(rules.deck)
