"""The ``manni-net/1`` messages between a host and its guests (docs/net-protocol.md).

Every message is one JSON object of at most :data:`MAX_BYTES` UTF-8 bytes with ``"v": 1``
and a ``"type"``. Builders return the text to send; ``parse_guest`` / ``parse_host`` read a
received text into a small frozen object or raise :class:`ProtocolError` (with a ``key``),
never anything else. Cards travel as engine codes ("TH"); seats are absolute (0 = host).

Guest -> host: ``hello`` (table id, name, the guest's secret token), ``act`` (seq, action),
``arriving`` (table id, token, name or "": an invite page whose Python is still starting),
``lead`` (no more questions: the guest's computer partner may lead that trick).
Host -> guest: ``ask`` (say hello: sent on every new channel), ``welcome`` (your seat, the
last seq applied), ``lobby`` (seats before the start), ``state`` (the guest's own SeatView
and the table), ``refused`` (why an act or a hello was not taken), ``closed`` (the host
ended the table).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, action_from_json
from ..cards import card_code, cards_of
from ..errors import ManniError
from ..rules import get_rules
from ..rules.base import Contract, Manches
from ..rules.declared import Declared
from ..states import Phase
from ..talk import Answer
from ..talk import Ask as TalkAsk
from ..talk import every_ask
from ..view import SeatView
from . import chat, room, sealed_net
from .wire import (ID_RE, MAX_SEQ, PHASES, SEAT_COUNTS, SEAT_KINDS, WORD_RE, ProtocolError,
                   card_codes, clean_name, decode, dump, get_bool, get_card, get_cards, get_int,
                   get_ints, get_mask, get_str, need_fields)


# -- actions ---------------------------------------------------------------------------------
def _action(value) -> Action:
    if not isinstance(value, dict) or "seat" in value:
        raise ProtocolError("an action is an object of one key (take, discard or play), without a seat")
    try:
        action, _ = action_from_json(value)
    except ManniError as e:
        raise ProtocolError(f"bad action: {e}") from None
    return action


# -- guest -> host ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    """A guest asks for a seat at the table (or its own seat back)."""

    table: str
    name: str
    token: str


@dataclass(frozen=True)
class Arriving:
    """An invite page on its way (its Python still starting): keep it a seat."""
    table: str
    token: str
    name: str  # "" when this browser has no name saved yet


@dataclass(frozen=True)
class Act:
    """A guest's action, numbered so that none is applied twice."""

    seq: int
    action: Action


@dataclass(frozen=True)
class Lead:
    """The guest asks no (more) questions before this trick: its computer partner may lead."""
    deal: int
    trick: int


def hello(table: str, name: str, token: str) -> str:
    return dump({"type": "hello", "table": table, "name": clean_name(name), "token": token})


def arriving(table: str, token: str, name: str = "") -> str:
    """(Sent by static/js/net.js, before Python runs; built here for the tests.)"""
    return dump({"type": "arriving", "table": table, "token": token,
                  "name": clean_name(name) if name else ""})


def act(seq: int, action: Action) -> str:
    return dump({"type": "act", "seq": seq, "action": action.to_json()})


def lead(deal: int, trick: int) -> str:
    return dump({"type": "lead", "deal": deal, "trick": trick})


def parse_guest(text):
    """Hello | Arriving | Act | Lead | chat.Chat | room.Again | room.Sit |
    sealed_net.Sealed; raises ProtocolError."""
    obj = decode(text)
    kind = obj.get("type")
    if kind == "hello":
        need_fields(obj, ("table", "name", "token"))
        return Hello(get_str(obj, "table", ID_RE), clean_name(obj["name"]), get_str(obj, "token", ID_RE))
    if kind == "arriving":
        need_fields(obj, ("table", "token", "name"))
        name = "" if obj["name"] == "" else clean_name(obj["name"])
        return Arriving(get_str(obj, "table", ID_RE), get_str(obj, "token", ID_RE), name)
    if kind == "act":
        need_fields(obj, ("seq", "action"))
        return Act(get_int(obj, "seq", 1, MAX_SEQ), _action(obj["action"]))
    if kind == "lead":
        need_fields(obj, ("deal", "trick"))
        return Lead(get_int(obj, "deal", 1, 10_000), get_int(obj, "trick", 0, 12))
    readers = {"chat": chat.parse_chat, "again": room.parse_again, "sit": room.parse_sit,
               "sealed": sealed_net.parse_sealed}
    if kind in readers:
        return readers[kind](obj)
    raise ProtocolError(f"unknown guest message type {kind!r}")


