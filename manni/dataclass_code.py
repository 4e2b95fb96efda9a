"""The code ``@dataclass`` compiles for the package's classes, compiled ahead of time.

Making a dataclass compiles the source of the methods the dataclasses module writes for it
(``__init__``, ``__repr__``, ``__eq__``, ...): in Pyodide, most of what a dataclass costs,
and dataclasses are much of what importing the engine costs. scripts/vendor.py compiles
those texts in the page's own runtime while it imports the whole package
(scripts/record_dataclasses.py) and ships them in manni.zip as FILE; :func:`install` then has
the dataclasses module run the stored code for a text it knows. A text it does not know is
compiled as usual, and a file made by another Python is not used, so every class comes out
as the dataclasses module alone would make it. Where FILE is absent (the source tree,
CPython), nothing changes.
"""
from __future__ import annotations

import builtins
import dataclasses
import marshal
import os
import sys
from types import CodeType

FILE = os.path.join(os.path.dirname(__file__), "dataclass_code.bin")
# Code objects are one Python's own: the file starts with the interpreter it was made by.
TAG = f"{sys.implementation.cache_tag} {sys.version}".encode()


class Stored:
    """Stands in for ``exec`` in the dataclasses module: the stored code for a known text."""

    def __init__(self, codes: dict[str, CodeType]) -> None:
        self.codes = codes
        self.hits = 0
        self.misses = 0

    def __call__(self, source, globals=None, locals=None, /):  # noqa: A002 (exec's own names)
        code = self.codes.get(source) if isinstance(source, str) else None
        if code is None:
            self.misses += 1
            return builtins.exec(source, globals, locals)
        self.hits += 1
        return builtins.exec(code, globals, locals)


def dumps(codes: dict[str, CodeType]) -> bytes:
    """FILE's contents: TAG, a newline, the texts and their code (marshal)."""
    return TAG + b"\n" + marshal.dumps(codes)


def install(path: str = FILE) -> Stored | None:
    """Has the dataclasses module run the code stored at ``path``; None, with nothing
    changed, when there is no such file, it was made by another Python or it is damaged."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    tag, _, payload = data.partition(b"\n")
    if tag != TAG:
        return None
    try:
        codes = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None
    if not isinstance(codes, dict):
        return None
    stored = Stored(codes)
    setattr(dataclasses, "exec", stored)  # a module global: found before the builtin
    return stored


def uninstall() -> None:
    """The dataclasses module compiles every text again."""
    if isinstance(getattr(dataclasses, "exec", None), Stored):
        delattr(dataclasses, "exec")
