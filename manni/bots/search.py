"""Search under hidden information: play sampled worlds out with a policy and compare.

Third layer of the bots (policy -> knowledge -> search -> levels). ``rollout`` plays a world
to the end on masks with one policy for every seat; ``evaluate_exchange`` compares the
exchange choices on the same sampled worlds; ``evaluate_cards`` is determinized search
(PIMC): every candidate card in every sampled world, rolled out, scored by a utility.
"""

from __future__ import annotations

import math
import time
from typing import Callable, Generator

from ..actions import KEEP, TAKE, Action, Discard
from ..cards import SUIT_MASKS, Card, Mask, Seat, cards_of, mask_of
from ..exchange import discard_cap
from ..states import ExchangeKind
from .endgame import solve
from .knowledge import Knowledge
from .partners import Table
from .policy import ContractInfo, easy_discards, easy_takes

SLICE_S = 0.010  # the longest a generator should run between yields (wall time)
WORLD_WORK = 6  # sampling a world costs about as much as playing this many cards


class Pacer:
    """When a generator should yield: ``due()`` after each unit of work is true once the
    next unit, if it takes as long as the last, would end the slice past ``SLICE_S``; call
    ``resume()`` after the yield. The slice runs from the last yield of any Pacer, so
    searches run one after another in one generator (the review: Hard's choice, then the
    cost of yours) share it. Where it yields never changes what is computed."""

    since = 0.0  # when the running slice began (class-wide)
    __slots__ = ("mark",)

    def __init__(self) -> None:
        self.mark = time.perf_counter()

    def due(self) -> bool:
        now = time.perf_counter()
        late = (now - Pacer.since) + (now - self.mark) > SLICE_S
        self.mark = now
        return late

    def resume(self) -> None:
        Pacer.since = self.mark = time.perf_counter()

# (seat, hand, legal, trick, leader, live, voids, info) -> card; see policy.py
Policy = Callable[..., Card]


def rollout(hands, leader: Seat, trick, tricks, voids, info: ContractInfo,
            policy: Policy) -> list[int]:
    """Play a world out to the end with ``policy`` for every seat; the tricks by seat."""
    hands = list(hands)
    voids = list(voids)
    tricks = list(tricks)
    trick = list(trick)
    power, trump = info.power, info.trump
    seats = len(hands)
    last = seats - 1
    live = 0
    for h in hands:
        live |= h
    # The suit led, the winning card's place in the trick and its power (as Contract.trick_winner).
    lead = win = wp = 0
    if trick:
        lead = trick[0] // 13
        win = info.contract.trick_winner(trick)
        wp = power[trick[win]]
    while live:
        n = len(trick)
        seat = (leader + n) % seats
        h = hands[seat]
        if n:
            c = policy(seat, h, h & SUIT_MASKS[lead] or h, trick, leader, live, voids, info)
            s = c // 13
            if s != lead:
                voids[seat] |= 1 << lead
                if s == trump and power[c] > wp:
                    win, wp = n, power[c]
            elif power[c] > wp:
                win, wp = n, power[c]
        else:
            c = policy(seat, h, h, trick, leader, live, voids, info)
            lead, win, wp = c // 13, 0, power[c]
        bit = 1 << c
        hands[seat] = h & ~bit
        live &= ~bit
        if n == last:
            leader = (leader + win) % seats
            tricks[leader] += 1
            trick = []
        else:
            trick.append(c)
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
                      match_aware: bool = False, work: int = 0) -> Generator[None, None, Action]:
    """Generator: compare the exchange choices on the same sampled worlds; returns the action.

    Keep or Take the Manni for the hand (a swap), or candidate discard sets (``options``, if
    given, are compared instead: e.g. the review's "yours or Hard's"). The seats after us
    exchange by Easy's rules; every world is played out with ``policy`` for all seats.
    Every option in each of ``worlds`` worlds or, with ``work`` (cards played in play-outs,
    as :func:`halving_cards`), sequential halving over the options. ``deadline`` stops it
    after at least 4 worlds. ``report`` (a dict), if given, receives ``options``, ``means``
    (mean score of each option) and ``worlds`` (how many the chosen one was played in);
    nothing else changes. ``match_aware``: score each world by :func:`match_utility` without
    its trick bonus (the same as the deal score until an opponent leads near the target)
    instead.
    """
    k = Knowledge(view)
    rules, info, me = k.rules, k.info, k.me
    exchange = rules.exchange
    planned = exchange.planned_turns(view.dealer, view.exchange_step)
    seats = rules.seats
    leader = (view.dealer + 1) % seats
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

    def score(world: tuple[list[Mask], list[Card]], i: int) -> float:
        h, rest = list(world[0]), world[1]
        opt = options[i]
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
        tr = rollout(h, leader, (), (0,) * seats, (0,) * seats, info, policy)
        if utility is None:
            return rules.deal_score(view.contract, tr, view.options)[me]
        return utility(tr)

    means, seen, _n = yield from _halving(len(options), lambda: k.sample_exchange(rng), score,
                                          worlds, work, rules.hand_size * seats, deadline, 4)
    top = max(seen)
    best = max((i for i in range(len(options)) if seen[i] == top), key=lambda i: (means[i], -i))
    if report is not None:
        report.update(options=options, means=means, worlds=seen[best])
    return options[best]


