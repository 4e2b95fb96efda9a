"""The bots' card policies: what to play (and discard) by rule, on int bitmasks.

Bottom layer of the bots (policy -> knowledge -> search -> levels): it imports nothing of
theirs. Everything works on masks and small tuples so the search can call it in its inner
loops. ``easy_play`` is Easy's policy (no memory); ``medium_play`` is Medium's (card counting
and voids) and the rollout policy of the search. Both see only what a seat may know: its
hand, the trick, ``live`` (every card that may still be in a hand: the seat's own and the
ones it has not seen) and ``voids`` (per seat, a 4-bit mask of the suits it is known to lack).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..cards import SUIT_MASKS, Card, Mask, Seat, cards_of
from ..rules.base import Contract

NO_TRUMP = -1


class ContractInfo(NamedTuple):
    """A contract as the policies use it, built once per decision."""

    trump: int  # the trump suit, or NO_TRUMP
    nolo: bool
    power: tuple[int, ...]  # orders cards of a suit (Ace low in Nóló); trumps above all
    contract: Contract
    above: tuple[Mask, ...]  # above[c]: the cards of c's suit that beat c


@lru_cache(maxsize=64)
def contract_info(contract: Contract) -> ContractInfo:
    trump = contract.trump if contract.trump is not None else NO_TRUMP
    power = contract.power
    above = tuple(sum(1 << x for x in range(52) if x // 13 == c // 13 and power[x] > power[c])
                  for c in range(52))
    return ContractInfo(trump, contract.name == "nolo", power, contract, above)


def winning(trick, info: ContractInfo) -> Card:
    """The card currently winning a (non-empty) trick."""
    return trick[info.contract.trick_winner(trick)]


HCP = (0,) * 9 + (1, 2, 3, 4)  # J Q K A by rank index


def lowbit(m: Mask) -> Card:
    return (m & -m).bit_length() - 1


# The scans below walk a mask's bits inline, not through ``cards_of``, for masks of any
# suits (Easy's policy, the exchange); Medium uses the one-suit bit operations further down.

def lowest(m: Mask, power) -> Card:
    """The weakest card of mask m by power (Ace low in Nóló)."""
    best, bp = -1, 999
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        if power[c] < bp:
            best, bp = c, power[c]
    return best


def highest(m: Mask, power) -> Card:
    best, bp = -1, -999
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        if power[c] > bp:
            best, bp = c, power[c]
    return best


def weaker(m: Mask, p: int, power) -> Mask:
    """The cards of mask ``m`` weaker than power ``p``."""
    out = 0
    while m:
        b = m & -m
        m ^= b
        if power[b.bit_length() - 1] < p:
            out |= b
    return out


def beaters(m: Mask, w: Card, info: ContractInfo) -> Mask:
    """Cards of m that would beat w, the card winning a trick (of the suit led or a trump)."""
    trump = info.trump
    out = m & info.above[w]
    if trump >= 0 and w // 13 != trump:
        out |= m & SUIT_MASKS[trump]
    return out


def hand_strength(hand: Mask, trump: int) -> int:
    """High-card points plus trump length, for quick exchange rules."""
    pts = 0
    for c in cards_of(hand):
        pts += HCP[c % 13]
        if c // 13 == trump:
            pts += 1
    return pts


# -- Easy: legal and plausible, no memory of what was played --------------------------------

def easy_play(hand: Mask, legal: Mask, trick, info: ContractInfo) -> Card:
    trump, nolo, power = info.trump, info.nolo, info.power
    if legal & (legal - 1) == 0:
        return lowbit(legal)
    if nolo:
        return _easy_nolo(legal, trick, info)
    if not trick:
        # Cash a side-suit ace if we have one, else lead low from the longest side suit.
        best, blen = -1, -999
        for s in range(4):
            sm = legal & SUIT_MASKS[s]
            if not sm:
                continue
            if s != trump and sm >> (13 * s + 12) & 1:
                return 13 * s + 12
            n = sm.bit_count() - (20 if s == trump else 0)
            if n > blen:
                best, blen = s, n
        return lowest(legal & SUIT_MASKS[best], power)
    lead = trick[0] // 13
    w = winning(trick, info)
    can = beaters(legal, w, info)
    if legal & SUIT_MASKS[lead]:
        if not can:
            return lowest(legal, power)
        if len(trick) == 2:
            return lowest(can, power)
        top = highest(can, power)
        if top % 13 >= 10:  # second hand: play a high honour, else low
            return top
        return lowest(legal, power)
    if can:
        return lowest(can, power)  # ruff as cheaply as possible
    # Shed a loser: the lowest card of the shortest side suit.
    best, bkey = -1, None
    for s in range(4):
        sm = legal & SUIT_MASKS[s]
        if not sm or s == trump:
            continue
        c = lowest(sm, power)
        key = (sm.bit_count(), power[c])
        if bkey is None or key < bkey:
            best, bkey = c, key
    return best if best >= 0 else lowest(legal, power)


def _easy_nolo(legal: Mask, trick, info: ContractInfo) -> Card:
    power = info.power
    if not trick:
        return lowest(legal, power)
    lead = trick[0] // 13
    w = winning(trick, info)
    if legal & SUIT_MASKS[lead]:
        under = weaker(legal, power[w], power)
        if under:
            return highest(under, power)
        if len(trick) == 2:
            return highest(legal, power)
        return lowest(legal, power)
    return highest(legal, power)


def easy_policy(seat: Seat, hand: Mask, legal: Mask, trick, leader: Seat, live: Mask, voids,
                info: ContractInfo) -> Card:
    """``easy_play`` with the rollout policy's signature."""
    return easy_play(hand, legal, trick, info)


