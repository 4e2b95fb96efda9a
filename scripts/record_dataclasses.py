"""What ``@dataclass`` compiles, recorded for manni/dataclass_code.py.

Run by scripts/vendor.py in the page's own runtime (Pyodide under Node), before the package
is imported: :func:`record_dataclasses` imports it and returns every text the dataclasses
module compiled meanwhile, with its code.
"""
from __future__ import annotations

import builtins
import dataclasses
import importlib
import pkgutil
from types import CodeType


def import_package(name: str) -> None:
    """Every module of package ``name`` that imports here (not those needing the page)."""
    package = importlib.import_module(name)
    for module in pkgutil.walk_packages(package.__path__, name + "."):
        if not module.name.endswith("__main__"):
            try:
                importlib.import_module(module.name)
            except ImportError:
                pass


def record_dataclasses(package: str = "manni") -> dict[str, CodeType]:
    """{text: code} for every text the dataclasses module compiles while ``package`` is
    imported; compiled as ``exec`` compiles a text in that module."""
    codes: dict[str, CodeType] = {}

    def compile_and_run(source, globals=None, locals=None, /):  # noqa: A002
        code = compile(source, "<string>", "exec", dont_inherit=True)
        codes[source] = code
        return builtins.exec(code, globals, locals)

    setattr(dataclasses, "exec", compile_and_run)
    try:
        import_package(package)
    finally:
        delattr(dataclasses, "exec")
    return codes
