"""Game records (``manni-record/1``): read, write, replay. See docs/record-format.md."""

from __future__ import annotations

import json

from .actions import action_from_json
from .cards import card_code, cards_of, mask_of, parse_card
from .errors import ManniError, RecordError
from .inputs import InputError, brief, check_shape, clip, parse_json
from .match import Layout, Match
from .rules import get_rules
from .states import ExchangeKind

FORMAT = "manni-record/1"
_FIELDS = {"format", "rules", "options", "seed", "first_dealer", "deals", "practice", "actions",
           "par", "daily", "challenge"}
MAX_CLAIMS = 500  # a challenge's deals
CHALLENGE_LEVELS = ("easy", "medium", "hard", "expert")  # the page's levels
PAR_LIMIT = 1000  # a par beyond this is no deal score


class ReplayError(RecordError):
    """A record that fails; ``action`` is the index of the failing action, if any; ``key``
    the input limit it broke (see ``inputs.InputError``), or "invalid"."""

    def __init__(self, message: str, action: int | None = None, key: str = "invalid") -> None:
        super().__init__(clip(message))
        self.action = action
        self.key = key


def match_to_record(match: Match) -> dict:
    rec = {
        "format": FORMAT,
        "rules": match.rules.name,
        "options": dict(match.options),
        "seed": match.seed,
        "first_dealer": match.first_dealer,
    }
    if match.layouts:
        rec["deals"] = [_layout_to_json(lay, match.rules) for lay in match.layouts]
    if match.practice:
        rec["practice"] = True
    if match.daily is not None:
        rec["daily"] = match.daily
    if match.challenge is not None:
        rec["challenge"] = match.challenge
    rec["actions"] = [_action_to_json(a, seat)
                      for a, seat in zip(match.actions, match.action_seats)]
    pars = {i: p for i, p in match.par.items() if i < len(match.deal_scores)}
    if pars and match.par_level:
        rec["par"] = {"level": match.par_level,
                      "deals": [pars.get(i) for i in range(max(pars) + 1)]}
    return rec


def _par_from_json(obj, match: Match) -> None:
    """The record's ``par`` (a cache of manni.par's results): checked, then kept on the match."""
    if not isinstance(obj, dict) or set(obj) != {"level", "deals"}:
        raise ReplayError("'par' must be an object with 'level' and 'deals'")
    level, deals = obj["level"], obj["deals"]
    if not isinstance(level, str) or not level:
        raise ReplayError("'par': the level must be a name")
    if not isinstance(deals, list) or len(deals) > len(match.deal_scores):
        raise ReplayError("'par': one entry at most for each finished deal")
    for i, p in enumerate(deals):
        if p is None:
            continue
        if isinstance(p, bool) or not isinstance(p, int) or abs(p) > PAR_LIMIT:
            raise ReplayError(f"'par': deal {i + 1} must be a whole number or null")
        match.par[i] = p
    match.par_level = level


def _action_to_json(action, seat) -> dict:
    """An action's record object; with its seat for actions taken outside the order of play
    (a question to one's partner), whose seat the record must name."""
    out = action.to_json()
    if seat is not None:
        out["seat"] = seat
    return out


def _layout_to_json(lay: Layout, rules) -> dict:
    out: dict[str, object] = {"hands": [[card_code(c) for c in cards_of(h)] for h in lay.hands]}
    if rules.manni_size:
        out["manni"] = [card_code(c) for c in lay.manni]
    if lay.cut is not None:
        out[rules.cut_field] = card_code(lay.cut)
    return out


_COUNT_WORDS = {3: "three", 4: "four"}


def _layout_from_json(obj, n: int, rules) -> Layout:
    where = f"deal {n + 1}"
    if not isinstance(obj, dict):
        raise ReplayError(f"{where}: a deal layout must be an object")
    cut_field = rules.cut_field
    unknown = set(obj) - {"hands", cut_field, *(("manni",) if rules.manni_size else ())}
    if unknown:
        raise ReplayError(f"{where}: unknown field(s) {_names(unknown)}")
    hands = obj.get("hands")
    seats = rules.seats
    if (not isinstance(hands, list) or len(hands) != seats
            or not all(isinstance(h, list) for h in hands)):
        raise ReplayError(f"{where}: 'hands' must be {_COUNT_WORDS.get(seats, seats)} lists of "
                          "card codes")
    manni = obj.get("manni") if rules.manni_size else []
    if not isinstance(manni, list):
        raise ReplayError(f"{where}: 'manni' must be a list of card codes")
    try:
        hand_cards = [[parse_card(c) for c in h] for h in hands]
        for seat, h in enumerate(hand_cards):
            if len(set(h)) != len(h):
                raise ReplayError(f"{where}: seat {seat} holds a card twice")
        cut = parse_card(obj[cut_field]) if obj.get(cut_field) is not None else None
        return Layout(tuple(mask_of(h) for h in hand_cards), tuple(parse_card(c) for c in manni), cut)
    except ReplayError:
        raise
    except RecordError as e:
        raise ReplayError(f"{where}: {e}") from None


def _names(keys) -> str:
    keys = sorted(keys)
    shown = ", ".join(brief(k) for k in keys[:5])
    return shown + (f" and {len(keys) - 5} more" if len(keys) > 5 else "")


