"""An exact solver for the last tricks of a world whose hands are all known.

Alpha-beta on int bitmasks with a transposition table: the seat ``me`` maximises its utility
of the deal's final tricks, the two other seats together minimise it (the paranoid reading,
which turns three players into a two-sided game). Cards of one hand with no other live card
between them (nor one of the current trick) are equivalent, so only one of each run is
tried. The value is exact under that reading: :func:`brute_force` (no pruning, no table,
every card) gives the same numbers, which the tests check.

A layer beside the policies: it knows masks and a Contract, nothing of the views.
"""

from __future__ import annotations

from typing import Callable

from ..cards import SUIT_MASKS, Mask, Seat, cards_of

INF = float("inf")


class TooDeep(Exception):
    """The position needs more nodes than the solver was allowed."""
Utility = Callable[[list[int]], float]


def _legal(hand: Mask, trick) -> Mask:
    if trick:
        follow = hand & SUIT_MASKS[trick[0] // 13]
        if follow:
            return follow
    return hand


def run_heads(legal: Mask, others: Mask, power, highest_first: bool = False) -> list[int]:
    """One card per run of ``legal`` cards with no card of ``others`` between them in a
    suit: the lowest of each run, lowest first, or the highest, highest first."""
    out = []
    for s in range(4):
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        mine = sorted(cards_of(sm), key=lambda c: power[c], reverse=highest_first)
        theirs = [power[c] for c in cards_of(others & SUIT_MASKS[s])]
        prev = None
        for c in mine:
            if prev is not None:
                lo, hi = (power[prev], power[c]) if power[prev] < power[c] else (power[c], power[prev])
                if not any(lo < p < hi for p in theirs):
                    prev = c
                    continue
            out.append(c)
            prev = c
    return out


class Solver:
    """Solve worlds of one decision: the table is kept across calls, so candidates of one
    world (and worlds that meet in the same position) share their work."""

    def __init__(self, me: Seat, utility: Utility, power, trick_winner,
                 max_nodes: int | None = None) -> None:
        self.me = me
        self.utility = utility
        self.power = power
        self.trick_winner = trick_winner
        self.max_nodes = max_nodes  # per value(); beyond it TooDeep (keeps a slice short)
        self.table: dict = {}
        self.nodes = 0
        self._limit = INF

    def value(self, hands, leader: Seat, trick, tricks) -> float:
        """The utility of the deal's end with best play from here (``tricks``: so far).
        Raises TooDeep past ``max_nodes`` (what was solved stays in the table)."""
        if self.max_nodes is not None:
            self._limit = self.nodes + self.max_nodes
        return self._ab(tuple(hands), leader, tuple(trick), tuple(tricks), -INF, INF)

    def _ab(self, hands, leader, trick, tricks, alpha, beta) -> float:
        self.nodes += 1
        if self.nodes > self._limit:
            raise TooDeep
        if not (hands[0] | hands[1] | hands[2]):
            return self.utility(list(tricks))
        key = (hands, leader, trick, tricks)
        entry = self.table.get(key)
        lo, hi = entry if entry is not None else (-INF, INF)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        seat = (leader + len(trick)) % 3
        h = hands[seat]
        trick_cards = 0
        for c in trick:
            trick_cards |= 1 << c
        others = (hands[0] | hands[1] | hands[2] | trick_cards) & ~h
        maximise = seat == self.me
        best = -INF if maximise else INF
        for c in run_heads(_legal(h, trick), others, self.power, highest_first=True):
            nh = list(hands)
            nh[seat] = h & ~(1 << c)
            nt = trick + (c,)
            if len(nt) == 3:
                w = (leader + self.trick_winner(nt)) % 3
                tr = list(tricks)
                tr[w] += 1
                v = self._ab(tuple(nh), w, (), tuple(tr), alpha, beta)
            else:
                v = self._ab(tuple(nh), leader, nt, tricks, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if best <= a0:
            self.table[key] = (lo, best)
        elif best >= b0:
            self.table[key] = (best, hi)
        else:
            self.table[key] = (best, best)
        return best


def brute_force(hands, leader: Seat, trick, tricks, me: Seat, utility: Utility,
                trick_winner) -> float:
    """The same value by plain minimax over every legal card (for tests: slow)."""
    hands = list(hands)
    if not (hands[0] | hands[1] | hands[2]):
        return utility(list(tricks))
    seat = (leader + len(trick)) % 3
    legal = _legal(hands[seat], trick)
    values = []
    m = legal
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        nh = list(hands)
        nh[seat] &= ~b
        nt = list(trick) + [c]
        if len(nt) == 3:
            w = (leader + trick_winner(nt)) % 3
            tr = list(tricks)
            tr[w] += 1
            values.append(brute_force(nh, w, [], tr, me, utility, trick_winner))
        else:
            values.append(brute_force(nh, leader, nt, tricks, me, utility, trick_winner))
    return max(values) if seat == me else min(values)
