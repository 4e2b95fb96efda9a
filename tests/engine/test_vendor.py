"""scripts/vendor.py: build ids, the service worker's precache list, the trimmed stdlib."""
from __future__ import annotations

import hashlib
import importlib
import json
import marshal
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import bytecode
import pytest
import strip_source
import game_zips
import site_files
import vendor_runtime

from test_start_up_imports import _at_import

ROOT = Path(__file__).resolve().parents[2]

LINKED = "static/vendor/pyscript/core-abc.js"


def fake_site(tmp_path: Path) -> Path:
    files = set(site_files.SNAPSHOT_INPUTS) | set(site_files.PRECACHE_FIXED) | {
        LINKED, "static/js/net.js", site_files.BOOT_SOURCE, "static/icons/icon-192.png", site_files.SW_TEMPLATE}
    for rel in files:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(rel.encode())
    (tmp_path / "index.html").write_text(f'<link rel="modulepreload" href="./{LINKED}">')
    (tmp_path / site_files.SW_TEMPLATE).write_text("// the worker's code\n")
    (tmp_path / "static/vendor/pyodide/pyodide.mjs").write_text(FAKE_PYODIDE)
    (tmp_path / site_files.RUNTIME_SOURCE).write_text(FAKE_RUNTIME)
    (tmp_path / "static/js/part.mjs").write_text(FAKE_PART)
    return tmp_path


# Shaped as the vendored runtime's module (minified, one export list, a source map) and the
# page's runtime module.
FAKE_PYODIDE = ('function o(e,t){return e}function dt(){return "loaded"}o(dt,"loadPyodide");'
                'var U="0.0";export{dt as loadPyodide,U as version};\n'
                "//# sourceMappingURL=pyodide.mjs.map\n")
FAKE_RUNTIME = """import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";
import { RUNTIME } from "../vendor/build.mjs";
import { twice } from "../js/part.mjs";
export const KEY = `snapshot-${RUNTIME}`;
export const FOUR = twice(2);
export { load, version };
"""
# A part of the runtime module, with no imports of its own (static/js/early-wasm.mjs, ...).
FAKE_PART = """const TWO = 2;
export function twice(x) { return TWO * x; }
export async function later() { return 0; }
"""


