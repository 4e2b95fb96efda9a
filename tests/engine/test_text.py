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


def _page_locale(tmp_path, monkeypatch):
    """manni/text/locale as the page has it (scripts/vendor.py): the English catalog and
    languages.json; returns {lang: compiled catalog} of the others, still to be fetched."""
    import json
    from manni.text import translate
    from manni.text.po import compile_catalog
    locale = MANNI / "text" / "locale"
    template = parse((locale / "manni.pot").read_text(encoding="utf-8"), "manni.pot")
    (tmp_path / "manni.json").write_text(compile_catalog(template, template=True), encoding="utf-8")
    fetched, names = {}, {"en": "English"}
    for f in locale.glob("*.po"):
        catalog = parse(f.read_text(encoding="utf-8"), f.name)
        fetched[f.stem] = compile_catalog(catalog, template=False)
        names[f.stem] = catalog.entries["language.name"].msgstr[0]
    (tmp_path / "languages.json").write_text(json.dumps(names), encoding="utf-8")
    monkeypatch.setattr(translate, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(translate, "TEMPLATE", tmp_path / "manni.pot")
    translate.load.cache_clear()
    return fetched


def test_compiled_catalogs_translate_exactly_as_the_po_files(tmp_path, monkeypatch):
    from manni.text import translate
    source = {lang: translate.Translator(lang) for lang in translate.LANGUAGES}
    try:
        fetched = _page_locale(tmp_path, monkeypatch)
        assert translate._available() == translate.LANGUAGES
        for lang, text in fetched.items():
            translate.install(lang, text)
        keys = list(translate.load("en").entries)
        for lang, po in source.items():
            compiled = translate.Translator(lang)
            assert compiled.lang == lang and compiled.source is not po.source
            for key in keys:
                assert compiled(key, n=3, name="X", points=2) == po(key, n=3, name="X", points=2)
                for n in (0, 1, 2, 5, 21):
                    assert compiled.plural(key, n) == po.plural(key, n)
    finally:
        translate.load.cache_clear()


def test_a_language_not_fetched_yet_is_english_until_installed(tmp_path, monkeypatch):
    from manni.text import translate
    try:
        fetched = _page_locale(tmp_path, monkeypatch)
        assert not translate.has_catalog("is") and translate.has_catalog("en")
        t = translate.Translator("is")
        assert t.lang == "en" and t("btn.menu") == translate.Translator("en")("btn.menu")
        assert translate.language_name("is") == "Íslenska"  # the menu needs no catalog
        with pytest.raises(PoError, match="is.json"):
            translate.install("is", fetched["is"][:-9])
        assert not translate.has_catalog("is")  # a damaged download is not kept
        with pytest.raises(ValueError):
            translate.install("xx", fetched["is"])
        translate.install("is", fetched["is"])
        assert translate.has_catalog("is") and translate.Translator("is").lang == "is"
    finally:
        translate.load.cache_clear()


def test_a_damaged_compiled_catalog_is_refused_with_its_name():
    from manni.text.po import load_compiled
    for bad in ("{", '{"entries": {}}', '{"headers": {}, "entries": {"k": 3}}'):
        with pytest.raises(PoError, match="is.json"):
            load_compiled(bad, template=False, name="is.json")
