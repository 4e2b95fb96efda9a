"""Docs and comments describe the project as it is, not how it was made.

No tracked file talks about work sessions, the people or agents who wrote it, issue numbers,
the dates and times of runs, the machine's load, "before" figures or commit hashes: that
history belongs in commit messages. The patterns are narrow on purpose, so that ordinary
words pass ("sessionStorage", a pytest fixture's scope="session", "the tab's session",
"pyodide_helper", "600 ms before a card"); the examples below pin down both sides.

What is scanned: Markdown, HTML and configuration files whole; in code, the comments and
docstrings (Python) or comments (JavaScript, CSS); in catalogs, the comment lines. Issue
numbers are looked for in the whole text of code too (an error message is read as well).
"""
from __future__ import annotations

import ast
import io
import re
import subprocess
import tokenize
from pathlib import Path

import pytest

from engine_support import ROOT

_ORDINALS = ("first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
             "twelfth|thirteenth|fourteenth|fifteenth|\\d+(?:st|nd|rd|th)")
PATTERNS = {
    "a work session": re.compile(
        rf"\b(?:{_ORDINALS}|earlier|previous|later|next|last|another|other|work|working|"
        r"lead|coding)\s+sessions?\b", re.I),
    "the people who made it": re.compile(
        r"\b(?:engine[e]r|coordinator)s?\b|\b(?:other|another|fellow)\s+(?:helper|agent)s?\b",
        re.I),
    "an issue": re.compile(
        r"\bissues?\s+#?\d+\b|\bissue's\b|\bthe\s+issue\s+(?:asks|names|wants|says|lists)\b",
        re.I),
    "a date": re.compile(r"\b20\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b"),
    "a time of day": re.compile(
        r"\b\d{1,2}:\d\d(?::\d\d)?(?:\s*[–-]\s*\d{1,2}:\d\d)?\s*UTC\b", re.I),
    "the machine's load": re.compile(
        r"\bload\s+average\b|\b(?:idle|quiet|busy|busier|shared)\s+(?:machine|host)\b"
        r"|\bSIG[S]TOP\b", re.I),
    # "p95 before", "(0.60 before the inline style)", "7.5 kB before", a "before" column;
    # not "600 ms before a card" (a wait) nor "standing on 9 before the last card".
    "a before figure": re.compile(
        r"\b(?:p\d\d|max|median|mean)\s+before\b|\d\s+before\)|\|\s*before\s*\|"
        r"|\bbefore\s*→|\(before\)|\b\d+\.\d+\s*(?:bytes|[kMG]B|%)?\s+before\b"
        r"|\b\d+\s*(?:bytes|[kMG]B|%)\s+before\b", re.I),
    "a commit hash": re.compile(
        r"\bcommits?\s+(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b"),
}
EVERYWHERE = ("an issue",)  # also in code's strings: nothing legitimate names one by its number

WHOLE = {".md", ".html", ".txt", ".sh", ".yml", ".yaml", ".toml", ".ini", ".cfg"}
WHOLE_NAMES = {".gitignore", "run"}  # run: .ci/run
COMMENTED = {".py", ".js", ".mjs", ".css", ".po", ".pot"}
SELF = Path(__file__).resolve()  # its examples are history on purpose