# -- host -> guest ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatInfo:
    """One seat as every page sees it."""

    name: str      # "" for an empty seat, or a guest arriving with no name yet
    kind: str      # "host", "guest", "bot" or "empty"
    present: bool  # connected now (a host or a bot is always present)
    joining: bool = False  # a guest's page on its way (it said "arriving", not yet hello)


@dataclass(frozen=True)
class Welcome:
    """The seat the host gave a guest, and the last of its actions applied."""

    seat: int
    last_seq: int


@dataclass(frozen=True)
class Lobby:
    """The table before its match starts: its seats and rules."""

    seats: tuple[SeatInfo, ...]
    rules: str
    options: dict


@dataclass(frozen=True)
class State:
    """The match as one seat may see it, after every change."""

    n: int                      # actions in the match so far
    seats: tuple[SeatInfo, ...]
    view: SeatView
    contracts: tuple[Contract, ...]  # the contract of every deal so far (public)
    last_seq: int               # the last of this guest's acts applied
    # (leader, cards, winner): the previous deal's last trick, while this deal (begun as the
    # last one ended) has no trick taken yet; None otherwise
    last_trick: tuple | None = None


@dataclass(frozen=True)
class Refused:
    """An action or request the host did not take, with the reason's key."""

    seq: int | None
    key: str
    params: dict


@dataclass(frozen=True)
class Closed:
    """The host has closed the table."""

    reason: str


@dataclass(frozen=True)
class Ask:
    """Say hello (the host's page has just taken this channel, e.g. after a reload)."""


def _seats_json(seats) -> list[dict]:
    return [{"name": s.name, "kind": s.kind, "present": s.present,
             **({"joining": True} if s.joining else {})} for s in seats]


def _seats(obj: dict) -> tuple[SeatInfo, ...]:
    v = obj.get("seats")
    if not isinstance(v, list) or len(v) not in SEAT_COUNTS:
        raise ProtocolError("'seats' must be a list of 3 or 4")
    out = []
    for s in v:
        if not isinstance(s, dict):
            raise ProtocolError("a seat must be an object")
        need_fields(s, ("name", "kind", "present"), ("joining",))
        kind = get_str(s, "kind", choices=SEAT_KINDS)
        name = "" if kind in ("empty", "guest") and s["name"] == "" else clean_name(s["name"])
        out.append(SeatInfo(name, kind, get_bool(s, "present"),
                            get_bool(s, "joining") if "joining" in s else False))
    return tuple(out)


def _options(obj: dict) -> dict:
    v = obj.get("options")
    if not isinstance(v, dict) or len(v) > 16:
        raise ProtocolError("'options' must be an object")
    for k, x in v.items():
        if not isinstance(x, (int, bool, str)) or len(k) > 32 or (isinstance(x, str) and len(x) > 32):
            raise ProtocolError(f"bad option {k!r}")
    return dict(v)


def _rules(obj: dict) -> str:
    name = get_str(obj, "rules")
    try:
        get_rules(name)
    except (ManniError, KeyError):
        raise ProtocolError(f"unknown rules {name!r}") from None
    return name


def contract_json(c: Contract) -> dict:
    out = {"name": c.name, "trump": c.trump, "ace_low": c.ace_low}
    if isinstance(c, Declared):  # public: everyone heard the declaration
        out.update(declarer=c.declarer, entry=c.entry)
    return out


def _contract(value, rules=None) -> Contract:
    if not isinstance(value, dict):
        raise ProtocolError("a contract must be an object")
    need_fields(value, ("name", "trump", "ace_low"), ("declarer", "entry"))
    args = (get_str(value, "name", WORD_RE), get_int(value, "trump", 0, 3, none=True), get_bool(value, "ace_low"))
    if "declarer" in value or "entry" in value:
        entry = value.get("entry")
        if entry is not None and not (isinstance(entry, str) and WORD_RE.fullmatch(entry)):
            raise ProtocolError("bad list entry")
        return Declared(*args, declarer=get_int(value, "declarer", 0, 2, none=True), entry=entry)
    own = rules.known_contract(args[0]) if rules is not None else None
    if own is not None and (own.trump, own.ace_low) == args[1:]:
        return own  # the rule set's own (a Manille trump has Manille's card order)
    return Contract(*args)


