"""manni.dataclass_code: the dataclasses' generated methods from code compiled ahead
(scripts/record_dataclasses.py records it, scripts/vendor.py ships it in manni.zip)."""
from __future__ import annotations

import base64
import dataclasses
import json
import sys
import types
import zipfile
from pathlib import Path

import pytest
from record_dataclasses import record_dataclasses

from engine_support import ROOT
from manni import dataclass_code
from pyodide_helper import run_in_pyodide

CLASS = '''
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Point:
    """A point."""
    x: int
    y: int = 0
    tags: tuple = field(default=())
'''


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package 'sample' with one dataclass module; importable, forgotten afterwards."""
    (tmp_path / "sample").mkdir()
    (tmp_path / "sample" / "__init__.py").write_text("")
    (tmp_path / "sample" / "point.py").write_text(CLASS)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    forget()
    dataclass_code.uninstall()


def forget(name: str = "sample") -> None:
    for m in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[m]


def code_objects(code: types.CodeType):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from code_objects(const)


def test_a_class_made_from_stored_code_is_the_class_the_dataclasses_module_makes(package):
    codes = record_dataclasses("sample")
    assert codes and not hasattr(dataclasses, "exec")  # recording leaves nothing behind
    plain = sys.modules["sample.point"].Point
    forget()
    path = package / "dataclass_code.bin"
    path.write_bytes(dataclass_code.dumps(codes))
    stored = dataclass_code.install(str(path))
    assert stored is not None
    from sample.point import Point
    assert (stored.hits, stored.misses) == (len(codes), 0)
    # its methods are the stored code's own functions, and they behave as the plain ones
    known = {id(c) for code in stored.codes.values() for c in code_objects(code)}
    assert id(Point.__init__.__code__) in known and id(Point.__eq__.__code__) in known
    p = Point(1, tags=("a",))
    assert (p.x, p.y, p.tags) == (1, 0, ("a",)) and p == Point(1, 0, ("a",)) and p != Point(2)
    assert repr(p) == repr(plain(1, tags=("a",))) == "Point(x=1, y=0, tags=('a',))"
    assert hash(p) == hash(Point(1, 0, ("a",)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3  # type: ignore[misc]
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "y", "tags"]
    assert dataclasses.replace(p, y=5) == Point(1, 5, ("a",))
    assert Point.__doc__ == "A point."


def test_a_text_not_stored_is_compiled_as_usual(package):
    path = package / "dataclass_code.bin"
    path.write_bytes(dataclass_code.dumps({}))
    stored = dataclass_code.install(str(path))
    from sample.point import Point
    assert stored is not None and stored.hits == 0 and stored.misses >= 1
    assert Point(2, 3) == Point(2, 3)


@pytest.mark.parametrize("contents", [
    b"",                                                    # empty
    b"cpython-299 9.9.9 (another Python)\n" + b"\x00" * 8,  # made by another Python
    dataclass_code.TAG + b"\n" + b"\xff\xfe not marshal",  # damaged
    dataclass_code.TAG + b"\n" + __import__("marshal").dumps([1, 2]),  # not a table
])
def test_a_file_from_another_python_or_damaged_is_not_used(package, contents):
    path = package / "dataclass_code.bin"
    path.write_bytes(contents)
    assert dataclass_code.install(str(path)) is None
    assert not hasattr(dataclasses, "exec")
    from sample.point import Point
    assert Point(1) == Point(1, 0)


def test_without_the_file_nothing_changes(tmp_path):
    assert dataclass_code.install(str(tmp_path / "missing.bin")) is None
    assert not hasattr(dataclasses, "exec")
    assert not Path(dataclass_code.FILE).exists()  # the source tree has none: CPython compiles


# In the page's runtime, from manni.zip and manni-later.zip as built: every dataclass of the
# package that imports there comes from stored code (scripts/vendor.py recorded the texts from the
# sources; the zip's bytecode is stripped, so this checks they still match).
FROM_THE_ZIP = r'''
import base64, dataclasses, importlib, io, json, sys, zipfile
for zipped in ZIPS:
    zipfile.ZipFile(io.BytesIO(base64.b64decode(zipped))).extractall("/tmp/site")
sys.path[:] = ["/tmp/site"] + [p for p in sys.path if p != "/repo"]
import manni
stored = dataclasses.exec
classes = set()
for name in manni.module_code.every_module("manni"):
    if name.endswith("__main__"):
        continue
    try:
        module = importlib.import_module(name)
    except ImportError:
        continue
    classes |= {f"{name}.{k}" for k, v in vars(module).items()
                if isinstance(v, type) and dataclasses.is_dataclass(v) and v.__module__ == name}
print(json.dumps({"file": manni.__file__, "hits": stored.hits, "misses": stored.misses,
                  "classes": sorted(classes)}))
'''


def test_every_dataclass_in_manni_zip_is_made_from_stored_code():
    zips = [(ROOT / "static" / name).read_bytes() for name in ("manni.zip", "manni-later.zip")]
    with zipfile.ZipFile(ROOT / "static" / "manni.zip") as zf:
        assert "manni/dataclass_code.bin" in zf.namelist()
    out = json.loads(run_in_pyodide(
        f"ZIPS = {[base64.b64encode(z).decode() for z in zips]!r}\n" + FROM_THE_ZIP))
    assert out["file"].startswith("/tmp/site/manni/")  # the zip's bytecode, not the sources
    assert out["misses"] == 0
    assert len(out["classes"]) >= 20 and "manni.view.SeatView" in out["classes"]
    assert "manni.net.chat.Chat" in out["classes"]  # from manni-later.zip
    assert out["hits"] >= len(out["classes"])
