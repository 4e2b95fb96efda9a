"""Read gettext ``.po`` / ``.pot`` files (the subset translators' tools write).

Entries are keyed by ``msgctxt``: Manni's catalogs give every message a context (its key,
e.g. ``seat.your_turn``) with the English text as ``msgid``, so tools such as Poedit or
Weblate show translators the English. Fuzzy and obsolete (``#~``) entries are skipped,
as ``msgfmt`` skips them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}


class PoError(ValueError):
    """A .po file that cannot be read; says the file and line."""


@dataclass
class Entry:
    """One message of a catalog."""

    key: str                    # msgctxt
    msgid: str                  # the English text
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)  # one item, or one per plural form
    flags: frozenset[str] = frozenset()
    line: int = 0


@dataclass
class Catalog:
    """A language's messages by key, with its header."""

    headers: dict[str, str]
    entries: dict[str, Entry]


def _unquote(s: str, where: str) -> str:
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise PoError(f"{where}: expected a quoted string, got {s!r}")
    out, i, body = [], 0, s[1:-1]
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            i += 1
            if i >= len(body) or body[i] not in _ESCAPES:
                raise PoError(f"{where}: bad escape in {s!r}")
            out.append(_ESCAPES[body[i]])
        elif ch == '"':
            raise PoError(f"{where}: unescaped quote in {s!r}")
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def parse(text: str, name: str = "<po>") -> Catalog:
    headers: dict[str, str] = {}
    entries: dict[str, Entry] = {}
    cur: dict = {}
    flags: set[str] = set()
    field_name: str | int | None = None
    start = 0

    def flush() -> None:
        nonlocal cur, flags, field_name
        if "msgid" in cur:
            ctx, msgid = cur.get("msgctxt"), cur["msgid"]
            if "msgstr" in cur:
                strs = [cur["msgstr"]]
            else:
                idx = sorted(k for k in cur if isinstance(k, int))
                if idx != list(range(len(idx))) or not idx:
                    raise PoError(f"{name}:{start}: msgstr missing or plural forms not 0..n")
                strs = [cur[k] for k in idx]
            if ctx is None and msgid == "":
                for line in strs[0].split("\n"):
                    if ":" in line:
                        k, v = line.split(":", 1)
                        headers[k.strip()] = v.strip()
            elif ctx is None:
                raise PoError(f"{name}:{start}: entry without msgctxt (its key)")
            elif "fuzzy" not in flags:
                if ctx in entries:
                    raise PoError(f"{name}:{start}: key {ctx!r} twice")
                entries[ctx] = Entry(ctx, msgid, cur.get("msgid_plural"), strs,
                                     frozenset(flags), start)
        elif cur:
            raise PoError(f"{name}:{start}: entry without msgid")
        cur, flags, field_name = {}, set(), None

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{n}"
        if not line:
            flush()
            continue
        if line.startswith("#"):
            if field_name is not None and not line.startswith("#~"):
                flush()
            if line.startswith("#,"):
                flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        if line.startswith('"'):
            if field_name is None:
                raise PoError(f"{where}: continuation line outside an entry")
            cur[field_name] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword.startswith("msgstr[") and keyword.endswith("]"):
            key: str | int = int(keyword[7:-1])
        elif keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            key = keyword
            if keyword in ("msgctxt", "msgid") and "msgid" in cur:
                flush()
        else:
            raise PoError(f"{where}: unknown line {line!r}")
        if not cur:
            start = n
        if key in cur:
            raise PoError(f"{where}: {keyword} twice in one entry")
        cur[key] = _unquote(rest, where)
        field_name = key
    flush()
    return Catalog(headers, entries)


# -- compiled catalogs -----------------------------------------------------------------
# What scripts/vendor.py ships to the page instead of the .po files (as msgfmt makes .mo
# files): only what a Translator reads, as JSON, which loads far faster than .po text
# parses in the browser. A translation's English msgid is dropped (the template has it).

def compile_catalog(catalog: Catalog, template: bool) -> str:
    """``catalog`` as compiled-catalog JSON; ``template``: the English .pot."""
    entries = {key: ([e.msgid, e.msgid_plural] if template else [e.msgid_plural, e.msgstr])
               for key, e in catalog.entries.items()}
    plural = {k: v for k, v in catalog.headers.items() if k == "Plural-Forms"}
    return json.dumps({"headers": plural, "entries": entries}, ensure_ascii=False,
                      separators=(",", ":"), sort_keys=True)


def load_compiled(text: str, template: bool, name: str = "<catalog>") -> Catalog:
    """The Catalog of a compiled catalog (what :func:`compile_catalog` wrote)."""
    try:
        data = json.loads(text)
        entries = {}
        for key, (a, b) in data["entries"].items():
            entries[key] = (Entry(key, a, b, [""]) if template else
                            Entry(key, "", a, list(b)))
        return Catalog(dict(data["headers"]), entries)
    except (ValueError, KeyError, TypeError) as e:
        raise PoError(f"{name}: not a compiled catalog ({e})") from None
