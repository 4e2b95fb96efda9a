"""manni.text: the gettext catalogs, the Translator, and who may import it."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from manni.text import LANGUAGES, Translator, pick_language
from manni.text.po import PoError, parse

MANNI = Path(__file__).resolve().parents[2] / "manni"


def test_nothing_outside_the_ui_imports_the_ui():
    offenders = []
    for path in MANNI.rglob("*.py"):
        rel = path.relative_to(MANNI.parent)
        if rel.parts[1] == "ui":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                dots = "." * node.level
                target = dots + (node.module or "")
                if (node.module or "").split(".")[0] == "ui" or target.startswith("manni.ui") \
                        or (node.level and "ui" in [a.name for a in node.names] and not node.module):
                    offenders.append(f"{rel}: from {target} import ...")
            elif isinstance(node, ast.Import):
                offenders += [f"{rel}: import {a.name}" for a in node.names if a.name.startswith("manni.ui")]
    assert not offenders, offenders


def test_po_reader_handles_contexts_plurals_continuations_and_fuzzy():
    cat = parse('''# header
msgid ""
msgstr ""
"Language: xx\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : 1);\\n"

#, python-brace-format
msgctxt "a.b"
msgid "Hello {name}"
msgstr "Hæ "
"{name}\\t\\"q\\""

#, fuzzy
msgctxt "c"
msgid "Fuzzy"
msgstr "Loðið"

msgctxt "n"
msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "a"
msgstr[1] "b"
msgstr[2] "c"

#~ msgctxt "old"
#~ msgid "Old"
#~ msgstr "Gamalt"
''', "x.po")
    assert cat.headers["Language"] == "xx"
    assert cat.entries["a.b"].msgstr == ['Hæ {name}\t"q"']
    assert "python-brace-format" in cat.entries["a.b"].flags
    assert "c" not in cat.entries and "old" not in cat.entries
    assert cat.entries["n"].msgid_plural == "{n} cards" and cat.entries["n"].msgstr == ["a", "b", "c"]


@pytest.mark.parametrize("bad", ['msgctxt "k"\nmsgid "x"\nmsgstr "y\n',
                                 'msgctxt "k"\nmsgid "x"\n',
                                 'msgid "no context"\nmsgstr "y"\n',
                                 'msgctxt "k"\nmsgid "x"\nmsgstr "y"\n\nmsgctxt "k"\nmsgid "x"\nmsgstr "z"\n'])
def test_po_reader_refuses_damaged_files_with_the_line(bad):
    with pytest.raises(PoError, match=r"bad\.po:\d"):
        parse(bad, "bad.po")


def test_english_is_the_template_and_unknown_languages_fall_back_to_it():
    assert LANGUAGES[0] == "en"
    t = Translator("xx")
    assert t.lang == "en" and t("seat.your_turn") == "Your turn"
    assert t("no.such.key") == "no.such.key"
    assert [t.plural("seat.tricks", n) for n in (0, 1, 2)] == ["0 tricks", "1 trick", "2 tricks"]
    assert t.plural("btn.confirm_discard", 0) == "Keep my hand"


def test_pick_language_uses_the_first_preference_with_a_catalog():
    assert pick_language(["xx-YY", "en-GB"]) == "en"
    assert pick_language([]) == "en" and pick_language(None) == "en"
    for code in LANGUAGES:
        assert pick_language(["xx", f"{code.upper()}-ZZ"]) == code