def _lists(value, n: int = 3) -> tuple | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != n:
        raise ProtocolError(f"'lists' must be null or a list of {n}")
    out = []
    for entries in value:
        if not isinstance(entries, list) or len(entries) > 20 \
                or not all(isinstance(e, str) and WORD_RE.fullmatch(e) for e in entries):
            raise ProtocolError("a seat's list must be contract words")
        out.append(tuple(entries))
    return tuple(out)


def welcome(seat: int, last_seq: int) -> str:
    return dump({"type": "welcome", "seat": seat, "last_seq": last_seq})


def lobby(seats, rules: str, options: dict) -> str:
    return dump({"type": "lobby", "seats": _seats_json(seats), "rules": rules, "options": options})


def view_json(v: SeatView) -> dict:
    """A SeatView as JSON: exactly what that seat may see (it is built from nothing else)."""
    return {
        "seat": v.seat, "rules": v.rules, "options": v.options, "exchange_kind": v.exchange_kind,
        "deal": v.deal_number, "dealer": v.dealer, "contract": contract_json(v.contract),
        "cut": None if v.cut is None else card_code(v.cut), "phase": v.phase, "turn": v.turn,
        "stage": v.stage, "lists": None if v.lists is None else [list(x) for x in v.lists],
        "hand": card_codes(cards_of(v.hand)), "own_out": card_codes(cards_of(v.own_out)),
        "exchanged": list(v.exchanged), "manni_left": v.manni_left,
        "exchange_step": v.exchange_step, "discard_limit": v.discard_limit,
        "discard_minimum": v.discard_minimum,
        "choices": [a.to_json() for a in v.choices], "leader": v.leader,
        "trick": card_codes(v.trick),
        "history": [[leader, card_codes(cards), winner] for leader, cards, winner in v.history],
        "tricks": list(v.tricks), "played": card_codes(cards_of(v.played)),
        "hand_sizes": list(v.hand_sizes), "legal": card_codes(cards_of(v.legal)),
        "deal_scores": [list(s) for s in v.deal_scores], "plus": list(v.plus),
        "minus": list(v.minus), "finished": v.finished, "winners": list(v.winners),
        **_partnership_json(v),
    }


def _partnership_json(v: SeatView) -> dict:
    """The fields of partnership games, each sent only when it is not the default (so
    Manni's state messages are as they were)."""
    out: dict = {}
    if v.bonus is not None:
        out["bonus"] = list(v.bonus)
    if v.unplayed:
        out["unplayed"] = True
    if v.answers:
        out["answers"] = [{"trick": a.trick, "asker": a.asker, "partner": a.partner,
                           **a.question.to_json(), "value": a.value} for a in v.answers]
    if v.asks:  # the questions open: always all that make sense (talk.every_ask)
        out["asks"] = True
    if v.manches is not None:
        m = v.manches
        out["manches"] = {"done": [[w, list(sc)] for w, sc in m.done], "score": list(m.score),
                          "won": list(m.won)}
    return out


OPTIONAL_VIEW_KEYS = ("bonus", "unplayed", "answers", "asks", "manches")
VIEW_KEYS = (
    "seat", "rules", "options", "exchange_kind", "deal", "dealer", "contract", "cut", "phase",
    "turn", "stage", "lists", "hand", "own_out", "exchanged", "manni_left", "exchange_step",
    "discard_limit", "discard_minimum", "choices", "leader", "trick", "history", "tricks", "played", "hand_sizes", "legal",
    "deal_scores", "plus", "minus", "finished", "winners", *OPTIONAL_VIEW_KEYS)


def _ask(value) -> TalkAsk:
    try:
        action, _ = action_from_json({"ask": value})
    except ManniError as e:
        raise ProtocolError(f"bad question: {e}") from None
    assert isinstance(action, TalkAsk)
    return action


def _answers(value, n: int) -> tuple:
    if not isinstance(value, list) or len(value) > 64:
        raise ProtocolError("'answers' must be a list")
    out = []
    for a in value:
        if not isinstance(a, dict):
            raise ProtocolError("an answer must be an object")
        need_fields(a, ("trick", "asker", "partner", "ask", "value"))
        v = a["value"]
        if isinstance(v, bool):
            pass
        elif not isinstance(v, int) or not 0 <= v <= 13:
            raise ProtocolError("an answer is a count or true/false")
        out.append(Answer(get_int(a, "trick", 0, 26), get_int(a, "asker", 0, n - 1),
                          get_int(a, "partner", 0, n - 1), _ask(a["ask"]), v))
    return tuple(out)


