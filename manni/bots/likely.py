"""Soft evidence from the play in partnership games: worlds weighted by how likely they make
what the others played.

A seat that played a card leaving the trick to the opponents gave it away, and a player
who gives a card away gives the cheapest it may (``partners._cheapest``'s order: not a
trump, fewest points, lowest). A world where that seat then held a cheaper legal card
explains the play less well: each such play weighs it by ``lam`` (with ``feed``, so does a
last card on the partner's trick when a side card with more points, not a master, was
legal). :func:`sample_likely`
draws worlds from :class:`Knowledge` and keeps one with a probability of its weight
(rejection sampling, a few tries, else the likeliest seen). The hard evidence (voids, the
climbing rule's duties, answers) is Knowledge's.
"""

from __future__ import annotations

from ..cards import Mask
from .knowledge import Knowledge, below
from .partners import Table, legal_cards

SHIFT = 20
SCALE = 1 << SHIFT  # weights as integers over this, so a world's acceptance is exact


def cost(c: int, t: Table) -> tuple:
    """What giving ``c`` away costs (``partners._cheapest``'s order)."""
    return (c // 13 == t.trump, t.points[c], t.power[c])


def shed_events(view, t: Table, feed: bool = False) -> list[tuple]:
    """The other seats' plays that say something of their hands: (seat, the trick before
    it, its leader, the seat's cards played from it on, the cards it would rather have
    played, the cards unplayed before it or 0). A card that left the trick to the
    opponents: the cheaper cards. With ``feed``, a last card on the partner's trick: the
    side cards with more points, unless a master (0 for the first kind)."""
    n, side_of, me, deck = t.seats, t.side_of, view.seat, view.ruleset.deck
    tricks = [*view.history, (view.leader, tuple(view.trick), None)]
    by = [0] * n
    for leader, cards, _w in tricks:
        for i, c in enumerate(cards):
            by[(leader + i) % n] |= 1 << c
    gone = 0
    out = []
    for leader, cards, _w in tricks:
        for i, c in enumerate(cards):
            seat = (leader + i) % n
            if i and seat != me:
                w = t.contract.trick_winner(cards[:i + 1])
                later = by[seat] & ~gone
                if side_of[(leader + w) % n] != side_of[seat]:
                    key = cost(c, t)
                    cheaper = sum(1 << d for d in range(52) if cost(d, t) < key)
                    out.append((seat, tuple(cards[:i]), leader, later, cheaper, 0))
                elif feed and i == n - 1 and (leader + w) % n != seat:
                    richer = sum(1 << d for d in range(52) if d // 13 != t.trump
                                 and t.points[d] > t.points[c])
                    out.append((seat, tuple(cards[:i]), leader, later, richer,
                                deck & ~gone))
            gone |= 1 << c
    return out


def misfits(hands: list[Mask], events, t: Table) -> int:
    """How many of ``events`` a world's hands explain badly (it held a card it would rather
    have played, and may have)."""
    bad = 0
    for seat, before, leader, later, rather, unplayed in events:
        held = hands[seat] | later
        m = legal_cards(held, before, leader, t) & rather
        if m and unplayed:
            for d in range(52):  # a master is kept for a trick of its own
                if m >> d & 1 and not t.above[d] & unplayed & ~held:
                    m &= ~(1 << d)
        if m:
            bad += 1
    return bad


def sample_likely(k: Knowledge, rng, events, t: Table, lam: float, tries: int = 8,
                  work: list[int] | None = None, draw_cost: int = 0):
    """A world of ``k`` kept with probability ``lam`` ** misfits (up to ``tries`` draws; then
    the draw with the fewest misfits). Each draw after the first adds ``draw_cost`` to
    ``work`` (a one-item list), if given."""
    if not events or lam >= 1.0:
        return k.sample(rng)
    bits = rng.getrandbits
    step = int(SCALE * lam)
    best, fewest = None, 1 << 30
    for i in range(tries):
        if i and work is not None:
            work[0] += draw_cost
        hands = k.sample(rng)
        bad = misfits(hands, events, t)
        keep = SCALE
        for _ in range(bad):  # integers: the same in every Python
            keep = keep * step >> SHIFT
        if bad == 0 or below(SCALE, bits) < keep:
            return hands
        if bad < fewest:
            best, fewest = hands, bad
    return best