def sw_constants(site: Path) -> tuple[str, dict]:
    text = (site / "sw.js").read_text()
    build = json.loads(text.split("const BUILD = ", 1)[1].split(";\n", 1)[0])
    files = json.loads(text.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    assert text.endswith("// the worker's code\n")
    return build, files


def test_runtime_id_follows_every_snapshot_input(tmp_path):
    site = fake_site(tmp_path)
    first = site_files.write_build_files(site)["runtime"]
    assert f'RUNTIME = "{first}"' in (site / site_files.BUILD_MODULE).read_text()
    assert site_files.write_build_files(site)["runtime"] == first  # deterministic
    seen = {first}
    for rel in site_files.SNAPSHOT_INPUTS:  # a change in any input: a new id
        (site / rel).write_bytes((site / rel).read_bytes() + b"\n//!")
        seen.add(site_files.write_build_files(site)["runtime"])
    assert len(seen) == len(site_files.SNAPSHOT_INPUTS) + 1


def test_runtime_id_ignores_what_the_snapshot_does_not_hold(tmp_path):
    site = fake_site(tmp_path)
    first = site_files.write_build_files(site)
    (site / "index.html").write_text(f'<p>new</p><script src="./{LINKED}"></script>')
    (site / "static" / "js" / "net.js").write_text("// changed")
    again = site_files.write_build_files(site)
    assert again["runtime"] == first["runtime"]
    assert again["build"] != first["build"]  # but the site changed: a new deploy


def test_service_worker_lists_every_file_with_its_hash(tmp_path):
    site = fake_site(tmp_path)
    ids = site_files.write_build_files(site)
    build, files = sw_constants(site)
    assert build == ids["build"]
    assert LINKED in files and "static/js/net.js" in files and "index.html" in files
    assert "static/icons/icon-192.png" in files and site_files.BUILD_MODULE in files
    assert site_files.SW_TEMPLATE not in files and "sw.js" not in files
    assert site_files.BOOT_SOURCE not in files  # served inside static/vendor/boot.js
    for rel, digest in files.items():
        assert hashlib.sha256((site / rel).read_bytes()).hexdigest() == digest


def test_the_page_knows_the_first_tables_that_need_the_later_files(tmp_path):
    """build.mjs names what static/js/runtime.mjs reads to fetch both zips while Python
    starts: the page's own storage keys and address names, the partnership rule sets."""
    from manni.ui.settings import RECORD_KEY, SETTINGS_KEY, TABLE_PARAMS
    site = fake_site(tmp_path)
    site_files.write_build_files(site)
    text = (site / site_files.BUILD_MODULE).read_text()
    names = json.loads(text.split("export const LATER_AT_ONCE = ", 1)[1].split(";\n", 1)[0])
    assert names == {"params": list(TABLE_PARAMS), "record": RECORD_KEY,
                     "settings": SETTINGS_KEY, "rules": ["manille"], "variants": ["manille"]}


def test_the_runtime_module_holds_the_modules_it_imports(tmp_path):
    site = fake_site(tmp_path)
    ids = site_files.write_build_files(site)
    bundle = site / site_files.RUNTIME_MODULE
    assert not re.search(r"^import\s", bundle.read_text(), re.M)
    run = subprocess.run(
        ["node", "--input-type=module", "-e",
         f"const m = await import({json.dumps(bundle.as_uri())});"
         "console.log(JSON.stringify([m.KEY, m.version, m.load(), m.FOUR]))"],
        capture_output=True, text=True, check=True)
    assert json.loads(run.stdout) == [f"snapshot-{ids['runtime']}", "0.0", "loaded", 4]
    _, files = sw_constants(site)  # the service worker keeps the module, not its sources
    assert site_files.RUNTIME_MODULE in files and site_files.RUNTIME_SOURCE not in files
    assert "static/js/part.mjs" not in files


def test_a_runtime_module_that_would_not_run_from_its_folder_is_refused(tmp_path, capsys):
    site = fake_site(tmp_path)
    (site / site_files.RUNTIME_SOURCE).write_text(
        FAKE_RUNTIME + 'export const worker = () => new Worker(new URL("./w.mjs", import.meta.url));\n')
    with pytest.raises(SystemExit):
        site_files.write_build_files(site)
    assert "names a file from its own folder" in capsys.readouterr().err


def test_missing_precached_file_is_an_error(tmp_path):
    site = fake_site(tmp_path)
    (site / LINKED).unlink()
    with pytest.raises(SystemExit):
        site_files.write_build_files(site)


def make_zip(path: Path, entries: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)


def test_trim_stdlib_keeps_exactly_what_is_asked_and_its_folders(tmp_path):
    src, dest = tmp_path / "full.zip", tmp_path / "trim.zip"
    make_zip(src, {"os.py": b"os", "pdb.py": b"pdb", "json/": b"", "json/__init__.py": b"j",
                   "json/tool.py": b"t", "email/": b"", "email/__init__.py": b"e",
                   "a/": b"", "a/b/": b"", "a/b/c.py": b"c"})
    kept, total = vendor_runtime.trim_stdlib(src, dest, {"os.py", "json/__init__.py", "a/b/c.py"})
    with zipfile.ZipFile(dest) as zf:
        names = zf.namelist()
        assert names == ["os.py", "json/", "json/__init__.py", "a/", "a/b/", "a/b/c.py"]
        assert zf.read("a/b/c.py") == b"c" and zf.read("os.py") == b"os"
    assert (kept, total) == (6, 10)


def test_trim_stdlib_refuses_a_module_the_runtime_lacks(tmp_path):
    src = tmp_path / "full.zip"
    make_zip(src, {"os.py": b"os"})
    with pytest.raises(SystemExit):
        vendor_runtime.trim_stdlib(src, tmp_path / "trim.zip", {"os.py", "nothere.py"})


def test_trim_stdlib_writes_the_replaced_sources(tmp_path):
    src, dest = tmp_path / "full.zip", tmp_path / "trim.zip"
    make_zip(src, {"os.py": b"# long comment\nx = 1\n", "re.py": b"r"})
    vendor_runtime.trim_stdlib(src, dest, {"os.py", "re.py"},
                       {"os.py": ("os.py", b"\nx = 1\n"), "re.py": ("re.pyc", b"code")})
    with zipfile.ZipFile(dest) as zf:
        assert sorted(zf.namelist()) == ["os.py", "re.pyc"]
        assert zf.read("os.py") == b"\nx = 1\n" and zf.read("re.pyc") == b"code"


SOURCE = '''#!/usr/bin/env python
"""Module docstring,
on two lines."""
import re  # kept: a comment after code

# a comment alone on its line
PATTERN = re.compile(r"""
    \\d+   # inside a string: not a comment
""", re.VERBOSE)


def only_doc():
    """Nothing else here."""


class Thing:
    'Doc.'
    value = "# not a comment"

    def method(self):  # kept
        "Short doc."
        return 1 / 0


def shares_a_line(): "kept: code on the same line"; return 2
'''


def test_strip_source_drops_comments_and_docstrings_and_keeps_every_line():
    out = strip_source.strip(SOURCE)
    assert out.count("\n") == SOURCE.count("\n")
    assert "docstring" not in out and "alone on its line" not in out and "Doc." not in out
    assert "Short doc." not in out and "#!/usr/bin" not in out
    for kept in ("# kept: a comment after code", "# inside a string: not a comment",
                 '"# not a comment"', '"kept: code on the same line"', "def method(self):  # kept"):
        assert kept in out, kept
    assert out.splitlines()[12] == "    pass"  # only_doc's docstring was its body
    ns: dict = {}
    exec(compile(out, "stripped", "exec"), ns)
    assert ns["only_doc"]() is None and ns["shares_a_line"]() == 2 and ns.get("__doc__") is None
    assert ns["PATTERN"].pattern == re.compile(ns["PATTERN"].pattern).pattern
    assert ns["PATTERN"].search("ab 42").group() == "42"
    try:
        ns["Thing"]().method()
    except ZeroDivisionError as e:  # tracebacks still name the original line
        assert e.__traceback__.tb_next.tb_lineno == SOURCE.splitlines().index(
            "        return 1 / 0") + 1


def test_strip_source_keeps_a_dataclass_docstring():
    # @dataclass makes a class without one a docstring from inspect.signature: slow to start
    src = ('from dataclasses import dataclass\nimport dataclasses\n\n\n@dataclass(frozen=True)\n'
           'class Seat:\n    """A seat."""\n\n    name: str\n\n\n@dataclasses.dataclass\n'
           'class Pair:\n    "Two."\n    a: int\n\n\nclass Plain:\n    """Gone."""\n')
    out = strip_source.strip(src)
    assert '"""A seat."""' in out and '"Two."' in out and "Gone." not in out
    ns: dict = {}
    exec(compile(out, "stripped", "exec"), ns)
    assert ns["Seat"].__doc__ == "A seat." and ns["Pair"].__doc__ == "Two."
    assert ns["Plain"].__doc__ is None


def test_every_dataclass_of_the_game_has_a_docstring():
    import ast
    missing = []
    for path in sorted((ROOT / "manni").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if strip_source._is_dataclass(node) and ast.get_docstring(node) is None:
                missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert missing == []


def test_pyscript_imports_are_read_from_its_python_strings(tmp_path, monkeypatch):
    chunk = tmp_path / "pyscript" / "core-x.js"
    chunk.parent.mkdir()
    chunk.write_text('run("import js\\nfrom pyscript.util import x\\nimport os, json as j\\n")')
    monkeypatch.setattr(vendor_runtime, "VENDOR", tmp_path)
    assert vendor_runtime.pyscript_imports() == {"js", "pyscript.util", "os", "json"}


def _codes(code) -> list:
    """``code`` and the code objects inside it, depth first."""
    return [code] + [x for c in code.co_consts if hasattr(c, "co_lines") for x in _codes(c)]


def _lines(code) -> list:
    """Every code unit's line, for ``code`` and the code objects inside it."""
    return [[line for start, end, line in c.co_lines() for _ in range(start, end, 2)]
            for c in _codes(code)]


def _load_pyc(data: bytes, tmp_path: Path, name: str):
    """Import a .pyc the way the page does: sourceless, from a zip on sys.path."""
    archive = tmp_path / f"{name}.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr(f"{name}.pyc", data)
    sys.path.insert(0, str(archive))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(archive))
        sys.modules.pop(name, None)


def test_bytecode_keeps_every_line_and_drops_the_columns(tmp_path):
    code = compile(SOURCE.encode(), "x.py", "exec")
    kept = bytecode.relined(code, lines=True)
    assert _lines(kept) == _lines(code)
    assert len(kept.co_linetable) < len(code.co_linetable)
    assert {p[2:] for p in kept.co_positions()} <= {(None, None)}  # no columns left
    module = _load_pyc(bytecode.pyc(SOURCE.encode(), "x.py", lines=True), tmp_path, "kept_lines")
    assert module.shares_a_line() == 2 and module.PATTERN.search("ab 42").group() == "42"
    try:
        module.Thing().method()
    except ZeroDivisionError as e:
        assert e.__traceback__.tb_next.tb_lineno == SOURCE.splitlines().index(
            "        return 1 / 0") + 1


def test_bytecode_without_lines_names_each_function_s_first_line(tmp_path):
    code = compile(SOURCE.encode(), "x.py", "exec")
    bare = bytecode.relined(code, lines=False)
    for lines, first in zip(_lines(bare), [c.co_firstlineno for c in _codes(code)]):
        assert set(lines) <= {None, first} and first in lines
    module = _load_pyc(bytecode.pyc(SOURCE.encode(), "x.py", lines=False), tmp_path, "no_lines")
    try:
        module.Thing().method()
    except ZeroDivisionError as e:
        assert e.__traceback__.tb_next.tb_lineno == SOURCE.splitlines().index(
            "    def method(self):  # kept") + 1


def test_bytecode_entries_cover_long_runs_of_one_line():
    source = "x = [" + ", ".join(f"f({i})" for i in range(300)) + "]\n"
    code = compile(source, "long.py", "exec")
    assert _lines(bytecode.relined(code, lines=True)) == _lines(code)
    far = compile("\n" * 5000 + "y = 1\n", "far.py", "exec")  # a line delta of many bytes
    assert _lines(bytecode.relined(far, lines=True)) == _lines(far)


def test_page_stdlib_compiles_a_module_only_when_its_bytes_pay(monkeypatch):
    import base64
    big = b"x = 1\n" * 400           # much source, compiles small
    small = b"import os\n"           # its .pyc is larger than its source
    monkeypatch.setattr(vendor_runtime, "run_pyodide", lambda code, what: json.dumps({
        "big.py": [base64.b64encode(big).decode(), base64.b64encode(b"c" * 50).decode()],
        "small.py": [base64.b64encode(small).decode(),
                     base64.b64encode(bytes(range(256))).decode()]}))
    chosen = vendor_runtime.page_stdlib({"big.py", "small.py"})
    assert chosen["big.py"] == ("big.pyc", b"c" * 50)
    assert chosen["small.py"] == ("small.py", small)


def test_pyscript_bytecode_in_the_game_zips_is_that_of_the_sources_pyscript_writes():
    """PyScript writes its package from its chunk at every start; the page then imports the
    unchecked .pyc beside each file as is, so the two must come from the same source."""
    import base64
    from pyodide_helper import run_in_pyodide
    sources = game_zips.pyscript_sources()
    assert "pyscript/__init__.py" in sources and len(sources) >= 10
    hashes = json.loads(run_in_pyodide(
        "import base64, importlib.util, json, sys\n"
        f"sources = {sources!r}\n"
        "print(json.dumps({'tag': sys.implementation.cache_tag, 'hashes': {rel: base64.b64encode("
        "importlib.util.source_hash(s.encode('utf-8'))).decode() for rel, s in sources.items()}}))"))
    with zipfile.ZipFile(game_zips.LATER_ZIP) as zf:  # PyScript's start-up is after the table
        for rel in sources:
            folder, name = rel.rsplit("/", 1)
            pyc = zf.read(f"{folder}/__pycache__/{name[:-3]}.{hashes['tag']}.pyc")
            assert int.from_bytes(pyc[4:8], "little") == 0b01, rel  # hash-based, unchecked
            assert pyc[8:16] == base64.b64decode(hashes["hashes"][rel]), rel


def test_the_warm_up_sample_is_a_first_table_with_only_its_players_cards(tmp_path, monkeypatch):
    from manni import Match, card_code, cards_of
    monkeypatch.setattr(site_files, "WARM_UP", tmp_path / "sample-table.mjs")
    site_files.write_warm_up()
    module = (tmp_path / "sample-table.mjs").read_text(encoding="utf-8")
    html = json.loads(module.split("export const TABLE = ", 1)[1].rstrip().removesuffix(";"))
    assert 'id="hand"' in html and 'data-seat="1"' in html and 'data-seat="2"' in html
    deal = Match("classic", {}, site_files.WARM_UP_SEED).deal
    shown = set(re.findall(r'data-card="([^"]+)"', html))
    assert shown == {card_code(c) for c in cards_of(deal.hands[0])}
    assert len(shown) == 12


def test_the_two_game_zips_share_the_package_between_them():
    """manni.zip holds what a first table needs, manni-later.zip the rest: each file of the
    game once, a folder of later files only not in manni.zip (an import would take the empty
    folder for a namespace package), the rule sets in manni.zip, the bots in manni-later.zip,
    and nothing the first table or its rule set imports there."""
    with zipfile.ZipFile(ROOT / "static" / "manni.zip") as zf:
        first = set(zf.namelist())
        bundled = set(marshal.loads(zf.read("manni/module_code.bin")))
    assert not first & bundled  # each module once: in the table or as its own file
    assert {"manni/ui/page/shell.pyc", "manni/ui/__init__.pyc", "manni/actions.pyc"} <= bundled
    assert not any(n.startswith(game_zips.UNBUNDLED) for n in bundled)
    first |= bundled
    with zipfile.ZipFile(game_zips.LATER_ZIP) as zf:
        later = set(zf.namelist())
    files = lambda names: {n for n in names if not n.endswith("/")}  # noqa: E731
    assert not files(first) & files(later)
    assert all(game_zips.is_later(n) for n in later) and not any(game_zips.is_later(n) for n in first)
    assert "manni/net/" in later and "manni/net/" not in first
    assert {"manni/net/protocol.pyc", "manni/ui/rules_page.pyc", "manni/bots/hard.pyc"} <= later
    modules = {p.relative_to(ROOT).with_suffix(".pyc").as_posix()
               for p in (ROOT / "manni").rglob("*.py")}
    game = modules - vendor_runtime.CLI_FILES
    assert files(first) | files(later) >= game
    assert {n for n in game if n.startswith("manni/rules/")} <= first
    assert {n for n in game if n.startswith("manni/bots/")} <= later
    path = lambda module: next(f for f in (module.replace(".", "/") + ".pyc",  # noqa: E731
                                           module.replace(".", "/") + "/__init__.pyc") if f in game)
    # the first table's imports, and its rule set's (the registry imports it when asked)
    at_start = _at_import("manni.ui.page.boot")
    assert len(at_start) > 40
    for rule_set in (ROOT / "manni" / "rules").glob("*.py"):
        at_start |= _at_import(f"manni.rules.{rule_set.stem}")
    assert {"manni.rules.manille", "manni.exchange"} <= at_start
    assert not [m for m in at_start if path(m) in later]


# What the page's Python start hands Pyodide's bootstrap for its package loader, run here in
# CPython without its site (which imports shutil itself), on Pyodide's own module: the
# pyodide package's ffi and common are stand-ins.
PACKAGE_LOADER_RUN = '''
import json, sys, types
pkg = types.ModuleType("pyodide"); pkg.__path__ = []
ffi = types.ModuleType("pyodide.ffi"); ffi.IN_PYODIDE = True
ffi.JsArray = ffi.JsBuffer = list; ffi.to_js = lambda x: x
common = types.ModuleType("pyodide.common"); common.install_files = lambda src, dst: [src, dst]
sys.modules.update({"pyodide": pkg, "pyodide.ffi": ffi, "pyodide.common": common})
ARCHIVES = ("shutil", "tempfile", "zipfile")
seen = lambda: [m for m in ARCHIVES if m in sys.modules]
steps = [seen()]
exec(json.loads(sys.stdin.read()))
import importlib
loader = importlib.import_module("pyodide._package_loader")
steps += [seen(), [type(f).__name__ if not isinstance(f, type) else f.__name__ for f in sys.meta_path]]
steps += [loader.get_format(".whl"), seen(), loader.install_files("a", "b"), str(loader.DSO_DIR)]
print(json.dumps(steps))
'''


def test_pyodides_package_loader_imports_its_archive_modules_when_first_used():
    with zipfile.ZipFile(ROOT / "node_modules/pyodide/python_stdlib.zip") as z:
        source = z.read("pyodide/_package_loader.py").decode("utf-8")
    hook = (ROOT / vendor_runtime.PACKAGE_LOADER_HOOK).read_text(encoding="utf-8")
    code = f"exec({hook!r}, {{'__name__': 'hook', 'SOURCE': {vendor_runtime.package_loader_on_use(source)!r}}})"
    out = subprocess.run([sys.executable, "-S", "-c", PACKAGE_LOADER_RUN], input=json.dumps(code),
                         capture_output=True, text=True, check=True).stdout
    before, imported, finders, wheel, used, installed, dso = json.loads(out)
    assert before == [] and imported == []
    assert "Finder" not in finders  # it leaves once it has given the loader
    # shutil imported by its first use, with the wheel format Pyodide registers
    assert wheel == "whl" and used == ["shutil"]
    assert installed == ["a", "b"] and dso == "/usr/lib"


def test_a_package_loader_that_reads_otherwise_is_refused(capsys):
    with pytest.raises(SystemExit):
        vendor_runtime.package_loader_on_use("import shutil\nimport shutil\n")
    assert "update PACKAGE_LOADER_EDITS" in capsys.readouterr().err
    edited = "".join(vendor_runtime.PACKAGE_LOADER_EDITS) + "\nimport zipfile\n"
    with pytest.raises(SystemExit):
        vendor_runtime.package_loader_on_use(edited)
    assert "does not know" in capsys.readouterr().err
