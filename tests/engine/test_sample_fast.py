"""Knowledge.sample deals the same worlds, drawing the same random numbers, as the plain
sampler it replaced (which listed and sorted the unseen cards afresh for every world)."""

from __future__ import annotations

import random

import pytest

from manni import Match
from manni.bots import make_bot
from manni.bots.knowledge import Knowledge, below, shuffle
from manni.bots.tournament import kept
from manni.cards import cards_of, mask_of
from manni.states import MatchPhase, Phase


def ref_sample(k: Knowledge, rng, tries: int = 50):
    hands = [0, 0, 0]
    hands[k.me] = k.view.hand
    unseen = k.unseen
    (a, b), (na, nb) = k.opps, k.need
    held = k.forced()
    if held:
        unseen &= ~held[1]
        if held[0] == a:
            na -= 1
        else:
            nb -= 1
    cards = cards_of(unseen)
    va, vb = k.voids[a], k.voids[b]
    n_out = len(cards) - na - nb

    def done(hands):
        if held:
            hands[held[0]] |= held[1]
        return hands
    if not (va or vb):
        rng.shuffle(cards)
        hands[a], hands[b] = mask_of(cards[:na]), mask_of(cards[na:na + nb])
        return done(hands)
    for _ in range(tries):
        rng.shuffle(cards)
        cards.sort(key=lambda c: (va >> (c // 13) & 1) + (vb >> (c // 13) & 1), reverse=True)
        room = [na, nb, n_out]
        got = [0, 0]
        for c in cards:
            s = c // 13
            w = [0 if va >> s & 1 else room[0], 0 if vb >> s & 1 else room[1], room[2]]
            if sum(w) == 0:
                break
            x = rng.randrange(sum(w))
            i = 0 if x < w[0] else 1 if x < w[0] + w[1] else 2
            room[i] -= 1
            if i < 2:
                got[i] |= 1 << c
        else:
            hands[a], hands[b] = got
            return done(hands)
    rng.shuffle(cards)
    hands[a], hands[b] = mask_of(cards[:na]), mask_of(cards[na:na + nb])
    return done(hands)


def views(rules: str, seed: int):
    """Every view of a seat to play in a deal of Medium bots (on odd seeds every seat keeps
    its hand in the exchange, so Hornafjarðarmanni's dealer keeps the cut card)."""
    m = Match(rules, seed=seed)
    bots = [make_bot("medium", seed=s) for s in range(3)]
    out = []
    while m.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY):
        v = m.view(m.turn)
        if v.phase == Phase.PLAY:
            out.append(v)
        action = kept(v) if seed % 2 and v.phase == Phase.EXCHANGE else None
        m.apply(action or bots[m.turn].choose(v), m.turn)
    return out


@pytest.mark.parametrize("rules", ["classic", "hornafjordur", "laugavatn", "trjamann"])
def test_sample_deals_as_the_plain_sampler(rules):
    with_voids = forced = 0
    for seed in range(3):
        for view in views(rules, seed):
            k = Knowledge(view)
            with_voids += any(k.voids[o] for o in k.opps)
            forced += k.forced() is not None
            fast, ref = random.Random(seed), random.Random(seed)
            for _ in range(4):  # successive worlds from one Knowledge
                assert k.sample(fast) == ref_sample(k, ref)
                assert fast.getstate() == ref.getstate()
    assert with_voids > 20  # the constrained sampler ran, not only the plain shuffle
    if rules == "hornafjordur":
        assert forced > 0  # the cut card, surely in the dealer's hand


def test_draws_match_random_random():
    """The sampler's shuffle and randrange draw as random.Random's own: a Python whose
    random module draws otherwise fails here rather than deal other worlds unnoticed."""
    fast, ref = random.Random(7), random.Random(7)
    for n in range(53):
        for _ in range(20):
            a, b = list(range(n)), list(range(n))
            shuffle(a, fast.getrandbits)
            ref.shuffle(b)
            assert a == b
            if n:
                assert below(n, fast.getrandbits) == ref.randrange(n)
    assert fast.getstate() == ref.getstate()
