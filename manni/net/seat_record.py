"""A seat's record (``manni-seat/1``): a match at a friend's table as one seat saw it.

A guest's page never holds the match (the others' hands stay at the host), so what it can
keep and export is what its own states showed: its hands, its own discards, the exchange
as the table saw it, every trick, the parlée's answers, the scores and the names. It is
built from the seat's SeatViews only (:func:`add_view`), so it holds no card the seat did
not see, and no seed. Seats are numbered as the host numbers them. See
docs/record-format.md; :func:`loads` reads one through the input boundary.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from ..cards import cards_of
from ..errors import ManniError
from ..inputs import InputError, brief, check_shape, parse_json
from ..record import ReplayError
from ..rules import get_rules
from ..rules.base import Contract
from ..view import SeatView
from . import protocol as P
from . import wire as W

FORMAT = "manni-seat/1"
MAX_DEALS = 500


@dataclass(frozen=True)
class SeatDeal:
    """One deal as one seat saw it."""

    number: int              # 1-based, in the match
    dealer: int
    contract: Contract
    cut: int | None          # the cut (Hornafjörður) or the turned card (Manille)
    hands: tuple[int, ...]   # masks: the hand as first seen, then each change before a card
    out: int                 # the seat's own discards
    exchanged: tuple         # per seat: cards exchanged (None: not asked)
    tricks: tuple            # (leader, cards, winner) each
    leader: int              # ... and the trick under way when last seen: its leader
    trick: tuple             # and its cards (a deal that ends at once leaves its last here)
    answers: tuple = ()      # the parlée's questions and answers (manni.talk.Answer)


@dataclass(frozen=True)
class SeatRecord:
    """A finished match as one seat saw it (``manni-seat/1``)."""

    rules: str
    options: dict
    seat: int
    names: tuple[str, ...]
    deals: tuple[SeatDeal, ...]
    scores: tuple            # every finished deal's score, by side
    finished: bool
    winners: tuple[int, ...]


def add_view(rec: SeatRecord | None, v: SeatView, names) -> SeatRecord:
    """The record with this seat's new state in it (``v`` as the host numbers seats,
    ``names`` the seats' names). A view from another seat or match starts a new record."""
    if rec is None or rec.seat != v.seat or rec.rules != v.rules:
        rec = SeatRecord(v.rules, dict(v.options), v.seat, tuple(names), (), (), False, ())
    deals = [d for d in rec.deals if d.number != v.deal_number]
    old = next((d for d in rec.deals if d.number == v.deal_number), None)
    hands = old.hands if old is not None else ()
    if v.hand and not v.played and (not hands or hands[-1] != v.hand):
        hands += (v.hand,)  # before the first card: as dealt, then after the exchange
    deal = SeatDeal(v.deal_number, v.dealer, v.contract, v.cut, hands,
                    v.own_out or (old.out if old is not None else 0), v.exchanged,
                    v.history, v.leader, v.trick,
                    v.answers or (old.answers if old is not None else ()))
    deals = sorted(deals + [deal], key=lambda d: d.number)[-MAX_DEALS:]
    return replace(rec, names=tuple(names), deals=tuple(deals), scores=v.deal_scores,
                   finished=v.finished, winners=v.winners)


# -- JSON -------------------------------------------------------------------------------------
def to_json(rec: SeatRecord) -> dict:
    codes = W.card_codes
    deals = []
    for d in rec.deals:
        item = {"deal": d.number, "dealer": d.dealer, "contract": P.contract_json(d.contract),
                "cut": None if d.cut is None else codes([d.cut])[0],
                "hands": [codes(cards_of(h)) for h in d.hands], "out": codes(cards_of(d.out)),
                "exchanged": list(d.exchanged),
                "tricks": [[lead, codes(cards), win] for lead, cards, win in d.tricks],
                "trick": [d.leader, codes(d.trick)]}
        if d.answers:
            item["answers"] = [{"trick": a.trick, "asker": a.asker, "partner": a.partner,
                                **a.question.to_json(), "value": a.value} for a in d.answers]
        deals.append(item)
    return {"format": FORMAT, "rules": rec.rules, "options": rec.options, "seat": rec.seat,
            "names": list(rec.names), "deals": deals, "scores": [list(s) for s in rec.scores],
            "finished": rec.finished, "winners": list(rec.winners)}


def dumps(rec: SeatRecord) -> str:
    return json.dumps(to_json(rec), ensure_ascii=False)


FIELDS = ("format", "rules", "options", "seat", "names", "deals", "scores", "finished",
          "winners")
DEAL_FIELDS = ("deal", "dealer", "contract", "cut", "hands", "out", "exchanged", "tricks",
               "trick")


def _exact(obj, fields: tuple, optional: tuple = (), what: str = "a seat record") -> None:
    if not isinstance(obj, dict):
        raise P.ProtocolError(f"{what} must be an object")
    missing = [k for k in fields if k not in obj]
    extra = sorted(set(obj) - set(fields) - set(optional))
    if missing or extra:
        raise P.ProtocolError(f"{what}: missing {missing}, unexpected {extra}")