def _manches(value, n: int) -> Manches:
    if not isinstance(value, dict):
        raise ProtocolError("'manches' must be an object")
    need_fields(value, ("done", "score", "won"))
    done = value["done"]
    if not isinstance(done, list) or len(done) > 5:
        raise ProtocolError("'done' must be a list of manches")
    parsed = []
    for d in done:
        if not isinstance(d, list) or len(d) != 2:
            raise ProtocolError("a manche is [winner, score]")
        parsed.append((get_int({"w": d[0]}, "w", 0, n - 1), get_ints({"s": d[1]}, "s", n, 0, 1000)))
    return Manches(tuple(parsed), get_ints(value, "score", n, 0, 1000), get_ints(value, "won", n, 0, 5))


def _trick(h, n: int) -> tuple:
    """[leader, cards, winner] -> (leader, cards, winner) for a table of ``n`` seats."""
    if not isinstance(h, list) or len(h) != 3:
        raise ProtocolError("a trick is [leader, cards, winner]")
    return (get_int({"l": h[0]}, "l", 0, n - 1), get_cards({"c": h[1]}, "c", n),
            get_int({"w": h[2]}, "w", 0, n - 1))


def _view(o) -> SeatView:
    if not isinstance(o, dict):
        raise ProtocolError("'view' must be an object")
    need_fields(o, VIEW_KEYS[:-len(OPTIONAL_VIEW_KEYS)], OPTIONAL_VIEW_KEYS)
    name = _rules(o)
    rules = get_rules(name)
    n, top, sides = rules.seats, rules.seats - 1, len(rules.sides)
    history = o["history"]
    if not isinstance(history, list) or len(history) > 26:
        raise ProtocolError("'history' must be a list of tricks")
    tricks = []
    for h in history:
        if not isinstance(h, list) or len(h) != 3:
            raise ProtocolError("a trick is [leader, cards, winner]")
        tricks.append((get_int({"l": h[0]}, "l", 0, top), get_cards({"c": h[1]}, "c", n),
                       get_int({"w": h[2]}, "w", 0, top)))
    scores = o["deal_scores"]
    if not isinstance(scores, list) or len(scores) > 500:
        raise ProtocolError("'deal_scores' must be a list")
    choices = o["choices"]
    if not isinstance(choices, list) or len(choices) > 8:
        raise ProtocolError("'choices' must be a list of actions")
    winners = o["winners"]
    if not isinstance(winners, list) or len(winners) > n:
        raise ProtocolError("'winners' must be a list of seats")
    asks = get_bool(o, "asks") if "asks" in o else False
    return SeatView(
        seat=get_int(o, "seat", 0, top), rules=name, options=_options(o),
        exchange_kind=get_str(o, "exchange_kind", WORD_RE),
        deal_number=get_int(o, "deal", 1, 10_000), dealer=get_int(o, "dealer", 0, top),
        contract=_contract(o["contract"], rules),
        cut=None if o["cut"] is None else get_card(o["cut"]),
        phase=Phase(get_str(o, "phase", choices=PHASES)), turn=get_int(o, "turn", 0, top, none=True),
        stage=None if o["stage"] is None else get_str(o, "stage", WORD_RE),
        lists=_lists(o["lists"], n),
        hand=get_mask(o, "hand"), own_out=get_mask(o, "own_out"),
        exchanged=get_ints(o, "exchanged", n, 0, 52, none=True),
        manni_left=get_int(o, "manni_left", 0, 52), exchange_step=get_int(o, "exchange_step", 0, 100),
        discard_limit=get_int(o, "discard_limit", 0, 52, none=True),
        discard_minimum=get_int(o, "discard_minimum", 0, 52),
        choices=tuple(_action(a) for a in choices), leader=get_int(o, "leader", 0, top),
        trick=get_cards(o, "trick", n), history=tuple(tricks),
        tricks=get_ints(o, "tricks", n, 0, 26), played=get_mask(o, "played"),
        hand_sizes=get_ints(o, "hand_sizes", n, 0, 52), legal=get_mask(o, "legal"),
        deal_scores=tuple(get_ints({"s": s}, "s", sides, -100, 100) for s in scores),
        plus=get_ints(o, "plus", sides, 0, 100_000), minus=get_ints(o, "minus", sides, 0, 100_000),
        finished=get_bool(o, "finished"),
        winners=tuple(get_int({"w": w}, "w", 0, top) for w in winners),
        bonus=get_ints(o, "bonus", sides, 0, 5) if "bonus" in o else None,
        unplayed=get_bool(o, "unplayed") if "unplayed" in o else False,
        answers=_answers(o["answers"], n) if "answers" in o else (),
        asks=tuple(every_ask(rules.deck, get_mask(o, "hand"), get_mask(o, "played"))) if asks else (),
        manches=_manches(o["manches"], sides) if "manches" in o else None,
    )


