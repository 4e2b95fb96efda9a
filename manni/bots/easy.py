"""Easy: legal and plausible, cheap. Follows low, wins cheaply, sheds losers; no memory."""

from __future__ import annotations

from ..actions import KEEP, TAKE, Discard, Play
from ..cards import SUIT_MASKS
from .base import Bot
from .core import contract_info, easy_play, hand_strength, highest, lowest


class EasyBot(Bot):
    level = "easy"

    def choose(self, view):
        if view.phase == "exchange":
            return self.exchange(view)
        info = contract_info(view.contract)
        return Play(easy_play(view.hand, view.legal, view.trick, info))

    def exchange(self, view):
        trump, nolo, power = contract_info(view.contract)
        if view.exchange_kind == "swap":
            # A random 12 of 48 has 10 high-card points; take the Manni with a poor hand.
            return TAKE if hand_strength(view.hand, trump) < 11 else KEEP
        return Discard(easy_discards(view.hand, view.discard_limit or 0, trump, nolo, power))


def easy_discards(hand: int, limit: int, trump: int, nolo: bool, power) -> tuple:
    """Nóló: throw the high cards; trump/Grand: throw low side cards (below the ten)."""
    out = []
    m = hand
    while len(out) < limit and m:
        if nolo:
            c = highest(m, power)
            if power[c] < 8:  # keep cards of ten and below (Ace counts low)
                break
        else:
            side = m & ~(SUIT_MASKS[trump] if trump >= 0 else 0)
            if not side:
                break
            c = lowest(side, power)
            if c % 13 >= 8:
                break
        out.append(c)
        m &= ~(1 << c)
    return tuple(sorted(out))


class RandomBot(Bot):
    """A uniformly random legal action: the baseline the levels are measured against."""

    level = "random"

    def choose(self, view):
        rng = self.rng
        if view.phase == "exchange":
            if view.exchange_kind == "swap":
                return TAKE if rng.random() < 0.5 else KEEP
            hand = [c for c in range(52) if view.hand >> c & 1]
            return Discard(tuple(sorted(rng.sample(hand, rng.randint(0, view.discard_limit or 0)))))
        legal = [c for c in range(52) if view.legal >> c & 1]
        return Play(rng.choice(legal))