def _deal(o, rules, seat: int, number_before: int) -> SeatDeal:
    _exact(o, DEAL_FIELDS, ("answers",), "a deal")
    n, top = rules.seats, rules.seats - 1
    number = W.get_int(o, "deal", number_before + 1, 10_000)
    cut = None if o["cut"] is None else W.get_card(o["cut"])
    hands_in = o["hands"]
    if not isinstance(hands_in, list) or len(hands_in) > 4:
        raise P.ProtocolError("'hands' must be a list of hands")
    hands = tuple(W.get_mask({"h": h}, "h") for h in hands_in)
    out = W.get_mask(o, "out")
    tricks_in = o["tricks"]
    if not isinstance(tricks_in, list) or len(tricks_in) > 26:
        raise P.ProtocolError("'tricks' must be a list of tricks")
    tricks, played = [], 0

    def take(leader: int, cards) -> None:
        nonlocal played
        for i, c in enumerate(cards):
            if played >> c & 1:
                raise P.ProtocolError("a card played twice in a deal")
            played |= 1 << c
            if hands and (leader + i) % n == seat and not any(h >> c & 1 for h in hands):
                raise P.ProtocolError("the seat played a card it never held")

    for t in tricks_in:
        if not isinstance(t, list) or len(t) != 3:
            raise P.ProtocolError("a trick is [leader, cards, winner]")
        leader, win = W.get_int({"l": t[0]}, "l", 0, top), W.get_int({"w": t[2]}, "w", 0, top)
        cards = W.get_cards({"c": t[1]}, "c", n)
        if len(cards) != n:
            raise P.ProtocolError(f"a trick has {n} cards")
        take(leader, cards)
        tricks.append((leader, cards, win))
    now = o["trick"]
    if not isinstance(now, list) or len(now) != 2:
        raise P.ProtocolError("'trick' is [leader, cards]")
    leader, trick = W.get_int({"l": now[0]}, "l", 0, top), W.get_cards({"c": now[1]}, "c", n - 1)
    take(leader, trick)
    for mask in (*hands, out, played, 0 if cut is None else 1 << cut):
        if mask & ~rules.deck:
            raise P.ProtocolError(f"a card that is not in the {rules.name} pack")
    if out & played:
        raise P.ProtocolError("a card both discarded and played")
    return SeatDeal(number, W.get_int(o, "dealer", 0, top), P._contract(o["contract"], rules), cut,
                    hands, out, W.get_ints(o, "exchanged", n, 0, 52, none=True), tuple(tricks),
                    leader, trick, P._answers(o["answers"], n) if "answers" in o else ())


def from_json(obj) -> SeatRecord:
    """A seat record from its parsed JSON, every field checked. Raises ReplayError."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        got = obj.get("format") if isinstance(obj, dict) else None
        raise ReplayError(f"not a {FORMAT} record (format is {brief(got)})")
    try:
        check_shape(obj)
        _exact(obj, FIELDS)
        rules = get_rules(P._rules(obj))
        options = rules.resolve_options(obj["options"])
        n, sides = rules.seats, len(rules.sides)
        seat = W.get_int(obj, "seat", 0, n - 1)
        names = obj["names"]
        if not isinstance(names, list) or len(names) != n:
            raise P.ProtocolError(f"'names' must be a list of {n}")
        deals_in = obj["deals"]
        if not isinstance(deals_in, list) or len(deals_in) > MAX_DEALS:
            raise P.ProtocolError("'deals' must be a list of deals")
        deals: list[SeatDeal] = []
        for d in deals_in:
            deals.append(_deal(d, rules, seat, deals[-1].number if deals else 0))
        scores = obj["scores"]
        if not isinstance(scores, list) or len(scores) > MAX_DEALS:
            raise P.ProtocolError("'scores' must be a list")
        winners = obj["winners"]
        if not isinstance(winners, list) or len(winners) > n:
            raise P.ProtocolError("'winners' must be a list of seats")
        return SeatRecord(
            rules.name, options, seat, tuple(P.clean_name(x) for x in names), tuple(deals),
            tuple(W.get_ints({"s": s}, "s", sides, -1000, 1000) for s in scores),
            W.get_bool(obj, "finished"),
            tuple(sorted({W.get_int({"w": w}, "w", 0, n - 1) for w in winners})))
    except InputError as e:
        raise ReplayError(str(e), key=e.key) from None
    except (ManniError, KeyError) as e:
        raise ReplayError(f"seat record: {e}") from None


def loads(text: str) -> SeatRecord:
    """Read a seat record's text through the input boundary. Raises ReplayError."""
    try:
        obj = parse_json(text)
    except InputError as e:
        raise ReplayError(str(e), key=e.key) from None
    return from_json(obj)


def is_seat_record(obj) -> bool:
    return isinstance(obj, dict) and obj.get("format") == FORMAT
