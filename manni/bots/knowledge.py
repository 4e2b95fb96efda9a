"""What a seat knows, and worlds consistent with it.

From a SeatView only: the cards the seat has not seen (``unseen``), the suits each seat is
known to lack (``voids``, read from every trick played), and how many cards each seat holds.
A *world* deals the unseen cards to the other two seats (respecting their voids and hand
sizes) and puts the rest out of play (the untaken Manni, a swapped hand, discards).

Also here: a fast play-out on masks (:func:`rollout`) and the sampled exchange decision that
Medium and Hard share (:func:`evaluate_exchange`).
"""

from __future__ import annotations

import time

from ..actions import KEEP, TAKE, Discard
from ..cards import SUIT_MASKS, cards_of, mask_of
from ..rules import get_rules
from .core import contract_info, easy_play, hand_strength, highest, lowest

SLICE_S = 0.025  # yield to the UI about this often


class Knowledge:
    __slots__ = ("view", "me", "rules", "info", "unseen", "voids", "opps", "need")

    def __init__(self, view) -> None:
        self.view = view
        self.me = me = view.seat
        self.rules = get_rules(view.rules)
        self.info = contract_info(view.contract)
        self.unseen = self.rules.deck & ~view.hand & ~view.played & ~view.own_out
        voids = [0, 0, 0]
        for leader, cards, _w in view.history:
            _voids_of(voids, leader, cards)
        if view.trick:
            _voids_of(voids, view.leader, view.trick)
        self.voids = voids
        self.opps = ((me + 1) % 3, (me + 2) % 3)
        self.need = tuple(view.hand_sizes[o] for o in self.opps)

    def sample(self, rng, tries: int = 50) -> list[int]:
        """Hands by seat (ours as it is), the others dealt from the unseen cards."""
        hands = [0, 0, 0]
        hands[self.me] = self.view.hand
        unseen = self.unseen
        (a, b), (na, nb) = self.opps, self.need
        held = self.forced()
        if held:
            unseen &= ~held[1]
            if held[0] == a:
                na -= 1
            else:
                nb -= 1
        cards = [c for c in cards_of(unseen)]
        va, vb = self.voids[a], self.voids[b]
        n_out = len(cards) - na - nb
        if not (va or vb):
            rng.shuffle(cards)
            hands[a] = mask_of(cards[:na])
            hands[b] = mask_of(cards[na:na + nb])
            return _with(hands, held)
        # Most constrained cards first; each goes where it may, weighted by room left.
        for _ in range(tries):
            rng.shuffle(cards)
            cards.sort(key=lambda c: (va >> (c // 13) & 1) + (vb >> (c // 13) & 1), reverse=True)
            ra, rb, ro = na, nb, n_out
            ha = hb = 0
            ok = True
            for c in cards:
                s = c // 13
                wa = 0 if va >> s & 1 else ra
                wb = 0 if vb >> s & 1 else rb
                tot = wa + wb + ro
                if tot == 0:
                    ok = False
                    break
                x = rng.randrange(tot)
                if x < wa:
                    ha |= 1 << c
                    ra -= 1
                elif x < wa + wb:
                    hb |= 1 << c
                    rb -= 1
                else:
                    ro -= 1
            if ok:
                hands[a], hands[b] = ha, hb
                return _with(hands, held)
        # Should not happen (the true deal is always consistent); deal ignoring voids.
        rng.shuffle(cards)
        hands[a] = mask_of(cards[:na])
        hands[b] = mask_of(cards[na:na + nb])
        return _with(hands, held)

    def forced(self):
        """(seat, card bit) when an opponent surely holds a card: the Hornafjarðarmanni cut
        card is dealt to the dealer, face up, and stays there unless the dealer discarded."""
        v = self.view
        cut = v.cut
        if cut is None or not self.unseen >> cut & 1 or v.dealer == self.me:
            return None
        if v.exchanged[v.dealer]:  # the dealer discarded some cards: maybe this one
            return None
        return (v.dealer, 1 << cut)


def _with(hands, held):
    if held:
        hands[held[0]] |= held[1]
    return hands


def _voids_of(voids, leader, cards) -> None:
    lead = cards[0] // 13
    for i in range(1, len(cards)):
        if cards[i] // 13 != lead:
            voids[(leader + i) % 3] |= 1 << lead


def rollout(hands, leader: int, trick, tricks, voids, info, policy) -> list[int]:
    """Play a world out to the end with ``policy`` for every seat; the tricks by seat."""
    hands = list(hands)
    voids = list(voids)
    tricks = list(tricks)
    trick = list(trick)
    trump, nolo, power = info
    live = hands[0] | hands[1] | hands[2]
    while live:
        seat = (leader + len(trick)) % 3
        h = hands[seat]
        if trick:
            lead = trick[0] // 13
            legal = h & SUIT_MASKS[lead] or h
            if policy is None:
                c = easy_play(h, legal, trick, info)
            else:
                c = policy(seat, h, legal, trick, leader, live, voids, info)
            if c // 13 != lead:
                voids[seat] |= 1 << lead
        else:
            if policy is None:
                c = easy_play(h, h, trick, info)
            else:
                c = policy(seat, h, h, trick, leader, live, voids, info)
        bit = 1 << c
        hands[seat] = h & ~bit
        live &= ~bit
        trick.append(c)
        if len(trick) == 3:
            lead = trick[0] // 13
            best, bp = 0, power[trick[0]]
            for i in (1, 2):
                x = trick[i]
                s = x // 13
                if (s == lead or s == trump) and power[x] > bp:
                    best, bp = i, power[x]
            leader = (leader + best) % 3
            tricks[leader] += 1
            trick = []
    return tricks


# -- the exchange by sampling ----------------------------------------------------------------

def discard_candidates(hand: int, limit: int, info) -> list[tuple]:
    """Discard sets worth comparing: the k weakest cards by two orderings, k = 0..limit."""
    trump, nolo, power = info
    cards = list(cards_of(hand))
    lens = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    if nolo:
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
        order2 = sorted(cards, key=lambda c: (c // 13 == trump, r13(c) == 12,
                                              lens[c // 13], power[c]))
    seen = set()
    out = []
    for order in (order1, order2):
        for k in range(limit + 1):
            d = tuple(sorted(order[:k]))
            if d not in seen:
                seen.add(d)
                out.append(d)
    return out


def r13(c: int) -> int:
    return c % 13


def evaluate_exchange(view, rng, worlds: int, medium_rollout: bool = True, deadline=None,
                      report: dict | None = None):
    """Generator: compare the exchange choices on the same sampled worlds; returns the action.

    ``report`` (a dict), if given, receives ``options``, ``means`` (mean deal score of each
    option) and ``worlds`` (how many were sampled); nothing else changes.

    Classic: keep vs take. Hornafjarðarmanni: candidate discard sets. The seats after us
    are modelled with the Easy rule; the play is rolled out with the Medium policy.
    """
    from .medium import medium_play
    policy = medium_play if medium_rollout else None
    rules = get_rules(view.rules)
    info = contract_info(view.contract)
    trump, nolo, power = info
    me = view.seat
    order = rules.exchange.order(view.dealer)
    pos = order.index(me)
    later = order[pos + 1:]
    unseen = [c for c in cards_of(rules.deck & ~view.hand)]
    opps = ((me + 1) % 3, (me + 2) % 3)
    leader = (view.dealer + 1) % 3
    if view.exchange_kind == "swap":
        options = [KEEP, TAKE]
    else:
        options = [Discard(d) for d in discard_candidates(view.hand, view.discard_limit or 0, info)]
        if len(options) == 1:
            if report is not None:
                report.update(options=options, means=[0.0], worlds=0)
            return options[0]
    totals = [0.0] * len(options)
    t0 = time.perf_counter()
    cut = view.cut
    if cut is not None and me != view.dealer:
        unseen.remove(cut)  # face up, in the dealer's hand
    for w in range(worlds):
        rng.shuffle(unseen)
        hands = [0, 0, 0]
        hands[me] = view.hand
        if cut is not None and me != view.dealer:
            i = 0 if opps[0] == view.dealer else 1
            n = (11, 12) if i == 0 else (12, 11)
            hands[opps[0]] = mask_of(unseen[:n[0]])
            hands[opps[1]] = mask_of(unseen[n[0]:24 - 1])
            hands[view.dealer] |= 1 << cut
            rest = unseen[23:]
        else:
            hands[opps[0]] = mask_of(unseen[:12])
            hands[opps[1]] = mask_of(unseen[12:24])
            rest = unseen[24:]
        for i, opt in enumerate(options):
            h = list(hands)
            if view.exchange_kind == "swap":
                if opt is TAKE:
                    h[me] = mask_of(rest[:12])
                else:
                    for s in later:
                        if hand_strength(h[s], trump) < 11:
                            h[s] = mask_of(rest[:12])
                            break
            else:
                manni = rest[:view.manni_left]
                d = opt.cards
                h[me] = (h[me] & ~mask_of(d)) | mask_of(manni[:len(d)])
                manni = manni[len(d):]
                for j, s in enumerate(later):
                    cap = rules.exchange.limits[pos + 1 + j]
                    cap = min(len(manni), 12) if cap is None else min(cap, len(manni))
                    dd = _easy_discards_fast(h[s], cap, info)
                    h[s] = (h[s] & ~mask_of(dd)) | mask_of(manni[:len(dd)])
                    manni = manni[len(dd):]
            tr = rollout(h, leader, (), (0, 0, 0), (0, 0, 0), info, policy)
            totals[i] += rules.deal_score(view.contract, tr, view.options)[me]
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


def _easy_discards_fast(hand: int, limit: int, info) -> tuple:
    from .easy import easy_discards
    trump, nolo, power = info
    return easy_discards(hand, limit, trump, nolo, power)


__all__ = ["Knowledge", "rollout", "evaluate_exchange", "discard_candidates", "highest", "lowest"]
