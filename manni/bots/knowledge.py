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

from ..cards import SUIT_MASKS, Mask, Seat, cards_of, mask_of
from ..states import ExchangeKind, Phase
from ..talk import HAS
from .partners import beat_duty, partnership, table_of, trump_duty
from .policy import contract_info, throwable


class Knowledge:
    __slots__ = ("view", "me", "rules", "info", "unseen", "voids", "others", "opps", "need",
                 "excluded", "known", "quotas", "_pool", "_deal", "_discarded")

    def __init__(self, view, read_discards: bool = False) -> None:
        self.view = view
        self.me = me = view.seat
        self.rules = rules = view.ruleset
        self.info = contract_info(view.contract)
        self.unseen: Mask = rules.deck & ~view.hand & ~view.played & ~view.own_out
        n = rules.seats
        voids = [0] * n
        for leader, cards, _w in view.history:
            _voids_of(voids, leader, cards, n)
        if view.trick:
            _voids_of(voids, view.leader, view.trick, n)
        self.voids = voids
        # The other seats in the order of play, and those of them on another side.
        self.others: tuple[Seat, ...] = tuple((me + k) % n for k in range(1, n))
        side_of = rules.side_of
        self.opps: tuple[Seat, ...] = tuple(o for o in self.others if side_of[o] != side_of[me])
        self.need = tuple(view.hand_sizes[o] for o in self.others)
        # Beyond the voids (partnership games): per seat the cards it cannot hold (the play
        # rule's duties it did not meet, "no" answers), the cards it surely holds ("yes"
        # answers) and (seat, suit, count) for the cards of a suit it holds besides those.
        self.excluded, self.known, self.quotas = _evidence(view, rules, voids, self.unseen)
        self._pool: list[int] | None = None
        self._deal: tuple | None = None  # see _dealing
        self._discarded = self._discards() if read_discards else None

    @property
    def constrained(self) -> bool:
        """Does a world need more than the two-opponent sampler with voids (more seats,
        answers, duties)?"""
        return len(self.others) != 2 or self.quotas is not None

    def sample(self, rng, tries: int = 50) -> list[Mask]:
        """Hands by seat (ours as it is), the others dealt from the unseen cards."""
        if self.constrained:
            return self._sample_constrained(rng, tries)
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
        a, b = self.others
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
        k = sum(v.exchanged[o] or 0 for o in self.others)
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
        (a, b), (na, nb) = self.others, self.need
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
        need = list(self.need)
        if held:
            need[self.others.index(held[0])] -= 1
        hands = [0] * self.rules.seats
        hands[self.me] = self.view.hand
        i = 0
        for o, k in zip(self.others, need):
            hands[o] = mask_of(pool[i:i + k])
            i += k
        return _with(hands, held), pool[i:]

    def _constrained_dealing(self) -> tuple:
        """What every world of :meth:`_sample_constrained` deals: (the unseen cards not
        surely held, ascending; per other seat its room, the cards it may not hold and
        those it holds; the quotas by index of ``others``; per card, how many seats may not
        hold it)."""
        others = self.others
        known = list(self.known)
        held = self.forced()
        if held:
            known[held[0]] |= held[1]
        unseen = self.unseen
        room, excl, have = [], [], []
        for j, o in enumerate(others):
            mine = known[o] & unseen
            unseen &= ~mine
            have.append(mine)
            room.append(self.need[j] - mine.bit_count())
            excl.append(self.excluded[o] | suit_cards(self.voids[o]))
        quotas = []
        for o, s, q in self.quotas or ():
            q -= (have[others.index(o)] & SUIT_MASKS[s]).bit_count()
            if q > 0:
                quotas.append((others.index(o), s, q))
        order = [sum(e >> c & 1 for e in excl) for c in range(52)]
        return cards_of(unseen), room, excl, have, quotas, order

    def _sample_constrained(self, rng, tries: int) -> list[Mask]:
        """A world honouring every piece of evidence: the quotas' cards are drawn first,
        then the rest go where they may, most constrained first, weighted by room left."""
        if self._deal is None:
            self._deal = self._constrained_dealing()
        cards, room0, excl0, have, quotas, order = self._deal
        bits = rng.getrandbits
        k = len(self.others)
        for attempt in range(4 * tries):
            pool = list(cards)
            shuffle(pool, bits)
            room, ex, got = list(room0), list(excl0), list(have)
            if attempt >= 3 * tries:  # nothing fits: keep the answers, drop the inferences
                ex = [0] * k
            taken = 0
            ok = True
            for i, s, q0 in quotas:
                q = q0
                for c in pool:
                    if not q:
                        break
                    if c // 13 == s and not (taken | ex[i]) >> c & 1:
                        got[i] |= 1 << c
                        taken |= 1 << c
                        q -= 1
                if q:
                    ok = False
                    break
                room[i] -= q0
                ex[i] |= SUIT_MASKS[s]
            if not ok:
                continue
            rest = [c for c in pool if not taken >> c & 1]
            rest.sort(key=order.__getitem__, reverse=True)
            spare = len(rest) - sum(room)
            for c in rest:
                tot = spare
                for i in range(k):
                    if not ex[i] >> c & 1:
                        tot += room[i]
                if tot <= 0:
                    ok = False
                    break
                x = below(tot, bits)
                for i in range(k):
                    if not ex[i] >> c & 1:
                        if x < room[i]:
                            got[i] |= 1 << c
                            room[i] -= 1
                            break
                        x -= room[i]
                else:
                    spare -= 1
            if ok:
                hands = [0] * self.rules.seats
                hands[self.me] = self.view.hand
                for i, o in enumerate(self.others):
                    hands[o] = got[i]
                return hands
        raise RuntimeError("no world fits what this seat knows")

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


