"""ISMCTS: the reference opponent the levels are measured against (tournaments only).

A textbook single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, 2012), written apart from the levels' search: one tree over the moves as this
seat observes them (a node is a sequence of cards played from the decision on), every
iteration a fresh world sampled from the SeatView (the same sampler as Hard: voids, hand
sizes, who exchanged how much), a descent by UCB1 over the children legal in that world
(with availability counts), one new node, a uniformly random play-out to the end of the deal,
and each node credited with the deal score of the seat that moved into it. The move is the
root's most visited child. The exchange and declarations are Hard's, so a tournament
compares card play. ``playout="medium"`` plays out with the Medium policy instead of
random cards (a stronger, slower variant, not the textbook reference): Expert's card play,
bounded by ``work`` (cards played, as Hard's) and ``budget_ms`` instead of ``iterations``.
"""

from __future__ import annotations

import math
import time
from typing import Generator

from ..actions import Action, Play
from ..cards import SUIT_MASKS, cards_of
from ..states import Phase
from .base import Bot
from .hard import HardBot
from .knowledge import Knowledge
from .likely import sample_likely, shed_events
from .policy import medium_play
from .partners import legal_cards, medium_partner_play, partnership, table_of
from .search import WORLD_WORK, Pacer, points_so_far, partner_rollout, rollout

EXPLORE = 0.7        # UCB1's constant, for rewards scaled to about [0, 1]
TRICK_BONUS = 0.1    # points per trick added to the reward: a gradient where the score is flat
PLAYOUTS = {"random": None, "medium": medium_play}


def playout_policy(name: str):
    """The play-out policy called ``name`` (None: uniformly random cards)."""
    if name not in PLAYOUTS:
        raise ValueError(f"unknown playout {name!r} (known: {', '.join(PLAYOUTS)})")
    return PLAYOUTS[name]


class _Node:
    __slots__ = ("children", "mask", "visits", "avail", "total", "score")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.mask = 0  # the cards of the children
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # the mover's reward, summed
        self.score = 0.0  # the mover's deal score, summed (for the reasons)


def _random_card(m: int, rng) -> int:
    k = rng.randrange(m.bit_count())
    for _ in range(k):
        m &= m - 1
    return (m & -m).bit_length() - 1


