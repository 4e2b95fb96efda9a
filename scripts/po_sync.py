#!/usr/bin/env python3
"""Bring every catalog in manni/text/locale/ in line with the English template.

For each <code>.po (or the ones named): entries follow the order of manni.pot; a key new
in the template is added untranslated; a key gone from the template is dropped; an entry
whose English changed since it was translated is marked fuzzy (read as untranslated,
so the page shows the English until a translator checks it); plural entries get as many
msgstr[i] as the catalog's Plural-Forms says. The header of each .po is kept.

Usage: python3 scripts/po_sync.py [--check] [CODE ...]
  --check  change nothing; exit 1 and list the keys that are missing, untranslated or
           fuzzy in each catalog.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from manni.text.po import parse  # noqa: E402
from manni.text.translate import LOCALE_DIR, TEMPLATE  # noqa: E402


def quote(s: str) -> str:
    s = s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n")
    return f'"{s}"'


def nplurals(headers: dict) -> int:
    m = re.search(r"nplurals\s*=\s*(\d+)", headers.get("Plural-Forms", ""))
    return int(m.group(1)) if m else 2


def template_blocks(text: str) -> tuple[str, dict[str, list[str]]]:
    """The template's leading header block and, per key, its comment lines."""
    head, _, body = text.partition("\n\n")
    comments: dict[str, list[str]] = {}
    for block in body.split("\n\n"):
        lines = block.strip("\n").splitlines()
        ctx = next((l for l in lines if l.startswith("msgctxt ")), None)
        if ctx:
            key = parse(f'{ctx}\nmsgid ""\nmsgstr ""\n').entries.popitem()[0]
            comments[key] = [l for l in lines if l.startswith("#.")]
    return head, comments


def header_block(text: str) -> str:
    """A .po file's own header (comments + the msgid "" entry), kept verbatim."""
    return text.split("\n\n", 1)[0].rstrip("\n")


def sync(po_path: Path, template_text: str) -> tuple[str, list[str]]:
    tpl = parse(template_text, TEMPLATE.name)
    _, comments = template_blocks(template_text)
    text = po_path.read_text(encoding="utf-8")
    po = parse(text, po_path.name)
    fuzzy_old = parse(re.sub(r"^#, fuzzy.*\n", "", text, flags=re.M), po_path.name)
    n = nplurals(po.headers)
    out, problems = [header_block(text)], []
    for key, e in tpl.entries.items():
        old = po.entries.get(key) or fuzzy_old.entries.get(key)
        lines = list(comments.get(key, []))
        flags = sorted(e.flags)
        count = n if e.msgid_plural is not None else 1
        strs = [""] * count
        fuzzy = False
        if old is not None and (old.msgid_plural is None) == (e.msgid_plural is None):
            strs = (old.msgstr + [""] * count)[:count]
            fuzzy = key not in po.entries or old.msgid != e.msgid or old.msgid_plural != e.msgid_plural
        if fuzzy:
            flags = ["fuzzy"] + flags
        if not all(strs):
            problems.append(f"{key}: untranslated")
        elif fuzzy:
            problems.append(f"{key}: fuzzy (the English changed)")
        if flags:
            lines.append("#, " + ", ".join(flags))
        lines += [f"msgctxt {quote(key)}", f"msgid {quote(e.msgid)}"]
        if e.msgid_plural is not None:
            lines.append(f"msgid_plural {quote(e.msgid_plural)}")
            lines += [f"msgstr[{i}] {quote(s)}" for i, s in enumerate(strs)]
        else:
            lines.append(f"msgstr {quote(strs[0])}")
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n", problems


def main(argv: list[str]) -> int:
    check = "--check" in argv
    codes = [a for a in argv if not a.startswith("-")]
    paths = [LOCALE_DIR / f"{c}.po" for c in codes] or sorted(LOCALE_DIR.glob("*.po"))
    template_text = TEMPLATE.read_text(encoding="utf-8")
    bad = 0
    for path in paths:
        new, problems = sync(path, template_text)
        if check:
            for p in problems:
                print(f"{path.name}: {p}")
            bad += bool(problems)
        elif new != path.read_text(encoding="utf-8"):
            path.write_text(new, encoding="utf-8")
            print(f"updated {path.relative_to(ROOT)} ({len(problems)} to translate)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
