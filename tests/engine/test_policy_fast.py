"""Medium's bit-operation kernel against the straightforward scans it replaced.

The reference below is the policy as it was written first: every "weakest" or "strongest"
card found by scanning a mask's cards by power. The kernel must choose the same card in
every position (the tournaments' figures depend on it), so both are run on random positions
of every contract kind and on the positions of whole play-outs.
"""

from __future__ import annotations

import random

import pytest

from manni.bots.policy import (_AFTER, ACES, beaters, contract_info, lowbit, medium_play,
                               nolo_high, nolo_low, top)
from manni.bots.search import rollout
from manni.cards import SUIT_MASKS
from manni.rules.base import CONTRACTS

# -- the reference: scans by power ----------------------------------------------------------


def ref_lowest(m, power):
    return min((c for c in range(52) if m >> c & 1), key=lambda c: (power[c], c))


def ref_highest(m, power):
    return min((c for c in range(52) if m >> c & 1), key=lambda c: (-power[c], c))


def ref_mask(m, keep):
    return sum(1 << c for c in range(52) if m >> c & 1 and keep(c))


def ref_beaters(m, w, lead, trump, power):
    suits = SUIT_MASKS[lead] | (SUIT_MASKS[trump] if trump >= 0 else 0)
    return ref_mask(m & suits, lambda c: power[c] > power[w])


def ref_count_below(m, p, power):
    return ref_mask(m, lambda c: power[c] < p).bit_count()


def ref_holds(c, lead, after, others, voids, trump, above):
    s = c // 13
    for p in after:
        v = voids[p]
        if not v >> lead & 1:
            if s == lead and others & above[c]:
                return False
        elif trump >= 0 and not v >> trump & 1 and others & SUIT_MASKS[trump]:
            if s != trump or others & above[c]:
                return False
    return True


