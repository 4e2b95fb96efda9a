"""What a seat knows, and worlds consistent with it.

From a SeatView only: the cards the seat has not seen (``unseen``), the suits each seat is
known to lack (``voids``, read from every trick played), and how many cards each seat holds
(from the view, so any rule set's sizes). A *world* deals the unseen cards to the other two
seats (respecting their voids and hand sizes) and leaves the rest out of the hands (the
untaken Manni, a swapped hand, discards). With ``read_discards``, a world's cards out of play
include, after a draw exchange (Hornafjarðarmanni), as many cards of the kind players throw
as the opponents discarded.

Second layer of the bots (policy -> knowledge -> search -> levels).
"""

from __future__ import annotations

from ..cards import Mask, Seat, cards_of, mask_of
from ..states import ExchangeKind, Phase
from .policy import contract_info, throwable


class Knowledge:
    __slots__ = ("view", "me", "rules", "info", "unseen", "voids", "opps", "need", "_pool",
                 "_deal", "_discarded")

    def __init__(self, view, read_discards: bool = False) -> None:
        self.view = view
        self.me = me = view.seat
        self.rules = view.ruleset
        self.info = contract_info(view.contract)
        self.unseen: Mask = self.rules.deck & ~view.hand & ~view.played & ~view.own_out
        voids = [0, 0, 0]
        for leader, cards, _w in view.history:
            _voids_of(voids, leader, cards)
        if view.trick:
            _voids_of(voids, view.leader, view.trick)
        self.voids = voids
        self.opps: tuple[Seat, Seat] = ((me + 1) % 3, (me + 2) % 3)
        self.need = tuple(view.hand_sizes[o] for o in self.opps)
        self._pool: list[int] | None = None
        self._deal: tuple | None = None  # see _dealing
        self._discarded = self._discards() if read_discards else None

    def sample(self, rng, tries: int = 50) -> list[Mask]:
        """Hands by seat (ours as it is), the others dealt from the unseen cards."""
        hands = [0, 0, 0]
        hands[self.me] = self.view.hand
        if self._deal is None:
            self._deal = self._dealing()
        cards, na, nb, held, va, vb, order = self._deal
        cards = list(cards)  # each world shuffles the same ascending list
        bits = rng.getrandbits
        if self._discarded:
            k, pool = self._discarded
            picks = list(pool)
            shuffle(picks, bits)
            out = mask_of(picks[:k])
            cards = [c for c in cards if not out >> c & 1]
        a, b = self.opps
        n_out = len(cards) - na - nb
        if not (va or vb):
            shuffle(cards, bits)
            hands[a] = mask_of(cards[:na])
            hands[b] = mask_of(cards[na:na + nb])
            return _with(hands, held)
        # Most constrained cards first; each goes where it may, weighted by room left.
        for _ in range(tries):
            shuffle(cards, bits)
            cards.sort(key=order.__getitem__, reverse=True)
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
                x = below(tot, bits)
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
        shuffle(cards, bits)
        hands[a] = mask_of(cards[:na])
        hands[b] = mask_of(cards[na:na + nb])
        return _with(hands, held)

    def _discards(self) -> tuple[int, tuple[int, ...]] | None:
        """(how many cards the opponents discarded, the unseen cards of the kind a player
        throws, :func:`policy.throwable`) once card play has begun after a draw exchange;
        None if they discarded nothing."""
        v = self.view
        if v.exchange_kind != ExchangeKind.DRAW or v.phase != Phase.PLAY:
            return None
        k = sum(v.exchanged[o] or 0 for o in self.opps)
        if not k:
            return None
        held = self.forced()
        pool = tuple(c for c in cards_of(self.unseen & ~(held[1] if held else 0))
                     if throwable(c, self.info))
        return min(k, len(pool)), pool

    def _dealing(self) -> tuple:
        """What every sampled world deals: (the unseen cards not surely held, ascending; how
        many each opponent gets; the surely held card, as :meth:`forced`; the opponents'
        voids; per card, how many of them lack its suit)."""
        (a, b), (na, nb) = self.opps, self.need
        held = self.forced()
        unseen = self.unseen
        if held:
            unseen &= ~held[1]
            if held[0] == a:
                na -= 1
            else:
                nb -= 1
        va, vb = self.voids[a], self.voids[b]
        order = [(va >> (c // 13) & 1) + (vb >> (c // 13) & 1) for c in range(52)]
        return cards_of(unseen), na, nb, held, va, vb, order

    def sample_exchange(self, rng) -> tuple[list[Mask], list[int]]:
        """A world at the seat's exchange turn (no voids yet): (hands by seat, the other
        unseen cards in random order, the Manni's among them). Successive calls reshuffle
        one pool of cards."""
        held = self.forced()
        if self._pool is None:
            self._pool = cards_of(self.unseen & ~(held[1] if held else 0))
        pool = self._pool
        rng.shuffle(pool)
        (a, b), (na, nb) = self.opps, self.need
        if held:
            if held[0] == a:
                na -= 1
            else:
                nb -= 1
        hands = [0, 0, 0]
        hands[self.me] = self.view.hand
        hands[a] = mask_of(pool[:na])
        hands[b] = mask_of(pool[na:na + nb])
        return _with(hands, held), pool[na + nb:]

    def forced(self) -> tuple[Seat, Mask] | None:
        """(seat, card bit) when an opponent surely holds a card: the Hornafjarðarmanni cut
        card is dealt to the dealer, face up, and stays there unless the dealer discarded."""
        v = self.view
        cut = v.cut
        if cut is None or not self.unseen >> cut & 1 or v.dealer == self.me:
            return None
        if v.exchanged[v.dealer]:  # the dealer discarded some cards: maybe this one
            return None
        return (v.dealer, 1 << cut)


# The draws of random.Random's randrange(n) and shuffle() made from its getrandbits, as
# CPython makes them (n's bit length of bits, drawn again until below n), without their
# per-call overhead: sampling worlds is a good part of the search's time.
# tests/engine/test_sample_fast.py checks both against random.Random.

def below(n: int, bits) -> int:
    """``rng.randrange(n)`` for n > 0, given ``bits = rng.getrandbits``."""
    k = n.bit_length()
    x = bits(k)
    while x >= n:
        x = bits(k)
    return x


_BIT_LENGTH = tuple(n.bit_length() for n in range(53))


def shuffle(x: list, bits) -> None:
    """``rng.shuffle(x)`` for a list of at most 52 items, given ``bits = rng.getrandbits``."""
    for i in range(len(x) - 1, 0, -1):
        k = _BIT_LENGTH[i + 1]
        j = bits(k)
        while j > i:
            j = bits(k)
        x[i], x[j] = x[j], x[i]


def _with(hands, held):
    if held:
        hands[held[0]] |= held[1]
    return hands


def _voids_of(voids, leader, cards) -> None:
    lead = cards[0] // 13
    for i in range(1, len(cards)):
        if cards[i] // 13 != lead:
            voids[(leader + i) % 3] |= 1 << lead