REPLAY_SLICE = 200  # actions replayed between two yields of replay_steps()


def match_from_record(rec) -> Match:
    """Build and replay a match from a record dict. Raises ReplayError."""
    steps = replay_steps(rec)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def replay_steps(rec):
    """Generator: like match_from_record(), yielding after every REPLAY_SLICE actions (so a
    page can let the browser in); returns the Match. Raises ReplayError."""
    if not isinstance(rec, dict):
        raise ReplayError("a record must be a JSON object")
    try:
        check_shape(rec)
    except InputError as e:
        raise ReplayError(str(e), key=e.key) from None
    if rec.get("format") != FORMAT:
        raise ReplayError(f"not a {FORMAT} record (format is {brief(rec.get('format'))})")
    unknown = set(rec) - _FIELDS
    if unknown:
        raise ReplayError(f"unknown field(s) {_names(unknown)}")
    try:
        rules = get_rules(rec.get("rules"))
        if "seed" not in rec:
            raise ReplayError("the record has no seed")
        layouts = rec.get("deals", [])
        if not isinstance(layouts, list):
            raise ReplayError("'deals' must be a list")
        match = Match(rules, rec.get("options"), rec["seed"], rec.get("first_dealer"),
                      [_layout_from_json(d, i, rules) for i, d in enumerate(layouts)])
    except ReplayError:
        raise
    except ManniError as e:
        raise ReplayError(str(e)) from None
    practice = rec.get("practice", False)
    if not isinstance(practice, bool):
        raise ReplayError("'practice' must be true or false")
    match.practice = practice
    daily = rec.get("daily")
    if daily is not None:
        if not is_day(daily):
            raise ReplayError("'daily' must be a date, YYYY-MM-DD")
        match.daily = daily
    if "challenge" in rec:
        match.challenge = check_challenge(rec["challenge"])
    actions = rec.get("actions", [])
    if not isinstance(actions, list):
        raise ReplayError("'actions' must be a list")
    for i, obj in enumerate(actions):
        try:
            action, seat = action_from_json(obj, rules.seats)
            match.apply(action, seat)
        except ManniError as e:
            raise ReplayError(f"action {i}: {e}", i) from None
        if i % REPLAY_SLICE == REPLAY_SLICE - 1:
            yield
    if "par" in rec:
        _par_from_json(rec["par"], match)
    return match


def _score(x, nullable: bool = False) -> bool:
    if x is None:
        return nullable
    return isinstance(x, int) and not isinstance(x, bool) and abs(x) <= PAR_LIMIT


def check_challenge(obj) -> dict:
    """A challenge's claims: {"level": name, "scores": [[yours, par or null], ...]}, each
    a deal's score for seat 0's side (ReplayError if not so)."""
    if not isinstance(obj, dict) or set(obj) != {"level", "scores"}:
        raise ReplayError("'challenge' must be an object with 'level' and 'scores'")
    level, scores = obj["level"], obj["scores"]
    if level not in CHALLENGE_LEVELS:
        raise ReplayError(f"'challenge': the level must be one of {', '.join(CHALLENGE_LEVELS)}")
    if not isinstance(scores, list) or len(scores) > MAX_CLAIMS or not all(
            isinstance(p, list) and len(p) == 2 and _score(p[0]) and _score(p[1], True)
            for p in scores):
        raise ReplayError("'challenge': scores must be [yours, par or null] pairs")
    return {"level": level, "scores": [list(p) for p in scores]}


def is_day(text) -> bool:
    """A date as YYYY-MM-DD."""
    import datetime
    if not isinstance(text, str) or len(text) != 10:
        return False
    try:
        return datetime.date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def parse(text: str) -> dict:
    """A record's text through the input boundary (size, depth, JSON, shape): the parsed
    value, not yet validated. Raises ReplayError."""
    try:
        return parse_json(text)
    except InputError as e:
        raise ReplayError(str(e), key=e.key) from None


def loads(text: str) -> Match:
    return match_from_record(parse(text))


def dumps(match: Match) -> str:
    return json.dumps(match_to_record(match), ensure_ascii=False)


def summary(match: Match) -> dict:
    """The replay result in the JSON form of ``python -m manni replay --json``."""
    deals = []
    kind = match.rules.exchange.kind
    swap = kind == ExchangeKind.SWAP
    for deal in match.deals:
        item = {"dealer": deal.dealer, "contract": deal.contract.name}
        if deal.lists is not None:  # a declared contract: who declared it ("undeclared": null)
            item["declarer"] = getattr(deal.contract, "declarer", None)
        if swap:
            item["manni_taken_by"] = deal.manni_taken_by
        elif kind != ExchangeKind.NONE:
            item["exchanged"] = list(deal.exchanged)
        score = deal.score()
        item.update(tricks=list(deal.tricks), score=score, complete=score is not None)
        item.update(match.rules.replay_fields(deal))
        deals.append(item)
    out = {"deals": deals, "totals": match.totals, "plus": match.plus, "minus": match.minus,
           "finished": match.finished, "winners": list(match.winners)}
    manches = match.manches
    if manches is not None:
        out.update(manches=[{"winner": w, "score": list(sc)} for w, sc in manches.done],
                   manche_score=list(manches.score), manches_won=list(manches.won))
    return out
