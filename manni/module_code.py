"""The package's modules read from one file, not one file each.

In manni.zip (what a first table imports), scripts/vendor.py puts the bytecode of every
module but this one, the package's ``__init__`` and the rule sets (which ``manni.rules``
finds by listing their folder) into FILE, a table of their ``.pyc`` files.
:func:`install` puts a finder for them first on ``sys.meta_path``: an import of one of them
then asks the file system nothing, where the path finder asks it about every folder and
file on the way, and reads no file of its own. Each module keeps the ``__file__`` and
``__path__`` it would have had unpacked, so its folder still holds the files that are not
in the table (the later zip's among them). Where FILE is absent (the source tree,
CPython), nothing changes.
"""
from __future__ import annotations

import marshal
import os
import sys
from importlib.machinery import ModuleSpec
from importlib.util import MAGIC_NUMBER

FILE = os.path.join(os.path.dirname(__file__), "module_code.bin")
HEADER = 16  # a .pyc's magic number, flags and source stamp, before its code


def dumps(files: dict[str, bytes]) -> bytes:
    """FILE's contents: {"manni/x.pyc" or "manni/y/__init__.pyc": the .pyc's bytes}."""
    return marshal.dumps(files)


class Bundle:
    """Finds and loads the modules of one table of ``.pyc`` files (a ``sys.meta_path``
    finder and their loader)."""

    def __init__(self, files: dict[str, bytes], root: str) -> None:
        self.root = root  # the folder the package's own folder is in
        self.files = files
        self.modules: dict[str, str] = {}  # module name -> its path in files
        for path in files:
            name = path.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
            self.modules[name] = path

    def names(self) -> list[str]:
        return sorted(self.modules)

    def find_spec(self, name: str, path=None, target=None) -> ModuleSpec | None:
        file = self.modules.get(name)
        if file is None:
            return None
        package = self.is_package(name)
        origin = os.path.join(self.root, file)
        spec = ModuleSpec(name, self, origin=origin, is_package=package)  # type: ignore[arg-type]
        if package:
            spec.submodule_search_locations = [os.path.join(self.root, os.path.dirname(file))]
        spec.has_location = True
        return spec

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # the usual module object

    def exec_module(self, module) -> None:
        exec(self.get_code(module.__name__), module.__dict__)

    def get_code(self, name: str):
        data = self.files[self.modules[name]]
        return marshal.loads(memoryview(data)[HEADER:])

    def is_package(self, name: str) -> bool:
        return self.modules[name].endswith("/__init__.pyc")

    def get_source(self, name: str) -> None:
        return None  # bytecode only: tracebacks show no lines


def install(path: str = FILE) -> Bundle | None:
    """Puts the finder of the modules stored at ``path`` first on ``sys.meta_path``; None,
    with nothing changed, when there is no such file. A damaged file, or one made by another
    Python, raises ImportError: its modules are nowhere else."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    try:
        files = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        files = None
    if not isinstance(files, dict) or not all(
            isinstance(k, str) and k.endswith(".pyc") and isinstance(v, bytes)
            for k, v in files.items()):
        raise ImportError(f"{path}: damaged, not a table of compiled modules")
    foreign = sorted(k for k, v in files.items() if v[:len(MAGIC_NUMBER)] != MAGIC_NUMBER)
    if foreign:
        raise ImportError(f"{path}: compiled by another Python ({foreign[0]} and "
                          f"{len(foreign) - 1} more)")
    uninstall()
    bundle = Bundle(files, os.path.dirname(os.path.dirname(path)))
    sys.meta_path.insert(0, bundle)
    return bundle


def installed() -> Bundle | None:
    return next((f for f in sys.meta_path if isinstance(f, Bundle)), None)


def uninstall() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, Bundle)]


def every_module(package: str) -> list[str]:
    """The names of every module of ``package`` (importing its subpackages to list them):
    those in the table and those whose files are in its folders."""
    import importlib
    import pkgutil

    bundle = installed()
    names: set[str] = set()
    packages = [package]
    if bundle is not None:
        names = {n for n in bundle.names() if n.startswith(package + ".")}
        packages += sorted(n for n in names if bundle.is_package(n))
    seen = set()
    while packages:
        name = packages.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        for info in pkgutil.iter_modules(getattr(module, "__path__", []), name + "."):
            names.add(info.name)
            if info.ispkg:
                packages.append(info.name)
    return sorted(names)
