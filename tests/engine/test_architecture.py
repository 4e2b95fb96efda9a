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


# -- the page -----------------------------------------------------------------------------
PAGE = ROOT / "manni" / "ui" / "page"
BROWSER = {"js", "pyscript", "pyodide"}


def _module_name(path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path, at_import_only: bool = False):
    """(line, module) for each import in ``path``, relative ones resolved; ``from X import
    a`` names X.a when that is a module of manni. Imports under ``if TYPE_CHECKING:`` are
    left out; with ``at_import_only``, so are those inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for n in ast.walk(node))
        if at_import_only and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            skipped.update(id(n) for n in ast.walk(node) if n is not node)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package[:len(package) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            for a in node.names:
                sub = ROOT.joinpath(*f"{base}.{a.name}".split("."))
                named = sub.with_suffix(".py").is_file() or (sub / "__init__.py").is_file()
                yield node.lineno, f"{base}.{a.name}" if named else base


def test_only_the_page_package_touches_the_browser():
    """js / pyscript / pyodide are imported in manni/ui/page/ and nowhere else in manni/, so
    every other module (the rest of manni/ui included) runs and is tested in CPython."""
    outside = [f"{p.relative_to(ROOT)}:{line} imports {name}"
               for p in sorted((ROOT / "manni").rglob("*.py")) if PAGE not in p.parents
               for line, name in _imports(p) if name.split(".")[0] in BROWSER]
    assert outside == []
    inside = {p.name for p in PAGE.glob("*.py")
              if any(name.split(".")[0] in BROWSER for _, name in _imports(p))}
    assert "dom.py" in inside
    pure_importers = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "manni").rglob("*.py"))
                      if PAGE not in p.parents
                      and any(name.startswith("manni.ui.page") for _, name in _imports(p))]
    assert pure_importers == []


def _cycle(graph):
    """One import cycle of ``graph`` (module -> modules), as a list, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_the_package_has_no_import_cycle():
    """Every import, at any depth (inside functions too: an import put off to dodge a cycle
    is the cycle), other than those under TYPE_CHECKING, forms no cycle in manni/."""
    modules = {_module_name(p): p for p in (ROOT / "manni").rglob("*.py")}
    graph = {name: {m for _, m in _imports(path) if m in modules and m != name}
             for name, path in modules.items()}
    assert sum(map(len, graph.values())) > 100
    assert _cycle(graph) is None


def test_no_module_of_the_ui_is_a_room_everything_passes_through():
    """400 lines at most: a new concern of the page is a new module."""
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
             for p in (ROOT / "manni" / "ui").rglob("*.py")}
    assert {p: n for p, n in sizes.items() if n > 400} == {}


def _action_tables():
    """{data-action: (module, class, method)} from each ``ACTIONS = {...}`` of manni/ui/page/,
    checking each names a method of its own class and no action is in two tables."""
    tables: dict[str, tuple[str, str, str]] = {}
    for path in sorted(PAGE.glob("*.py")):
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(cls, ast.ClassDef):
                continue
            methods = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
            for node in cls.body:
                if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "ACTIONS":
                    assert isinstance(node.value, ast.Dict), path.name
                    for key, value in zip(node.value.keys, node.value.values):
                        assert isinstance(key, ast.Constant) and isinstance(value, ast.Name)
                        assert value.id in methods, (path.name, cls.name, value.id)
                        assert key.value not in tables, (key.value, tables.get(key.value))
                        tables[key.value] = (path.name, cls.name, value.id)
    return tables


def _markup_actions():
    """(data-actions written out in index.html and the renderers, every string constant of a
    renderer that builds ``data-action="{...}"`` from a variable)."""
    written, built = set(), set()
    sources = [(ROOT / "index.html").read_text(encoding="utf-8")]
    renderers = [p for p in sorted((ROOT / "manni" / "ui").glob("*.py"))]
    for path in renderers:
        text = path.read_text(encoding="utf-8")
        sources.append(text)
        if 'data-action="{' in text:
            built |= {n.value for n in ast.walk(ast.parse(text))
                      if isinstance(n, ast.Constant) and isinstance(n.value, str)
                      and re.fullmatch(r"[a-z]+(-[a-z]+)*", n.value)}
    for text in sources:
        written |= set(re.findall(r'data-action="([a-z][a-z-]*)"', text))
        written |= set(re.findall(r"data-action=([a-z][a-z-]*)\b", text))
    return written, built


def test_every_data_action_has_one_handler_and_every_handler_a_data_action():
    tables = _action_tables()
    written, built = _markup_actions()
    assert len(tables) > 30 and len(written) > 25
    assert sorted(written - set(tables)) == []
    assert sorted(set(tables) - written - built) == []
    # the buttons the renderers name through a variable: each has its handler too
    assert {"take-manni", "keep-hand", "declare", "overcall", "pass", "dismiss-alert",
            "download-damaged", "export", "take-back"} <= set(tables) & built


def test_the_page_dispatches_only_through_the_action_tables():
    for path in PAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "getattr(" not in text, path.name
        assert not re.search(r"def do_", text), path.name
