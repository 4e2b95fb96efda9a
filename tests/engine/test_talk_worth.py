"""The parlée offers only questions worth asking (talk.worth_asking): at every lead of
seeded random deals, checked against the deal's true hands."""
from __future__ import annotations

import random

from manille_support import random_step

from manni import Match
from manni.cards import SUIT_MASKS
from manni.states import MatchPhase, Phase
from manni.talk import COUNT, HAS, Ask, voids, worth_asking
from manni.talk import _partner_count, _partner_holds  # the inference, checked for truth
from manni.ui import parlee


def true_answer(deal, partner: int, ask: Ask):
    hand = deal.hands[partner]
    if ask.kind == COUNT:
        return (hand & SUIT_MASKS[ask.subject]).bit_count()
    return bool(hand >> ask.subject & 1)


def leads(seed: int):
    """(match, seat) for each seat of the side on lead, at every lead of a random match."""
    m = Match("manille", {}, seed=seed)
    rnd = random.Random(seed)
    while not m.finished and len(m.deals) < 4:
        d = m.deal
        if d.phase is Phase.PLAY and not d.trick:
            for seat in (d.leader, (d.leader + 2) % 4):
                yield m, seat
        random_step(m, rnd, ask_rate=0.4)


def test_offered_questions_have_answers_nobody_knows_yet():
    offered_total = dropped_total = 0
    for seed in range(40):
        for m, seat in leads(seed):
            v, d = m.view(seat), m.deal
            partner = v.partners[0]
            offered = worth_asking(v)
            assert set(offered) <= set(v.asks)
            lacks = voids(v)
            for ask in offered:
                if ask.kind == HAS:
                    c = ask.subject
                    assert not (c == d.cut and d.hands[d.dealer] >> c & 1), "the turned card"
                    for a in v.answers:
                        if a.question == ask:
                            assert not a.value and a.partner != partner, "already answered"
                    assert not lacks[partner] >> (c // 13) & 1, "a suit it lacks"
                else:
                    assert not any(a.question == ask and a.partner == partner
                                   for a in v.answers), "a count it said"
                    assert not lacks[partner] >> ask.subject & 1, "a suit it lacks"
            offered_total += len(offered)
            for ask in set(v.asks) - set(offered):  # dropped: the table knows the truth
                dropped_total += 1
                known = (_partner_count(v, partner, ask.subject, lacks) if ask.kind == COUNT
                         else _partner_holds(v, partner, ask.subject, lacks))
                assert known == true_answer(d, partner, ask), (seed, ask)
    assert offered_total > 1000 and dropped_total > 200


def test_the_turned_card_is_not_offered_but_still_accepted():
    for seed in range(30):
        m = Match("manille", {}, seed=seed)
        d = m.deal
        seat = d.leader
        if seat == d.dealer or d.hands[seat] >> d.cut & 1:
            continue
        v = m.view(seat)
        ask = Ask(HAS, d.cut)
        assert ask in v.asks and ask not in worth_asking(v)
        assert ask not in parlee.sheet_asks(v)
        m.apply(ask, seat)  # the engine takes it: the record may hold any legal question
        assert m.deal.answers[-1].value == (d.dealer == (seat + 2) % 4)
        assert m.phase is MatchPhase.PLAY
        return
    raise AssertionError("no deal where the leader may ask about the turned card")


def test_an_answered_question_is_not_offered_again():
    m = Match("manille", {}, seed=7)
    seat = m.deal.leader
    before = worth_asking(m.view(seat))
    count, card = Ask(COUNT, 0), next(a for a in before if a.kind == HAS)
    assert count in before
    m.apply(card, seat)
    v = m.view(seat)
    assert card in v.asks and card not in worth_asking(v)  # one question left, not this one
    m2 = Match("manille", {}, seed=7)
    m2.apply(count, seat)
    v = m2.view(seat)
    assert count in v.asks and count not in worth_asking(v)
    assert card in worth_asking(v) or m2.deal.answers[-1].value == 0