# -- the play: determinized search ------------------------------------------------------------

def match_leaders(view, k: Knowledge) -> list[Seat]:
    """The opponents who lead the match (at least level with us) within 3 of the target."""
    target = view.options.get("target", 10)
    running = k.rules.standing(view.plus, view.minus)
    return [o for o in k.opps if running[o] >= target - 3 and running[o] >= running[k.me]]


def match_utility(view, k: Knowledge, trick_bonus: float = 0.01,
                  rivalry: float = 0.0) -> Callable[[list[int]], float]:
    """The seat's utility of a deal's tricks: its deal score plus ``trick_bonus`` a trick
    (minus, in Nóló: a gradient where the score is flat), minus half of an opponent's score
    when that opponent leads the match and is within 3 of the target (don't feed the
    leader)."""
    me = view.seat
    rules, contract, options = k.rules, view.contract, view.options
    lam = [0.0] * rules.seats
    for o in k.opps:
        lam[o] = rivalry / 2
    for o in match_leaders(view, k):
        lam[o] = max(lam[o], 0.5)
    tb = -trick_bonus if k.info.nolo else trick_bonus
    if len(lam) == 3:  # unrolled: the searches call this once a play-out
        l0, l1, l2 = lam

        def utility(tricks: list[int]) -> float:
            sc = rules.deal_score(contract, tricks, options)
            return sc[me] + tb * tricks[me] - l0 * sc[0] - l1 * sc[1] - l2 * sc[2]
        return utility

    def utility_n(tricks: list[int]) -> float:
        sc = rules.deal_score(contract, tricks, options)
        return sc[me] + tb * tricks[me] - sum(x * y for x, y in zip(lam, sc))
    return utility_n


def candidates(legal: Mask, others: Mask, power, points=None) -> list[Card]:
    """One card per run of equivalent legal cards (no card of ``others`` between them in a
    suit, and as many ``points`` if cards have points): the lowest of each run, lowest
    first."""
    out = []
    for s in range(4):
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        mine = sorted(cards_of(sm), key=lambda c: power[c])
        theirs = [power[c] for c in cards_of(others & SUIT_MASKS[s])]
        prev = None
        for c in mine:
            if prev is not None:
                lo, hi = sorted((power[prev], power[c]))
                if not any(lo < p < hi for p in theirs) and (
                        points is None or points[prev] == points[c]):
                    prev = c
                    continue
            out.append(c)
            prev = c
    return out