def _tracked() -> list[Path]:
    """The repository's tracked files (git), or, without git metadata, the files outside
    build output and installs."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode()
        return [ROOT / p for p in out.split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", "node_modules", "vendor", "__pycache__", ".pytest_cache"}
        return [p for p in ROOT.rglob("*")
                if p.is_file() and not skip & set(p.relative_to(ROOT).parts)]


def _keep(text: str, spans) -> str:
    """``text`` with everything outside ``spans`` blanked, newlines kept (so line numbers
    and phrases wrapped over comment lines survive)."""
    out = [c if c == "\n" else " " for c in text]
    for a, b in spans:
        out[a:b] = text[a:b]
    return "".join(out)


def _python_prose(text: str) -> str:
    offsets = [0]
    for line in text.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    spans = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            a = offsets[tok.start[0] - 1] + tok.start[1]
            spans.append((a + 1, a + len(tok.string)))
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                doc = body[0].value
                spans.append((offsets[doc.lineno - 1] + doc.col_offset,
                              offsets[doc.end_lineno - 1] + doc.end_col_offset))
    return _keep(text, spans)


_JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\\w\"'])//[^\n]*", re.S)


def prose(path: Path, text: str) -> str:
    """The part of a file that is written for people to read as documentation."""
    if path.suffix in WHOLE or path.name in WHOLE_NAMES:
        return text
    if path.suffix == ".py":
        return _python_prose(text)
    if path.suffix in (".po", ".pot"):
        return _keep(text, [m.span() for m in re.finditer(r"(?m)^#.*$", text)])
    return _keep(text, [m.span() for m in _JS_COMMENT.finditer(text)])


def findings(path: Path, text: str):
    """(line, what, the words) for every match in the file."""
    scanned = prose(path, text)
    for what, pattern in PATTERNS.items():
        whole = what in EVERYWHERE and path.suffix not in (".po", ".pot")
        for m in pattern.finditer(text if whole else scanned):
            yield text.count("\n", 0, m.start()) + 1, what, " ".join(m.group(0).split())


def test_no_tracked_file_talks_about_how_it_was_made():
    files = [p for p in _tracked() if p.resolve() != SELF
             and (p.suffix in WHOLE | COMMENTED or p.name in WHOLE_NAMES)]
    assert len(files) > 100  # the scan reaches the repository, not an empty list
    found = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}:{line}: {what}: {words!r}"
                  for line, what, words in findings(path, text)]
    assert found == [], "history in docs or comments:\n" + "\n".join(found)


# The examples' trigger words carry a "·" (taken out before they are scanned), so that a plain
# search of the repository for such words finds real history only, not these examples.
CAUGHT = [
    ("notes.md", "the halving on branch x (docs/bot-strength.md, *Tenth ses·sion*)"),
    ("notes.md", "Pacer, since the eleventh\nses·sion; bef·ore, each search"),
    ("notes.md", "with the other engi·neer's tournament running"),
    ("notes.md", "started by the le·ad engi·neer at that commit"),
    ("notes.md", "another hel·per is creating it"),
    ("notes.md", "the iss·ue's target is not met"),
    ("a.py", "# Motion at the table (iss·ue 13), no library."),
    ("a.py", 'assert n < LIMIT, f"over the {LIMIT:,} of iss·ue 8"'),
    ("a.mjs", "// Motion and sound at the table (iss·ue 13)"),
    ("a.py", "x = 1  # 4.98 MB on 2026-·11-30"),
    ("notes.md", "measured on 2026-·11-30 at 16:·18 UTC (phone-class)"),
    ("notes.md", "(2026-·12-01 01:·09–01:·14 UTC)"),
    ("notes.md", "idle mach·ine, the benchmark at nice"),
    ("notes.md", "1-min load aver·age 2.9 → 2.7"),
    ("notes.md", "the tournaments stopped (SIG·STOP) for the run"),
    ("notes.md", "| first paint | **0.33 s** (0.60 bef·ore the inline style) |"),
    ("notes.md", "**0.33 s** (0.60 bef·ore) and"),
    ("notes.md", "16.7 kB of room (7.5 kB bef·ore PyScript's unused plugins were switched off"),
    ("notes.md", "| Longest slice | p95 bef·ore | p95 after |"),
    ("notes.md", "p95 140.7 → 135.3 ms; max bef·ore 643 ms"),
    ("notes.md", "| Hard, waiting then thinking (bef·ore) | 787 ms |"),
    ("notes.md", "reproduce at com·mit 8911404 (or with"),
    ("a.py", '"""The search, Expert\'s\nsince the twelfth ses·sion."""'),
]
PASSED = [
    ("a.mjs", 'sessionStorage.setItem(TAB_OFF, "1");  // for the rest of the tab\'s session'),
    ("a.py", '@pytest.fixture(scope="session")\ndef session(browser): ...'),
    ("a.py", "cdp = ctx.new_cdp_session(page)  # a DevTools session for the throttling"),
    ("a.py", "from pyodide_helper import run_in_pyodide  # the shared helpers"),
    ("a.py", "# -- reading helpers --\n# Easy's and Medium's card policies, the mask helpers"),
    ("notes.md", "600 ms before a card at normal speed, 1300 ms before leading"),
    ("notes.md", "the 30 s before the timeout; a pause of 2.5 s before the deal"),
    ("a.py", "# a deal in which one seat takes 5 tricks, standing on 9 before the last card"),
    ("notes.md", "`?snapshot=0` starts plainly for the rest of the tab's session"),
    ("notes.md", "the first declaration of a page visit; the session storage"),
    ("notes.md", "one on this machine (`scripts/signal.sh`)"),
    ("notes.md", "records written before the declared rule sets existed"),
    ("notes.md", "`data-phase=\"lobby\"` before the start"),
    ("notes.md", "at the tag `bot-levers`; see `git log`"),
    ("a.py", 'load = f"1-min load aver·age {before:.2f}"  # the bench prints it'),
    ("a.py", "x = issues_of(match)  # the issues a record can have"),
    ("notes.md", "The deal's score at 10:30 of a match clock is not a time of day"),
]


@pytest.mark.parametrize("name, text", CAUGHT)
def test_history_is_caught(name, text):
    text = text.replace("·", "")
    assert list(findings(Path(name), text)), text


@pytest.mark.parametrize("name, text", PASSED)
def test_ordinary_words_pass(name, text):
    text = text.replace("·", "")
    assert list(findings(Path(name), text)) == [], text