def state(n: int, seats, view: SeatView, contracts, last_seq: int,
          last_trick: tuple | None = None) -> str:
    out = {"type": "state", "n": n, "seats": _seats_json(seats), "view": view_json(view),
           "contracts": [contract_json(c) for c in contracts], "last_seq": last_seq}
    if last_trick is not None:
        leader, cards, winner = last_trick
        out["last_trick"] = [leader, card_codes(cards), winner]
    return dump(out)


# Refusal keys: "malformed", "too_long", "version", "name", "table" (wrong table id),
# "full", "not_started", "not_your_turn", "duplicate" (seq already applied), "seq"
# (a seq skipped), "illegal" plus the engine's IllegalAction keys.
REFUSAL_PARAMS = ("suit", "turn", "limit")  # card lists are never echoed


def refused(seq: int | None, key: str, params: dict | None = None) -> str:
    safe = {k: v for k, v in (params or {}).items()
            if k in REFUSAL_PARAMS and isinstance(v, int) and not isinstance(v, bool)}
    return dump({"type": "refused", "seq": seq, "key": key, "params": safe})


def closed(reason: str) -> str:
    return dump({"type": "closed", "reason": reason})


def ask() -> str:
    return dump({"type": "ask"})


def parse_host(text):
    """Welcome | Lobby | State | Refused | Closed | Ask | chat.ChatLine | room.Room |
    room.Watching | sealed_net.Sealed | sealed_net.SealedTable; raises ProtocolError."""
    obj = decode(text)
    kind = obj.get("type")
    if kind == "welcome":
        need_fields(obj, ("seat", "last_seq"))
        return Welcome(get_int(obj, "seat", 1, max(SEAT_COUNTS) - 1),
                       get_int(obj, "last_seq", 0, MAX_SEQ))
    if kind == "lobby":
        need_fields(obj, ("seats", "rules", "options"))
        return Lobby(_seats(obj), _rules(obj), _options(obj))
    if kind == "state":
        need_fields(obj, ("n", "seats", "view", "contracts", "last_seq"), ("last_trick",))
        contracts = obj["contracts"]
        if not isinstance(contracts, list) or len(contracts) > 10_000:
            raise ProtocolError("'contracts' must be a list")
        view = _view(obj["view"])
        return State(get_int(obj, "n", 0, 10_000_000), _seats(obj), view,
                     tuple(_contract(c, view.ruleset) for c in contracts),
                     get_int(obj, "last_seq", 0, MAX_SEQ),
                     _trick(obj["last_trick"], view.ruleset.seats) if "last_trick" in obj else None)
    if kind == "refused":
        need_fields(obj, ("seq", "key", "params"))
        params = obj["params"]
        if not isinstance(params, dict) or set(params) - set(REFUSAL_PARAMS):
            raise ProtocolError("bad refusal params")
        return Refused(get_int(obj, "seq", 1, MAX_SEQ, none=True), get_str(obj, "key", WORD_RE),
                       {k: get_int(params, k, 0, 52) for k in params})
    if kind == "closed":
        need_fields(obj, ("reason",))
        return Closed(get_str(obj, "reason", WORD_RE))
    if kind == "ask":
        need_fields(obj, ())
        return Ask()
    if kind == "sealed_table":
        return sealed_net.parse_sealed_table(obj, _seats, _rules, _options)
    readers = {"chat": chat.parse_chat_line, "room": room.parse_room,
               "watching": room.parse_watching, "sealed": sealed_net.parse_sealed}
    if kind in readers:
        return readers[kind](obj)
    raise ProtocolError(f"unknown host message type {kind!r}")
