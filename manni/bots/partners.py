"""Card policies for partnership games (sides of two seats, such as Manille), on bitmasks.

A policy layer beside ``policy.py``: it imports only from there. :class:`Table` is what the
policies and the play-outs read of a deal: the seat count, who plays with whom, whether the
play rule climbs (beat the winning card, trump and overtrump unless one's partner is
winning: ``manni.climb``), each card's points and the contract's power table (a card's
strength within its suit does not follow its bit here: Manille's 10 is above its ace).
``legal_cards`` is the play rule on masks; ``easy_partner_play`` and ``medium_partner_play``
are Easy's and Medium's card play, the latter also the searches' play-out policy.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..cards import SUIT_MASKS, Card, Mask, Seat
from ..rules.base import Contract
from ..talk import COUNT, HAS, Ask, worth_asking
from .policy import NO_TRUMP, contract_info, lowbit, lowest


class Table(NamedTuple):
    """A deal's table as the partnership policies use it, built once per decision."""

    trump: int  # the trump suit, or NO_TRUMP
    power: tuple[int, ...]  # the contract's power: trumps above all
    above: tuple[Mask, ...]  # above[c]: the cards of c's suit that beat c
    contract: Contract
    seats: int
    side_of: tuple[int, ...]
    climb: bool  # the climbing play rule (else follow suit, then anything)
    points: tuple[int, ...]  # card -> its points
    trick_points: int  # what a trick is worth besides its cards
    # after[n][seat]: the opponents of ``seat`` still to play after it, the trick's n-th card.
    opp_after: tuple[tuple[tuple[Seat, ...], ...], ...]
    order: tuple[tuple[Card, ...], ...]  # by suit: the deck's cards, strongest first


def partnership(rules) -> bool:
    """Does the rule set seat partners (a side of more than one seat)?"""
    return any(len(side) > 1 for side in rules.sides)


def climbs(rules) -> bool:
    from ..climb import ClimbDeal  # the engine's play rule class, read as data
    return rules.deal_type is not None and issubclass(rules.deal_type, ClimbDeal)


@lru_cache(maxsize=64)
def table_of(rules, contract: Contract) -> Table:
    info = contract_info(contract)
    n, side_of = rules.seats, rules.side_of
    opp_after = tuple(tuple(tuple((me + k) % n for k in range(1, n - i)
                                  if side_of[(me + k) % n] != side_of[me])
                            for me in range(n)) for i in range(n))
    points = rules.card_points or (0,) * 52
    order = tuple(tuple(sorted((c for c in range(13 * s, 13 * s + 13) if rules.deck >> c & 1),
                               key=lambda c: -info.power[c])) for s in range(4))
    return Table(info.trump, info.power, info.above, contract, n, side_of, climbs(rules),
                 points, rules.trick_points, opp_after, order)


def legal_cards(hand: Mask, trick, leader: Seat, t: Table) -> Mask:
    """The cards of ``hand`` the seat in turn may play (as the deal's ``legal_cards``)."""
    if not trick:
        return hand
    lead = trick[0] // 13
    follow = hand & SUIT_MASKS[lead]
    if not t.climb:
        return follow or hand
    n = t.seats
    w = t.contract.trick_winner(trick)
    best = trick[w]
    side_of = t.side_of
    if side_of[(leader + w) % n] == side_of[(leader + len(trick)) % n]:
        return follow or hand
    if follow:
        if best // 13 == lead:
            return follow & t.above[best] or follow
        return follow
    trump = t.trump
    if trump == NO_TRUMP:
        return hand
    trumps = hand & SUIT_MASKS[trump]
    beat = trumps & t.above[best] if best // 13 == trump else trumps
    return beat or hand


def _opponents_best(trick, leader: Seat, t: Table) -> Card | None:
    """The card winning the trick if the seat in turn must climb over it (the opponents hold
    the trick in a rule set with the duty to beat), else None."""
    if not trick or not t.climb:
        return None
    n = t.seats
    w = t.contract.trick_winner(trick)
    if t.side_of[(leader + w) % n] == t.side_of[(leader + len(trick)) % n]:
        return None
    return trick[w]


def beat_duty(trick, leader: Seat, t: Table) -> Mask:
    """The cards of the suit led the seat in turn must play if it holds any (they beat the
    opponents' winning card), else 0. A seat that followed with another card held none."""
    best = _opponents_best(trick, leader, t)
    if best is None:
        return 0
    return t.above[best] if best // 13 == trick[0] // 13 else 0


def trump_duty(trick, leader: Seat, t: Table) -> Mask:
    """The trumps a seat without the suit led would have had to play (0 if none owed)."""
    best = None if t.trump == NO_TRUMP else _opponents_best(trick, leader, t)
    if best is None:
        return 0
    if best // 13 == t.trump:
        return t.above[best]
    return SUIT_MASKS[t.trump]


