"""What docs/architecture.md promises about the code's shape."""
from __future__ import annotations

import ast
import re

from manni.rules import RULE_SETS
from manni.rules.base import TARGET

from engine_support import ROOT


def _names_outside_rules():
    """(file, line, constant) for every comparison with a rule set's name, and every lookup
    of an option of one (other than the target), outside manni/rules/. The UI's settings
    module is the one binding of options to the New match form and storage, so it names them."""
    names = set(RULE_SETS)
    options = {key for rules in RULE_SETS.values() for key in rules.options} - {"target"}
    for path in sorted((ROOT / "manni").rglob("*.py")):
        if "rules" in path.relative_to(ROOT / "manni").parts or path.name == "settings.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            consts = []
            if isinstance(node, ast.Compare):
                consts = [n for n in (node.left, *node.comparators) if isinstance(n, ast.Constant)]
                consts = [c for c in consts if c.value in names]
            elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                consts = [node.slice] if node.slice.value in options else []
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "get" and node.args
                  and isinstance(node.args[0], ast.Constant)):
                consts = [node.args[0]] if node.args[0].value in options else []
            for c in consts:
                yield path.name, c.lineno, c.value


def test_no_code_outside_a_rule_set_asks_which_rule_set_it_is():
    assert list(_names_outside_rules()) == []


def test_the_target_bounds_shown_by_the_page_are_the_rule_sets():
    """The bounds live in rules.base.TARGET; the markup and the catalog repeat them."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    field = re.search(r'<input id="opt-target"[^>]*>', html).group(0)
    assert f'min="{TARGET.low}"' in field and f'max="{TARGET.high}"' in field
    pot = (ROOT / "manni" / "text" / "locale" / "manni.pot").read_text(encoding="utf-8")
    assert f'msgid "Target ({TARGET.low}–{TARGET.high} points)"' in pot
