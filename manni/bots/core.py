"""Shared pieces of the bots: contract facts as plain ints, trick helpers, the Easy policy.

Everything here works on int bitmasks and small tuples so the search can call it in its
inner loops. Nothing here sees anything but what a seat may know.
"""

from __future__ import annotations

from ..cards import SUIT_MASKS

# A "contract info" tuple, built once per deal: (trump or -1, nolo, power table).
# power[c] orders cards of one suit (Ace low in Nóló) and puts trumps above everything.


def contract_info(contract) -> tuple:
    trump = contract.trump if contract.trump is not None else -1
    return (trump, contract.name == "nolo", contract.power)


HCP = (0,) * 9 + (1, 2, 3, 4)  # J Q K A by rank index


def lowbit(m: int) -> int:
    return (m & -m).bit_length() - 1


def highbit(m: int) -> int:
    return m.bit_length() - 1


def lowest(m: int, power) -> int:
    """The weakest card of mask m by power (Ace low in Nóló)."""
    best, bp = -1, 999
    while m:
        b = m & -m
        c = b.bit_length() - 1
        m ^= b
        p = power[c]
        if p < bp:
            best, bp = c, p
    return best


def highest(m: int, power) -> int:
    best, bp = -1, -999
    while m:
        b = m & -m
        c = b.bit_length() - 1
        m ^= b
        p = power[c]
        if p > bp:
            best, bp = c, p
    return best


def winning(trick, trump: int, power) -> int:
    """The card currently winning a (non-empty) trick."""
    lead = trick[0] // 13
    w = trick[0]
    wp = power[w]
    for c in trick[1:]:
        s = c // 13
        if (s == lead or s == trump) and power[c] > wp:
            w, wp = c, power[c]
    return w


def weaker(m: int, p: int, power) -> int:
    """The cards of mask ``m`` weaker than power ``p``."""
    under = 0
    while m:
        b = m & -m
        m ^= b
        if power[b.bit_length() - 1] < p:
            under |= b
    return under


def beaters(m: int, w: int, lead: int, trump: int, power) -> int:
    """Cards of m that would beat card w in a trick led in suit ``lead``."""
    out = 0
    wp = power[w]
    mm = m & (SUIT_MASKS[lead] | (SUIT_MASKS[trump] if trump >= 0 else 0))
    while mm:
        b = mm & -mm
        mm ^= b
        if power[b.bit_length() - 1] > wp:
            out |= b
    return out


def suit_len(m: int, s: int) -> int:
    return (m & SUIT_MASKS[s]).bit_count()


# -- the Easy policy: legal and plausible, no memory of what was played --------------------

def easy_play(hand: int, legal: int, trick, info) -> int:
    trump, nolo, power = info
    if legal & (legal - 1) == 0:
        return lowbit(legal)
    if nolo:
        return _easy_nolo(hand, legal, trick, power)
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
    w = winning(trick, trump, power)
    can = beaters(legal, w, lead, trump, power)
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


def _easy_nolo(hand: int, legal: int, trick, power) -> int:
    if not trick:
        return lowest(legal, power)
    lead = trick[0] // 13
    w = winning(trick, -1, power)
    if legal & SUIT_MASKS[lead]:
        under = weaker(legal, power[w], power)
        if under:
            return highest(under, power)
        if len(trick) == 2:
            return highest(legal, power)
        return lowest(legal, power)
    return highest(legal, power)


def hand_strength(hand: int, trump: int) -> int:
    """High-card points plus trump length, for quick exchange rules."""
    pts = 0
    m = hand
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        pts += HCP[c % 13]
        if c // 13 == trump:
            pts += 1
    return pts