def easy_takes(hand: Mask, info: ContractInfo) -> bool:
    """Easy's Take-or-Keep rule: a random 12 of 48 has 10 high-card points; take the Manni
    with a poor hand."""
    return hand_strength(hand, info.trump) < 11


def throwable(c: Card, info: ContractInfo) -> bool:
    """A card Easy's discards would throw: in Nóló one above the ten (Ace counts low), else
    a side card below the ten."""
    if info.nolo:
        return info.power[c] >= 8
    return c // 13 != info.trump and c % 13 < 8


def easy_discards(hand: Mask, limit: int, info: ContractInfo, minimum: int = 0) -> tuple[Card, ...]:
    """Nóló: throw the high cards; trump/Grand: throw low side cards (below the ten); at
    least ``minimum`` cards (then the next highest, or the lowest side cards, then trumps)."""
    trump, nolo, power = info.trump, info.nolo, info.power
    out: list[Card] = []
    m = hand
    while len(out) < limit and m:
        if nolo:
            c = highest(m, power)
            if not throwable(c, info):
                break
        else:
            side = m & ~(SUIT_MASKS[trump] if trump >= 0 else 0)
            if not side:
                break
            c = lowest(side, power)
            if not throwable(c, info):
                break
        out.append(c)
        m &= ~(1 << c)
    while len(out) < minimum and m:
        side = m & ~(SUIT_MASKS[trump] if trump >= 0 else 0)
        c = highest(m, power) if nolo else lowest(side or m, power)
        out.append(c)
        m &= ~(1 << c)
    return tuple(sorted(out))


# -- Medium: card counting and void tracking (also the search's rollout policy) ------------
#
# Medium works on one suit at a time, where a card's power follows its index (bit) except
# for Nóló's low Ace, so the weakest and strongest card of a one-suit mask are bit operations:
# ``lowbit`` and ``top`` outside Nóló, ``nolo_low`` and ``nolo_high`` in it.

_SUITS = range(4)
# _AFTER[n][seat]: the seats still to play after ``seat``, the trick's n-th card.
_AFTER = tuple(tuple(tuple((me + k) % 3 for k in range(1, 3 - n)) for me in range(3))
               for n in range(3))
ACES = sum(1 << (13 * s + 12) for s in range(4))


def top(sm: Mask) -> Card:
    """The strongest card of a one-suit mask (not Nóló)."""
    return sm.bit_length() - 1


def nolo_low(sm: Mask) -> Card:
    """The weakest card of a one-suit mask in Nóló: its Ace, else its lowest."""
    return lowbit(sm & ACES or sm)


def nolo_high(sm: Mask) -> Card:
    """The strongest card of a one-suit mask in Nóló: its highest but the Ace."""
    return (sm & ~ACES or sm).bit_length() - 1


def _lowest_holding(can: Mask, lead: int, after, others: Mask, voids, trump: int, above) -> Card:
    """The weakest card of ``can`` (one suit, led or trumps) that, winning the trick now,
    still wins after the seats in ``after`` have played; -1 if none will."""
    s = lowbit(can) // 13
    must_top = False  # a seat to play may beat us in this suit: only its masters hold
    for p in after:
        v = voids[p]
        if not v >> lead & 1:
            if s == lead:
                must_top = True
        elif trump >= 0 and not v >> trump & 1 and others & SUIT_MASKS[trump]:
            if s != trump:
                return -1  # that seat may ruff
            must_top = True
    out = others & SUIT_MASKS[s]
    if must_top and out:
        can &= above[top(out)]  # the cards over every unseen one
    return lowbit(can) if can else -1


