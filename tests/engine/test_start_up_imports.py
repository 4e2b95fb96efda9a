"""What the first table imports, and what it leaves till it is needed: the rule-set registry
imports a rule set when it is first asked for, and the table with friends (manni.net) is
imported only there. Each check that needs a fresh interpreter runs one."""
from __future__ import annotations

import html
import json
import subprocess
import sys

import pytest

from engine_support import ROOT
from manni.lazy import Later
from manni.match import Match
from manni.record import dumps
from manni.rules import RULE_SETS, get_rules
from manni.ui.markup import _e
from test_architecture import _imports, _module_name

# The modules that define a rule set (each named as its rule set); declared.py only helps.
RULE_SET_MODULES = sorted(cls.__module__.rsplit(".", 1)[1] for cls in RULE_SETS.values())


def fresh(code: str, stdin: str = "") -> dict:
    """Run ``code`` in a new interpreter (manni from the working tree); it prints JSON."""
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, input=stdin, text=True,
                          capture_output=True, check=True)
    return json.loads(proc.stdout)


LOADED = ("import json, sys; print(json.dumps(sorted(m for m in sys.modules"
          " if m.startswith(('manni.rules.', 'manni.net')) or m in ('html', 'gettext', 'pkgutil'))))")


def test_the_first_tables_engine_and_views_import_no_other_rule_set_nor_the_net():
    # nor the declared contracts' actions, nor table talk: the page tells actions apart by
    # their verb
    loaded = fresh("import manni, manni.text, manni.record, manni.ui.render, manni.ui.game\n"
                   "manni.ui.game.Game.new(manni.ui.game.Settings(), 7, manni.text.Translator())\n"
                   + LOADED.replace("m in (", "m in ('manni.talk', "))
    assert loaded == ["manni.rules.base", "manni.rules.classic"]


@pytest.mark.parametrize("name", RULE_SET_MODULES)
def test_asking_for_a_rule_set_imports_its_own_module_only(name):
    loaded = fresh(f"from manni.rules import get_rules\nget_rules({name!r})\n" + LOADED)
    own = {f"manni.rules.{name}", "manni.rules.base"}
    assert own <= set(loaded) <= own | {"manni.rules.declared"}  # its base class's module


def test_listing_the_rule_sets_imports_every_one_in_module_order():
    names = fresh("import json\nfrom manni.rules import RULE_SETS\n"
                  "print(json.dumps([[k, v.__module__] for k, v in RULE_SETS.items()]))")
    files = sorted(p.stem for p in (ROOT / "manni" / "rules").glob("*.py"))
    assert files == sorted(["__init__", "base", "declared", *RULE_SET_MODULES])
    assert [module for _, module in names] == [f"manni.rules.{m}" for m in RULE_SET_MODULES]
    assert [k for k, _ in names] == list(RULE_SETS) == RULE_SET_MODULES
    assert len(RULE_SETS) == len(RULE_SET_MODULES) and "manille" in RULE_SETS
    assert "nonsense" not in RULE_SETS and 3 not in RULE_SETS
    with pytest.raises(KeyError):
        RULE_SETS["nonsense"]


@pytest.mark.parametrize("name", RULE_SET_MODULES)
def test_a_record_of_each_rule_set_loads_in_a_fresh_interpreter(name):
    m = Match(name, seed=5)
    for _ in range(6):
        m.apply(m.legal_actions()[0])
    text = dumps(m)
    out = fresh("import json, sys\nfrom manni.record import dumps, loads\n"
                "m = loads(sys.stdin.read())\n"
                "print(json.dumps([m.rules.name, dumps(m)]))", text)
    assert out == [get_rules(name).name, text]


def test_an_unknown_rule_set_is_refused_with_every_known_one_named():
    loaded = fresh("from manni.errors import ManniError\nfrom manni.rules import get_rules\n"
                   "try:\n    get_rules('nonsense')\nexcept ManniError as e:\n"
                   "    import json; print(json.dumps(str(e)))")
    assert all(name in loaded for name in RULE_SET_MODULES)


def test_a_later_module_is_imported_when_a_name_is_read():
    loaded = fresh("from manni.lazy import Later\nimport json, sys\n"
                   "chat = Later('manni.net.chat')\nbefore = 'manni.net.chat' in sys.modules\n"
                   "n = chat.KEEP_LINES\n"
                   "print(json.dumps([before, 'manni.net.chat' in sys.modules, n]))")
    from manni.net.chat import KEEP_LINES
    assert loaded == [False, True, KEEP_LINES]
    with pytest.raises(AttributeError):
        Later("manni.net.chat").no_such_name


def _at_import(start: str) -> set[str]:
    """The modules of manni that importing ``start`` imports (statically: the imports run
    when each module loads, not those inside functions or under TYPE_CHECKING)."""
    modules = {_module_name(p): p for p in (ROOT / "manni").rglob("*.py")}
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name in seen or name not in modules:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]  # the packages
        todo += [m for _, m in _imports(modules[name], at_import_only=True)]
    return seen


def test_the_page_at_start_up_imports_no_table_with_friends():
    loaded = _at_import("manni.ui.page.boot")
    assert "manni.ui.page.shell" in loaded and "manni.ui.game" in loaded
    later = sorted(m for m in loaded if m.startswith("manni.net") or m in (
        "manni.ui.talk", "manni.ui.netgame", "manni.ui.lobby", "manni.ui.page.net_link"))
    assert later == []


def test_the_markup_escapes_as_html_escape_does():
    for text in ['<a href="x">&amp;</a>', "it's", "", 5, None, "ÆÐ ♠ <<>>"]:
        assert _e(text) == html.escape(str(text), quote=True)