def beaters(m: Mask, w: Card, t: Table) -> Mask:
    """Cards of m that would beat w, the card winning a trick."""
    out = m & t.above[w]
    if t.trump != NO_TRUMP and w // 13 != t.trump:
        out |= m & SUIT_MASKS[t.trump]
    return out


def _cheapest(m: Mask, t: Table, keep: Mask = 0) -> Card:
    """The card of m that costs least to give away: not a trump, few points, low, and not
    one of ``keep`` if there is another."""
    power, points, trump = t.power, t.points, t.trump
    best, bkey = -1, None
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        key = (bool(keep >> c & 1), c // 13 == trump, points[c], power[c])
        if bkey is None or key < bkey:
            best, bkey = c, key
    return best


def _richest(m: Mask, t: Table, keep: Mask) -> Card:
    """The card of m with the most points to give a partner's trick, sparing ``keep``
    (masters, trumps) if another will do."""
    power, points, trump = t.power, t.points, t.trump
    best, bkey = -1, None
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        key = (not keep >> c & 1, c // 13 != trump, points[c], -power[c])
        if bkey is None or key > bkey:
            best, bkey = c, key
    return best


def _masters(m: Mask, others: Mask, t: Table) -> Mask:
    """The cards of m that no card of ``others`` beats in their suit."""
    out = 0
    for s in range(4):
        sm = m & SUIT_MASKS[s]
        if not sm:
            continue
        om = others & SUIT_MASKS[s]
        if not om:
            out |= sm
            continue
        for c in t.order[s]:
            if om >> c & 1:
                out |= sm & t.above[c]
                break
    return out


def holds(card: Card, lead: int, opps, others: Mask, voids, t: Table) -> bool:
    """Will ``card``, winning the trick now, still win after the opponents ``opps`` play
    (they may hold any card of ``others``, and lack the suits of their ``voids``)?"""
    trump = t.trump
    tm = SUIT_MASKS[trump] if trump != NO_TRUMP else 0
    higher = others & t.above[card]
    for p in opps:
        v = voids[p]
        if card // 13 == trump:
            if higher and not v >> trump & 1:
                return False
            continue
        if not v >> lead & 1:
            if higher:
                return False
        elif tm and others & tm and not v >> trump & 1:
            return False
    return True


def medium_partner_play(me: Seat, hand: Mask, legal: Mask, trick, leader: Seat, live: Mask,
                        voids, t: Table) -> Card:
    """Medium: count the cards and voids, let a partner's sure trick stand and feed it
    points, win an opponent's trick as cheaply as will hold, else give the least."""
    if legal & (legal - 1) == 0:
        return lowbit(legal)
    others = live & ~hand
    n = len(trick)
    if n == 0:
        return _lead(me, legal, others, voids, t)
    lead = trick[0] // 13
    w = t.contract.trick_winner(trick)
    best = trick[w]
    opps = t.opp_after[n][me]
    side_of = t.side_of
    tm = SUIT_MASKS[t.trump] if t.trump != NO_TRUMP else 0
    if side_of[(leader + w) % t.seats] == side_of[me]:
        keep = _masters(legal, others, t) | tm
        if not opps or holds(best, lead, opps, others, voids, t):
            return _richest(legal, t, keep)
        return _cheapest(legal, t, keep)
    can = beaters(legal, best, t)
    if can:
        if not opps:
            return _cheapest(can, t) if can == legal else lowest(can, t.power)
        for s in (lead, t.trump):
            if s == NO_TRUMP:
                continue
            for c in reversed(t.order[s]):
                if can >> c & 1 and holds(c, lead, opps, others, voids, t):
                    return c
    return _cheapest(legal, t, _masters(legal, others, t) | tm)


def _lead(me: Seat, legal: Mask, others: Mask, voids, t: Table) -> Card:
    trump, side_of = t.trump, t.side_of
    n = t.seats
    opps = [p for p in range(n) if side_of[p] != side_of[me]]
    tm = SUIT_MASKS[trump] if trump != NO_TRUMP else 0
    my_trumps = legal & tm
    opp_trumps = others & tm and not all(voids[p] >> trump & 1 for p in opps) if tm else False
    # Draw trumps with the master trump while the opponents may still hold some.
    if my_trumps and opp_trumps and my_trumps & (my_trumps - 1):
        top = _masters(my_trumps, others, t)
        if top:
            return max((c for c in range(52) if top >> c & 1), key=t.power.__getitem__)
    # Cash a side-suit master that the opponents are not known to ruff.
    best, bkey = -1, None
    for s in range(4):
        if s == trump:
            continue
        sm = legal & SUIT_MASKS[s]
        m = _masters(sm, others, t)
        if not m:
            continue
        ruff = sum(1 for p in opps if voids[p] >> s & 1 and opp_trumps
                   and not voids[p] >> trump & 1)
        c = max((x for x in range(13 * s, 13 * s + 13) if m >> x & 1), key=t.power.__getitem__)
        key = (-ruff, t.points[c], -(others & SUIT_MASKS[s]).bit_count())
        if bkey is None or key > bkey:
            best, bkey = c, key
    if best >= 0 and bkey is not None and bkey[0] == 0:
        return best
    # Otherwise low from the longest side suit, not from one whose honours it would bare.
    side = legal & ~tm or legal
    bs, bkey2 = -1, None
    for s in range(4):
        sm = side & SUIT_MASKS[s]
        if not sm:
            continue
        k = sm.bit_count()
        lkey = (k, -min(t.points[x] for x in range(13 * s, 13 * s + 13) if sm >> x & 1))
        if bkey2 is None or lkey > bkey2:
            bs, bkey2 = s, lkey
    return _cheapest(side & SUIT_MASKS[bs], t)


def easy_partner_play(me: Seat, hand: Mask, legal: Mask, trick, leader: Seat, t: Table) -> Card:
    """Easy: no memory. Lead a ten or an ace, else low; let the partner's winning card stand;
    beat an opponent's as cheaply as possible, else give the least."""
    if legal & (legal - 1) == 0:
        return lowbit(legal)
    power = t.power
    if not trick:
        for s in range(4):
            if s == t.trump:
                continue
            sm = legal & SUIT_MASKS[s]
            if sm:
                top = max((x for x in range(13 * s, 13 * s + 13) if sm >> x & 1),
                          key=power.__getitem__)
                if t.points[top] >= 4:
                    return top
        return _cheapest(legal, t)
    w = t.contract.trick_winner(trick)
    if t.side_of[(leader + w) % t.seats] == t.side_of[me]:
        return _cheapest(legal, t)
    can = beaters(legal, trick[w], t)
    if can:
        return min((x for x in range(52) if can >> x & 1), key=power.__getitem__)
    return _cheapest(legal, t)


def questions(view, t: Table, most: int) -> list:
    """What the seat on lead would ask its partner before leading (at most ``most`` a
    trick, none already answered this deal): :func:`_over_and_trumps`."""
    if not view.asks or view.trick or not view.my_turn:
        return []
    now = len(view.history)
    left = most - sum(1 for a in view.answers if a.trick == now and a.asker == view.seat)
    if left <= 0:
        return []
    return _over_and_trumps(view, t)[:left]


def partner_questions(view, t: Table) -> list:
    """What the partner of the seat on lead would ask it before its lead, once a trick
    (after the leader's own questions): the leader's questions turned round."""
    if not view.asks or view.trick or view.turn not in view.partners:
        return []
    now = len(view.history)
    if any(a.trick == now and a.asker == view.seat for a in view.answers):
        return []
    return _over_and_trumps(view, t)[:1]


def question_before_partners_lead(view):
    """A bot's question out of turn (``Bot.question``): the first of :func:`partner_questions`
    in a partnership game with talk, else None."""
    if not view.asks or not partnership(view.ruleset):
        return None
    q = partner_questions(view, table_of(view.ruleset, view.contract))
    return q[0] if q else None


def _over_and_trumps(view, t: Table) -> list:
    """For each suit where the seat holds the card just under the best one out, whether
    the partner holds that one; then, with trumps to draw, how many trumps the partner
    holds. Nothing the seat has heard or the table knows already."""
    heard = {a.question for a in view.answers if a.partner != view.seat}
    offered = set(view.asks)
    hand, power = view.hand, t.power
    out = []
    for s in sorted(range(4), key=lambda s: s == t.trump):
        mine = hand & SUIT_MASKS[s]
        if not mine:
            continue
        best = max((c for c in range(13 * s, 13 * s + 13) if mine >> c & 1),
                   key=power.__getitem__)
        over = [c for c in range(13 * s, 13 * s + 13) if t.above[best] >> c & 1
                and Ask(HAS, c) in offered]
        if len(over) == 1 and Ask(HAS, over[0]) not in heard:
            out.append(Ask(HAS, over[0]))
    trumps = hand & SUIT_MASKS[t.trump] if t.trump != NO_TRUMP else 0
    if trumps & (trumps - 1) and Ask(COUNT, t.trump) in offered \
            and Ask(COUNT, t.trump) not in heard:
        out.append(Ask(COUNT, t.trump))
    worth = set(worth_asking(view))  # nothing whose answer the table knows already
    return [a for a in out if a in worth]


def question_reasons(ask: Ask) -> list[tuple[str, dict]]:
    """Why :func:`_over_and_trumps` asks it (a hint's reasons): the one card still out
    above the seat's best of a suit, or the trumps it has to draw."""
    if ask.kind == HAS:
        return [("ask_top", {"card": ask.subject})]
    return [("ask_trumps", {})]


def partner_holds(view, card: Card) -> bool:
    """Has the partner said it holds ``card`` (not played since)?"""
    return not view.played >> card & 1 and any(
        a.question.kind == HAS and a.question.subject == card and a.value
        and a.partner in view.partners for a in view.answers)
