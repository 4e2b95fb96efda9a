"""A seat's SeatView at a sealed table, built on its own page from what that page knows:
its own cards as opened, the deal's public course (the engine's deals of ``table_deals``),
the scores of the deals judged so far. Nothing else is in reach to put in it."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from ..cards import cards_of, count
from ..states import Phase
from ..view import SeatView
from .play import SealedPlay
from .seat import EXCHANGE, SealedSeat


def seat_view(play: SealedPlay, seat: int) -> SeatView | None:
    """The view of a seat this page plays: the deal on the table, else the last deal judged
    (over), else None (the first deal is being shuffled)."""
    page = play.live()
    if page is not None and seat in play.pages:
        return _live(play, play.pages[seat])
    if play.match is not None:
        view = play.match.view(seat)
        if play.packs and play.packs[-1] is None:  # forfeited unrevealed: no cards known
            view = replace(view, hand=0, own_out=0, cut=None)
        return view
    return None


def _mine(page: SealedSeat, positions: int) -> int:
    """The cards of these positions this page has opened."""
    return sum(1 << page.mine[p] for p in cards_of(positions) if p in page.mine)


def _scores(play: SealedPlay) -> dict:
    m, rules = play.match, play.rules
    sides = len(rules.sides)
    if m is None:
        none = SimpleNamespace(deals=[], options=play.options)
        return {"deal_scores": (), "plus": (0,) * sides, "minus": (0,) * sides,
                "finished": False, "winners": (), "manches": rules.manches(none)}
    return {"deal_scores": tuple(tuple(s) for s in m.deal_scores), "plus": tuple(m.plus),
            "minus": tuple(m.minus), "finished": m.finished, "winners": tuple(m.winners),
            "manches": m.manches}


def _live(play: SealedPlay, page: SealedSeat) -> SeatView:
    rules, seat = play.rules, page.seat
    exchange, talk = rules.exchange, rules.talk
    swap = page.swap
    assert swap is not None
    common = dict(seat=seat, rules=rules.name, options=dict(play.options),
                  exchange_kind=exchange.kind, deal_number=page.number, dealer=page.dealer,
                  lists=swap.lists, hand=page.hand(), own_out=_mine(page, swap.out[seat]),
                  exchanged=tuple(swap.exchanged), manni_left=len(swap.manni),
                  exchange_step=swap.ex_pos, **_scores(play))
    if page.stage == EXCHANGE:
        mine = swap.turn == seat
        limit = exchange.limit(swap) if mine else None
        return SeatView(
            contract=swap.contract, cut=swap.cut, phase=Phase.EXCHANGE, turn=swap.turn,
            stage=exchange.stage(swap), discard_limit=limit,
            discard_minimum=exchange.minimum(swap) if limit is not None else 0,
            choices=tuple(exchange.legal(swap, seat)) if mine and limit is None else (),
            leader=swap.leader, trick=(), history=(), tricks=tuple(swap.tricks), played=0,
            hand_sizes=tuple(count(h) for h in page.held), legal=0,
            bonus=None if swap.bonus is None else tuple(swap.bonus), **common)
    d = page.tricks
    assert d is not None
    probe = d.copy()
    probe.hands[seat] = page.hand()
    playing = page.stage == "play" and d.phase is Phase.PLAY
    mine = playing and d.turn == seat and page.pending is None
    return SeatView(
        contract=d.contract, cut=d.cut, phase=Phase.PLAY, turn=d.turn if playing else None,
        stage=None, discard_limit=None, discard_minimum=0, choices=(), leader=d.leader,
        trick=tuple(d.trick), history=tuple(d.history), tricks=tuple(d.tricks),
        played=d.played, hand_sizes=tuple(count(h) for h in page.held),
        legal=probe.legal_cards() if mine else 0,
        bonus=None if d.bonus is None else tuple(d.bonus), unplayed=d.unplayed,
        answers=d.answers,
        asks=tuple(talk.legal(probe, seat)) if talk is not None and playing
        and page.pending is None else (), **common)
