"""ISMCTS: the reference opponent the levels are measured against (tournaments only).

A textbook single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, 2012), written apart from the levels' search: one tree over the moves as this
seat observes them (a node is a sequence of cards played from the decision on), every
iteration a fresh world sampled from the SeatView (the same sampler as Hard: voids, hand
sizes, who exchanged how much), a descent by UCB1 over the children legal in that world
(with availability counts), one new node, a uniformly random play-out to the end of the deal,
and each node credited with the deal score of the seat that moved into it. The move is the
root's most visited child. The exchange and declarations are Hard's, so a tournament
compares card play.
"""

from __future__ import annotations

import math
from typing import Generator

from ..actions import Action, Play
from ..cards import SUIT_MASKS
from ..states import Phase
from .base import Bot
from .hard import HardBot
from .knowledge import Knowledge

EXPLORE = 0.7        # UCB1's constant, for rewards scaled to about [0, 1]
TRICK_BONUS = 0.1    # points per trick added to the reward: a gradient where the score is flat
SLICE_ITERATIONS = 200


class _Node:
    __slots__ = ("children", "mask", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.mask = 0  # the cards of the children
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def _random_card(m: int, rng) -> int:
    k = rng.randrange(m.bit_count())
    for _ in range(k):
        m &= m - 1
    return (m & -m).bit_length() - 1


class IsmctsBot(Bot):
    level = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 1000, **kw) -> None:
        super().__init__(seed, **kw)
        self.iterations = iterations
        self._exchange = HardBot(seed=seed, worlds=40)

    def steps(self, view) -> Generator[None, None, Action]:
        if view.phase == Phase.EXCHANGE:
            self._exchange.rng = self.rng
            action = yield from self._exchange.steps(view)
            return action
        legal = view.legal
        if legal & (legal - 1) == 0:
            return Play((legal & -legal).bit_length() - 1)
        root = yield from self.search(view)
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, -kv[0]))[0]
        self.last_stats = {"worlds": self.iterations, "candidates": legal.bit_count()}
        return Play(best)

    def search(self, view) -> Generator[None, None, _Node]:
        k = Knowledge(view)
        rules, contract, options = k.rules, view.contract, view.options
        trick_winner = contract.trick_winner
        scale = 1.0 / max(1, rules.hand_size // 3)
        rng = self.rng
        root = _Node()
        for it in range(self.iterations):
            hands = k.sample(rng)
            leader, trick, tricks = view.leader, list(view.trick), list(view.tricks)
            node = root
            path = []  # (node, seat that moved into it)
            expanded = False
            while hands[0] | hands[1] | hands[2]:
                seat = (leader + len(trick)) % 3
                h = hands[seat]
                legal = (h & SUIT_MASKS[trick[0] // 13] or h) if trick else h
                if not expanded:
                    untried = legal & ~node.mask
                    if untried:
                        c = _random_card(untried, rng)
                        child = node.children[c] = _Node()
                        node.mask |= 1 << c
                        path.append((child, seat))
                        expanded = True
                    else:
                        c, child = _select(node, legal)
                        path.append((child, seat))
                        node = child
                else:
                    c = _random_card(legal, rng)
                hands[seat] = h & ~(1 << c)
                trick.append(c)
                if len(trick) == 3:
                    leader = (leader + trick_winner(trick)) % 3
                    tricks[leader] += 1
                    trick = []
            score = rules.deal_score(contract, tricks, options)
            for n, seat in path:
                n.visits += 1
                n.total += (score[seat] + TRICK_BONUS * tricks[seat]) * scale
            if it % SLICE_ITERATIONS == SLICE_ITERATIONS - 1:
                yield
        return root


def _select(node: _Node, legal: int):
    """UCB1 over the children playable in this world; each of them counts one availability."""
    best = None
    bv = -math.inf
    for c, ch in node.children.items():
        if not legal >> c & 1:
            continue
        ch.avail += 1
        v = ch.total / ch.visits + EXPLORE * math.sqrt(math.log(ch.avail) / ch.visits)
        if v > bv:
            best, bv = (c, ch), v
    assert best is not None
    return best
