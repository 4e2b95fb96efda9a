"""The one way in for data from outside: saved matches and settings, the address, pasted
or opened records, messages from other tabs (and later the network).

Every text is size-checked and depth-checked on the raw text *before* ``json.loads`` (so
neither a huge text nor ``'[' * 100000`` can exhaust memory or the stack), parsed with
number limits, then its shape is checked (no string longer than a record ever holds, no
list longer than a match can be) before the caller validates its meaning. Every failure
is an :class:`InputError` with a short message that never repeats the input at length.
The limits are documented in docs/record-format.md.
"""

from __future__ import annotations

import json
import math
import re

from .errors import RecordError

MAX_RECORD_BYTES = 1_000_000   # a game record's JSON text, in UTF-8 bytes
MAX_DEPTH = 8                  # nested arrays/objects (a record needs 5)
MAX_TEXT = 100                 # characters in any string or object key
MAX_ITEMS = 20_000             # entries in any array or object (so at most 20,000 actions)
MAX_DIGITS = 40                # digits in a number
BRIEF = 40                     # characters of a value quoted in a message


class InputError(RecordError):
    """Data from outside that is refused before it is used. ``key`` says which limit, for a
    translated message: "too_large", "too_deep", "too_long" (a text), "too_many" (items),
    "number" or "invalid" (not JSON, or not JSON data)."""

    def __init__(self, message: str, key: str = "invalid") -> None:
        super().__init__(message)
        self.key = key


def brief(value) -> str:
    """A short ``repr`` for messages: never the whole of a huge input."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** MAX_DIGITS:
            return "a number too long to show"
        text = repr(value)
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) <= BRIEF else text[:BRIEF - 1] + "…"


def clip(message: str, limit: int = 240) -> str:
    return message if len(message) <= limit else message[:limit - 1] + "…"


# -- raw text ------------------------------------------------------------------------------
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r'[^\[\]{}]+')


def check_text(text, max_bytes: int = MAX_RECORD_BYTES, max_depth: int = MAX_DEPTH) -> None:
    """Size (UTF-8 bytes) and bracket depth of a JSON text, without parsing it."""
    if not isinstance(text, str):
        raise InputError(f"expected text, not {type(text).__name__}")
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise InputError(f"too large: more than {max_bytes:,} bytes", "too_large")
    depth = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > max_depth:
                raise InputError(f"nested too deep: more than {max_depth} levels", "too_deep")
        else:
            depth -= 1


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise InputError(f"a number has more than {MAX_DIGITS} digits", "number")
    return int(digits)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InputError("a number is too large", "number")
    return value


def _no_constant(name: str):
    raise InputError(f"not valid JSON: {name} is not a number in JSON")


def parse_json(text, max_bytes: int = MAX_RECORD_BYTES, max_depth: int = MAX_DEPTH,
               max_text: int = MAX_TEXT):
    """Check, parse and shape-check a JSON text; raises InputError."""
    check_text(text, max_bytes, max_depth)
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                           parse_constant=_no_constant)
    except InputError:
        raise
    except json.JSONDecodeError as e:
        raise InputError(f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except (ValueError, RecursionError, MemoryError):
        raise InputError("not valid JSON") from None
    check_shape(value, max_depth, max_text)
    return value


# -- parsed data ---------------------------------------------------------------------------
def check_shape(value, max_depth: int = MAX_DEPTH, max_text: int = MAX_TEXT) -> None:
    """JSON-like data within the limits (depth, items, text length, numbers). Walks
    iteratively, so any nesting is refused without recursion."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (dict, list)):
            if depth > max_depth:
                raise InputError(f"nested too deep: more than {max_depth} levels", "too_deep")
            if len(v) > MAX_ITEMS:
                raise InputError(f"too many items: a list or object has more than {MAX_ITEMS:,}", "too_many")
            if isinstance(v, dict):
                for k, item in v.items():
                    if not isinstance(k, str):
                        raise InputError("object keys must be text")
                    if len(k) > max_text:
                        raise InputError(f"a key is too long (over {max_text} characters)", "too_long")
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in v)
        elif isinstance(v, str):
            if len(v) > max_text:
                raise InputError(f"a text is too long (over {max_text} characters)", "too_long")
        elif v is None or isinstance(v, bool):
            pass
        elif isinstance(v, int):
            if abs(v) >= 10 ** MAX_DIGITS:
                raise InputError(f"a number has more than {MAX_DIGITS} digits", "number")
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise InputError("a number is too large", "number")
        else:
            raise InputError(f"not JSON data: {type(v).__name__}")
