"""Medium: rule-based play with card counting and void tracking; the exchange by sampling.

The card policy :func:`medium_play` works on masks only and is also the rollout policy of
the Hard bot, so it must stay cheap. ``live`` is every card that may still be in a hand
(the seat's own and the cards it has not seen), ``voids[s]`` a 4-bit mask of the suits
seat ``s`` is known to lack.
"""

from __future__ import annotations

from ..actions import Play
from ..cards import SUIT_MASKS
from .base import Bot
from .core import beaters, highest, lowbit, lowest, weaker, winning
from .knowledge import Knowledge, evaluate_exchange

_SUITS = range(4)


def _higher_out(c: int, others: int, power) -> bool:
    """Does ``others`` hold a card of c's suit that beats c?"""
    m = others & SUIT_MASKS[c // 13]
    pc = power[c]
    while m:
        b = m & -m
        m ^= b
        if power[b.bit_length() - 1] > pc:
            return True
    return False


def _holds(c: int, lead: int, after, others: int, voids, trump: int, power) -> bool:
    """Would card c, winning now, still win after the seats in ``after`` have played?"""
    s = c // 13
    for p in after:
        v = voids[p]
        if not v >> lead & 1:
            if s == lead and _higher_out(c, others, power):
                return False
        elif trump >= 0 and not v >> trump & 1 and others & SUIT_MASKS[trump]:
            if s != trump or _higher_out(c, others, power):
                return False
    return True


def medium_play(me: int, hand: int, legal: int, trick, leader: int, live: int, voids, info) -> int:
    if legal & (legal - 1) == 0:
        return lowbit(legal)
    trump, nolo, power = info
    others = live & ~hand
    n = len(trick)
    after = [(me + k) % 3 for k in range(1, 3 - n)]
    if nolo:
        return _nolo(hand, legal, trick, after, others, voids, power)
    if n == 0:
        return _lead(me, hand, legal, others, voids, trump, power)
    lead = trick[0] // 13
    w = winning(trick, trump, power)
    can = beaters(legal, w, lead, trump, power)
    if can:
        if not after:
            return lowest(can, power)
        best = -1
        m = can
        bp = 999
        while m:
            b = m & -m
            m ^= b
            c = b.bit_length() - 1
            if power[c] < bp and _holds(c, lead, after, others, voids, trump, power):
                best, bp = c, power[c]
        if best >= 0:
            return best
        if not legal & SUIT_MASKS[lead]:
            # Ruffing: worth it unless the next seat is known to overruff too.
            v = voids[after[0]]
            if not v >> lead & 1:
                return lowest(can, power)
    return _shed(hand, legal, others, trump, power)


def _shed(hand: int, legal: int, others: int, trump: int, power) -> int:
    """Throw the card least likely to win a trick later: low, from a suit without masters."""
    best, bkey = -1, None
    for s in _SUITS:
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        c = lowest(sm, power)
        master = not _higher_out(highest(sm, power), others, power)
        key = (s == trump and legal != sm, master and sm.bit_count() > 1, power[c] % 100,
               sm.bit_count())
        if bkey is None or key < bkey:
            best, bkey = c, key
    return best


def _lead(me, hand, legal, others, voids, trump, power) -> int:
    opp = ((me + 1) % 3, (me + 2) % 3)
    tm = SUIT_MASKS[trump] if trump >= 0 else 0
    opp_trumps = others & tm
    my_trumps = legal & tm
    # Draw trumps with a master trump while the opponents may still hold some.
    if my_trumps and opp_trumps and any(not voids[p] >> trump & 1 for p in opp):
        top = highest(my_trumps, power)
        if not _higher_out(top, others, power) and my_trumps.bit_count() >= 2:
            return top
    # Cash side-suit masters that will not be ruffed.
    best, bkey = -1, None
    for s in _SUITS:
        if s == trump:
            continue
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        top = highest(sm, power)
        if _higher_out(top, others, power):
            continue
        out_len = (others & SUIT_MASKS[s]).bit_count()
        risk = 0
        if opp_trumps:
            for p in opp:
                if not voids[p] >> trump & 1 and (voids[p] >> s & 1 or out_len < 4):
                    risk += 1 + (voids[p] >> s & 1) * 2
        key = (risk, -sm.bit_count())
        if bkey is None or key < bkey:
            best, bkey = top, key
    if best >= 0 and bkey[0] <= 1:
        return best
    # With trumps left, lead a singleton side card to ruff that suit later.
    side = legal & ~tm
    if my_trumps and opp_trumps:
        for s in _SUITS:
            sm = side & SUIT_MASKS[s]
            if sm and sm & (sm - 1) == 0:
                return lowbit(sm)
    if best >= 0:
        return best
    # Otherwise low from the longest side suit (keep honours that may win later).
    if side:
        bs, bl = -1, -1
        for s in _SUITS:
            k = (side & SUIT_MASKS[s]).bit_count()
            if k > bl:
                bs, bl = s, k
        return lowest(side & SUIT_MASKS[bs], power)
    return lowest(legal, power)


def _nolo(hand, legal, trick, after, others, voids, power) -> int:
    if not trick:
        # Lead the card the others are most likely to beat: few unseen cards under it.
        best, bkey = -1, None
        for s in _SUITS:
            sm = legal & SUIT_MASKS[s]
            if not sm:
                continue
            c = lowest(sm, power)
            om = others & SUIT_MASKS[s]
            below = above = 0
            pc = power[c]
            while om:
                b = om & -om
                om ^= b
                if power[b.bit_length() - 1] < pc:
                    below += 1
                else:
                    above += 1
            followers = sum(1 for p in after if not voids[p] >> s & 1)
            key = (followers == 0 or above == 0, below, -above)
            if bkey is None or key < bkey:
                best, bkey = c, key
        return best
    lead = trick[0] // 13
    w = winning(trick, -1, power)
    follow = legal & SUIT_MASKS[lead]
    if follow:
        under = weaker(follow, power[w], power)
        if under:
            return highest(under, power)
        if not after:
            return highest(follow, power)
        # We win unless the next seat goes over: give it the best chance.
        return lowest(follow, power)
    # Void: throw the most dangerous card, the one with the most unseen cards under it.
    best, bkey = -1, None
    m = legal
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        om = others & SUIT_MASKS[c // 13]
        pc = power[c]
        below = 0
        while om:
            bb = om & -om
            om ^= bb
            if power[bb.bit_length() - 1] < pc:
                below += 1
        key = (below, pc)
        if bkey is None or key > bkey:
            best, bkey = c, key
    return best


class MediumBot(Bot):
    level = "medium"
    exchange_worlds = {"swap": 60, "draw": 24}

    def steps(self, view):
        if view.phase == "exchange":
            worlds = self.options.get("exchange_worlds") or self.exchange_worlds[view.exchange_kind]
            action = yield from evaluate_exchange(view, self.rng, worlds,
                                                  medium_rollout=True)
            return action
        k = Knowledge(view)
        c = medium_play(view.seat, view.hand, view.legal, view.trick, view.leader,
                        k.unseen | view.hand, k.voids, k.info)
        return Play(c)
        yield  # pragma: no cover