def _voids_of(voids, leader, cards, n: int) -> None:
    lead = cards[0] // 13
    for i in range(1, len(cards)):
        if cards[i] // 13 != lead:
            voids[(leader + i) % n] |= 1 << lead


def suit_cards(v: int) -> Mask:
    """The cards of the suits of a 4-bit void mask."""
    return sum(SUIT_MASKS[s] for s in range(4) if v >> s & 1)


def _evidence(view, rules, voids, unseen: Mask):
    """(excluded, known, quotas) for partnership games (see Knowledge.__init__); for a
    game of lone seats without talk, (None, None, None)."""
    if not partnership(rules):
        return None, None, None
    n = rules.seats
    t = table_of(rules, view.contract)
    excluded, known = [0] * n, [0] * n
    for leader, cards, _w in [*view.history, (view.leader, tuple(view.trick), None)]:
        for i in range(1, len(cards)):
            seat, c, before = (leader + i) % n, cards[i], cards[:i]
            owed = (beat_duty(before, leader, t) if c // 13 == cards[0] // 13
                    else trump_duty(before, leader, t))
            if owed and not owed >> c & 1:
                excluded[seat] |= owed
    counts: dict[tuple[int, int], int] = {}
    for a in view.answers:
        p, q = a.partner, a.question
        if p == view.seat:
            continue
        if q.kind == HAS:
            if a.value:
                known[p] |= (1 << q.subject) & unseen
            else:
                excluded[p] |= 1 << q.subject
        else:
            played = sum(1 for leader, cards, _w in view.history[a.trick:]
                          for i, c in enumerate(cards)
                          if (leader + i) % n == p and c // 13 == q.subject)
            played += sum(1 for i, c in enumerate(view.trick)
                          if (view.leader + i) % n == p and c // 13 == q.subject)
            counts[(p, q.subject)] = a.value - played
    quotas = []
    for (p, s), q in counts.items():
        if q - (known[p] & SUIT_MASKS[s]).bit_count() <= 0:
            excluded[p] |= SUIT_MASKS[s] & ~known[p]
        else:
            quotas.append((p, s, q))
    return excluded, known, quotas
