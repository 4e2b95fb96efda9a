"""manni.module_code: a package's modules imported from one table of .pyc files
(scripts/vendor.py makes manni.zip's), with files beside it for the rest."""
from __future__ import annotations

import base64
import importlib.util
import json
import marshal
import sys
import zipfile

import pytest

from engine_support import ROOT
from manni import module_code
from pyodide_helper import run_in_pyodide
import vendor_runtime

CLI_FILES = vendor_runtime.CLI_FILES

SOURCES = {
    "sample/__init__.py": "from . import low\nNAME = 'sample'\n",
    "sample/low.py": "def double(x):\n    return 2 * x\n",
    "sample/inner/__init__.py": "from .deep import VALUE\n",
    "sample/inner/deep.py": "from ..low import double\nVALUE = double(21)\n",
}


def pyc(source: str, path: str) -> bytes:
    code = compile(source, path, "exec")
    return bytes(importlib.util.MAGIC_NUMBER) + b"\0" * 12 + marshal.dumps(code)


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on sys.path with sample/ and sample/inner/ (empty folders) and the table of
    their modules' bytecode; everything forgotten afterwards."""
    (tmp_path / "sample" / "inner").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    module_code.uninstall()
    for m in [m for m in sys.modules if m == "sample" or m.startswith("sample.")]:
        del sys.modules[m]


def write_table(site, names=SOURCES) -> str:
    path = site / "sample" / "module_code.bin"
    path.write_bytes(module_code.dumps({p + "c": pyc(SOURCES[p], p) for p in names}))
    return str(path)


def test_modules_come_from_the_table_with_the_attributes_files_would_give(site):
    bundle = module_code.install(write_table(site))
    assert bundle is not None and sys.meta_path[0] is bundle
    assert bundle.names() == ["sample", "sample.inner", "sample.inner.deep", "sample.low"]
    import sample.inner
    assert sample.NAME == "sample" and sample.inner.VALUE == 42
    assert sample.__file__ == str(site / "sample" / "__init__.pyc")
    assert sample.inner.__path__ == [str(site / "sample" / "inner")]
    assert sys.modules["sample.low"].__file__ == str(site / "sample" / "low.pyc")
    assert sys.modules["sample.inner.deep"].__spec__.loader is bundle
    assert bundle.is_package("sample.inner") and not bundle.is_package("sample.low")


def test_a_module_not_in_the_table_is_found_in_its_packages_folder(site):
    module_code.install(write_table(site))
    later = site / "sample" / "inner" / "later.py"
    later.write_text("from . import deep\nTWICE = 2 * deep.VALUE\n")
    import sample.inner.later
    assert sample.inner.later.TWICE == 84
    assert sample.inner.later.__spec__.loader is not module_code.installed()
    assert module_code.every_module("sample") == [
        "sample.inner", "sample.inner.deep", "sample.inner.later", "sample.low"]


def test_installing_again_replaces_the_finder(site):
    path = write_table(site)
    first = module_code.install(path)
    second = module_code.install(path)
    assert second is not first
    assert [f for f in sys.meta_path if isinstance(f, module_code.Bundle)] == [second]


def test_without_the_file_nothing_changes(tmp_path):
    before = list(sys.meta_path)
    assert module_code.install(str(tmp_path / "missing.bin")) is None
    assert sys.meta_path == before
    assert not (ROOT / "manni" / "module_code.bin").exists()  # the source tree imports its files


@pytest.mark.parametrize("contents, reason", [
    (b"\xff\xfe not marshal", "damaged"),
    (marshal.dumps([1, 2]), "damaged"),
    (marshal.dumps({"sample/low.pyc": "not bytes"}), "damaged"),
    (marshal.dumps({"sample/low.pyc": b"\x00\x00\r\n" + b"\0" * 12 + marshal.dumps(None)}),
     "compiled by another Python"),
])
def test_a_damaged_table_or_one_from_another_python_is_refused_with_the_reason(
        site, contents, reason):
    path = site / "sample" / "module_code.bin"
    path.write_bytes(contents)
    before = list(sys.meta_path)
    with pytest.raises(ImportError, match=reason):
        module_code.install(str(path))
    assert sys.meta_path == before


# In the page's runtime, from manni.zip and manni-later.zip as built: the first table's modules
# come from the table, the later files' from their folders, and nothing is missing.
FROM_THE_ZIPS = r'''
import base64, importlib, io, json, sys, zipfile
for zipped in ZIPS:
    zipfile.ZipFile(io.BytesIO(base64.b64decode(zipped))).extractall("/tmp/site")
sys.path[:] = ["/tmp/site"] + [p for p in sys.path if p != "/repo"]
import manni
from manni import module_code
bundle = module_code.installed()
names = module_code.every_module("manni")
loaded = {}
for name in names:
    try:
        module = importlib.import_module(name)
    except ImportError:
        continue
    loaded[name] = type(module.__spec__.loader).__name__
print(json.dumps({"names": names, "loaded": loaded, "bundled": bundle.names(),
                  "file": sys.modules["manni.ui.game"].__file__}))
'''


def test_the_game_zips_import_through_the_table():
    zips = [(ROOT / "static" / name).read_bytes() for name in ("manni.zip", "manni-later.zip")]
    with zipfile.ZipFile(ROOT / "static" / "manni.zip") as zf:
        bundled = marshal.loads(zf.read("manni/module_code.bin"))
    out = json.loads(run_in_pyodide(
        f"ZIPS = {[base64.b64encode(z).decode() for z in zips]!r}\n" + FROM_THE_ZIPS))
    assert len(out["bundled"]) == len(bundled) > 40
    assert out["file"] == "/tmp/site/manni/ui/game.pyc"
    loaded = out["loaded"]
    assert loaded["manni.ui.game"] == loaded["manni.actions"] == "Bundle"
    assert loaded["manni.bots.hard"] == loaded["manni.rules.classic"] == "SourcelessFileLoader"
    cli = {f.removesuffix(".pyc").replace("/", ".") for f in CLI_FILES}
    modules = {p.relative_to(ROOT).with_suffix("").as_posix().removesuffix("/__init__")
               .replace("/", ".") for p in (ROOT / "manni").rglob("*.py")}
    assert set(out["names"]) == modules - cli - {"manni"}  # every module the zips hold
