"""Search under hidden information: play sampled worlds out with a policy and compare.

Third layer of the bots (policy -> knowledge -> search -> levels). ``rollout`` plays a world
to the end on masks with one policy for every seat; ``evaluate_exchange`` compares the
exchange choices on the same sampled worlds; ``evaluate_cards`` is determinized search
(PIMC): every candidate card in every sampled world, rolled out, scored by a utility.
"""

from __future__ import annotations

import time
from typing import Callable, Generator

from ..actions import KEEP, TAKE, Action, Discard
from ..cards import SUIT_MASKS, Card, Mask, Seat, cards_of, mask_of
from ..exchange import discard_cap
from ..states import ExchangeKind
from .endgame import Solver, TooDeep, run_heads
from .knowledge import Knowledge
from .policy import ContractInfo, easy_discards, easy_takes

SLICE_S = 0.025  # yield to the UI about this often

# (seat, hand, legal, trick, leader, live, voids, info) -> card; see policy.py
Policy = Callable[..., Card]


def rollout(hands, leader: Seat, trick, tricks, voids, info: ContractInfo,
            policy: Policy) -> list[int]:
    """Play a world out to the end with ``policy`` for every seat; the tricks by seat."""
    hands = list(hands)
    voids = list(voids)
    tricks = list(tricks)
    trick = list(trick)
    trick_winner = info.contract.trick_winner
    live = hands[0] | hands[1] | hands[2]
    while live:
        seat = (leader + len(trick)) % 3
        h = hands[seat]
        if trick:
            lead = trick[0] // 13
            legal = h & SUIT_MASKS[lead] or h
            c = policy(seat, h, legal, trick, leader, live, voids, info)
            if c // 13 != lead:
                voids[seat] |= 1 << lead
        else:
            c = policy(seat, h, h, trick, leader, live, voids, info)
        bit = 1 << c
        hands[seat] = h & ~bit
        live &= ~bit
        trick.append(c)
        if len(trick) == 3:
            leader = (leader + trick_winner(trick)) % 3
            tricks[leader] += 1
            trick = []
    return tricks


# -- the exchange ----------------------------------------------------------------------------

