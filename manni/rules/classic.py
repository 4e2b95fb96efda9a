"""Classic Manni: 48 cards, a 12-card Manni taken whole or not at all, trumps in rotation."""

from __future__ import annotations

from ..cards import CLUBS, DIAMONDS, FULL_DECK, HEARTS, SPADES, SUIT_MASKS
from ..exchange import SwapExchange
from .base import TARGET, Contract, OptionSpec, RuleSet

TRUMP_ROTATION = (HEARTS, SPADES, DIAMONDS, CLUBS)
_TWOS = sum(1 << (13 * s) for s in range(4))


class Classic(RuleSet):
    name = "classic"
    deck = FULL_DECK & ~_TWOS
    manni_size = 12
    options = {"target": TARGET, "minus_points": OptionSpec(False, bool)}
    exchange = SwapExchange()

    @classmethod
    def deal_pack(cls, pack, dealer):
        # Three rounds of four cards, clockwise from the dealer's left; the rest is the Manni.
        hands = [0, 0, 0]
        i = 0
        for _ in range(3):
            for k in (1, 2, 0):
                seat = (dealer + k) % 3
                for c in pack[i:i + 4]:
                    hands[seat] |= 1 << c
                i += 4
        return hands, list(pack[i:])

    @classmethod
    def contract(cls, deal_number, cut):
        return Contract.trump_suit(TRUMP_ROTATION[(deal_number - 1) % 4])

    @classmethod
    def deal_score(cls, contract, tricks, options):
        if options["minus_points"]:
            return [t - 4 for t in tricks]
        return [max(0, t - 4) for t in tricks]

    @classmethod
    def negative_scores(cls, options):
        return options["minus_points"]

    @classmethod
    def match_over(cls, plus, minus, options):
        totals = [plus[s] - minus[s] for s in range(len(plus))]
        best = max(totals)
        leaders = [s for s in range(len(totals)) if totals[s] == best]
        if best >= options["target"] and len(leaders) == 1:
            return True, leaders
        return False, []


assert Classic.deck & SUIT_MASKS[SPADES] == SUIT_MASKS[SPADES] & ~1