def medium_play(me: Seat, hand: Mask, legal: Mask, trick, leader: Seat, live: Mask, voids,
                info: ContractInfo) -> Card:
    """``legal`` follows suit when it can (as the rules' legal cards)."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1  # the only card
    others = live & ~hand
    n = len(trick)
    after = _AFTER[n][me]
    trump, above = info.trump, info.above
    if n == 0:
        if info.nolo:
            return _nolo_lead(legal, after, others, voids, above)
        return _lead(me, legal, others, voids, trump, above)
    w = trick[0]  # the winning card (as Contract.trick_winner)
    lead = w // 13
    if n == 2:
        power = info.power
        c = trick[1]
        if (c // 13 == lead or c // 13 == trump) and power[c] > power[w]:
            w = c
    if info.nolo:
        return _nolo_follow(legal, w, after, others, info)
    can = beaters(legal, w, info)  # one suit: legal follows suit, or holds none of it
    if can:
        if not after:
            return lowbit(can)
        best = _lowest_holding(can, lead, after, others, voids, trump, above)
        if best >= 0:
            return best
        if not legal & SUIT_MASKS[lead]:
            # Ruffing: worth it unless the next seat is known to overruff too.
            v = voids[after[0]]
            if not v >> lead & 1:
                return lowbit(can)
    return _shed(legal, others, trump, above)


def _shed(legal: Mask, others: Mask, trump: int, above) -> Card:
    """Throw the card least likely to win a trick later: low, from a suit without masters."""
    if not legal & ~SUIT_MASKS[top(legal) // 13]:
        return lowbit(legal)  # one suit: its lowest
    best, bkey = -1, None
    for s in _SUITS:
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        c = lowbit(sm)
        master = not others & above[top(sm)]
        key = (s == trump and legal != sm, master and sm.bit_count() > 1, c % 13,
               sm.bit_count())
        if bkey is None or key < bkey:
            best, bkey = c, key
    return best


def _lead(me: Seat, legal: Mask, others: Mask, voids, trump: int, above) -> Card:
    opp = _AFTER[0][me]
    tm = SUIT_MASKS[trump] if trump >= 0 else 0
    opp_trumps = others & tm
    my_trumps = legal & tm
    # Draw trumps with a master trump while the opponents may still hold some.
    if my_trumps and opp_trumps and not (voids[opp[0]] & voids[opp[1]]) >> trump & 1:
        t = top(my_trumps)
        if not others & above[t] and my_trumps.bit_count() >= 2:
            return t
    # Cash side-suit masters that will not be ruffed.
    best, bkey = -1, None
    for s in _SUITS:
        if s == trump:
            continue
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        t = top(sm)
        if others & above[t]:
            continue
        out_len = (others & SUIT_MASKS[s]).bit_count()
        risk = 0
        if opp_trumps:
            for p in opp:
                if not voids[p] >> trump & 1 and (voids[p] >> s & 1 or out_len < 4):
                    risk += 1 + (voids[p] >> s & 1) * 2
        key = (risk, -sm.bit_count())
        if bkey is None or key < bkey:
            best, bkey = t, key
    if bkey is not None and bkey[0] <= 1:
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
        return lowbit(side & SUIT_MASKS[bs])
    return lowbit(legal)  # trumps only


def _nolo_lead(legal: Mask, after, others: Mask, voids, above) -> Card:
    """Lead the card the others are most likely to beat: few unseen cards under it."""
    both_void = voids[after[0]] & voids[after[1]]
    best, bkey = -1, None
    for s in _SUITS:
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        c = nolo_low(sm)
        om = others & SUIT_MASKS[s]
        over = (om & above[c]).bit_count()
        below = om.bit_count() - over
        key = (over == 0 or bool(both_void >> s & 1), below, -over)
        if bkey is None or key < bkey:
            best, bkey = c, key
    return best


def _nolo_follow(legal: Mask, w: Card, after, others: Mask, info: ContractInfo) -> Card:
    """Nóló, the trick's winning card ``w`` (of the suit led: there are no trumps)."""
    above = info.above
    follow = legal & SUIT_MASKS[w // 13]
    if follow:
        under = follow & ~above[w]
        if under:
            return nolo_high(under)
        if not after:
            return nolo_high(follow)
        # We win unless the next seat goes over: give it the best chance.
        return nolo_low(follow)
    # Void: throw the most dangerous card, the one with the most unseen cards under it (each
    # suit's strongest card: it beats the suit's others on both counts).
    power = info.power
    best, vkey = -1, None
    for s in _SUITS:
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        c = nolo_high(sm)
        danger = ((others & SUIT_MASKS[s] & ~above[c]).bit_count(), power[c])
        if vkey is None or danger > vkey:
            best, vkey = c, danger
    return best