def discard_candidates(hand: Mask, limit: int, info: ContractInfo,
                       minimum: int = 0) -> list[tuple[Card, ...]]:
    """Discard sets worth comparing: the k weakest cards by two orderings, k = minimum..limit."""
    trump, power = info.trump, info.power
    cards = cards_of(hand)
    lens = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    if info.nolo:
        # Danger: high cards first; a second ordering prefers emptying short suits.
        order1 = sorted(cards, key=lambda c: -power[c])
        order2 = sorted(cards, key=lambda c: (lens[c // 13], -power[c]))
    else:
        def value(c):
            r = power[c] % 100
            if c // 13 == trump:
                return 100 + r
            return r + min(lens[c // 13], 4)
        order1 = sorted(cards, key=value)
        order2 = sorted(cards, key=lambda c: (c // 13 == trump, c % 13 == 12,
                                              lens[c // 13], power[c]))
    seen = set()
    out = []
    for order in (order1, order2):
        for k in range(minimum, limit + 1):
            d = tuple(sorted(order[:k]))
            if d not in seen:
                seen.add(d)
                out.append(d)
    return out


def evaluate_exchange(view, rng, worlds: int, policy: Policy, deadline: float | None = None,
                      report: dict | None = None, options: list[Action] | None = None,
                      match_aware: bool = False) -> Generator[None, None, Action]:
    """Generator: compare the exchange choices on the same sampled worlds; returns the action.

    Keep or Take the Manni for the hand (a swap), or candidate discard sets (``options``, if
    given, are compared instead: e.g. the review's "yours or Hard's"). The seats after us
    exchange by Easy's rules; every world is played out with ``policy`` for all seats.
    ``report`` (a dict), if given, receives ``options``, ``means`` (mean deal score of each
    option) and ``worlds`` (how many were sampled); nothing else changes. ``match_aware``:
    score each world by :func:`match_utility` without its trick bonus (the same as the deal
    score until an opponent leads near the target) instead.
    """
    k = Knowledge(view)
    rules, info, me = k.rules, k.info, k.me
    exchange = rules.exchange
    planned = exchange.planned_turns(view.dealer, view.exchange_step)
    leader = (view.dealer + 1) % 3
    swap = view.discard_limit is None
    if swap and view.stage != ExchangeKind.SWAP:
        raise ValueError("this exchange step is neither a swap nor a discard")
    if options is not None:
        options = list(options)
    elif swap:
        options = [KEEP, TAKE]
    else:
        options = [Discard(d) for d in discard_candidates(view.hand, view.discard_limit, info,
                                                          view.discard_minimum)]
        if len(options) == 1:
            if report is not None:
                report.update(options=options, means=[0.0], worlds=0)
            return options[0]
    utility = match_utility(view, k, trick_bonus=0.0) if match_aware else None
    totals = [0.0] * len(options)
    t0 = time.perf_counter()
    w = 0
    for w in range(worlds):
        hands, rest = k.sample_exchange(rng)
        for i, opt in enumerate(options):
            h = list(hands)
            if swap:
                if opt is TAKE:
                    h[me] = mask_of(rest[:view.manni_left])
                else:
                    for s, _ in planned:
                        if easy_takes(h[s], info):
                            h[s] = mask_of(rest[:view.manni_left])
                            break
            else:
                manni = rest[:view.manni_left]
                assert isinstance(opt, Discard)
                d = opt.cards
                h[me] = (h[me] & ~mask_of(d)) | mask_of(manni[:len(d)])
                manni = manni[len(d):]
                for s, limit in planned:
                    dd = easy_discards(h[s], discard_cap(limit, len(manni), rules.hand_size), info)
                    h[s] = (h[s] & ~mask_of(dd)) | mask_of(manni[:len(dd)])
                    manni = manni[len(dd):]
            tr = rollout(h, leader, (), (0, 0, 0), (0, 0, 0), info, policy)
            if utility is None:
                totals[i] += rules.deal_score(view.contract, tr, view.options)[me]
            else:
                totals[i] += utility(tr)
            if time.perf_counter() - t0 > SLICE_S:
                yield
                t0 = time.perf_counter()
        if deadline is not None and w >= 3 and time.perf_counter() >= deadline:
            break
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    if report is not None:
        n = (w + 1) if worlds > 0 else 1
        report.update(options=options, means=[x / n for x in totals], worlds=n)
    return options[best]


# -- the play: determinized search ------------------------------------------------------------

def match_utility(view, k: Knowledge, trick_bonus: float = 0.01) -> Callable[[list[int]], float]:
    """The seat's utility of a deal's tricks: its deal score plus ``trick_bonus`` a trick
    (minus, in Nóló: a gradient where the score is flat), minus half of an opponent's score
    when that opponent leads the match and is within 3 of the target (don't feed the
    leader)."""
    me = view.seat
    rules, contract, options = k.rules, view.contract, view.options
    target = options.get("target", 10)
    running = rules.standing(view.plus, view.minus)
    lam = [0.0, 0.0, 0.0]
    for o in k.opps:
        if running[o] >= target - 3 and running[o] >= running[me]:
            lam[o] = 0.5
    tb = -trick_bonus if k.info.nolo else trick_bonus

    def utility(tricks: list[int]) -> float:
        sc = rules.deal_score(contract, tricks, options)
        return sc[me] + tb * tricks[me] - lam[0] * sc[0] - lam[1] * sc[1] - lam[2] * sc[2]
    return utility


def candidates(legal: Mask, others: Mask, power) -> list[Card]:
    """One card per run of equivalent legal cards (no unseen card between them in a suit)."""
    return run_heads(legal, others, power)


def evaluate_cards(k: Knowledge, rng, cands: list[Card], utility: Callable[[list[int]], float],
                   policy: Policy, worlds: int | None, min_worlds: int,
                   deadline: float | None, endgame: int = 0, max_nodes: int | None = None,
                   infer: float = 0.0) -> Generator[None, None, tuple[list[float], int]]:
    """Generator: play each candidate in the same sampled worlds and roll out with
    ``policy``; returns (total utility per candidate, worlds sampled). ``worlds`` fixes the
    number of worlds; otherwise sample at least ``min_worlds`` and stop at ``deadline``, or
    earlier once the best card is clearly ahead (checked every 20 worlds). With at most
    ``endgame`` tricks left, each world is solved exactly (:mod:`.endgame`) instead, unless
    it needs more than ``max_nodes`` (then that world is rolled out). ``infer`` (0 < x < 1)
    weights each world by how well ``policy`` explains the opponents' plays in it
    (:meth:`Knowledge.plausibility`); the totals stay in units of worlds."""
    view, info, me = k.view, k.info, k.me
    trick_winner = info.contract.trick_winner
    solver = None
    if endgame and view.hand.bit_count() <= endgame:
        solver = Solver(me, utility, info.power, trick_winner, max_nodes)
    totals = [0.0] * len(cands)
    values: list[list[float]] = [[] for _ in cands]  # per world, for the early stop
    n = 0
    wsum = 0.0
    t_slice = time.perf_counter()
    leader, trick0, tricks0 = view.leader, list(view.trick), list(view.tricks)
    while True:
        hands = k.sample(rng)
        weight = k.plausibility(hands, policy, infer) if infer else 1.0
        wsum += weight
        for i, c in enumerate(cands):
            h = list(hands)
            h[me] &= ~(1 << c)
            v = list(k.voids)
            trick = trick0 + [c]
            if trick0 and c // 13 != trick0[0] // 13:
                v[me] |= 1 << (trick0[0] // 13)
            ld, tr = leader, tricks0
            if len(trick) == 3:
                ld = (leader + trick_winner(trick)) % 3
                tr = list(tricks0)
                tr[ld] += 1
                trick = []
            u = None
            if solver is not None:
                try:
                    u = solver.value(h, ld, trick, tr)
                except TooDeep:
                    pass
            if u is None:
                u = utility(rollout(h, ld, trick, tr, v, info, policy))
            totals[i] += weight * u
            values[i].append(weight * u)
        n += 1
        now = time.perf_counter()
        if worlds is not None:
            if n >= worlds:
                break
        elif n >= min_worlds and (deadline is None or now >= deadline
                                  or (n % 20 == 0 and _settled(totals, values, n))):
            break
        if now - t_slice > SLICE_S:
            yield
            t_slice = time.perf_counter()
    if infer and wsum > 0:
        totals = [t * n / wsum for t in totals]
    return totals, n


def _settled(totals, values, n) -> bool:
    """Is the best card clearly ahead of the runner-up (paired over the same worlds), or do
    all cards score the same in every world so far? Lets an easy move end early."""
    order = sorted(range(len(totals)), key=lambda i: -totals[i])
    a, b = values[order[0]], values[order[1]]
    diffs = [x - y for x, y in zip(a, b)]
    m = sum(diffs) / n
    var = sum((d - m) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return m > 0 or n >= 100
    return m > 4 * (var / n) ** 0.5