def ref_medium(me, hand, legal, trick, leader, live, voids, info):
    if legal & (legal - 1) == 0:
        return lowbit(legal)
    trump, power = info.trump, info.power
    others = live & ~hand
    n = len(trick)
    after = _AFTER[n][me]
    if info.nolo:
        return ref_nolo(legal, trick, after, others, voids, info)
    if n == 0:
        return ref_lead(me, legal, others, voids, trump, power, info.above)
    w = trick[0]
    lead = w // 13
    if n == 2:
        c = trick[1]
        if (c // 13 == lead or c // 13 == trump) and power[c] > power[w]:
            w = c
    can = ref_beaters(legal, w, lead, trump, power)
    if can:
        if not after:
            return ref_lowest(can, power)
        holding = ref_mask(can, lambda c: ref_holds(c, lead, after, others, voids, trump,
                                                    info.above))
        if holding:
            return ref_lowest(holding, power)
        if not legal & SUIT_MASKS[lead] and not voids[after[0]] >> lead & 1:
            return ref_lowest(can, power)
    return ref_shed(legal, others, trump, power, info.above)


def ref_shed(legal, others, trump, power, above):
    best, bkey = -1, None
    for s in range(4):
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        c = ref_lowest(sm, power)
        master = not others & above[ref_highest(sm, power)]
        key = (s == trump and legal != sm, master and sm.bit_count() > 1, power[c] % 100,
               sm.bit_count())
        if bkey is None or key < bkey:
            best, bkey = c, key
    return best


def ref_lead(me, legal, others, voids, trump, power, above):
    opp = _AFTER[0][me]
    tm = SUIT_MASKS[trump] if trump >= 0 else 0
    opp_trumps = others & tm
    my_trumps = legal & tm
    if my_trumps and opp_trumps and any(not voids[p] >> trump & 1 for p in opp):
        t = ref_highest(my_trumps, power)
        if not others & above[t] and my_trumps.bit_count() >= 2:
            return t
    best, bkey = -1, None
    for s in range(4):
        sm = legal & SUIT_MASKS[s]
        if s == trump or not sm:
            continue
        t = ref_highest(sm, power)
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
    side = legal & ~tm
    if my_trumps and opp_trumps:
        for s in range(4):
            sm = side & SUIT_MASKS[s]
            if sm.bit_count() == 1:
                return lowbit(sm)
    if best >= 0:
        return best
    if side:
        longest = max(range(4), key=lambda s: ((side & SUIT_MASKS[s]).bit_count(), -s))
        return ref_lowest(side & SUIT_MASKS[longest], power)
    return ref_lowest(legal, power)


def ref_nolo(legal, trick, after, others, voids, info):
    power = info.power
    if not trick:
        best, bkey = -1, None
        for s in range(4):
            sm = legal & SUIT_MASKS[s]
            if not sm:
                continue
            c = ref_lowest(sm, power)
            om = others & SUIT_MASKS[s]
            below = ref_count_below(om, power[c], power)
            above = om.bit_count() - below
            followers = sum(1 for p in after if not voids[p] >> s & 1)
            key = (followers == 0 or above == 0, below, -above)
            if bkey is None or key < bkey:
                best, bkey = c, key
        return best
    lead = trick[0] // 13
    w = trick[info.contract.trick_winner(trick)]
    follow = legal & SUIT_MASKS[lead]
    if follow:
        under = ref_mask(follow, lambda c: power[c] < power[w])
        if under:
            return ref_highest(under, power)
        if not after:
            return ref_highest(follow, power)
        return ref_lowest(follow, power)
    danger = {c: (ref_count_below(others & SUIT_MASKS[c // 13], power[c], power), power[c])
              for c in range(52) if legal >> c & 1}
    return max(danger, key=lambda c: (danger[c], -c))


# -- positions ------------------------------------------------------------------------------

INFOS = [contract_info(c) for c in CONTRACTS.values()]
IDS = [i.contract.name for i in INFOS]


def random_position(rnd):
    """(me, hand, legal, trick, leader, live, voids): a seat to play in a random deal."""
    pack = rnd.sample(range(52), 52)
    n = rnd.randrange(3)
    leader = rnd.randrange(3)
    me = (leader + n) % 3
    size = rnd.randint(1, 12)
    hand = sum(1 << c for c in pack[:size])
    trick = pack[size:size + n]
    if trick and rnd.random() < 0.6:  # often a trick that follows the suit led
        suit = [c for c in pack[size + n:] if c // 13 == trick[0] // 13]
        trick = [trick[0]] + suit[:n - 1] if len(suit) >= n - 1 else trick
    rest = [c for c in pack[size:] if c not in trick]
    live = hand | sum(1 << c for c in rest[:rnd.randint(0, 2 * size + 4)])
    voids = [rnd.randrange(16) if rnd.random() < 0.5 else 0 for _ in range(3)]
    legal = hand & SUIT_MASKS[trick[0] // 13] if trick else 0
    return me, hand, legal or hand, trick, leader, live, voids


def one_suit_masks(rnd, k=400):
    for _ in range(k):
        s = rnd.randrange(4)
        yield rnd.randrange(1, 1 << 13) << (13 * s)


# -- the tests ------------------------------------------------------------------------------

def test_one_suit_extremes_follow_power():
    rnd = random.Random(1)
    plain, nolo = INFOS[0], CONTRACTS["nolo"]
    for sm in one_suit_masks(rnd):
        assert lowbit(sm) == ref_lowest(sm, plain.power)
        assert top(sm) == ref_highest(sm, plain.power)
        assert nolo_low(sm) == ref_lowest(sm, nolo.power)
        assert nolo_high(sm) == ref_highest(sm, nolo.power)
    # Nóló's Ace is the weakest card of its suit, so the two orders differ there.
    ace_king = 1 << 12 | 1 << 11
    assert ACES >> 12 & 1 and nolo_low(ace_king) == 12 and nolo_high(ace_king) == 11


@pytest.mark.parametrize("info", INFOS, ids=IDS)
def test_beaters_of_the_winning_card_match_the_scan(info):
    rnd = random.Random(2)
    for _ in range(2000):
        _me, hand, _legal, trick, _leader, _live, _voids = random_position(rnd)
        if not trick:
            continue
        w = trick[info.contract.trick_winner(trick)]
        got = beaters(hand, w, info)
        assert got == ref_beaters(hand, w, trick[0] // 13, info.trump, info.power)


@pytest.mark.parametrize("info", INFOS, ids=IDS)
def test_medium_chooses_as_the_scans_in_random_positions(info):
    rnd = random.Random(3)
    for _ in range(6000):
        pos = random_position(rnd)
        assert medium_play(*pos, info) == ref_medium(*pos, info), pos


@pytest.mark.parametrize("info", INFOS, ids=IDS)
def test_medium_chooses_as_the_scans_through_whole_play_outs(info):
    """Every position of 200 deals of 12 cards a hand played out by Medium, with the voids
    the play shows."""
    rnd = random.Random(4)
    checked = 0

    def both(*pos):
        nonlocal checked
        fast = medium_play(*pos)
        assert fast == ref_medium(*pos), pos
        checked += 1
        return fast

    for _ in range(200):
        pack = rnd.sample(range(52), 36)
        hands = [sum(1 << c for c in pack[12 * s:12 * s + 12]) for s in range(3)]
        tricks = rollout(hands, rnd.randrange(3), (), (0, 0, 0), (0, 0, 0), info, both)
        assert sum(tricks) == 12
    assert checked == 200 * 36