def _played(k: Knowledge, hands: list[Mask], c: Card):
    """Our card ``c`` played in a sampled world: (hands, voids, trick)."""
    me = k.me
    h = list(hands)
    h[me] &= ~(1 << c)
    v = k.voids
    trick = list(k.view.trick)
    if trick and c // 13 != trick[0] // 13:
        v = list(v)
        v[me] |= 1 << (trick[0] // 13)
    trick.append(c)
    return h, v, trick


def _after(k: Knowledge, hands: list[Mask], c: Card):
    """A sampled world once our card ``c`` is played: (hands, leader, trick, tricks, voids)."""
    view = k.view
    h, v, trick = _played(k, hands, c)
    leader, tricks = view.leader, view.tricks
    seats = len(hands)
    if len(trick) == seats:
        leader = (leader + k.info.contract.trick_winner(trick)) % seats
        tricks = list(tricks)
        tricks[leader] += 1
        trick = []
    return h, leader, trick, tricks, v


def evaluate_cards(k: Knowledge, rng, cands: list[Card], utility: Callable[[list[int]], float],
                   policy: Policy, worlds: int) -> Generator[None, None, tuple[list[float], int]]:
    """Generator: play each candidate in the same ``worlds`` sampled worlds and roll out
    with ``policy``; returns (total utility per candidate, worlds sampled)."""
    info = k.info
    totals = [0.0] * len(cands)
    n = 0
    pace = Pacer()
    while True:
        hands = k.sample(rng)
        for i, c in enumerate(cands):
            h, ld, trick, tr, v = _after(k, hands, c)
            totals[i] += utility(rollout(h, ld, trick, tr, v, info, policy))
            if pace.due():
                yield
                pace.resume()
        n += 1
        if n >= worlds:
            break
    return totals, n


def halving_cards(k: Knowledge, rng, cands: list[Card], utility: Callable[[list[int]], float],
                  policy: Policy, work: int, deadline: float | None = None,
                  ) -> Generator[None, None, tuple[list[float], list[int], int]]:
    """Generator: sequential halving over the candidate cards on shared sampled worlds,
    within ``work`` cards played in play-outs (a sampled world counts ``WORLD_WORK``).
    Returns (mean utility per candidate, worlds each was played in, worlds sampled); the
    best mean among the most played is the choice."""
    info = k.info

    def score(hands, i):
        h, ld, trick, tr, v = _after(k, hands, cands[i])
        return utility(rollout(h, ld, trick, tr, v, info, policy))
    result = yield from _halving(len(cands), lambda: k.sample(rng), score, 0, work,
                                 sum(k.view.hand_sizes), deadline, 1)
    return result


def _halving(n_options: int, sample, score, worlds: int, work: int, cards: int,
             deadline: float | None, min_worlds: int, extra: list[int] | None = None):
    """Generator behind the searches: each option scored in the same sampled worlds.

    ``worlds`` > 0: every option in that many worlds. Otherwise sequential halving: each of
    ~log2(n_options) rounds spends an equal share of ``work`` on the options still in (a
    world costs ``WORLD_WORK`` plus ``cards`` per option),
    every one of them in the same fresh worlds, then keeps the better half by mean score.
    ``deadline`` ends it once ``min_worlds`` worlds are done. ``extra`` (a one-item list the
    scoring adds its own work to, such as an exact solver's cards tried): each round then
    samples worlds until its share of the work is spent. Returns (mean per option,
    worlds each option was scored in, worlds sampled)."""
    totals = [0.0] * n_options
    seen = [0] * n_options
    alive = list(range(n_options))
    rounds = 1 if worlds else max(1, (n_options - 1).bit_length())
    n = 0
    pace = Pacer()
    stop = False
    while True:
        if worlds:
            count = worlds
        else:
            count = max(1, int(work / rounds / (WORLD_WORK + cards * len(alive))))
        spent, before = 0.0, 0
        if extra is not None:
            count = 1 << 30
        for _ in range(count):
            if extra is not None:
                if spent >= work / rounds:
                    break
                before = extra[0]
            world = sample()
            for i in alive:
                totals[i] += score(world, i)
                seen[i] += 1
                if pace.due():
                    yield
                    pace.resume()
            n += 1
            if extra is not None:
                spent += WORLD_WORK + cards * len(alive) + extra[0] - before
            if deadline is not None and n >= min_worlds and time.perf_counter() >= deadline:
                stop = True
                break
        if stop or worlds or len(alive) <= 2:
            break
        alive.sort(key=lambda i: -totals[i] / seen[i])
        alive = alive[:(len(alive) + 1) // 2]
    means = [totals[i] / seen[i] if seen[i] else -math.inf for i in range(n_options)]
    return means, seen, n


# -- partnership games: the side's points --------------------------------------------------

def points_so_far(view, t: Table) -> list[int]:
    """By side: the points of the tricks won so far (card points plus the trick's own)."""
    out = [0] * (max(t.side_of) + 1)
    for _leader, cards, winner in view.history:
        out[t.side_of[winner]] += t.trick_points + sum(t.points[c] for c in cards)
    return out


def partner_rollout(hands, leader: Seat, trick, points, voids, t: Table,
                    policy: Policy, endgame: int = 0, nodes: list[int] | None = None
                    ) -> list[int]:
    """Play a world out to the end with ``policy`` for every seat, by the table's play rule
    (as :func:`partners.legal_cards`, inline); the points by side. ``endgame``: once no hand
    holds more cards than this (at the start or a trick's end), the rest is solved exactly
    (:func:`endgame.solve`, its cards tried added to ``nodes``)."""
    if endgame and max(h.bit_count() for h in hands) <= endgame:
        return _solved(hands, leader, trick, points, t, nodes)
    stop = endgame * t.seats
    hands = list(hands)
    voids = list(voids)
    pts = list(points)
    trick = list(trick)
    seats, side_of, card_points, trick_points = t.seats, t.side_of, t.points, t.trick_points
    power, above, trump, climb = t.power, t.above, t.trump, t.climb
    tm = SUIT_MASKS[trump] if trump >= 0 else 0
    live = 0
    for h in hands:
        live |= h
    lead = win = 0
    best = -1
    if trick:
        lead = trick[0] // 13
        win = t.contract.trick_winner(trick)
        best = trick[win]
    while live:
        n = len(trick)
        seat = (leader + n) % seats
        h = hands[seat]
        if n:
            follow = h & SUIT_MASKS[lead]
            if climb and side_of[(leader + win) % seats] != side_of[seat]:
                if follow:
                    legal = (follow & above[best] or follow) if best // 13 == lead else follow
                elif tm:
                    legal = (h & tm & above[best] if best // 13 == trump else h & tm) or h
                else:
                    legal = h
            else:
                legal = follow or h
        else:
            legal = h
        c = (policy(seat, h, legal, trick, leader, live, voids, t) if legal & (legal - 1)
             else legal.bit_length() - 1)
        if n:
            s = c // 13
            if s != lead:
                voids[seat] |= 1 << lead
            if (s == lead or s == trump) and power[c] > power[best]:
                win, best = n, c
        else:
            lead, win, best = c // 13, 0, c
        hands[seat] = h & ~(1 << c)
        live &= ~(1 << c)
        trick.append(c)
        if n == seats - 1:
            leader = (leader + win) % seats
            pts[side_of[leader]] += trick_points + sum(card_points[x] for x in trick)
            trick = []
            if stop and live and live.bit_count() <= stop:
                return _solved(hands, leader, trick, pts, t, nodes)
    return pts


def _solved(hands, leader: Seat, trick, points, t: Table, nodes) -> list[int]:
    """``points`` by side plus the rest of the deal solved exactly (two sides)."""
    live = 0
    for h in hands:
        live |= h
    rest = sum(t.points[c] for c in trick)
    m = live
    while m:
        b = m & -m
        rest += t.points[b.bit_length() - 1]
        m ^= b
    rest += t.trick_points * ((live.bit_count() + len(trick)) // t.seats)
    got = solve(hands, leader, trick, t, nodes)
    return [points[0] + got, points[1] + rest - got]


def partner_after(k: Knowledge, t: Table, points, hands: list[Mask], c: Card):
    """A sampled world once our card ``c`` is played: (hands, leader, trick, points,
    voids)."""
    view = k.view
    h, v, trick = _played(k, hands, c)
    leader = view.leader
    if len(trick) == t.seats:
        leader = (leader + t.contract.trick_winner(trick)) % t.seats
        points = list(points)
        points[t.side_of[leader]] += t.trick_points + sum(t.points[x] for x in trick)
        trick = []
    return h, leader, trick, points, v


def partner_halving(k: Knowledge, t: Table, rng, cands: list[Card], policy: Policy, work: int,
                    deadline: float | None = None, endgame: int = 0, sample=None,
                    extra: list[int] | None = None):
    """Generator: :func:`halving_cards` for a partnership game, each world scored by the
    points the seat's side ends the deal with; ``endgame``: its last tricks solved exactly
    once no hand holds more cards (:func:`partner_rollout`), the solver's cards counted as
    work. ``sample``: the worlds' sampler (default ``k.sample(rng)``), which may add work of
    its own to ``extra`` (a one-item list)."""
    side = t.side_of[k.me]
    so_far = points_so_far(k.view, t)
    nodes = extra if extra is not None else [0] if endgame else None

    def score(hands, i):
        h, ld, trick, pts, v = partner_after(k, t, so_far, hands, cands[i])
        return partner_rollout(h, ld, trick, pts, v, t, policy, endgame, nodes)[side]
    result = yield from _halving(len(cands), sample or (lambda: k.sample(rng)), score, 0, work,
                                 sum(k.view.hand_sizes), deadline, 1, nodes)
    return result