class IsmctsBot(Bot):
    level = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 1000, playout: str = "random",
                 exchange_worlds: int | None = None, work: int | None = None,
                 budget_ms: float | None = None, read_discards: bool = False,
                 infer: float = 1.0, endgame: int = 0, explore: float = EXPLORE,
                 **kw) -> None:
        super().__init__(seed, **kw)
        # Partnership games: worlds weighted by this per card given away that was not the
        # cheapest legal one (``likely``; 1: unweighted).
        self.infer = infer
        self.endgame = endgame  # partnership games: play-outs end in the exact solver
        self.explore = explore  # UCB1's constant
        self.iterations = iterations
        # ``work``: stop at this many cards played (a sampled world counts WORLD_WORK) instead
        # of after ``iterations``, so a move costs about the same early and late in a deal.
        self.work = work
        self.budget_ms = budget_ms  # a time cap per decision (None: none)
        self.playout = playout_policy(playout)
        self.read_discards = read_discards  # Hard's reading of the discards (off: textbook)
        self._exchange = HardBot(seed=seed, budget_ms=None, exchange_worlds=exchange_worlds)

    def steps(self, view) -> Generator[None, None, Action]:
        if view.phase == Phase.EXCHANGE:
            self._exchange.rng = self.rng
            action = yield from self._exchange.steps(view)
            self.last_reasons = self._exchange.last_reasons
            return action
        legal = view.legal
        if legal & (legal - 1) == 0:
            card = (legal & -legal).bit_length() - 1
            self.last_reasons = [("only_card", {"card": card})]
            return Play(card)
        root = yield from self.search(view)
        ranked = sorted(root.children.items(), key=lambda kv: (-kv[1].visits, kv[0]))
        self.last_reasons = _reasons(ranked, Knowledge(view))
        return Play(ranked[0][0])

    def search(self, view) -> Generator[None, None, _Node]:
        k = Knowledge(view, self.read_discards)
        rules, contract, options = k.rules, view.contract, view.options
        info = k.info
        trick_winner = contract.trick_winner
        seats = rules.seats
        scale = 1.0 / max(1, rules.hand_size // 3)
        rng = self.rng
        playout = self.playout
        # Partnership games: the play rule of the table, each seat credited with its side's
        # points (scaled to [0, 1]).
        t = table_of(rules, contract) if partnership(rules) else None
        so_far: list[int] = []
        events = shed_events(view, t) if t is not None and self.infer < 1.0 else []
        if t is not None:
            so_far = points_so_far(view, t)
            scale = 1.0 / (sum(t.points[c] for c in cards_of(rules.deck))
                           + t.trick_points * rules.hand_size)
            if playout is medium_play:
                playout = medium_partner_play
        if playout is None:
            def playout(seat, hand, legal, trick, leader, live, voids, info):
                return _random_card(legal, rng)
        tb = -TRICK_BONUS if info.nolo else TRICK_BONUS
        root = _Node()
        pace = Pacer()
        it = 0
        spent = 0
        per_world = WORLD_WORK + sum(view.hand_sizes)
        nodes = [0]  # the solver's cards tried and the worlds the weights turned down
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000.0
        while True:
            hands = (sample_likely(k, rng, events, t, self.infer, work=nodes,
                                   draw_cost=WORLD_WORK) if events and t else k.sample(rng))
            leader, trick, tricks = view.leader, list(view.trick), list(view.tricks)
            voids = list(k.voids)
            pts = list(so_far) if t is not None else []
            node = root
            path = []  # (node, seat that moved into it)
            live = 0
            for h in hands:
                live |= h
            while live:
                seat = (leader + len(trick)) % seats
                h = hands[seat]
                if t is not None:
                    legal = legal_cards(h, trick, leader, t)
                else:
                    legal = (h & SUIT_MASKS[trick[0] // 13] or h) if trick else h
                untried = legal & ~node.mask
                if untried:
                    c = _random_card(untried, rng)
                    child = node.children[c] = _Node()
                    node.mask |= 1 << c
                else:
                    c, child = _select(node, legal, self.explore)
                path.append((child, seat))
                node = child
                if trick and c // 13 != trick[0] // 13:
                    voids[seat] |= 1 << (trick[0] // 13)
                hands[seat] = h & ~(1 << c)
                live &= ~(1 << c)
                trick.append(c)
                if len(trick) == seats:
                    leader = (leader + trick_winner(trick)) % seats
                    tricks[leader] += 1
                    if t is not None:
                        pts[t.side_of[leader]] += t.trick_points + sum(t.points[x] for x in trick)
                    trick = []
                if untried:
                    break
            if t is not None:
                pts = partner_rollout(hands, leader, trick, pts, voids, t, playout,
                                      self.endgame, nodes)
                score = [pts[t.side_of[x]] for x in range(seats)]
                for n, seat in path:
                    n.visits += 1
                    n.score += score[seat]
                    n.total += score[seat] * scale
            else:
                tricks = rollout(hands, leader, trick, tricks, voids, info, playout)
                score = rules.deal_score(contract, tricks, options)
                for n, seat in path:
                    n.visits += 1
                    n.score += score[seat]
                    n.total += (score[seat] + tb * tricks[seat]) * scale
            it += 1
            spent += per_world + nodes[0]
            nodes[0] = 0
            if (spent >= self.work) if self.work is not None else it >= self.iterations:
                break
            late = pace.due()  # reads the clock into pace.mark
            if deadline is not None and pace.mark >= deadline:
                break
            if late:
                yield
                pace.resume()
        self.last_stats = {"worlds": it, "candidates": view.legal.bit_count(), "work": spent}
        return root


def _reasons(ranked, k: Knowledge) -> list[tuple[str, dict]]:
    """Why (as Hard says it): the chosen card's mean deal score over its visits, the
    runner-up's, the voids seen."""
    card, best = ranked[0]
    out = [("expected", {"card": card, "score": best.score / best.visits, "worlds": best.visits})]
    if len(ranked) > 1:  # a search cut short by its deadline may have tried one card only
        alt, second = ranked[1]
        out.append(("next_best", {"card": alt, "score": second.score / max(1, second.visits)}))
    voids = [(o, s) for o in k.opps for s in range(4) if k.voids[o] >> s & 1]
    if voids:
        out.append(("voids", {"voids": voids}))
    return out


def _select(node: _Node, legal: int, explore: float = EXPLORE):
    """UCB1 over the children playable in this world; each of them counts one availability."""
    best = None
    bv = -math.inf
    for c, ch in node.children.items():
        if not legal >> c & 1:
            continue
        ch.avail += 1
        v = ch.total / ch.visits + explore * math.sqrt(math.log(ch.avail) / ch.visits)
        if v > bv:
            best, bv = (c, ch), v
    assert best is not None
    return best
