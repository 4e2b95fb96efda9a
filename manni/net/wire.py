"""The JSON layer of ``manni-net/1`` (docs/net-protocol.md): the limits every message
obeys, the error a bad one raises, and the readers and the writer the message modules share
(:mod:`.protocol` for the match, :mod:`.chat` and :mod:`.room` around it)."""

from __future__ import annotations

import json
import re

from ..cards import card_code, parse_card
from ..errors import ManniError
from ..inputs import InputError, parse_json

VERSION = 1
MAX_BYTES = 16_000  # under PeerJS's 16,300-byte JSON channel limit
MAX_NAME = 24
MAX_SEQ = 1_000_000
MAX_DEPTH = 6  # a state's view.history[i][1] is the deepest: 5 levels
MAX_TEXT = 400  # characters in any one string (each field is then checked: chat text, names)
ID_RE = re.compile(r"[0-9a-f]{32}")  # table ids and guest tokens: 128 random bits, hex
PHASES = ("exchange", "play", "over")
SEAT_KINDS = ("host", "guest", "bot", "empty")
SEAT_COUNTS = (3, 4)  # seats at a table: Manni's three, a partnership game's four
WORD_RE = re.compile(r"[a-z_]{1,40}")  # contract names, list entries, stages, refusal keys


class ProtocolError(ManniError):
    """A message that is not a valid ``manni-net/1`` message; nothing was applied."""

    def __init__(self, message: str, key: str = "malformed") -> None:
        super().__init__(message)
        self.key = key


# -- readers -------------------------------------------------------------------------
def decode(text) -> dict:
    """The one input boundary (manni.inputs): size and depth before parsing, then shape."""
    try:
        obj = parse_json(text, max_bytes=MAX_BYTES, max_depth=MAX_DEPTH, max_text=MAX_TEXT)
    except InputError as e:
        raise ProtocolError(str(e), "too_long" if e.key == "too_large" else "malformed") from None
    if not isinstance(obj, dict):
        raise ProtocolError("a message must be a JSON object")
    if obj.get("v") != VERSION or isinstance(obj.get("v"), bool):
        raise ProtocolError(f"unsupported version {obj.get('v')!r} (this is {VERSION})", "version")
    return obj


def need_fields(obj: dict, required: tuple, optional: tuple = ()) -> None:
    keys = set(obj) - {"v", "type"}
    missing = [k for k in required if k not in obj]
    extra = sorted(keys - set(required) - set(optional))
    if missing or extra:
        raise ProtocolError(f"{obj.get('type')}: missing {missing}, unexpected {extra}")


def get_int(obj: dict, key: str, lo: int, hi: int, none: bool = False):
    v = obj.get(key)
    if v is None and none:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ProtocolError(f"{key!r} must be a whole number in {lo}..{hi}")
    return v


def get_ints(obj: dict, key: str, n: int, lo: int, hi: int, none: bool = False) -> tuple:
    v = obj.get(key)
    if not isinstance(v, list) or len(v) != n:
        raise ProtocolError(f"{key!r} must be a list of {n}")
    return tuple(get_int({key: x}, key, lo, hi, none) for x in v)


def get_str(obj: dict, key: str, pattern=None, choices=None) -> str:
    v = obj.get(key)
    if not isinstance(v, str) or (pattern and not pattern.fullmatch(v)) or (choices and v not in choices):
        raise ProtocolError(f"bad {key!r}")
    return v


def get_bool(obj: dict, key: str) -> bool:
    v = obj.get(key)
    if not isinstance(v, bool):
        raise ProtocolError(f"{key!r} must be true or false")
    return v


def get_card(value) -> int:
    try:
        return parse_card(value) if isinstance(value, str) else parse_card("")
    except ManniError:
        raise ProtocolError(f"bad card {value!r}") from None


def get_cards(obj: dict, key: str, limit: int = 52) -> tuple[int, ...]:
    v = obj.get(key)
    if not isinstance(v, list) or len(v) > limit:
        raise ProtocolError(f"{key!r} must be a list of card codes")
    return tuple(get_card(c) for c in v)


def get_mask(obj: dict, key: str) -> int:
    mask = 0
    for c in get_cards(obj, key):
        mask |= 1 << c
    return mask


def card_codes(cards) -> list[str]:
    return [card_code(c) for c in cards]


def clean_name(value) -> str:
    """A player's name as shown to everyone: text only, no control characters, trimmed,
    at most MAX_NAME characters. Raises ProtocolError if nothing is left."""
    if not isinstance(value, str):
        raise ProtocolError("a name must be text")
    name = " ".join("".join(ch for ch in value if ch.isprintable()).split())[:MAX_NAME]
    if not name:
        raise ProtocolError("a name must not be empty", "name")
    return name


def dump(obj: dict) -> str:
    text = json.dumps({"v": VERSION, **obj}, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ProtocolError(f"message longer than {MAX_BYTES} bytes", "too_long")
    return text
